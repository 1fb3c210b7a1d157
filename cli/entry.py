"""The console script ``ludolog``: a fast path for a plain ``ludolog validate``, else the typer app.

Checking one log should start at once, and most of a typer start-up is typer itself and the
pydantic adapters it builds to convert every argument. So :func:`main` first reads the arguments
of the common form of ``validate`` here - PATH... with ``--limit N``, ``-q/--quiet``,
``--max-size SIZE`` and ``-f/--format text|json``, spelled as click accepts them - and runs the
command's body (:func:`~ludolog.cli.validation.validate_paths`) with them, which prints exactly what
the typer command prints and exits with the same code. Anything else (help, completion, another
command, an option it does not know, a value it does not accept as it is, LUDOLOG_DEBUG, a
platform other than POSIX) goes to the typer app unchanged, which then gives its own output, usage
errors and did-you-mean suggestions. Nothing is printed before that choice is made.

``tests/test_entry.py`` checks that these arguments are read as the typer command reads them.
"""
from __future__ import annotations

import errno
import gc
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

#: the environment variable typer's shell completion sets (its prog name is ``ludolog``)
COMPLETION_VAR = "_LUDOLOG_COMPLETE"
#: a ``--limit`` value as the fast path takes it: a plain whole number (typer reads any other form)
_PLAIN_COUNT = re.compile(r"(0|[1-9][0-9]{0,17})")
_FORMATS = ("text", "json")


@dataclass(slots=True)
class ValidateArguments:
    """The parameters of ``validate``, as the typer command receives them."""

    paths: list[Path]
    limit: int = 20
    quiet: bool = False
    max_size: int | None = None  #: None: the default (common.DEFAULT_MAX_SIZE)
    fmt: str = "text"


def parse_validate(args: Sequence[str]) -> ValidateArguments | None:
    """``args`` (``sys.argv[1:]``) read as click reads ``ludolog validate ...``, or None when they
    are not a plain validate command this function is sure to read the same way (the typer app
    then reads them). Values are checked only as far as needed to be sure of that."""
    if not args or args[0] != "validate":
        return None
    parsed = ValidateArguments(paths=[])
    seen: set[str] = set()
    rest = list(args[1:])
    only_paths = False
    while rest:
        token = rest.pop(0)
        if only_paths or not token.startswith("-"):
            if token == "":
                return None  # an empty path: left to typer
            parsed.paths.append(Path(token))
            continue
        if token == "--":
            only_paths = True
            continue
        name, equals, value = token.partition("=") if token.startswith("--") else (token[:2], "", token[2:])
        if name in ("-q", "--quiet"):
            if equals or value:
                return None  # a value given to a flag, or combined short options
            option = "quiet"
        elif name in ("--limit", "--max-size", "--format", "-f"):
            option = {"-f": "--format"}.get(name, name).lstrip("-").replace("-", "_")
            if not equals and not value:
                if not rest:
                    return None  # the value is missing: typer's usage error
                value = rest.pop(0)
        else:
            return None  # help, an unknown option, a short option typer may read otherwise
        if option in seen:
            return None  # given twice: typer's rule (the last one wins) is left to typer
        seen.add(option)
        if option == "quiet":
            parsed.quiet = True
        elif option == "limit":
            if not _PLAIN_COUNT.fullmatch(value):
                return None
            parsed.limit = int(value)
        elif option == "format":
            if not value.isascii() or value.lower() not in _FORMATS:
                return None
            parsed.fmt = value.lower()
        else:
            from .common import parse_size

            try:
                parsed.max_size = parse_size(value)
            except Exception:  # noqa: BLE001 - typer.BadParameter: typer reports it
                return None
    return parsed if parsed.paths else None


def fast_path(args: Sequence[str], *, last_command: bool = False) -> int | None:
    """Run ``ludolog validate`` without typer when :func:`parse_validate` reads ``args``: its exit
    code, or None (nothing done, nothing printed) for the typer app to run instead.

    ``last_command``: the process ends with this command (the console script). What its imports
    make then lives until the end, so the garbage collector is paused while they run and what
    exists is frozen (:func:`gc.freeze`): the collections during the replay skip it, and so does
    the last one at exit once :func:`main` freezes everything again (together 7% of the
    instructions of a plain validate of one log).
    """
    if os.name != "posix" or os.environ.get(COMPLETION_VAR):
        return None
    parsed = parse_validate(args)
    if parsed is None:
        return None
    collecting = gc.isenabled()
    if last_command:
        gc.disable()
    try:
        from .common import DEFAULT_MAX_SIZE, OutputFormat, debug_enabled, error_boundary
        from .validation import validate_paths
    finally:
        if last_command:
            gc.freeze()
            if collecting:
                gc.enable()
    if debug_enabled():
        return None

    try:
        with error_boundary():
            return validate_paths(parsed.paths, parsed.limit, parsed.quiet,
                                  DEFAULT_MAX_SIZE if parsed.max_size is None else parsed.max_size,
                                  OutputFormat(parsed.fmt))
    except KeyboardInterrupt:
        return 130  # as typer ends a command interrupted by Ctrl-C
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        # the boundary ends quietly when the output's reader went away (`| head`); this is a
        # message to stderr failing in its turn: nobody is left to read anything either
        from .common import end_on_closed_output

        end_on_closed_output()
    except Exception as exc:  # noqa: BLE001 - typer's own ends of a command (fail(), the error boundary)
        typer = sys.modules.get("typer")
        if typer is None:
            raise
        if isinstance(exc, typer.Exit):
            return exc.exit_code
        if isinstance(exc, typer.Abort):
            print("Aborted!", file=sys.stderr)
            return 1
        if isinstance(exc, typer.BadParameter):  # a usage error (not one validate raises once it has paths)
            exc.show()
            return exc.exit_code
        raise


def main() -> None:
    """Console-script entry point ``ludolog``."""
    code = fast_path(sys.argv[1:], last_command=True)
    if code is None:
        from .app import main as typer_main

        typer_main()
        return
    gc.freeze()  # validate wrote and closed nothing that a collection at exit would finish
    sys.exit(code)
