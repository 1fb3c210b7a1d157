"""Gameboard geometry: adjacency (bridges and fords included), where tiles may go, presences around a
house, bridges, regions. Pure functions over the catalog; ``presences`` maps a space number to the
number of presences (inhabitants, houses, settlements, cattle of any owner) on its tile.

Rules text: explore "on an unoccupied gameboard space that is adjacent to another building tile or
connected via a bridge to an already-placed tile. Cattle pastures count as building tiles ...
(Spaces connected by a ford are also considered adjacent.)"; a settlement's house "must be adjacent
to at least 3 presences ... Presences on the same tile and on neighboring tiles (including across
bridges) count as adjacent."
"""
from __future__ import annotations

from collections.abc import Collection, Mapping

from .catalog import Catalog


class BoardError(ValueError):
    """A board reference the catalog does not have.

    A broken invariant, never a log's rule error: a space a move names is checked first
    (BOON.EXPLORE.SPACE, BOON.DEVELOP.*, BOON.CATTLE.NO_PASTURE, BOON.UPGRADE.PIECE: a house is on
    it before its presences are counted), a region by BOON.REGION.UNKNOWN; the other spaces come
    from the state. A log never reaches it (tests/boonlake/test_private_errors.py)."""


def _space(cat: Catalog, number: int):
    try:
        return cat.spaces[number]
    except KeyError:
        raise BoardError(f"the gameboard has building spaces 1-{cat.space_count}, not {number}") from None


def adjacent(cat: Catalog, a: int, b: int) -> bool:
    """:raises BoardError: either space does not exist."""
    _space(cat, b)
    return bool(_space(cat, a).adjacent_mask >> b & 1)


def mask(spaces: Collection[int]) -> int:
    """Bit set of space numbers (bit n = space n)."""
    out = 0
    for n in spaces:
        out |= 1 << n
    return out


def _placed_mask(cat: Catalog, tiled: Collection[int]) -> int:
    """:raises BoardError: a tiled space does not exist."""
    spaces = cat.spaces
    placed = 0
    for n in tiled:
        if n not in spaces:
            _space(cat, n)  # raises, naming the spaces that exist
        placed |= 1 << n
    return placed


def tile_spaces(cat: Catalog, tiled: Collection[int]) -> tuple[int, ...]:
    """Unoccupied spaces adjacent to at least one placed tile (pastures count): where Explore, a
    cattle pasture and the Wise Eminence place a tile. Empty when the board is full.

    :raises BoardError: a tiled space does not exist.
    """
    placed = _placed_mask(cat, tiled)
    adjacent = cat.adjacent_mask
    return tuple(n for n in range(1, cat.space_count + 1) if not placed >> n & 1 and adjacent[n] & placed)


def is_tile_space(cat: Catalog, tiled: Collection[int], space: int) -> bool:
    """Whether ``space`` (a space of the board) is one of :func:`tile_spaces`.

    :raises BoardError: a tiled space or ``space`` does not exist.
    """
    placed = _placed_mask(cat, tiled)
    return not placed >> space & 1 and bool(cat.adjacent_mask[_space(cat, space).number] & placed)


def has_tile_space(cat: Catalog, tiled: Collection[int]) -> bool:
    """Whether :func:`tile_spaces` is not empty.

    :raises BoardError: a tiled space does not exist.
    """
    placed = _placed_mask(cat, tiled)
    adjacent = cat.adjacent_mask
    return any(not placed >> n & 1 and adjacent[n] & placed for n in range(1, cat.space_count + 1))


def presences_around(cat: Catalog, space: int, presences: Mapping[int, int]) -> int:
    """Presences adjacent to the house on ``space``: the others on its own tile plus those on every
    adjacent tile (across bridges and fords too). The house itself is one of ``presences[space]``.

    :raises BoardError: ``space`` does not exist or holds no presence (so no house).
    """
    here = presences.get(_space(cat, space).number, 0)
    if here < 1:
        raise BoardError(f"space {space} holds no house")
    return here - 1 + sum(presences.get(m, 0) for m in cat.spaces[space].adjacent)


def bridge_spaces(cat: Catalog) -> tuple[int, ...]:
    """Spaces at an end of a bridge ("building tiles next to bridges (spaces interconnecting regions)")."""
    return tuple(n for n, s in cat.spaces.items() if s.next_to_bridge)


def presences_next_to_bridges(cat: Catalog, presences: Mapping[int, int]) -> int:
    """A player's presences on tiles next to bridges (the scoring tile's category)."""
    return sum(presences.get(n, 0) for n in bridge_spaces(cat))


def largest_adjacent_group(cat: Catalog, spaces: Collection[int]) -> int:
    """The most of ``spaces`` (tiles with a presence of the player) that form one adjacent group:
    "At least 1 presence on the depicted number of adjacent building tiles".

    :raises BoardError: a space does not exist.
    """
    left = mask(_space(cat, n).number for n in spaces)
    best = 0
    while left:
        start = (left & -left).bit_length() - 1
        group, frontier = 1 << start, 1 << start
        while frontier:
            grown = 0
            f = frontier
            while f:
                n = (f & -f).bit_length() - 1
                f &= f - 1
                grown |= cat.adjacent_mask[n]
            frontier = grown & left & ~group
            group |= frontier
        best = max(best, bin(group).count("1"))
        left &= ~group
    return best


def region_presences(cat: Catalog, presences: Mapping[int, int]) -> dict[str, int]:
    """A player's presences per region."""
    out = {r.id: 0 for r in cat.regions}
    for n, k in presences.items():
        out[_space(cat, n).region] += k
    return out


def region_scoring_coins(cat: Catalog, chosen: str, presences: Mapping[int, int]) -> int:
    """Region scoring: "everybody gets 1 coin for each of their presences ... in those 3 regions"
    (all but the chosen one).

    :raises BoardError: ``chosen`` is not a region.
    """
    if chosen not in cat.region:
        raise BoardError(f"{chosen!r} is not a region of Boonlake")
    return sum(k for r, k in region_presences(cat, presences).items() if r != chosen)


def cattle_settlement_vp(cat: Catalog, pasture: int, settlements: Mapping[int, int]) -> int:
    """Cattle scoring for one cattle on ``pasture``: "1 victory point per settlement on the adjacent
    building tiles (also across bridges)"; ``settlements`` maps spaces to settlements of any owner.

    :raises BoardError: ``pasture`` does not exist.
    """
    return sum(settlements.get(m, 0) for m in _space(cat, pasture).adjacent)


def adjacent_houses(cat: Catalog, pasture: int, houses: Mapping[int, int]) -> int:
    """Houses of any owner on tiles adjacent to ``pasture`` (2 coins each when placing cattle).

    :raises BoardError: ``pasture`` does not exist.
    """
    return sum(houses.get(m, 0) for m in _space(cat, pasture).adjacent)
