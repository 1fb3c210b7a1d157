"""The Wise Eminence's part of the position in a solo game (rules text, "Solo Mode").

They are no player of the log: they sit in the internal seat ``s.n`` (1) - their houses,
settlements and cattle on the gameboard are owned by that seat in ``s.sites`` and ``s.cattle``, so
every rule that counts presences "of any owner" sees them - and they score into a ledger of their
own (a bot seat of the core, claimed as ``@wise-eminence``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.ledger import Ledger

#: a board space holding a gray tile the Wise Eminence drew, until the table writes which one ('mound')
PENDING_TILE = "?"


@dataclass(slots=True)
class SoloState:
    difficulty: str  #: easy ... very_difficult
    scoring_tile: str  #: the random scoring tile revealed for them at set-up
    ship: str  #: their ship's river space
    ledger: Ledger  #: their VP (one seat)
    in_stack: dict[str, int]  #: grade (A, B) -> solo tiles of that grade in the stack of 6
    houses_left: int  #: on their board (removed top to bottom)
    settlements_left: int
    cattle_left: int
    cactus: int = 0  #: position on the cactus track (0 = the first space)
    known: list[str] = field(default_factory=list)  #: the stack's tiles identified so far
    revealed: list[str] = field(default_factory=list)  #: revealed from the current stack, in order
    stacks: int = 1  #: 1 = the set-up stack; each remix starts the next
    tile: str = ""  #: the solo tile revealed this turn
    pending_tiles: list[int] = field(default_factory=list)  #: spaces waiting for the gray tile drawn ('mound')

    def revealed_of(self, grade: str, tiles) -> int:
        """Tiles of ``grade`` revealed from the current stack (``tiles``: the catalog's solo tiles)."""
        return sum(1 for t in self.revealed if tiles[t].grade == grade)

