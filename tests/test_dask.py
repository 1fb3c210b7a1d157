"""The distributed engine (issue 13, section 1): Dask clusters, Parquet extracts, fsspec inputs.

A LocalCluster of 2 worker processes replays a small corpus; its tables must be those of a local
ingest of the same files (whose contents test_etl checks against the replayer), also when a
worker is killed in the middle of the run and Dask runs its task again elsewhere.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.etl.distributed import TASK_PREFIX, DaskAddress, DaskError, DaskPool, DaskUsageError
from ludolog.etl.export import MARKER, export
from ludolog.etl.ingest import ingest
from ludolog.etl.parquet import ExtractError, extract, ingest_parquet, open_extract
from ludolog.etl.sources import SourceError, find_sources

from ludolog.replayer.core import registry

from . import toygame
from .test_etl_corpus import TOY_PLUGIN, replay_records, snapshot, write_corpus

distributed = pytest.importorskip("distributed")
runner = CliRunner()
pytestmark = pytest.mark.dask


class KillOnce(distributed.WorkerPlugin):
    """Kills the worker process it runs in as a replay task starts executing - once per cluster
    (the first worker to create the marker file dies; the file holds its pid)."""

    def __init__(self, marker: str):
        self.marker = marker

    def transition(self, key, start, finish, **kwargs):
        if finish == "executing" and str(key).startswith(TASK_PREFIX):
            try:
                fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                return
            os.write(fd, str(os.getpid()).encode())
            os.close(fd)
            os._exit(1)


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of 2 single-threaded worker processes, reached by its tcp:// address."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL) as local:
        yield local


@pytest.fixture(scope="module")
def _toy_for_the_module():
    """The toy game registered here (and, by name, in every worker) while this module runs."""
    registry.register(toygame.GAME)
    before = os.environ.get("LUDOLOG_PLUGINS")
    os.environ["LUDOLOG_PLUGINS"] = TOY_PLUGIN
    yield
    registry.unregister("toy")
    if before is None:
        os.environ.pop("LUDOLOG_PLUGINS", None)
    else:
        os.environ["LUDOLOG_PLUGINS"] = before


@pytest.fixture(scope="module")
def _module_corpus(tmp_path_factory, _toy_for_the_module):
    """One small corpus (simulated once) and its reference: a serial ingest in this process."""
    root = tmp_path_factory.mktemp("dask-corpus")
    files = write_corpus(root / "logs", toy=6, entdecker=3, kingdom=2)
    twin = root / "logs" / "z-twin.json"  # the same content as another file: the first file wins
    twin.write_bytes(files[0].read_bytes())
    ingest([root / "logs"], root / "local.duckdb", workers=1)
    return root, files + [twin]


@pytest.fixture
def corpus(_module_corpus, tmp_path):
    """The corpus's files (tests must not change them: see own_copy); tmp_path/logs is they."""
    root, files = _module_corpus
    (tmp_path / "logs").symlink_to(root / "logs", target_is_directory=True)
    return files


@pytest.fixture
def local_db(_module_corpus):
    return _module_corpus[0] / "local.duckdb"


def _own_copy(files: list[Path], folder: Path) -> list[Path]:
    folder.mkdir()
    return [Path(shutil.copy(f, folder / f.name)) for f in files]


def _rows(db: Path, sql: str) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


# -- Dask ------------------------------------------------------------------------------------------

def test_the_reference_ingest_holds_what_the_replayer_says(corpus, local_db):
    """The tables below are compared with this one; here it is checked against the replayer."""
    expected = sorted((r.file, r.status) for r in replay_records(corpus[:-1]))  # the twin is the first file's game
    assert sorted(_rows(local_db, "SELECT file, status FROM games")) == expected


