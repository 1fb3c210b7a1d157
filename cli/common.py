"""What every ludolog command shares: options, output, progress, path expansion and error mapping.

The one place that turns exceptions and violations into what a user sees and into exit codes: 0
success / every log valid; 1 an invalid log, failed check or unreadable input; 2 a usage error.
"""
from __future__ import annotations

import contextlib
import dataclasses
import enum
import errno
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import orjson
import typer

from ludolog.replayer.core import (GameLog, LogError, LudologError, Violation, game_names,
                                   get_game, parse_log, replay)
from ludolog.replayer.core.files import (DEFAULT_MAX_SIZE, LOG_SUFFIX, FileProblem, FileProblemError, NoLogsError,
                                         display_name, find_logs, read_log_bytes)

EXIT_INVALID = 1

BUG_HINT = "this is a bug in ludolog; please report it (set LUDOLOG_DEBUG=1 to see the traceback)"


class OutputFormat(str, enum.Enum):
    text = "text"
    json = "json"


_SIZE_UNITS = {"": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "M": 1 << 20, "MB": 1 << 20, "G": 1 << 30, "GB": 1 << 30}


def parse_size(text: str | int) -> int:
    """``--max-size`` value -> bytes: a whole number of bytes, or with a unit K, M or G (KB, MB, GB;
    1024-based), e.g. ``300M``. :raises typer.BadParameter: anything else, or not above 0 (exit 2)."""
    if isinstance(text, int):
        return text
    raw = text.strip().upper().replace(" ", "")
    digits = raw.rstrip("KMGB")
    unit = raw[len(digits):]
    if not digits.isdigit() or unit not in _SIZE_UNITS or int(digits) <= 0:
        raise typer.BadParameter(f"expected a size such as 300M, 2G or 1048576 (bytes), got {text!r}")
    return int(digits) * _SIZE_UNITS[unit]


FormatOption = Annotated[OutputFormat, typer.Option(
    "--format", "-f", case_sensitive=False,
    help="Output format: 'text' for people, 'json' for programs (one JSON document on stdout).")]
MaxSizeOption = Annotated[int, typer.Option(
    "--max-size", parser=parse_size, metavar="SIZE", show_default="256M",
    help="Largest log file read, e.g. 300M or 2G; a larger file is an error for that file alone.")]


def debug_enabled() -> bool:
    return os.environ.get("LUDOLOG_DEBUG", "").strip() not in ("", "0", "false", "no")


def run_script(name: str, body: Callable[[], int]) -> int:
    """Run a ``python -m`` script (demo, bench): its exit code, or a one-line message and 1 instead
    of a traceback (LUDOLOG_DEBUG=1 re-raises)."""
    try:
        return body()
    except Exception as exc:  # noqa: BLE001 - a script prints a message, not a traceback
        if debug_enabled():
            raise
        print(f"{name} failed: {type(exc).__name__}: {exc} (set LUDOLOG_DEBUG=1 to see the traceback)",
              file=sys.stderr)
        return 1


# -- output -----------------------------------------------------------------------------------

def _json_default(value: Any) -> Any:  # orjson writes dataclasses (violations), enums and tuples itself
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, (set, frozenset)):
        return list(value)
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def to_json(data: Any) -> str:
    """``data`` as indented JSON text (dataclasses, violations, paths and sets allowed)."""
    return orjson.dumps(data, default=_json_default,
                        option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS).decode()


def emit(data: Any, fmt: OutputFormat, text: Callable[[], str] | None = None) -> None:
    """Print ``data`` as JSON for ``--format json``, else ``text()`` (built only when needed)."""
    typer.echo(to_json(data) if fmt == OutputFormat.json else text())


def fail(message: str, code: int = EXIT_INVALID, file: Path | str | None = None) -> NoReturn:
    """Print ``error: [file: ]message`` on stderr and end the command with exit ``code``."""
    say(f"error: {f'{file}: ' if file is not None else ''}{message}", err=True)
    raise typer.Exit(code)


def usage_error(message: str, param_hint: str | None = None) -> NoReturn:
    """A bad command-line value: typer prints usage and the message, exit 2."""
    raise typer.BadParameter(message, param_hint=param_hint)


def violation_text(v: Violation, with_context: bool = True) -> str:
    """``file: move N at /pointer: CODE: sentence [rule ref]`` plus the position, indented."""
    line = str(v)
    if with_context and v.context:
        line += "\n    position: " + v.context.replace("\n", "\n    ")
    return line


