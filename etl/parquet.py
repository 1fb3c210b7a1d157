"""Parquet extracts: logs replayed straight to Parquet (no DuckDB, ``ludolog extract``), and
extracts read back (``ludolog ingest --parquet``, ``ludolog query --parquet``).

An extract has the layout, manifest and never-overwrite rules of ``ludolog export``
(:mod:`ludolog.etl.export`), one file per partition for the k-th chunk of logs
(``OUT/<table>/game=<name>/data_<k>.parquet``), and the tables an ingest of the same logs holds.
Reading back takes only the files the manifest lists, each with its listed digest: an extract or
export that was changed, interrupted or is not ludolog's is refused.
"""
from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from ludolog.replayer.core import LudologError
from ludolog.replayer.core.files import display_name

from .db import BASE_CONFIG, DEFAULT_DB, SchemaStatus, open_for_writing, sql_text, upgrade_text
from .export import MARKER, STAGING_PREFIX, UNKNOWN_GAME, _digest, _read_marker, _swap_in, check_target
from .chunks import Chunk, ChunkStats, without_games
from .load import Loader, _plain_strings
from .tables import (COMMON_TABLES, KEY_NAMES, PLAYER_STATE_CHANGES, PLAYER_STATES_VIEW, SCORE_BY_MOVE_VIEW,
                     STATE_TYPES, TABLES, game_state_table, game_table_name, game_views_ddl)
from .workers import chunked_files

EXTRACT_FORMAT = "ludolog-extract/1"
STATE_CHANGES = PLAYER_STATE_CHANGES.name
_PART = re.compile(r"^([a-z0-9_]+)/game=([^/]+)/data_(\d+)\.parquet$")


class ExtractError(LudologError):
    """A folder that is not a complete, unchanged ludolog extract or export."""


# -- writing an extract -----------------------------------------------------------------------------

@dataclass
class ExtractSummary:
    out: str
    files: int
    workers: int
    seconds: float = 0.0
    games_written: int = 0
    stats: ChunkStats = field(default_factory=ChunkStats)
    rows: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.stats.ok

    def as_dict(self) -> dict:
        return {"out": self.out, "files": self.files, "workers": self.workers, "seconds": round(self.seconds, 3),
                "games_written": self.games_written, **self.stats.as_dict(), "rows": dict(self.rows)}


def _partitions(chunk: Chunk) -> dict[str, dict[str, pa.Table]]:
    """table -> game name (``unknown`` for none) -> the chunk's rows of that table and game, without
    a ``game`` column (the partition folder says it)."""
    games = _plain_strings(chunk.tables["games"])
    ids = games.column("game_id").combine_chunks()
    names = pc.fill_null(games.column("game"), UNKNOWN_GAME).combine_chunks()
    out: dict[str, dict[str, pa.Table]] = {}
    for name, table in chunk.tables.items():
        if not table.num_rows:
            continue
        table = _plain_strings(table)
        if name == "games":
            per_row = names
            table = table.drop_columns(["game"])
        else:
            per_row = pc.take(names, pc.index_in(table.column("game_id"), value_set=ids))
        for game in sorted(set(per_row.to_pylist())):
            out.setdefault(name, {})[game] = table.filter(pc.equal(per_row, game))
    return out


def _write_part(staging: Path, number: int, chunk: Chunk, summary: ExtractSummary) -> None:
    for table, by_game in _partitions(chunk).items():
        for game, rows in by_game.items():
            folder = staging / table / f"game={game}"
            folder.mkdir(parents=True, exist_ok=True)
            pq.write_table(rows, folder / f"data_{number}.parquet")
            summary.rows[table] = summary.rows.get(table, 0) + rows.num_rows