def test_extract_on_a_local_cluster_holds_the_tables_of_a_local_ingest(corpus, local_db, tmp_path):
    out = tmp_path / "extract"
    done = runner.invoke(app, ["extract", str(tmp_path / "logs"), "--out", str(out), "--dask", "local:2"])
    assert done.exit_code == 1, done.output  # the corpus holds invalid logs
    assert "with 2 workers" in done.output
    manifest = orjson.loads((out / MARKER).read_bytes())
    assert all(path.split("/")[1].startswith("game=") and path.endswith(".parquet") for path in manifest["files"])
    assert any(path.startswith("games/game=entdecker/") for path in manifest["files"])
    db = tmp_path / "from-extract.duckdb"
    done = runner.invoke(app, ["ingest", "--parquet", str(out), "--db", str(db)])
    assert done.exit_code == 1, done.output
    assert snapshot(db) == snapshot(local_db)

    for query in ("win_rate_by_seat", "violations_by_rule", "points_by_category"):
        on_parquet = runner.invoke(app, ["query", query, "--parquet", str(out), "--format", "json"])
        on_db = runner.invoke(app, ["query", query, "--db", str(local_db), "--format", "json"])
        assert on_parquet.exit_code == 0 == on_db.exit_code, on_parquet.output
        assert json.loads(on_parquet.stdout) == json.loads(on_db.stdout) != []


def test_ingest_on_a_scheduler_survives_a_killed_worker(corpus, local_db, tmp_path, cluster):
    marker = tmp_path / "killed.pid"
    with distributed.Client(cluster, set_as_default=False) as client:
        client.register_plugin(KillOnce(str(marker)), name="ludolog-test-kill-once")
        try:
            db = tmp_path / "dask.duckdb"
            summary = ingest([tmp_path / "logs"], db, dask=cluster.scheduler_address)
        finally:
            client.unregister_worker_plugin("ludolog-test-kill-once")
    killed = int(marker.read_text())
    assert killed != os.getpid() and not _alive(killed)  # a worker process really died mid-run
    assert summary.workers >= 1 and summary.stats.logs == len(corpus)
    assert snapshot(db) == snapshot(local_db)


def test_ingest_on_a_scheduler_keeps_the_guarantees_of_ingest(corpus, tmp_path, cluster):
    corpus = _own_copy(corpus, tmp_path / "mine")
    logs = tmp_path / "mine"
    db = tmp_path / "dask.duckdb"
    address = cluster.scheduler_address
    ingest([logs], db, dask=address)
    again = ingest([logs], db, dask=address)  # unchanged: skipped before any replay
    # (the twin too: its content is the game of an earlier file, which is kept)
    assert again.stats.logs == 0 and sum(again.skipped.values()) == len(corpus)
    changed = corpus[1]
    raw = orjson.loads(changed.read_bytes())
    raw["meta"]["place"] = "elsewhere"
    changed.write_bytes(orjson.dumps(raw))
    third = ingest([logs], db, dask=address)
    assert third.stats.logs == 1
    reference = tmp_path / "reference.duckdb"
    ingest([logs], reference, workers=1)
    assert snapshot(db) == snapshot(reference)
    from ludolog.etl.ingest import Replay

    ingest([logs], db, dask=address, chunk_size=3, replay=Replay.ALL)  # other chunks, all replayed
    assert snapshot(db) == snapshot(reference)


def test_a_worker_replaying_with_another_catalog_is_refused(corpus, tmp_path, cluster):
    from importlib import resources

    catalog = tmp_path / "catalog.json"  # the same catalog, other bytes: another digest
    catalog.write_bytes(resources.files("ludolog.replayer.entdecker").joinpath("catalog.json").read_bytes() + b"\n")

    def set_catalog(path):
        if path is None:
            os.environ.pop("LUDOLOG_ENTDECKER_CATALOG", None)
        else:
            os.environ["LUDOLOG_ENTDECKER_CATALOG"] = path

    with distributed.Client(cluster, set_as_default=False) as client:
        client.run(set_catalog, str(catalog))
        try:
            with pytest.raises(DaskError, match="another catalog"):
                ingest([tmp_path / "logs"], tmp_path / "db.duckdb", dask=cluster.scheduler_address)
        finally:
            client.run(set_catalog, None)


def test_dask_addresses():
    assert DaskAddress.parse("local:3").local_workers == 3
    assert DaskAddress.parse("tcp://10.0.0.5:8786").local_workers is None
    for bad in ("local:0", "local:x", "localhost", "10.0.0.5:8786"):
        with pytest.raises(DaskUsageError):
            DaskAddress.parse(bad)


