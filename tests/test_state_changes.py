"""Only the state rows that changed are stored; the views give every row back (schemas 5 and 6).

The reference is a database of the same logs whose stored state tables hold every seat's row after
every move, taken here from a replay of each log (as every ludolog before schema 5 stored them):
its stored tables are the rows the views of a normal ingest must give, with the same types. Which
rows are stored is checked against a computation in plain Python over those full rows.
"""
from __future__ import annotations

from pathlib import Path

import duckdb
import orjson
import pyarrow as pa
import pytest

from ludolog.etl import upgrades
from ludolog.etl.db import game_tables
from ludolog.etl.ingest import ingest
from ludolog.etl.parquet import extract, ingest_parquet, parquet_connection
from ludolog.etl.tables import GAME_TABLE_SUFFIX, PLAYER_STATE_CHANGES, game_state_table
from ludolog.replayer.core import all_games, get_game, parse_log, registry, replay, simulate_log

from . import toygame
from .test_etl_corpus import schema_7_undone
from .test_trust_db import GAME_KEYS_TEXT

KEYS = "game_id, move_index, seat"
#: the columns of player_state_changes that player_states has too
COMMON = "player_state_changes.* EXCLUDE (until_move_index)"
PS = "ps.* EXCLUDE (until_move_index)"


def _games():
    return [game for game in all_games() if game.name != toygame.GAME.name] + [toygame.GAME]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> list[Path]:
    """Simulated logs of every game and player count, each also cut short (unfinished) and with a
    move repeated after the cut (invalid from there, for most games)."""
    folder = tmp_path_factory.mktemp("logs")
    files = []
    for game in _games():
        for n in range(game.min_players, game.max_players + 1):
            options = game.option_sets(n)[0]
            raw = simulate_log(game, n, 5 + n, options)
            half = len(raw["moves"]) // 2
            unclaimed = {key: value for key, value in raw.items() if key != "claimed"}
            cut = dict(unclaimed, moves=raw["moves"][:half])
            repeated = dict(unclaimed, moves=raw["moves"][:half] + raw["moves"][half - 1:half])
            for kind, log in (("full", raw), ("cut", cut), ("repeated", repeated)):
                path = folder / f"{game.name}-{n}-{kind}.json"
                path.write_bytes(orjson.dumps(log))
                files.append(path)
    return files


@pytest.fixture(autouse=True)
def _toy_registered():
    registry.register(toygame.GAME)
    yield
    registry.unregister(toygame.GAME.name)


def full_ingest(files: list[Path], db: Path) -> None:
    """``files`` ingested, then every seat's row after every applied move stored in place of the
    changes: ``Game.player_rows`` after each move of a replay here (score first, then the game's own)."""
    assert ingest(files, db, workers=1).stats.logs == len(files)
    common, own = [], {}
    for path in files:
        log = parse_log(path.read_bytes(), str(path))
        game = get_game(log.game)
        after = []
        replay(log, on_step=lambda index, move, state: after.append((index, game.player_rows(state))))
        for index, seats in after:
            for seat, values in enumerate(seats):
                common.append((log.sha256, index, seat, log.player_ids[seat], values[0], index + 1))
                own.setdefault(game, []).append((log.sha256, index, seat, *values[1:]))
    con = duckdb.connect(str(db))
    try:
        key = "SELECT g.game_key, r.* EXCLUDE (game_id) FROM _rows r JOIN games g USING (game_id)"
        tables = [(PLAYER_STATE_CHANGES, common)]
        tables += [(game_state_table(game.name, game.state_columns), values) for game, values in own.items()]
        for table, values in tables:
            _rows = pa.Table.from_arrays([pa.array(column, field.type) for column, field  # noqa: F841 - read by DuckDB
                                          in zip(zip(*values), table.schema)], schema=table.schema)
            con.execute(f"DELETE FROM {table.stored_name}")
            con.execute(f"INSERT INTO {table.stored_name} BY NAME {key}")
    finally:
        con.close()


def rows(db: Path, sql: str) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return sorted(con.execute(sql).fetchall(), key=repr)
    finally:
        con.close()


def describe(db: Path, relation: str) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return [row[:2] for row in con.execute(f"DESCRIBE {relation}").fetchall()]
    finally:
        con.close()


