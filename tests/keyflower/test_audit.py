"""The referee's audit (tests/keyflower/AUDIT.md): rules of the two texts no other test proved.

Every expectation comes from a passage quoted beside it (../shared/rules/keyflower-tiles.txt, the
base rules supplement, or the rulebook chapter the engine's rule codes name), worked by hand.
"""
from __future__ import annotations

import pytest

from ludolog.replayer.core import IllegalMove
from ludolog.replayer.keyflower import GAME
from ludolog.replayer.keyflower.state import Phase
from tests.cases.make_keyflower_cases import autumn_with_a_short_bag as make_short_bag


def autumn_with_a_short_bag():
    raw = make_short_bag()
    s = raw.pop("state")
    assert s.bag.remaining == 6 and not s.loaded  # 72 - 2 x 33
    return raw, s


# -- Start of season: "In the unlikely scenario that there are insufficient workers in the bag, fill boats in
#    order with one worker at a time, but not with more workers than are stated on the tile."

def test_a_short_bag_fills_the_boats_one_worker_at_a_time():
    raw, s = autumn_with_a_short_bag()
    # six workers, six boats: one worker on each, in the boats' order, not three on the first boat loaded
    skills = {b: s.cat.boat_load(b, s.season_enum).skills for b in s.boats}

    def most(pool):
        return max(pool.unaccounted, key=pool.unaccounted.get)
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, {"type": "load", "boat": "keyflower", "workers": {most(s.bag): 3},
                       "skills": {most(s.skill_pile): skills["keyflower"]}}, None)
    assert exc.value.code == "KEY.BOAT.SHORT" and exc.value.pointer == "/workers"
    for boat in s.boats:
        GAME.apply(s, {"type": "load", "boat": boat, "workers": {most(s.bag): 1}, "skills": {most(s.skill_pile): skills[boat]}}, None)
    assert s.bag.remaining == 0 and all(sum(s.boat_load[b][0]) == 1 for b in s.boats)
    assert s.phase is Phase.ACTIONS


def test_the_listing_and_the_simulator_fill_a_short_bag_one_worker_at_a_time():
    import random

    _, s = autumn_with_a_short_bag()
    loads = [m for m in GAME.legal_moves(s) if m["type"] == "load"]
    assert loads and all(sum(m["workers"].values()) == 1 for m in loads)
    move = GAME.random_move(s, random.Random(3))
    assert move["type"] == "load" and sum(move["workers"].values()) == 1
