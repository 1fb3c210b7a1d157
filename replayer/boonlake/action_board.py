"""The action board and set-up arithmetic: pure functions of the rules text's numbers.

"Choose one of the action strips from the action board and place it in the area at the very
bottom of the action board. If you choose one of the two bottom strips, first move your
victory-point marker back as many spaces as indicated for that row." Phase C: "Push the action
strips up to close the gap, so there is again one action strip in each row."
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .catalog import Catalog

EXPLORE_FULL_BOARD_COINS = 2  #: "If all gameboard spaces are already occupied, you get 2 coins instead for each unplaced tile."
PASTURE_WASTED_COINS = 2  #: "this effect is wasted and you get 2 coins instead"


class ActionError(ValueError):
    """An action-board or set-up question outside what the rules define.

    A broken invariant, never a log's rule error: the engine calls these functions only with what
    it has checked (the player count by the core, CORE.PLAYERS.COUNT; the action board by
    BOON.SETUP.STRIPS; a strip taken from the schema's seven; the Wise Eminence's strip from the
    board), so a log never reaches it (tests/boonlake/test_private_errors.py)."""


@dataclass(frozen=True, slots=True)
class TakenStrip:
    row: int  # 1 = top: the just-uncovered space
    steps: int  # the ship's maximum steps
    vp_cost: int  # VP given up first (the two bottom rows)
    order: tuple[str, ...]  # the strips top to bottom after Phase C


def take_strip(cat: Catalog, order: Sequence[str], strip: str) -> TakenStrip:
    """Take ``strip`` from the board whose rows hold ``order`` (top to bottom): its row's steps and
    VP cost, and the order once it went to the bottom and the others were pushed up.

    :raises ActionError: ``order`` is not the 7 strips once each, or ``strip`` is not among them.
    """
    if sorted(order) != sorted(cat.strips):
        raise ActionError(f"the action board holds the 7 strips once each, not {list(order)}")
    if strip not in order:
        raise ActionError(f"{strip!r} is not an action strip")
    i = list(order).index(strip)
    row = cat.rows[i]
    return TakenStrip(row.row, row.steps, row.vp_cost, tuple(s for s in order if s != strip) + (strip,))


def starting_coins(cat: Catalog, players: int, seat: int) -> int:
    """Coins at set-up by seat (0 = the starting player): "gets the starting player token and 6 coins;
    the next player clockwise gets 7 coins; in the 3- or 4-player game, everybody else gets 8
    coins"; solo, the Wise Eminence starts, "so you start with 7 coins".

    :raises ActionError: not 1-4 players or no such seat.
    """
    if not 1 <= players <= 4 or not 0 <= seat < players:
        raise ActionError(f"no seat {seat} in a game of {players} players (1-4)")
    if players == 1:
        return cat.solo_player_coins
    return cat.materials["starting_coins_by_seat"][seat]


def starting_tiles(cat: Catalog, players: int) -> tuple[str, ...]:
    """The building tiles mixed and placed face up at set-up for ``players`` (6 / 8 / 10).

    :raises ActionError: not 1-4 players.
    """
    try:
        symbols = cat.start_symbols[players]
    except KeyError:
        raise ActionError(f"Boonlake is played by 1-4 players, not {players}") from None
    return tuple(t for s in symbols for t in cat.tiles_by_back[s])


def starting_spaces(cat: Catalog, players: int) -> tuple[int, ...]:
    """The board spaces those tiles go on ("the matching spaces")."""
    symbols = cat.start_symbols.get(players, ())
    return tuple(n for n, s in cat.spaces.items() if s.start_symbol in symbols)


def random_scoring_tiles(players: int) -> int:
    """Scoring tiles put out at random: "put 1 random scoring tile in each unoccupied area (there
    are always 4 scoring tiles in play)"; the solo Wise Eminence's tile counts as one player's.

    :raises ActionError: not 1-4 players.
    """
    if not 1 <= players <= 4:
        raise ActionError(f"Boonlake is played by 1-4 players, not {players}")
    return 4 - (2 if players == 1 else players)


def discard_coins(cat: Catalog, card_kind: str, bonuses: Mapping[str, int] | None = None) -> int:
    """Coins for discarding a card: 2, plus "+1 coin when you discard a card of a given kind
    (cumulative)" for each such permanent card."""
    return cat.discard_coins + (bonuses or {}).get(card_kind, 0)


def build_site(level: int, max_level: int = 2) -> int | None:
    """A production site's level after building it once: "placing a level-1 site (1 resource) in
    the appropriate recess, or turning an already-placed site to show 2 resources"; at level 2
    the effect is wasted (None)."""
    return level + 1 if level < max_level else None