# -- errors -----------------------------------------------------------------------------------

def _message_for(exc: BaseException) -> str:
    """The user's sentence for an exception that reached a command boundary."""
    if isinstance(exc, LogError):
        return "\n".join(violation_text(v) for v in exc.violations) or "the log cannot be read"
    if isinstance(exc, LudologError):
        return str(exc)
    if isinstance(exc, FileNotFoundError):
        return f"{exc.filename}: no such file or directory"
    if isinstance(exc, IsADirectoryError):
        return f"{exc.filename}: is a folder, not a file"
    if isinstance(exc, PermissionError):
        return f"{exc.filename}: permission denied"
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{exc.strerror or exc}"
    if isinstance(exc, MemoryError):
        return "out of memory (is the input unreasonably large?)"
    fault = _duckdb_fault(exc)
    if fault is not None:
        return fault
    return f"unexpected {type(exc).__name__}: {exc}; {BUG_HINT}"


def _duckdb_fault(exc: BaseException) -> str | None:
    """A DuckDB error that is a fault of the machine (no space left, read-only, a damaged file)
    which no command named more closely, in words (the file DuckDB names included); None for any
    other error. DuckDB is only looked at when it raised the error (it is loaded then)."""
    if type(exc).__module__.split(".")[0] not in ("duckdb", "_duckdb"):
        return None
    from ludolog.etl.db import database_fault

    fault = database_fault(exc, "complete the command")
    return None if fault is None else str(fault)


@contextlib.contextmanager
def error_boundary() -> Iterator[None]:
    """Turn any exception inside into a message on stderr and exit 1 (typer's own exits pass).
    Output whose reader went away ends the command quietly: see :func:`end_on_closed_output`."""
    try:
        yield
    except Exception as exc:  # noqa: BLE001 - the boundary: no traceback may reach a user
        if isinstance(exc, OSError) and exc.errno == errno.EPIPE and output_closed():
            end_on_closed_output()
        if debug_enabled() or isinstance(exc, (typer.Exit, typer.Abort, typer.BadParameter)):
            raise
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        say(f"error: {_message_for(exc)}", err=True)
        raise typer.Exit(EXIT_INVALID) from None


#: the exit code when the reader of the output went away (``ludolog validate DIR | head``): the
#: code a shell reports for a program ended by SIGPIPE (128 + 13), as most Unix tools end there
EXIT_CLOSED_OUTPUT = 141


def output_closed() -> list[int]:
    """The descriptors of stdout and stderr that are a pipe (or socket) whose reader has gone away:
    poll reports an error on them. An EPIPE from anything else (another pipe, a connection) is an
    error to report."""
    import select

    closed = []
    for stream in (sys.__stdout__, sys.__stderr__):
        try:
            poller = select.poll()
            poller.register(stream.fileno(), select.POLLOUT)
            if any(events & select.POLLERR for _, events in poller.poll(0)):
                closed.append(stream.fileno())
        except (AttributeError, OSError, ValueError):  # no such stream, or not a file descriptor
            continue
    return closed


