"""`ludolog query` and `analyze` keep to the rules of every writing command and of a shared machine:
an existing --out file is replaced only with --overwrite (refused before the query runs), and a
query that runs too long is stopped at its --timeout with a sentence saying so."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.etl.ingest import ingest
from ludolog.replayer.core import simulate_log

SCRIPT = Path(sys.executable).with_name("ludolog")
runner = CliRunner()
#: a query DuckDB would run for hours (a trillion rows counted one by one)
ENDLESS = "SELECT count(*) FROM range(1000000000000)"


def run(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output and "bug in ludolog" not in result.output, result.output
    return result


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("query-limits")
    (folder / "logs").mkdir()
    for i in range(2):
        raw = simulate_log("entdecker", 2 + i, seed=400 + i)
        (folder / "logs" / f"entdecker-{i}.json").write_bytes(orjson.dumps(raw))
    db = folder / "club.duckdb"
    assert ingest([folder / "logs"], db, workers=1).ok
    return db


# -- --out never replaces a file unless asked -------------------------------------------------------

@pytest.mark.parametrize(("name", "command"), [
    ("notes.csv", ["query", "games_by_player_count"]),
    ("data.parquet", ["query", "SELECT game_id FROM games"]),
    ("result.json", ["query", "--list"]),
    ("ratings.txt", ["analyze", "elo"]),
    ("analyses.csv", ["analyze", "--list"]),
])
def test_out_refuses_an_existing_file_without_overwrite(db, tmp_path, name, command):
    target = tmp_path / name
    target.write_bytes(b"the club's own notes\n")
    refused = run(*command, "--db", db, "--out", target)
    assert refused.exit_code == 1
    assert f"error: {target}: exists already" in refused.output and "--overwrite" in refused.output
    assert target.read_bytes() == b"the club's own notes\n"
    assert not [p for p in tmp_path.iterdir() if p.name != name]  # no temporary file left either
    replaced = run(*command, "--db", db, "--out", target, "--overwrite")
    assert replaced.exit_code == 0, replaced.output
    assert target.read_bytes() != b"the club's own notes\n" and target.stat().st_size > 0


def test_an_existing_out_file_is_refused_before_the_query_runs(db, tmp_path):
    """The refusal comes first: an endless query with no time limit would otherwise never end."""
    target = tmp_path / "notes.csv"
    target.write_bytes(b"keep\n")
    refused = run("query", ENDLESS, "--db", db, "--timeout", "0", "--out", target)
    assert refused.exit_code == 1 and "exists already" in refused.output and target.read_bytes() == b"keep\n"


def test_a_new_out_file_is_written_without_overwrite(db, tmp_path):
    target = tmp_path / "new.csv"
    assert run("query", "SELECT 1 AS one", "--db", db, "--out", target).exit_code == 0
    assert target.read_bytes() == b'"one"\n1\n'


# -- --timeout ------------------------------------------------------------------------------------

def test_a_query_past_its_timeout_is_stopped_and_said(db):
    if not SCRIPT.exists():
        pytest.skip("the ludolog console script is not installed in this environment")
    # a process of its own, with a guard: if the timeout did not work the test fails, never hangs
    done = subprocess.run([str(SCRIPT), "query", ENDLESS, "--db", str(db), "--timeout", "1"],
                          capture_output=True, timeout=120, env={**os.environ, "LUDOLOG_DEBUG": ""})
    assert done.returncode == 1 and done.stdout == b""
    assert done.stderr.decode() == ("error: the query was stopped after 1 s, its time limit "
                                    "(--timeout SECONDS sets another, 0 none)\n")


def test_an_analysis_past_its_timeout_is_stopped_and_said_as_a_query(db, tmp_path):
    """`analyze` shares `query`'s limit: its DuckDB work is interrupted at --timeout, with the same
    sentence. In a copy of a ludolog database the players view becomes one DuckDB would scan for
    hours."""
    import shutil

    import duckdb

    if not SCRIPT.exists():
        pytest.skip("the ludolog console script is not installed in this environment")
    endless = tmp_path / "endless.duckdb"
    shutil.copy(db, endless)
    con = duckdb.connect(str(endless))
    con.execute("CREATE OR REPLACE VIEW players AS SELECT range::VARCHAR AS game_id, 'p' AS player, 1 AS rank, "
                "hash(range) = 0 AS is_winner FROM range(1000000000000)")
    con.close()
    done = subprocess.run([str(SCRIPT), "analyze", "elo", "--db", str(endless), "--timeout", "1"],
                          capture_output=True, timeout=120, env={**os.environ, "LUDOLOG_DEBUG": ""})
    assert done.returncode == 1 and done.stdout == b""
    assert done.stderr.decode() == ("error: the query was stopped after 1 s, its time limit "
                                    "(--timeout SECONDS sets another, 0 none)\n")


def test_the_timeout_covers_every_statement_and_leaves_the_connection_usable(db):
    from ludolog.etl.db import connect
    from ludolog.queries import QueryTimeout, run_query

    con = connect(db, sandbox=True)
    try:
        with pytest.raises(QueryTimeout, match="stopped after 0.5 s"):
            run_query(con, f"SELECT 1; {ENDLESS}", timeout=0.5)
        assert run_query(con, "SELECT count(*) AS n FROM games", timeout=30).to_pylist() == [{"n": 2}]
        assert run_query(con, "SELECT 2 AS two", timeout=None).to_pylist() == [{"two": 2}]
    finally:
        con.close()


def test_a_quick_query_is_not_touched_by_its_timeout(db):
    for timeout in ("0", "0.5", "300"):
        done = run("query", "SELECT count(*) AS n FROM games", "--db", db, "-f", "csv", "--timeout", timeout)
        assert done.exit_code == 0 and done.stdout == '"n"\n2\n'
        rated = run("analyze", "elo", "--db", db, "-f", "csv", "--timeout", timeout)
        assert rated.exit_code == 0
        assert sum(int(row.split(",")[3]) for row in rated.stdout.splitlines()[1:]) == 5  # 2 + 3 seats rated


@pytest.mark.parametrize("value", ["-1", "soon"])
@pytest.mark.parametrize("command", [["query", "SELECT 1"], ["analyze", "elo"]])
def test_a_bad_timeout_is_a_usage_error(db, value, command):
    assert run(*command, "--db", db, "--timeout", value).exit_code == 2
