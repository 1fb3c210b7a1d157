"""The action board and set-up numbers from rules/boonlake.txt."""
from __future__ import annotations

import pytest

from ludolog.replayer.boonlake.action_board import starting_coins, starting_spaces, starting_tiles, take_strip
from ludolog.replayer.boonlake.catalog import default_catalog

ORDER = ("pioneer", "settle", "cattle_breeding", "region_scoring", "hire", "progress", "builder")


@pytest.fixture(scope="module")
def cat():
    return default_catalog()


def test_taking_a_strip_moves_it_to_the_bottom_and_pushes_the_others_up(cat):
    # "place it in the area at the very bottom"; "Push the action strips up to close the gap, so there is again one
    # action strip in each row."
    taken = take_strip(cat, ORDER, "cattle_breeding")
    assert taken.row == 3
    assert taken.order == ("pioneer", "settle", "region_scoring", "hire", "progress", "builder", "cattle_breeding")
    assert (taken.steps, taken.vp_cost) == (cat.rows[2].steps, 0)


def test_the_two_bottom_rows_cost_victory_points(cat):
    # "If you choose one of the two bottom strips, first move your victory-point marker back as many spaces as
    # indicated for that row."
    assert take_strip(cat, ORDER, "progress").vp_cost == cat.rows[5].vp_cost > 0
    assert take_strip(cat, ORDER, "builder").vp_cost == cat.rows[6].vp_cost > 0
    assert all(take_strip(cat, ORDER, s).vp_cost == 0 for s in ORDER[:5])


def test_starting_coins(cat):
    # "gets the starting player token and 6 coins; the next player clockwise gets 7 coins; in the 3- or 4-player game,
    # everybody else gets 8 coins"
    assert [starting_coins(cat, 4, s) for s in range(4)] == [6, 7, 8, 8]
    assert [starting_coins(cat, 3, s) for s in range(3)] == [6, 7, 8]
    assert [starting_coins(cat, 2, s) for s in range(2)] == [6, 7]
    # solo: "They get the starting player token (so you start with 7 coins)."
    assert starting_coins(cat, 1, 0) == 7


def test_starting_tiles(cat):
    # "1 or 2 players: ... the 6 building tiles"; "3 players: ... the 8"; "4 players: ... the 10"
    assert [len(starting_tiles(cat, p)) for p in (1, 2, 3, 4)] == [6, 6, 8, 10]
    assert [len(starting_spaces(cat, p)) for p in (1, 2, 3, 4)] == [6, 6, 8, 10]

