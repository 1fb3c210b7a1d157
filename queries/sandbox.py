"""Raw SQL is for reading the database: which statements a query may run.

Two layers, so that neither alone has to be perfect: the connection of ``ludolog query`` is
read-only, with external access off, no extension auto-install/auto-load and its configuration
locked (:data:`ludolog.etl.db.SANDBOX_CONFIG`); and before anything runs, every statement is
classified by DuckDB's own parser (``extract_statements``) and those that could reach outside the
database or change settings are refused, naming what is not allowed (:func:`check_statements`).
Words of a statement are only looked at to name it, to tell ``SET VARIABLE`` from a setting, to
pick the PRAGMA function and to look inside ``EXPLAIN``.
"""
from __future__ import annotations

import re

import duckdb

from .errors import QueryRefused


def _kinds(*names: str) -> list:
    """The statement kinds of these names that this duckdb module has (older ones lack some)."""
    return [getattr(duckdb.StatementType, name) for name in names if hasattr(duckdb.StatementType, name)]


ST = duckdb.StatementType

#: statement kinds a query may run. Writing kinds (INSERT, CREATE, ...) are allowed here because the
#: connection is read-only: DuckDB refuses them on the database and only temporary objects remain.
#: Any kind not listed (including ones a later DuckDB adds) is refused.
ALLOWED_KINDS = frozenset(_kinds(
    "SELECT", "EXPLAIN", "CALL", "PRAGMA", "SET", "TRANSACTION", "RELATION", "INSERT", "UPDATE", "DELETE",
    "CREATE", "DROP", "ALTER", "MERGE_INTO", "CREATE_FUNC", "ANALYZE", "VACUUM", "VARIABLE_SET"))

_NO_FILES = "queries cannot read or write files (ludolog writes results: --format csv|json|parquet --out FILE)"
_READS_THIS_ONLY = "a query reads this database only"
_NO_EXTENSIONS = "queries cannot install or load extensions"
_NO_PARAMETERS = "raw SQL takes no parameters (named queries do: --param NAME=VALUE)"
#: why a refused kind is refused
REFUSAL_REASONS = {
    **dict.fromkeys(_kinds("ATTACH", "DETACH"), _READS_THIS_ONLY),
    **dict.fromkeys(_kinds("COPY", "COPY_DATABASE"), _NO_FILES),
    **dict.fromkeys(_kinds("EXPORT"), _NO_FILES + "; `ludolog export` writes every table as Parquet"),
    **dict.fromkeys(_kinds("LOAD", "EXTENSION"), _NO_EXTENSIONS),
    **dict.fromkeys(_kinds("PREPARE", "EXECUTE"), _NO_PARAMETERS),
}

#: PRAGMA functions that only describe the database or DuckDB; every other one changes a setting,
#: reads or writes files (copy_database, import_database) or runs serialized SQL
READING_PRAGMAS = ("collations", "database_list", "database_size", "extension_versions", "functions",
                   "metadata_info", "platform", "show", "show_databases", "show_tables",
                   "show_tables_expanded", "storage_info", "table_info", "user_agent", "version")

_COMMENT_OR_SPACE = re.compile(r"(?:\s+|--[^\n]*(?:\n|$)|/\*.*?\*/)*", re.S)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _words(text: str, count: int) -> tuple[list[str], int]:
    """The first ``count`` words of a statement, skipping comments (lower case), and where the
    text after them starts."""
    words, pos = [], 0
    while len(words) < count:
        pos = _COMMENT_OR_SPACE.match(text, pos).end()
        match = _WORD.match(text, pos)
        if match is None:
            break
        words.append(match.group().lower())
        pos = match.end()
    return words, pos


def _refuse(what: str, reason: str) -> QueryRefused:
    return QueryRefused(f"{what} is not allowed in a query: {reason}")


def _check(con: duckdb.DuckDBPyConnection, statement) -> None:
    text = statement.query
    try:
        kind = statement.type
    except ValueError:
        # a kind of statement this duckdb module cannot name (e.g. UPDATE EXTENSIONS): not one
        # ludolog knows to be harmless
        what = " ".join(_words(text, 2)[0]).upper() or "this statement"
        raise _refuse(what, "a query may only read the database") from None
    words = _words(text, 3)[0]
    head = words[0].upper() if words else kind.name
    if kind in REFUSAL_REASONS:
        what = "EXPORT DATABASE" if kind == ST.EXPORT else head
        raise _refuse(what, REFUSAL_REASONS[kind])
    if kind not in ALLOWED_KINDS:
        raise _refuse(f"a {kind.name} statement", "a query may only read the database")
    if kind == ST.SET:
        # SET/RESET VARIABLE and USE touch no setting; everything else the parser calls SET does
        # (SET x, RESET x, PRAGMA x = v, SET GLOBAL x ...)
        if words[:1] == ["use"] or words[1:2] == ["variable"]:
            return
        name = next((w for w in words[1:] if w not in ("global", "session", "local")), "")
        raise _refuse(f"{head} {name}".strip(), "queries cannot change settings")
    if kind == ST.PRAGMA:
        name = words[1] if head == "PRAGMA" and len(words) > 1 else ""
        if head != "PRAGMA":  # a statement DuckDB rewrites into a pragma, e.g. COPY FROM DATABASE
            raise _refuse(" ".join(words[:3]).upper() or "this statement", _NO_FILES)
        if name not in READING_PRAGMAS:
            raise _refuse(f"PRAGMA {name}", "queries cannot change settings or touch files "
                                            f"(PRAGMAs allowed: {', '.join(READING_PRAGMAS)})")
    if kind == ST.EXPLAIN:  # EXPLAIN ANALYZE runs the statement: it must pass on its own
        inner = text[_words(text, 2 if words[1:2] == ["analyze"] else 1)[1]:]
        for part in con.extract_statements(inner):
            _check(con, part)


def check_statements(con: duckdb.DuckDBPyConnection, sql: str) -> list:
    """Every statement of ``sql`` (parsed by DuckDB), each checked before any runs.

    :raises QueryRefused: a statement is not allowed; the message names it.
    :raises duckdb.Error: the SQL does not parse (the caller reports DuckDB's message).
    """
    statements = con.extract_statements(sql)
    for statement in statements:
        _check(con, statement)
    return statements
