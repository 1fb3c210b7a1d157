"""The Keyflower engine move by move: expectations from the rules texts, worked by hand.

The logs start from the rule cases' set-up and spring (tests/cases/make_keyflower_cases.py): Ana
(home 1, 5 red, 2 yellow, 1 blue) starts; Ben (home 2, 4 red, 2 yellow, 1 blue and one worker
unseen) follows. Spring offers the Alehouse, Keywood, Peddler, Stable, Workshop and Woodcutter; the
Keyflower boat carries 3 red, 2 yellow, 2 blue and a saw, the Sea Bastion 2 red, 2 yellow, 2 blue,
a pickaxe and an anvil.
"""
from __future__ import annotations

import pytest

from ludolog.replayer.core import IllegalMove
from ludolog.replayer.core.log import GameLog, Player
from ludolog.replayer.keyflower import GAME
from ludolog.replayer.keyflower.state import Phase
from tests.cases.make_keyflower_cases import SETUP, SPRING, SPRING_PLAYED

RED, YELLOW, BLUE, GREEN = range(4)


def play(moves, setup=SETUP, ids=("ana", "ben")):
    glog = GameLog(file="t", raw={}, game="keyflower", players=[Player(i, i) for i in ids], setup=setup, options={},
                   seat_of={i: k for k, i in enumerate(ids)})
    s = GAME.new_state(glog)
    for m in moves:
        GAME.apply(s, m, glog.seat_of.get(m.get("player")))
    return s


def step(s, move):
    GAME.apply(s, move, {"ana": 0, "ben": 1}.get(move.get("player")))
    return s


def bid(player, tile, colour, count, **extra):
    return {"type": "bid", "player": player, "tile": tile, "colour": colour, "count": count, **extra}


def use(player, tile, **workers):
    return {"type": "use", "player": player, "tile": tile, "workers": workers}


def passes(*players):
    return [{"type": "pass", "player": p} for p in players]


def test_set_up_as_recorded():
    s = play([])
    assert s.start == 0  # home 1 is the lowest number
    assert s.players[0].workers == [5, 2, 1, 0] and s.players[1].workers == [4, 2, 1, 0]
    assert s.bag.unknown_held == {1: 1}
    assert s.bag.remaining == 120 - 16
    assert s.players[1].winter_unknown == 1 and s.players[1].winter_hand == ["key_guild", "scholar"]
    assert s.phase is Phase.LAYOUT
    s = play(SPRING)
    assert s.phase is Phase.ACTIONS and s.current == 0
    assert s.bag.remaining == 120 - 16 - 13 and s.skill_pile.remaining == 48 - 3


def test_an_unseen_worker_is_identified_when_it_is_bid():
    s = play(SPRING + [bid("ana", "alehouse", "blue", 1)])
    blue_unaccounted = s.bag.unaccounted["blue"]
    step(s, bid("ben", "alehouse", "blue", 2))  # his one blue and the unseen worker, which was blue
    assert s.bag.unknown_held[1] == 0 and s.bag.unaccounted["blue"] == blue_unaccounted - 1
    assert s.players[1].workers[BLUE] == 0


def test_an_unseen_worker_cannot_be_a_colour_the_bag_never_held():
    s = play(SPRING)
    step(s, {"type": "pass", "player": "ana"})
    with pytest.raises(IllegalMove) as exc:  # green workers never start in the bag
        step(s, use("ben", "keywood", green=1))
    assert exc.value.code == "CORE.HIDDEN.NOT_IN_POOL"


def test_products_lie_on_the_own_tile_or_the_home_tile():
    s = play(SPRING_PLAYED)
    assert s.players[0].village.tiles[(0, 0)].resources == (2, 0, 0, 0)  # the Woodcutter used while on offer
    step(s, {"type": "lay", "tile": "brewer"})
    s = play(SPRING_PLAYED + [{"type": "lay", "tile": t} for t in ("brewer", "carpenter", "mason", "smelter", "farrier", "store")]
             + [{"type": "load", "boat": "keyflower", "workers": {"red": 7}, "skills": {"saw": 1}},
                {"type": "load", "boat": "sea_bastion", "workers": {"red": 6}, "skills": {"saw": 2}}])
    assert s.current == 1  # Ben, left of the start player, starts summer: nobody won the start-player tile
    step(s, use("ben", "woodcutter", red=1))  # Ana's tile: 2 wood onto Ben's home tile
    step(s, use("ana", "woodcutter", red=2))  # her own tile: 2 wood onto it
    assert s.players[1].village.tiles[(0, 0)].resources == (2, 0, 0, 0)
    assert s.players[0].village.tiles[(0, -1)].resources == (2, 0, 0, 0)


