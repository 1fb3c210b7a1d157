"""Forked ingest workers send a chunk's Arrow streams through memory shared with the parent (a slot
per chunk in flight) instead of the pool's pipe: the tables arrive equal to the ones made, a slot
is free again as soon as its chunk is read, and a chunk too large for its slot still arrives
(through the pipe)."""
from __future__ import annotations

import gc
import pickle
from multiprocessing.reduction import ForkingPickler

import pytest

from ludolog.etl.extract import extract_chunk
from ludolog.etl.ingest import ingest
from ludolog.etl.workers import START_METHOD, ChunkMessage, ExtractPool, SharedSlots, chunked

from .test_etl_corpus import snapshot, toy_everywhere, write_corpus  # noqa: F401


def _assert_same_tables(arrived, chunk) -> None:
    assert (arrived.files, arrived.game_ids, arrived.game_columns, arrived.stats, arrived.json_checked) == \
        (chunk.files, chunk.game_ids, chunk.game_columns, chunk.stats, chunk.json_checked)
    assert list(arrived.tables) == list(chunk.tables)
    for name, table in chunk.tables.items():
        assert arrived.tables[name].schema.equals(table.schema, check_metadata=True), name
        assert arrived.tables[name].equals(table), name


def test_a_chunk_sent_through_a_slot_arrives_equal(tmp_path, toy_everywhere):
    files = [str(f) for f in write_corpus(tmp_path / "logs", toy=3, entdecker=2)]
    chunk = extract_chunk(files)
    slots = SharedSlots(2)
    try:
        message = pickle.loads(ForkingPickler.dumps(ChunkMessage.of(chunk, slots, 1)))
        assert message.slot == 1
        assert all(isinstance(span, tuple) for span in message.tables.values())  # no stream in the message
        _assert_same_tables(message.open(slots), chunk)
    finally:
        slots.close()


def test_a_slot_is_free_again_once_the_tables_read_from_it_are_gone(tmp_path, toy_everywhere):
    first = extract_chunk([str(f) for f in write_corpus(tmp_path / "a", toy=3, entdecker=1, extras=False)])
    slots = SharedSlots(1)
    try:
        slot = slots.take()
        arrived = ChunkMessage.of(first, slots, slot).open(slots)
        kept = arrived.tables["moves"].column("move")  # a column outlives its table: still in use
        del arrived
        gc.collect()
        assert slots.take() is None
        del kept
        gc.collect()
        assert slots.take() == slot
    finally:
        slots.close()


def test_a_chunk_too_large_for_its_slot_is_sent_as_bytes(tmp_path, toy_everywhere):
    chunk = extract_chunk([str(f) for f in write_corpus(tmp_path / "logs", toy=3, entdecker=1)])
    slots = SharedSlots(1, size=4096)
    try:
        message = ChunkMessage.of(chunk, slots, 0)
        assert message.slot is None and all(isinstance(data, bytes) for data in message.tables.values())
        _assert_same_tables(message.open(), chunk)
    finally:
        slots.close()


def test_a_slot_message_without_its_memory_is_refused(tmp_path, toy_everywhere):
    chunk = extract_chunk([str(f) for f in write_corpus(tmp_path / "logs", toy=1, entdecker=0, extras=False)])
    slots = SharedSlots(1)
    try:
        with pytest.raises(ValueError, match="shared memory"):
            ChunkMessage.of(chunk, slots, 0).open()
    finally:
        slots.close()


@pytest.mark.skipif(START_METHOD != "fork", reason="the slots are inherited by forked workers only")
def test_forked_workers_send_every_chunk_through_the_slots_in_order(tmp_path, toy_everywhere):
    files = [str(f) for f in write_corpus(tmp_path / "logs", toy=10, entdecker=3)]
    paths = list(chunked(files, 1))  # 17 chunks through 16 slots: some slots are used twice
    with ExtractPool(2) as pool:
        assert pool.slots is not None and pool.slots.count == 16
        replays = pool.extract(paths)
        for chunk, sent in zip(replays, paths):  # each dropped before the next: its slot is free again
            _assert_same_tables(chunk, extract_chunk(sent))
        del chunk
        gc.collect()
        assert replays.through_slots == len(paths)
        assert sorted(pool.slots.free) == list(range(16))  # every slot given back
    assert pool.slots is None  # closed with the pool


@pytest.mark.skipif(START_METHOD != "fork", reason="the slots are inherited by forked workers only")
def test_chunks_through_slots_and_through_the_pipe_load_the_same_tables(tmp_path, toy_everywhere, monkeypatch):
    from ludolog.etl import workers

    made = []

    class Recorded(workers.Replays):
        def __init__(self, *args):
            super().__init__(*args)
            made.append(self)

    monkeypatch.setattr(workers, "Replays", Recorded)
    files = write_corpus(tmp_path / "logs", toy=8, entdecker=3)
    serial, shared, piped = (tmp_path / f"{name}.duckdb" for name in ("serial", "shared", "piped"))
    ingest(files, serial, workers=1)
    ingest(files, shared, workers=2, chunk_size=2)
    monkeypatch.setattr(workers, "SLOT_BYTES", 4096)  # every chunk too large: all through the pipe
    ingest(files, piped, workers=2, chunk_size=2)
    assert [replays.through_slots for replays in made] == [8, 0]  # 15 logs in chunks of 2
    assert snapshot(shared) == snapshot(serial) == snapshot(piped)


@pytest.mark.skipif(START_METHOD != "fork", reason="the slots are inherited by forked workers only")
def test_a_worker_dying_while_chunks_lie_in_the_slots_stops_the_ingest_cleanly(tmp_path, toy_everywhere, monkeypatch):
    import os

    from ludolog.etl import workers
    from ludolog.replayer.core import LudologError

    real = workers.extract_chunk

    def dying(paths):  # inherited by the forked workers: the one given the marked log dies
        if any("toy-005" in path for path in paths):
            os._exit(137)
        return real(paths)

    monkeypatch.setattr(workers, "extract_chunk", dying)
    files = write_corpus(tmp_path / "logs", toy=8, entdecker=0, extras=False)
    db = tmp_path / "t.duckdb"
    with pytest.raises(LudologError, match="worker process died"):
        ingest(files, db, workers=2, chunk_size=1)
    monkeypatch.setattr(workers, "extract_chunk", real)
    summary = ingest(files, db, workers=2, chunk_size=1)  # the next ingest completes the rest
    assert summary.ok and summary.stats.logs + sum(summary.skipped.values()) == 8
    serial = tmp_path / "serial.duckdb"
    ingest(files, serial, workers=1)
    assert snapshot(db) == snapshot(serial)
