"""The DuckDB file: opening it (a clear error when another process holds it, a sandboxed connection
for raw SQL) and its schema. A fault of the machine (:mod:`ludolog.etl.faults`) is raised as a
:class:`DatabaseFault` naming the file; a new database is never created over a stray ``.wal``.
"""
from __future__ import annotations

import contextlib
import enum
import os
import re
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import duckdb

from ludolog.replayer.core import LudologError
from ludolog.replayer.core.files import OutputError

from .faults import ADVICE, Fault, fault_text
from .tables import (COMMON_TABLES, GAME_KEY, GAME_KEY_COLUMNS, GAME_TABLE_SUFFIX, META_DDL, META_TABLE,
                     PLAYER_STATE_CHANGES, SCHEMA_VERSION, STORED_SUFFIX, Table, game_views_ddl, main_tables,
                     views_ddl)
from .upgrades import UPGRADES, ColumnAdded, table_layout

#: the schema version from which the tables are stored by game_key (<name>_stored)
KEYED_SINCE = 7

DEFAULT_DB = "ludolog.duckdb"


class DatabaseError(LudologError):
    """The database file cannot be used (in use, missing, not a DuckDB file, other schema)."""


class DatabaseFault(DatabaseError):
    """The machine failed a database file (or a file written from it), not ludolog."""


#: Every connection: DuckDB never fetches or loads an extension by itself (else a SQLite file given
#: as --db would make DuckDB download its SQLite extension and open it).
BASE_CONFIG = {
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
}
#: The read-only connection that runs raw SQL (``ludolog query``): no files, network or extensions
#: beyond the database itself, and no way to change that from SQL (DuckDB's "Securing DuckDB" guide).
SANDBOX_CONFIG = {
    **BASE_CONFIG,
    "enable_external_access": False,
    "allow_community_extensions": False,
    "lock_configuration": True,
}


#: Rows per row group of what an ingest writes (DuckDB's default is 122,880). DuckDB writes the rows
#: that fill a row group straight into the data file; the rest go through the WAL and are compressed
#: at the checkpoint. A batch gives a table some 10,000 to 60,000 rows: smaller groups load faster.
LOAD_ROW_GROUP_SIZE = 16_384
#: the name of the database file on a connection that attaches it (see :func:`connect`)
ATTACHED_NAME = "ludolog"


