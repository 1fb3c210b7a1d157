"""The Wise Eminence's effects on the position and their scoring (rules text, "Solo Mode"): each
decision is a pure function of ``solo.py``, applied here to the state.
"""
from __future__ import annotations

from ..core.bots import BotSeat
from .board import next_to, region_presences, region_scoring_coins
from .solo import (Pasture, house_site, house_to_replace, pasture_choice, region_choice, region_label_vp,
                   region_presence_vp, structure_to_build, tile_location, unrevealed_b_vp, wise_eminence_income)
from .solo_state import PENDING_TILE
from .state import BoonlakeState, Piece

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
    """Building a structure (:func:`.solo.structure_to_build`), ignoring all building-tile effects; the
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
    """Placing cattle (:func:`.solo.pasture_choice`): "If all 5 of their cattle are on the board, they
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
    """Region scoring (:func:`.solo.region_choice`): cover its reward with a region marker and earn its
    VP. With all four covered nothing is chosen and nothing scored (as for a player)."""
    cat = s.cat
    mine, theirs = region_presences(cat, s.presences(0)), region_presences(cat, s.presences(s.n))
    region = region_choice(cat, {r: mine[r] - theirs[r] for r in mine}, tuple(s.covered))
    if region is None:
        return
    s.covered.add(region)
    s.region_chosen = region
    gain(s, region_label_vp(cat, region), "region_labels", f"region scoring: they cover the label of {cat.region[region].name}")


def score_other_regions(s: BoonlakeState) -> None:
    """The three other regions scored: on their strip by :func:`.solo.region_presence_vp`; on the
    player's, "they earn 1 VP per presence in the three scored regions"."""
    cat = s.cat
    presences = region_scoring_coins(cat, s.region_chosen, s.presences(s.n))  # their presences in the other 3
    if s.current == s.n:
        vp = region_presence_vp(cat, presences, cat.solo_tiles[s.solo.tile].grade)
    else:
        vp = PLAYER_REGION_SCORING_VP * presences
    gain(s, vp, "regions", f"region scoring: {presences} presence(s) in the regions other than {cat.region[s.region_chosen].name}")


def income(s: BoonlakeState) -> int:
    cat, sl = s.cat, s.solo
    board = cat.solo_board
    settlements = s.pieces_at(Piece.SETTLEMENT)
    cattle = [next_to(cat, space, settlements) for space, seats in s.cattle.items() for k in seats if k == s.n]
    return wise_eminence_income(cat, len(board["houses"]) - sl.houses_left, len(board["settlements"]) - sl.settlements_left,
                                len(board["cattle"]) - sl.cattle_left, sl.cactus, cattle)


def interim_scoring(s: BoonlakeState, number: int) -> None:
    """ "The Wise Eminence only does the income phase" (VP at every interim scoring)."""
    gain(s, income(s), "income", f"interim scoring {number}: income (board, cactus track, cattle next to settlements)")


def final_scoring(s: BoonlakeState) -> None:
    """ "During the final scoring the Wise Eminence gets their income one more time (alternatively you
    may double their income during the fourth interim scoring). Then look through the face-down solo
    stack: for every yet-unrevealed B-tile, they score 10 VP." Both alternatives give the same VP
    (nothing changes between the two), so the income is scored once more here."""
    gain(s, income(s), "income", "final scoring: their income once more")
    b = s.solo.in_stack["B"] - s.solo.revealed_of("B", s.cat.solo_tiles)
    gain(s, unrevealed_b_vp(s.cat, b), "solo_tiles", f"final scoring: {b} B-tile(s) not yet revealed from the solo stack")
