"""Export: every data table as Parquet, partitioned by game (``OUT/games/game=entdecker/data_0.parquet``,
``game=unknown`` for logs that name no known game), and the manifest ``OUT/.ludolog-export`` of
every file written with its SHA-256.

ludolog never deletes or overwrites what it did not write: a file is ludolog's if the manifest
lists its path and its content still has the listed digest (a link never is). An export into a
folder holding anything else is refused unless ``overwrite``, and even then only ludolog's own
files are replaced. The new files are staged inside OUT and moved into place partition by
partition, the manifest naming old and new files meanwhile, so an interrupted export is recognised.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

import orjson

from ludolog.replayer.core import LudologError
from ludolog.replayer.core.files import OutputError, display_name, write_file

from .db import DatabaseError, SchemaStatus, check_readable, connect, database_fault, game_tables, sql_text
from .tables import COMMON_TABLES, GAME_KEY, GAMES, SCHEMA_VERSION, STORED_SUFFIX

UNKNOWN_GAME = "unknown"
MARKER = ".ludolog-export"
MARKER_FORMAT = "ludolog-export/1"
STAGING_PREFIX = ".ludolog-export-staging-"
SHOWN = 3  # foreign entries named in a refusal


class ExportRefused(LudologError):
    """The target holds what ludolog did not write, where the export would have to replace it."""


@dataclass(slots=True)
class ExportedTable:
    table: str
    rows: int
    path: str


def _digest(path: Path) -> str:
    sha = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


# -- what in OUT is ludolog's own -------------------------------------------------------------------

@dataclass(slots=True)
class Target:
    """What the export folder holds: the files provably ludolog's (relative path -> digest), and
    every other entry."""

    root: Path
    own: dict[str, str]
    foreign: list[str]
    marker_ok: bool  # no marker, or a marker ludolog wrote (a foreign one is never replaced)

    def refusal(self, where: str = "") -> str:
        shown = ", ".join(display_name(f) for f in self.foreign[:SHOWN])
        more = f" and {len(self.foreign) - SHOWN} more" if len(self.foreign) > SHOWN else ""
        return f"{display_name(self.root / where) if where else display_name(self.root)}: holds files ludolog did not write ({shown}{more})"


def _read_marker(root: Path) -> dict[str, list[str]] | None:
    """The manifest's files (path -> accepted digests), {} when there is no marker, None when the
    marker is not one ludolog wrote."""
    path = root / MARKER
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return {}
    if not stat.S_ISREG(st.st_mode) or st.st_size > 64 << 20:
        return None
    try:
        data = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    files = data.get("files") if isinstance(data, dict) and data.get("format") == MARKER_FORMAT else None
    if not isinstance(files, dict) or not all(isinstance(v, list) for v in files.values()):
        return None
    return files


def survey(root: Path) -> Target:
    """Classify every entry under ``root`` as ludolog's own or not (links are not followed). A folder
    counts as foreign only when it is empty and on no listed path."""
    listed = _read_marker(root)
    marker_ok = listed is not None
    listed = listed or {}
    listed_dirs = {parent.as_posix() for rel in listed for parent in Path(rel).parents}
    own: dict[str, str] = {}
    foreign: list[str] = []

    def unlistable(exc: OSError) -> None:  # what cannot be seen cannot be proven ludolog's
        foreign.append(Path(exc.filename).relative_to(root).as_posix() + "/")

    for folder, dirs, files in os.walk(root, onerror=unlistable, followlinks=False):
        base = Path(folder).relative_to(root)
        for name in sorted(files) + [d for d in sorted(dirs) if os.path.islink(os.path.join(folder, d))]:
            rel = (base / name).as_posix()
            if rel == MARKER and base == Path("."):
                if not marker_ok:
                    foreign.append(rel)
                continue
            path = root / rel
            digests = listed.get(rel)
            digest = _digest(path) if digests and not path.is_symlink() and path.is_file() else None
            if digest is not None and digest in digests:
                own[rel] = digest
            else:
                foreign.append(rel)
        dirs[:] = [d for d in sorted(dirs) if not os.path.islink(os.path.join(folder, d))]
        if not dirs and not files and base != Path(".") and base.as_posix() not in listed_dirs:
            foreign.append(base.as_posix() + "/")
    return Target(root, own, sorted(foreign), marker_ok)


def _write_marker(root: Path, origin: dict, files: dict[str, list[str]]) -> None:
    """The manifest: ``origin`` says what was written from ({"db": FILE} for an export, the logs
    for an extract), ``files`` every file written with its digest."""
    document = {"format": MARKER_FORMAT, **origin,
                "note": "written by ludolog export or extract: the files it may replace; do not edit", "files": files}
    write_file(root / MARKER, orjson.dumps(document, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n",
               overwrite=True)


# -- the export -------------------------------------------------------------------------------------

def export(db: str | Path, out: str | Path, overwrite: bool = False) -> list[ExportedTable]:
    """Write each table of ``db`` under ``out/<table>/game=<name>/`` and the manifest; a previous
    export of ludolog's there is replaced (its files, and only those).

    :raises ExportRefused: ``out`` holds anything ludolog did not write (unless ``overwrite``), a
        partition folder to be written holds such files, or the marker is not ludolog's.
    :raises DatabaseError: ``db`` cannot be opened, holds no ludolog tables, or is of another schema
        version: an older one is to be upgraded by an ingest first, as an export has this ludolog's
        documented layout.
    """
    out = Path(out)
    target = check_target(out, overwrite)
    con = connect(db, read_only=True)
    try:
        if check_readable(con, db).status is SchemaStatus.OLDER:
            raise DatabaseError(f"{db} has an older table schema, and an export writes this ludolog's (schema "
                                f"{SCHEMA_VERSION}): upgrade it in place first with `ludolog ingest LOGS --db {db}`")
        out.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out))
        try:
            written = _copy_tables(con, staging)
            _swap_in(out, staging, target, {"db": str(db)})
        finally:
            shutil.rmtree(staging, ignore_errors=True)  # made just now by this export, for it alone
    finally:
        con.close()
    return [ExportedTable(t.table, t.rows, str(out / t.table)) for t in written]


def check_target(out: Path, overwrite: bool, verb: str = "export") -> Target:
    """What ``out`` holds, when an export (or extract) may write there.

    :raises ExportRefused: see :func:`export`.
    """
    if os.path.lexists(out) and not out.is_dir():
        raise ExportRefused(f"{display_name(out)}: exists and is not a folder")
    target = survey(out) if out.is_dir() else Target(out, {}, [], True)
    if not target.marker_ok:
        raise ExportRefused(f"{display_name(out / MARKER)}: is not a marker ludolog wrote; ludolog will not replace it")
    if target.foreign and not overwrite:
        raise ExportRefused(target.refusal() + f"; {verb} into a new or empty folder, or give --overwrite to "
                            "replace only ludolog's own earlier export there (nothing else is touched)")
    return target


def _copy_tables(con, staging: Path) -> list[ExportedTable]:
    """Each data table under ``staging/<table>/game=<name>/``, with the columns of its documented
    layout (``game_id``, never the database's own ``game_key``)."""
    written = []
    tables = [(t.name, t.stored_name) for t in COMMON_TABLES] + [(n, n + STORED_SUFFIX) for n in game_tables(con)]
    for table, source in tables:
        if source == GAMES.name:  # stored under its own name, game_key beside game_id
            select = f"SELECT * EXCLUDE ({GAME_KEY.name}) REPLACE (coalesce(game, '{UNKNOWN_GAME}') AS game) FROM games"
        else:
            select = (f"SELECT coalesce(g.game, '{UNKNOWN_GAME}') AS game, g.game_id, t.* EXCLUDE ({GAME_KEY.name}) "
                      f"FROM {source} t JOIN games g ON g.{GAME_KEY.name} = t.{GAME_KEY.name}")
        rows = con.execute(f"SELECT count(*) FROM {source}").fetchone()[0]
        if rows:
            con.execute(f"COPY ({select}) TO {sql_text(str(staging / table))} (FORMAT parquet, PARTITION_BY (game))")
        written.append(ExportedTable(table, rows, ""))
    return written


def _swap_in(out: Path, staging: Path, target: Target, origin: dict) -> None:
    """Move the staged partitions into ``out`` in place of ludolog's own old files."""
    partitions = sorted((p.parent.name, p.name) for p in staging.glob("*/*") if p.is_dir())
    new_files = {p.relative_to(staging).as_posix(): _digest(p) for p in staging.rglob("*") if p.is_file()}
    for table, part in partitions:
        for rel in (table, f"{table}/{part}"):
            where = out / rel
            if os.path.lexists(where) and (where.is_symlink() or not where.is_dir()):
                raise ExportRefused(f"{display_name(where)}: exists and is not a folder ludolog wrote; "
                                    "ludolog will not replace it")
        clash = [f for f in target.foreign if f.startswith(f"{table}/{part}/")]
        if clash:
            raise ExportRefused(Target(out, {}, clash, True).refusal(f"{table}/{part}")
                                + "; ludolog will not write a partition among them: move them away")
    # While old and new are swapped, the manifest names both: an interrupted export is recognised.
    both: dict[str, list[str]] = {rel: [digest] for rel, digest in target.own.items()}
    for rel, digest in new_files.items():
        both.setdefault(rel, []).append(digest)
    _write_marker(out, origin, both)
    for rel in target.own:
        (out / rel).unlink()
    for folder in sorted({parent for rel in target.own for parent in Path(rel).parents if parent != Path(".")},
                         key=lambda p: len(p.parts), reverse=True):
        try:
            (out / folder).rmdir()  # emptied of ludolog's files; one holding anything else stays
        except OSError:
            pass
    for table, part in partitions:
        (out / table).mkdir(exist_ok=True)
        os.rename(staging / table / part, out / table / part)  # onto nothing: checked above
    if not target.own:
        return  # nothing old was listed: the manifest written above is already the final one
    try:
        _write_marker(out, origin, {rel: [digest] for rel, digest in new_files.items()})
    except OutputError as exc:  # too late for "as it was": the new files are in, the old ones gone
        fault = database_fault(exc, f"write {display_name(out / MARKER)}",
                               kept=f"{display_name(out)} holds the new files, but its manifest still lists the old "
                                    "ones as well, so it reads as an interrupted export or extract")
        if fault is None:
            raise
        raise fault from None
