"""Data commands of `ludolog`: ingest, diff, export, query, analyze, audit. The work is in
``ludolog.etl``, ``ludolog.queries`` and ``ludolog.replayer.core.audit``.
"""

import contextlib
import datetime as dt
import decimal
import enum
import functools
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import orjson
import typer

from ludolog.replayer.core.files import write_file

from . import render
from .extract import DaskOption, PathsArgument, check_dask, find_log_sources, stopped_like_ctrl_c
if TYPE_CHECKING:  # pyarrow is imported by the commands that need it: `ludolog validate` starts faster
    import pyarrow as pa

from .common import (DEFAULT_MAX_SIZE, EXIT_INVALID, FormatOption, MaxSizeOption, OutputFormat, display_name,
                     emit, fail, handle_errors, load_log, parse_option_pairs, progress, say, usage_error,
                     violation_text)

# readable=False everywhere: typer's own readability check would make an unreadable file a usage
# error (exit 2); ludolog reports it as unusable input (exit 1), naming the file.
DbOption = Annotated[Path, typer.Option("--db", readable=False, help="DuckDB database file.", show_default=True)]
ParamOption = Annotated[Optional[list[str]], typer.Option(
    "--param", "-p", metavar="NAME=VALUE", help="A query parameter (repeat for several); see --list.")]
OutOption = Annotated[Optional[Path], typer.Option("--out", "-o", readable=False, help="Write the result to this file.")]
OverwriteOption = Annotated[bool, typer.Option("--overwrite", help="Replace the --out file if it exists.")]
#: seconds a query or an analysis may run before it is stopped (`--timeout`); the named queries and
#: the analyses answer in well under a second on a club's database, raw SQL that runs this long is a mistake
DEFAULT_QUERY_TIMEOUT = 300.0
TimeoutOption = Annotated[float, typer.Option(
    "--timeout", min=0, metavar="SECONDS", help="Stop the query after this many seconds (0: no limit).")]
DEFAULT_DB = Path("ludolog.duckdb")


class TableFormat(str, enum.Enum):
    table = "table"
    text = "text"  # the same as table, for the --format text|json convention of every command
    csv = "csv"
    json = "json"
    parquet = "parquet"


TableFormatOption = Annotated[Optional[TableFormat], typer.Option(
    "--format", "-f", case_sensitive=False, show_default=False,
    help="table (text), csv, json, or parquet (needs --out). Default: from the --out file's extension "
         "(.csv .json .parquet .txt), else table.")]
#: What ``--out FILE`` without ``--format`` is written as.
FORMAT_BY_EXTENSION = {".csv": TableFormat.csv, ".json": TableFormat.json, ".parquet": TableFormat.parquet,
                       ".pq": TableFormat.parquet, ".txt": TableFormat.table, ".text": TableFormat.table}


def result_format(fmt: TableFormat | None, out: Path | None) -> TableFormat:
    """The format asked for, else the one ``out``'s extension names (else a table); an unknown
    extension is a usage error rather than a guess."""
    if fmt is not None:
        return fmt
    if out is None or not out.suffix:
        return TableFormat.table
    try:
        return FORMAT_BY_EXTENSION[out.suffix.lower()]
    except KeyError:
        usage_error(f"cannot tell the format from the extension {out.suffix!r}; give --format "
                    f"(table, csv, json or parquet) or one of {', '.join(FORMAT_BY_EXTENSION)}", "--format")


# -- output of result tables ----------------------------------------------------------------------

def _json_value(value):
    if isinstance(value, decimal.Decimal):
        return float(value)
    if isinstance(value, (dt.date, dt.datetime, dt.time, dt.timedelta)):
        return str(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}" if abs(value) < 1e15 else repr(value)
    if isinstance(value, (list, dict)):
        return orjson.dumps(value, default=_json_value).decode()
    return str(value)


def _flat_for_csv(table: "pa.Table") -> "pa.Table":
    """CSV has no lists or structs: such columns become JSON text."""
    import pyarrow as pa

    for i, field in enumerate(table.schema):
        if pa.types.is_nested(field.type):
            values = [None if v is None else orjson.dumps(v, default=_json_value).decode()
                      for v in table.column(i).to_pylist()]
            table = table.set_column(i, field.name, pa.array(values, pa.string()))
    return table


