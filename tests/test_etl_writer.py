"""The ingest's writer: batches filled chunk by chunk in one transaction each (while the next chunks
are replayed), rolled back whole, the delete skipped only where nothing can be replaced, errors
reaching the caller, and no worker started for a re-ingest with nothing to replay."""
from __future__ import annotations

import hashlib
import importlib
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import orjson
import pytest

from ludolog.etl.db import open_for_writing
from ludolog.etl.extract import extract_chunk
from ludolog.etl.ingest import IngestSummary, ingest, ingest_steps
from ludolog.etl.load import Loader
from ludolog.replayer.core.simulate import simulate_log

from .test_etl_corpus import fetch, snapshot, toy_everywhere  # noqa: F401
from .test_trust_db import STORED_KEYS, _keys

ingest_module = importlib.import_module("ludolog.etl.ingest")
workers_module = importlib.import_module("ludolog.etl.workers")


def _toy_logs(folder: Path, count: int, first_seed: int = 0) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for i in range(first_seed, first_seed + count):
        path = folder / f"toy-{i:03d}.json"
        path.write_bytes(orjson.dumps(simulate_log("toy", 2 + i % 3, seed=i)))
        files.append(path)
    return files


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _count(con, table: str = "games") -> int:
    return con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_a_file_loaded_again_in_one_run_into_a_new_database_replaces_its_rows(tmp_path, toy_everywhere):
    """The delete skipped for a new database must still be made for a file this loader loaded."""
    [path] = _toy_logs(tmp_path / "logs", 1)
    old_id = _sha(path)
    con = open_for_writing(tmp_path / "t.duckdb")
    try:
        loader = Loader(con)
        assert not loader.held_games
        loader.write(extract_chunk([str(path)]))
        path.write_bytes(orjson.dumps(simulate_log("toy", 3, seed=41)))
        loader.write(extract_chunk([str(path)]))
        assert con.execute("SELECT game_id FROM games").fetchall() == [(_sha(path),)]
        for table in ("moves", "players", "player_states", "toy_player_states", "score_events"):
            assert con.execute(f"SELECT count(*) FROM {table} WHERE game_id = ?", [old_id]).fetchone() == (0,)
    finally:
        con.close()


def test_a_batch_out_of_memory_is_written_again_with_more_with_the_same_tables(tmp_path, toy_everywhere,
                                                                                   monkeypatch):
    files = _toy_logs(tmp_path / "logs", 9)
    reference = tmp_path / "reference.duckdb"
    ingest(files, reference, workers=1)
    insert = Loader._insert
    calls = []

    def short_of_memory_once(self, chunk):
        calls.append(len(chunk.files))
        if len(calls) == 1:  # the batch's first try, under the ingest's memory cap
            raise duckdb.OutOfMemoryException("Out of Memory Error: could not allocate block (test)")
        return insert(self, chunk)

    monkeypatch.setattr(Loader, "_insert", short_of_memory_once)
    db = tmp_path / "t.duckdb"
    summary = IngestSummary(str(db), len(files), 1)
    for _ in ingest_steps(files, db, workers=1, chunk_size=3, summary=summary):
        pass
    assert summary.ok and summary.games_written == 9 and summary.committed == 9
    # the three chunks of 3 logs as one batch, refused, then written again under a larger limit
    assert calls == [9, 9]
    assert snapshot(db) == snapshot(reference)


def test_an_error_while_writing_stops_the_ingest_and_reaches_the_caller(tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 10)
    insert = Loader._insert
    calls = []

    def failing_third(self, chunk):
        calls.append(chunk.files)
        if len(calls) == 3:
            raise duckdb.IOException("IO Error: disk full (test)")
        return insert(self, chunk)

    monkeypatch.setattr(Loader, "_insert", failing_third)
    db = tmp_path / "t.duckdb"
    summary = IngestSummary(str(db), len(files), 1)
    with pytest.raises(duckdb.IOException, match="disk full"):
        for _ in ingest_steps(files, db, workers=1, chunk_size=2, summary=summary, batch_rows=1):
            pass
    # one transaction per chunk of 2 logs: the first two committed, nothing of the third
    assert summary.committed == 4
    assert sorted(r[0] for r in fetch(db, "SELECT game_id FROM games")) == sorted(map(_sha, files[:4]))
    assert fetch(db, "SELECT count(DISTINCT game_id) FROM moves") == [(4,)]


