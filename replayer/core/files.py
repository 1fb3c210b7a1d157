"""Which log files a list of paths names, how one is read, and why anything found was not used;
and how ludolog writes a file without harming what is there (:func:`write_file`).

Every path named and every entry met while searching a folder is either a log to read or a
:class:`FileProblem` to report: nothing is silently left out. Only regular files are opened, after
:func:`os.stat` says so, non-blocking (a FIFO swapped in after the check cannot hang the reader),
and read up to the size limit. Names that are not UTF-8 are shown escaped (:func:`display_name`).
"""
from __future__ import annotations

import contextlib
import enum
import errno
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .errors import LogError, LudologError, Violation
from .rules import Rule, RuleBook

LOG_SUFFIX = ".json"
DEFAULT_MAX_SIZE = 256 * 1024 * 1024  # bytes; far above any real log, far below a machine's memory

_REF = "ludolog docs, Which files are read"


class FileProblemKind(str, enum.Enum):
    """Why a path found was not read as a log; the value is the stable code a user sees."""

    MISSING = "CORE.FILE.MISSING"
    NO_LOGS = "CORE.FILE.NO_LOGS"
    UNREADABLE = "CORE.FILE.UNREADABLE"
    BROKEN_LINK = "CORE.FILE.BROKEN_LINK"
    LINK_LOOP = "CORE.FILE.LINK_LOOP"
    NOT_REGULAR = "CORE.FILE.NOT_REGULAR"
    TOO_LARGE = "CORE.FILE.TOO_LARGE"


FILE_RULES = RuleBook("files", source="ludolog docs", rules=[
    Rule(FileProblemKind.MISSING.value, _REF, "A path named on the command line must exist."),
    Rule(FileProblemKind.NO_LOGS.value, _REF, "A folder named on the command line must contain .json logs."),
    Rule(FileProblemKind.UNREADABLE.value, _REF, "Every file and folder found must be readable."),
    Rule(FileProblemKind.BROKEN_LINK.value, _REF, "A symbolic link found must point to something that exists."),
    Rule(FileProblemKind.LINK_LOOP.value, _REF, "A symbolic link must not lead back into a folder that contains it."),
    Rule(FileProblemKind.NOT_REGULAR.value, _REF, "A log must be a regular file (not a FIFO, device or socket)."),
    Rule(FileProblemKind.TOO_LARGE.value, _REF, "A log must not be larger than the size limit (--max-size)."),
])


@dataclass(slots=True)
class FileProblem:
    """A path that was found but not read as a log. ``file`` is its :func:`display_name`."""

    file: str
    kind: FileProblemKind
    message: str
    path: Path | None = field(default=None, repr=False, compare=False)
    named: bool = field(default=False, repr=False, compare=False)  # named as such, not found in a folder

    @property
    def code(self) -> str:
        return self.kind.value

    def as_violation(self) -> Violation:
        return Violation(self.file, None, "", self.code, self.message, FILE_RULES[self.code].ref)

    def as_dict(self) -> dict:
        return {"file": self.file, "code": self.code, "message": self.message}

    def __str__(self) -> str:
        return f"{self.file}: {self.message} [{self.code}]"


class NoLogsError(LudologError):
    """A path names no log: it does not exist, or it is a folder without any."""


class FileProblemError(LogError):
    """A log file cannot be read at all (see :class:`FileProblem`); a :class:`LogError` with its one
    violation, so every caller that reports unreadable logs reports this one too."""

    def __init__(self, problem: FileProblem):
        self.problem = problem
        super().__init__([problem.as_violation()])


@dataclass(slots=True)
class LogSearch:
    """What a list of paths names, in the order found: each entry a log file or a problem."""

    entries: list[Path | FileProblem] = field(default_factory=list)

    @property
    def files(self) -> list[Path]:
        return [e for e in self.entries if isinstance(e, Path)]

    @property
    def problems(self) -> list[FileProblem]:
        return [e for e in self.entries if isinstance(e, FileProblem)]


# -- names --------------------------------------------------------------------------------------

