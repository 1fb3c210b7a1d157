"""The seat colours every picture of a game uses: boards (``Game.render_svg``) and the report's charts;
and the hexagon the hex boards draw.

One palette so that a player is the same colour on the board and in the score chart (seat 0 red,
seat 1 blue, seat 2 yellow, seat 3 green, then purple and brown for Keyflower's fifth and sixth).
"""
from __future__ import annotations

import math

SEAT_COLOURS: tuple[str, ...] = ("#d62728", "#1f77b4", "#e0a800", "#2ca02c", "#9467bd", "#8c564b")


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (0-based); a seat beyond the palette reuses it from the start."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def hex_points(x: float, y: float, r: float, angle: int = -30) -> str:
    """An SVG ``points`` list: the corners of a hexagon of radius ``r`` around (x, y), the first at ``angle``
    degrees (-30: pointed top, 0: flat top)."""
    corners = (math.radians(60 * k + angle) for k in range(6))
    return " ".join(f"{x + r * math.cos(a):.1f},{y + r * math.sin(a):.1f}" for a in corners)