def test_the_end_of_a_season():
    """Winner: the tile and the workers used on it; winning workers into the bag; losing bids back;
    an unsold tile's users' workers into the bag."""
    moves = SPRING + [bid("ana", "alehouse", "red", 1), bid("ben", "alehouse", "red", 2),
                      use("ana", "alehouse", red=1), {"type": "draw", "workers": {"blue": 1}},
                      {"type": "use", "player": "ben", "tile": "workshop", "workers": {"red": 1}, "resource": "stone"},
                      *passes("ana", "ben")]
    s = play(moves)
    assert s.phase is Phase.BOATS
    ana, ben = s.players
    assert ben.pending == ["alehouse"]
    # Ana: 5 red - 1 bid (back) - 1 used on the Alehouse (to Ben) = 4 red, plus the blue drawn
    assert ana.workers == [4, 2, 2, 0]
    # Ben: 4 red - 2 winning (into the bag) - 1 on the unsold Workshop (into the bag) + Ana's red user = 2
    assert ben.workers == [2, 2, 1, 0]
    assert ben.village.tiles[(0, 0)].resources == (0, 1, 0, 0)  # the Workshop's stone, onto his home tile
    assert s.bag.remaining == 120 - 16 - 13 - 1 + 2 + 1


def test_winning_the_start_player_tile_orders_the_boats():
    s = play(SPRING + [bid("ana", "alehouse", "red", 1), bid("ben", "turn_order_1", "yellow", 1), *passes("ana", "ben")])
    assert s.boat_order == [1, 0] and s.current == 1
    assert s.next_start == 1


def test_boat_contents_and_summer_boat_1b():
    s = play(SPRING_PLAYED[:-4])
    step(s, {"type": "boat", "player": "ana", "boat": "sea_bastion"})
    assert s.players[0].skills == [0, 1, 1] and s.players[0].workers == [4 + 2, 2 + 2, 1 + 2, 0]


def _summer_with_boat_1(side: str):
    lays = [{"type": "lay", "tile": "boat_1", "side": side}] + [{"type": "lay", "tile": t} for t in
                                                                ("brewer", "carpenter", "mason", "smelter", "farrier")]
    loads = [{"type": "load", "boat": "keyflower", "workers": {"red": 7}, "skills": {"saw": 1}},
             {"type": "load", "boat": "sea_bastion", "workers": {"red": 6}, "skills": {"saw": 2}}]
    s = play(SPRING_PLAYED + lays + loads + [bid("ben", "boat_1", "red", 1), *passes("ana", "ben")])
    return s


def test_summer_boat_1a_draws_two_workers_with_the_boat_taken_the_summer_it_is_won():
    s = _summer_with_boat_1("a")
    assert s.boat_order == [1, 0]  # Ben started summer
    step(s, {"type": "boat", "player": "ben", "boat": "keyflower"})
    assert s.tasks.top().what == "workers" and s.tasks.top().count == 2
    with pytest.raises(IllegalMove) as exc:
        step(s, {"type": "draw", "workers": {"red": 1}})
    assert exc.value.code == "KEY.DRAW.COUNT"
    step(s, {"type": "draw", "workers": {"?": 2}})
    assert s.bag.unknown_held[1] == 3 and s.current == 0


def test_summer_boat_1b_adds_a_green_worker():
    s = _summer_with_boat_1("b")
    step(s, {"type": "boat", "player": "ben", "boat": "keyflower"})
    assert s.players[1].workers[GREEN] == 1 and s.green_stock == 19


def test_peddler_pays_a_yellow_worker_into_the_bag_for_a_green_one():
    s = play(SPRING)
    before = s.bag.remaining
    step(s, use("ana", "peddler", yellow=1))
    assert s.players[0].workers == [5, 0, 1, 1] and s.bag.remaining == before + 1 and s.green_stock == 19