def extract_steps(files: Sequence[str | Path], out: str | Path, workers: int | None = None,
                  chunk_size: int | None = None, summary: ExtractSummary | None = None,
                  dask: str | None = None, overwrite: bool = False) -> Iterator[ChunkStats]:
    """Replay ``files`` (log files or URLs, not folders) into Parquet under ``out``, yielding each
    chunk's statistics as it is written; ``workers`` and ``dask`` as for an ingest.

    :raises ExportRefused: ``out`` holds what ludolog did not write.
    :raises DaskError: the Dask cluster cannot be used.
    """
    from .ingest import CHUNK_FILE_BYTES, chunk_size_for, open_pool, worker_count

    out = Path(out)
    target = check_target(out, overwrite, verb="extract")
    workers = worker_count(workers, dask)
    files = [str(f) for f in files]
    size = chunk_size or chunk_size_for(len(files), workers)
    summary = summary if summary is not None else ExtractSummary(display_name(out), len(files), workers)
    start = time.perf_counter()
    pool = open_pool(dask, min(workers, max(1, len(files))))
    completed = False
    made = _missing_folders(out)  # made by this extract: removed again if it does not complete
    try:
        if dask:
            summary.workers = pool.workers
        out.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out))
        try:
            written: set[str] = set()
            for number, chunk in enumerate(pool.extract(chunked_files(files, size, CHUNK_FILE_BYTES))):
                summary.stats.add(chunk.stats)
                chunk = without_games(chunk, written.intersection(chunk.game_ids))  # the first file of a content wins
                written.update(chunk.game_ids)
                summary.games_written += len(chunk.game_ids)
                _write_part(staging, number, chunk, summary)
                summary.seconds = time.perf_counter() - start
                yield chunk.stats
            _swap_in(out, staging, target, {"extract": EXTRACT_FORMAT, "logs": len(files)})
            completed = True
        finally:
            shutil.rmtree(staging, ignore_errors=True)  # made just now by this extract, for it alone
    finally:
        pool.close(abort=not completed)
        summary.seconds = time.perf_counter() - start
        if not completed:  # OUT as it was: the folders this extract made go, if nothing else was put there
            for folder in made:
                with contextlib.suppress(OSError):
                    folder.rmdir()


def _missing_folders(path: Path) -> list[Path]:
    """``path`` and its parents that do not exist yet, deepest first."""
    missing = []
    while not os.path.lexists(path) and path != path.parent:
        missing.append(path)
        path = path.parent
    return missing


def extract(files: Sequence[str | Path], out: str | Path, workers: int | None = None, chunk_size: int | None = None,
            dask: str | None = None, overwrite: bool = False) -> ExtractSummary:
    """Replay ``files`` (folders are searched for ``*.json``; URLs through fsspec) into Parquet under ``out``."""
    from .ingest import log_sources, worker_count

    files = log_sources(files)
    summary = ExtractSummary(display_name(out), len(files), worker_count(workers))
    for _ in extract_steps(files, out, workers, chunk_size, summary, dask=dask, overwrite=overwrite):
        pass
    return summary


# -- reading an extract (or an export) --------------------------------------------------------------

@dataclass(slots=True)
class ParquetFile:
    table: str
    game: str  # the partition (``unknown``: logs that name no known game)
    part: int
    path: Path


@dataclass(slots=True)
class ParquetExtract:
    """The files of an extract or export, as its manifest lists them."""

    root: Path
    files: list[ParquetFile]

    @property
    def parts(self) -> list[int]:
        return sorted({f.part for f in self.files})

    def tables(self) -> list[str]:
        common = [t.name for t in COMMON_TABLES]
        return common + sorted({f.table for f in self.files} - set(common))

    def paths(self, table: str) -> list[Path]:
        return [f.path for f in self.files if f.table == table]


