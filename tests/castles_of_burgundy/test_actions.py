"""Action rewards and limits, the turn-order track and the goods set-up, from the supplement's sentences."""
from __future__ import annotations

import pytest

from ludolog.replayer.castles_of_burgundy.actions import (
    building_allowed, sale_reward, ship_take, storage_after_take, take_workers_reward, worker_cost)
from ludolog.replayer.castles_of_burgundy.catalog import load_catalog
from ludolog.replayer.castles_of_burgundy.colours import Colour
from ludolog.replayer.castles_of_burgundy.effects import DieUse
from ludolog.replayer.castles_of_burgundy.depots import goods_to_box
from ludolog.replayer.castles_of_burgundy.turns import advance, start_track, turn_order


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def k(cat, *numbers):
    return [cat.knowledge[n].effect for n in numbers]


def test_worker_cost_with_knowledge(cat):
    # "Knowledge #9 (buildings), #10 (ships/animals), #11 (castles/mines/knowledge): free +-1."
    assert worker_cost(1, 2, [], DieUse.PLACE, Colour.BUILDING) == 1
    assert worker_cost(1, 2, k(cat, 9), DieUse.PLACE, Colour.BUILDING) == 0
    assert worker_cost(1, 2, k(cat, 9), DieUse.PLACE, Colour.SHIP) == 1
    assert worker_cost(1, 2, k(cat, 10), DieUse.PLACE, Colour.PASTURE) == 0
    assert worker_cost(6, 1, k(cat, 11), DieUse.PLACE, Colour.MINE) == 0
    # "Knowledge #12: free +-1 on this die value" (taking a tile), not when placing
    assert worker_cost(3, 4, k(cat, 12), DieUse.TAKE, Colour.CASTLE) == 0
    assert worker_cost(3, 4, k(cat, 12), DieUse.PLACE, Colour.CASTLE) == 1
    # "With knowledge #8, each worker moves the die by up to 2"
    assert worker_cost(1, 4, k(cat, 8), DieUse.TAKE, Colour.SHIP) == 2
    assert worker_cost(1, 4, k(cat, 8, 12), DieUse.TAKE, Colour.SHIP) == 1


def test_sale_reward(cat):
    # "Gain **exactly 1 silverling** per sale, whatever the quantity, plus **N VP per tile sold**";
    # "Knowledge #3: 2 silverlings instead of 1. Knowledge #4: +1 worker per sale."
    assert sale_reward(cat, 4, 3, []) == sale_reward(cat, 4, 3, k(cat, 1))
    r = sale_reward(cat, 4, 3, [])
    assert (r.silverlings, r.workers, r.vp) == (1, 0, 12)
    r = sale_reward(cat, 2, 2, k(cat, 3, 4))
    assert (r.silverlings, r.workers, r.vp) == (2, 1, 4)


def test_take_workers_reward(cat):
    # "Gain **2 worker tiles**. Knowledge #14: 4 instead of 2. Knowledge #13: +1 silverling. The two combine."
    r = take_workers_reward(cat, [])
    assert (r.workers, r.silverlings) == (2, 0)
    r = take_workers_reward(cat, k(cat, 13, 14))
    assert (r.workers, r.silverlings) == (4, 1)


def test_building_rule(cat):
    # "for a **building**: the target region (city) does not already contain a building of the same type
    # (knowledge #1 lifts this)"
    assert building_allowed({"bank", "church"}, "market", [])
    assert not building_allowed({"bank", "church"}, "bank", [])
    assert building_allowed({"bank"}, "bank", k(cat, 1))


def test_storage_of_three(cat):
    # "**Storage has 3 spaces.** If it is full, the player first discards one tile already in storage
    # (removed from the game); the new tile cannot be the one discarded."
    capacity = cat.economy.storage_spaces
    assert storage_after_take(("ship", "bank"), "mine", capacity) == ("ship", "bank", "mine")
    assert storage_after_take(("ship", "bank", "mine"), "castle", capacity, discard="bank") == ("ship", "mine", "castle")
    with pytest.raises(ValueError, match="full"):
        storage_after_take(("ship", "bank", "mine"), "castle", capacity)
    with pytest.raises(ValueError, match="only when"):
        storage_after_take(("ship",), "castle", capacity, discard="ship")
    with pytest.raises(ValueError, match="not in storage"):
        storage_after_take(("ship", "bank", "mine"), "castle", capacity, discard="castle")


