"""Export: every data table as Parquet, partitioned by game (Hive layout), for DuckDB or any engine.

    OUT/games/game=entdecker/data_0.parquet
    OUT/player_states/game=entdecker/data_0.parquet
    OUT/entdecker_player_states/game=entdecker/data_0.parquet

Tables without a ``game`` column get it from ``games``. Logs that name no known game land in
``game=unknown``. Read back with ``read_parquet('OUT/moves/**/*.parquet', hive_partitioning=true)``.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from .db import connect, data_tables

UNKNOWN_GAME = "unknown"


@dataclass
class ExportedTable:
    table: str
    rows: int
    path: str


def _quote(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def export(db: str | Path, out: str | Path) -> list[ExportedTable]:
    """Write each table of ``db`` under ``out/<table>/game=<name>/``; existing table folders are replaced."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    con = connect(db, read_only=True)
    try:
        written = []
        for table in data_tables(con):
            if not con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = ?", [table]).fetchone()[0]:
                continue
            target = out / table
            if table == "games":
                select = f"SELECT * REPLACE (coalesce(game, '{UNKNOWN_GAME}') AS game) FROM games"
            else:
                select = (f"SELECT coalesce(g.game, '{UNKNOWN_GAME}') AS game, t.* FROM {table} t "
                          f"JOIN games g USING (game_id)")
            rows = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            if target.is_dir():  # a game no longer present must not leave its old partition behind
                shutil.rmtree(target)
            if rows:
                con.execute(f"COPY ({select}) TO {_quote(target)} "
                            f"(FORMAT parquet, PARTITION_BY (game))")
            written.append(ExportedTable(table, rows, str(target)))
        return written
    finally:
        con.close()