def test_an_unreachable_scheduler_is_a_clear_error():
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(DaskError, match="cannot reach the Dask scheduler"):
        DaskPool(f"tcp://127.0.0.1:{port}", connect_timeout=1).__enter__()


def test_usage_errors(tmp_path):
    for args in (["extract", str(tmp_path), "--dask", "somewhere"],
                 ["ingest", str(tmp_path), "--dask", "local:2", "--workers", "2"],
                 ["ingest", str(tmp_path), "--parquet", str(tmp_path)]):
        done = runner.invoke(app, args)
        assert done.exit_code == 2, (args, done.output)


def test_dask_and_fsspec_are_imported_only_when_needed(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(Path(__file__).parent / "golden" / "entdecker" / "entdecker-2p-0.log.json", logs)
    commands = [["validate", str(logs)], ["ingest", str(logs), "--db", str(tmp_path / "x.duckdb"), "-w", "1"],
                ["extract", str(logs), "--out", str(tmp_path / "out"), "-w", "1"]]
    script = ("import json, sys; from ludolog.cli.app import main\n"
              "for args in json.loads(sys.argv[1]):\n"
              "    sys.argv = ['ludolog', *args]\n"
              "    try:\n        main()\n    except SystemExit:\n        pass\n"
              "    print('LOADED', sorted(m for m in ('dask', 'distributed', 'fsspec') if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", script, json.dumps(commands)], capture_output=True, text=True,
                          timeout=120)
    assert [line for line in done.stderr.splitlines() if line.startswith("LOADED")] == ["LOADED []"] * 3, done.stderr
    assert (tmp_path / "x.duckdb").exists() and (tmp_path / "out" / MARKER).exists()


# -- Parquet extracts ------------------------------------------------------------------------------

def test_an_export_loads_back_into_the_same_tables(local_db, tmp_path):
    export(local_db, tmp_path / "export")
    db = tmp_path / "back.duckdb"
    ingest_parquet(tmp_path / "export", db)
    assert snapshot(db) == snapshot(local_db)
    ingest_parquet(tmp_path / "export", db)  # idempotent
    assert snapshot(db) == snapshot(local_db)


