"""The Wise Eminence in the solo game (rules text, "Solo Mode"): their decisions, pure functions of
the facts they read, then their effects on the position and their scoring. The table writes only
the solo tile revealed with its corner and the gray tiles they draw (``solo_turn``).

"Choosing a location: ... using the number in the corner of the solo tile that matches their
position on the top tile of the stack. If the stack is depleted, they always use the number in the
upper-left corner. Each number is a specific gameboard space. If the effect cannot be done at that
space, take the next higher space, and so on; from space 33 skip to space 1. If no location works
at all, the effect is wasted."
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from ..core.bots import BotSeat
from .board import next_to, region_presences, region_scoring_coins, tile_spaces
from .catalog import CORNERS, Catalog, SoloTile
from .state import PENDING_TILE, BoonlakeState, Piece


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


EMINENCE_ID = "wise-eminence"
#: the solo opponent: a bot seat of the core (claimed as "@wise-eminence")
EMINENCE = BotSeat(EMINENCE_ID, "the Wise Eminence")
#: "they earn 1 VP per presence in the three scored regions" when the player takes Region scoring
PLAYER_REGION_SCORING_VP = 1


def gain(s: BoonlakeState, vp: int, category: str, reason: str) -> None:
    s.solo.ledger.add(0, vp, category, reason)


def advance_cactus(s: BoonlakeState, steps: int) -> None:
    """Their marker ``steps`` spaces on along the cactus track. Reading (the text is silent): it stops
    on the last space; steps beyond it are lost."""
    last = len(s.cat.solo_board["cactus"]) - 1
    s.solo.cactus = min(last, s.solo.cactus + steps)


def _free_sites(s: BoonlakeState) -> dict[int, tuple[bool, ...]]:
    """Space -> whether each building site of its tile, upper first, is unoccupied (no pastures)."""
    out = {}
    for space, tile in s.tiles.items():
        if tile in ("pasture", PENDING_TILE):
            continue  # a tile drawn this turn and still unnamed is only ever built on by Pioneer's house
        sites = s.cat.building_tiles[tile].sites
        out[space] = tuple((space, i) not in s.sites for i in range(len(sites)))
    return out


def build_structure(s: BoonlakeState, location: int) -> None:
    """Building a structure (:func:`structure_to_build`), ignoring all building-tile effects; the
    site and the house are found from ``location`` by the location rule; with none the effect is wasted."""
    sl = s.solo
    houses = sorted(k for k, (owner, piece) in s.sites.items() if owner == s.n and piece is Piece.HOUSE)
    kind = structure_to_build(len(houses), sl.houses_left, sl.settlements_left)
    if kind == "vp":
        gain(s, s.cat.solo_fallback_vp["no_structure"], "structures", "no structure left on their board: 10 VP instead")
        return
    if kind == "house":
        site = house_site(s.cat, location, _free_sites(s))
        if site is not None:
            s.sites[site] = (s.n, Piece.HOUSE)
            sl.houses_left -= 1
        return
    space = house_to_replace(s.cat, location, {sp for sp, _ in houses})
    if space is not None:
        upper = min(i for sp, i in houses if sp == space)
        s.sites[(space, upper)] = (s.n, Piece.SETTLEMENT)
        sl.settlements_left -= 1


def place_house_on(s: BoonlakeState, space: int) -> None:
    """Pioneer: "place their top house on the second tile placed (upper site if 2)". Reading: with no
    house left on their board nothing is placed (this is not "building a structure")."""
    if s.solo.houses_left > 0:
        s.sites[(space, 0)] = (s.n, Piece.HOUSE)
        s.solo.houses_left -= 1


def place_cattle(s: BoonlakeState, location: int) -> None:
    """Placing cattle (:func:`pasture_choice`): "If all 5 of their cattle are on the board, they
    earn 10 VP instead." Without a pasture that can take one (none, or all hold 4) the effect is wasted."""
    sl = s.solo
    if sl.cattle_left <= 0:
        gain(s, s.cat.solo_fallback_vp["no_cattle"], "cattle", "all 5 of their cattle on the board: 10 VP instead")
        return
    structures: dict[int, int] = {}
    for (space, _), (_, piece) in s.sites.items():
        if piece is not Piece.INHABITANT:
            structures[space] = structures.get(space, 0) + 1
    pastures = [Pasture(space, next_to(s.cat, space, structures), len(s.cattle[space]))
                for space, tile in s.tiles.items() if tile == "pasture"]
    space = pasture_choice(pastures, location, s.cat.space_count)
    if space is not None:
        s.cattle[space].append(s.n)
        sl.cattle_left -= 1