def test_ship_takes_goods_within_three_types(cat):
    # "a player holds **at most 3 different goods types**"; "If the goods there are more than 3 types in
    # total ... the player takes what fits and the rest stays on the depot"; "the player chooses the new
    # types, all tiles of a chosen type are taken, and nothing storable may be left behind."
    limit = cat.economy.goods_spaces
    assert ship_take({1: 1, 2: 2}, {2: 1, 5: 2, 6: 1}, {5}, limit) == {1: 1, 2: 3, 5: 2}
    with pytest.raises(ValueError, match="only 1 goods storage"):
        ship_take({1: 1, 2: 2}, {5: 2, 6: 1}, {5, 6}, limit)
    with pytest.raises(ValueError, match="free goods storage space is left"):
        ship_take({1: 1}, {5: 2, 6: 1}, {5}, limit)
    with pytest.raises(ValueError, match="not new types"):
        ship_take({1: 1}, {5: 2}, {4}, limit)
    assert ship_take({}, {}, set(), limit) == {}  # a ship on an empty depot takes nothing


def test_solo_ship_takes_every_goods_tile(cat):
    # Solo text: "Whenever you place a ship, take all goods from a depot of your choice"; "In solo game
    # there is no restriction for the number of different types (= colors) of goods"
    assert cat.solo.goods_type_limit is None
    assert ship_take({1: 1, 2: 1, 3: 1}, {4: 1, 5: 2}, {4, 5}, None) == {1: 1, 2: 1, 3: 1, 4: 1, 5: 2}
    with pytest.raises(ValueError, match="every goods tile"):
        ship_take({1: 1}, {4: 1, 5: 2}, {4}, None)


def test_turn_order_track():
    # "All turn-order markers start on the first space of the track, stacked with the start player on top";
    # "Turn order is the rightmost (most advanced) space first; inside a stack, the top marker goes first."
    track = start_track(["ann", "bob", "cy", "di"])
    assert turn_order(track) == ("ann", "bob", "cy", "di")
    # "Move the turn-order marker **1 space forward**. If that space is occupied, put the marker **on top**"
    track = advance(track, "cy")
    assert turn_order(track) == ("cy", "ann", "bob", "di")
    track = advance(track, "di")
    assert turn_order(track) == ("di", "cy", "ann", "bob")
    track = advance(track, "cy")
    assert turn_order(track) == ("cy", "di", "ann", "bob")
    with pytest.raises(ValueError):
        advance(track, "eve")


def test_goods_left_in_the_box(cat):
    # "Put 5 face down on each phase space A-E (25 in total). Each player draws **3** goods ... The rest
    # (42 - 25 - 3N) go back to the box." Solo: "Take 3 random goods"
    assert [goods_to_box(cat, n) for n in (1, 2, 3, 4)] == [14, 11, 8, 5]


def test_empty_goods_entries_are_no_types(cat):
    # a type with 0 tiles occupies no goods space and lies on no depot
    limit = cat.economy.goods_spaces
    assert ship_take({1: 1, 2: 1, 4: 0}, {5: 2, 6: 0}, {5}, limit) == {1: 1, 2: 1, 5: 2}
    with pytest.raises(ValueError, match="not new types"):
        ship_take({1: 1}, {6: 0}, {6}, limit)


def test_turn_track_positions():
    track = advance(start_track(["ann", "bob"]), "bob", 2)
    assert track.spaces == (("ann",), (), ("bob",))
    assert (track.position("ann"), track.position("bob")) == (0, 2)
    assert advance(track, "ann").spaces == ((), ("ann",), ("bob",))
    with pytest.raises(ValueError):
        start_track([])
    with pytest.raises(ValueError):
        start_track(["ann", "ann"])
    with pytest.raises(ValueError):
        advance(track, "ann", 0)
