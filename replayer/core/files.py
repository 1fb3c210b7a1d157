"""Which log files a list of paths names: files as given, folders searched recursively."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .errors import LudologError

LOG_SUFFIX = ".json"


class NoLogsError(LudologError):
    """A path names no log: it does not exist, or it is a folder without any."""


def find_logs(paths: Sequence[str | Path], suffix: str = LOG_SUFFIX, strict: bool = False) -> list[Path]:
    """Files as given, folders searched recursively for ``*<suffix>`` (sorted per folder), each file
    once even when named twice.

    :raises NoLogsError: with ``strict``, a path that does not exist or a folder with no logs
        (without ``strict`` a missing path is returned as given, for the caller to report).
    """
    out: list[Path] = []
    seen: set[Path] = set()
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = sorted(p for p in path.rglob(f"*{suffix}") if p.is_file())
            if strict and not found:
                raise NoLogsError(f"{path}: this folder contains no {suffix} logs")
        elif strict and not path.exists():
            raise NoLogsError(f"{path}: no such file or folder")
        else:
            found = [path]
        for p in found:
            key = p.resolve()
            if key not in seen:
                seen.add(key)
                out.append(p)
    return out
