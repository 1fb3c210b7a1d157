"""Faults of the machine behind an error of DuckDB or of the operating system (:class:`Fault`):
:func:`fault_cause` recognises one; :func:`fault_text` says it to a user, with the file, what is
kept and the way out. :mod:`ludolog.etl.db` raises them as ``DatabaseFault``.
"""
from __future__ import annotations

import enum
import errno
import re
from pathlib import Path

import duckdb

from ludolog.replayer.core.files import OutputError


class Fault(enum.Enum):
    """A fault of the machine; the value says it to a user."""

    NO_SPACE = "no space left on the device"
    READ_ONLY = "the file system is read-only"
    NO_PERMISSION = "permission denied"
    TRUNCATED = "the file is truncated, so it is not a valid DuckDB database any more"
    DAMAGED = "the file is damaged (a block fails DuckDB's checksum), so it is not a valid DuckDB database"
    NOT_DUCKDB = "it is not a valid DuckDB database file (zeroed, damaged, or another program's)"


#: How DuckDB (2.x, and pyarrow and the OS for the files written from a database) words each fault.
#: A later statement on a connection that a fault invalidated repeats the original message.
_FAULT_TEXTS = [
    (Fault.NO_SPACE, re.compile(r"No space left on device|disk quota exceeded|\berrno\W*28\b", re.IGNORECASE)),
    (Fault.READ_ONLY, re.compile(r"Read-only file system|\berrno\W*30\b", re.IGNORECASE)),
    (Fault.NO_PERMISSION, re.compile(r"Permission denied|\berrno\W*13\b", re.IGNORECASE)),
    (Fault.TRUNCATED, re.compile(r"Could not read enough bytes from file", re.IGNORECASE)),
    (Fault.DAMAGED, re.compile(r"Corrupt database file|does not match stored checksum", re.IGNORECASE)),
    (Fault.NOT_DUCKDB, re.compile(r"is not a valid DuckDB database file", re.IGNORECASE)),
]
_FAULT_ERRNOS = {errno.ENOSPC: Fault.NO_SPACE, errno.EDQUOT: Fault.NO_SPACE, errno.EROFS: Fault.READ_ONLY,
                 errno.EACCES: Fault.NO_PERMISSION, errno.EPERM: Fault.NO_PERMISSION}
#: the file a DuckDB message names ("Could not write file "/x/db.wal": ..."), quotes escaped or not
_FAULT_FILE = re.compile(r'file \\?"(.+?)\\?"')
#: the faults that stop a write (what was written before it is kept); the others are faults of the file
WRITING_FAULTS = (Fault.NO_SPACE, Fault.READ_ONLY, Fault.NO_PERMISSION)
ADVICE = {
    Fault.NO_SPACE: "free some space and run the command again",
    Fault.READ_ONLY: "give a path on a writable file system, or remount it read-write",
    Fault.NO_PERMISSION: "this user may not write there: give a path in a folder you may write to, "
                         "or change its permissions",
    **dict.fromkeys((Fault.TRUNCATED, Fault.DAMAGED, Fault.NOT_DUCKDB),
                    "restore it from a copy, or ingest the logs again into a new --db file"),
}


def fault_cause(exc: BaseException) -> tuple[Fault, str | None] | None:
    """The fault of the machine behind ``exc`` (a DuckDB error, an ``OSError`` or an ``OutputError``
    of a file ludolog writes whole) and the file it names, or None: an error of another kind."""
    if isinstance(exc, (OSError, OutputError)) and exc.errno in _FAULT_ERRNOS:
        return _FAULT_ERRNOS[exc.errno], exc.filename
    if not isinstance(exc, (duckdb.Error, OSError)):
        return None
    text = str(exc)
    for fault, pattern in _FAULT_TEXTS:
        if pattern.search(text):
            named = _FAULT_FILE.findall(text)  # the last: "replaying WAL file "x.wal": Could not write file "x""
            return fault, named[-1] if named else None
    return None


def fault_text(exc: BaseException, doing: str, kept: str = "") -> str | None:
    """``exc`` in words, when it is a fault of the machine: what could not be done (``doing``, naming
    the file), the cause, the file DuckDB names when it is another one (the ``.wal``), what is kept
    (``kept``, said for the faults of writing alone) and the way out; None for any other error."""
    found = fault_cause(exc)
    if found is None:
        return None
    fault, named = found
    where = f" (at {named})" if named and Path(named).name not in doing else ""
    kept = f"; {kept}" if kept and fault in WRITING_FAULTS else ""
    return f"cannot {doing}: {fault.value}{where}{kept}; {ADVICE[fault]}"


def first_line(exc: BaseException) -> str:
    """The first line of ``exc``'s message (its type's name without one)."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
