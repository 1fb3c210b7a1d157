"""The seat colours every picture of a game uses: boards (``Game.render_svg``) and the report's charts.

One palette so that a player is the same colour on the board and in the score chart (seat 0 red,
seat 1 blue, seat 2 yellow, seat 3 green, then purple and brown for Keyflower's fifth and sixth).
"""
from __future__ import annotations

SEAT_COLOURS: tuple[str, ...] = ("#d62728", "#1f77b4", "#e0a800", "#2ca02c", "#9467bd", "#8c564b")


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (0-based); a seat beyond the palette reuses it from the start."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