def display_name(path: str | os.PathLike) -> str:
    """``path`` as text that any output can hold: bytes of a name that are not UTF-8 are shown as
    ``\\xNN`` and control characters as ``\\n``, ``\\x1b``... (a name cannot break a line of output).
    Names that are plain UTF-8 without control characters are unchanged."""
    text = os.fsdecode(os.fspath(path))
    if text.isprintable():
        return text
    try:
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that no file system produced: given as text
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii") for c in text)


_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _kind_of(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _size_text(size: int) -> str:
    for unit, factor in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= factor:
            return f"{size / factor:,.1f} {unit}".replace(".0 ", " ")
    return f"{size} bytes"


def problem_for_os_error(name: str, exc: OSError, what: str = "file") -> FileProblem:
    """Why ``name`` could not be read, from the error the system gave (one code per cause, the same
    for every command: a missing file, a link loop, permission denied, any other read error)."""
    if exc.errno == errno.ENOENT:
        return FileProblem(name, FileProblemKind.MISSING, f"no such {what}")
    if exc.errno == errno.ELOOP:
        return FileProblem(name, FileProblemKind.LINK_LOOP, "a symbolic link loop (the link leads back to itself)")
    if exc.errno in (errno.EACCES, errno.EPERM):
        verb = "list this folder" if what == "folder" else f"read this {what}"
        return FileProblem(name, FileProblemKind.UNREADABLE, f"cannot {verb}: permission denied")
    return FileProblem(name, FileProblemKind.UNREADABLE, f"cannot read this {what}: {exc.strerror or exc}")


def _regular_file_problem(name: str, st: os.stat_result, max_size: int) -> FileProblem | None:
    if not stat.S_ISREG(st.st_mode):
        return FileProblem(name, FileProblemKind.NOT_REGULAR, f"{_kind_of(st.st_mode)}, not a log file; only regular files are read")
    if st.st_size > max_size:
        return FileProblem(name, FileProblemKind.TOO_LARGE,
                           f"{_size_text(st.st_size)}, larger than the limit of {_size_text(max_size)} (--max-size)")
    return None


# -- reading --------------------------------------------------------------------------------------

def read_log_bytes(path: str | os.PathLike, max_size: int = DEFAULT_MAX_SIZE) -> bytes:
    """The bytes of one log file: a regular file of at most ``max_size`` bytes, checked before it
    is opened and again on the open file.

    :raises FileProblemError: missing, unreadable, not a regular file, or over ``max_size``.
    """
    name = display_name(path)
    try:
        problem = _regular_file_problem(name, os.stat(path), max_size)
        if problem is not None:
            raise FileProblemError(problem)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as handle:
            # Swapped for something else between the stat and the open: checked on what is open.
            problem = _regular_file_problem(name, os.fstat(handle.fileno()), max_size)
            if problem is not None:
                raise FileProblemError(problem)
            data = handle.read(max_size + 1)
    except IsADirectoryError:
        raise FileProblemError(FileProblem(name, FileProblemKind.NOT_REGULAR, "a folder, not a log file")) from None
    except OSError as exc:
        raise FileProblemError(problem_for_os_error(name, exc)) from None
    if len(data) > max_size:  # it grew while being read
        raise FileProblemError(FileProblem(name, FileProblemKind.TOO_LARGE,
                                           f"larger than the limit of {_size_text(max_size)} (--max-size)"))
    return data


# -- searching ------------------------------------------------------------------------------------

def search_logs(paths: Sequence[str | os.PathLike], suffix: str = LOG_SUFFIX,
                max_size: int = DEFAULT_MAX_SIZE) -> LogSearch:
    """Files as given, folders searched recursively for ``*<suffix>`` (sorted by name, a folder's
    contents where its name sorts); each file once even when named or linked twice. Symbolic links
    are followed, except one leading back into a folder being searched (a loop). Never raises: every
    path that is not a readable regular log within ``max_size`` is a :class:`FileProblem` entry.
    """
    search = LogSearch()
    seen_files: set[str] = set()  # real paths: a file linked twice is one, hard links are two names
    seen_folders: set[tuple[int, int]] = set()  # (device, inode): a folder linked twice is searched once

    def add_file(path: Path) -> None:
        key = os.path.realpath(path)
        if key not in seen_files:
            seen_files.add(key)
            search.entries.append(path)

    for given in paths:
        path = Path(given)
        name = display_name(path)
        try:
            st = os.stat(path)
        except OSError as exc:
            if exc.errno == errno.ENOENT and os.path.islink(path):
                problem = _broken_link(name, path)
            elif exc.errno == errno.ENOENT:
                problem = FileProblem(name, FileProblemKind.MISSING, "no such file or folder")
            else:
                problem = problem_for_os_error(name, exc)
            problem.path, problem.named = path, True
            search.entries.append(problem)
            continue
        key = (st.st_dev, st.st_ino)
        if stat.S_ISDIR(st.st_mode):
            if key in seen_folders:
                continue  # named twice, or inside a folder already searched: its logs are listed
            found = 0
            for entry in _walk(path, key, suffix, max_size, seen_folders):
                if isinstance(entry, FileProblem):
                    search.entries.append(entry)
                else:
                    found += 1
                    add_file(entry)
            if not found and not any(isinstance(e, FileProblem) and e.path is not None
                                     and (e.path == path or path in e.path.parents) for e in search.entries):
                search.entries.append(FileProblem(name, FileProblemKind.NO_LOGS,
                                                  f"this folder contains no {suffix} logs", path, True))
            continue
        problem = _regular_file_problem(name, st, max_size)
        if problem is not None:
            problem.path, problem.named = path, True
            search.entries.append(problem)
        else:
            add_file(path)
    return search


def _broken_link(name: str, path: Path) -> FileProblem:
    try:
        target = os.readlink(path)
    except OSError:
        target = "?"
    return FileProblem(name, FileProblemKind.BROKEN_LINK,
                       f"a broken symbolic link (its target {display_name(target)} does not exist)", path)


def _walk(top: Path, top_key: tuple[int, int], suffix: str, max_size: int,
          seen_folders: set[tuple[int, int]]) -> Iterator[Path | FileProblem]:
    """Depth-first, entries sorted by name, without recursion (any depth): each log file and each
    problem met. A folder reached again through a link is not searched twice; a link to a folder on
    the current path is a loop."""
    seen_folders.add(top_key)
    listed = _list(top)
    if isinstance(listed, FileProblem):
        yield listed
        return
    # Each level: the folder, its (device, inode), and the entries still to visit (last name first).
    stack: list[tuple[Path, tuple[int, int], list[os.DirEntry]]] = [(top, top_key, listed)]
    while stack:
        folder, _, pending = stack[-1]
        if not pending:
            stack.pop()
            continue
        entry = pending.pop()
        path = folder / entry.name
        is_link = False
        try:
            is_link = entry.is_symlink()
            is_dir = entry.is_dir(follow_symlinks=False)
            if is_link:
                st = os.stat(path)
                is_dir = stat.S_ISDIR(st.st_mode)
            elif is_dir or entry.name.endswith(suffix):
                st = entry.stat(follow_symlinks=False)
            else:
                continue  # not a log by its name, and no folder that could hold one
        except OSError as exc:
            name = display_name(path)
            problem = _broken_link(name, path) if exc.errno == errno.ENOENT and is_link else problem_for_os_error(name, exc)
            problem.path = path
            yield problem
            continue
        key = (st.st_dev, st.st_ino)
        if is_dir:
            if any(level[1] == key for level in stack):
                yield FileProblem(display_name(path), FileProblemKind.LINK_LOOP,
                                  "a symbolic link loop (it leads back into a folder that contains it); not followed",
                                  path)
            elif key not in seen_folders:  # else already searched under another name: listed there
                seen_folders.add(key)
                listed = _list(path)
                if isinstance(listed, FileProblem):
                    yield listed
                else:
                    stack.append((path, key, listed))
            continue
        if not entry.name.endswith(suffix):
            continue
        problem = _regular_file_problem(display_name(path), st, max_size)
        if problem is not None:
            problem.path = path
            yield problem
        else:
            yield path


def _list(folder: Path) -> list[os.DirEntry] | FileProblem:
    """The entries of ``folder``, last name first (popped from the end in name order)."""
    try:
        with os.scandir(folder) as it:
            return sorted(it, key=lambda e: os.fsencode(e.name), reverse=True)
    except OSError as exc:
        problem = problem_for_os_error(display_name(folder), exc, "folder")
        problem.path = folder
        return problem


def find_logs(paths: Sequence[str | Path], suffix: str = LOG_SUFFIX, strict: bool = False,
              max_size: int = DEFAULT_MAX_SIZE) -> list[Path]:
    """The log files :func:`search_logs` finds. Without ``strict`` a file named as such that is
    missing, unreadable or a broken link is returned too, for the reader to record as an unreadable
    log; what must not be opened (a FIFO, a device, a file over the limit) or is no file is left out.

    :raises NoLogsError: with ``strict``, the first problem of any kind.
    """
    search = search_logs(paths, suffix, max_size)
    if strict and search.problems:
        first = search.problems[0]
        raise NoLogsError(f"{first.file}: {first.message}")
    read_later = (FileProblemKind.MISSING, FileProblemKind.BROKEN_LINK, FileProblemKind.UNREADABLE)
    return [e if isinstance(e, Path) else e.path for e in search.entries
            if isinstance(e, Path) or (e.named and e.kind in read_later and e.path is not None)]


# -- writing --------------------------------------------------------------------------------------

class OutputError(LudologError):
    """A file cannot be written where asked; the message names the path. ``errno`` is the system's
    error behind it (None for ludolog's own refusal) and ``filename`` the file meant, so that a
    caller can say a fault of the machine (a full disk) in the words it uses for every other write."""

    def __init__(self, message: str, os_errno: int | None = None, filename: str | None = None):
        super().__init__(message)
        self.errno = os_errno
        self.filename = filename


class OutputExistsError(OutputError):
    """The name to write is taken, and replacing it was not asked for."""


_NO_HARD_LINKS = (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK)


def write_file(path: str | os.PathLike, data: bytes | Callable[[object], None], overwrite: bool = False) -> None:
    """Write ``path`` whole or not at all, and never through a symbolic link.

    The data (bytes, or a function writing to a binary file object) goes to a new temporary file
    in the same folder, created exclusively and without following links; that file then takes
    the name. Without ``overwrite`` the name must be free (a file, folder or link of that name,
    even one appearing meanwhile, is refused); with it, a file or link of that name is replaced
    (a link itself, never the file it points to), a folder never.

    :raises OutputExistsError: the name is taken and ``overwrite`` is false.
    :raises OutputError: the folder cannot be written (the message names the path and why).
    """
    path = Path(path)
    name = display_name(path)
    if path.is_dir() and not path.is_symlink():
        raise OutputError(f"{name}: is a folder; give a file name")
    if not overwrite and os.path.lexists(path):
        raise OutputExistsError(f"{name}: exists already (ludolog does not replace files unless asked to)")
    temp = path.with_name(f".{path.name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(temp, flags, 0o666)
    except OSError as exc:
        raise OutputError(f"{name}: cannot write here: {exc.strerror or exc}", exc.errno, str(path)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(data, (bytes, bytearray, memoryview)):
                handle.write(data)
            else:
                data(handle)
        if overwrite:
            os.replace(temp, path)
            return
        try:
            os.link(temp, path, follow_symlinks=False)  # atomic: fails if the name was taken meanwhile
        except FileExistsError:
            raise OutputExistsError(f"{name}: exists already (ludolog does not replace files unless asked to)") from None
        except OSError as exc:
            if exc.errno not in _NO_HARD_LINKS:
                raise
            if os.path.lexists(path):  # a file system without hard links: checked, then renamed
                raise OutputExistsError(f"{name}: exists already (ludolog does not replace files unless asked to)") from None
            os.replace(temp, path)
    except OutputError:
        raise
    except OSError as exc:
        raise OutputError(f"{name}: cannot write: {exc.strerror or exc}", exc.errno, str(path)) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
