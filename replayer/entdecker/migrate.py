"""Entdecker ``ludolog/1`` -> ``ludolog/2``.

``ludolog/1`` wrote nothing after a storm (the turn ended with the storm tile's ``place``);
``ludolog/2`` closes every turn with its player's ``build``, ``pass`` or ``end``, so the migration
inserts that ``end``. Nothing else changes: pile sizes, now optional, stay where they were given.
"""
from __future__ import annotations

from ..core.migrate import Migrated


def migrate_v1(cat, raw: dict) -> Migrated:  # cat: the Entdecker Catalog
    """An ``end`` written after each storm tile placed; a claim after such a placement moves to that
    ``end``, where the turn and its scoring now end (the core moves claims through ``origin``).
    Malformed moves are kept as they are, for the schema to report; ``raw`` is not changed."""
    if not isinstance(raw.get("moves"), list):
        return Migrated(raw)
    storms = {k for k, t in cat.tiles.items() if t.event is not None
              and cat.events.get(t.event, {}).get("effect") == "end_turn"}
    moves, origin = [], []
    drawn = None
    for i, move in enumerate(raw["moves"]):
        moves.append(move)
        origin.append(i)
        kind = move.get("type") if isinstance(move, dict) else None
        if kind == "draw":
            drawn = move.get("tile")
        elif kind in ("own_tile", "discard"):
            drawn = None
        elif kind == "place":
            if drawn in storms:
                moves.append({"type": "end", "player": move.get("player")})
                origin.append(i)
            drawn = None
    return Migrated(dict(raw, moves=moves), origin, len(raw["moves"]))
