"""The shape of an ingest: the chunks planned for a known list of logs (a tail that shrinks toward
the end), the tail loaded in a transaction of its own after the rest is committed, keyed and
checkpointed, and the same tables as chunks cut alike."""
from __future__ import annotations

import importlib
import threading
from pathlib import Path

import duckdb
import pytest

from ludolog.etl.db import DatabaseError
from ludolog.etl.ingest import ingest
from ludolog.etl.load import Loader
from ludolog.etl.workers import chunked_files

from .test_etl_corpus import fetch, snapshot, toy_everywhere  # noqa: F401
from .test_etl_writer import _toy_logs
from .test_trust_db import STORED_KEYS, _keys, _meta_sizes
from .test_trust_db import _toy_logs as _toy_logs_with_meta

ingest_module = importlib.import_module("ludolog.etl.ingest")
workers_module = importlib.import_module("ludolog.etl.workers")


def _files(folder: Path, sizes: list[int]) -> list[str]:
    """Files of the given byte sizes, named in order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number, size in enumerate(sizes):
        path = folder / f"log-{number:03d}.json"
        path.write_bytes(b"x" * size)
        paths.append(str(path))
    return paths


def test_a_file_of_max_bytes_is_a_chunk_of_its_own(tmp_path):
    paths = _files(tmp_path, [100] * 12 + [5000] + [100] * 2)
    chunks = list(chunked_files(paths, 8, 1000))
    assert [len(chunk) for chunk in chunks] == [8, 4, 1, 2] and chunks[2] == [paths[12]]
    assert [p for chunk in chunks for p in chunk] == paths  # every log once, in order


@pytest.mark.parametrize("workers", [1, 2])
def test_a_100_mb_meta_in_the_last_log_loads_and_the_database_stays_usable(tmp_path, toy_everywhere, workers):
    """The batch of a large value is written under a limit that holds it; what it wrote is
    checkpointed before the limit is lowered again, since the next commit (the keys, here) would
    otherwise checkpoint it under the 64 MB cap - an automatic checkpoint that fails is fatal to
    the database."""
    files = _toy_logs_with_meta(tmp_path / "logs", 12, {11: 100 << 20})
    db = tmp_path / "huge.duckdb"
    summary = ingest(files, db, workers=workers)
    assert summary.ok and summary.games_written == 12
    assert _meta_sizes(db)["toy-011.json"] > 100 << 20
    assert _keys(db) == STORED_KEYS


def _record_open_and_replay(monkeypatch, wait: float) -> tuple[threading.Event, list[bool]]:
    """``replaying`` is set once this process starts replaying a chunk; ``seen`` gets, for each
    opening of the database for writing, whether a replay had started by then (waiting up to
    ``wait`` seconds for one)."""
    replaying = threading.Event()
    seen: list[bool] = []
    extract, open_for_writing = workers_module.extract_chunk, ingest_module.open_for_writing

    def recorded_extract(paths):
        replaying.set()
        return extract(paths)

    def waiting_open(db):
        seen.append(replaying.wait(wait))
        return open_for_writing(db)

    monkeypatch.setattr(workers_module, "extract_chunk", recorded_extract)
    monkeypatch.setattr(ingest_module, "open_for_writing", waiting_open)
    return replaying, seen


def test_an_existing_database_is_opened_before_any_replay(tmp_path, toy_everywhere, monkeypatch):
    """So that an ingest into a file in use fails before it replays anything."""
    files = _toy_logs(tmp_path / "logs", 6)
    db = tmp_path / "t.duckdb"
    ingest(files[:2], db, workers=1)
    _, seen = _record_open_and_replay(monkeypatch, wait=0.5)  # a replay started meanwhile would be seen
    monkeypatch.setattr(ingest_module, "_plan", lambda db, files, replay, hashes: files[2:])
    summary = ingest(files, db, workers=1)
    assert seen == [False] and summary.games_written == 4 and summary.skipped == {"valid": 2}


def test_a_new_database_that_cannot_be_created_is_one_clear_error(tmp_path, toy_everywhere):
    files = _toy_logs(tmp_path / "logs", 3)
    db = tmp_path / "no-such-folder" / "t.duckdb"
    with pytest.raises(DatabaseError, match="cannot open database"):
        ingest(files, db, workers=1)
    assert not db.exists()


def test_a_batch_of_one_log_commits_each_chunk_in_a_transaction_of_its_own(tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 9)
    monkeypatch.setattr(ingest_module, "BATCH_LOGS", 1)  # a transaction per chunk
    written: list[int] = []
    write = Loader.write
    monkeypatch.setattr(Loader, "write", lambda self, chunk: written.append(len(chunk.files)) or write(self, chunk))
    monkeypatch.setattr(ingest_module, "chunk_size_for", lambda n_files, workers: 4)
    ingest(files, tmp_path / "t.duckdb", workers=1)
    assert written == [4, 4, 1]


def _checkpoint_out_of_memory(monkeypatch, calls: int | None) -> list[int]:
    """Loader.checkpoint raises what it raises when DuckDB runs out of memory, on its first
    ``calls`` calls (None: on every call); returns the list the calls are counted in."""
    checkpoint = Loader.checkpoint
    made: list[int] = []

    def failing(self, needed=0):
        made.append(needed)
        if calls is None or len(made) <= calls:
            raise DatabaseError("every game is committed, but DuckDB ran out of memory writing them into the "
                                "data file (test); it will retry on the next ingest")
        checkpoint(self, needed)

    monkeypatch.setattr(Loader, "checkpoint", failing)
    return made


def test_a_final_checkpoint_out_of_memory_is_reported_with_every_game_committed(tmp_path, toy_everywhere,
                                                                                monkeypatch):
    files = _toy_logs(tmp_path / "logs", 40)
    _checkpoint_out_of_memory(monkeypatch, calls=None)
    db = tmp_path / "t.duckdb"
    with pytest.raises(DatabaseError, match="every game is committed"):
        ingest(files, db, workers=1)
    con = duckdb.connect(str(db), read_only=True)
    try:  # what the error says holds: every game, the tail's too, is in the database
        assert con.execute("SELECT count(*) FROM games").fetchone()[0] == len(files)
    finally:
        con.close()