def check_out(out: Path | None, overwrite: bool) -> None:
    """Refuse, before any work, to write ``out`` over a file without ``overwrite`` (``write_file``
    checks again as it writes). :raises OutputExistsError:"""
    import os

    from ludolog.replayer.core.files import OutputExistsError

    if out is not None and not overwrite and os.path.lexists(out) and not out.is_dir():
        raise OutputExistsError(f"{display_name(out)}: exists already (ludolog does not replace files unless "
                                f"asked to); give --overwrite to replace it, or another --out")


def write_result(table: "pa.Table", fmt: TableFormat, out: Path | None, overwrite: bool = False) -> None:
    """Print ``table`` in ``fmt`` on stdout, or write it whole to ``out``. :raises OutputError:"""
    if fmt == TableFormat.parquet:
        if out is None:
            usage_error("--format parquet needs --out FILE", "--out")
        import pyarrow.parquet as pq

        write_file(out, lambda handle: pq.write_table(table, handle), overwrite=overwrite)
    elif fmt == TableFormat.csv:
        import pyarrow as pa
        import pyarrow.csv as pcsv

        sink = pa.BufferOutputStream()
        pcsv.write_csv(_flat_for_csv(table), sink)
        _write_out(sink.getvalue().to_pybytes(), out, overwrite)
    elif fmt == TableFormat.json:
        _write_out(orjson.dumps(table.to_pylist(), default=_json_value, option=orjson.OPT_INDENT_2) + b"\n", out,
                   overwrite)
    else:
        rows = [[_cell(v) for v in row.values()] for row in table.to_pylist()]
        # on a terminal or a pipe a wide result is cut into groups of columns that fit 100 columns,
        # each repeating the first; a file gets the whole lines
        layout = render.table if out is not None else functools.partial(render.fit_table, turn=False)
        text = layout(table.column_names, rows) if table.num_columns else "(no result)"
        if not rows and table.num_columns:
            text += "\n(no rows)"
        _write_out((text + "\n").encode("utf-8"), out, overwrite)
    if out is not None:
        typer.echo(f"wrote {table.num_rows} rows to {display_name(out)}", err=True)


def _write_out(data: bytes, out: Path | None, overwrite: bool) -> None:
    """``data`` on stdout, or as the whole file ``out``."""
    if out is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        write_file(out, data, overwrite=overwrite)


def check_readable(con, db, named: bool) -> None:
    """Refuse a database ludolog cannot read, or one without its tables when a named query or an
    analysis (``named``) would look for them; note an older schema (read as it is). :raises DatabaseError:"""
    from ludolog.etl.db import SchemaStatus, check_database, check_readable

    status = (check_readable if named else check_database)(con, db).status
    if status is SchemaStatus.OLDER:
        say(f"note: {db} has an older table schema; `ludolog ingest LOGS --db {db}` upgrades it "
            f"in place (it is queried as it is)", err=True)


def check_game_param(con, params: dict[str, str], source: str = "the database") -> None:
    """A ``game`` parameter must name a known or stored game: a misspelt name would give an empty
    result that looks like an answer. A known game that ``source`` holds none of gets a note."""
    from ludolog.replayer.core import game_names

    game = params.get("game")
    if game is None or game.upper() == "NULL":
        return
    stored = [row[0] for row in con.execute("SELECT DISTINCT game FROM games WHERE game IS NOT NULL ORDER BY game")
              .fetchall()] if _has_table(con, "games") else []
    if game in stored:
        return
    if game in game_names():
        say(f"note: {source} holds no {game} games (no rows)", err=True)
        return
    usage_error(f"no game {game!r}: the database holds {', '.join(stored) or 'no games'}"
                f" (games ludolog knows: {', '.join(game_names())})", "--param")


def _has_table(con, name: str) -> bool:
    return bool(con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = ?",
                            [name]).fetchall()[0][0])


_MARKUP = re.compile(r"(?::\w+:)?``?([^`]+)``?")  # ``code``, `code`, :role:`target` in docstrings


def plain_words(text: str) -> str:
    """Docstring text without its reStructuredText markup, for people."""
    return _MARKUP.sub(r"\1", text)


