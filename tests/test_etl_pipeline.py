"""The shape of an ingest: the chunks planned for a known list of logs (a tail that shrinks toward
the end), the tail loaded in a transaction of its own after the rest is committed, keyed and
checkpointed, and the same tables as chunks cut alike."""
from __future__ import annotations

import importlib
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pytest

from ludolog.etl.db import DatabaseError
from ludolog.etl.ingest import IngestSummary, ingest, ingest_steps, n_chunks
from ludolog.etl.load import Loader, LoadBatch
from ludolog.etl.workers import ChunkPlan, chunked_files, plan_chunks

from .test_etl_corpus import fetch, snapshot, toy_everywhere  # noqa: F401
from .test_etl_writer import _toy_logs
from .test_trust_db import STORED_KEYS, _keys, _meta_sizes
from .test_trust_db import _toy_logs as _toy_logs_with_meta

ingest_module = importlib.import_module("ludolog.etl.ingest")
workers_module = importlib.import_module("ludolog.etl.workers")
bench_module = importlib.import_module("ludolog.etl.bench")


def _files(folder: Path, sizes: list[int]) -> list[str]:
    """Files of the given byte sizes, named in order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number, size in enumerate(sizes):
        path = folder / f"log-{number:03d}.json"
        path.write_bytes(b"x" * size)
        paths.append(str(path))
    return paths


def _lengths(plan: ChunkPlan) -> list[int]:
    return [len(chunk) for chunk in plan.chunks]


@pytest.fixture
def quarter_tail(monkeypatch):
    monkeypatch.setattr(workers_module, "TAIL_SHARE", 0.25)
    monkeypatch.setattr(workers_module, "MIN_TAIL_LOGS", 4)


def test_the_tail_of_equal_logs_is_cut_in_halves_down_to_the_smallest_chunk(tmp_path, quarter_tail):
    # 40 logs of 100 bytes, 8 per chunk: the last quarter (1,000 bytes) is the last 10 logs; the
    # rest (30 logs) would end in a chunk of 6, which opens the tail instead, so the tail is 16
    # logs. Each tail chunk takes half the tail still to cut (one process), at least 4 logs:
    # 1,600 -> 8 logs, 800 -> 4, 400 -> 4.
    paths = _files(tmp_path, [100] * 40)
    plan = plan_chunks(paths, 8, 1 << 20, workers=1)
    assert _lengths(plan) == [8, 8, 8, 8, 4, 4] and plan.tail == 3
    assert [p for chunk in plan.chunks for p in chunk] == paths  # every log once, in order


def test_with_two_workers_each_tail_chunk_is_a_quarter_of_what_is_left(tmp_path, quarter_tail):
    # the same 16 logs of tail: 1,600 / 4 = 400 bytes -> 4 logs; then 1,200 / 4 = 300, less
    # than the smallest chunk (4 logs of the tail's mean, 400 bytes) -> 4 logs each
    paths = _files(tmp_path, [100] * 40)
    plan = plan_chunks(paths, 8, 1 << 20, workers=2)
    assert _lengths(plan) == [8, 8, 8, 4, 4, 4, 4] and plan.tail == 3


def test_the_tail_is_found_by_bytes_not_by_logs(tmp_path, quarter_tail):
    # 20 logs of 100 bytes, then 4 of 1,000 (6,000 bytes): the last quarter (1,500) holds the last
    # log only; the rest (23 logs) ends in a chunk of 7, which opens the tail instead: the tail is
    # logs 16-23, 4 x 100 + 4 x 1,000 = 4,400 bytes, its smallest chunk 4 x 550 = 2,200 bytes.
    # Its first chunk takes half (2,200): 4 small logs and 2 large (2,400); the 2 left (2,000) are
    # less than the smallest chunk, so they are the last chunk.
    paths = _files(tmp_path, [100] * 20 + [1000] * 4)
    plan = plan_chunks(paths, 8, 1 << 20, workers=1)
    assert _lengths(plan) == [8, 8, 6, 2] and plan.tail == 2


def test_a_file_of_max_bytes_is_still_a_chunk_of_its_own(tmp_path, quarter_tail):
    # 3,000 bytes of small logs, one of 5,000, two small (8,200): the last quarter (2,050) is the
    # two small logs; chunks of at most 1,000 bytes before it, the large log alone, not moved
    # into the tail (it is no short remainder: it fills a chunk by its bytes)
    paths = _files(tmp_path, [100] * 30 + [5000] + [100] * 2)
    plan = plan_chunks(paths, 8, 1000, workers=1)
    assert _lengths(plan) == [8, 8, 8, 6, 1, 2] and plan.tail == 5
    assert plan.chunks[4] == [paths[30]]


def test_chunks_of_a_chosen_size_are_cut_alike_with_no_tail(tmp_path):
    paths = _files(tmp_path, [100] * 40)
    plan = plan_chunks(paths, 8, 1 << 20, workers=1, guided=False)
    assert plan.chunks == list(chunked_files(paths, 8, 1 << 20)) and plan.tail is None


def test_one_chunk_has_no_tail(tmp_path):
    paths = _files(tmp_path, [100] * 3)
    assert plan_chunks(paths, 32, 1 << 20, workers=1) == ChunkPlan([paths])


def test_the_progress_total_counts_the_planned_chunks(tmp_path, quarter_tail):
    paths = _files(tmp_path, [100] * 40)
    assert n_chunks(paths, workers=1, chunk_size=None) == len(ingest_module.plan_ingest(paths, 1).chunks)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_tail_is_a_transaction_of_its_own_after_the_rest_is_keyed_and_checkpointed(
        tmp_path, toy_everywhere, monkeypatch, workers):
    files = _toy_logs(tmp_path / "logs", 40)
    plan = ingest_module.plan_ingest([str(f) for f in files], workers)
    assert plan.tail is not None
    body_logs = sum(len(chunk) for chunk in plan.chunks[:plan.tail])
    db = tmp_path / "t.duckdb"
    events: list[tuple] = []
    finish, commit = Loader.finish, LoadBatch.commit

    def recorded_finish(self, final=True):
        # what is committed and keyed when the loader finishes what it has
        finish(self, final)
        games = self.con.execute("SELECT count(*) FROM games").fetchone()[0]
        events.append(("finish", games, not self.pending_keys))

    def recorded_commit(self):
        written = commit(self)
        events.append(("commit", written))
        return written

    monkeypatch.setattr(Loader, "finish", recorded_finish)
    monkeypatch.setattr(LoadBatch, "commit", recorded_commit)
    summary = ingest(files, db, workers=workers)
    assert summary.ok and summary.games_written == len(files)
    # the rest in one transaction, finished (keys, checkpoint) before the tail's is committed
    assert events == [("commit", body_logs), ("finish", body_logs, True),
                      ("commit", len(files) - body_logs), ("finish", len(files), True)]
    assert _keys(db) == STORED_KEYS
    assert 0 < summary.tail_seconds < summary.seconds
    alike = tmp_path / "alike.duckdb"
    ingest(files, alike, workers=1, chunk_size=7)  # chunks cut alike, no tail
    assert snapshot(db) == snapshot(alike)


def test_an_ingest_stopped_in_its_tail_keeps_the_rest_committed_and_rolls_back_the_tail(
        tmp_path, toy_everywhere):
    files = _toy_logs(tmp_path / "logs", 40)
    plan = ingest_module.plan_ingest([str(f) for f in files], 1)
    body_logs = sum(len(chunk) for chunk in plan.chunks[:plan.tail])
    db = tmp_path / "t.duckdb"
    summary = IngestSummary(str(db), len(files), 1)
    steps = ingest_steps(files, db, workers=1, summary=summary)
    next(steps)  # the skipped logs are known
    for _ in range(plan.tail + 1):  # the rest, then the tail's first chunk
        next(steps)
    deadline = time.monotonic() + 30
    while summary.committed < body_logs and time.monotonic() < deadline:
        time.sleep(0.01)  # the writer commits the rest
    with pytest.raises(KeyboardInterrupt):
        steps.throw(KeyboardInterrupt)
    assert summary.committed == body_logs
    assert fetch(db, "SELECT count(*) FROM games") == [(body_logs,)]
    assert ingest(files, db, workers=1).games_written == len(files) - body_logs
    clean = tmp_path / "clean.duckdb"
    ingest(files, clean, workers=1)
    assert snapshot(db) == snapshot(clean)


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


def test_a_new_database_is_created_while_the_first_chunk_is_replayed(tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 6)
    _, seen = _record_open_and_replay(monkeypatch, wait=30)
    summary = ingest(files, tmp_path / "t.duckdb", workers=1)
    assert seen == [True] and summary.ok and summary.games_written == 6


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


@dataclass(eq=False)
class _Sized:
    """What the batching rule reads of a chunk."""

    state_rows: int
    nbytes: int = 10
    files: list[str] = field(default_factory=lambda: ["a.json"])


def test_the_bench_loads_duckdb_alone_in_the_transactions_of_an_ingest():
    # chunks of 100,000 state rows: the rule alone closes a batch at 150,000 - [0, 1], [2, 3],
    # [4]; a tail from chunk 3 on is a batch of its own - [0, 1], [2] | [3, 4]
    chunks = [_Sized(100_000) for _ in range(5)]

    def numbers(groups):
        return [[chunks.index(c) for c in group] for group in groups]

    groups, settled = bench_module._transactions(chunks, 3)
    assert numbers(groups) == [[0, 1], [2], [3, 4]] and settled == 2
    groups, settled = bench_module._transactions(chunks, None)
    assert numbers(groups) == [[0, 1], [2, 3], [4]] and settled is None


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


def test_a_checkpoint_out_of_memory_before_the_tail_still_loads_the_tail(tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 40)
    assert ingest_module.plan_ingest([str(f) for f in files], 1).tail is not None
    made = _checkpoint_out_of_memory(monkeypatch, calls=1)
    db = tmp_path / "t.duckdb"
    summary = ingest(files, db, workers=1)
    # the checkpoint before the tail failed, the tail was loaded, the final checkpoint succeeded
    assert summary.ok and summary.games_written == len(files) and len(made) == 2
    alike = tmp_path / "alike.duckdb"
    monkeypatch.undo()
    ingest(files, alike, workers=1, chunk_size=7)
    assert snapshot(db) == snapshot(alike)


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