def place_gray_tile(s: BoonlakeState, location: int) -> int | None:
    """ "draw a building tile, choose a location (adjacent to >=1 tile)": the space is reserved now and
    the tile drawn is written by the table next (a 'mound' move). None (wasted) when the mound is
    empty or no space is open; then nothing is drawn."""
    if s.mound.remaining - len(s.solo.pending_tiles) <= 0:
        return None
    space = tile_location(s.cat, location, s.tiles)
    if space is not None:
        s.tiles[space] = PENDING_TILE
        s.solo.pending_tiles.append(space)
    return space


def place_pasture(s: BoonlakeState, location: int) -> None:
    """Cattle-breeding: "choose a location (adjacent to >=1 tile) and lay a cattle pasture there if
    possible" (no reward: they never take coins or cards)."""
    if s.pastures_left <= 0:
        return
    space = tile_location(s.cat, location, s.tiles)
    if space is not None:
        s.tiles[space] = "pasture"
        s.cattle[space] = []
        s.pastures_left -= 1


def choose_region(s: BoonlakeState) -> None:
    """Region scoring (:func:`region_choice`): cover its reward with a region marker and earn its
    VP. With all four covered nothing is chosen and nothing scored (as for a player)."""
    cat = s.cat
    mine, theirs = region_presences(cat, s.presences(0)), region_presences(cat, s.presences(s.n))
    region = region_choice(cat, {r: mine[r] - theirs[r] for r in mine}, tuple(s.covered))
    if region is None:
        return
    s.covered.add(region)
    s.region_chosen = region
    label = cat.solo_region_scoring["label_vp"]  # "(4 for Boonlake, otherwise 3)"
    gain(s, label["boonlake"] if region == "boonlake" else label["other"], "region_labels",
         f"region scoring: they cover the label of {cat.region[region].name}")


def score_other_regions(s: BoonlakeState) -> None:
    """The three other regions scored: on their strip "they get 1 VP per presence, or 2 on a B-tile";
    on the player's, "they earn 1 VP per presence in the three scored regions"."""
    cat = s.cat
    presences = region_scoring_coins(cat, s.region_chosen, s.presences(s.n))  # their presences in the other 3
    if s.current == s.n:
        vp = cat.solo_region_scoring["presence_vp"][cat.solo_tiles[s.solo.tile].grade] * presences
    else:
        vp = PLAYER_REGION_SCORING_VP * presences
    gain(s, vp, "regions", f"region scoring: {presences} presence(s) in the regions other than {cat.region[s.region_chosen].name}")


def income(s: BoonlakeState) -> int:
    """ "scoring VP for houses, settlements, cattle, and the cactus track (the VP shown on each
    last-vacated space), plus 1 VP per adjacent settlement for each of their cattle"."""
    cat, sl = s.cat, s.solo
    board = cat.solo_board
    settlements = s.pieces_at(Piece.SETTLEMENT)
    vp = board["cactus"][sl.cactus] + sum(next_to(cat, space, settlements) for space, seats in s.cattle.items()
                                         for k in seats if k == s.n)
    for kind, left in (("houses", sl.houses_left), ("settlements", sl.settlements_left), ("cattle", sl.cattle_left)):
        if left < len(board[kind]):  # the VP shown on the last-vacated space
            vp += board[kind][len(board[kind]) - left - 1]
    return vp


def final_scoring(s: BoonlakeState) -> None:
    """ "During the final scoring the Wise Eminence gets their income one more time (alternatively you
    may double their income during the fourth interim scoring). Then look through the face-down solo
    stack: for every yet-unrevealed B-tile, they score 10 VP." (Once more: the package docstring's reading.)"""
    gain(s, income(s), "income", "final scoring: their income once more")
    b = s.solo.in_stack["B"] - s.solo.revealed_of("B", s.cat.solo_tiles)
    gain(s, s.cat.solo_fallback_vp["unrevealed_b_tile"] * b, "solo_tiles",
         f"final scoring: {b} B-tile(s) not yet revealed from the solo stack")
