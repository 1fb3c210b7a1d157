"""`ludolog extract`: replay logs straight to Parquet (:mod:`ludolog.etl.parquet`), on local
processes or a Dask cluster; ``--dask`` and the URL inputs are shared with ``ludolog ingest``.
"""

import contextlib
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Optional

import typer

from . import render
from .common import (DEFAULT_MAX_SIZE, EXIT_INVALID, FormatOption, MaxSizeOption, OutputFormat, display_name,
                     emit, fail, handle_errors, path, progress, say, usage_error)

DaskOption = Annotated[Optional[str], typer.Option(
    "--dask", metavar="ADDRESS",
    help="Replay on a Dask cluster: a scheduler address (tcp://host:8786) or local:N for N local worker "
         "processes (needs the ludolog[dask] extra).")]
#: PATH arguments are text, not paths: an fsspec URL (s3://bucket/logs/) must keep its '//'
PathsArgument = Annotated[Optional[list[str]], typer.Argument(
    metavar="PATH...", show_default=False, parser=path,
    help="Log files and folders (searched for *.json), or fsspec URLs (s3://..., file://...) with fsspec installed.")]


def check_dask(address: str | None, workers: int | None) -> None:
    """A usage error (exit 2) for an ``--dask`` address of neither form, or ``--workers`` beside it."""
    if address is None:
        return
    from ludolog.etl.distributed import DaskAddress, DaskUsageError

    try:
        DaskAddress.parse(address)
    except DaskUsageError as exc:
        usage_error(str(exc), "--dask")
    if workers is not None:
        usage_error("--workers is for local processes; with --dask the cluster's workers replay "
                    "(local:N starts N of them)", "--workers")


def find_log_sources(paths: list[str] | None, max_size: int):
    """The logs and problems the PATH arguments name (local paths and URLs), in order; no path is a
    usage error. :raises SourceError: a URL's filesystem cannot be used (reported as exit 1)."""
    if not paths:
        usage_error("give at least one file or folder", "PATH")
    from ludolog.etl.sources import find_sources

    return find_sources(paths, max_size=max_size)


def extract_text(summary) -> str:
    s = summary.stats
    lines = [f"extracted {s.logs} logs into {summary.out} with {summary.workers} worker"
             f"{'s' if summary.workers != 1 else ''} in {summary.seconds:.2f} s",
             f"  {render.counts_text(s)}; " + ", ".join(f"{rows:,} {table}" for table, rows in summary.rows.items())]
    return "\n".join(lines + render.bad_logs_lines(s))


@contextlib.contextmanager
def stopped_like_ctrl_c(message: Callable[[str], str]) -> Iterator[None]:
    """SIGTERM (``kill``, a service manager) stops a long command the way Ctrl-C does: whatever the
    command cleans up on KeyboardInterrupt is cleaned up, ``message(signal name)`` is printed as a
    one-line error and the command exits 128 + the signal, as shells report a signal."""
    received = [signal.SIGINT]

    def terminate(signum, frame):
        received[0] = signal.Signals(signum)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    except KeyboardInterrupt:
        say(f"error: {message(received[0].name)}", err=True)
        raise typer.Exit(128 + received[0]) from None
    finally:
        signal.signal(signal.SIGTERM, previous)


@handle_errors
def extract(paths: PathsArgument = None,
            out: Annotated[Path, typer.Option("--out", "-o", readable=False,
                                              help="Folder for the Parquet files.")] = Path("parquet"),
            dask: DaskOption = None,
            workers: Annotated[Optional[int], typer.Option(
                "--workers", "-w", min=1, help="Local worker processes (default: the number of cores).")] = None,
            batch_size: Annotated[Optional[int], typer.Option(
                "--batch-size", min=1, help="Logs per worker task (default: up to 32).")] = None,
            overwrite: Annotated[bool, typer.Option(
                "--overwrite", help="Write into a folder that holds other files too: ludolog's own earlier "
                                    "export or extract there is replaced, nothing else is touched.")] = False,
            max_size: MaxSizeOption = DEFAULT_MAX_SIZE,
            fmt: FormatOption = OutputFormat.text) -> None:
    """Replay logs into Parquet without a database: the tables of `ludolog ingest`, partitioned by
    game as `ludolog export` writes them (OUT/TABLE/game=NAME/*.parquet, OUT/.ludolog-export).
    Load them with `ludolog ingest --parquet OUT` or query them with `ludolog query --parquet OUT`.
    Exit 1 if any log is invalid or cannot be read."""
    from ludolog.etl.parquet import ExtractSummary, extract_steps
    from ludolog.etl.workers import default_workers

    check_dask(dask, workers)
    search = find_log_sources(paths, max_size)
    files, unreadable = search.files, search.problems
    if not files:
        fail("nothing to extract: no readable log" + ("" if not unreadable else ":\n" + "\n".join(
            f"  {p}" for p in unreadable)))
    n_workers = workers or default_workers()
    summary = ExtractSummary(display_name(out), len(files), min(n_workers, len(files)))
    steps = extract_steps(files, out, n_workers, batch_size, summary, dask=dask, overwrite=overwrite)
    from ludolog.etl.db import database_faults

    # closed now, not when collected: the workers stop, the staged files go and OUT is as it was
    # (after a fault of the machine too: no space left, a read-only folder, said by database_faults)
    with stopped_like_ctrl_c(lambda signal_name: f"extract stopped by {signal_name}: {display_name(out)} is as it was before"), \
            database_faults(f"extract into {display_name(out)}",
                            kept=f"{display_name(out)} is as it was before (the extract is staged there and "
                                 "the staging removed)"), \
            contextlib.closing(steps):
        for _ in progress(steps, total=len(files), label="extracting", completed=lambda: summary.stats.logs):
            pass
    emit({**summary.as_dict(), "unreadable": [p.as_dict() for p in unreadable]}, fmt,
         lambda: "\n".join([extract_text(summary)] + render.unreadable_lines(unreadable, "not extracted")))
    if not summary.ok or unreadable:
        raise typer.Exit(EXIT_INVALID)
