"""The ingest's connection gives the tables' new rows row groups of LOAD_ROW_GROUP_SIZE rows (so
that DuckDB writes a batch's rows straight into the data file): the size reaches the stored
tables, a batch rolled back after writing row groups leaves nothing, the database is complete
and checkpointed when the ingest returns, and the connection and its cursors see the file alone."""
from __future__ import annotations

import importlib
import math
from pathlib import Path

import duckdb
import orjson
import pytest

from ludolog.etl.db import open_for_writing
from ludolog.etl.extract import extract_chunk
from ludolog.etl.ingest import ingest
from ludolog.etl.load import Loader
from ludolog.replayer.core.simulate import simulate_log

db_module = importlib.import_module("ludolog.etl.db")
#: the smallest row group DuckDB accepts (a multiple of its vector size, 2,048 rows)
SMALL_ROW_GROUP = 2048


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> list[Path]:
    """16 simulated Entdecker games (some 300 moves each: several row groups of moves)."""
    folder = tmp_path_factory.mktemp("logs")
    files = []
    for i in range(16):
        path = folder / f"entdecker-{i:03d}.json"
        path.write_bytes(orjson.dumps(simulate_log("entdecker", 2 + i % 3, seed=300 + i)))
        files.append(path)
    return files


def _moves_in_files(files: list[Path]) -> int:
    """The moves the logs record (each simulated game is complete and legal: all are applied)."""
    return sum(len(orjson.loads(f.read_bytes())["moves"]) for f in files)


def _row_group_rows(con, table: str) -> list[int]:
    """Rows of each row group of ``table`` (its first column's data segments, summed per group)."""
    return [n for (_, n) in con.execute(
        "SELECT row_group_id, sum(count) FROM pragma_storage_info(?) WHERE column_path = '[0]' "
        "GROUP BY row_group_id ORDER BY row_group_id", [table]).fetchall()]


def test_an_ingest_stores_row_groups_of_the_load_size(tmp_path, logs, monkeypatch):
    monkeypatch.setattr(db_module, "LOAD_ROW_GROUP_SIZE", SMALL_ROW_GROUP)
    files = logs
    moves = _moves_in_files(files)
    assert moves > 2 * SMALL_ROW_GROUP  # enough rows to fill several row groups
    db = tmp_path / "t.duckdb"
    ingest(files, db, workers=1)
    with duckdb.connect(str(db), read_only=True) as con:
        groups = _row_group_rows(con, "moves_stored")  # the table behind the view moves
    assert sum(groups) == moves
    assert max(groups) <= SMALL_ROW_GROUP and len(groups) >= math.ceil(moves / SMALL_ROW_GROUP)


def test_the_database_is_complete_and_checkpointed_when_the_ingest_returns(tmp_path, logs, monkeypatch):
    monkeypatch.setattr(db_module, "LOAD_ROW_GROUP_SIZE", SMALL_ROW_GROUP)
    files = logs
    db = tmp_path / "t.duckdb"
    ingest(files, db, workers=1)
    wal = db.with_name(db.name + ".wal")
    assert not wal.exists() or wal.stat().st_size == 0  # nothing left for a later open to replay
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM games").fetchone()[0] == len(files)
        assert con.execute("SELECT count(*) FROM moves").fetchone()[0] == _moves_in_files(files)


def test_a_batch_rolled_back_after_writing_row_groups_leaves_nothing(tmp_path, logs, monkeypatch):
    monkeypatch.setattr(db_module, "LOAD_ROW_GROUP_SIZE", SMALL_ROW_GROUP)
    first, second = logs[:12], logs[12:]
    chunk = extract_chunk([str(f) for f in first])
    assert chunk.tables["moves"].num_rows > SMALL_ROW_GROUP  # the insert writes row groups
    db = tmp_path / "t.duckdb"
    con = open_for_writing(db)
    commit = db_module.commit

    def interrupted(con):  # the rows are inserted; Ctrl-C arrives before the commit
        raise KeyboardInterrupt

    try:
        loader = Loader(con, str(db))
        monkeypatch.setattr(db_module, "commit", interrupted)
        with pytest.raises(KeyboardInterrupt):
            loader.write(chunk)
        monkeypatch.setattr(db_module, "commit", commit)
        assert con.execute("SELECT count(*) FROM moves").fetchone()[0] == 0
        assert loader.write(extract_chunk([str(f) for f in second])) == len(second)
        loader.finish()
    finally:
        con.close()
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM games").fetchone()[0] == len(second)
        assert con.execute("SELECT count(*) FROM moves").fetchone()[0] == _moves_in_files(second)


def test_the_writing_connection_and_its_cursors_see_the_file_alone(tmp_path, logs):
    db = tmp_path / "it's here.duckdb"  # a quote in the name: the path is an SQL literal when attached
    ingest(logs[:3], db, workers=1)
    con = open_for_writing(db)
    try:
        cursor = con.cursor()  # another connection to the same database
        assert cursor.execute("SELECT count(*) FROM games").fetchone()[0] == 3
        databases = {name for (name,) in con.execute(
            "SELECT database_name FROM duckdb_databases() WHERE NOT internal").fetchall()}
        assert databases == {db_module.ATTACHED_NAME}
    finally:
        con.close()
