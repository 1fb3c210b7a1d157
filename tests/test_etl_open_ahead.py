"""A new database is created in a thread while this one replays: the replay goes on, chunk after
chunk, until the database is open (not only its first chunk), and the opening thread gets the GIL
quickly meanwhile (a short switch interval, restored afterwards, also when the opening fails)."""
from __future__ import annotations

import importlib
import sys
import threading

import pytest

from ludolog.etl.db import DatabaseError
from ludolog.etl.ingest import ingest

from .test_etl_corpus import toy_everywhere  # noqa: F401
from .test_etl_writer import _toy_logs

ingest_module = importlib.import_module("ludolog.etl.ingest")
workers_module = importlib.import_module("ludolog.etl.workers")


def _count_replays(monkeypatch) -> list[int]:
    """A list whose length is the number of chunks replayed so far in this process."""
    replayed: list[int] = []
    extract = workers_module.extract_chunk

    def counted(paths):
        chunk = extract(paths)
        replayed.append(len(paths))
        return chunk

    monkeypatch.setattr(workers_module, "extract_chunk", counted)
    return replayed


def test_chunks_are_replayed_until_the_new_database_is_open(tmp_path, toy_everywhere, monkeypatch):
    # The opening waits until three chunks are replayed (at most 30 s): with the replay stopping
    # after the first chunk to wait for the database, it would wait the whole 30 s and see one.
    files = _toy_logs(tmp_path / "logs", 12)
    replayed = _count_replays(monkeypatch)
    seen: list[int] = []
    open_for_writing = ingest_module.open_for_writing
    three = threading.Event()

    def slow_open(db):
        for _ in range(3000):
            if len(replayed) >= 3:
                break
            three.wait(0.01)
        seen.append(len(replayed))
        return open_for_writing(db)

    monkeypatch.setattr(ingest_module, "open_for_writing", slow_open)
    summary = ingest(files, tmp_path / "t.duckdb", workers=1, chunk_size=2)
    assert seen and seen[0] >= 3
    assert summary.ok and summary.games_written == 12 and sum(replayed) == 12


def test_at_most_open_ahead_chunks_wait_for_the_database(tmp_path, toy_everywhere, monkeypatch):
    # An opening that takes long (here: until the ingest has stopped replaying) holds the replay
    # at OPEN_AHEAD_CHUNKS chunks, so memory stays bounded.
    files = _toy_logs(tmp_path / "logs", 12)
    replayed = _count_replays(monkeypatch)
    seen: list[int] = []
    open_for_writing = ingest_module.open_for_writing
    monkeypatch.setattr(ingest_module, "OPEN_AHEAD_CHUNKS", 2)

    def slow_open(db):
        count = -1
        while count != len(replayed):  # until no chunk was replayed for 0.3 s
            count = len(replayed)
            threading.Event().wait(0.3)
        seen.append(count)
        return open_for_writing(db)

    monkeypatch.setattr(ingest_module, "open_for_writing", slow_open)
    summary = ingest(files, tmp_path / "t.duckdb", workers=1, chunk_size=2)
    assert seen == [2]
    assert summary.ok and summary.games_written == 12


def test_the_switch_interval_is_short_while_the_database_opens_and_restored(tmp_path, toy_everywhere,
                                                                            monkeypatch):
    files = _toy_logs(tmp_path / "logs", 4)
    intervals: list[float] = []
    open_for_writing = ingest_module.open_for_writing

    def recording_open(db):
        intervals.append(sys.getswitchinterval())
        return open_for_writing(db)

    monkeypatch.setattr(ingest_module, "open_for_writing", recording_open)
    before = sys.getswitchinterval()
    assert before > ingest_module.WRITER_SWITCH_INTERVAL  # Python's default, 5 ms
    assert ingest(files, tmp_path / "t.duckdb", workers=1).ok
    assert intervals == [pytest.approx(ingest_module.WRITER_SWITCH_INTERVAL)]  # kept in microseconds
    assert sys.getswitchinterval() == before


def test_the_switch_interval_is_restored_when_the_new_database_cannot_be_created(tmp_path, toy_everywhere):
    files = _toy_logs(tmp_path / "logs", 3)
    before = sys.getswitchinterval()
    with pytest.raises(DatabaseError, match="cannot open database"):
        ingest(files, tmp_path / "no-such-folder" / "t.duckdb", workers=1)
    assert sys.getswitchinterval() == before
