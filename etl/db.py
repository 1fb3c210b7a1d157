"""The DuckDB file: opening it (with a clear error when another process holds it), its schema, and
loading a chunk of Arrow tables in one transaction.

Idempotency: a game is keyed by ``game_id`` (the SHA-256 of its file). Loading a chunk first
deletes every row of the chunk's game ids *and* of the games previously ingested from the same
file paths (a file whose content changed has a new id; its stale rows must go), then inserts the
chunk - all inside one transaction, so a crash or kill leaves each game fully present or absent.
"""
from __future__ import annotations

from pathlib import Path

import duckdb
import pyarrow as pa

from ludolog.replayer.core import LudologError

from .extract import Chunk, without_games
from .tables import (COMMON_TABLES, GAME_TABLE_SUFFIX, META_DDL, SCHEMA_VERSION, SCORE_BY_MOVE_VIEW,
                     game_state_table, game_table_name, game_view_ddl)

DEFAULT_DB = "ludolog.duckdb"


class DatabaseError(LudologError):
    """The database file cannot be used (in use, missing, not a DuckDB file, other schema)."""


#: DuckDB settings of the connection that runs raw SQL (``ludolog query``): no files, network or
#: extensions beyond the database itself, and no way to change that from SQL (DuckDB's "Securing
#: DuckDB" guide). The connection is read-only as well.
SANDBOX_CONFIG = {
    "enable_external_access": False,
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
    "allow_community_extensions": False,
    "lock_configuration": True,
}


def connect(path: str | Path, read_only: bool = False, sandbox: bool = False) -> duckdb.DuckDBPyConnection:
    """Open the DuckDB file ``path``; ``sandbox`` (implies read-only) applies :data:`SANDBOX_CONFIG`.

    :raises DatabaseError: another process holds it ("in use"), it does not exist (read-only), or
        it is not a DuckDB database.
    """
    path = Path(path)
    read_only = read_only or sandbox
    if read_only and not path.exists():
        raise DatabaseError(f"database {path} does not exist (create it with `ludolog ingest LOGS --db {path}`)")
    try:
        if sandbox:
            return duckdb.connect(str(path), read_only=True, config=dict(SANDBOX_CONFIG))
        return duckdb.connect(str(path), read_only=read_only)
    except duckdb.IOException as exc:
        text = str(exc)
        if "lock" in text.lower():
            raise DatabaseError(f"database {path} is in use by another process") from None
        raise DatabaseError(f"cannot open database {path}: {text.splitlines()[0]}") from None
    except duckdb.Error as exc:
        raise DatabaseError(f"cannot open database {path}: {str(exc).splitlines()[0]}") from None


def ensure_schema(con: duckdb.DuckDBPyConnection) -> None:
    """Create the common tables and views if missing; refuse a database of another schema version."""
    con.execute(META_DDL)
    row = con.execute("SELECT value FROM ludolog_meta WHERE key = 'schema_version'").fetchone()
    if row is None:
        con.execute("INSERT INTO ludolog_meta VALUES ('schema_version', ?)", [SCHEMA_VERSION])
    elif row[0] != SCHEMA_VERSION:
        raise DatabaseError(f"this database has ludolog table schema {row[0]}; this ludolog writes schema "
                            f"{SCHEMA_VERSION} - ingest into a new file")
    for table in COMMON_TABLES:
        con.execute(table.ddl())
    con.execute(SCORE_BY_MOVE_VIEW)


def game_tables(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Names of the per-game state tables present."""
    rows = con.execute("SELECT table_name FROM duckdb_tables() WHERE table_name LIKE ? ORDER BY 1",
                       [f"%{GAME_TABLE_SUFFIX}"]).fetchall()
    return [r[0] for r in rows if r[0] != "player_states"]


def data_tables(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Every table that holds game data: the common ones and the per-game ones."""
    return [t.name for t in COMMON_TABLES] + game_tables(con)


#: DuckDB's block cache during an ingest. Without a limit it keeps the blocks of everything written
#: (up to 80 % of RAM), so the ingesting process would grow with the database; loading needs little.
#: Measured (make bench, 400 vs 1,600 logs): at 128 MB the parent still grew by ~40 MB while the
#: cache filled; at 64 MB it stays within a few MB, at the same write speed.
INGEST_MEMORY_LIMIT = "64MB"


class Loader:
    """Writes chunks into one open database (only the parent process ever writes)."""

    def __init__(self, con: duckdb.DuckDBPyConnection):
        self.con = con
        con.execute(f"SET memory_limit = '{INGEST_MEMORY_LIMIT}'")
        ensure_schema(con)
        self.known_game_tables = set(game_tables(con))
        #: ids loaded by this run; when the same content appears again in a later file the first
        #: file wins, whatever the chunking (so serial and parallel ingests agree)
        self.loaded_ids: set[str] = set()

    def _ensure_game_table(self, game: str, state_columns) -> None:
        name = game_table_name(game)
        table = game_state_table(game, state_columns)
        con = self.con
        if name not in self.known_game_tables:
            con.execute(table.ddl())
            con.execute(game_view_ddl(game))
            self.known_game_tables.add(name)
        present = {r[0] for r in con.execute(
            "SELECT column_name FROM duckdb_columns() WHERE table_name = ?", [name]).fetchall()}
        missing = [c for c in table.columns if c.name not in present]
        for column in missing:  # an engine that gained a figure: older games get NULL there
            con.execute(f"ALTER TABLE {name} ADD COLUMN {column.name} {column.sql}")
        if missing:
            con.execute(game_view_ddl(game))

    def write(self, chunk: Chunk) -> int:
        """Load ``chunk`` in one transaction; returns the number of games written."""
        chunk = without_games(chunk, self.loaded_ids.intersection(chunk.game_ids))
        tables, ids = chunk.tables, chunk.game_ids
        if not ids:
            return 0
        con = self.con
        con.begin()
        try:
            for game, state_columns in chunk.game_columns.items():
                self._ensure_game_table(game, state_columns)
            con.register("_ludolog_ids", pa.table({"game_id": pa.array(ids, pa.string())}))
            con.register("_ludolog_files", pa.table({"file": pa.array(chunk.files, pa.string())}))
            stale = con.execute(
                "SELECT game_id FROM games WHERE game_id IN (SELECT game_id FROM _ludolog_ids) "
                "OR file IN (SELECT file FROM _ludolog_files)").fetchall()
            if stale:
                con.register("_ludolog_stale", pa.table({"game_id": pa.array([r[0] for r in stale], pa.string())}))
                for name in [t.name for t in COMMON_TABLES] + sorted(self.known_game_tables):
                    con.execute(f"DELETE FROM {name} WHERE game_id IN (SELECT game_id FROM _ludolog_stale)")
                con.unregister("_ludolog_stale")
            con.unregister("_ludolog_ids")
            con.unregister("_ludolog_files")
            for name, table in tables.items():
                if table.num_rows == 0:
                    continue
                con.register("_ludolog_chunk", _plain_strings(table))
                con.execute(f"INSERT INTO {name} BY NAME SELECT * FROM _ludolog_chunk")
                con.unregister("_ludolog_chunk")
            con.commit()
        except BaseException:
            con.rollback()
            raise
        self.loaded_ids.update(ids)
        return len(ids)


def _plain_strings(table: pa.Table) -> pa.Table:
    """Decode dictionary columns (compact to build and to send between processes) into plain
    strings: DuckDB appends those about twice as fast."""
    for i, field in enumerate(table.schema):
        if pa.types.is_dictionary(field.type):
            table = table.set_column(i, field.name, table.column(i).cast(field.type.value_type))
    return table
