"""Kingdom Crossing (Sorry We Are French, 2025): a strict engine for 1-4 players with the Paco & Paca solo mode.

Component data lives in ``catalog.json`` (a documented reconstruction, schema
``schema/kingdom-crossing.catalog.schema.json``); the log vocabulary is
``schema/kingdom-crossing.schema.json`` with an annotated example in ``schema/kingdom-crossing.example.md``.
"""
from .engine import PACO_ID, KingdomCrossing

GAME = KingdomCrossing()

__all__ = ["GAME", "KingdomCrossing", "PACO_ID"]
