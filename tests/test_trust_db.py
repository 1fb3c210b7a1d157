"""The database can be trusted: raw SQL is a sandbox, foreign and other-version databases are
refused untouched, any valid log loads whatever its size, and ingest workers die with their parent."""
from __future__ import annotations

import hashlib
import importlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import orjson
import psutil
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.etl.db import connect
from ludolog.etl.ingest import Replay, ingest
from ludolog.etl.tables import SCHEMA_VERSION
from ludolog.queries import QueryRefused, run_query
from ludolog.replayer.core import simulate_log

from . import toygame
from .test_etl_corpus import fetch, schema_4_undone, toy_everywhere, write_corpus  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def run(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


def tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` with the SHA-256 of its bytes: "nothing changed on disk"."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# -- 4. the query command is a sandbox ----------------------------------------------------------

@pytest.fixture
def club(tmp_path, toy_everywhere):
    """Two ludolog databases side by side: the one queried and another one a query must not reach."""
    write_corpus(tmp_path / "logs", toy=4, entdecker=0, extras=False)
    db, other = tmp_path / "club.duckdb", tmp_path / "other.duckdb"
    ingest([tmp_path / "logs"], db, workers=1)
    ingest([tmp_path / "logs"], other, workers=1)
    return db, other


REFUSED = [
    ("COPY (SELECT * FROM games) TO '{dir}/stolen.csv'", "COPY is not allowed"),
    ("COPY games TO '{dir}/stolen.parquet' (FORMAT parquet)", "COPY is not allowed"),
    ("ATTACH '{other}' AS o (READ_WRITE); DELETE FROM o.games", "ATTACH is not allowed"),
    ("SELECT 1; ATTACH '{other}' AS o", "ATTACH is not allowed"),
    ("EXPORT DATABASE '{dir}/dump'", "EXPORT DATABASE is not allowed"),
    ("INSTALL httpfs", "INSTALL is not allowed"),
    ("LOAD json", "LOAD is not allowed"),
    ("SET memory_limit = '8GB'", "SET memory_limit is not allowed"),
    ("SET enable_external_access = true", "SET enable_external_access is not allowed"),
    ("RESET lock_configuration", "RESET lock_configuration is not allowed"),
    ("PRAGMA threads = 1", "PRAGMA threads is not allowed"),
    ("PRAGMA enable_profiling", "PRAGMA enable_profiling is not allowed"),
    ("COPY FROM DATABASE club TO other", "COPY FROM DATABASE is not allowed"),
    ("EXPLAIN ANALYZE COPY games TO '{dir}/stolen.csv'", "COPY is not allowed"),
    ("PREPARE steal AS COPY games TO '{dir}/stolen.csv'", "PREPARE is not allowed"),
]


@pytest.mark.parametrize(("sql", "message"), REFUSED)
def test_statements_that_reach_outside_are_refused_and_nothing_changes(club, tmp_path, sql, message):
    db, other = club
    before = tree(tmp_path)
    result = run("query", sql.format(dir=tmp_path, other=other), "--db", db)
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {message} in a query: ")
    assert len(result.output.strip().splitlines()) == 1
    assert tree(tmp_path) == before
    assert fetch(other, "SELECT count(*) FROM games") == [(4,)]


@pytest.mark.parametrize("sql", ["SELECT * FROM read_text('/etc/passwd')", "SELECT * FROM glob('/root/*')",
                                 "SELECT * FROM read_csv('/etc/passwd', sep = ':')",
                                 "SELECT count(*) FROM '{other}'"])
def test_files_cannot_be_read_from_a_query(club, tmp_path, sql):
    db, other = club
    result = run("query", sql.format(other=other), "--db", db)
    assert result.exit_code == 1
    assert "file system operations are disabled" in result.output
    assert "root:" not in result.output


def test_the_sandbox_holds_without_the_statement_check(club, tmp_path):
    """DuckDB's own settings refuse what the statement check refuses, should the check miss one."""
    db, other = club
    con = connect(db, sandbox=True)
    try:
        for sql in (f"COPY games TO '{tmp_path}/stolen.csv'", f"ATTACH '{other}' AS o (READ_WRITE)",
                    "SELECT * FROM read_text('/etc/passwd')", "INSTALL httpfs",
                    "SET enable_external_access = true", "SET autoload_known_extensions = true",
                    "SET lock_configuration = false"):
            with pytest.raises(duckdb.Error):
                con.execute(sql)
        settings = dict(con.execute("SELECT name, value FROM duckdb_settings() WHERE name IN "
                                    "('enable_external_access', 'lock_configuration', "
                                    "'autoinstall_known_extensions', 'autoload_known_extensions')").fetchall())
    finally:
        con.close()
    assert settings == {"enable_external_access": "false", "lock_configuration": "true",
                        "autoinstall_known_extensions": "false", "autoload_known_extensions": "false"}
    assert not (tmp_path / "stolen.csv").exists()


def test_reading_statements_run_and_the_last_result_is_shown(club, tmp_path):
    db, _ = club
    result = run("query", "SET VARIABLE n = 2; SELECT getvariable('n') * count(*) AS twice FROM games",
                 "--db", db, "-f", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == [{"twice": 8}]
    for sql in ("EXPLAIN SELECT count(*) FROM games", "EXPLAIN ANALYZE SELECT count(*) FROM games",
                "DESCRIBE games", "SHOW TABLES", "BEGIN; SELECT 1 AS one; COMMIT"):
        assert run("query", sql, "--db", db).exit_code == 0, sql
    info = run("query", "PRAGMA table_info('games')", "--db", db, "-f", "json")
    assert info.exit_code == 0 and "game_id" in {r["name"] for r in json.loads(info.output)}
    out = tmp_path / "games.parquet"  # ludolog writes the file, not the SQL
    written = run("query", "SELECT game_id, status FROM games", "--db", db, "-f", "parquet", "--out", out)
    assert written.exit_code == 0, written.output
    assert pq.read_table(out).num_rows == 4


def test_writes_are_refused_by_the_read_only_connection(club):
    db, _ = club
    before = fetch(db, "SELECT count(*) FROM games")
    result = run("query", "DELETE FROM games", "--db", db)
    assert result.exit_code == 1 and "read-only" in result.output
    assert fetch(db, "SELECT count(*) FROM games") == before


def test_duckdb_hints_are_kept_in_the_message(club):
    db, _ = club
    result = run("query", "SELECT * FROM gamez", "--db", db)
    assert result.exit_code == 1
    assert result.output.strip() == ('error: the query failed: Catalog Error: Table with name gamez does not exist! '
                                     'Did you mean "games"?')


def test_named_query_parameters_are_bound_values_not_sql(club):
    db, _ = club
    con = connect(db, sandbox=True)
    try:
        games = run_query(con, "game_length", {"game": "toy"}).to_pylist()
        injected = run_query(con, "game_length", {"game": "toy' OR '1'='1"}).to_pylist()
        dropped = run_query(con, "player_record", {"player": "x'; DROP TABLE games; --"}).to_pylist()
        with pytest.raises(QueryRefused, match="COPY is not allowed"):
            run_query(con, "SELECT 1; COPY games TO 'x.csv'")
    finally:
        con.close()
    assert games and injected == [] and dropped == []
    assert fetch(db, "SELECT count(*) FROM games") == [(4,)]


# -- 3. a valid log always loads, whatever its size ----------------------------------------------

def _toy_logs(folder: Path, count: int, big: dict[int, int]) -> list[Path]:
    """``count`` simulated toy logs; log ``i`` in ``big`` carries ``big[i]`` bytes of meta notes."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for i in range(count):
        raw = simulate_log("toy", 2 + i % 3, seed=i)
        if i in big:
            raw["meta"]["notes"] = "n" * big[i]
        path = folder / f"toy-{i:03d}.json"
        path.write_bytes(orjson.dumps(raw))
        files.append(path)
    return files


def _meta_sizes(db: Path) -> dict[str, int]:
    return {Path(f).name: n for f, n in fetch(db, "SELECT file, coalesce(length(meta), 0) FROM games")}


def test_a_log_with_a_16_mb_meta_loads_with_the_others(tmp_path, toy_everywhere):
    files = _toy_logs(tmp_path / "logs", 30, {7: 16 << 20})
    db = tmp_path / "big.duckdb"
    summary = ingest(files, db, workers=2)
    assert summary.ok and summary.failures == []
    assert summary.games_written == 30
    sizes = _meta_sizes(db)
    assert len(sizes) == 30 and sizes["toy-007.json"] > 16 << 20
    again = ingest(files, db, workers=1)  # replacing it works too
    assert again.ok and _meta_sizes(db) == sizes


def test_small_byte_bounds_give_the_same_database(tmp_path, toy_everywhere, monkeypatch):
    from .test_etl_corpus import snapshot

    ingest_module = importlib.import_module("ludolog.etl.ingest")

    files = _toy_logs(tmp_path / "logs", 12, {3: 300_000, 4: 300_000, 9: 50_000})
    reference = tmp_path / "reference.duckdb"
    ingest(files, reference, workers=1)
    monkeypatch.setattr(ingest_module, "CHUNK_FILE_BYTES", 100_000)  # big files are chunks of their own
    monkeypatch.setattr(ingest_module, "BATCH_BYTES", 200_000)  # ... and transactions of their own
    small = tmp_path / "small.duckdb"
    summary = ingest(files, small, workers=2)
    assert summary.ok
    assert snapshot(small) == snapshot(reference)


def test_a_log_that_cannot_be_loaded_is_reported_and_the_others_load(tmp_path, toy_everywhere, monkeypatch):
    load = importlib.import_module("ludolog.etl.load")
    files = _toy_logs(tmp_path / "logs", 10, {})
    db = tmp_path / "t.duckdb"
    assert ingest(files, db, workers=1).ok
    huge = orjson.loads(files[4].read_bytes())
    huge["meta"]["notes"] = "n" * (32 << 20)  # more than a 64 MB limit holds (16 MB of JSON fit since it is not re-parsed)
    files[4].write_bytes(orjson.dumps(huge))
    monkeypatch.setattr(load, "MEMORY_CEILING", load.INGEST_MEMORY_LIMIT)  # a machine with 64 MB to give
    summary = ingest(files, db, workers=1)
    assert not summary.ok
    assert [f.file for f in summary.failures] == [str(files[4].resolve())]
    assert summary.failures[0].message.startswith("not loaded: DuckDB ran out of memory loading this log even "
                                                  "with a 64 MB limit")
    assert "its earlier rows, if any, were removed" in summary.failures[0].message
    assert sorted(_meta_sizes(db)) == sorted(f.name for f in files if f != files[4])
    assert fetch(db, "SELECT count(*) FROM moves WHERE game_id NOT IN (SELECT game_id FROM games)") == [(0,)]
    # the command says so and exits 1
    result = run("ingest", *files, "--db", db, "-w", "1", "-f", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["invalid"] == 0 and [f["file"] for f in data["not_loaded"]] == [str(files[4].resolve())]
    text = run("ingest", *files, "--db", db, "-w", "1")
    assert "not loaded (1; checked, but not in the database):" in text.output
    assert f"{files[4].resolve()}: not loaded: DuckDB ran out of memory" in text.output


@pytest.mark.corpus
def test_a_log_with_a_100_mb_meta_loads(tmp_path, toy_everywhere):
    files = _toy_logs(tmp_path / "logs", 40, {5: 100 << 20, 6: 20 << 20})
    db = tmp_path / "huge.duckdb"
    summary = ingest(files, db, workers=2)
    assert summary.ok and summary.games_written == 40
    sizes = _meta_sizes(db)
    assert sizes["toy-005.json"] > 100 << 20 and sizes["toy-006.json"] > 20 << 20


# -- 7. ingest workers die with their parent -----------------------------------------------------

class _SlowToy(type(toygame.GAME)):
    """The toy dice race, 10 ms a move: an ingest that is surely still running when it is killed."""

    def apply(self, s, move, seat):
        time.sleep(0.01)
        return super().apply(s, move, seat)


SLOW_TOY = _SlowToy()
WORKER_EXIT_SECONDS = 5


def _gone(processes: list[psutil.Process], timeout: float) -> list[int]:
    """The pids of the processes still alive after ``timeout`` seconds, which are then killed so
    that a failing test leaves nothing behind (a zombie has exited: it only waits to be reaped by
    whoever adopted it)."""
    deadline = time.monotonic() + timeout
    alive = processes
    while alive and time.monotonic() < deadline:
        time.sleep(0.05)
        alive = [p for p in alive if _running(p)]
    for process in alive:
        process.kill()
    return [p.pid for p in alive]


def _running(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _start_ingest(logs: Path, db: Path) -> tuple[subprocess.Popen, list[psutil.Process]]:
    """``ludolog ingest`` in a process of its own, once its workers are replaying and it has opened
    the database."""
    return _start_command(["ingest", str(logs), "--db", str(db)], db.exists)


def _start_command(argv: list[str], ready=lambda: True) -> tuple[subprocess.Popen, list[psutil.Process]]:
    """``ludolog ARGV --workers 2 --batch-size 2`` over slow toy logs in a process of its own, once its
    workers are replaying and ``ready()`` holds."""
    env = dict(os.environ, LUDOLOG_PLUGINS="tests.test_trust_db:SLOW_TOY", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", "from ludolog.cli.app import main; main()", *argv,
                             "--workers", "2", "--batch-size", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    parent = psutil.Process(proc.pid)
    try:
        deadline = time.monotonic() + 30
        while len(parent.children()) < 2 or not ready():
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.05)
        time.sleep(1.0)  # the workers are replaying
        assert proc.poll() is None, "the ingest ended before it could be killed"
        return proc, parent.children()
    except BaseException:
        for child in parent.children():
            child.kill()
        proc.kill()
        raise


@pytest.fixture
def slow_corpus(tmp_path, toy_everywhere):
    return _toy_logs(tmp_path / "logs", 60, {})


def test_workers_exit_when_the_ingest_is_killed(slow_corpus, tmp_path):
    from .test_etl import _consistency_problems

    db = tmp_path / "killed.duckdb"
    proc, workers = _start_ingest(tmp_path / "logs", db)
    os.kill(proc.pid, signal.SIGKILL)  # the parent only: nobody tells the workers
    proc.wait(timeout=30)
    assert _gone(workers, WORKER_EXIT_SECONDS) == []
    assert _consistency_problems(db) == []
    assert ingest(slow_corpus, db, workers=1).ok  # and the same ingest completes it
    assert fetch(db, "SELECT count(*) FROM games") == [(len(slow_corpus),)]


def test_sigterm_stops_the_ingest_like_ctrl_c(slow_corpus, tmp_path):
    from .test_etl import _consistency_problems

    db = tmp_path / "terminated.duckdb"
    proc, workers = _start_ingest(tmp_path / "logs", db)
    os.kill(proc.pid, signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ingest stopped by SIGTERM: ")
    assert lines[0].endswith(f"of {len(slow_corpus)} logs committed, whole games only; "
                             "run the same ingest again to complete it")
    assert _gone(workers, WORKER_EXIT_SECONDS) == []
    assert _consistency_problems(db) == []


def test_sigterm_stops_an_extract_like_ctrl_c_and_leaves_out_as_it_was(slow_corpus, tmp_path):
    out = tmp_path / "new" / "parquet"  # both folders made by the extract, both gone again
    proc, workers = _start_command(["extract", str(tmp_path / "logs"), "--out", str(out)])
    os.kill(proc.pid, signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM
    lines = err.decode().strip().splitlines()
    assert lines == [f"error: extract stopped by SIGTERM: {out} is as it was before"]
    assert _gone(workers, WORKER_EXIT_SECONDS) == []
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["logs"]


def test_the_workers_of_a_killed_parent_exit(tmp_path):
    """Each worker watches its parent: killed with SIGKILL, the parent leaves no worker behind."""
    script = ("import sys, time\n"
              "from ludolog.etl import workers\n"
              "pool = workers.ExtractPool(2).__enter__()\n"
              "print(' '.join(map(str, pool.pool._processes)), flush=True)\n"
              "time.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        pids = [int(p) for p in proc.stdout.readline().split()]
        assert len(pids) == 2
        workers = [psutil.Process(p) for p in pids]
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert _gone(workers, WORKER_EXIT_SECONDS) == []


# -- 5. foreign databases are refused untouched; ludolog's are marked with their schema version ----

def _duckdb_file(path: Path, *statements: str) -> Path:
    con = duckdb.connect(str(path))
    try:
        for sql in statements:
            con.execute(sql)
    finally:
        con.close()
    return path


def _bytes(path: Path) -> dict[str, str]:
    """The database file and any WAL next to it, with the SHA-256 of their bytes."""
    return tree(path.parent) if path.parent.is_dir() else {}


@pytest.fixture
def one_log(tmp_path, toy_everywhere):
    return _toy_logs(tmp_path / "logs", 2, {})


FOREIGN = {
    "another program's": ("CREATE TABLE invoices (id INTEGER, amount DECIMAL(9, 2))",
                          "INSERT INTO invoices VALUES (1, 9.5)"),
    "games of another shape": ("CREATE TABLE games (id INTEGER, winner VARCHAR)", "INSERT INTO games VALUES (1, 'x')"),
    "ludolog_meta of another shape": ("CREATE TABLE ludolog_meta (k INTEGER)",),
    "only a view": ("CREATE VIEW games AS SELECT 1 AS game_id",),
}


@pytest.mark.parametrize("kind", sorted(FOREIGN))
def test_a_foreign_duckdb_file_is_refused_before_anything_is_written(one_log, tmp_path, kind):
    folder = tmp_path / "dbs"
    folder.mkdir()
    db = _duckdb_file(folder / "theirs.duckdb", *FOREIGN[kind])
    before = _bytes(db)
    result = run("ingest", *one_log, "--db", db, "-w", "1")
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {db} is not a ludolog database: ")
    assert result.output.strip().endswith("ludolog writes only into databases it made - give another --db file")
    assert len(result.output.strip().splitlines()) == 1
    assert _bytes(db) == before
    query = run("query", "SELECT 1", "--db", db)
    assert query.exit_code == 1 and query.output.startswith(f"error: {db} is not a ludolog database: ")


def test_a_ludolog_meta_with_a_games_table_of_another_shape_is_refused(one_log, tmp_path):
    folder = tmp_path / "dbs"
    folder.mkdir()
    db = _duckdb_file(folder / "odd.duckdb", "CREATE TABLE ludolog_meta (key VARCHAR, value VARCHAR)",
                      "INSERT INTO ludolog_meta VALUES ('schema_version', '1')",
                      "CREATE TABLE games (game_id VARCHAR, score INTEGER)")
    before = _bytes(db)
    result = run("ingest", *one_log, "--db", db, "-w", "1")
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {db} is not a ludolog database: its table games is not ludolog's "
                                    "(it lacks file VARCHAR, game VARCHAR, ")
    assert "; it has score INTEGER)" in result.output
    assert _bytes(db) == before


@pytest.mark.parametrize("content", [b"club notes, not a database\n", None])
def test_files_that_are_not_duckdb_are_refused_untouched(one_log, tmp_path, content):
    folder = tmp_path / "dbs"
    folder.mkdir()
    db = folder / "notes.db"
    if content is None:  # a SQLite database: DuckDB would fetch and load an extension to open it
        import sqlite3

        lite = sqlite3.connect(db)
        lite.execute("CREATE TABLE games (a, b)")
        lite.commit()
        lite.close()
    else:
        db.write_bytes(content)
    before = _bytes(db)
    result = run("ingest", *one_log, "--db", db, "-w", "1")
    assert result.exit_code == 1
    assert result.output.startswith(f"error: cannot open database {db}: ")
    assert "not a" in result.output and "DuckDB database file" in result.output
    assert _bytes(db) == before


def _meta(db: Path) -> dict[str, str]:
    return dict(fetch(db, "SELECT key, value FROM ludolog_meta"))


def test_a_new_database_records_its_schema_and_ludolog_version(one_log, tmp_path):
    from importlib import metadata

    db = tmp_path / "new.duckdb"
    assert ingest(one_log, db, workers=1).ok
    version = metadata.version("ludolog")
    assert _meta(db) == {"schema_version": str(SCHEMA_VERSION), "created_by": version, "ludolog_version": version}
    empty = _duckdb_file(tmp_path / "empty.duckdb")  # an empty DuckDB file is as good as a new one
    assert ingest(one_log, empty, workers=1).ok
    assert _meta(empty)["schema_version"] == str(SCHEMA_VERSION)


def _columns_sorted(db: Path) -> dict[str, list[tuple]]:
    """Every table's rows with its columns in name order (an upgrade appends columns at the end),
    a table stored by game_key read through its view (game_id: the key a game gets depends on
    when it was loaded)."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        out = {}
        for (stored,) in con.execute("SELECT table_name FROM duckdb_tables() WHERE table_name <> 'ludolog_meta'"
                                     ).fetchall():
            table = stored.removesuffix("_stored")
            names = sorted(r[0] for r in con.execute(f"DESCRIBE {table}").fetchall() if r[0] != "game_key")
            out[table] = sorted(con.execute(f"SELECT {', '.join(names)} FROM {table}").fetchall(), key=repr)
        return out
    finally:
        con.close()


#: what schemas 4 (keys, JSON, ENUM) and 3 (games: the file's size and time, the engine and catalog
#: digests) changed, undone
def _schema_3_columns_dropped(db: Path) -> tuple[str, ...]:
    return tuple(schema_4_undone(db)) + tuple(f"ALTER TABLE games DROP COLUMN {name}" for name in (
        "file_size", "file_mtime_ns", "engine_digest", "catalog_digest"))


def test_schema_1_databases_of_earlier_ludologs_are_upgraded_in_place(one_log, tmp_path):
    """Schema 1 is the layout before players.turn_position; the first ludologs had no ludolog_meta."""
    reference = tmp_path / "reference.duckdb"
    ingest(one_log, reference, workers=1)
    unmarked = tmp_path / "unmarked.duckdb"  # ludolog's tables from before ludolog_meta
    ingest(one_log, unmarked, workers=1)
    _duckdb_file(unmarked, *_schema_3_columns_dropped(unmarked), "DROP TABLE ludolog_meta",
                 "ALTER TABLE players DROP COLUMN turn_position")
    marked = tmp_path / "marked.duckdb"  # schema_version 1 alone, as the ludolog before this one wrote
    ingest(one_log, marked, workers=1)
    _duckdb_file(marked, *_schema_3_columns_dropped(marked), "DELETE FROM ludolog_meta WHERE key <> 'schema_version'",
                 "UPDATE ludolog_meta SET value = '1'", "ALTER TABLE players DROP COLUMN turn_position")
    for db in (unmarked, marked):
        query = run("query", "SELECT count(*) AS n FROM games", "--db", db, "-f", "json")
        assert query.exit_code == 0 and json.loads(query.stdout) == [{"n": 2}]  # read as it is
        assert f"note: {db} has an older table schema; `ludolog ingest LOGS --db {db}` upgrades it" in query.stderr
        # an export has the documented layout (player_state_changes, ...): upgraded first, not read as it is
        out = tmp_path / f"{db.stem}-export"
        refused = run("export", "--db", db, "--out", out)
        assert refused.exit_code == 1 and not out.exists()
        assert " ".join(refused.output.split()) == (
            f"error: {db} has an older table schema, and an export writes this ludolog's (schema 7): upgrade it in "
            f"place first with `ludolog ingest LOGS --db {db}`")
        summary = ingest(one_log, db, workers=1)
        assert summary.ok
        assert summary.notes == [f"{db} upgraded in place from table schema 1 to 7 (added players.turn_position, "
                                 "games.file_size, games.file_mtime_ns, games.engine_digest, games.catalog_digest: "
                                 "NULL for the games loaded before until their logs are ingested again; "
                                 "moves.move is JSON; games.status is an ENUM; games is keyed by (game_id); "
                                 f"moves is keyed by (game_id, move_index); {_STATES_TEXT}; {GAME_KEYS_TEXT})"]
        assert _columns_sorted(db) == _columns_sorted(reference)  # the same logs again: filled in
        assert _meta(db)["schema_version"] == "7"
        assert run("export", "--db", db, "--out", out).exit_code == 0
        assert pq.read_table(out / "player_state_changes").num_rows > 0
    assert _meta(unmarked)["created_by"] == "unknown" and "ludolog_version" in _meta(marked)
    again = ingest(one_log, unmarked, workers=1)
    assert again.ok and again.notes == []


_STATES_TEXT = ("player_states and <game>_player_states keep only the rows that changed, as player_state_changes "
                "and <game>_player_state_changes; views of the old names give every row; "
                "added player_state_changes.until_move_index, filled from the stored rows")
#: what the upgrade to schema 7 says it did
GAME_KEYS_TEXT = ("games.game_key added (1, 2, ... in load order); the other tables store it in place of game_id, "
                  "as <table>_stored, read through views of their names that give game_id")


#: the primary keys of a database of schema 7 (the tables stored by game_key)
STORED_KEYS = {"games": ["game_key"], "moves_stored": ["game_key", "move_index"]}


def _keys(db: Path) -> dict[str, list[str]]:
    return {table: columns for table, columns in fetch(
        db, "SELECT table_name, constraint_column_names FROM duckdb_constraints() WHERE constraint_type = 'PRIMARY KEY'")}


def _types(db: Path) -> dict[tuple[str, str], str]:
    return {(t, c): kind for t, c, kind in fetch(
        db, "SELECT table_name, column_name, data_type FROM duckdb_columns() "
            "WHERE table_name IN ('games', 'moves', 'moves_stored')")}


def test_a_schema_3_database_gets_keys_json_and_an_enum_in_place(one_log, tmp_path):
    reference = tmp_path / "reference.duckdb"
    ingest(one_log, reference, workers=1)
    assert _keys(reference) == STORED_KEYS
    assert _types(reference)[("moves_stored", "move")] == "JSON"
    assert _types(reference)[("games", "status")] == "ENUM('valid', 'unfinished', 'invalid')"
    old = tmp_path / "old.duckdb"
    ingest(one_log, old, workers=1)
    _duckdb_file(old, *schema_4_undone(old), "UPDATE ludolog_meta SET value = '3' WHERE key = 'schema_version'")
    assert _keys(old) == {} and _types(old)[("moves", "move")] == "VARCHAR"
    summary = ingest(one_log, old, workers=1)  # unchanged logs: skipped; the upgrade alone runs
    assert summary.ok and summary.stats.logs == 0
    assert summary.notes == [f"{old} upgraded in place from table schema 3 to 7 (moves.move is JSON; games.status is "
                             f"an ENUM; games is keyed by (game_id); moves is keyed by (game_id, move_index); {_STATES_TEXT}; "
                             f"{GAME_KEYS_TEXT})"]
    assert _meta(old)["schema_version"] == "7"
    assert _keys(old) == _keys(reference) and _types(old) == _types(reference)
    assert _columns_sorted(old) == _columns_sorted(reference)  # every stored row kept, converted
    assert fetch(old, "SELECT count(*) FROM moves WHERE move->>'$.type' = move_type")[0][0] == \
        fetch(old, "SELECT count(*) FROM moves")[0][0] > 0
    forced = ingest(one_log, old, workers=1, replay=Replay.ALL)  # delete and insert the same keys at once
    assert forced.ok and _columns_sorted(old) == _columns_sorted(reference)
    con = duckdb.connect(str(old))
    try:
        with pytest.raises(duckdb.ConstraintException):
            con.execute("INSERT INTO moves_stored SELECT * FROM moves_stored LIMIT 1")
        with pytest.raises(duckdb.ConversionException):
            con.execute("UPDATE games SET status = 'dubious'")
    finally:
        con.close()


@pytest.mark.parametrize(("version", "says"), [
    ("8", "was made by a newer ludolog (ludolog 9.1.0, table schema 8); this ludolog ({mine}) knows schema 7 - "
          "upgrade ludolog, or ingest into another --db file"),
    ("0", "was made by an older ludolog (ludolog 9.1.0, table schema 0); this ludolog ({mine}) writes schema 7 and "
          "cannot upgrade it in place - ingest the logs again into a new --db file"),
])
def test_a_database_of_another_schema_version_is_refused_with_the_way_out(one_log, tmp_path, version, says):
    from importlib import metadata

    folder = tmp_path / "dbs"
    folder.mkdir()
    db = folder / "club.duckdb"
    ingest(one_log, db, workers=1)
    _duckdb_file(db, f"UPDATE ludolog_meta SET value = '{version}' WHERE key = 'schema_version'",
                 "UPDATE ludolog_meta SET value = '9.1.0' WHERE key = 'ludolog_version'", "CHECKPOINT")
    before = _bytes(db)
    expected = f"error: {db} " + says.format(mine=metadata.version("ludolog"))
    for command in (("ingest", *one_log, "--db", db, "-w", "1"), ("query", "game_length", "--db", db),
                    ("export", "--db", db, "--out", tmp_path / "export")):
        result = run(*command)
        assert result.exit_code == 1
        assert result.output.startswith(expected), result.output
    assert _bytes(db) == before and not (tmp_path / "export").exists()
