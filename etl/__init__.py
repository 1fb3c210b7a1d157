"""Replay output -> Arrow -> DuckDB (and Parquet): ``ingest`` loads logs, ``export`` writes Parquet.

    from ludolog.etl import ingest, export
    summary = ingest(["logs/"], "club.duckdb", workers=4)
    export("club.duckdb", "parquet/")

The table definitions are in :mod:`ludolog.etl.tables`; a worker's unit of work,
:func:`ludolog.etl.extract.extract_chunk` (paths -> Arrow tables), is what a cluster runs too.
Names are imported on first use, so a worker process that only extracts never loads DuckDB.
"""
import importlib

_EXPORTS = {"DEFAULT_DB": ".db", "DatabaseError": ".db", "connect": ".db", "export": ".export",
            "IngestSummary": ".ingest", "find_logs": ".ingest", "ingest": ".ingest", "ingest_steps": ".ingest"}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
