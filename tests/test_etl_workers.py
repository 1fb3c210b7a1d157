"""What an ingest worker sends its parent: a chunk's tables as Arrow IPC streams, read back equal
to the tables the worker made (values, types, dictionaries), through pickle as the pool sends it."""
from __future__ import annotations

import pickle

import pyarrow as pa
import pytest
from multiprocessing.reduction import ForkingPickler

from ludolog.etl.extract import extract_chunk
from ludolog.etl.ingest import ingest
from ludolog.etl.workers import START_METHOD, ChunkMessage, extract_message

from .test_etl_corpus import snapshot, toy_everywhere, write_corpus  # noqa: F401


def test_a_chunk_sent_as_arrow_ipc_arrives_equal(tmp_path, toy_everywhere):
    # every kind of log: valid toy and Entdecker games (two per-game tables), an illegal move, an
    # unfinished game, a disputed claim and a file that is no JSON
    files = [str(f) for f in write_corpus(tmp_path / "logs", toy=3, entdecker=2)]
    chunk = extract_chunk(files)
    sent = pickle.loads(ForkingPickler.dumps(extract_message(files)))
    assert all(isinstance(data, bytes) for data in sent.tables.values())  # no Arrow object is pickled
    arrived = sent.open()
    assert (arrived.files, arrived.game_ids, arrived.game_columns, arrived.stats, arrived.json_checked) == \
        (chunk.files, chunk.game_ids, chunk.game_columns, chunk.stats, chunk.json_checked)
    assert sorted(arrived.tables) == sorted(chunk.tables)
    assert "violations" in chunk.tables and sum(name.startswith(("entdecker_", "toy_")) for name in chunk.tables) >= 2
    for name, table in chunk.tables.items():
        assert arrived.tables[name].schema.equals(table.schema, check_metadata=True), name
        assert arrived.tables[name].equals(table), name
    assert pa.types.is_dictionary(arrived.tables["moves"].schema.field("game_id").type)


def test_an_empty_table_survives_the_trip(tmp_path, toy_everywhere):
    files = [str(f) for f in write_corpus(tmp_path / "logs", toy=1, entdecker=0, extras=False)]
    chunk = extract_chunk(files)
    assert chunk.tables["violations"].num_rows == 0
    arrived = ChunkMessage.of(chunk).open()
    assert arrived.tables["violations"].num_rows == 0
    assert arrived.tables["violations"].schema.equals(chunk.tables["violations"].schema)


def test_two_workers_load_the_same_tables_as_one_process(tmp_path, toy_everywhere):
    files = write_corpus(tmp_path / "logs", toy=8, entdecker=3)
    serial, parallel = tmp_path / "serial.duckdb", tmp_path / "parallel.duckdb"
    ingest(files, serial, workers=1)
    summary = ingest(files, parallel, workers=2, chunk_size=2)
    assert summary.workers == 2
    assert snapshot(parallel) == snapshot(serial)


@pytest.mark.skipif(START_METHOD != "fork", reason="the dying replay is inherited by forked workers only")
def test_a_worker_dying_stops_the_ingest_cleanly_and_the_next_one_completes_it(tmp_path, toy_everywhere, monkeypatch):
    import os

    from ludolog.etl import workers
    from ludolog.replayer.core import LudologError

    real = workers.extract_chunk

    def dying(paths):  # inherited by the forked workers: the one given the marked log dies
        if any("toy-005" in path for path in paths):
            os._exit(137)
        return real(paths)

    monkeypatch.setattr(workers, "extract_chunk", dying)
    # The ingest forks only a single-threaded process; in a long pytest run other tests leave idle
    # threads behind, and spawned workers would not inherit the dying replay: fork regardless.
    monkeypatch.setattr(workers, "start_method", lambda: "fork")
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
