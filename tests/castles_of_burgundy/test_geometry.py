"""Estate geometry against the supplement's tables: board #1 space by space, the colour and die mixes
of every board, the Solo sides' regions and rivers, and the placement and completion checks."""
from __future__ import annotations

from collections import Counter

import pytest

from ludolog.replayer.castles_of_burgundy.catalog import load_catalog
from ludolog.replayer.castles_of_burgundy.geometry import Colour
from ludolog.replayer.castles_of_burgundy.geometry import (
    areas, colour_completed_by, empty_count, hexagon_layout, mask_of, members, placeable_spaces,
    region_completed_by)

STANDARD = [str(n) for n in range(1, 10)] + ["2019-2"]

# supplement 2.1, the table of board #1: id -> (type letter, die, neighbours)
BOARD_1 = {
    1: ("G", 6, [2, 5, 6]), 2: ("C", 5, [1, 3, 6, 7]), 3: ("C", 4, [2, 4, 7, 8]), 4: ("K", 3, [3, 8, 9]),
    5: ("G", 2, [1, 6, 10, 11]), 6: ("G", 1, [1, 2, 5, 7, 11, 12]), 7: ("C", 6, [2, 3, 6, 8, 12, 13]),
    8: ("K", 5, [3, 4, 7, 9, 13, 14]), 9: ("B", 4, [4, 8, 14, 15]), 10: ("G", 5, [5, 11, 16, 17]),
    11: ("G", 4, [5, 6, 10, 12, 17, 18]), 12: ("B", 3, [6, 7, 11, 13, 18, 19]), 13: ("K", 1, [7, 8, 12, 14, 19, 20]),
    14: ("B", 2, [8, 9, 13, 15, 20, 21]), 15: ("B", 3, [9, 14, 21, 22]), 16: ("S", 6, [10, 17, 23]),
    17: ("S", 1, [10, 11, 16, 18, 23, 24]), 18: ("S", 2, [11, 12, 17, 19, 24, 25]),
    19: ("C", 6, [12, 13, 18, 20, 25, 26]), 20: ("S", 5, [13, 14, 19, 21, 26, 27]),
    21: ("S", 4, [14, 15, 20, 22, 27, 28]), 22: ("S", 1, [15, 21, 28]), 23: ("B", 2, [16, 17, 24, 29]),
    24: ("B", 5, [17, 18, 23, 25, 29, 30]), 25: ("M", 4, [18, 19, 24, 26, 30, 31]),
    26: ("B", 3, [19, 20, 25, 27, 31, 32]), 27: ("B", 1, [20, 21, 26, 28, 32, 33]), 28: ("G", 2, [21, 22, 27, 33]),
    29: ("B", 6, [23, 24, 30, 34]), 30: ("M", 1, [24, 25, 29, 31, 34, 35]), 31: ("K", 2, [25, 26, 30, 32, 35, 36]),
    32: ("B", 5, [26, 27, 31, 33, 36, 37]), 33: ("B", 6, [27, 28, 32, 37]), 34: ("M", 3, [29, 30, 35]),
    35: ("K", 4, [30, 31, 34, 36]), 36: ("K", 1, [31, 32, 35, 37]), 37: ("B", 3, [32, 33, 36]),
}
# supplement 2.1, the region table of board #1
BOARD_1_REGIONS = [{1, 5, 6, 10, 11}, {2, 3, 7}, {4, 8, 13}, {9, 14, 15}, {12}, {16, 17, 18}, {19}, {20, 21, 22},
                   {23, 24, 29}, {25, 30, 34}, {26, 27, 32, 33, 37}, {28}, {31, 35, 36}]
LETTER = {"B": Colour.BUILDING, "G": Colour.PASTURE, "K": Colour.KNOWLEDGE, "S": Colour.SHIP, "C": Colour.CASTLE,
          "M": Colour.MINE}


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def estate(cat, number: str):
    """The board the catalog's edition prints ``number`` on."""
    return cat.boards[cat.board_numbers[number]]


