"""Loading chunks of Arrow tables into the database, one transaction per batch.

Idempotency: a game is keyed by ``game_id`` (the SHA-256 of its file). A batch's transaction first
deletes the rows of its game ids *and* of the games ingested before from the same paths (a changed
file has a new id; its stale rows must go), then inserts the batch, so a crash or kill leaves each
game fully present or absent.

Game keys: every game loaded gets ``games.game_key``, the next free number, which the other tables
store in place of ``game_id``; the highest key a batch deletes is kept in ``ludolog_meta``
(``last_deleted_game_key``), so a key is never given twice.

Memory: DuckDB's block cache is capped while loading (:data:`INGEST_MEMORY_LIMIT`) so that the
ingesting process does not grow with the database. That cap never limits what a log may hold: a
batch that runs out of memory is retried with twice the limit up to DuckDB's own default, then
game by game; a single game that cannot be loaded even so is a :class:`LoadFailure` and every other
game is loaded.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from .db import DatabaseError, add_keys, ensure_schema, missing_keys, stored_game_tables, transaction
from .chunks import Chunk, split_games, without_games
from .faults import first_line
from .tables import (COMMON_TABLES, GAME_KEY, GAMES, META_TABLE, STORED_SUFFIX, TABLES, game_state_table,
                     game_stored_table_name, game_views_ddl)

#: the ludolog_meta key of the highest game_key a load deleted (see the module's docstring)
LAST_DELETED_KEY = "last_deleted_game_key"

MB = 1 << 20
#: DuckDB's block cache during an ingest: without a limit it keeps the blocks of everything written
#: (up to 80 % of RAM); at 64 MB the parent stays flat at the same write speed.
INGEST_MEMORY_LIMIT = 64 * MB
#: DuckDB's threads while loading: the replay keeps the other cores busy, and a second DuckDB
#: thread adds no speed to these inserts, only CPU time.
LOAD_THREADS = 1
#: Memory a transaction needs per byte of its largest single value (a JSON text such as ``meta``):
#: with DuckDB 2.0 a 16 MB text cast to JSON loads at a 128 MB limit and not at 64 MB.
VALUE_MEMORY_FACTOR = 8
#: The most memory one transaction may be given; None: DuckDB's own default for this machine.
MEMORY_CEILING: int | None = None

T = TypeVar("T")

_UNITS = {"bytes": 1, "b": 1, "kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
          "kb": 10 ** 3, "mb": 10 ** 6, "gb": 10 ** 9, "tb": 10 ** 12}


def parse_size(text: str) -> int | None:
    """DuckDB's rendering of a memory size (``18.8 GiB``, ``61.0 MiB``, ``512 bytes``) in bytes;
    None when it is not one (e.g. unlimited)."""
    match = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]+)\s*", text or "")
    if match is None or match.group(2).lower() not in _UNITS:
        return None
    return int(float(match.group(1)) * _UNITS[match.group(2).lower()])


def size_text(size: int) -> str:
    return f"{size / (1 << 30):.1f} GB" if size >= 1 << 30 else f"{size // MB} MB"


@dataclass(slots=True)
class LoadFailure:
    """A log that was checked but could not be written to the database."""

    file: str
    message: str


def largest_value(chunk: Chunk) -> int:
    """Bytes of the longest string value in ``chunk`` (dictionary columns are skipped)."""
    largest = 0
    for table in chunk.tables.values():
        if not table.num_rows:
            continue
        for i, field in enumerate(table.schema):
            if pa.types.is_string(field.type) or pa.types.is_large_string(field.type):
                largest = max(largest, pc.max(pc.binary_length(table.column(i))).as_py() or 0)
    return largest


class Loader:
    """Writes chunks into one open database (only the parent process ever writes).

    :raises DatabaseError: ``con`` is not a ludolog database this ludolog can write.
    """

    def __init__(self, con: duckdb.DuckDBPyConnection, path: str = "the database"):
        self.con = con
        default = con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
        ceiling = MEMORY_CEILING or parse_size(default) or INGEST_MEMORY_LIMIT
        #: the most a transaction may be given
        self.memory_ceiling = max(ceiling, INGEST_MEMORY_LIMIT)
        self.database = ensure_schema(con, path, defer_keys=True)
        self._set_memory_limit(INGEST_MEMORY_LIMIT)
        con.execute(f"SET threads = {LOAD_THREADS}")
        self.known_game_tables = set(stored_game_tables(con))
        #: per-game table -> the state columns it was found or made to have
        self.checked_columns: dict[str, tuple] = {}
        #: ids loaded by this run: the first file of a content wins, whatever the chunking
        self.loaded_ids: set[str] = set()
        #: the files of the games loaded by this run (of a batch being filled, too)
        self.loaded_files: set[str] = set()
        #: whether the database held a game before this loader: if not, a batch can only replace
        #: rows this loader wrote, and a delete is needed only for a file it loaded already
        self.held_games = bool(con.execute("SELECT EXISTS (SELECT 1 FROM games)").fetchone()[0])
        #: tables whose key :meth:`finish` adds: a new database is bulk loaded first (an index kept
        #: row by row costs about a fifth of the load)
        self.pending_keys = missing_keys(con)
        if self.pending_keys and self.held_games:  # left so by an ingest that was stopped: keys first
            self.add_keys()
        self.failures: list[LoadFailure] = []
        #: the key the next game loaded gets (restored with a rolled-back transaction)
        self.next_key = next_game_key(con)

    # -- memory ---------------------------------------------------------------------------------
    def _set_memory_limit(self, size: int) -> None:
        self.con.execute(f"SET memory_limit = '{size // MB}MB'")

    def with_memory(self, work: Callable[[], T], needed: int = 0) -> T:
        """Run ``work`` (which must roll itself back on failure) under the ingest cap (or more, for
        work that needs about ``needed`` bytes), doubled up to the ceiling each time it runs out of
        memory; the cap is restored after.

        :raises duckdb.OutOfMemoryException: it ran out of memory even at the ceiling.
        """
        limit = min(max(INGEST_MEMORY_LIMIT, needed), self.memory_ceiling)
        try:
            while True:
                if limit != INGEST_MEMORY_LIMIT:
                    self._set_memory_limit(limit)
                try:
                    return work()
                except duckdb.OutOfMemoryException:
                    if limit >= self.memory_ceiling:
                        raise
                limit = min(limit * 2, self.memory_ceiling)
        finally:
            if limit != INGEST_MEMORY_LIMIT:
                self._set_memory_limit(INGEST_MEMORY_LIMIT)

    def add_keys(self) -> None:
        """Give the tables of :attr:`pending_keys` their keys (one transaction; if it fails, the
        next ingest tries again)."""
        if self.pending_keys:
            self.with_memory(lambda: add_keys(self.con, self.pending_keys))
            self.pending_keys = []

    def finish(self) -> None:
        """The end of a load: the keys of a new database, the checkpoint."""
        self.add_keys()
        self.checkpoint()

    def checkpoint(self, needed: int = 0) -> None:
        """Write the WAL into the data file (``needed``: see :meth:`with_memory`).

        :raises DatabaseError: even DuckDB's default memory limit is not enough (the data is
            committed all the same; the next ingest checkpoints it).
        """
        try:
            self.with_memory(lambda: self.con.execute("CHECKPOINT"), needed)
        except duckdb.OutOfMemoryException as exc:
            raise DatabaseError(f"every game is committed, but DuckDB ran out of memory writing them into "
                                f"the data file ({first_line(exc)}); it will retry on the next ingest") from None

    # -- writing --------------------------------------------------------------------------------
    def _ensure_game_table(self, game: str, state_columns) -> None:
        name = game_stored_table_name(game)
        if self.checked_columns.get(name) == state_columns:
            return  # this loader made sure of these columns already (in a committed transaction)
        table = game_state_table(game, state_columns)
        con = self.con
        if name not in self.known_game_tables:
            con.execute(table.ddl())
            for view in game_views_ddl(game):
                con.execute(view)
            self.known_game_tables.add(name)
        present = {r[0] for r in con.execute(
            "SELECT column_name FROM duckdb_columns() WHERE table_name = ?", [name]).fetchall()}
        missing = [c for c in table.stored_columns if c.name not in present]
        for column in missing:  # an engine that gained a figure: older games get NULL there
            con.execute(f"ALTER TABLE {name} ADD COLUMN {column.name} {column.sql}")
        if missing:
            for view in game_views_ddl(game):
                con.execute(view)
        self.checked_columns[name] = state_columns

    def write(self, chunk: Chunk) -> int:
        """Load ``chunk`` in one transaction (or, if that runs out of memory even at the ceiling,
        one transaction per game); returns the number of games written. A game that cannot be
        loaded at all is added to :attr:`failures`."""
        chunk = without_games(chunk, self.loaded_ids.intersection(chunk.game_ids))
        ids = chunk.game_ids
        if not ids:
            return 0
        needed = VALUE_MEMORY_FACTOR * largest_value(chunk)
        try:
            self.with_memory(lambda: self._transaction(chunk), needed)
        except duckdb.OutOfMemoryException as exc:
            if len(ids) > 1:
                return sum(self.write(part) for part in split_games(chunk))
            self._give_up(chunk, exc)
            return 0
        if needed > INGEST_MEMORY_LIMIT:
            # checkpointed under a limit that holds its large value: an automatic checkpoint at the
            # next commit under the cap could fail, and that is fatal to the database
            self.checkpoint(needed)
        self.loaded_ids.update(ids)
        self.loaded_files.update(chunk.files)
        return len(ids)

    def _transaction(self, chunk: Chunk) -> None:
        con = self.con
        known, checked, next_key = set(self.known_game_tables), dict(self.checked_columns), self.next_key
        try:
            with transaction(con):
                self._insert(chunk)
        except BaseException:
            self.known_game_tables = known  # tables created in the transaction are gone again
            self.checked_columns = checked
            self.next_key = next_key  # and the keys it gave
            raise

    def _insert(self, chunk: Chunk) -> None:
        con = self.con
        for game, state_columns in chunk.game_columns.items():
            self._ensure_game_table(game, state_columns)
        self._delete_previous(chunk.game_ids, chunk.files)
        ids = pa.array(chunk.game_ids, pa.string())
        keys = pa.array(range(self.next_key, self.next_key + len(ids)), pa.int32())
        for name, table in chunk.tables.items():
            if table.num_rows == 0:
                continue
            table = with_game_keys(table, ids, keys, keep_id=name == GAMES.name)
            # read by DuckDB from this local variable (its replacement scan): half the cost of a
            # registered view, which is created and dropped in the catalog for each insert
            _ludolog_chunk = arrow_for_duckdb(name, table, chunk.json_checked)  # noqa: F841
            stored = TABLES[name].stored_name if name in TABLES else name + STORED_SUFFIX  # a per-game table
            con.execute(f"INSERT INTO {stored} BY NAME SELECT * FROM _ludolog_chunk")
        self.next_key += len(ids)

    def _delete_previous(self, ids: list[str], files: list[str]) -> None:
        """Delete the rows of ``ids`` and of the games loaded before from ``files``."""
        if not self.held_games and self.loaded_files.isdisjoint(files):
            return
        con = self.con
        con.register("_ludolog_ids", pa.table({"game_id": pa.array(ids, pa.string())}))
        con.register("_ludolog_files", pa.table({"file": pa.array(files, pa.string())}))
        stale = [key for (key,) in con.execute(
            "SELECT game_key FROM games WHERE game_id IN (SELECT game_id FROM _ludolog_ids) "
            "OR file IN (SELECT file FROM _ludolog_files)").fetchall()]
        if stale:
            con.register("_ludolog_stale", pa.table({"game_key": pa.array(stale, pa.int32())}))
            for name in [t.stored_name for t in COMMON_TABLES] + sorted(self.known_game_tables):
                con.execute(f"DELETE FROM {name} WHERE game_key IN (SELECT game_key FROM _ludolog_stale)")
            con.unregister("_ludolog_stale")
        con.unregister("_ludolog_ids")
        con.unregister("_ludolog_files")
        if stale:
            _remember_deleted_key(con, max(stale))

    def _give_up(self, chunk: Chunk, exc: BaseException) -> None:
        """Record that the one game of ``chunk`` cannot be loaded, and remove its file's earlier rows."""
        file = chunk.files[0]

        def remove() -> None:
            with transaction(self.con):
                self._delete_previous(chunk.game_ids, chunk.files)

        try:
            self.with_memory(remove)
            earlier = "its earlier rows, if any, were removed"
        except duckdb.OutOfMemoryException:
            earlier = "its earlier rows, if any, are still in the database"
        self.failures.append(LoadFailure(file, (
            f"not loaded: DuckDB ran out of memory loading this log even with a "
            f"{size_text(self.memory_ceiling)} limit ({first_line(exc)}); {earlier}")))