def end_on_closed_output() -> NoReturn:
    """End the command quietly because its output has no reader any more: no message (there is
    nobody to read it), exit :data:`EXIT_CLOSED_OUTPUT`. The closed descriptors are pointed at
    the null device (the recipe of Python's documentation on SIGPIPE), so that the interpreter's
    last flush at exit does not fail again with a message of its own."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for descriptor in output_closed():
        os.dup2(devnull, descriptor)
    os.close(devnull)
    raise SystemExit(EXIT_CLOSED_OUTPUT)  # passes typer's and click's handlers, which catch Exception


#: the decorator of every command (under ``@app.command()``): a context manager made by
#: ``contextlib.contextmanager`` decorates a function, entering a new boundary at each call
handle_errors = error_boundary()


# -- inputs -----------------------------------------------------------------------------------

def expand_paths(paths: Sequence[Path | str], suffix: str = LOG_SUFFIX) -> list[Path]:
    """Files as given, folders searched recursively for ``*<suffix>``; sorted per folder, no
    duplicates. Any problem found (a missing path, a folder without logs...) is exit 1."""
    if not paths:
        usage_error("give at least one file or folder", "PATH")
    try:
        return find_logs(paths, suffix, strict=True)
    except NoLogsError as exc:
        fail(str(exc))


def path(text: str) -> str:
    """The parser of every PATH argument (its name is the ``<path>`` of ``--help``): an empty one
    is refused, where ``Path("")`` would quietly be the current folder. The text is kept (a URL keeps its '//')."""
    if not text:
        usage_error("an empty PATH names no file or folder (the current folder is written .)", "PATH")
    return text


def one_log_file(path: Path, command: str) -> str:
    """The display name of the one log file ``command`` reads; a folder or a missing file ends it."""
    name = display_name(path)
    if path.is_dir():
        fail(f"{name}: is a folder; {command} takes one log file")
    if not path.exists():
        fail(f"{name}: no such file")
    return name


def resolve_game(name: str, param_hint: str = "GAME"):
    """The engine named ``name``; an unknown name is a usage error (exit 2) listing the known ones;
    a known game whose package fails to load is exit 1 with the reason."""
    if name not in game_names():
        usage_error(f"unknown game {name!r}; known games: {', '.join(game_names())}", param_hint)
    try:
        return load_game(name)
    except Exception as exc:  # noqa: BLE001 - a broken or unfinished game package, a bad catalog file
        if debug_enabled():
            raise
        fail(f"game {name!r} cannot be loaded: {_message_for(exc)}")


def load_game(name: str):
    """The engine ``name`` with its lazily loaded catalog and schema touched, so that a broken
    installation fails here."""
    game = get_game(name)
    _ = game.catalog_version, game.schema
    return game


def catalog_ids(game) -> dict[str, dict[str, dict]]:
    """The game's ids by kind (:meth:`Game.catalog_ids`), or none when its catalog cannot name them:
    names are a help, and what uses them (labels, forms, listings) works with the bare ids."""
    try:
        return game.catalog_ids()
    except Exception:  # noqa: BLE001 - see above
        if debug_enabled():
            raise
        return {}


def available_games() -> tuple[list, list[dict]]:
    """The engines that load, and the others (name and error) that ``ludolog games`` lists as unavailable."""
    games, unavailable = [], []
    for name in game_names():
        try:
            games.append(load_game(name))
        except Exception as exc:  # noqa: BLE001 - a broken or unfinished game package, a bad catalog file
            if debug_enabled():
                raise
            unavailable.append({"name": name, "error": f"{type(exc).__name__}: {exc}"})
    return games, unavailable


# -- checking one file --------------------------------------------------------------------------

@dataclasses.dataclass
class FileCheck:
    """The outcome of checking one log file. ``status``: valid, unfinished, invalid, unreadable
    (missing, not a regular file, too large, a broken link, an unlistable folder) or error (ludolog
    itself failed on this file); only valid and unfinished count as valid."""

    file: str
    status: str
    game: str = ""
    moves: int = 0
    applied: int = 0
    scores: dict = dataclasses.field(default_factory=dict)
    winners: list = dataclasses.field(default_factory=list)
    bot_scores: dict = dataclasses.field(default_factory=dict)  #: ``@id`` -> score of the game's bots
    unrevealed: int = 0  #: hidden draws never revealed (information, not a violation)
    result: str = ""  #: "ana 31, Paco & Paca 147: Paco & Paca win" for a finished game
    violations: list[Violation] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status in ("valid", "unfinished")

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


def load_log(path: Path | str, data: bytes | None = None, max_size: int = DEFAULT_MAX_SIZE) -> GameLog:
    """Read (a regular file of at most ``max_size`` bytes) and schema-check one log.
    :raises LogError: unreadable (:class:`FileProblemError`), not JSON, unknown game."""
    if data is None:
        data = read_log_bytes(path, max_size)
    return parse_log(data, display_name(path))


def problem_check(problem: FileProblem) -> FileCheck:
    """A path that was found but cannot be read as a log, as the check of an unreadable file."""
    return FileCheck(file=problem.file, status="unreadable", violations=[problem.as_violation()])


def check_file(path: Path | str, data: bytes | None = None, max_size: int = DEFAULT_MAX_SIZE) -> FileCheck:
    """Schema + full replay + claimed scores of one log. Never raises for a bad log; an internal
    failure becomes status ``error`` with a ``CORE.INTERNAL`` violation (re-raised in debug mode)."""
    name = display_name(path)
    try:
        log = load_log(path, data, max_size)
    except FileProblemError as exc:
        return problem_check(exc.problem)
    except LogError as exc:
        return FileCheck(file=name, status="invalid", violations=list(exc.violations))
    except Exception as exc:  # noqa: BLE001 - e.g. a game package that fails to load
        if debug_enabled():
            raise
        return FileCheck(file=name, status="error", violations=[internal_violation(name, exc)])
    try:
        result = replay(log)
    except Exception as exc:  # noqa: BLE001 - one broken file must not stop a folder's validation
        if debug_enabled():
            raise
        return FileCheck(file=name, status="error", game=log.game, moves=len(log.moves or []),
                         violations=list(log.violations) + [internal_violation(name, exc, log.game)])
    return FileCheck(file=name, status=result.status, game=log.game, moves=len(log.moves or []),
                     applied=result.applied, scores=result.scores, winners=result.winners,
                     violations=list(result.violations), unrevealed=result.unrevealed,
                     bot_scores={bot.claim_id: result.bot_scores[bot.id] for bot in result.bots},
                     result=result.result_line if result.terminal else "")


def internal_violation(file: str, exc: BaseException, game: str = "") -> Violation:
    """A file could not be checked. ``CORE.GAME.UNAVAILABLE``: the engine or its data (e.g. a
    replaced catalog file) cannot be used - not the log's fault, not a bug; ``CORE.INTERNAL``: a bug."""
    if isinstance(exc, (LudologError, OSError)):
        engine = f"the {game} engine" if game else "the game engine"
        return Violation(file, None, "", "CORE.GAME.UNAVAILABLE", f"{engine} cannot be used: {_message_for(exc)}")
    return Violation(file, None, "", "CORE.INTERNAL", f"unexpected {type(exc).__name__}: {exc}; {BUG_HINT}")


