"""Deferred batches: the batches of an ingest before its tail keep their chunks and insert them at
their commit, one statement per table, while the tail's chunks are inserted as they come - with
the same tables as every chunk inserted on its own, and `make bench`'s DuckDB-alone figure loading
the chunks exactly as the ingest's writer does."""
from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from pathlib import Path

import duckdb
import orjson

from ludolog.etl.db import open_for_writing
from ludolog.etl.extract import extract_chunk
from ludolog.etl.ingest import ingest
from ludolog.etl.load import Loader
from ludolog.replayer.core.simulate import simulate_log

from .test_etl_corpus import fetch, snapshot, toy_everywhere  # noqa: F401
from .test_etl_writer import _sha, _toy_logs
from .test_trust_db import STORED_KEYS, _keys

ingest_module = importlib.import_module("ludolog.etl.ingest")
bench_module = importlib.import_module("ludolog.etl.bench")


def _recording_inserts(monkeypatch) -> list[list[str]]:
    """The file names of every chunk Loader._insert is given, in order (one entry per statement
    group: one INSERT per table)."""
    insert = Loader._insert
    calls: list[list[str]] = []

    def recorded(self, chunk):
        calls.append([Path(f).name for f in chunk.files])
        return insert(self, chunk)

    monkeypatch.setattr(Loader, "_insert", recorded)
    return calls


@contextlib.contextmanager
def _loading(db: Path) -> Iterator[tuple[duckdb.DuckDBPyConnection, Loader]]:
    """A Loader on ``db`` opened for writing; finished (keys, checkpoint) after the block, closed always."""
    con = open_for_writing(db)
    try:
        loader = Loader(con, str(db))
        yield con, loader
        loader.finish()
    finally:
        con.close()


def _count(con, table: str = "games") -> int:
    return con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_a_deferred_batch_inserts_its_chunks_as_one_at_the_commit(tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 9)
    chunks = [extract_chunk([str(f) for f in files[i:i + 3]]) for i in range(0, 9, 3)]
    reference = tmp_path / "reference.duckdb"
    ingest(files, reference, workers=1, chunk_size=3)  # every chunk inserted on its own
    calls = _recording_inserts(monkeypatch)
    db = tmp_path / "t.duckdb"
    with _loading(db) as (con, loader):
        batch = loader.batch(deferred=True)
        for chunk in chunks:
            batch.add(chunk)
        assert calls == [] and _count(con) == 0  # nothing inserted before the commit
        assert batch.commit() == 9
    assert calls == [[f.name for f in files]]  # one insert of every chunk
    assert snapshot(db) == snapshot(reference)


def test_a_file_twice_in_a_deferred_batch_is_inserted_after_its_first_chunk_and_replaces_it(
        tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 3)
    first = extract_chunk([str(files[0]), str(files[1])])
    files[1].write_bytes(orjson.dumps(simulate_log("toy", 2, seed=99)))  # edited between two reads of one run
    again = extract_chunk([str(files[1]), str(files[2])])
    calls = _recording_inserts(monkeypatch)
    db = tmp_path / "t.duckdb"
    with _loading(db) as (_, loader):
        batch = loader.batch(deferred=True)
        batch.add(first)
        batch.add(again)
        assert batch.commit() == 4
    names = [f.name for f in files]
    assert calls == [names[:2], names[1:]]  # not one insert: the second replaces the file's rows
    assert sorted(r[0] for r in fetch(db, "SELECT game_id, file FROM games")) == sorted(map(_sha, files))
    assert fetch(db, "SELECT count(*) FROM games") == [(3,)]
    assert fetch(db, "SELECT count(DISTINCT game_id) FROM moves") == [(3,)]


def test_a_rolled_back_deferred_batch_inserts_nothing(tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 4)
    calls = _recording_inserts(monkeypatch)
    db = tmp_path / "t.duckdb"
    with _loading(db) as (_, loader):
        batch = loader.batch(deferred=True)
        batch.add(extract_chunk([str(f) for f in files[:2]]))
        batch.rollback()  # an interrupted ingest
        later = loader.batch(deferred=True)
        later.add(extract_chunk([str(f) for f in files[2:]]))
        assert later.commit() == 2
    assert calls == [[files[2].name, files[3].name]]
    assert sorted(r[0] for r in fetch(db, "SELECT game_id FROM games")) == sorted(map(_sha, files[2:]))


def test_a_deferred_batch_short_of_memory_at_its_commit_is_written_whole_with_the_same_tables(
        tmp_path, toy_everywhere, monkeypatch):
    files = _toy_logs(tmp_path / "logs", 6)
    reference = tmp_path / "reference.duckdb"
    ingest(files, reference, workers=1, chunk_size=3)
    insert = Loader._insert
    calls = []

    def short_of_memory_once(self, chunk):
        calls.append(len(chunk.files))
        if len(calls) == 1:
            raise duckdb.OutOfMemoryException("Out of Memory Error: could not allocate block (test)")
        return insert(self, chunk)

    monkeypatch.setattr(Loader, "_insert", short_of_memory_once)
    db = tmp_path / "t.duckdb"
    with _loading(db) as (_, loader):
        batch = loader.batch(deferred=True)
        batch.add(extract_chunk([str(f) for f in files[:3]]))
        batch.add(extract_chunk([str(f) for f in files[3:]]))
        assert batch.commit() == 6
    assert calls == [6, 6]  # refused, then written whole (Loader.write) in a transaction of its own
    assert snapshot(db) == snapshot(reference)


def test_an_ingest_inserts_what_precedes_its_tail_as_one_and_the_tail_chunk_by_chunk(
        tmp_path, toy_everywhere, monkeypatch):
    monkeypatch.setattr(ingest_module, "MAX_CHUNK", 8)  # several chunks before the tail
    files = _toy_logs(tmp_path / "logs", 40)
    plan = ingest_module.plan_ingest([str(f) for f in files], 1)
    assert plan.tail is not None and plan.tail > 1
    names = {str(f): f.name for f in files}
    body = [names[f] for chunk in plan.chunks[:plan.tail] for f in chunk]
    tail = [[names[f] for f in chunk] for chunk in plan.chunks[plan.tail:]]
    monkeypatch.setattr(ingest_module, "WRITER_MERGE_CHUNKS", 1)  # chunks that wait are not merged
    calls = _recording_inserts(monkeypatch)
    db = tmp_path / "t.duckdb"
    summary = ingest(files, db, workers=1)
    assert summary.ok and summary.games_written == 40
    assert calls == [body, *tail]
    assert _keys(db) == STORED_KEYS
    monkeypatch.setattr(Loader, "_insert", Loader._insert)
    alike = tmp_path / "alike.duckdb"
    ingest(files, alike, workers=1, chunk_size=7)  # chunks cut alike, no tail: nothing deferred
    assert snapshot(db) == snapshot(alike)


def test_the_bench_loads_duckdb_alone_with_the_inserts_of_the_ingest(tmp_path, toy_everywhere, monkeypatch):
    monkeypatch.setattr(ingest_module, "MAX_CHUNK", 8)
    files = _toy_logs(tmp_path / "logs", 40)
    monkeypatch.setattr(ingest_module, "WRITER_MERGE_CHUNKS", 1)
    calls = _recording_inserts(monkeypatch)
    ingest(files, tmp_path / "t.duckdb", workers=1)
    by_ingest = list(calls)
    calls.clear()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    figures = bench_module.time_load(files, 1, scratch)
    assert figures["transactions"] == 2
    assert len(by_ingest) > 2 and calls == by_ingest
