"""Which logs an ingest replays: a log unchanged since it was stored (same path, size and
modification time, or the same content hash) keeps its stored game, unless the engine or catalog
that produced it changed (:attr:`Replay.STALE`) or everything is replayed (:attr:`Replay.ALL`).
"""
from __future__ import annotations

import enum
import hashlib
import os
from dataclasses import dataclass

from .sources import SourceError, is_url, read_url, source_name, url_stat
from .versions import current_digests


class Replay(str, enum.Enum):
    """Which of the given logs an ingest replays."""

    CHANGED = "changed"  # new and changed files; an unchanged file keeps its stored game
    STALE = "stale"  # ... and unchanged files stored by another engine or catalog version
    ALL = "all"  # every file (--force)


@dataclass(slots=True)
class _Stored:
    size: int | None
    mtime_ns: int | None
    game_id: str
    game: str | None
    engine_digest: str | None
    catalog_digest: str | None
    status: str


def _stat(path: str) -> tuple[int | None, int | None] | None:
    """(size, mtime in ns) of the file or URL; None when it cannot be looked at."""
    if is_url(path):
        return url_stat(path)
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns


def _unchanged(path: str, stored: _Stored, hashes: dict[str, str | None]) -> bool:
    """Whether the file still holds what was stored: same size and modification time, or (a file
    touched or copied) the same size and the stored content hash."""
    stat = _stat(path)
    if stat is None or stored.size is None or stat[0] != stored.size:
        return False  # gone or unreadable: replayed, so that the problem is recorded
    if stat[1] is not None and stat[1] == stored.mtime_ns:
        return True
    return _content_hash(path, hashes) == stored.game_id


def _content_hash(path: str, hashes: dict[str, str | None]) -> str | None:
    """SHA-256 of the file's bytes - its game id (None: it cannot be read), kept in ``hashes``."""
    if path not in hashes:
        try:
            if is_url(path):
                hashes[path] = hashlib.sha256(read_url(path)[0]).hexdigest()
            else:
                with open(path, "rb") as fh:
                    hashes[path] = hashlib.sha256(fh.read()).hexdigest()
        except (OSError, SourceError):
            hashes[path] = None
    return hashes[path]


def files_to_replay(con, files: list[str], replay_: Replay,
                    hashes: dict[str, str | None] | None = None) -> tuple[list[str], dict[str, int]]:
    """The files of ``files`` an ingest must replay (in their order) and, by stored status, how
    many it skips: a file is skipped when the database holds its game from the same path, size
    and modification time (or content hash), and - with :attr:`Replay.STALE` - the same engine
    and catalog digests as this ludolog's. A new file whose bytes are those of a game kept by an
    earlier file of ``files`` is skipped too: two files of one content are one game, the first
    file's (replaying it would move the game to the later file's name on every re-ingest)."""
    if replay_ is Replay.ALL or not files:
        return files, {}
    hashes = {} if hashes is None else hashes
    stored = {row[0]: _Stored(*row[1:]) for row in con.execute(
        "SELECT file, file_size, file_mtime_ns, game_id, game, engine_digest, catalog_digest, status FROM games "
        "WHERE file_size IS NOT NULL").fetchall()}
    if not stored:  # nothing can be skipped (a twin is only ever one of a kept game)
        return files, {}
    digests: dict = {}
    keep, skipped = [], {}
    kept_by_size: dict[int, dict[str, _Stored]] = {}  # size -> game id -> the games kept by an earlier file
    for path in files:
        row = stored.get(source_name(path))
        if row is None:
            row = _kept_twin(path, kept_by_size, hashes)
        elif not _unchanged(path, row, hashes) or (
                replay_ is Replay.STALE and row.game is not None
                and current_digests(row.game, digests) != (row.engine_digest, row.catalog_digest)):
            row = None
        if row is None:
            keep.append(path)
            continue
        skipped[row.status] = skipped.get(row.status, 0) + 1
        if row.size is not None:
            kept_by_size.setdefault(row.size, {})[row.game_id] = row
    return keep, skipped


def _kept_twin(path: str, kept_by_size: dict[int, dict[str, _Stored]],
               hashes: dict[str, str | None]) -> _Stored | None:
    """The game kept in this ingest whose content ``path`` holds (same size, same hash), if any."""
    stat = _stat(path) if kept_by_size else None
    size = stat and stat[0]
    if size is None or size not in kept_by_size:
        return None
    return kept_by_size[size].get(_content_hash(path, hashes) or "")
