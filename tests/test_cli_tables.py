"""`ludolog tables`, and `query`/`analyze` output files and game parameters."""
from __future__ import annotations

import csv
import io
import json
import re

import duckdb
import pyarrow.parquet as pq
import pytest

from .test_etl_cli import ingested, run  # noqa: F401 - the fixture
from .test_etl_corpus import fetch, toy_everywhere  # noqa: F401


def test_tables_lists_every_table_and_view_with_rows_and_columns(ingested):
    _, db, _ = ingested
    con = duckdb.connect(str(db), read_only=True)
    try:
        expected = {name: (kind, con.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0],
                           [c[0] for c in con.execute(f'DESCRIBE "{name}"').fetchall()])
                    for name, kind in con.execute("SELECT table_name, table_type FROM information_schema.tables")
                    .fetchall()}
    finally:
        con.close()
    assert {"games", "moves", "score_by_move", "toy_player_states"} <= set(expected)
    result = run("tables", "--db", db, "--format", "json")
    assert result.exit_code == 0
    listed = {t["name"]: t for t in json.loads(result.output)["tables"]}
    assert set(listed) == set(expected)
    for name, (kind, rows, columns) in expected.items():
        assert listed[name]["kind"] == ("view" if kind == "VIEW" else "table")
        assert listed[name]["rows"] == rows and [c["name"] for c in listed[name]["columns"]] == columns
    text = run("tables", "--db", db)
    assert text.exit_code == 0
    lines = text.output.splitlines()
    assert max(map(len, lines)) <= 100
    games_line = next(line for line in lines if line.startswith("games "))
    assert re.search(rf"table\s+{expected['games'][1]:,} rows", games_line)
    assert any("score_by_move" in line and "view" in line for line in lines)
    joined = " ".join(lines)
    assert all(f"{column} " in joined for column in expected["games"][2])  # every column, name and type


def test_tables_shows_one_table_with_what_each_column_holds(ingested):
    _, db, _ = ingested
    result = run("tables", "violations", "--db", db)
    assert result.exit_code == 0
    assert re.search(r"^\s+code\s+VARCHAR\s+stable rule code", result.output, re.M)
    missing = run("tables", "nowhere", "--db", db)
    assert missing.exit_code == 1 and "no table or view 'nowhere'" in missing.output
    assert run("tables", "--db", db.parent / "absent.duckdb").exit_code == 1


def test_tables_opens_the_database_read_only(ingested):
    _, db, _ = ingested
    before = db.stat().st_mtime_ns, db.read_bytes()
    assert run("tables", "--db", db).exit_code == 0
    assert (db.stat().st_mtime_ns, db.read_bytes()) == before


def test_query_out_takes_the_format_from_the_extension(ingested, tmp_path):
    _, db, _ = ingested
    games = fetch(db, "SELECT count(DISTINCT game) FROM games WHERE game IS NOT NULL")[0][0]
    as_csv = tmp_path / "length.csv"
    assert run("query", "game_length", "--db", db, "-o", as_csv).exit_code == 0
    rows = list(csv.DictReader(io.StringIO(as_csv.read_text())))
    assert rows and {"game", "player_count", "games"} <= set(rows[0]) and len({r["game"] for r in rows}) == games
    as_json = tmp_path / "length.json"
    assert run("query", "game_length", "--db", db, "-o", as_json).exit_code == 0
    assert [r["game"] for r in json.loads(as_json.read_text())] == [r["game"] for r in rows]
    as_parquet = tmp_path / "elo.parquet"
    assert run("analyze", "elo", "--db", db, "-o", as_parquet).exit_code == 0
    assert pq.read_table(as_parquet).num_rows > 0
    as_text = tmp_path / "length.txt"
    assert run("query", "game_length", "--db", db, "-o", as_text).exit_code == 0
    assert as_text.read_text().split()[:2] == ["game", "player_count"]
    forced = tmp_path / "forced.json"
    assert run("query", "game_length", "--db", db, "-o", forced, "-f", "csv").exit_code == 0
    assert forced.read_text().startswith('"game"')  # -f wins over the extension
    unknown = run("query", "game_length", "--db", db, "-o", tmp_path / "length.xlsx")
    assert unknown.exit_code == 2 and ".xlsx" in unknown.output
    assert not (tmp_path / "length.xlsx").exists()


@pytest.mark.parametrize("command", [("query", "game_length"), ("query", "player_record"), ("analyze", "elo")])
def test_a_game_parameter_naming_no_game_is_an_error(ingested, command):
    _, db, _ = ingested
    result = run(*command, "--db", db, "-p", "game=entdeker")
    assert result.exit_code == 2
    assert "no game 'entdeker'" in result.output and "entdecker" in result.output
    assert "(no rows)" not in result.output
    for known in ("toy", "entdecker", "NULL"):
        assert run(*command, "--db", db, "-p", f"game={known}").exit_code == 0
    # a game ludolog knows but the database does not hold: a true empty answer, not an error
    assert run(*command, "--db", db, "-p", "game=kingdom-crossing").exit_code == 0