def test_an_interrupted_ingest_rolls_back_the_batch_being_filled(tmp_path, toy_everywhere):
    files = _toy_logs(tmp_path / "logs", 12)
    db = tmp_path / "t.duckdb"
    summary = IngestSummary(str(db), len(files), 1)
    steps = ingest_steps(files, db, workers=1, chunk_size=2, summary=summary)  # one batch for all of them
    next(steps)  # the skipped logs are known
    next(steps)  # the first chunk is replayed
    next(steps)
    with pytest.raises(KeyboardInterrupt):
        steps.throw(KeyboardInterrupt)
    assert summary.committed == 0
    assert fetch(db, "SELECT count(*) FROM games") == [(0,)] == fetch(db, "SELECT count(*) FROM player_states")
    assert ingest(files, db, workers=1).games_written == 12  # the same ingest again completes it


def test_a_reingest_with_nothing_to_replay_starts_no_worker(tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 6)
    db = tmp_path / "t.duckdb"
    ingest(files, db, workers=2)
    opened = []
    open_pool = ingest_module.open_pool
    monkeypatch.setattr(ingest_module, "open_pool", lambda dask, workers: opened.append(workers) or open_pool(dask, workers))
    again = ingest(files, db, workers=2)
    assert opened == [] and again.skipped == {"valid": 6} and again.stats.logs == 0
    files[2].write_bytes(orjson.dumps(simulate_log("toy", 3, seed=77)))  # now one log must be replayed
    changed = ingest(files, db, workers=2)
    assert opened == [1] and changed.stats.logs == 1 and changed.skipped == {"valid": 5}
    assert sorted(r[0] for r in fetch(db, "SELECT game_id FROM games")) == sorted(map(_sha, files))


def test_logs_to_replay_found_only_once_the_database_is_open_are_replayed_in_process(tmp_path, toy_everywhere,
                                                                                   monkeypatch):
    """Another process may write the database between the read-only look and the ingest: the
    logs are checked again on the connection that writes, and replayed without forking then."""
    files = _toy_logs(tmp_path / "logs", 5)
    db = tmp_path / "t.duckdb"
    ingest(files[:2], db, workers=1)
    monkeypatch.setattr(ingest_module, "_plan", lambda db, files, replay, hashes: [])
    summary = ingest(files, db, workers=2)
    assert summary.stats.logs == 3 and summary.skipped == {"valid": 2} and summary.ok
    assert sorted(r[0] for r in fetch(db, "SELECT game_id FROM games")) == sorted(map(_sha, files))


def test_logs_planned_but_written_by_another_process_meanwhile_are_not_loaded_again(tmp_path, toy_everywhere,
                                                                                  monkeypatch):
    """The workers start on the planned logs before the database is opened for writing; when the
    writing connection finds some of them stored meanwhile, those replays are dropped."""
    files = _toy_logs(tmp_path / "logs", 6)
    db = tmp_path / "t.duckdb"
    ingest(files[:4], db, workers=1)
    before = snapshot(db)
    monkeypatch.setattr(ingest_module, "_plan", lambda db, files, replay, hashes: list(files))
    summary = ingest(files, db, workers=2, chunk_size=1)
    assert summary.skipped == {"valid": 4} and summary.stats.logs == 2 and summary.games_written == 2
    after = snapshot(db)
    assert sorted(r[0] for r in fetch(db, "SELECT game_id FROM games")) == sorted(map(_sha, files))
    for table, rows in before.items():  # the 4 stored games untouched, not loaded a second time
        assert set(map(repr, rows)) <= set(map(repr, after[table])), table


