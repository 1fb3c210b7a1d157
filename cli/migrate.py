"""`ludolog migrate`: older log formats rewritten in the current one (replayer/core/migrate.py).

The logs are written, indented, under ``--out`` with their relative paths kept; an existing target
is refused unless ``--overwrite``, and an input file is never a target. A single file without
``--out`` is printed on stdout.
"""

from pathlib import Path
from typing import Annotated, Optional

import orjson
import typer

from ludolog.replayer.core import CURRENT_FORMAT, MigrationError, find_game
from ludolog.replayer.core.files import FileProblemError, OutputError, OutputExistsError, read_log_bytes, write_file
from ludolog.replayer.core.migrate import migrate_data

from .common import EXIT_INVALID, FormatOption, OutputFormat, emit, expand_paths, handle_errors, usage_error
from .common import path as path_parser


def _targets(paths: list[Path], out: Path) -> list[tuple[Path, Path]]:
    """(input file, file to write) for every log the paths name, relative layout kept under ``out``."""
    return [(f, out / (f.relative_to(given) if given.is_dir() else f.name))
            for given in paths for f in expand_paths([given])]


@handle_errors
def migrate_command(
        paths: Annotated[list[Path], typer.Argument(metavar="PATH...", show_default=False, parser=path_parser,
                                                    help="Log files and folders (searched for *.json).")],
        out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Folder for the migrated logs "
                                                    "(created if missing); without it one file is printed.")] = None,
        overwrite: Annotated[bool, typer.Option("--overwrite", help="Replace files that already exist in --out.")] = False,
        fmt: FormatOption = OutputFormat.text) -> None:
    """Rewrite logs in the current format (ludolog/2); logs already in it are written unchanged.

    Exit 0 when every log was written, 1 when one could not be read or a target exists.
    """
    if out is None:
        files = expand_paths(paths)
        if len(files) != 1 or paths[0].is_dir():
            usage_error("--out is needed to migrate a folder or several files", "--out")
        try:
            migrated, _ = migrate_data(read_log_bytes(files[0]), str(files[0]), find_game)
        except FileProblemError as exc:
            raise MigrationError(f"{exc.violations[0].file}: {exc.violations[0].message}") from None
        typer.echo(orjson.dumps(migrated, option=orjson.OPT_INDENT_2).decode())
        return
    pairs = _targets(paths, out)
    inputs = {source.resolve() for source, _ in pairs}
    done: list[dict] = []
    written: set[Path] = set()
    for source, target in pairs:
        entry = {"file": str(source), "out": str(target), "from": None, "status": "written", "error": None}
        done.append(entry)
        try:
            migrated, entry["from"] = migrate_data(read_log_bytes(source), str(source), find_game)
        except (FileProblemError, MigrationError) as exc:
            problem = exc.violations[0] if isinstance(exc, FileProblemError) else None
            entry.update(status="failed", error=f"{problem.file}: {problem.message}" if problem else str(exc))
            continue
        resolved = target.resolve()
        if resolved in inputs or resolved in written:
            entry.update(status="refused", error=f"{target}: is one of the logs being migrated; choose another --out")
            continue
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            # whole or not at all, never through a symbolic link (replayer/core/files.py)
            write_file(target, orjson.dumps(migrated, option=orjson.OPT_INDENT_2) + b"\n", overwrite=overwrite)
        except OutputExistsError:
            entry.update(status="refused", error=f"{target}: already exists (--overwrite replaces it)")
            continue
        except (OutputError, OSError) as exc:
            message = str(exc) if isinstance(exc, OutputError) else f"{target}: cannot write here: {exc.strerror or exc}"
            entry.update(status="failed", error=message)
            continue
        written.add(resolved)
    ok = all(e["status"] == "written" for e in done)
    if fmt == OutputFormat.json:
        emit({"format": CURRENT_FORMAT, "files": done, "ok": ok}, fmt)
    else:
        for e in done:
            if e["status"] == "written":
                change = "unchanged" if e["from"] == CURRENT_FORMAT else f"{e['from']} -> {CURRENT_FORMAT}"
                typer.echo(f"{e['file']}: {change}: {e['out']}")
            else:
                typer.echo(f"{e['error']}", err=True)
        typer.echo(f"{sum(e['status'] == 'written' for e in done)} of {len(done)} logs written in {CURRENT_FORMAT}")
    if not ok:
        raise typer.Exit(EXIT_INVALID)
