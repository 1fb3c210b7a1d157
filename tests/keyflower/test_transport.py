"""Transport along roads (capacity split across resources and steps) and upgrade costs."""
import pytest

from ludolog.replayer.core.errors import IllegalMove
from ludolog.replayer.keyflower.catalog import Cost
from ludolog.replayer.keyflower.geometry import PlacedTile, Village
from ludolog.replayer.keyflower.transport import (
    Carry, payment_matches, transport, upgrade)

from .conftest import catalog_with_edges

CAT = catalog_with_edges({"home_1": "WRRRRR", "keywood": "RRRRRR", "key_mine": "RRRRRR", "stable": "RRRRRR", "miner": "FFFFFF",
                          "barn": "RRRRRR"})
HOME, SOUTH, FAR_SOUTH, EAST = (0, 0), (0, 1), (0, 2), (1, 0)


def line_village(home_resources=(0, 0, 0, 0)):
    """home - keywood - key mine in a line going south, and a road-less miner east of home."""
    return Village(CAT, [PlacedTile("home_1", HOME, resources=home_resources), PlacedTile("keywood", SOUTH),
                         PlacedTile("key_mine", FAR_SOUTH), PlacedTile("miner", EAST)])


def on(v, c):
    return v.tiles[c].resources


def test_capacity_two_moves_two_resources_one_tile_or_one_resource_two_tiles():
    # "if the transport capacity is two, then two resources can be moved to an adjacent tile(s)
    #  or one resource can be moved two tiles."
    v = line_village((2, 1, 0, 0))
    two_near, used = transport(v, [Carry(HOME, SOUTH, "wood", 2)], points=2)
    assert used == 2 and on(two_near, SOUTH) == (2, 0, 0, 0) and on(two_near, HOME) == (0, 1, 0, 0)
    one_far, used = transport(v, [Carry(HOME, FAR_SOUTH, "stone")], points=2)
    assert used == 2 and on(one_far, FAR_SOUTH) == (0, 1, 0, 0)
    # split between types: one wood and one stone to the neighbour
    split, used = transport(v, [Carry(HOME, SOUTH, "wood"), Carry(HOME, SOUTH, "stone")], points=2)
    assert on(split, SOUTH) == (1, 1, 0, 0)
    with pytest.raises(IllegalMove) as e:
        transport(v, [Carry(HOME, SOUTH, "wood"), Carry(HOME, FAR_SOUTH, "stone")], points=2)  # 1 + 2 steps
    assert e.value.code == "KEY.TRANSPORT.CAPACITY" and "transport to 3 steps, and it allows 2" in e.value.message


def test_a_carried_resource_can_be_carried_on():
    v = line_village((1, 0, 0, 0))
    moved, used = transport(v, [Carry(HOME, SOUTH, "wood"), Carry(SOUTH, FAR_SOUTH, "wood")], points=2)
    assert used == 2 and on(moved, FAR_SOUTH) == (1, 0, 0, 0)


def test_resources_travel_only_along_roads_unless_boat_2a():
    v = line_village((1, 0, 0, 0))
    with pytest.raises(IllegalMove) as e:
        transport(v, [Carry(HOME, EAST, "wood")], points=4)
    assert e.value.code == "KEY.TRANSPORT.NO_ROAD"
    moved, used = transport(v, [Carry(HOME, EAST, "wood")], points=4, across_fields=True)
    assert used == 1 and on(moved, EAST) == (1, 0, 0, 0)


def test_only_resources_on_the_tile_and_only_within_the_village():
    v = line_village((1, 0, 0, 0))
    with pytest.raises(IllegalMove) as e:
        transport(v, [Carry(HOME, SOUTH, "wood", 2)], points=4)
    assert e.value.code == "KEY.TRANSPORT.NO_RESOURCE"
    with pytest.raises(IllegalMove) as e:
        transport(v, [Carry(HOME, (5, 5), "wood")], points=4)
    assert e.value.code == "KEY.TRANSPORT.NOT_IN_VILLAGE"


