"""Replay output -> Arrow -> DuckDB (and Parquet): ``ingest`` loads logs, ``export`` writes Parquet.

The tables are defined in :mod:`ludolog.etl.tables`; a worker's (or a cluster's) unit of work is
:func:`ludolog.etl.extract.extract_chunk`.
"""
from .db import DEFAULT_DB, DatabaseError, connect
from .export import export
from ludolog.replayer.core.files import find_logs

from .ingest import IngestSummary, ingest, ingest_steps

__all__ = ["DEFAULT_DB", "DatabaseError", "IngestSummary", "connect", "export", "find_logs", "ingest", "ingest_steps"]
