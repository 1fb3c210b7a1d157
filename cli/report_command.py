"""`ludolog report`: one log as a self-contained HTML page (registered from app.py).

The work is in :mod:`ludolog.cli.report`, imported only when the command runs, so that jinja2,
altair and vl-convert never slow the start of the other commands.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import DEFAULT_MAX_SIZE, MaxSizeOption, display_name, fail, handle_errors, load_log


@handle_errors
def report_command(
        log_file: Annotated[Path, typer.Argument(metavar="LOG", readable=False, help="One log file.")],
        out: Annotated[Optional[Path], typer.Option("--out", "-o", readable=False,
                                                    help="The HTML file to write (default: LOG with .html).")] = None,
        overwrite: Annotated[bool, typer.Option("--overwrite", help="Replace the file if it exists.")] = False,
        max_size: MaxSizeOption = DEFAULT_MAX_SIZE) -> None:
    """Write one log as an HTML page that opens offline: header, score chart, ledger, claims and a
    step-through of every move with the board after it.

    An invalid log gets its valid prefix and the violation at its move (exit 0: the page is written).
    Exit 1 if the log cannot be read, or the output file exists and --overwrite is not given.
    """
    from ludolog.replayer.core.files import write_file

    from .report.game_report import build, render_html

    name = display_name(log_file)
    if log_file.is_dir():
        fail(f"{name}: is a folder; report takes one log file")
    if not log_file.exists():
        fail(f"{name}: no such file")
    target = out if out is not None else log_file.with_suffix(".html")
    if target.resolve() == log_file.resolve():
        fail(f"{display_name(target)}: is the log itself; give another --out", file=name)
    log = load_log(log_file, max_size=max_size)
    page = render_html(build(log))
    write_file(target, page.encode("utf-8"), overwrite=overwrite)
    typer.echo(f"{name}: report written to {display_name(target)}")


def register(app: typer.Typer) -> None:
    app.command("report")(report_command)
