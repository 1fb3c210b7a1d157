"""Village geometry: placement by matching sides, roads, road loops (Sea Bastion), rivers (Sea Breese)."""
import pytest

from ludolog.replayer.core.errors import IllegalMove
from ludolog.replayer.keyflower.catalog import Edge
from ludolog.replayer.keyflower.geometry import (
    PlacedTile, Village, adjacent_tiles, check_placement, distances, neighbours, opposite, river_component, road_loop_tiles, rotated)

from .conftest import catalog_with_edges

# home: water to the north (side 0), roads elsewhere; tiles below are stated here, not taken from the catalog
CAT = catalog_with_edges({
    "home_1": "WRRRRR",
    "keywood": "RRRRRR",  # roads all round
    "key_mine": "RRRRRR",
    "gold_mine": "RRRRRR",
    "miner": "FFFFFF",  # no roads at all
    "woodcutter": "RFFFFF",  # one road, north
    "boat_1": "WFFWFF", "boat_2": "WFFWFF", "sea_breese": "WFFWFF", "keyflower": "WFFWFF",
})


def village(*placed):
    return Village(CAT, [PlacedTile("home_1", (0, 0)), *placed])


def test_sides_and_neighbours_are_consistent():
    for side in range(6):
        back = neighbours(neighbours((0, 0))[side])[opposite(side)]
        assert back == (0, 0)
    assert rotated(tuple(Edge(i % 3) for i in range(6)), 1)[1] == Edge(0)  # one sixth clockwise: side 0 moves to side 1


def test_a_tile_must_touch_the_village_and_match_every_touching_side():
    v = village()
    check_placement(v, "keywood", (0, 1), 0)  # south of home: road meets road
    with pytest.raises(IllegalMove) as e:
        check_placement(v, "keywood", (0, -1), 0)  # north of home: road meets the home's water
    assert e.value.code == "KEY.PLACE.SIDES" and "water" in e.value.message
    with pytest.raises(IllegalMove) as e:
        check_placement(v, "keywood", (3, 3), 0)
    assert e.value.code == "KEY.PLACE.DETACHED"
    with pytest.raises(IllegalMove) as e:
        check_placement(v, "keywood", (0, 0), 0)
    assert e.value.code == "KEY.PLACE.OCCUPIED"
    with pytest.raises(IllegalMove) as e:
        check_placement(v, "miner", (0, 1), 0)  # fields against the home's road
    assert e.value.code == "KEY.PLACE.SIDES"


def test_rotation_decides_which_side_touches():
    v = village()
    # the woodcutter's only road is printed north; south of home it must show the road on its north side
    check_placement(v, "woodcutter", (0, 1), 0)
    with pytest.raises(IllegalMove):
        check_placement(v, "woodcutter", (0, 1), 3)  # its road now points south, a field meets the home's road


def test_summer_boat_2a_places_without_matching_sides():
    # "when placing village tiles in their village a player does not need to match the sides"
    check_placement(village(), "miner", (0, 1), 0, free_placement=True)


def test_roads_carry_resources_and_fields_do_not():
    v = village(PlacedTile("keywood", (0, 1)), PlacedTile("miner", (1, 0)), PlacedTile("key_mine", (0, 2)))
    d = distances(v, (0, 0))
    assert d[(0, 1)] == 1 and d[(0, 2)] == 2 and (1, 0) not in d  # the miner has no roads
    # summer boat 2a: "across fields (where there are no roads) as well as along roads"
    assert distances(v, (0, 0), across_fields=True)[(1, 0)] == 1


def test_sea_bastion_counts_the_tiles_of_a_road_loop():
    # home (0,0), keywood (0,1) and key_mine (1,0) meet at one corner and touch pairwise by roads: a loop of 3
    v = village(PlacedTile("keywood", (0, 1)), PlacedTile("key_mine", (1, 0)), PlacedTile("gold_mine", (0, 2)))
    assert road_loop_tiles(v) == {(0, 0), (0, 1), (1, 0)}  # gold mine hangs on one road: not on the loop
    line = village(PlacedTile("keywood", (0, 1)), PlacedTile("gold_mine", (0, 2)))
    assert road_loop_tiles(line) == frozenset()


def test_a_loop_broken_by_a_mismatched_side_does_not_count():
    # with 2a the miner (no roads) closes the triangle by placement, but "requires roads to be connected"
    v = village(PlacedTile("keywood", (0, 1)), PlacedTile("miner", (1, 0)))
    assert road_loop_tiles(v) == frozenset()


def test_river_joins_boats_along_water_sides():
    # home's water is north; boat 1 north of it (water N and S) and the Sea Breese north of that
    v = village(PlacedTile("boat_1", (0, -1), side="a"), PlacedTile("sea_breese", (0, -2)),
                PlacedTile("boat_2", (1, -1), rotation=1, side="a"))
    joined = river_component(v, (0, 0))
    assert joined == {(0, 0), (0, -1), (0, -2)}  # boat 2 turned away from the river is not joined


def test_adjacent_tiles_count_every_touching_tile():
    v = village(PlacedTile("keywood", (0, 1)), PlacedTile("key_mine", (1, 0)), PlacedTile("gold_mine", (-1, 1)))
    assert adjacent_tiles(v, (0, 0)) == 3 and adjacent_tiles(v, (0, 1)) == 3 and adjacent_tiles(v, (1, 0)) == 2