def with_game_keys(table: pa.Table, ids: pa.Array, keys: pa.Array, keep_id: bool = False) -> pa.Table:
    """``table`` with the column ``game_key`` (``keys[i]`` for ``ids[i]``) in place of ``game_id``
    (``keep_id``: beside it, for ``games``). :raises ValueError: a row whose game_id is not in ``ids``.
    """
    position = table.schema.get_field_index("game_id")
    parts = []
    for part in table.column(position).chunks:
        if pa.types.is_dictionary(part.type):
            parts.append(pc.take(pc.take(keys, pc.index_in(part.dictionary, value_set=ids)), part.indices))
        else:
            parts.append(pc.take(keys, pc.index_in(part, value_set=ids)))
    column = pa.chunked_array(parts, GAME_KEY.arrow)
    if column.null_count:
        raise ValueError("a chunk holds rows of a game it does not list")
    if keep_id:
        return table.append_column(GAME_KEY.name, column)
    return table.set_column(position, GAME_KEY.name, column)


def next_game_key(con: duckdb.DuckDBPyConnection) -> int:
    """The next free game_key of the database on ``con``: above every key it holds or deleted."""
    held = con.execute("SELECT coalesce(max(game_key), 0) FROM games").fetchone()[0]
    deleted = con.execute(f"SELECT max(CAST(value AS INTEGER)) FROM {META_TABLE} WHERE key = ?",
                          [LAST_DELETED_KEY]).fetchone()[0]
    return max(held, deleted or 0) + 1


