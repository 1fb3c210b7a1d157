"""Every named query answers on a database of any one game: a query about one game (``-- @game``)
on a database without such games gives no rows, its usual columns and a sentence saying there are
no such games (exit 0), instead of failing on that game's tables; every other query answers as
usual. Five small databases, one per game, a few simulated logs each."""
from __future__ import annotations

import re

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.etl.db import connect
from ludolog.etl.ingest import ingest
from ludolog.queries import named_queries, run_query
from ludolog.replayer.core import game_names, simulate_log

runner = CliRunner()
GAMES = ["boonlake", "castles-of-burgundy", "entdecker", "keyflower", "kingdom-crossing"]
QUERIES = sorted(named_queries())


@pytest.fixture(scope="module")
def databases(tmp_path_factory) -> dict[str, str]:
    """game -> a database of three simulated games of it alone (the smallest player count, one
    more, and the largest of the two plus one, within the game's limits)."""
    from ludolog.replayer.core import get_game

    root = tmp_path_factory.mktemp("single-game")
    found = {}
    for game in GAMES:
        engine = get_game(game)
        logs = root / game
        logs.mkdir()
        for i, players in enumerate(sorted({engine.min_players, min(engine.min_players + 1, engine.max_players),
                                            min(engine.min_players + 2, engine.max_players)})):
            raw = simulate_log(game, players, seed=500 + i)
            (logs / f"{game}-{i}.json").write_bytes(orjson.dumps(raw))
        db = root / f"{game}.duckdb"
        assert ingest([logs], db, workers=1).ok
        found[game] = str(db)
    return found


def test_the_games_are_all_the_games():
    assert set(GAMES) == set(game_names()) - {"toy"}  # a new game gets its database here


#: a per-game table or view (``boonlake_player_states``) or a filter on one game (``game = 'keyflower'``)
def _games_named(sql: str) -> set[str]:
    body = "\n".join(line for line in sql.splitlines() if not line.startswith("--"))
    named = set()
    for game in GAMES:
        prefix = game.replace("-", "_")
        if re.search(rf"\b{prefix}_\w+", body) or re.search(rf"game\s*=\s*'{game}'", body):
            named.add(game)
    return named


@pytest.mark.parametrize("name", QUERIES)
def test_a_query_about_one_game_declares_it(name):
    query = named_queries()[name]
    named = _games_named(query.sql)
    assert len(named) <= 1, named
    assert query.game == (named.pop() if named else None)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", QUERIES)
def test_every_named_query_answers_on_a_database_of_one_game(databases, game, name):
    db = databases[game]
    query = named_queries()[name]
    result = runner.invoke(app, ["query", name, "--db", db, "-f", "json"])
    assert result.exit_code == 0, result.output
    assert "error" not in result.stderr.lower() and "Traceback" not in result.output
    rows = orjson.loads(result.stdout)
    assert isinstance(rows, list)
    if query.game is not None and query.game != game:
        assert rows == []
        assert result.stderr == (f"note: {db} holds no {query.game} games; {name} answers about those "
                                 f"alone (no rows)\n")
    else:
        assert "note:" not in result.stderr, result.stderr


@pytest.mark.parametrize("name", [n for n in QUERIES if named_queries()[n].game is not None])
def test_the_empty_answer_has_the_columns_of_a_real_one(databases, name):
    """The columns come from the query itself: those it gives on a database of its game."""
    query = named_queries()[name]
    con = connect(databases[query.game], sandbox=True)
    try:
        expected = run_query(con, name).column_names
    finally:
        con.close()
    for game in GAMES:
        if game == query.game:
            continue
        con = connect(databases[game], sandbox=True)
        try:
            answer = run_query(con, name)
        finally:
            con.close()
        assert answer.num_rows == 0 and answer.column_names == expected


def test_a_table_says_no_rows_and_why(databases):
    result = runner.invoke(app, ["query", "boonlake_scoring_tile_wins", "--db", databases["entdecker"]])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "(no rows)"
    assert "holds no boonlake games" in result.stderr


def test_a_game_parameter_naming_an_absent_game_says_so(databases):
    result = runner.invoke(app, ["query", "game_length", "-p", "game=keyflower", "--db", databases["entdecker"],
                                 "-f", "json"])
    assert result.exit_code == 0 and orjson.loads(result.stdout) == []
    assert result.stderr == f"note: {databases['entdecker']} holds no keyflower games (no rows)\n"


@pytest.mark.parametrize("command", [["analyze", "elo"], ["analyze", "trajectory"], ["analyze", "comebacks"],
                                     ["query", "game_length"], ["export", "--out", "exported"]])
def test_a_database_without_ludolog_tables_is_named_as_such(tmp_path, monkeypatch, command):
    """An analysis, named query or export of another program's database, or of an empty one, says
    what the database is and what to do (exit 1), not that ludolog has a bug."""
    import duckdb

    monkeypatch.chdir(tmp_path)
    foreign, empty = tmp_path / "foreign.duckdb", tmp_path / "empty.duckdb"
    with duckdb.connect(str(foreign)) as con:
        con.execute("CREATE TABLE t (x INTEGER)")
    duckdb.connect(str(empty)).close()
    for db, words in ((foreign, "is not a ludolog database: it holds the table t"),
                      (empty, "holds no ludolog tables yet: ingest logs into it first")):
        result = runner.invoke(app, [*command, "--db", str(db)])
        assert result.exit_code == 1, result.output
        text = " ".join(result.output.split())
        assert words in text and "bug" not in text, text
        assert not (tmp_path / "exported").exists()
