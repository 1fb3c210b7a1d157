"""A small simulated corpus ingested into DuckDB, for the tests of a game's named queries.

The expectations of those tests come from the replays (``observe``), not from the database the
queries read; this only builds both sides once per test module.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import duckdb
import orjson

from ludolog.etl.ingest import ingest
from ludolog.replayer.core import Game, registry, simulate_log


def simulated_database(folder: Path, game: Game, plan: Sequence[int], seed_prefix: str,
                       observe: Callable[[dict], dict]) -> Iterator[tuple[duckdb.DuckDBPyConnection, list[dict]]]:
    """Simulate one game per player count of ``plan`` into ``folder``, ingest them, and yield a
    read-only connection beside ``observe`` of each log. A game not registered (an engine being
    built) is registered for the duration only."""
    registered = game.name in registry.game_names()
    if not registered:
        registry.register(game)
    try:
        logs = folder / "logs"
        logs.mkdir()
        observed = []
        for k, players in enumerate(plan):
            raw = simulate_log(game.name, players, f"{seed_prefix}{k}")
            (logs / f"{seed_prefix}-{k}.json").write_bytes(orjson.dumps(raw))
            observed.append(observe(raw))
        db = folder / "q.duckdb"
        ingest([logs], db, workers=1)
        con = duckdb.connect(str(db), read_only=True)
        try:
            yield con, observed
        finally:
            con.close()
    finally:
        if not registered:
            registry.unregister(game.name)