def ids(board, mask_or_indices) -> set[int | str]:
    indices = members(mask_or_indices) if isinstance(mask_or_indices, int) else mask_or_indices
    out = {board.spaces[i].id for i in indices}
    return {int(i) for i in out} if all(i.isdigit() for i in out) else out


def test_board_1_space_by_space(cat):
    board = cat.boards["1"]
    for sid, (letter, die, neighbours) in BOARD_1.items():
        space = board.spaces[board.index[str(sid)]]
        assert (space.colour, space.die) == (LETTER[letter], die), sid
        assert ids(board, board.land[space.index]) == set(neighbours), sid
        assert board.river[space.index] == 0


def test_board_1_regions(cat):
    board = cat.boards["1"]
    assert sorted(map(sorted, (ids(board, r.spaces) for r in board.regions))) == sorted(map(sorted, BOARD_1_REGIONS))


def test_board_1_four_cities_of_sizes_1_5_3_3(cat):
    # "the rulebook text describes board #1 as having four cities, of sizes 1, 5, 3 and 3"
    board = cat.boards["1"]
    assert sorted(r.size for r in board.regions if r.colour is Colour.BUILDING) == [1, 3, 3, 5]


def test_board_1_start_castle_is_the_centre_space_19(cat):
    # "[C6] = centre space (#19): the starting castle in the basic game"
    board = cat.boards["1"]
    assert [board.spaces[i].id for i in board.start_spaces] == ["19"]


@pytest.mark.parametrize("board_id", STANDARD)
def test_standard_boards_share_the_colour_and_die_mix(cat, board_id):
    # "Every standard board (#1-#10 in the 2019 numbering, checked by script) has the same colour mix:
    # 12 building, 6 pasture, 6 knowledge, 6 ship, 4 castle, 3 mine. It also has the same die-number
    # mix: seven 1s and six each of 2-6."
    board = cat.boards[board_id]
    assert len(board.spaces) == 37
    assert Counter(s.colour for s in board.spaces) == {
        Colour.BUILDING: 12, Colour.PASTURE: 6, Colour.KNOWLEDGE: 6, Colour.SHIP: 6, Colour.CASTLE: 4, Colour.MINE: 3}
    assert Counter(s.die for s in board.spaces) == {1: 7, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6}


def test_no_standard_region_exceeds_8_and_board_10_has_a_city_of_8(cat):
    # "No standard board has a region larger than 8; board #10 (2019 numbering) has a city of exactly 8."
    # Board Game Arena: "The board that was labelled number 2 in first edition was given number 10 in 2019"
    assert max(r.size for b in STANDARD for r in cat.boards[b].regions) == 8
    assert [r.colour for r in estate(load_catalog(edition="alea-2019"), "10").regions if r.size == 8] == [Colour.BUILDING]
    assert estate(cat, "2") is cat.boards["2"]


def test_centre_castle_boards(cat):
    # "boards 4/5 have a knowledge space there, 7/10 a building, 8/9 a mine"
    new = load_catalog(edition="alea-2019")
    centre = {n: estate(new, n).spaces[18].colour for n in ("4", "5", "7", "10", "8", "9")}
    assert (centre["4"], centre["5"], centre["7"], centre["10"], centre["8"], centre["9"]) == (
        Colour.KNOWLEDGE, Colour.KNOWLEDGE, Colour.BUILDING, Colour.BUILDING, Colour.MINE, Colour.MINE)


def test_hexagon_layout_counts_links_of_a_hexagon_of_side_4():
    # independent count: a hexagon of side 4 has 3*16 - 3*4 + 1 = 37 cells; links = (sum of degrees) / 2
    # with 6 corners of degree 3, 12 other edge cells of degree 4, 19 inner cells of degree 6: (18 + 48 + 114) / 2
    spaces, links = hexagon_layout(["B1 B1 B1 B1", "B1 B1 B1 B1 B1", "B1 B1 B1 B1 B1 B1", "B1 B1 B1 B1 B1 B1 B1",
                                    "B1 B1 B1 B1 B1 B1", "B1 B1 B1 B1 B1", "B1 B1 B1 B1"])
    assert (len(spaces), len(links)) == (37, 90)


