"""The depots of the main board: which hex spaces a phase fills by player count (with the 3-player
exception), the black depot's size, the ring of depots, and the Solo hex removal.

Supplement 3.1: depots 1-6 have 4 hex spaces each, of which 2, 3 or 4 are used with 2, 3 or 4
players; "in phases B and D, the 3-player space of depot 6 gets a mine instead of a castle".
Supplement 3.2: the black depot takes 4 / 6 / 8 black-back tiles. Solo text: "remove a hex tile
from that depot ... If a depot is empty, remove a hex tile from the next depot in clockwise order".
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from .catalog import PLAYER_COUNTS, Back, Catalog
from .colours import Colour


@dataclass(frozen=True, slots=True)
class PhaseSpace:
    """A depot hex space as one phase fills it."""

    id: str
    depot: int
    colour: Colour


def _check(catalog: Catalog, players: int, phase: str) -> None:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"the depots are set up for 2, 3 or 4 players, not {players!r}")
    if phase not in catalog.phases:
        raise ValueError(f"phase {phase!r} is not one of {', '.join(catalog.phases)}")


BLACK_SUPPLY = "black"
GOODS_POOL = "goods"  #: the pool of goods tiles, face down (the goods supply)


def supplies(catalog: Catalog) -> dict[str, dict[str, int]]:
    """The face-down supplies of set-up (supplement 4.1: "Sort the hex tiles by back colour into
    face-down supplies (6 colour stacks plus a black stack)"): supply name (a colour id, or
    ``"black"``) -> hex tile kind id -> tiles. Depot spaces of a colour draw from that colour's
    supply, the black depot from the black one; the starting castles come from the castle supply.
    """
    out: dict[str, dict[str, int]] = {c.value: {} for c in Colour}
    out[BLACK_SUPPLY] = {}
    for kind in catalog.hex_kinds.values():
        if kind.count(Back.NORMAL):
            out[kind.colour.value][kind.id] = kind.count(Back.NORMAL)
        if kind.count(Back.BLACK):
            out[BLACK_SUPPLY][kind.id] = kind.count(Back.BLACK)
    return out


def phase_spaces(catalog: Catalog, players: int, phase: str) -> dict[int, tuple[PhaseSpace, ...]]:
    """Depot number -> the hex spaces filled at the start of ``phase`` with ``players`` players.

    :raises ValueError: the player count is not 2-4 or the phase is unknown.
    """
    _check(catalog, players, phase)
    changed = {x.space: x.colour for x in catalog.depot_exceptions if players in x.players and phase in x.phases}
    return {d: tuple(PhaseSpace(s.id, d, changed.get(s.id, s.colour)) for s in spaces if s.players <= players)
            for d, spaces in catalog.depot_spaces.items()}


def phase_tiles_by_colour(catalog: Catalog, players: int, phase: str) -> Counter:
    """Colour -> normal-back tiles the numbered depots take at the start of ``phase``.

    :raises ValueError: as :func:`phase_spaces`.
    """
    return Counter(s.colour for spaces in phase_spaces(catalog, players, phase).values() for s in spaces)


def black_depot_size(catalog: Catalog, players: int) -> int:
    """Black-back tiles laid out in the black depot at the start of each phase.

    :raises ValueError: the player count is not 2-4.
    """
    if players not in catalog.black_depot:
        raise ValueError(f"the black depot is set up for 2, 3 or 4 players, not {players!r}")
    return catalog.black_depot[players]


def next_clockwise(catalog: Catalog, depot: int) -> int:
    """The depot after ``depot`` on the ring (clockwise).

    :raises ValueError: ``depot`` is not 1-6.
    """
    if depot not in catalog.ring:
        raise ValueError(f"the numbered depots are 1-6, not {depot!r}")
    ring = catalog.ring
    return ring[(ring.index(depot) + 1) % len(ring)]


def ring_neighbours(catalog: Catalog, depot: int) -> tuple[int, int]:
    """The two depots next to ``depot`` on the ring (knowledge #5), counter-clockwise one first.

    :raises ValueError: ``depot`` is not 1-6.
    """
    if depot not in catalog.ring:
        raise ValueError(f"the numbered depots are 1-6, not {depot!r}")
    ring = catalog.ring
    i = ring.index(depot)
    return ring[i - 1], ring[(i + 1) % len(ring)]


def solo_hex_to_remove(catalog: Catalog, white_die: int, occupied: Collection[str]) -> str | None:
    """The depot space whose hex tile the Solo round removes, given the white die and the depot
    spaces still holding a tile; ``None`` when every numbered depot is empty.

    The depot shown by the white die loses its first occupied space in the catalog's removal order
    (the Solo text: top to bottom, or left to right for depots 1 and 4); an empty depot passes the
    removal on to the next depot clockwise.

    :raises ValueError: the white die is not 1-6 or ``occupied`` names a space of no depot.
    """
    if white_die not in catalog.ring:
        raise ValueError(f"the white die shows 1-6, not {white_die!r}")
    known = {x.id for row in catalog.depot_spaces.values() for x in row}
    unknown = sorted(set(occupied) - known)
    if unknown:
        raise ValueError(f"{unknown} are not numbered depot spaces")
    depot = white_die
    for _ in catalog.ring:
        for space in catalog.solo_removal_order[depot]:
            if space in occupied:
                return space
        depot = next_clockwise(catalog, depot)
    return None


def goods_to_box(catalog: Catalog, players: int) -> int:
    """Goods tiles left over after the phase stacks and the players' starting goods (supplement 4.2:
    "The rest (42 - 25 - 3N) go back to the box."); ``players=1`` for the Solo game.

    :raises ValueError: the player count is not 1-4.
    """
    if players not in (1, *PLAYER_COUNTS):
        raise ValueError(f"the game has 1-4 players, not {players!r}")
    per_player = catalog.solo.start_goods if players == 1 else catalog.goods_per_player
    return sum(catalog.goods_count.values()) - catalog.goods_per_phase * len(catalog.phases) - per_player * players