def test_an_upgrade_is_paid_from_the_tile_and_keeps_the_rest_and_the_orientation():
    # Stable: 1 wood + 1 iron (ALS); "Any resources not required for the upgrade ... remain in place"
    v = Village(CAT, [PlacedTile("home_1", HOME), PlacedTile("stable", SOUTH, rotation=2, resources=(1, 1, 1, 0))])
    up = upgrade(v, SOUTH, {"wood": 1, "iron": 1}, {})
    assert up.tiles[SOUTH] == PlacedTile("stable", SOUTH, 2, "upgraded", (0, 1, 0, 0))
    with pytest.raises(IllegalMove) as e:
        upgrade(up, SOUTH, {}, {})
    assert e.value.code == "KEY.UPGRADE.NOT_UPGRADABLE" and "already upgraded" in e.value.message


def test_payment_must_lie_on_the_tile_and_match_the_cost():
    v = Village(CAT, [PlacedTile("home_1", HOME, resources=(1, 0, 1, 0)), PlacedTile("stable", SOUTH, resources=(1, 0, 0, 0))])
    with pytest.raises(IllegalMove) as e:
        upgrade(v, SOUTH, {"wood": 1, "iron": 1}, {})  # the iron lies on the home tile
    assert e.value.code == "KEY.UPGRADE.COST" and "must lie on the tile" in e.value.message
    v2 = Village(CAT, [PlacedTile("home_1", HOME), PlacedTile("stable", SOUTH, resources=(2, 0, 0, 0))])
    with pytest.raises(IllegalMove) as e:
        upgrade(v2, SOUTH, {"wood": 2}, {})  # wood cannot pay for iron
    assert e.value.code == "KEY.UPGRADE.COST"
    assert upgrade(v2, SOUTH, {"wood": 2}, {}, any_resource=True).tiles[SOUTH].side == "upgraded"  # boat 3a


def test_tiles_without_an_upgraded_side_cannot_be_flipped():
    v = Village(CAT, [PlacedTile("home_1", HOME), PlacedTile("keythedral", SOUTH), PlacedTile("boat_1", (0, -1), side="a")])
    for c in (SOUTH, (0, -1)):
        with pytest.raises(IllegalMove) as e:
            upgrade(v, c, {}, {})
        assert e.value.code == "KEY.UPGRADE.NOT_UPGRADABLE"


@pytest.mark.parametrize("cost,resources,skills,ok,ok_3a", [
    ({"wood": 1, "iron": 1}, {"wood": 1, "iron": 1}, {}, True, True),
    ({"wood": 1, "iron": 1}, {"wood": 1, "gold": 1}, {}, True, True),  # gold for the iron
    ({"wood": 1, "iron": 1}, {"gold": 2}, {}, True, True),
    ({"wood": 1, "iron": 1}, {"wood": 1, "stone": 1}, {}, False, True),  # only 3a lets stone pay for iron
    ({"wood": 1, "iron": 1}, {"wood": 1, "iron": 1, "stone": 1}, {}, False, False),  # exact payment
    ({"gold": 1}, {"wood": 1}, {}, False, True),  # Peddler: gold is asked, wood pays it only with 3a
    ({"any": 2}, {"stone": 1, "gold": 1}, {}, True, True),  # Workshop: any two resources
    ({"any": 2}, {"stone": 1}, {}, False, False),
])
def test_payment_rules(cost, resources, skills, ok, ok_3a):
    c = Cost(tuple((k, v) for k, v in cost.items()), ())
    assert payment_matches(c, resources, skills) is ok
    assert payment_matches(c, resources, skills, any_resource=True) is ok_3a


def test_skill_costs_are_paid_with_the_type_shown_or_any():
    anvil = Cost((), (("anvil", 1),))
    assert payment_matches(anvil, {}, {"anvil": 1}) and not payment_matches(anvil, {}, {"saw": 1})
    two_any = Cost((), (("any", 2),))
    assert payment_matches(two_any, {}, {"saw": 1, "anvil": 1}) and not payment_matches(two_any, {}, {"saw": 1})