def test_solo_side_a_die_and_colour_mix(cat):
    # "Die mix on side A: 1x7, 2x7, 3x5, 4x6, 5x6, 6x6"; "Both sides have the same colour mix as a normal
    # estate (12 B, 6 G, 6 K, 6 S, 4 C, 3 M)"
    board = cat.boards["solo-A"]
    assert Counter(s.die for s in board.spaces) == {1: 7, 2: 7, 3: 5, 4: 6, 5: 6, 6: 6}
    for b in ("solo-A", "solo-B"):
        assert Counter(s.colour.value for s in cat.boards[b].spaces) == {
            "building": 12, "pasture": 6, "knowledge": 6, "ship": 6, "castle": 4, "mine": 3}


def test_solo_side_a_regions_and_rivers(cat):
    # "NE: {A2, A3} buildings, {A4, A8} buildings; ... SE: {A11, A12, A13} knowledge, {A14, A18, A23}
    # pasture, {A16, A20} buildings; ... NW: all 7 spaces are single-space regions. SW: {A31, A33, A34}"
    board = cat.boards["solo-A"]
    groups = sorted(sorted(ids(board, r.spaces)) for r in board.regions if r.size > 1)
    assert groups == sorted([["A2", "A3"], ["A4", "A8"], ["A11", "A12", "A13"], ["A14", "A18", "A23"],
                             ["A16", "A20"], ["A31", "A33", "A34"]])
    assert len(board.regions) == 37 - (1 + 1 + 2 + 2 + 1 + 2)
    # "Every river on side A joins two ships."
    rivers = {tuple(sorted((i, j))) for i in range(37) for j in members(board.river[i])}
    assert len(rivers) == 5
    assert all(board.spaces[i].colour is Colour.SHIP and board.spaces[j].colour is Colour.SHIP for i, j in rivers)
    # the table's four clusters: NE A0-A10, SE A11-A23, NW A24-A30, SW A31-A36
    assert sorted(ids(board, a) for a in areas(board)) == sorted(
        [{f"A{n}" for n in range(a, b)} for a, b in ((0, 11), (11, 24), (24, 31), (31, 37))], key=sorted)


def test_solo_side_b_rivers_and_clusters(cat):
    # "River links on side B (18)"; "On side B no river joins two same-coloured spaces"; "The whole graph
    # (land plus rivers) is connected."; 14 clusters in the table
    board = cat.boards["solo-B"]
    rivers = {tuple(sorted((i, j))) for i in range(37) for j in members(board.river[i])}
    assert len(rivers) == 18
    assert all(board.spaces[i].colour is not board.spaces[j].colour for i, j in rivers)
    assert len(areas(board)) == 14
    reached, frontier = 1, 1
    reach = [a | b for a, b in zip(board.land, board.river)]
    while frontier:
        new = 0
        for i in members(frontier):
            new |= reach[i]
        frontier = new & ~reached
        reached |= new
    assert reached == board.full


def test_solo_side_b_regions(cat):
    # "the regions are simply the same-colour groups inside each cluster" (section 13.2 table)
    board = cat.boards["solo-B"]
    groups = sorted(sorted(ids(board, r.spaces), key=lambda s: int(s[1:])) for r in board.regions if r.size > 1)
    assert groups == sorted([["B3", "B4", "B5"], ["B8", "B9"], ["B12", "B13"], ["B15", "B16"], ["B18", "B19"],
                             ["B22", "B23", "B24", "B25"], ["B26", "B27"], ["B28", "B29"], ["B33", "B34"]])