def _remember_deleted_key(con: duckdb.DuckDBPyConnection, key: int) -> None:
    """Keep ``key`` as the highest deleted game_key (in the open transaction), unless a higher one is kept."""
    if next_game_key(con) > key + 1:
        return
    con.execute(f"DELETE FROM {META_TABLE} WHERE key = ?", [LAST_DELETED_KEY])
    con.execute(f"INSERT INTO {META_TABLE} VALUES (?, ?)", [LAST_DELETED_KEY, str(key)]).fetchall()


#: Arrow's JSON extension type (pyarrow 19 and later): DuckDB takes a column of it as JSON without
#: parsing each value again, as it must for text cast to its JSON type
_ARROW_JSON = pa.json_(pa.string()) if hasattr(pa, "json_") else None
#: (table, column) of every JSON column of the common tables
_JSON_COLUMNS = frozenset((t.name, c.name) for t in COMMON_TABLES for c in t.columns if c.sql == "JSON")


def arrow_for_duckdb(name: str, table: pa.Table, json_checked: bool) -> pa.Table:
    """``table`` (rows for the table ``name``) with its JSON columns typed as Arrow JSON when
    ``json_checked`` (text orjson wrote), which DuckDB takes without parsing again; otherwise
    DuckDB's cast to JSON checks each value."""
    if _ARROW_JSON is None or not json_checked:
        return table
    for i, field in enumerate(table.schema):
        if (name, field.name) in _JSON_COLUMNS and pa.types.is_string(field.type):
            column = pa.chunked_array([pa.ExtensionArray.from_storage(_ARROW_JSON, chunk)
                                       for chunk in table.column(i).chunks], _ARROW_JSON)
            table = table.set_column(i, pa.field(field.name, _ARROW_JSON), column)
    return table


def _plain_strings(table: pa.Table) -> pa.Table:
    """``table`` with its dictionary columns decoded into plain strings."""
    for i, field in enumerate(table.schema):
        if pa.types.is_dictionary(field.type):
            table = table.set_column(i, field.name, table.column(i).cast(field.type.value_type))
    return table