def open_extract(root: str | Path) -> ParquetExtract:
    """The extract or export in ``root``, after checking every file its manifest lists: present,
    a regular file, with the listed digest, named as ludolog names its files.

    :raises ExtractError: it is not such an extract or export.
    """
    root = Path(root)
    name = display_name(root)
    if not root.is_dir():
        raise ExtractError(f"{name}: no such folder (give the --out folder of `ludolog extract` or `ludolog export`)")
    listed = _read_marker(root)
    if listed is None:
        raise ExtractError(f"{display_name(root / MARKER)}: is not a manifest ludolog wrote")
    if not listed:
        raise ExtractError(f"{name}: not a ludolog extract or export (it has no {MARKER} manifest)")
    files = []
    for rel, digests in sorted(listed.items()):
        where = display_name(root / rel)
        if len(digests) != 1:
            raise ExtractError(f"{name}: an interrupted export or extract (its manifest lists two versions of "
                               f"{rel}); run it again")
        match = _PART.match(rel)
        if match is None:
            raise ExtractError(f"{where}: listed in the manifest, but not a file ludolog writes there")
        table, game, part = match.group(1), match.group(2), int(match.group(3))
        if table not in TABLES and table != game_table_name(game):
            raise ExtractError(f"{where}: {table} is no ludolog table of game {game}")
        path = root / rel
        try:
            info = os.lstat(path)
        except OSError:
            raise ExtractError(f"{where}: listed in the manifest but missing; export or extract again") from None
        if not stat.S_ISREG(info.st_mode) or _digest(path) != digests[0]:
            raise ExtractError(f"{where}: changed since ludolog wrote it; export or extract again")
        files.append(ParquetFile(table, game, part, path))
    return ParquetExtract(root, files)


_ARROW_KINDS = {str(arrow): kind for kind, (arrow, _) in STATE_TYPES.items()}


def _state_columns(file: ParquetFile, schema: pa.Schema) -> tuple:
    """``Game.state_columns`` of a per-game table, from its Parquet schema."""
    keys = list(KEY_NAMES)
    if schema.names[:len(keys)] != keys:
        raise ExtractError(f"{display_name(file.path)}: not a per-game table of ludolog (its first columns are "
                           f"{', '.join(schema.names[:len(keys)])})")
    columns = [("score", "int")]
    for column in schema.names[len(keys):]:
        kind = _ARROW_KINDS.get(str(schema.field(column).type))
        if kind is None:
            raise ExtractError(f"{display_name(file.path)}: column {column} has type {schema.field(column).type}, "
                               f"not one of a game's state columns")
        columns.append((column, kind))
    return tuple(columns)


def _read(file: ParquetFile, expected: pa.Schema) -> pa.Table:
    table = pq.ParquetFile(file.path).read()
    if file.table == "games":
        value = None if file.game == UNKNOWN_GAME else file.game
        table = table.append_column("game", pa.array([value] * table.num_rows, pa.string()))
    if sorted(table.column_names) != sorted(expected.names):
        raise ExtractError(f"{display_name(file.path)}: its columns are not those of ludolog's table {file.table} "
                           f"({', '.join(sorted(set(table.column_names) ^ set(expected.names)))} differ)")
    try:
        return table.select(expected.names).cast(expected)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as exc:
        raise ExtractError(f"{display_name(file.path)}: a column does not have the type of ludolog's table "
                           f"{file.table} ({exc})") from None


def _chunk(extract_: ParquetExtract, part: int) -> Chunk:
    """The rows of part ``part`` (whole games) as a chunk to load."""
    parts: dict[str, list[pa.Table]] = {}
    game_columns: dict[str, tuple] = {}
    for file in (f for f in extract_.files if f.part == part):
        if file.table in TABLES:
            expected = TABLES[file.table].schema
        else:
            columns = _state_columns(file, pq.read_schema(file.path))
            game_columns[file.game] = columns
            expected = game_state_table(file.game, columns).schema
        parts.setdefault(file.table, []).append(_read(file, expected))
    tables = {name: pa.concat_tables(found) for name, found in parts.items()}
    if "games" not in tables:
        raise ExtractError(f"{display_name(extract_.root)}: part {part} has rows but no games")
    games = tables["games"]
    rows = {name: table.num_rows for name, table in tables.items()}
    statuses = games.column("status").to_pylist()
    stats = ChunkStats(logs=games.num_rows, moves=rows.get("moves", 0), score_events=rows.get("score_events", 0),
                       violations=rows.get("violations", 0), stored_state_rows=rows.get(STATE_CHANGES, 0),
                       **{status: statuses.count(status) for status in ("valid", "unfinished", "invalid")})
    chunk = Chunk(files=games.column("file").to_pylist(), game_ids=games.column("game_id").to_pylist(),
                  tables=tables, game_columns=game_columns, stats=stats)
    stats.state_rows = chunk.state_rows  # the rows of the view player_states, as an ingest counts them
    return chunk


