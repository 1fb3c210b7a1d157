"""Logs named by fsspec URLs (``s3://bucket/logs/``, ``gs://...``, ``file:///...``, ``memory://...``).

A PATH with a scheme is read through fsspec (the ``ludolog[dask]`` extra) and the package of that
filesystem (s3fs, gcsfs, ...), which finds its own credentials. The rules are those of local files
(:mod:`ludolog.replayer.core.files`). A log is stored under its URL with its size and, where the
filesystem gives one, modification time, so that a re-ingest skips it unchanged.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ludolog.replayer.core import LudologError
from ludolog.replayer.core.files import (DEFAULT_MAX_SIZE, LOG_SUFFIX, FileProblem, FileProblemKind, display_name,
                                         search_logs)

from .faults import first_line

_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+://")


class SourceError(LudologError):
    """A URL cannot be read at all: fsspec or the filesystem's package is missing, or an unknown scheme."""


def is_url(path: str | Path) -> bool:
    """Whether ``path`` is a URL (``scheme://...``); a one-letter scheme is a Windows drive."""
    return isinstance(path, str) and bool(_URL.match(path))


def _filesystem(url: str):
    """(fsspec filesystem, path within it) for ``url``."""
    try:
        import fsspec
    except ImportError:
        raise SourceError(f"{display_name(url)}: reading URLs needs fsspec (pip install 'ludolog[dask]')") from None
    try:
        return fsspec.core.url_to_fs(url)
    except (ImportError, ValueError) as exc:  # "Install s3fs to access S3", "Protocol not known: ..."
        raise SourceError(f"{display_name(url)}: {first_line(exc)}") from None


def _modified_ns(info: dict) -> int | None:
    """The modification time fsspec reports for a file (the key differs by filesystem), in ns."""
    for key in ("mtime", "LastModified", "last_modified", "updated", "created"):
        value = info.get(key)
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, (int, float)):
            return int(value * 1_000_000_000)
        if isinstance(value, str):
            try:
                value = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
            except ValueError:
                continue
        if isinstance(value, dt.datetime):
            if value.tzinfo is None:
                value = value.replace(tzinfo=dt.timezone.utc)
            return int(value.timestamp() * 1_000_000) * 1000
    return None


def url_stat(url: str) -> tuple[int | None, int | None] | None:
    """(size, mtime in ns) of the file at ``url``; None when it cannot be looked at."""
    try:
        fs, path = _filesystem(url)
        info = fs.info(path)
    except (SourceError, OSError, ValueError):
        return None
    if info.get("type") != "file":
        return None
    size = info.get("size")
    return size if isinstance(size, int) else None, _modified_ns(info)


def read_url(url: str, max_size: int = DEFAULT_MAX_SIZE) -> tuple[bytes, tuple[int, int | None]]:
    """The bytes of the log at ``url`` (a regular file of at most ``max_size`` bytes) and its stat.

    :raises OSError: it is missing, not a file, too large, or cannot be read.
    :raises SourceError: fsspec or the filesystem's package is missing.
    """
    fs, path = _filesystem(url)
    info = fs.info(path)  # FileNotFoundError for a missing one
    problem = _file_problem(url, info, max_size)
    if problem is not None:
        raise OSError(problem.message)
    size = info.get("size")
    with fs.open(path, "rb") as handle:
        data = handle.read(max_size + 1)
    if len(data) > max_size:
        raise OSError(f"larger than the limit of {max_size} bytes (--max-size)")
    return data, (size if isinstance(size, int) else len(data), _modified_ns(info))


def source_name(path: str | Path) -> str:
    """The name a log is stored under (``games.file``): the absolute local path, or the URL."""
    if is_url(path):
        return display_name(path)
    return display_name(Path(path).resolve())


@dataclass(slots=True)
class SourceSearch:
    """What a list of paths and URLs names, in order: logs and problems."""

    files: list[str] = field(default_factory=list)
    problems: list[FileProblem] = field(default_factory=list)


def _search_url(url: str, suffix: str, max_size: int) -> tuple[list[str], list[FileProblem]]:
    fs, path = _filesystem(url)
    name = display_name(url)
    try:
        info = fs.info(path)
    except FileNotFoundError:
        return [], [FileProblem(name, FileProblemKind.MISSING, "no such file or folder", named=True)]
    except (OSError, ValueError) as exc:
        return [], [FileProblem(name, FileProblemKind.UNREADABLE, f"cannot read it: {first_line(exc)}", named=True)]
    kind = info.get("type")
    if kind == "directory":
        try:
            found = fs.find(path, detail=True)
        except (OSError, ValueError) as exc:
            return [], [FileProblem(name, FileProblemKind.UNREADABLE, f"cannot list this folder: {first_line(exc)}",
                                    named=True)]
        files, problems = [], []
        for inner in sorted(p for p in found if p.endswith(suffix)):
            problem = _file_problem(fs.unstrip_protocol(inner), found[inner], max_size)
            if problem is not None:
                problems.append(problem)
            else:
                files.append(fs.unstrip_protocol(inner))
        if not files and not problems:
            problems.append(FileProblem(name, FileProblemKind.NO_LOGS, f"this folder contains no {suffix} logs",
                                        named=True))
        return files, problems
    problem = _file_problem(name, info, max_size)
    if problem is not None:
        problem.named = True
        return [], [problem]
    return [fs.unstrip_protocol(path)], []


def _file_problem(name: str, info: dict, max_size: int) -> FileProblem | None:
    if info.get("type") != "file":
        return FileProblem(display_name(name), FileProblemKind.NOT_REGULAR,
                           f"not a regular file (fsspec type {info.get('type')!r}); only files are read")
    size = info.get("size")
    if isinstance(size, int) and size > max_size:
        return FileProblem(display_name(name), FileProblemKind.TOO_LARGE,
                           f"{size} bytes, larger than the limit of {max_size} bytes (--max-size)")
    return None


def find_sources(paths: Sequence[str | Path], suffix: str = LOG_SUFFIX,
                 max_size: int = DEFAULT_MAX_SIZE) -> SourceSearch:
    """The logs and the problems ``paths`` name, in the order given, each log once.

    :raises SourceError: a URL whose filesystem cannot be used at all.
    """
    search = SourceSearch()
    seen: set[str] = set()
    run: list[str | Path] = []  # consecutive local paths, searched together (a folder named twice is one)

    def add(files: list[str], problems: list[FileProblem]) -> None:
        for file in files:
            key = source_name(file)
            if key not in seen:
                seen.add(key)
                search.files.append(file)
        search.problems.extend(problems)

    def flush() -> None:
        if run:
            found = search_logs(run, suffix, max_size)
            add([str(f) for f in found.files], found.problems)
            run.clear()

    for path in paths:
        if is_url(str(path)):
            flush()
            add(*_search_url(str(path), suffix, max_size))
        else:
            run.append(path)
    flush()
    return search