def sql_text(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def _open(path: Path, read_only: bool, config: dict, row_group_size: int | None) -> duckdb.DuckDBPyConnection:
    """The file opened directly or, for ``row_group_size`` (an option of ATTACH only), attached to
    an in-memory connection that then sees the file alone."""
    if row_group_size is None:
        return duckdb.connect(str(path), read_only=read_only, config=config)
    con = duckdb.connect(":memory:", config=config)
    try:
        con.execute(f"ATTACH {sql_text(str(path))} AS {ATTACHED_NAME} "
                    f"({'READ_ONLY, ' if read_only else ''}ROW_GROUP_SIZE {int(row_group_size)})")
        con.execute(f"USE {ATTACHED_NAME}")
        con.execute("DETACH memory")
    except BaseException:
        con.close()
        raise
    return con


def connect(path: str | Path, read_only: bool = False, sandbox: bool = False,
            row_group_size: int | None = None) -> duckdb.DuckDBPyConnection:
    """Open the DuckDB file ``path`` (checking nothing about its tables); ``sandbox`` (implies
    read-only) applies :data:`SANDBOX_CONFIG`.

    :raises DatabaseError: in use by another process, missing (read-only), or not a DuckDB database.
    """
    path = Path(path)
    read_only = read_only or sandbox
    if read_only and not path.exists():
        raise DatabaseError(f"database {path} does not exist (create it with `ludolog ingest LOGS --db {path}`)")
    try:
        return _open(path, read_only, dict(SANDBOX_CONFIG if sandbox else BASE_CONFIG), row_group_size)
    except duckdb.IOException as exc:
        text = str(exc)
        fault = database_fault(exc, f"open database {path}")
        if fault is not None:
            raise fault from None
        if "lock" in text.lower():
            raise DatabaseError(f"database {path} is in use by another process") from None
        extension = re.search(r'([a-z_]+)\.duckdb_extension" not found', text)
        if extension:  # e.g. a SQLite file: DuckDB reads it only through an extension
            raise DatabaseError(f"cannot open database {path}: it is not a DuckDB database file (DuckDB would need "
                                f"its {extension.group(1)} extension, which ludolog never loads)") from None
        raise DatabaseError(f"cannot open database {path}: {text.splitlines()[0]}") from None
    except duckdb.Error as exc:
        raise database_fault(exc, f"open database {path}") or DatabaseError(
            f"cannot open database {path}: {str(exc).splitlines()[0]}") from None


# -- faults of the machine (recognised and worded in faults.py) -----------------------------------

def database_fault(exc: BaseException, doing: str, kept: str = "") -> DatabaseFault | None:
    """``exc`` as a :class:`DatabaseFault`; None when it is no fault of the machine."""
    text = fault_text(exc, doing, kept)
    return None if text is None else DatabaseFault(text)


@contextlib.contextmanager
def database_faults(doing: str, kept: str = ""):
    """Turn a fault of the machine inside into a :class:`DatabaseFault`."""
    try:
        yield
    except DatabaseError:
        raise
    except (duckdb.Error, OSError, OutputError) as exc:
        fault = database_fault(exc, doing, kept)
        if fault is None:
            raise
        raise fault from None


# -- what a database file holds ------------------------------------------------------------------

class SchemaStatus(enum.Enum):
    NEW = "new"  # no tables or views at all: ludolog may create its own
    CURRENT = "current"  # ludolog's tables, of this ludolog's schema version
    OLDER = "older"  # an older schema that UPGRADES brings to this one in place (on the next ingest)
    OUTDATED = "outdated"  # an older schema with no upgrade in place: ingest the logs into a new file
    NEWER = "newer"  # made by a newer ludolog


@dataclass(frozen=True, slots=True)
class DatabaseInfo:
    status: SchemaStatus
    schema_version: int | None = None
    ludolog_version: str | None = None  # the ludolog that last wrote it (None: not recorded)
    marked: bool = True  # whether it has a ludolog_meta table (the first ludologs' databases have not)


def ludolog_version() -> str:
    try:
        return metadata.version("ludolog")
    except metadata.PackageNotFoundError:
        return "unknown"


class ForeignDatabaseError(DatabaseError):
    """A DuckDB database that ludolog did not make (another program's, or tables of another shape)."""


def _not_ludolog(path, reason: str) -> ForeignDatabaseError:
    return ForeignDatabaseError(f"{path} is not a ludolog database: {reason}")


def _names(names, limit: int = 6) -> str:
    names = list(names)
    return ", ".join(names[:limit]) + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _main_objects(con: duckdb.DuckDBPyConnection) -> tuple[dict[str, dict[str, str]], list[str]]:
    """The tables of the database (name -> column -> type) and its views, in schema ``main``."""
    tables: dict[str, dict[str, str]] = {table: {} for table in main_tables(con)}
    for table, column, kind in con.execute(
            "SELECT table_name, column_name, data_type FROM duckdb_columns() WHERE database_name = current_database() "
            "AND schema_name = 'main' ORDER BY table_name, column_index").fetchall():
        if table in tables:  # not a view's column
            tables[table][column] = kind
    views = [v for (v,) in con.execute(
        "SELECT view_name FROM duckdb_views() WHERE database_name = current_database() AND schema_name = 'main' "
        "AND NOT internal AND NOT temporary").fetchall()]
    return tables, views


def _shape_problem(tables: dict[str, dict[str, str]], layout: dict[str, dict[str, str]],
                   version: int) -> str | None:
    """Why ``tables`` are not ludolog's tables of ``layout`` of schema ``version``, or None."""
    for name, expected in layout.items():
        present = tables.get(name)
        if present is None:
            return f"it has no table {name}"
        missing = [f"{column} {kind}" for column, kind in expected.items() if present.get(column) != kind]
        other = [f"{column} {kind}" for column, kind in present.items() if expected.get(column) != kind]
        if missing or other:
            detail = "; ".join(part for part in (missing and f"it lacks {_names(missing)}",
                                                 other and f"it has {_names(other)}") if part)
            return f"its table {name} is not ludolog's ({detail})"
    keys = {c.name: c.sql for c in GAME_KEY_COLUMNS}
    suffix, common = GAME_TABLE_SUFFIX, PLAYER_STATE_CHANGES.name
    if version >= KEYED_SINCE:
        keys = {GAME_KEY.name: GAME_KEY.sql, **{k: kind for k, kind in keys.items() if k != "game_id"}}
        suffix, common = GAME_TABLE_SUFFIX + STORED_SUFFIX, PLAYER_STATE_CHANGES.stored_name
    for name, present in tables.items():
        if name.endswith(suffix) and name != common:
            if any(present.get(k) != kind for k, kind in keys.items()):
                return f"its table {name} lacks ludolog's key columns {', '.join(keys)}"
    return None


def inspect_database(con: duckdb.DuckDBPyConnection, path: str | Path) -> DatabaseInfo:
    """What the database open on ``con`` is, without changing it.

    :raises DatabaseError: it is not a ludolog database (another program's, or tables of another shape).
    """
    tables, views = _main_objects(con)
    if not tables and not views:
        return DatabaseInfo(SchemaStatus.NEW)
    if META_TABLE not in tables:  # ludolog's tables from before ludolog_meta are schema 1
        problem = _shape_problem(tables, table_layout(1), 1)
        if problem is not None:
            kind, names = ("table", sorted(tables)) if tables else ("view", sorted(views))
            what = f"the {kind}{'s' if len(names) > 1 else ''} {_names(names)}"
            raise _not_ludolog(path, f"it holds {what} but no {META_TABLE}, and {problem}")
        version, written_by, marked = 1, None, False
    else:
        if tables[META_TABLE] != {"key": "VARCHAR", "value": "VARCHAR"}:
            raise _not_ludolog(path, f"its table {META_TABLE} is not ludolog's")
        meta = dict(con.execute(f"SELECT key, value FROM {META_TABLE}").fetchall())
        version_text = meta.get("schema_version")
        if version_text is None or not version_text.isdigit():
            raise _not_ludolog(path, f"its table {META_TABLE} has no schema version")
        version, written_by, marked = int(version_text), meta.get("ludolog_version"), True
        if version > SCHEMA_VERSION:
            return DatabaseInfo(SchemaStatus.NEWER, version, written_by)
        if table_layout(version) is None:
            return DatabaseInfo(SchemaStatus.OUTDATED, version, written_by)
        problem = _shape_problem(tables, table_layout(version), version)
        if problem is not None:
            raise _not_ludolog(path, problem)
    status = SchemaStatus.CURRENT if version == SCHEMA_VERSION else SchemaStatus.OLDER
    return DatabaseInfo(status, version, written_by, marked)


def check_database(con: duckdb.DuckDBPyConnection, path: str | Path) -> DatabaseInfo:
    """:func:`inspect_database`, refusing a database this ludolog can neither use nor upgrade.

    :raises DatabaseError: not a ludolog database, or of a newer schema or of an older one without
        an upgrade in place.
    """
    info = inspect_database(con, path)
    by = f"ludolog {info.ludolog_version}" if info.ludolog_version else "ludolog"
    if info.status is SchemaStatus.NEWER:
        raise DatabaseError(f"{path} was made by a newer ludolog ({by}, table schema {info.schema_version}); "
                            f"this ludolog ({ludolog_version()}) knows schema {SCHEMA_VERSION} - upgrade ludolog, "
                            f"or ingest into another --db file")
    if info.status is SchemaStatus.OUTDATED:
        raise DatabaseError(f"{path} was made by an older ludolog ({by}, table schema {info.schema_version}); "
                            f"this ludolog ({ludolog_version()}) writes schema {SCHEMA_VERSION} and cannot upgrade "
                            f"it in place - ingest the logs again into a new --db file")
    return info


def check_readable(con: duckdb.DuckDBPyConnection, path: str | Path) -> DatabaseInfo:
    """:func:`check_database`, refusing also a database that holds no ludolog tables yet (for a
    command that reads them). :raises DatabaseError:"""
    info = check_database(con, path)
    if info.status is SchemaStatus.NEW:
        raise DatabaseError(f"{path} holds no ludolog tables yet: ingest logs into it first "
                            f"(`ludolog ingest LOGS --db {path}`)")
    return info


def upgrade_text(info: DatabaseInfo, path: str | Path) -> str:
    """What an in-place upgrade of ``info`` adds, in a sentence."""
    changes = [change for version in range(info.schema_version, SCHEMA_VERSION) for change in UPGRADES[version]]
    added = [change.text for change in changes if isinstance(change, ColumnAdded) and not change.fill]
    other = [change.text for change in changes if change.text not in added]
    parts = ([f"added {', '.join(added)}: NULL for the games loaded before until their logs are ingested again"]
             if added else []) + other
    return (f"{path} upgraded in place from table schema {info.schema_version} to {SCHEMA_VERSION} "
            f"({'; '.join(parts)})")


def open_for_writing(path: str | Path) -> duckdb.DuckDBPyConnection:
    """Open ``path`` read-write for an ingest, after checking on a read-only connection that it is
    new, empty or a ludolog database this ludolog can use. A new file DuckDB could not create whole
    (no space left) is removed again with its write-ahead log: else it would stop the next ingest.

    :raises DatabaseError: see :func:`open_checked_read_only`; :class:`DatabaseFault`: no space...
    """
    path = Path(path)
    try:
        checked = open_checked_read_only(path)
        if checked is not None:
            checked[0].close()
        created = not os.path.lexists(path)
        try:
            con = connect(path, row_group_size=LOAD_ROW_GROUP_SIZE)
        except DatabaseFault:
            if created:  # checked above: neither the file nor its .wal was there before
                for made in (path, wal_path(path)):
                    with contextlib.suppress(OSError):
                        made.unlink()
            raise
        try:
            check_database(con, path)  # the same answer, unless another program wrote it meanwhile
        except BaseException:
            con.close()
            raise
        return con
    except ForeignDatabaseError as exc:
        raise DatabaseError(f"{exc}; ludolog writes only into databases it made - give another --db file") from None


def wal_path(path: str | Path) -> Path:
    """The write-ahead log DuckDB keeps beside the database ``path``."""
    path = Path(path)
    return path.with_name(path.name + ".wal")


def check_no_stray_wal(path: str | Path) -> None:
    """Refuse to create the database ``path`` while a file ``PATH.wal`` lies beside it: DuckDB would
    replay or delete it as the new database's log, and ludolog never deletes what it did not create.
    """
    wal = wal_path(path)
    if os.path.lexists(wal):
        raise DatabaseError(f"cannot create database {path}: {wal} exists beside it, and DuckDB would take it "
                            f"for the new database's write-ahead log (replaying or deleting it); move it away "
                            f"or give another --db")


#: the bytes of a DuckDB file before its first block: three headers of 4 KB each
DUCKDB_HEADERS = 3 * 4096


def check_whole(con: duckdb.DuckDBPyConnection, path: str | Path) -> None:
    """Refuse (:class:`DatabaseFault`) a database file too short for the blocks in use its header
    counts: DuckDB opens a truncated file but fails on it later, after an ingest has written into
    it (free blocks may be cut off the end; with a write-ahead log beside it nothing is judged)."""
    wal = wal_path(path)
    if wal.exists() and wal.stat().st_size > 0:
        return
    row = con.execute("SELECT block_size, used_blocks FROM pragma_database_size() "
                      "WHERE database_name = current_database()").fetchall()
    if not row or not row[0][0] or row[0][1] is None:
        return
    needed = DUCKDB_HEADERS + row[0][0] * row[0][1]
    size = Path(path).stat().st_size
    if size < needed:
        raise DatabaseFault(f"cannot open database {path}: {Fault.TRUNCATED.value} ({size:,} bytes, too short "
                            f"for the {row[0][1]} blocks of {row[0][0]:,} bytes it uses); {ADVICE[Fault.TRUNCATED]}")


def open_checked_read_only(path: str | Path) -> tuple[duckdb.DuckDBPyConnection, DatabaseInfo] | None:
    """A read-only connection to ``path`` and what it holds, once :func:`check_database` accepts it;
    None when there is no file yet (or an empty one).

    :raises DatabaseError: in use, not a DuckDB file, not a ludolog database, other schema version,
        or no database yet but a write-ahead log of that name.
    """
    path = Path(path)
    if not path.exists() or path.stat().st_size == 0:
        check_no_stray_wal(path)
        return None
    con = connect(path, read_only=True)
    try:
        check_whole(con, path)
        return con, check_database(con, path)
    except ForeignDatabaseError as exc:
        con.close()
        raise DatabaseError(f"{exc}; ludolog writes only into databases it made - give another --db file") from None
    except BaseException:
        con.close()
        raise


def ensure_schema(con: duckdb.DuckDBPyConnection, path: str | Path = "the database",
                  defer_keys: bool = False) -> DatabaseInfo:
    """Make the database ready for loading, in one transaction: create ludolog's tables and views,
    or upgrade an older one in place, and record this ludolog's version. With ``defer_keys`` a new
    database's tables are made without keys, added after the bulk load.

    :raises DatabaseError: see :func:`check_database` (nothing is changed then).
    """
    info = check_database(con, path)
    with transaction(con):
        con.execute(META_DDL)
        if info.status is SchemaStatus.OLDER:
            for version in range(info.schema_version, SCHEMA_VERSION):
                for change in UPGRADES[version]:
                    for statement in change.statements(con):
                        con.execute(statement)
        if not info.marked or info.status is SchemaStatus.NEW:
            con.execute(f"INSERT INTO {META_TABLE} VALUES ('created_by', ?)",
                        [ludolog_version() if info.status is SchemaStatus.NEW else "unknown"])
        con.execute(f"DELETE FROM {META_TABLE} WHERE key IN ('schema_version', 'ludolog_version')")
        con.execute(f"INSERT INTO {META_TABLE} VALUES ('schema_version', ?), ('ludolog_version', ?)",
                    [str(SCHEMA_VERSION), ludolog_version()])
        for table in COMMON_TABLES:  # games is keyed at once: its index is small, and the loader reads it
            con.execute(table.ddl(keyed=not (defer_keys and info.status is SchemaStatus.NEW
                                             and table.by_key)))
        # every view made anew from this ludolog's definitions (an upgrade may have changed the tables)
        for view in views_ddl():
            con.execute(view)
        for table in game_tables(con):
            for view in game_views_ddl(table.removesuffix(GAME_TABLE_SUFFIX)):
                con.execute(view)
    return info


def missing_keys(con: duckdb.DuckDBPyConnection) -> list[Table]:
    """The common tables that should have a key and have none."""
    keyed = {name for (name,) in con.execute(
        "SELECT table_name FROM duckdb_constraints() WHERE constraint_type = 'PRIMARY KEY' "
        "AND database_name = current_database() AND schema_name = 'main'").fetchall()}
    return [table for table in COMMON_TABLES if table.key and table.stored_name not in keyed]


#: how DuckDB words a lack of memory, also when it reports it as a failed commit
_OUT_OF_MEMORY = re.compile(r"could not allocate|out of memory", re.IGNORECASE)


def commit(con: duckdb.DuckDBPyConnection) -> None:
    """Commit the open transaction; a commit that runs out of memory (DuckDB reports it as a failed
    commit) raises :class:`duckdb.OutOfMemoryException`, as a statement would."""
    try:
        con.commit()
    except duckdb.TransactionException as exc:
        if _OUT_OF_MEMORY.search(str(exc)):
            raise duckdb.OutOfMemoryException(str(exc)) from None
        raise


def rollback(con: duckdb.DuckDBPyConnection) -> None:
    """Roll back the open transaction unless a failed commit or a fatal fault ended it already (the
    error that ended it is the one to report)."""
    with contextlib.suppress(duckdb.TransactionException, duckdb.FatalException):
        con.rollback()


@contextlib.contextmanager
def transaction(con: duckdb.DuckDBPyConnection):
    """The block in one transaction: committed (:func:`commit`), or rolled back if it raises."""
    con.begin()
    try:
        yield
        commit(con)
    except BaseException:
        rollback(con)
        raise


def add_keys(con: duckdb.DuckDBPyConnection, tables: list[Table]) -> None:
    """Give ``tables`` their keys, in one transaction."""
    with transaction(con):
        for table in tables:
            con.execute(table.key_ddl())


def stored_game_tables(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Names of the stored per-game state tables (``<game>_player_state_changes_stored``)."""
    return [name for name in main_tables(con)
            if name.endswith(GAME_TABLE_SUFFIX + STORED_SUFFIX) and name != PLAYER_STATE_CHANGES.stored_name]


def game_tables(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The documented names of the per-game state tables (``<game>_player_state_changes``)."""
    return [name[:-len(STORED_SUFFIX)] for name in stored_game_tables(con)]