def test_the_tavern_discard_enters_the_bag_after_the_draw():
    s = play(SPRING_PLAYED + [{"type": "lay", "tile": t} for t in ("tavern", "brewer", "carpenter", "mason", "smelter", "farrier")]
             + [{"type": "load", "boat": "keyflower", "workers": {"red": 7}, "skills": {"saw": 1}},
                {"type": "load", "boat": "sea_bastion", "workers": {"red": 6}, "skills": {"saw": 2}}])
    step(s, {"type": "pass", "player": "ben"})
    step(s, {"type": "use", "player": "ana", "tile": "tavern", "workers": {"red": 1}, "discard": "yellow"})
    before = s.bag.remaining
    step(s, {"type": "draw", "workers": {"blue": 2}})
    assert s.bag.remaining == before - 2 + 1
    assert s.players[0].workers[YELLOW] == 4 - 1 and s.players[0].workers[BLUE] == 3 + 2


def test_hiring_fair_and_brewer_return_skill_tiles_face_down():
    s = play(SPRING_PLAYED + [{"type": "lay", "tile": t} for t in ("hiring_fair", "brewer", "carpenter", "mason", "smelter", "farrier")]
             + [{"type": "load", "boat": "keyflower", "workers": {"red": 7}, "skills": {"saw": 1}},
                {"type": "load", "boat": "sea_bastion", "workers": {"red": 6}, "skills": {"saw": 2}}])
    pile = s.skill_pile.remaining
    step(s, {"type": "use", "player": "ben", "tile": "hiring_fair", "workers": {"red": 1}, "pay": "anvil"})
    step(s, {"type": "draw", "skills": {"?": 2}})  # drawn before the anvil goes back
    assert s.skill_pile.remaining == pile - 2 + 1 and s.skill_pile.unknown_held[1] == 2
    step(s, {"type": "use", "player": "ana", "tile": "brewer", "workers": {"red": 1}, "pay": "saw"})
    step(s, {"type": "draw", "workers": {"?": 2}})
    assert s.players[0].skills == [0, 0, 0] and s.bag.unknown_held[0] == 2
    step(s, {"type": "use", "player": "ben", "tile": "brewer", "workers": {"red": 2}, "pay": "?"})  # an unseen one
    assert s.skill_pile.unknown_held[1] == 1


def test_transport_and_upgrade_along_roads():
    s = play(SPRING_PLAYED + [{"type": "lay", "tile": t} for t in ("brewer", "carpenter", "mason", "smelter", "farrier", "store")]
             + [{"type": "load", "boat": "keyflower", "workers": {"red": 7}, "skills": {"saw": 1}},
                {"type": "load", "boat": "sea_bastion", "workers": {"red": 6}, "skills": {"saw": 2}}])
    step(s, {"type": "pass", "player": "ben"})
    step(s, use("ana", "home_1", red=1))  # transport 1, upgrade 1
    step(s, {"type": "carry", "player": "ana", "from": "home_1", "to": "woodcutter", "resource": "wood", "count": 1})
    step(s, {"type": "upgrade", "player": "ana", "tile": "woodcutter", "resources": {}, "skills": {"saw": 1}})
    assert not s.tasks and s.current == 1  # both used up: the use is over
    wood = s.players[0].village.tiles[(0, -1)]
    assert wood.side == "upgraded" and wood.resources == (1, 0, 0, 0)
    assert s.skill_pile.unaccounted["saw"] == 16 - 1 - 2 - 1 + 1  # laid on boats (1 spring, 3 summer), one back


def test_winter_tiles_scored_at_the_end():
    """Ana puts up and wins the Keythedral (12 points); the ledger holds it as a winter tile."""
    from tests.cases.make_keyflower_cases import log, played_until

    raw = played_until(log(SPRING_PLAYED), lambda s: s.phase is Phase.WINTER_CHOICE)
    s = raw["state"]
    step(s, {"type": "winter", "player": "ana", "tiles": ["keythedral"]})
    step(s, {"type": "winter", "player": "ben", "tiles": ["scholar"]})
    first = s.current
    if first == 1:
        step(s, {"type": "pass", "player": "ben"})
    step(s, bid("ana", "keythedral", "red", 1))
    step(s, {"type": "pass", "player": "ben"})
    step(s, {"type": "pass", "player": "ana"})
    while s.phase is Phase.BOATS:
        step(s, {"type": "boat", "player": s.ids[s.current], "boat": s.boats_left[0]})
    for seat in (0, 1):
        while s.players[seat].pending:
            m = next(m for m in GAME.legal_moves(s) if m["player"] == s.ids[seat])
            step(s, m)
    step(s, {"type": "final", "player": "ana", "workers": {}, "skills": {}})
    step(s, {"type": "final", "player": "ben", "workers": {"red": 1}, "skills": {}})
    assert s.phase is Phase.END
    by = s.ledger.by_category(0)
    assert by["winter_tiles"] == 12