def test_the_workers_replay_while_the_database_is_opened(tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 4)
    made = []

    class Recorded(workers_module.Replays):
        def __init__(self, *args):
            super().__init__(*args)
            made.append(self)

    monkeypatch.setattr(workers_module, "Replays", Recorded)
    open_for_writing_ = ingest_module.open_for_writing
    seen = []

    def waiting_open(db):
        # the first chunk was given to the workers before this: it is replayed without the parent
        seen.append(len(made) == 1 and made[0].pending[0][1].exception(timeout=60) is None)
        return open_for_writing_(db)

    monkeypatch.setattr(ingest_module, "open_for_writing", waiting_open)
    summary = ingest(files, tmp_path / "t.duckdb", workers=2, chunk_size=1)
    assert seen == [True] and summary.games_written == 4 and summary.ok


@dataclass
class _Sized:
    """What the batching rule reads of a chunk."""

    state_rows: int
    nbytes: int
    files: list[str] = field(default_factory=lambda: ["a.json"])


def _batches_by_the_rule(chunks: list[_Sized], batch_rows: int, max_logs: int, max_bytes: int) -> list[list[_Sized]]:
    """The rule of ingest.Batches, worked out directly: a batch is closed once it holds
    ``batch_rows`` rows, ``max_logs`` logs or ``max_bytes`` bytes, and a chunk that would take a
    non-empty batch past ``max_bytes`` starts the next one."""
    batches: list[list[_Sized]] = []
    current: list[_Sized] = []
    for chunk in chunks:
        if current and sum(c.nbytes for c in current) + chunk.nbytes > max_bytes:
            batches.append(current)
            current = []
        current.append(chunk)
        if (sum(c.state_rows for c in current) >= batch_rows or sum(len(c.files) for c in current) >= max_logs
                or sum(c.nbytes for c in current) >= max_bytes):
            batches.append(current)
            current = []
    return batches + ([current] if current else [])


@pytest.mark.parametrize("seed", range(20))
def test_the_batches_are_the_ones_the_rule_cuts(seed, monkeypatch):
    monkeypatch.setattr(ingest_module, "BATCH_LOGS", 7)
    monkeypatch.setattr(ingest_module, "BATCH_BYTES", 1_000)
    rng = random.Random(seed)
    chunks = [_Sized(rng.randrange(0, 400), rng.choice([10, 90, 300, 700, 1_200]), ["f.json"] * rng.randrange(1, 4))
              for _ in range(rng.randrange(1, 40))]
    expected = _batches_by_the_rule(chunks, 1_000, 7, 1_000)
    whole = ingest_module.Batches(1_000)
    assert [b for chunk in chunks for b in whole.add(chunk)] + whole.rest() == expected


def test_a_new_database_gets_its_keys_after_the_bulk_load_and_a_stopped_one_at_the_next_ingest(tmp_path,
                                                                                               toy_everywhere):
    files = _toy_logs(tmp_path / "logs", 8)
    db = tmp_path / "t.duckdb"
    summary = IngestSummary(str(db), len(files), 1)
    steps = ingest_steps(files, db, workers=1, chunk_size=2, summary=summary, batch_rows=1)
    next(steps)
    next(steps)  # the first chunk, a batch of its own
    deadline = time.monotonic() + 30
    while summary.committed < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    steps.close()  # stopped: the rest is not loaded, nor are the keys added
    committed = fetch(db, "SELECT count(*) FROM games")[0][0]
    assert summary.committed == committed >= 2
    assert _keys(db) == {"games": ["game_key"]}  # small, keyed at once; the others after the bulk load
    assert ingest(files, db, workers=1).ok
    assert _keys(db) == STORED_KEYS
    con = duckdb.connect(str(db))
    try:
        with pytest.raises(duckdb.ConstraintException):
            con.execute("INSERT INTO games SELECT * FROM games LIMIT 1")
        with pytest.raises(duckdb.ConstraintException):
            con.execute("INSERT INTO moves_stored SELECT * FROM moves_stored LIMIT 1")
        with pytest.raises(duckdb.ConstraintException):  # game_id stays unique
            con.execute("INSERT INTO games SELECT * REPLACE (game_key + 1000 AS game_key) FROM games LIMIT 1")
    finally:
        con.close()
    fresh = tmp_path / "fresh.duckdb"
    assert ingest(files, fresh, workers=2).ok and _keys(fresh) == _keys(db)
