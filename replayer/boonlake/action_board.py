"""The action board and set-up arithmetic: pure functions of the rules text's numbers.

"Choose one of the action strips from the action board and place it in the area at the very
bottom of the action board. If you choose one of the two bottom strips, first move your
victory-point marker back as many spaces as indicated for that row." Phase C: "Push the action
strips up to close the gap, so there is again one action strip in each row."
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .catalog import Catalog


@dataclass(frozen=True, slots=True)
class TakenStrip:
    row: int  # 1 = top: the just-uncovered space
    steps: int  # the ship's maximum steps
    vp_cost: int  # VP given up first (the two bottom rows)
    order: tuple[str, ...]  # the strips top to bottom after Phase C


def take_strip(cat: Catalog, order: Sequence[str], strip: str) -> TakenStrip:
    """Take ``strip`` from the board whose rows hold ``order`` (top to bottom): its row's steps and
    VP cost, and the order once it went to the bottom and the others were pushed up."""
    row = cat.rows[list(order).index(strip)]
    return TakenStrip(row.row, row.steps, row.vp_cost, tuple(s for s in order if s != strip) + (strip,))


def starting_coins(cat: Catalog, players: int, seat: int) -> int:
    """Coins at set-up by seat (0 = the starting player): "gets the starting player token and 6 coins;
    the next player clockwise gets 7 coins; in the 3- or 4-player game, everybody else gets 8
    coins"; solo, the Wise Eminence starts, "so you start with 7 coins"."""
    if players == 1:
        return cat.solo_player_coins
    return cat.materials["starting_coins_by_seat"][seat]


def starting_tiles(cat: Catalog, players: int) -> tuple[str, ...]:
    """The building tiles mixed and placed face up at set-up for ``players`` (6 / 8 / 10)."""
    return tuple(t for s in cat.start_symbols[players] for t in cat.tiles_by_back[s])


def starting_spaces(cat: Catalog, players: int) -> tuple[int, ...]:
    """The board spaces those tiles go on ("the matching spaces")."""
    symbols = cat.start_symbols[players]
    return tuple(n for n, s in cat.spaces.items() if s.start_symbol in symbols)
