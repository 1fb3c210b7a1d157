"""Named queries: the ``*.sql`` files of this package.

Each file starts with a comment header: the question it answers on the first line, a description,
and one ``-- @param NAME TYPE = DEFAULT  description`` line per parameter (``$NAME`` in the SQL;
``NULL`` meaning "no filter"). A query about one game's games says so with ``-- @game NAME``: on a
database without such games it answers with no rows, instead of failing on the game's tables,
which a database gets with its first game of that kind.
"""
from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

import duckdb
import pyarrow as pa

from .errors import QueryError, QueryTimeout, QueryUsageError
from .sandbox import check_statements

_PARAM = re.compile(r"^--\s*@param\s+(\w+)\s+(\w+)\s*=\s*(\S+)\s*(.*)$")
_GAME = re.compile(r"^--\s*@game\s+([a-z][a-z0-9-]*)\s*$")
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_TYPES = {"VARCHAR": str, "INTEGER": int, "BIGINT": int, "DOUBLE": float, "BOOLEAN": bool}


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    default: object
    doc: str

    def convert(self, text: str):
        """A command-line value (text) -> the parameter's Python value."""
        if text.upper() == "NULL":
            return None
        kind = _TYPES[self.type]
        try:
            if kind is bool:
                if text.lower() in ("true", "1", "yes"):
                    return True
                if text.lower() in ("false", "0", "no"):
                    return False
                raise ValueError(text)
            return kind(text)
        except ValueError:
            raise QueryUsageError(f"parameter {self.name} must be {self.type}, not {text!r}") from None


@dataclass(frozen=True)
class NamedQuery:
    name: str
    question: str
    description: str
    sql: str
    params: tuple[Param, ...] = field(default_factory=tuple)
    #: the game whose games alone the query answers about (``-- @game NAME``), or None: any game
    game: str | None = None

    def bind(self, given: dict[str, object] | None = None) -> dict[str, object]:
        return bind_params(f"query {self.name}", self.params, given)


def bind_params(what: str, params: tuple[Param, ...], given: dict[str, object] | None) -> dict[str, object]:
    """Parameter values: the given ones (text is converted), defaults for the rest.
    :raises QueryUsageError: an unknown parameter, or text that is no value of its type."""
    given = dict(given or {})
    unknown = sorted(set(given) - {p.name for p in params})
    if unknown:
        known = ", ".join(p.name for p in params) or "none"
        raise QueryUsageError(f"{what} has no parameter {', '.join(unknown)} (its parameters: {known})")
    return {p.name: p.convert(given[p.name]) if isinstance(given.get(p.name), str) else given.get(p.name, p.default)
            for p in params}


def _parse_default(param_type: str, text: str):
    return Param("default", param_type, None, "").convert(text.strip("'\""))


def parse_query(name: str, sql: str) -> NamedQuery:
    header: list[str] = []
    for line in sql.splitlines():
        if not line.startswith("--"):
            break
        header.append(line)
    if not header:
        raise QueryError(f"query {name} has no header comment")
    question = header[0].lstrip("-").strip()
    params, description, game = [], [], None
    for line in header[1:]:
        match = _PARAM.match(line)
        if _GAME.match(line):
            game = _GAME.match(line).group(1)
        elif match:
            pname, ptype, default, doc = match.groups()
            if ptype not in _TYPES:
                raise QueryError(f"query {name}: parameter {pname} has unknown type {ptype}")
            params.append(Param(pname, ptype, _parse_default(ptype, default), doc.strip()))
        elif params and line.startswith("--    "):  # continuation of a parameter's description
            last = params[-1]
            params[-1] = Param(last.name, last.type, last.default, f"{last.doc} {line.lstrip('-').strip()}")
        else:
            description.append(line[2:].strip())
    for p in params:
        if f"${p.name}" not in sql:
            raise QueryError(f"query {name}: parameter {p.name} is declared but the SQL does not use ${p.name}")
    return NamedQuery(name, question, " ".join(d for d in description if d).strip(), sql, tuple(params), game)


@lru_cache(maxsize=None)
def named_queries() -> dict[str, NamedQuery]:
    """Every named query of the installed package, by name (file name without ``.sql``)."""
    out = {}
    for entry in sorted(resources.files("ludolog.queries").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".sql"):
            name = entry.name[:-4]
            out[name] = parse_query(name, entry.read_text(encoding="utf-8"))
    return out


def get_query(name: str) -> NamedQuery:
    queries = named_queries()
    if name not in queries:
        raise QueryUsageError(f"no named query {name!r}; named queries: {', '.join(queries)}")
    return queries[name]


def is_query_name(text: str) -> bool:
    return bool(_NAME.match(text))


def duckdb_message(exc: BaseException) -> str:
    """DuckDB's message on one line, with its hint but without the SQL it echoes."""
    text = str(exc).strip()
    if not text:
        return type(exc).__name__
    return " ".join(line.strip() for line in text.split("\n\n")[0].splitlines() if line.strip())