def parse_option_pairs(pairs: Sequence[str] | None, param_hint: str = "--option", as_json: bool = True) -> dict:
    """``key=value`` strings -> dict; with ``as_json`` values are read as JSON when they parse
    (numbers, true, false, null, lists), else kept as text. A pair without ``=`` is a usage error."""
    options: dict = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            usage_error(f"expected {'key=value' if as_json else 'NAME=VALUE'}, got {pair!r}", param_hint)
        try:
            options[key.strip()] = orjson.loads(value) if as_json else value
        except orjson.JSONDecodeError:
            options[key.strip()] = value
    return options


# -- progress -----------------------------------------------------------------------------------

T = TypeVar("T")


class _LiveBar:
    """The progress bar being drawn, if any, and the console it is drawn on."""

    console = None  #: rich Console of the bar on stderr, while a bar is shown
    stdout_too = False  #: stdout is the same terminal: its lines go through the bar's console


def say(text: str, err: bool = False) -> None:
    """Print one line (or several) on stdout (``err``: stderr). While a progress bar is drawn on
    the terminal the line is printed through the bar's console, above the bar, so that no line is
    ever glued to the bar."""
    console = _LiveBar.console
    if console is not None and (err or _LiveBar.stdout_too):
        from rich.text import Text

        console.print(Text.from_ansi(text), soft_wrap=True, highlight=False)
        return
    typer.echo(text, err=err)


def color_enabled(err: bool = False) -> bool:
    """Colour only for a terminal, and never when ``NO_COLOR`` is set (https://no-color.org) or
    the terminal is ``dumb``."""
    stream = sys.stderr if err else sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


def progress(iterable: Iterable[T], total: int, label: str,
             completed: Callable[[], int] | None = None) -> Iterator[T]:
    """Yield from ``iterable``, showing a rich progress bar on stderr only when stderr is a terminal
    and there is more than one item. The bar advances by one per item, or is set to ``completed()``
    after each item when given. Print lines with :func:`say` meanwhile."""
    if not sys.stderr.isatty() or total <= 1 or _LiveBar.console is not None:
        yield from iterable
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn())
    console = Console(stderr=True, no_color=not color_enabled(err=True) or None)
    # print() meanwhile goes above the bar only when stdout is the same terminal; a redirected
    # stdout must keep its data (rich would otherwise route it to the stderr console).
    with Progress(*columns, console=console, transient=True,
                  redirect_stdout=sys.stdout.isatty(), redirect_stderr=False) as bar:
        task = bar.add_task(label, total=total)
        _LiveBar.console, _LiveBar.stdout_too = console, sys.stdout.isatty()
        try:
            if completed is not None:
                bar.update(task, completed=completed())
            bar.refresh()  # drawn from the start, not at the first timer tick (a fast run is far along by then)
            for item in iterable:
                yield item
                if completed is not None:
                    bar.update(task, completed=completed())
                else:
                    bar.advance(task)
            bar.refresh()  # the last count is drawn once before the (transient) bar goes
        finally:
            _LiveBar.console, _LiveBar.stdout_too = None, False
