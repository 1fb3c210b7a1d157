"""The six estate colours (tile types) and the one-letter codes boards are written in."""
from __future__ import annotations

import enum


class Colour(enum.Enum):
    """An estate colour; a space and the tile placed on it share one."""

    BUILDING = "building"  # beige; a region of buildings is a city
    PASTURE = "pasture"  # light green
    KNOWLEDGE = "knowledge"  # yellow (monasteries)
    SHIP = "ship"  # blue
    CASTLE = "castle"  # dark green
    MINE = "mine"  # grey


#: board code letter -> colour (the letters the supplement's board drawings use)
LETTERS: dict[str, Colour] = {"B": Colour.BUILDING, "G": Colour.PASTURE, "K": Colour.KNOWLEDGE,
                              "S": Colour.SHIP, "C": Colour.CASTLE, "M": Colour.MINE}
LETTER_OF: dict[Colour, str] = {c: k for k, c in LETTERS.items()}


def parse_code(code: str) -> tuple[Colour, int]:
    """``"C6"`` -> (castle, 6); the catalog schema admits no other codes."""
    return LETTERS[code[0]], int(code[1])
