"""The errors of named queries and raw SQL (one module, imported by both)."""
from __future__ import annotations

from ludolog.replayer.core import LudologError


class QueryError(LudologError):
    """Unknown query, bad parameter, or SQL that DuckDB rejects."""


class QueryUsageError(QueryError):
    """The query was asked for wrongly: unknown name or parameter, a value of the wrong type."""


class QueryRefused(QueryError):
    """A statement of the SQL is not allowed in a query (it could reach outside the database or
    change a setting)."""


class QueryTimeout(QueryError):
    """The query ran longer than its time limit and DuckDB stopped it."""
