"""Named SQL queries (``*.sql`` package data) and polars analyses over the ingested tables."""
from .errors import QueryError, QueryRefused, QueryTimeout, QueryUsageError
from .named import NamedQuery, Param, get_query, named_queries, run_query, run_sql

__all__ = ["NamedQuery", "Param", "QueryError", "QueryRefused", "QueryTimeout", "QueryUsageError", "get_query", "named_queries", "run_query", "run_sql"]