def test_first_tile_must_touch_the_starting_castle(cat):
    # "the space is **adjacent to at least one filled space**. The starting castle counts, so the first
    # placed tile must touch the starting castle"; board 1 ships with die 2: only space 18 (S2)
    board = cat.boards["1"]
    filled = mask_of([board.index["19"]])
    ships = placeable_spaces(board, filled, Colour.SHIP)
    assert ids(board, [i for i in ships if board.spaces[i].die == 2]) == {18}
    assert [i for i in ships if board.spaces[i].die == 1] == []  # 17 and 22 do not touch 19
    # the city hall ignores the die number: every empty space of the colour next to the castle
    assert ids(board, placeable_spaces(board, filled, Colour.BUILDING)) == {12, 26}


def test_solo_expands_to_other_areas_only_by_river(cat):
    # Solo text: "You can only expand to other territories via the rivers."
    board = cat.boards["solo-A"]
    i = board.index
    ne = mask_of([i["A6"], i["A5"], i["A9"]])
    ships = placeable_spaces(board, ne, Colour.SHIP)
    assert ids(board, [j for j in ships if board.spaces[j].die == 1]) == {"A15", "A19"}  # by river from A9
    knowledge = placeable_spaces(board, ne, Colour.KNOWLEDGE)
    assert [j for j in knowledge if board.spaces[j].die == 5] == []  # A11/A13 are in SE, no river to them
    assert ids(board, placeable_spaces(board, mask_of([i["A6"]]), None)) == {"A2", "A3", "A5", "A7", "A9", "A10"}


def test_region_and_colour_completion(cat):
    board = cat.boards["1"]
    i = board.index
    filled = mask_of([i["19"], i["2"], i["3"]])
    region = region_completed_by(board, filled, i["7"])
    assert region is not None and ids(board, region.spaces) == {2, 3, 7}
    assert region_completed_by(board, mask_of([i["19"], i["2"]]), i["7"]) is None
    # castles of board 1 are 2, 3, 7 and 19: placing 7 last fills the colour
    assert colour_completed_by(board, filled, i["7"])
    assert not colour_completed_by(board, mask_of([i["19"], i["2"]]), i["7"])
    assert empty_count(board, filled) == 34


def test_river_linked_ships_as_one_region_is_an_option(cat):
    # uncertainty 7: "whether river-linked ships on side A form one region (default: no)"; with the
    # option, the five rivers A0-A30, A9-A15, A9-A19, A15-A32, A30-A32 join all six ships
    joined = cat.board("solo-A", rivers_join_regions=True)
    ships = joined.regions[joined.region_of[joined.index["A0"]]]
    assert ids(joined, ships.spaces) == {"A0", "A9", "A15", "A19", "A30", "A32"}
    assert joined.regions[joined.region_of[joined.index["A0"]]].size == 6
    default = cat.board("solo-A")
    assert default.regions[default.region_of[default.index["A0"]]].size == 1
    assert len(joined.regions) == len(default.regions) - 5  # five rivers, each joining two ship regions
    # side B: "no river joins two same-coloured spaces", so the option changes nothing there
    assert len(cat.board("solo-B", rivers_join_regions=True).regions) == len(cat.board("solo-B").regions)


def test_boards_by_edition(cat):
    # "4 sides show board **#1**; the other 8 sides show boards **#2-#9**, one each" (2011); Board Game
    # Arena: 2019 has "One more player board, labelled number 2 in 2019 edition" and "The board that was
    # labelled number 2 in first edition was given number 10 in 2019 edition"
    assert sorted(cat.board_numbers) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "solo-A", "solo-B"]
    new = load_catalog(edition="alea-2019")
    assert sorted(new.board_numbers, key=lambda n: (len(n), n)) == [str(n) for n in range(1, 11)] + ["solo-A", "solo-B"]
    assert estate(new, "10").spaces == estate(cat, "2").spaces
    assert estate(new, "2").spaces != estate(cat, "2").spaces
    with pytest.raises(KeyError):
        estate(cat, "10")