def write_listing(entries: list[tuple[str, str, tuple]], fmt: TableFormat | None, out: Path | None,
                  overwrite: bool = False) -> None:
    """The named queries or analyses (name, question, parameters): text wrapped to 100 columns, or
    a table of one row each."""
    import pyarrow as pa

    fmt = result_format(fmt, out)
    if fmt not in (TableFormat.table, TableFormat.text):
        write_result(pa.table({"name": [e[0] for e in entries], "question": [plain_words(e[1]) for e in entries],
                               "parameters": [plain_words(_params_text(e[2])) for e in entries]}), fmt, out, overwrite)
        return
    lines = []
    for name, question, params in entries:
        lines.append(name)
        lines += textwrap.wrap(plain_words(question), 100, initial_indent="    ", subsequent_indent="    ")
        for p in params:
            default = "NULL" if p.default is None else p.default
            lines += textwrap.wrap(f"-p {p.name}=... ({p.type}, default {default}): {plain_words(p.doc)}", 100,
                                   initial_indent="    ", subsequent_indent="        ")
        lines.append("")
    _write_out(("\n".join(lines).rstrip() + "\n").encode("utf-8"), out, overwrite)
    if out is not None:
        typer.echo(f"wrote {len(entries)} entries to {display_name(out)}", err=True)


def _params_text(params) -> str:
    return ", ".join(f"{p.name} ({p.type}, default {'NULL' if p.default is None else p.default}): {p.doc}"
                     for p in params) or "none"


# -- commands -------------------------------------------------------------------------------------

def ingest_text(summary) -> str:
    s = summary.stats
    rate = f", {s.moves / summary.seconds:,.0f} moves/s" if summary.seconds and s.moves else ""
    lines = [f"ingested {s.logs} logs into {summary.db} with {summary.workers} worker"
             f"{'s' if summary.workers != 1 else ''} in {summary.seconds:.2f} s{rate}",
             f"  {render.counts_text(s)}; {s.moves:,} moves, "
             f"{s.state_rows:,} state rows, {s.score_events:,} score events, {s.violations:,} violations"]
    lines += render.bad_logs_lines(s, " (ludolog query violations_by_rule)")
    if summary.skipped:
        counts = ", ".join(f"{n} {status}" for status, n in sorted(summary.skipped.items()))
        lines.append(f"  skipped {sum(summary.skipped.values())} unchanged logs already in the database ({counts}); "
                     f"--force replays them, --stale those stored by another engine or catalog version")
    lines += [f"note: {note}" for note in summary.notes]
    if summary.failures:
        lines.append(f"not loaded ({len(summary.failures)}; checked, but not in the database):")
        lines += [f"  {failure.file}: {failure.message}" for failure in summary.failures]
    return "\n".join(lines)


def exit_reasons(summary, unreadable: list, differ: list | None, db) -> list[str]:
    """Why an ingest exits 1, one phrase per cause, each saying where to see what it counts (the
    output's last line: the causes may be out of sight)."""
    s, differing = summary.stats, len(differ or [])
    where = f"ludolog query violations_by_rule --db {display_name(db)}, or the table violations"
    causes = [(s.invalid, "invalid log", f" (listed above; {where})"),
              (s.unreadable, "unreadable file", f" (listed above; {where})"),
              (summary.skipped.get("invalid", 0), "unchanged log",
               f" stored as invalid by an earlier ingest (not replayed again; {where})"),
              (len(summary.failures), "log", " not loaded (listed above)"),
              (len(unreadable), "path", " not read (listed above)"),
              (differing, "game", f" differ{'s' if differing == 1 else ''} from the stored database (listed above)")]
    return [f"{n} {noun}{'s' if n != 1 else ''}{rest}" for n, noun, rest in causes if n]


def diff_text(found: list, old, new) -> str:
    """The games whose outcome differs between two databases, a block per game."""
    if not found:
        return f"no game differs between {old} and {new}"
    lines = [f"{len(found)} game{'s' if len(found) != 1 else ''} differ between {old} and {new}:"]
    for item in found:
        lines.append(f"  {item.file}")
        lines += [f"    {name}: {_outcome_text(before)} -> {_outcome_text(after)}"
                  for name, (before, after) in item.changes.items()]
    return "\n".join(lines)


def _outcome_text(value) -> str:
    """A stored outcome in words: ``ana 31, ben 29`` for scores, ``ana, ben`` for winners."""
    if isinstance(value, str) and value.startswith(("{", "[")):  # a JSON column (final_scores)
        try:
            value = orjson.loads(value)
        except orjson.JSONDecodeError:
            return value
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "present" if value else "absent"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value) or "none"
    return str(value)


@contextlib.contextmanager
def _usage_errors() -> Iterator[None]:
    """A query asked for wrongly (unknown name or parameter, bad value) is a usage error: exit 2."""
    from ludolog.queries import QueryUsageError

    try:
        yield
    except QueryUsageError as exc:
        usage_error(str(exc))


