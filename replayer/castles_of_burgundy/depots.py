"""The depots of the main board: which hex spaces a phase fills by player count (with the 3-player
exception), the ring of depots, and the Solo hex removal (the black depot's size, 4 / 6 / 8 tiles by
supplement 3.2, is the catalog's ``black_depot``).

Supplement 3.1: depots 1-6 have 4 hex spaces each, of which 2, 3 or 4 are used with 2, 3 or 4
players; "in phases B and D, the 3-player space of depot 6 gets a mine instead of a castle". Solo
text: "remove a hex tile from that depot ... If a depot is empty, remove a hex tile from the next
depot in clockwise order".
"""
from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from .catalog import Catalog
from .geometry import Colour


class PhaseSpace(NamedTuple):
    """A depot hex space as one phase fills it."""

    id: str
    colour: Colour


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
        if kind.normal_back:
            out[kind.colour.value][kind.id] = kind.normal_back
        if kind.black_back:
            out[BLACK_SUPPLY][kind.id] = kind.black_back
    return out


def phase_spaces(catalog: Catalog, players: int, phase: str) -> dict[int, tuple[PhaseSpace, ...]]:
    """Depot number -> the hex spaces filled at the start of ``phase`` with ``players`` players."""
    changed = {x.space: x.colour for x in catalog.depot_exceptions if players in x.players and phase in x.phases}
    return {d: tuple(PhaseSpace(s.id, changed.get(s.id, s.colour)) for s in spaces if s.players <= players)
            for d, spaces in catalog.depot_spaces.items()}


def ring_neighbours(catalog: Catalog, depot: int) -> tuple[int, int]:
    """The two depots next to ``depot`` on the ring (knowledge #5), counter-clockwise one first, then
    the next one clockwise."""
    ring = catalog.ring
    i = ring.index(depot)
    return ring[i - 1], ring[(i + 1) % len(ring)]


def solo_hex_to_remove(catalog: Catalog, white_die: int, occupied: Collection[str]) -> str | None:
    """The depot space whose hex tile the Solo round removes, given the white die and the depot
    spaces still holding a tile; ``None`` when every numbered depot is empty.

    The depot shown by the white die loses its first occupied space in the catalog's removal order
    (the Solo text: top to bottom, or left to right for depots 1 and 4); an empty depot passes the
    removal on to the next depot clockwise.
    """
    depot = white_die
    for _ in catalog.ring:
        for space in catalog.solo_removal_order[depot]:
            if space in occupied:
                return space
        depot = ring_neighbours(catalog, depot)[1]
    return None
