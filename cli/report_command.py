"""`ludolog report`: one log, or an ingested database, as a self-contained HTML page.

The work is in :mod:`ludolog.cli.report`, imported only when the command runs. Its jinja2, altair
and vl-convert are the optional extra ``report``: without them the command says so and exits 1.
"""

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import DEFAULT_MAX_SIZE, MaxSizeOption, display_name, fail, handle_errors, load_log, usage_error

#: the modules of the extra ``report`` (import name -> distribution), as pyproject.toml declares it
RENDERING = {"jinja2": "jinja2", "altair": "altair", "vl_convert": "vl-convert-python"}
INSTALL_HINT = "pip install 'ludolog[report]'"


def require_rendering() -> None:
    """End the command (exit 1) with a sentence naming the extra when its packages are missing."""
    missing = []
    for module, distribution in RENDERING.items():
        try:
            __import__(module)
        except ModuleNotFoundError as exc:
            if exc.name != module and not (exc.name or "").startswith(module + "."):
                raise  # a package present but broken inside: not a missing extra
            missing.append(distribution)
    if missing:
        fail(f"ludolog report draws its pages with the optional extra 'report', which is not installed "
             f"(missing: {', '.join(missing)}); install it with: {INSTALL_HINT}")


@handle_errors
def report_command(
        log_file: Annotated[Optional[Path], typer.Argument(metavar="LOG", readable=False,
                                                           help="One log file (or --db for a corpus).")] = None,
        db: Annotated[Optional[Path], typer.Option("--db", readable=False,
                                                   help="An ingested database: write the corpus dashboard instead.")] = None,
        out: Annotated[Optional[Path], typer.Option("--out", "-o", readable=False,
                                                    help="The HTML file to write (default: LOG or the database "
                                                         "with .html).")] = None,
        overwrite: Annotated[bool, typer.Option("--overwrite", help="Replace the file if it exists.")] = False,
        max_size: MaxSizeOption = DEFAULT_MAX_SIZE) -> None:
    """Write one log as an HTML page that opens offline: header, score chart, ledger, claims and a
    step-through of every move with the board after it. With --db, write the corpus dashboard of an
    ingested database instead: games, win rate by turn position, scores, game length, points by
    category, Elo ranking and violations, each chart with the named query that feeds it.

    An invalid log gets its valid prefix and the violation at its move (exit 0: the page is written).
    Exit 1 if the log or database cannot be read, or the output file exists and --overwrite is not
    given; exit 2 if neither or both of LOG and --db are given.
    """
    from ludolog.replayer.core.files import write_file

    if (log_file is None) == (db is None):
        usage_error("give one log file, or --db FILE for the corpus dashboard (not both)", "LOG / --db")
    require_rendering()
    source = log_file if log_file is not None else db
    name = display_name(source)
    if source.is_dir():
        fail(f"{name}: is a folder; report takes one log file" if db is None else f"{name}: is a folder, not a database")
    if not source.exists():
        fail(f"{name}: no such file")
    target = out if out is not None else source.with_suffix(".html")
    if target.resolve() == source.resolve():
        fail(f"{display_name(target)}: is the {'log' if db is None else 'database'} itself; give another --out", file=name)
    if db is not None:
        from ludolog.etl.db import database_faults

        from .report.db_report import build_dashboard, render_dashboard

        with database_faults(f"read database {name}"):  # a damaged file is said as such
            board = build_dashboard(db)
        page = render_dashboard(board)
        write_file(target, page.encode("utf-8"), overwrite=overwrite)
        typer.echo(f"{name}: dashboard written to {display_name(target)}")
        return
    from .report.game_report import build, render_html

    log = load_log(log_file, max_size=max_size)
    page = render_html(build(log))
    write_file(target, page.encode("utf-8"), overwrite=overwrite)
    typer.echo(f"{name}: report written to {display_name(target)}")