def prefixes(db: Path) -> list[str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return [name[:-len(GAME_TABLE_SUFFIX)] for name in game_tables(con)]
    finally:
        con.close()


@pytest.fixture(scope="module")
def databases(corpus, tmp_path_factory):
    """(a normal ingest, an ingest storing every row) of the corpus."""
    folder = tmp_path_factory.mktemp("dbs")
    changes, full = folder / "changes.duckdb", folder / "full.duckdb"
    registry.register(toygame.GAME)
    try:
        assert ingest(corpus, changes, workers=1).stats.logs == len(corpus)
        full_ingest(corpus, full)
    finally:
        registry.unregister(toygame.GAME.name)
    return changes, full


def full_relations(p: str) -> dict[str, str]:
    """view name -> the same rows from a database storing every row."""
    return {"player_states": f"SELECT {COMMON} FROM player_state_changes",
            f"{p}_player_states": f"SELECT * FROM {p}{GAME_TABLE_SUFFIX}",
            f"{p}_states": f"SELECT {PS}, s.* EXCLUDE ({KEYS}) FROM player_state_changes ps "
                           f"JOIN {p}{GAME_TABLE_SUFFIX} s USING ({KEYS})"}


def test_the_views_give_every_row_with_its_values_and_types(databases):
    changes, full = databases
    games = prefixes(changes)
    assert sorted(games) == sorted(prefixes(full)) and len(games) == len(_games())
    statuses = {status for (status,) in rows(changes, "SELECT DISTINCT status FROM games")}
    assert statuses == {"valid", "unfinished", "invalid"}
    for p in games:
        for view, same in full_relations(p).items():
            assert rows(changes, f"SELECT * FROM {view}") == rows(full, same), view
            assert describe(changes, view) == describe(full, f"({same})"), view
    assert rows(changes, "SELECT * FROM score_by_move") == rows(full, "SELECT * FROM score_by_move")
    # every applied move has one row per seat, and no other row exists
    assert rows(changes, "SELECT count(*) FROM player_states") == \
        rows(changes, "SELECT sum(moves_applied * player_count) FROM games")


def test_only_the_rows_that_changed_are_stored(databases):
    """Stored: a seat's row at move 0 and where any of its values (score or a game figure) differs
    from its row one move before - computed here in Python over every row."""
    changes, full = databases
    for p in prefixes(changes):
        every = rows(full, f"SELECT {PS}, s.* EXCLUDE ({KEYS}) FROM player_state_changes ps "
                           f"JOIN {p}{GAME_TABLE_SUFFIX} s USING ({KEYS})")
        values = {(r[0], r[1], r[2]): r[3:] for r in every}
        expected = [r for r in every if r[1] == 0 or values[(r[0], r[1] - 1, r[2])] != r[3:]]
        stored = rows(changes, f"SELECT {PS}, s.* EXCLUDE ({KEYS}) FROM player_state_changes ps "
                               f"JOIN {p}{GAME_TABLE_SUFFIX} s USING ({KEYS})")
        assert stored == expected, p
        # each stored row holds until the seat's next stored row, after the last until the last move
        applied = dict(rows(changes, "SELECT game_id, moves_applied FROM games"))
        until, later = [], {}  # later: (game, seat) -> the move of the stored row after, going backwards
        for game_id, move, seat, *_ in sorted(stored, key=lambda r: (r[0], r[2], -r[1])):
            until.append((game_id, move, seat, later.get((game_id, seat), applied[game_id])))
            later[(game_id, seat)] = move
        assert rows(changes, f"SELECT {KEYS}, until_move_index FROM player_state_changes SEMI JOIN "
                             f"{p}{GAME_TABLE_SUFFIX} USING ({KEYS})") == sorted(until, key=repr)
        # both stored tables hold the same rows of the game
        assert rows(changes, f"SELECT {KEYS} FROM {p}{GAME_TABLE_SUFFIX}") == [r[:3] for r in stored]
    stored, every = rows(changes, "SELECT count(*) FROM player_state_changes")[0][0], \
        rows(full, "SELECT count(*) FROM player_state_changes")[0][0]
    assert stored < every / 2, (stored, every)


def test_a_schema_4_database_is_upgraded_in_one_transaction(corpus, databases, tmp_path, monkeypatch):
    changes, _ = databases
    old = tmp_path / "old.duckdb"
    full_ingest(corpus, old)
    games = prefixes(old)
    undo_7 = schema_7_undone(old)
    con = duckdb.connect(str(old))  # the layout of schema 4: every row in tables of the views' names
    try:
        for statement in [*undo_7, "DROP VIEW score_by_move", *(f"DROP VIEW {p}_states" for p in games),
                          *(f"DROP VIEW {p}_player_states" for p in games), "DROP VIEW player_states",
                          "ALTER TABLE player_state_changes DROP COLUMN until_move_index",
                          "ALTER TABLE player_state_changes RENAME TO player_states",
                          *(f"ALTER TABLE {p}{GAME_TABLE_SUFFIX} RENAME TO {p}_player_states" for p in games),
                          *(f"CREATE VIEW {p}_states AS SELECT ps.*, s.* EXCLUDE ({KEYS}) FROM player_states ps "
                            f"JOIN {p}_player_states s USING ({KEYS})" for p in games),
                          "CREATE VIEW score_by_move AS SELECT 1 AS stale",
                          "UPDATE ludolog_meta SET value = '4' WHERE key = 'schema_version'"]:
            con.execute(statement)
    finally:
        con.close()
    before = {name: rows(old, f"SELECT * FROM {name}") for p in games
              for name in ("player_states", f"{p}_player_states", f"{p}_states")}

    def failing(self, con):  # the last statement fails: nothing of the upgrade may stay
        return real(self, con) + ["SELECT * FROM no_such_table"]

    real = upgrades.StatesStoredAsChanges.statements
    with monkeypatch.context() as patch:
        patch.setattr(upgrades.StatesStoredAsChanges, "statements", failing)
        with pytest.raises(duckdb.CatalogException):
            ingest(corpus, old, workers=1)
    assert rows(old, "SELECT value FROM ludolog_meta WHERE key = 'schema_version'") == [("4",)]
    assert {name: rows(old, f"SELECT * FROM {name}") for name in before} == before
    assert rows(old, "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'player_states'") == [(1,)]

    summary = ingest(corpus, old, workers=1)  # unchanged logs: skipped; the upgrade alone runs
    assert summary.ok is False or summary.stats.logs == 0
    assert summary.stats.logs == 0
    assert summary.notes == [f"{old} upgraded in place from table schema 4 to 7 ("
                             + upgrades.StatesStoredAsChanges().text + "; " + upgrades.UPGRADES[5][0].text + "; "
                             + GAME_KEYS_TEXT + ")"]
    assert rows(old, "SELECT value FROM ludolog_meta WHERE key = 'schema_version'") == [("7",)]
    assert {name: rows(old, f"SELECT * FROM {name}") for name in before} == before
    for p in games:  # the upgrade's filter (SQL) stores what the ingest's (Arrow) does
        for stored in ("player_state_changes", f"{p}{GAME_TABLE_SUFFIX}"):
            assert rows(old, f"SELECT * FROM {stored}") == rows(changes, f"SELECT * FROM {stored}"), stored
            assert describe(old, stored) == describe(changes, stored)
    assert rows(old, "SELECT * FROM score_by_move") == rows(changes, "SELECT * FROM score_by_move")
    assert rows(old, "SELECT table_type, count(*) FROM information_schema.tables GROUP BY 1") == \
        rows(changes, "SELECT table_type, count(*) FROM information_schema.tables GROUP BY 1")


def test_extracts_store_the_changes_and_every_reader_makes_the_views(corpus, databases, tmp_path):
    changes, _ = databases
    out = tmp_path / "extract"
    extract(corpus, out, workers=1)
    assert (out / "player_state_changes").is_dir() and not (out / "player_states").exists()
    con = parquet_connection(out)
    try:
        for p in prefixes(changes):
            for view in ("player_states", f"{p}_player_states", f"{p}_states", f"{p}{GAME_TABLE_SUFFIX}"):
                assert sorted(con.execute(f"SELECT * FROM {view}").fetchall(), key=repr) == \
                    rows(changes, f"SELECT * FROM {view}"), view
        assert sorted(con.execute("SELECT * FROM score_by_move").fetchall(), key=repr) == \
            rows(changes, "SELECT * FROM score_by_move")
    finally:
        con.close()
    loaded = tmp_path / "loaded.duckdb"
    summary = ingest_parquet(out, loaded)
    assert summary.stats.state_rows == rows(changes, "SELECT count(*) FROM player_states")[0][0]
    for relation in ("player_state_changes", "player_states", "score_by_move"):
        assert rows(loaded, f"SELECT * FROM {relation}") == rows(changes, f"SELECT * FROM {relation}")


def test_a_replaced_log_leaves_no_stored_row_behind(corpus, tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    source = next(f for f in corpus if f.name.startswith("entdecker-") and f.name.endswith("-full.json"))
    log = logs / "one.json"
    log.write_bytes(source.read_bytes())
    db = tmp_path / "t.duckdb"
    ingest([log], db, workers=1)
    raw = orjson.loads(source.read_bytes())
    log.write_bytes(orjson.dumps(dict(raw, moves=raw["moves"][:3])))
    ingest([log], db, workers=1)
    (game_id,) = rows(db, "SELECT game_id FROM games")[0]
    for stored in ("player_state_changes", f"entdecker{GAME_TABLE_SUFFIX}"):
        assert rows(db, f"SELECT DISTINCT game_id FROM {stored}") == [(game_id,)]
    assert rows(db, "SELECT max(move_index), count(*) FROM player_states") == [(2, 3 * len(raw["players"]))]


def test_a_schema_5_database_gets_where_each_stored_row_ends(corpus, databases, tmp_path):
    """Schema 6 added player_state_changes.until_move_index: filled in place by SQL, it is what
    the ingest computes in Arrow."""
    changes, _ = databases
    old = tmp_path / "five.duckdb"
    ingest(corpus, old, workers=1)
    undo_7 = schema_7_undone(old)
    con = duckdb.connect(str(old))
    try:
        for statement in undo_7:
            con.execute(statement)
        con.execute("ALTER TABLE player_state_changes DROP COLUMN until_move_index")
        con.execute("UPDATE ludolog_meta SET value = '5' WHERE key = 'schema_version'")
    finally:
        con.close()
    summary = ingest(corpus, old, workers=1)
    assert summary.stats.logs == 0 and summary.notes == [
        f"{old} upgraded in place from table schema 5 to 7 (added player_state_changes.until_move_index, "
        f"filled from the stored rows; {GAME_KEYS_TEXT})"]
    for p in prefixes(old):
        for relation in ("player_state_changes", f"{p}{GAME_TABLE_SUFFIX}", "player_states", f"{p}_states"):
            assert rows(old, f"SELECT * FROM {relation}") == rows(changes, f"SELECT * FROM {relation}"), relation
