"""The Wise Eminence's rules, each from a sentence of the solo mode in rules/boonlake.txt."""
from __future__ import annotations

from ludolog.replayer.boonlake.catalog import SoloTile, default_catalog
from ludolog.replayer.boonlake.eminence import (Pasture, bottom_strip_effect, chosen_action, location_number,
                                                location_order, next_location, pasture_choice, region_choice,
                                                structure_to_build)

TILE = SoloTile("solo-A9", "A", ("settle", "hire", "builder"), (5, 17, 29, 11))


def test_next_higher_space_and_33_to_1():
    # "If the effect cannot be done at that space, take the next higher space, and so on; from space 33 skip to space 1."
    assert next_location(5, lambda n: n in (3, 7)) == 7
    assert next_location(31, lambda n: n == 2) == 2
    assert next_location(33, lambda n: n in (1, 32)) == 1
    assert next_location(12, lambda n: n == 12) == 12
    # "If no location works at all, the effect is wasted."
    assert next_location(9, lambda n: False) is None
    assert location_order(32, 33) == (32, 33, *range(1, 32))


def test_corner_numbers():
    # "using the number in the corner of the solo tile that matches their position on the top tile of the stack.
    # If the stack is depleted, they always use the number in the upper-left corner."
    assert location_number(TILE, "lower_right") == 29 and location_number(TILE, "upper_right") == 17
    assert location_number(TILE, None) == 5


def test_difficulty_removals():
    cat = default_catalog()
    # "Medium: remove 1 A-tile and 3 B-tiles"; "Very difficult: remove 4 A-tiles"
    assert cat.difficulty["medium"] == (1, 3) and cat.difficulty["very_difficult"] == (4, 0)


def test_bottom_strip_check():
    cat = default_catalog()
    # ""Settle": build 1 structure (2 structures on a B-tile)."
    assert bottom_strip_effect(cat, "settle", "B") == {"structures": 2}
    # ""Cattle-breeding": place 1 cattle (and, on a B-tile, advance 1 on the cactus track)."
    assert bottom_strip_effect(cat, "cattle_breeding", "B") == {"cattle": 1, "cactus": 1}
    # "Any other action: advance 1 on the cactus track (2 on a B-tile)."
    assert bottom_strip_effect(cat, "hire", "A") == {"cactus": 1} and bottom_strip_effect(cat, "builder", "B") == {"cactus": 2}


def test_the_furthest_up_action_of_the_tile():
    # "always taking the action whose strip is furthest up on the action board"
    rows = {"pioneer": 1, "hire": 2, "settle": 3, "progress": 4, "builder": 5, "cattle_breeding": 6, "region_scoring": 7}
    assert chosen_action(TILE, rows) == "hire"


def test_structure_house_or_settlement():
    # "If the Wise Eminence has no more than 1 house on the gameboard, they place a house ... If they already have 2+
    # houses on the board, they replace one of their houses with a settlement"; "If no structure remains ..., 10 VP"
    assert structure_to_build(0, 6, 4) == "house" and structure_to_build(1, 5, 4) == "house"
    assert structure_to_build(2, 4, 4) == "settlement" and structure_to_build(2, 0, 0) == "vp"
    # readings (the text is silent): the other kind when their board lacks the one named
    assert structure_to_build(3, 1, 0) == "house" and structure_to_build(1, 0, 1) == "settlement"


def test_cattle_pasture_choice():
    # "count adjacent structures ... and subtract the cattle already on it. Place their cattle on the pasture with the
    # single highest difference; ties are broken by fewest cattle, then by the solo-tile corner number."
    assert pasture_choice([Pasture(4, 3, 1), Pasture(9, 1, 0)], location=1) == 4
    assert pasture_choice([Pasture(4, 3, 1), Pasture(9, 2, 0)], location=1) == 9  # tie 2 = 2: fewest cattle
    assert pasture_choice([Pasture(4, 1, 0), Pasture(20, 1, 0)], location=10) == 20  # next higher from 10
    assert pasture_choice([Pasture(4, 1, 0), Pasture(20, 1, 0)], location=25) == 4  # 33 wraps to 1
    assert pasture_choice([Pasture(4, 9, 4)], location=1) is None


def test_region_scoring_choice():
    cat = default_catalog()
    north = sorted(cat.regions, key=lambda r: r.north_rank)
    # "They choose the region with the highest difference (ties: the most northern)."
    assert region_choice(cat, {"boonlake": 3, "southern": 1}, covered=()) == "boonlake"
    tied = {r.id: 2 for r in cat.regions}
    assert region_choice(cat, tied, covered=()) == north[0].id
    # "(skip regions whose rewards are already covered)"
    assert region_choice(cat, tied, covered=(north[0].id,)) == north[1].id
    assert region_choice(cat, tied, covered=[r.id for r in cat.regions]) is None


def test_tile_house_and_settlement_locations():
    from ludolog.replayer.boonlake.board import tile_spaces
    from ludolog.replayer.boonlake.eminence import house_site, house_to_replace, tile_location
    cat = default_catalog()
    tiled = {6, 27}
    open_ = set(tile_spaces(cat, tiled))
    # "choose a location (adjacent to >=1 tile)"; "take the next higher space, and so on; from space 33 skip to space 1"
    expected = next(n for n in [*range(28, 34), *range(1, 28)] if n in open_)
    assert tile_location(cat, 28, tiled) == expected
    assert tile_location(cat, 1, set(range(1, 34))) is None
    # "place a house from their board on an unoccupied building site (... upper site if 2)"
    free = {6: (False, True), 9: (True, True), 27: (False,)}
    assert house_site(cat, 7, free) == (9, 0)
    assert house_site(cat, 1, free) == (6, 1)
    assert house_site(cat, 28, {27: (False,)}) is None
    # "they replace one of their houses with a settlement"
    assert house_to_replace(cat, 20, {4, 12}) == 4 and house_to_replace(cat, 10, {4, 12}) == 12
    assert house_to_replace(cat, 10, set()) is None
