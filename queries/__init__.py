"""Named SQL queries (``*.sql`` package data) and polars analyses over the ingested tables."""
from .named import NamedQuery, Param, QueryError, QueryUsageError, get_query, named_queries, run_query, run_sql

__all__ = ["NamedQuery", "Param", "QueryError", "QueryUsageError", "get_query", "named_queries", "run_query", "run_sql"]
