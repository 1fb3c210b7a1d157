"""The Wise Eminence's decisions in the solo game: pure functions of the rules text's solo mode.

"Choosing a location: ... using the number in the corner of the solo tile that matches their
position on the top tile of the stack. If the stack is depleted, they always use the number in the
upper-left corner. Each number is a specific gameboard space. If the effect cannot be done at that
space, take the next higher space, and so on; from space 33 skip to space 1. If no location works
at all, the effect is wasted."

The engine asks these with what it has checked: the difficulty and the solo tile's corner are the
schema's enums (a corner written or missing is BOON.SOLO.CORNER), the solo tiles are checked against
the stack (BOON.SOLO.*), and the rest comes from the catalog and the state.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from .board import tile_spaces
from .catalog import CORNERS, Catalog, SoloTile


def location_order(start: int, spaces: int) -> tuple[int, ...]:
    """The spaces in the order the Wise Eminence tries them: ``start``, the next higher, ...,
    ``spaces`` (33), then 1 upward, each once."""
    return tuple(range(start, spaces + 1)) + tuple(range(1, start))


def next_location(start: int, feasible: Callable[[int], bool], spaces: int = 33) -> int | None:
    """The first space from ``start`` on (33 wraps to 1) where the effect can be done; None if none."""
    return next((n for n in location_order(start, spaces) if feasible(n)), None)


def location_number(tile: SoloTile, corner: str | None) -> int:
    """The revealed tile's number in ``corner`` (the corner the top tile of the face-down stack marks,
    a recorded random outcome), or the upper-left one when the stack is depleted (``None``)."""
    return tile.corners[0 if corner is None else CORNERS.index(corner)]


def tile_location(cat: Catalog, location: int, tiled: Collection[int]) -> int | None:
    """Where the Wise Eminence places a building tile or pasture ("choose a location (adjacent to
    >=1 tile)"): the first unoccupied space adjacent to a tile from ``location`` on; None if the
    board has no such space (the effect is wasted)."""
    open_ = set(tile_spaces(cat, tiled))
    return next_location(location, open_.__contains__, cat.space_count)


def house_site(cat: Catalog, location: int, free_sites: Mapping[int, Sequence[bool]]) -> tuple[int, int] | None:
    """Where their house goes: "on an unoccupied building site (no inhabitants given up; upper site
    if 2)". ``free_sites`` maps each space holding a (non-pasture) tile to whether each of its sites,
    top first, is unoccupied. Returns (space, site index) or None (wasted)."""
    space = next_location(location, lambda n: any(free_sites.get(n, ())), cat.space_count)
    return None if space is None else (space, list(free_sites[space]).index(True))


def house_to_replace(cat: Catalog, location: int, house_spaces: Collection[int]) -> int | None:
    """Which of their houses becomes a settlement: the first space holding one of their houses
    from ``location`` on ("ignoring the 3-presence rule"); None without a house on the board."""
    return next_location(location, set(house_spaces).__contains__, cat.space_count)


def bottom_strip_effect(cat: Catalog, bottom_strip: str, grade: str) -> dict[str, int]:
    """Step A: what the bottommost strip makes the Wise Eminence do ("structures", "cattle",
    "cactus" steps), by the grade of the revealed tile."""
    key = bottom_strip if bottom_strip in ("settle", "cattle_breeding") else "other"
    return dict(cat.solo_bottom_strip[key][grade])


def chosen_action(tile: SoloTile, strip_rows: Mapping[str, int]) -> str:
    """Step B: "always taking the action whose strip is furthest up on the action board" among the
    tile's three; ``strip_rows`` gives each strip's row (1 = top)."""
    return min(tile.actions, key=lambda s: strip_rows[s])


def structure_to_build(houses_on_board: int, houses_left: int, settlements_left: int) -> str:
    """Building a structure: "If the Wise Eminence has no more than 1 house on the gameboard, they
    place a house ... If they already have 2+ houses on the board, they replace one of their houses
    with a settlement"; "If no structure remains on their board, they earn 10 VP instead".
    Returns "house", "settlement" or "vp". Reading: when their board lacks the kind the rule names
    but holds the other, they build the other (10 VP only once no structure at all remains)."""
    if houses_left <= 0 and settlements_left <= 0:
        return "vp"
    if houses_on_board <= 1:
        return "house" if houses_left > 0 else "settlement"
    return "settlement" if settlements_left > 0 else "house"


@dataclass(frozen=True, slots=True)
class Pasture:
    space: int
    structures: int  # adjacent houses and settlements, any owner
    cattle: int  # cattle already on it


def pasture_choice(pastures: Sequence[Pasture], location: int, spaces: int = 33) -> int | None:
    """"Place their cattle on the pasture with the single highest difference [adjacent structures
    minus cattle]; ties are broken by fewest cattle, then by the solo-tile corner number" (the first
    from ``location`` in the location order). Pastures holding 4 cattle take no more. None if no
    pasture can take one."""
    order = {n: i for i, n in enumerate(location_order(location, spaces))}
    open_ = [p for p in pastures if p.cattle <= 3]
    if not open_:
        return None
    return min(open_, key=lambda p: (-(p.structures - p.cattle), p.cattle, order.get(p.space, spaces))).space


def region_choice(cat: Catalog, differences: Mapping[str, int], covered: Sequence[str]) -> str | None:
    """Region scoring: "subtract the Wise Eminence's presences from yours (skip regions whose rewards
    are already covered). They choose the region with the highest difference (ties: the most
    northern)." ``differences``: player's minus theirs, per region. None if all are covered."""
    open_ = [r for r in cat.regions if r.id not in covered]
    if not open_:
        return None
    return min(open_, key=lambda r: (-differences.get(r.id, 0), r.north_rank)).id


def region_label_vp(cat: Catalog, region: str) -> int:
    """VP the Wise Eminence earns for the region they cover: "4 for Boonlake, otherwise 3"."""
    label = cat.solo_region_scoring["label_vp"]
    return label["boonlake"] if region == "boonlake" else label["other"]


def region_presence_vp(cat: Catalog, presences: int, grade: str) -> int:
    """Their VP for the three other regions: "1 VP per presence, or 2 on a B-tile"."""
    return cat.solo_region_scoring["presence_vp"][grade] * presences


def _last_vacated(values: Sequence[int], removed: int) -> int:
    return values[removed - 1] if removed else 0


def wise_eminence_income(cat: Catalog, houses_removed: int, settlements_removed: int, cattle_removed: int,
                         cactus_position: int, cattle_settlements: Sequence[int] = ()) -> int:
    """Their interim-scoring VP: "houses, settlements, cattle, and the cactus track (the VP shown on
    each last-vacated space), plus 1 VP per adjacent settlement for each of their cattle"."""
    board = cat.solo_board
    return (_last_vacated(board["houses"], houses_removed) + _last_vacated(board["settlements"], settlements_removed)
            + _last_vacated(board["cattle"], cattle_removed) + board["cactus"][cactus_position]
            + sum(cattle_settlements))


def unrevealed_b_vp(cat: Catalog, unrevealed_b_tiles: int) -> int:
    """Final scoring: "for every yet-unrevealed B-tile, they score 10 VP"."""
    return cat.solo_fallback_vp["unrevealed_b_tile"] * unrevealed_b_tiles
