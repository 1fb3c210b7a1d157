"""What ``ludolog validate`` does once its arguments are read, without typer.

:func:`validate_paths` is the body of the command, which the typer command in ``app.py`` calls; it
imports only the replay and the output it needs, so that checking one log starts without the data
stack (duckdb, pyarrow, polars) or the report's rendering.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from . import render
from .common import (EXIT_INVALID, EXIT_OK, FileProblem, OutputFormat, check_file, color_enabled, echo, find_inputs,
                     problem_check, progress, say)


def validate_paths(paths: Sequence[Path], limit: int, quiet: bool, max_size: int, fmt: OutputFormat) -> int:
    """Check every log ``paths`` name (schema, full strict replay, claimed scores), printing one
    line (or JSON entry) per file and a summary. The exit code: 0 every log valid, 1 otherwise.

    :raises typer.BadParameter: no path at all (a usage error).
    """
    search = find_inputs(paths, max_size)
    counts: dict[str, int] = {}
    files = moves = 0
    all_valid = True
    # Each file's line (or JSON entry) is printed as soon as it is checked and only the counts are
    # kept, so memory stays flat however many logs there are.
    stream = render.JsonListStream("files") if fmt == OutputFormat.json else None
    colour = color_enabled()
    start = time.perf_counter()
    for entry in progress(search.entries, len(search.entries), "validating"):
        check = problem_check(entry) if isinstance(entry, FileProblem) else check_file(entry, max_size=max_size)
        files += 1
        counts[check.status] = counts.get(check.status, 0) + 1
        moves += check.applied
        all_valid = all_valid and check.ok
        if stream is not None:
            stream.add(check.as_dict())
        elif not (quiet and check.ok):
            say(render.check_text(check, limit, colour))
    seconds = time.perf_counter() - start
    summary = {"files": files, "counts": counts, "moves": moves, "seconds": round(seconds, 3),
               "moves_per_s": round(moves / seconds, 1) if seconds > 0 else 0.0, "all_valid": all_valid}
    if stream is not None:
        stream.close({"summary": summary})
    else:
        echo(render.summary_text(summary))
    return EXIT_OK if all_valid else EXIT_INVALID