@contextlib.contextmanager
def time_limit(con: duckdb.DuckDBPyConnection, seconds: float | None) -> Iterator[None]:
    """Stop what runs on ``con`` inside after ``seconds`` (None or 0: no limit), raising
    :class:`QueryTimeout`. The lock makes "ended" and "interrupted" exclusive, so a timer firing
    late interrupts no later query."""
    if not seconds:
        yield
        return
    lock = threading.Lock()
    state = {"ended": False, "fired": False}

    def interrupt() -> None:
        with lock:
            if not state["ended"]:
                state["fired"] = True
                con.interrupt()

    timer = threading.Timer(seconds, interrupt)
    timer.daemon = True
    timer.start()
    try:
        yield
    except duckdb.Error:  # DuckDB's InterruptException, whichever way it surfaces
        with lock:
            state["ended"] = True
        if state["fired"]:
            raise QueryTimeout(f"the query was stopped after {seconds:g} s, its time limit (--timeout SECONDS "
                               f"sets another, 0 none)") from None
        raise
    finally:
        with lock:
            state["ended"] = True
        timer.cancel()


def run_sql(con: duckdb.DuckDBPyConnection, sql: str, params: dict | None = None,
            timeout: float | None = None) -> pa.Table:
    """Run the statements of ``sql`` in order, each checked before any runs, and return the last
    one's result as an Arrow table. ``params`` are bound, never pasted into the SQL. ``timeout``:
    seconds the statements may run together. A fault of the machine is raised as DuckDB gave it,
    for the caller to name the file.

    :raises QueryRefused: a statement is not allowed in a query.
    :raises QueryTimeout: the statements ran longer than ``timeout`` and were stopped.
    :raises QueryError: DuckDB rejects the SQL (its message and hint).
    """
    from ludolog.etl.faults import fault_cause

    try:
        statements = check_statements(con, sql)
        if not statements:
            return pa.table({})
        with time_limit(con, timeout):
            for statement in statements[:-1]:  # run to completion; only the last result is shown
                con.execute(statement).fetchall()
            last = statements[-1]
            relation = con.sql(last, params=params) if params else con.sql(last)
            if relation is None:  # a statement without a result (DDL): nothing to show
                return pa.table({})
            return relation.to_arrow_table()
    except duckdb.Error as exc:
        if fault_cause(exc) is not None:
            raise
        raise QueryError(f"the query failed: {duckdb_message(exc)}") from None


def holds_game(con: duckdb.DuckDBPyConnection, game: str) -> bool:
    """Whether the database (or Parquet files) on ``con`` holds a game of kind ``game``."""
    # fetchall: a result left unfinished (fetchone) keeps DuckDB 2's connection busy for the next query
    if not con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'games'").fetchall()[0][0]:
        return False
    return bool(con.execute("SELECT EXISTS (SELECT 1 FROM games WHERE game = ?)", [game]).fetchall()[0][0])


def absent_game(con: duckdb.DuckDBPyConnection, name_or_sql: str) -> str | None:
    """The game a named query answers about when the database on ``con`` holds none of it, else
    None (raw SQL, a query about any game, or a database that holds such games)."""
    if not is_query_name(name_or_sql):
        return None
    game = get_query(name_or_sql).game
    return game if game is not None and not holds_game(con, game) else None


def empty_answer(query: NamedQuery, values: dict[str, object]) -> pa.Table:
    """The answer of ``query`` (about one game) where there is no game of its kind: no rows, its
    columns from an empty in-memory database of ludolog's tables and that game's."""
    from ludolog.etl.db import BASE_CONFIG, ensure_schema
    from ludolog.etl.tables import game_state_table, game_views_ddl
    from ludolog.replayer.core import LudologError, get_game

    try:
        columns = get_game(query.game).state_columns
    except (LudologError, KeyError, ImportError):
        return pa.table({})
    shape = duckdb.connect(":memory:", config=dict(BASE_CONFIG))
    try:
        ensure_schema(shape)
        shape.execute(game_state_table(query.game, columns).ddl())
        for view in game_views_ddl(query.game):
            shape.execute(view)
        return run_sql(shape, query.sql, values)
    finally:
        shape.close()


def run_query(con: duckdb.DuckDBPyConnection, name_or_sql: str, params: dict[str, object] | None = None,
              timeout: float | None = None) -> pa.Table:
    """A named query (with ``params``) or, when the text is not a query name, raw SQL."""
    if is_query_name(name_or_sql):
        query = get_query(name_or_sql)
        values = query.bind(params)
        if query.game is not None and not holds_game(con, query.game):
            return empty_answer(query, values)
        return run_sql(con, query.sql, values, timeout)
    if params:
        raise QueryUsageError("--param applies to named queries only (raw SQL gets no parameters)")
    return run_sql(con, name_or_sql, timeout=timeout)
