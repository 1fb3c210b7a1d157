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
    """``"C6"`` -> (castle, 6).

    :raises ValueError: not a colour letter followed by a die number 1-6.
    """
    if len(code) != 2 or code[0] not in LETTERS or code[1] not in "123456":
        raise ValueError(f"space code {code!r} is not a colour letter (B G K S C M) and a die number 1-6")
    return LETTERS[code[0]], int(code[1])