def ingest_parquet_steps(root: str | Path, db: str | Path = DEFAULT_DB, summary=None) -> Iterator[ChunkStats]:
    """Load the extract (or export) in ``root`` into ``db``, each part (whole games) in one
    transaction with the guarantees of an ingest; ``summary`` is filled in as it goes.

    :raises ExtractError: see :func:`open_extract`. :raises DatabaseError: see :class:`Loader`.
    """
    from .ingest import IngestSummary

    found = open_extract(root)  # every file checked before the database is touched
    summary = summary if summary is not None else IngestSummary(str(db), 0, 1)
    start = time.perf_counter()
    con = open_for_writing(db)
    try:
        loader = Loader(con, str(db))
        summary.failures = loader.failures
        if loader.database.status is SchemaStatus.OLDER:
            summary.notes.append(upgrade_text(loader.database, db))
        for part in found.parts:
            chunk = _chunk(found, part)
            summary.files += len(chunk.files)
            summary.stats.add(chunk.stats)
            began = time.perf_counter()
            summary.games_written += loader.write(chunk)
            summary.committed += len(chunk.files)
            summary.load_seconds += time.perf_counter() - began
            summary.seconds = time.perf_counter() - start
            yield chunk.stats
        loader.finish()
    finally:
        con.close()
        summary.seconds = time.perf_counter() - start


def ingest_parquet(root: str | Path, db: str | Path = DEFAULT_DB):
    """:func:`ingest_parquet_steps` to the end; returns its :class:`~ludolog.etl.ingest.IngestSummary`."""
    from .ingest import IngestSummary

    summary = IngestSummary(str(db), 0, 1)
    for _ in ingest_parquet_steps(root, db, summary):
        pass
    return summary


# -- querying an extract ----------------------------------------------------------------------------

def _files_sql(paths: list[Path]) -> str:
    return "[" + ", ".join(sql_text(str(p)) for p in paths) + "]"


def parquet_connection(root: str | Path):
    """An in-memory DuckDB connection with ludolog's tables and views over the extract in ``root``
    (``games.game`` NULL for ``unknown``). It reads the listed Parquet files and nothing else:
    ``allowed_paths`` is exactly those files, and the configuration is locked before any view is made.

    :raises ExtractError: see :func:`open_extract`.
    """
    import duckdb

    found = open_extract(root)
    paths = [f.path.resolve() for f in found.files]
    con = duckdb.connect(":memory:", config=dict(BASE_CONFIG))
    try:
        # allowed_paths can be set only while external access is on; locking comes last
        con.execute("SET allowed_paths = " + _files_sql(paths))
        con.execute("SET enable_external_access = false")
        con.execute("SET allow_community_extensions = false")
        con.execute("SET lock_configuration = true")
        for table in found.tables():
            files = [p.resolve() for p in found.paths(table)]
            if table not in TABLES:
                # no hive column: the table has the columns it has in a database (``game`` is not one)
                con.execute(f"CREATE VIEW {table} AS SELECT * FROM read_parquet({_files_sql(files)}, "
                            f"union_by_name = true, hive_partitioning = false)")
                continue
            definition = TABLES[table]
            if not files:  # no rows in the extract: the table with no rows
                con.execute(definition.documented_ddl())
                continue
            columns = ", ".join(
                f"CAST(NULLIF(game, '{UNKNOWN_GAME}') AS VARCHAR) AS game" if c.name == "game" and table == "games"
                else f"CAST({c.name} AS {c.sql}) AS {c.name}" for c in definition.columns)
            hive = "hive_partitioning = true, hive_types_autocast = false" if table == "games" else \
                "hive_partitioning = false"
            con.execute(f"CREATE VIEW {table} AS SELECT {columns} FROM read_parquet({_files_sql(files)}, {hive})")
        con.execute(PLAYER_STATES_VIEW)
        con.execute(SCORE_BY_MOVE_VIEW)
        for game in sorted({f.game for f in found.files if f.table not in TABLES}):
            for view in game_views_ddl(game, keyed=False):  # over the views above, which hold game_id
                con.execute(view)
    except BaseException:
        con.close()
        raise
    return con
