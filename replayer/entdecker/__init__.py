"""Entdecker (Goldsieber 1996): the strict rules engine. ``GAME`` is the registered engine."""
from .engine import Entdecker

GAME = Entdecker()

__all__ = ["GAME", "Entdecker"]