def test_an_extract_never_overwrites_what_ludolog_did_not_write(corpus, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    done = runner.invoke(app, ["extract", str(tmp_path / "logs"), "--out", str(out), "-w", "1"])
    assert done.exit_code == 1 and "notes.txt" in done.output and not (out / MARKER).exists()
    done = runner.invoke(app, ["extract", str(tmp_path / "logs"), "--out", str(out), "-w", "1", "--overwrite"])
    assert (out / "notes.txt").read_text() == "mine" and (out / MARKER).exists()
    extract([tmp_path / "logs"], out, workers=1, overwrite=True)  # its own earlier extract is replaced
    assert (out / "notes.txt").read_text() == "mine"
    assert len(open_extract(out).files) == len(orjson.loads((out / MARKER).read_bytes())["files"])


def test_a_changed_extract_is_refused(corpus, tmp_path):
    out = tmp_path / "out"
    extract([tmp_path / "logs"], out, workers=1)
    victim = next((out / "moves").rglob("*.parquet"))
    victim.write_bytes(victim.read_bytes() + b"x")
    with pytest.raises(ExtractError, match="changed since ludolog wrote it"):
        ingest_parquet(out, tmp_path / "db.duckdb")
    assert not (tmp_path / "db.duckdb").exists()  # refused before the database was made
    with pytest.raises(ExtractError, match="no .ludolog-export manifest"):
        open_extract(tmp_path / "logs")


def test_raw_sql_on_an_extract_reads_that_extract_only(corpus, tmp_path):
    out = tmp_path / "out"
    extract([tmp_path / "logs"], out, workers=1)
    other = tmp_path / "other"
    extract([tmp_path / "logs"], other, workers=1)
    stray = out / "games" / "game=toy" / "stray.parquet"  # inside DIR, but not written by ludolog
    shutil.copy(next((other / "games").rglob("*.parquet")), stray)
    listed = next((out / "games").rglob("data_*.parquet"))
    ok = runner.invoke(app, ["query", "--parquet", str(out), "--format", "json",
                             f"SELECT count(*) AS n FROM read_parquet('{listed}')"])
    assert ok.exit_code == 0, ok.output
    for sql in (f"SELECT * FROM read_parquet('{next((other / 'games').rglob('*.parquet'))}')",
                f"SELECT * FROM read_parquet('{stray}')",
                f"SELECT * FROM read_parquet('{out}/**/*.parquet')",
                f"SELECT * FROM read_text('{corpus[0]}')",
                "SELECT * FROM read_csv('/etc/passwd')",
                "SET enable_external_access = true",
                f"ATTACH '{tmp_path / 'x.duckdb'}'",
                f"COPY games TO '{tmp_path / 'leak.csv'}'"):
        done = runner.invoke(app, ["query", "--parquet", str(out), sql])
        assert done.exit_code == 1, (sql, done.output)
        assert "Traceback" not in done.output
    assert not (tmp_path / "leak.csv").exists() and not (tmp_path / "x.duckdb").exists()


# -- fsspec inputs ---------------------------------------------------------------------------------

def _without_file_columns(db: Path) -> dict:
    """The tables without the columns that name the file or its time (which differ by URL)."""
    tables = snapshot(db)
    con = duckdb.connect(str(db), read_only=True)
    try:
        # nor game_key: a database's own number, in the order its loads met the games
        games = sorted(con.execute("SELECT * EXCLUDE (file, file_mtime_ns, game_key) FROM games").fetchall(), key=repr)
        violations = sorted(con.execute("SELECT * EXCLUDE (file) FROM violations").fetchall(), key=repr)
    finally:
        con.close()
    return {**tables, "games": games, "violations": violations}


def test_memory_urls_are_read_like_files(corpus, local_db, tmp_path):
    import fsspec

    memory = fsspec.filesystem("memory")
    for path in corpus:
        memory.pipe_file(f"/ludolog-test/logs/{path.name}", path.read_bytes())
    try:
        db = tmp_path / "memory.duckdb"
        ingest(["memory://ludolog-test/logs"], db, workers=1)
        assert _without_file_columns(db) == _without_file_columns(local_db)
        files = {row[0] for row in _rows(db, "SELECT file FROM games")}
        assert memory.unstrip_protocol(f"/ludolog-test/logs/{corpus[1].name}") in files  # memory:///ludolog-test/...
        again = ingest(["memory://ludolog-test/logs"], db, workers=1)
        assert again.stats.logs == 0 and sum(again.skipped.values()) == len(corpus)  # the twin too, by its hash
        raw = orjson.loads(corpus[1].read_bytes())
        raw["meta"]["place"] = "elsewhere"
        memory.pipe_file(f"/ludolog-test/logs/{corpus[1].name}", orjson.dumps(raw))
        assert ingest(["memory://ludolog-test/logs"], db, workers=1).stats.logs == 1
        missing = find_sources(["memory://ludolog-test/nothing-here"])
        assert [p.code for p in missing.problems] == ["CORE.FILE.MISSING"]
    finally:
        memory.rm("/ludolog-test", recursive=True)


def test_file_urls_through_the_cli(corpus, local_db, tmp_path):
    url = (tmp_path / "logs").as_uri()
    out = tmp_path / "out"
    done = runner.invoke(app, ["extract", url, "--out", str(out), "-w", "1"])
    assert done.exit_code == 1, done.output
    db = tmp_path / "file-url.duckdb"
    ingest_parquet(out, db)
    assert _without_file_columns(db) == _without_file_columns(local_db)
    assert all(file.startswith("file://") for (file,) in _rows(db, "SELECT file FROM games"))
    done = runner.invoke(app, ["ingest", url + "/no-such.json", "--db", str(tmp_path / "none.duckdb")])
    assert done.exit_code == 1 and "no such file" in done.output


def test_an_unknown_url_scheme_is_a_clear_error(tmp_path):
    with pytest.raises(SourceError, match="nosuchfs"):
        find_sources(["nosuchfs://bucket/logs"])
    done = runner.invoke(app, ["ingest", "nosuchfs://bucket/logs", "--db", str(tmp_path / "x.duckdb")])
    assert done.exit_code == 1 and "nosuchfs" in done.output and "Traceback" not in done.output
