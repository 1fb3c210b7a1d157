"""The DuckDB file: opening it (with a clear error when another process holds it, and a sandboxed
connection for raw SQL), and its schema. Loading is :mod:`ludolog.etl.load`.
"""
from __future__ import annotations

from pathlib import Path

import duckdb

from ludolog.replayer.core import LudologError

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
