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


def _mask(spaces: Collection[int]) -> int:
    """Bit set of space numbers (bit n = space n)."""
    out = 0
    for n in spaces:
        out |= 1 << n
    return out


def tile_spaces(cat: Catalog, tiled: Collection[int]) -> tuple[int, ...]:
    """Unoccupied spaces adjacent to at least one placed tile (pastures count): where Explore, a
    cattle pasture and the Wise Eminence place a tile. Empty when the board is full."""
    placed = _mask(tiled)
    adjacent = cat.adjacent_mask
    return tuple(n for n in range(1, cat.space_count + 1) if not placed >> n & 1 and adjacent[n] & placed)


def next_to(cat: Catalog, space: int, counts: Mapping[int, int]) -> int:
    """The pieces of ``counts`` (space -> pieces) on the tiles adjacent to ``space``, across bridges and
    fords too: the houses next to a pasture (2 coins each when placing cattle), the settlements next
    to a cattle ("1 victory point per settlement on the adjacent building tiles (also across bridges)")."""
    return sum(counts.get(m, 0) for m in cat.spaces[space].adjacent)


def presences_around(cat: Catalog, space: int, presences: Mapping[int, int]) -> int:
    """Presences adjacent to the house on ``space``: the others on its own tile plus those on every
    adjacent tile. The house itself is one of ``presences[space]``."""
    return presences[space] - 1 + next_to(cat, space, presences)


def presences_next_to_bridges(cat: Catalog, presences: Mapping[int, int]) -> int:
    """A player's presences on tiles at an end of a bridge ("building tiles next to bridges (spaces
    interconnecting regions)"; the scoring tile's category)."""
    return sum(k for n, k in presences.items() if cat.spaces[n].bridged)


def largest_adjacent_group(cat: Catalog, spaces: Collection[int]) -> int:
    """The most of ``spaces`` (tiles with a presence of the player) that form one adjacent group:
    "At least 1 presence on the depicted number of adjacent building tiles"."""
    left = _mask(spaces)
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
        out[cat.spaces[n].region] += k
    return out


def region_scoring_coins(cat: Catalog, chosen: str, presences: Mapping[int, int]) -> int:
    """Region scoring: "everybody gets 1 coin for each of their presences ... in those 3 regions"
    (all but the chosen one)."""
    return sum(k for r, k in region_presences(cat, presences).items() if r != chosen)