def _ingest_stopped(summary):
    """An ingest stopped by Ctrl-C or SIGTERM (the ingest stops its workers): committed games stay."""
    return stopped_like_ctrl_c(lambda signal_name: f"ingest stopped by {signal_name}: {summary.committed} of "
                               f"{summary.files} logs committed, whole games only; run the same ingest again to complete it")


def _ingest_faults(db: Path):
    """A fault of the machine during an ingest (a full disk, a damaged database) is said as such."""
    from ludolog.etl.db import database_faults

    return database_faults(f"ingest into database {display_name(db)}",
                           kept="every game committed before stays in the database, the batch under way is rolled back")


def register(app: typer.Typer) -> None:
    """Add the data commands to ``app``."""

    @app.command()
    @handle_errors
    def ingest(paths: PathsArgument = None,
               db: DbOption = DEFAULT_DB,
               workers: Annotated[Optional[int], typer.Option(
                   "--workers", "-w", min=1, help="Worker processes (default: the number of cores).")] = None,
               batch_size: Annotated[Optional[int], typer.Option(
                   "--batch-size", min=1,
                   help="Logs per worker task (default: up to 32); a transaction holds ~150,000 state rows.")] = None,
               max_size: MaxSizeOption = DEFAULT_MAX_SIZE,
               force: Annotated[bool, typer.Option(
                   "--force", help="Replay every log, also those unchanged since they were ingested.")] = False,
               stale: Annotated[bool, typer.Option(
                   "--stale", help="Also replay unchanged logs stored by another engine or catalog version.")] = False,
               against: Annotated[Optional[Path], typer.Option(
                   "--against", readable=False, metavar="OLD_DB",
                   help="Then compare with this stored database as `ludolog diff OLD_DB DB` does "
                        "(exit 1 if any game differs).")] = None,
               dask: DaskOption = None,
               parquet: Annotated[Optional[Path], typer.Option(
                   "--parquet", metavar="DIR", readable=False,
                   help="Load an extract (ludolog extract --out DIR) or export instead of replaying logs.")] = None,
               fmt: FormatOption = OutputFormat.text) -> None:
        """Replay logs and load them into DuckDB (games, players, moves, player_states, score_events,
        violations). A log unchanged since it was ingested (same path, size and time, or content)
        keeps its stored game and is not replayed; a changed one replaces its rows. Exit 1 if any
        log is invalid, or with --against if any game's outcome differs from the stored database."""
        from ludolog.etl.ingest import IngestSummary, Replay, ingest_steps
        from ludolog.etl.workers import default_workers

        if parquet is not None:
            if paths or dask or force or stale or against:
                usage_error("--parquet loads an extract as it is: give no PATH, --dask, --force, --stale or --against",
                            "--parquet")
            _ingest_parquet(parquet, db, fmt)
            return
        if against is not None:
            if not against.is_file():
                fail(f"{against}: no such database file (--against)")
            if db.exists() and against.resolve() == db.resolve():
                usage_error("--against names the database being ingested into; give the stored one to compare with",
                            "--against")
        check_dask(dask, workers)
        search = find_log_sources(paths, max_size)
        files, unreadable = search.files, search.problems  # what cannot be read is reported, not loaded
        n_workers = workers or default_workers()
        summary = IngestSummary(str(db), len(files), min(n_workers, max(1, len(files))))
        with _ingest_stopped(summary), _ingest_faults(db):
            if files:  # nothing readable: no database is created or opened
                which = Replay.ALL if force else Replay.STALE if stale else Replay.CHANGED
                # closed now, not when the generator is collected: workers stop, the database closes
                with contextlib.closing(ingest_steps(files, db, n_workers, batch_size, summary, replay=which,
                                                     dask=dask)) as steps:
                    # the bar counts logs: replayed ones and the unchanged ones skipped
                    for _ in progress(steps, total=len(files), label="ingesting",
                                      completed=lambda: summary.stats.logs + sum(summary.skipped.values())):
                        pass
        differ = None
        if against is not None and db.exists():
            from ludolog.etl.diff import diff_databases

            differ = diff_databases(against, db)
        report = {**summary.as_dict(), "unreadable": [p.as_dict() for p in unreadable]}
        if differ is not None:
            report["against"] = {"old": str(against), "differ": [d.as_dict() for d in differ]}
        why = exit_reasons(summary, unreadable, differ, db)
        report["exit_reasons"] = why
        emit(report, fmt,
             lambda: "\n".join([ingest_text(summary) if files else f"nothing to ingest: no readable log ({db} untouched)"]
                               + render.unreadable_lines(unreadable, "not in the database")
                               + ([diff_text(differ, against, db)] if differ is not None else [])
                               + ([f"exit 1: {'; '.join(why)}"] if why else [])))
        if why:
            raise typer.Exit(EXIT_INVALID)

    def _ingest_parquet(parquet: Path, db: Path, fmt: OutputFormat) -> None:
        from ludolog.etl.ingest import IngestSummary
        from ludolog.etl.parquet import ingest_parquet_steps

        summary = IngestSummary(str(db), 0, 1)
        with _ingest_stopped(summary), _ingest_faults(db), contextlib.closing(
                ingest_parquet_steps(parquet, db, summary)) as steps:
            for _ in steps:
                pass
        emit({**summary.as_dict(), "parquet": display_name(parquet)}, fmt,
             lambda: ingest_text(summary).replace(" logs into ", f" games of {display_name(parquet)} into ", 1))
        if not summary.ok:
            raise typer.Exit(EXIT_INVALID)

    @app.command()
    @handle_errors
    def diff(old: Annotated[Path, typer.Argument(readable=False, help="The database before the change.")],
             new: Annotated[Path, typer.Argument(readable=False, help="The database after it.")],
             fmt: FormatOption = OutputFormat.text) -> None:
        """Games whose status, scores, winners or first violation differ between two databases
        (the same logs ingested before and after an engine or catalog change). Exit 1 if any differ."""
        from ludolog.etl.diff import diff_databases

        for path in (old, new):
            if not path.is_file():
                fail(f"{path}: no such database file")
        found = diff_databases(old, new)
        emit({"old": str(old), "new": str(new), "differ": [d.as_dict() for d in found]}, fmt,
             lambda: diff_text(found, old, new))
        if found:
            raise typer.Exit(EXIT_INVALID)

    @app.command()
    @handle_errors
    def export(db: DbOption = DEFAULT_DB,
               out: Annotated[Path, typer.Option("--out", "-o", readable=False,
                                                 help="Folder for the Parquet files.")] = Path("parquet"),
               overwrite: Annotated[bool, typer.Option(
                   "--overwrite", help="Export into a folder that holds other files too: ludolog's own earlier "
                                       "export there is replaced, nothing else is touched.")] = False,
               fmt: FormatOption = OutputFormat.text) -> None:
        """Write every table as Parquet, partitioned by game (OUT/TABLE/game=NAME/*.parquet).

        OUT/.ludolog-export lists the files written. A folder holding anything ludolog did not
        write is refused (exit 1) unless --overwrite; ludolog never deletes what it did not write.
        """
        from ludolog.etl.db import database_faults
        from ludolog.etl.export import export as export_tables

        with database_faults(f"export database {display_name(db)} to {display_name(out)}",
                             kept=f"{display_name(out)} keeps what it held (the export is written to a staging "
                                  f"folder there first, and that is removed)"):
            written = export_tables(db, out, overwrite=overwrite)
        emit({"db": str(db), "out": display_name(out), "tables": [{"table": t.table, "rows": t.rows, "path": t.path}
                                                                  for t in written]}, fmt,
             lambda: render.table(["table", "rows", "folder"], [[t.table, t.rows, t.path] for t in written]))

    @app.command()
    @handle_errors
    def query(name_or_sql: Annotated[Optional[str], typer.Argument(
                  metavar="NAME_OR_SQL", help="A named query (see --list) or a SQL statement.")] = None,
              db: DbOption = DEFAULT_DB, param: ParamOption = None,
              fmt: TableFormatOption = None, out: OutOption = None, overwrite: OverwriteOption = False,
              timeout: TimeoutOption = DEFAULT_QUERY_TIMEOUT,
              list_: Annotated[bool, typer.Option("--list", help="List the named queries and their parameters.")] = False,
              parquet: Annotated[Optional[Path], typer.Option(
                  "--parquet", metavar="DIR", readable=False,
                  help="Query an extract or export (its Parquet files) instead of a database.")] = None
              ) -> None:
        """Run a named query from queries/ (with --param NAME=VALUE) or raw SQL on the database
        (or, with --parquet, on the Parquet files of an extract or export: those files only).
        A query still running after --timeout seconds is stopped (exit 1); an existing --out file
        is replaced only with --overwrite."""
        from ludolog.etl.db import connect, database_faults
        from ludolog.queries import get_query, named_queries, run_query
        from ludolog.queries.named import absent_game, is_query_name

        check_out(out, overwrite)
        if list_:
            write_listing([(q.name, q.question, q.params) for q in named_queries().values()], fmt, out, overwrite)
            return
        if not name_or_sql:
            usage_error("give a query name or SQL (ludolog query --list shows the named queries)", "NAME_OR_SQL")
        params = parse_option_pairs(param, "--param", as_json=False)
        source = display_name(parquet if parquet is not None else db)
        with _usage_errors(), database_faults(f"query {'the Parquet files of ' if parquet is not None else 'database '}"
                                              f"{source}"):
            if is_query_name(name_or_sql):
                get_query(name_or_sql).bind(params)  # a bad name or parameter fails before the database opens
            if parquet is not None:
                from ludolog.etl.parquet import parquet_connection

                con = parquet_connection(parquet)  # raw SQL reads these Parquet files and nothing else
            else:
                con = connect(db, sandbox=True)  # raw SQL reads this database and nothing else
            with contextlib.closing(con):
                if parquet is None:
                    check_readable(con, db, named=is_query_name(name_or_sql))
                if is_query_name(name_or_sql):
                    check_game_param(con, params, source)
                absent = absent_game(con, name_or_sql)
                table = run_query(con, name_or_sql, params, timeout=timeout)
        if absent is not None:
            say(f"note: {source} holds no {absent} games; {name_or_sql} answers about those alone (no rows)", err=True)
        write_result(table, result_format(fmt, out), out, overwrite)

    @app.command()
    @handle_errors
    def analyze(name: Annotated[Optional[str], typer.Argument(help="elo, trajectory or comebacks (see --list).")] = None,
                db: DbOption = DEFAULT_DB, param: ParamOption = None,
                fmt: TableFormatOption = None, out: OutOption = None, overwrite: OverwriteOption = False,
                timeout: TimeoutOption = DEFAULT_QUERY_TIMEOUT,
                list_: Annotated[bool, typer.Option("--list", help="List the analyses and their parameters.")] = False
                ) -> None:
        """Run a polars analysis: Elo ratings in date order, score trajectories, comebacks. Its
        queries are stopped as `query`'s at --timeout seconds (exit 1); an existing --out file is
        replaced only with --overwrite."""
        from ludolog.etl.db import connect, database_faults
        from ludolog.queries.analysis import ANALYSES, get_analysis
        from ludolog.queries.named import time_limit

        check_out(out, overwrite)
        if list_:
            write_listing([(a.name, a.question, a.params) for a in ANALYSES.values()], fmt, out, overwrite)
            return
        if not name:
            usage_error(f"give an analysis name: {', '.join(ANALYSES)}", "NAME")
        with _usage_errors(), database_faults(f"analyze database {display_name(db)}"):
            analysis = get_analysis(name)
            params = parse_option_pairs(param, "--param", as_json=False)
            with contextlib.closing(connect(db, read_only=True)) as con:
                check_readable(con, db, named=True)
                check_game_param(con, params, display_name(db))
                with time_limit(con, timeout):
                    frame = analysis(con, params)
        write_result(frame.to_arrow(), result_format(fmt, out), out, overwrite)

    @app.command()
    @handle_errors
    def audit(log: Annotated[Path, typer.Argument(readable=False, help="The disputed game's log file.")],
              max_size: MaxSizeOption = DEFAULT_MAX_SIZE,
              fmt: FormatOption = OutputFormat.text) -> None:
        """Claimed vs replayed scores, the ledger by category, and the first claim that differs
        (with the moves that made the difference). Exit 0 if every claim matches, else 1."""
        from ludolog.replayer.core import LogError, replay
        from ludolog.replayer.core.audit import audit as audit_result, audit_text

        try:
            parsed = load_log(log, max_size=max_size)
        except LogError as exc:
            violations = exc.violations
            emit({"file": display_name(log), "status": "invalid", "ok": False, "violations": violations}, fmt,
                 lambda: "\n".join(["The log cannot be audited:"] + [violation_text(v) for v in violations]))
            raise typer.Exit(EXIT_INVALID) from None
        report = audit_result(replay(parsed))
        emit(report.as_dict(), fmt, lambda: audit_text(report))
        if not report.ok:
            raise typer.Exit(EXIT_INVALID)
