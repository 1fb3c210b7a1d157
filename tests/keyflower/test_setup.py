"""Set-up as recorded, against the rulebook's table for each player count."""
import pytest

from ludolog.replayer.core.errors import IllegalMove
from ludolog.replayer.keyflower.catalog import Season
from ludolog.replayer.keyflower.setup import (
    check_boats, check_home_tiles, check_starting_workers, check_summer_boat_side, check_turn_order, check_winter_dealt)


def code_of(fn, *args):
    with pytest.raises(IllegalMove) as e:
        fn(*args)
    return e.value.code


def test_home_tiles_one_different_each(cat):
    check_home_tiles(cat, 3, ["home_4", "home_1", "home_6"])
    assert code_of(check_home_tiles, cat, 3, ["home_4", "home_4", "home_6"]) == "KEY.SETUP.HOMES"
    assert code_of(check_home_tiles, cat, 3, ["home_4", "home_1"]) == "KEY.SETUP.HOMES"
    assert code_of(check_home_tiles, cat, 2, ["home_4", "keywood"]) == "KEY.SETUP.HOMES"


def test_boats_marked_for_the_player_count(cat):
    # "The number of boat tiles used is equal to the number of players."
    check_boats(cat, 3, ["sea_breese", "keyflower", "sea_bastion"])
    assert code_of(check_boats, cat, 3, ["keyflower", "sea_bastion", "flipper"]) == "KEY.SETUP.BOATS"
    assert code_of(check_boats, cat, 2, ["keyflower"]) == "KEY.SETUP.BOATS"


def test_turn_order_tiles_and_sides_for_the_player_count(cat):
    wanted = {tid: side.side for tid, side in cat.turn_order_for(4)}
    assert len(wanted) == 3  # "Turn order 1 2 3 4 4" for 2-6 players
    check_turn_order(cat, 4, wanted)
    flipped = {t: ("a" if s == "b" else "b") for t, s in wanted.items()}
    assert code_of(check_turn_order, cat, 4, flipped) == "KEY.SETUP.TURN_ORDER"


def test_summer_boat_sides(cat):
    check_summer_boat_side(cat, "boat_3", "b")
    assert code_of(check_summer_boat_side, cat, "boat_3", "c") == "KEY.SETUP.SUMMER_BOAT_SIDE"
    assert code_of(check_summer_boat_side, cat, "keywood", "a") == "KEY.SETUP.SUMMER_BOAT_SIDE"


def test_winter_tiles_dealt_may_stay_unknown(cat):
    # "each player receives two or three face-down winter tiles as indicated in the table"
    check_winter_dealt(cat, 2, [["keythedral", None, None], [None, "windmill", "scribes"]])
    assert code_of(check_winter_dealt, cat, 5, [[None] * 3] * 5) == "KEY.SETUP.WINTER_DEALT"  # 5 players: 2 each
    check_winter_dealt(cat, 5, [[None] * 2] * 5)
    assert code_of(check_winter_dealt, cat, 2, [["keythedral", None, None], ["keythedral", None, None]]) == "KEY.SETUP.WINTER_DEALT"
    assert code_of(check_winter_dealt, cat, 2, [["keywood", None, None], [None, None, None]]) == "KEY.SETUP.WINTER_DEALT"


def test_eight_starting_workers(cat):
    check_starting_workers(cat, 8)
    assert code_of(check_starting_workers, cat, 7) == "KEY.SETUP.WORKERS"
