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
from tests.audit_tables import audit_rows, missing_references, verdict


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
    assert s.bag.remaining == 0 and all(sum(s.boat_load[b].workers) == 1 for b in s.boats)
    assert s.phase is Phase.ACTIONS


def test_the_listing_and_the_simulator_fill_a_short_bag_one_worker_at_a_time():
    import random

    _, s = autumn_with_a_short_bag()
    loads = [m for m in GAME.legal_moves(s) if m["type"] == "load"]
    assert loads and all(sum(m["workers"].values()) == 1 for m in loads)
    move = GAME.random_move(s, random.Random(3))
    assert move["type"] == "load" and sum(move["workers"].values()) == 1


# -- two-player positions reached by the scripted table of the case maker ----------------------------------

def _two():
    from tests.cases.make_keyflower_cases import SPRING_PLAYED, log, played_until
    return SPRING_PLAYED, log, played_until


def _step(s, move):
    GAME.apply(s, move, {"ana": 0, "ben": 1}.get(move.get("player")))


def _winter(ana_tiles=("keythedral",), ben_tiles=("scholar",)):
    spring, log, played_until = _two()
    s = played_until(log(spring), lambda s: s.phase is Phase.WINTER_CHOICE)["state"]
    _step(s, {"type": "winter", "player": "ana", "tiles": list(ana_tiles)})
    _step(s, {"type": "winter", "player": "ben", "tiles": list(ben_tiles)})
    return s


def _finish(s):
    """Every player passes, takes the first boat left, places the first way listed, counts the screen."""
    while s.phase is not Phase.END:
        if s.phase is Phase.ACTIONS and not s.tasks:
            _step(s, {"type": "pass", "player": s.ids[s.current]})
        else:
            _step(s, GAME.legal_moves(s)[0])


def _colour_held(s, seat, n=1):
    return next(c for c, k in zip(("red", "yellow", "blue", "green"), s.players[seat].workers) if k >= n)


def test_the_winner_of_the_start_player_tile_in_winter_takes_the_purple_worker():
    # Turn Order Tiles: "At the end of winter the player winning the tile depicting the purple start player
    # worker also takes the purple start player worker." (two players: turn-order tile 1 shows it)
    s = _winter()
    if s.current == 0:
        _step(s, {"type": "pass", "player": "ana"})
    _step(s, {"type": "bid", "player": "ben", "tile": "turn_order_1", "colour": _colour_held(s, 1), "count": 1})
    _finish(s)
    assert s.players[1].purple and not s.players[0].purple
    # ... and places the tile in the village ("these are placed into their village"), where it scores
    assert "turn_order_1" in s.players[1].coords and s.ledger.by_category(1).get("turn_order", 0) >= 1


def test_nobody_takes_the_purple_worker_when_nobody_bid_for_its_tile_in_winter():
    # Game end scoring: the marker "may be declared by the player who successfully bid for it": nobody did
    s = _winter()
    _finish(s)
    assert not any(p.purple for p in s.players)


def test_nobody_bid_for_the_start_tile_in_winter_the_start_player_picks_a_boat_first():
    # End of season 5b iii: "In the unusual circumstances that no player bid for the new start player tile in
    # winter, the existing start player remains the start player for the purposes of selecting the boat tiles"
    # (the supplement's 7.2 [I] would start from the player to the left)
    s = _winter()
    start = s.start
    while s.phase is Phase.ACTIONS:
        _step(s, {"type": "pass", "player": s.ids[s.current]})
    assert s.phase is Phase.BOATS and s.boat_order == [start, 1 - start] and s.current == start


def test_a_worker_used_in_another_village_in_winter_goes_to_that_village():
    # End of season, 4: "Any workers used on tiles in the player's home village are retained and placed behind
    # the player's screen"; White Wind: the workers a player has at the end are those "used in the player's
    # own village in winter and workers that the player did not use in winter".
    s = _winter()
    if s.current == 0:
        _step(s, {"type": "pass", "player": "ana"})
    colour = _colour_held(s, 1)
    ana_before = s.players[0].workers[("red", "yellow", "blue", "green").index(colour)]
    ben_before = sum(s.players[1].workers) + s.bag.unknown_held.get(1, 0)
    _step(s, {"type": "use", "player": "ben", "tile": "woodcutter", "workers": {colour: 1}})  # Ana's tile
    _step(s, {"type": "pass", "player": "ana"})
    _step(s, {"type": "pass", "player": "ben"})
    assert s.phase is Phase.BOATS
    assert s.players[0].workers[("red", "yellow", "blue", "green").index(colour)] == ana_before + 1
    assert sum(s.players[1].workers) + s.bag.unknown_held.get(1, 0) == ben_before - 1


def test_green_workers_of_a_winning_bid_go_into_the_bag_and_can_be_drawn():
    # End of season 3b: "Places the workers used in the successful bids into the bag (including green workers)";
    # Boat 1a: "after all of the workers (including green workers) used in winning bids ... have been placed in the bag"
    from tests.cases.make_keyflower_cases import SPRING
    spring, log, played_until = _two()
    s = played_until(log(SPRING + [{"type": "use", "player": "ana", "tile": "peddler", "workers": {"yellow": 1}},
                                   {"type": "pass", "player": "ben"},
                                   {"type": "bid", "player": "ana", "tile": "keywood", "colour": "green", "count": 1}]),
                     lambda s: s.season == 1 and s.phase is Phase.LAYOUT and len(s.auction) == 6)["state"]
    assert s.bag.unaccounted["green"] == 1 and s.green_stock == 19
    load = {"type": "load", "boat": "keyflower", "workers": {"green": 1, "red": 6}, "skills": {"saw": 1}}
    _step(s, load)
    assert s.boat_load["keyflower"].workers[3] == 1 and s.bag.unaccounted["green"] == 0


def test_the_fair_peddler_and_store_give_only_the_green_workers_left_in_the_stock():
    # Fair, Peddler and Store: "takes the indicated number of green workers from the stock, if available. No green
    # workers can be taken from the bag if there are insufficient remaining in the stock of green workers."
    from tests.cases.make_keyflower_cases import SPRING
    spring, log, played_until = _two()
    s = played_until(log(SPRING), lambda s: s.phase is Phase.ACTIONS)["state"]
    s.green_stock = 0  # a position: the stock is empty
    bag = s.bag.remaining
    _step(s, {"type": "use", "player": "ana", "tile": "peddler", "workers": {"yellow": 1}})
    assert s.players[0].workers == [5, 0, 1, 0] and s.bag.remaining == bag + 1 and s.green_stock == 0


def test_boat_4a_needs_another_players_bid_not_only_a_use():
    # Boat 4a: "If another player has bid for a village tile using blue, red or yellow ... workers"
    from ludolog.replayer.keyflower.bidding import TileWorkers, bid, use
    used = use(TileWorkers(), 0, {"red": 1})
    with pytest.raises(IllegalMove) as exc:
        bid(used, 1, "blue", 1, counter_bid=True)
    assert exc.value.code == "KEY.BID.COLOUR"
    # the owner's own earlier bid is not "another player's": adding another colour to it is refused
    own = bid(TileWorkers(), 1, "red", 1)
    with pytest.raises(IllegalMove) as exc:
        bid(own, 1, "blue", 1, counter_bid=True)
    assert exc.value.code == "KEY.BID.COLOUR"


def _spring_with(first_tile: str):
    """The case maker's spring with ``first_tile`` laid out in place of the Alehouse."""
    from tests.cases.make_keyflower_cases import SPRING
    from tests.keyflower.test_engine import play
    return play([{"type": "lay", "tile": first_tile}] + SPRING[1:])


def test_the_apprentice_hall_gives_one_skill_tile_from_the_pile_two_upgraded():
    # Apprentice Hall: "takes a skill tile (or tiles if the apprentice hall had been upgraded) at random from the
    # pile of facedown skill tiles and places this behind their screen"
    s = _spring_with("apprentice_hall")
    pile = s.skill_pile.remaining
    _step(s, {"type": "use", "player": "ana", "tile": "apprentice_hall", "workers": {"red": 1}})
    with pytest.raises(IllegalMove) as exc:
        _step(s, {"type": "draw", "skills": {"saw": 2}})
    assert exc.value.code == "KEY.DRAW.COUNT"
    _step(s, {"type": "draw", "skills": {"saw": 1}})
    assert s.players[0].skills == [1, 0, 0] and s.skill_pile.remaining == pile - 1
    assert s.cat.tiles["apprentice_hall"].sides["upgraded"].action.count == 2


def test_a_summer_boat_on_offer_cannot_be_used():
    # Summer Boats: "no workers may be placed on the summer boat tiles"
    from tests.keyflower.test_engine import SPRING_PLAYED, play
    lays = [{"type": "lay", "tile": "boat_1", "side": "a"}] + [{"type": "lay", "tile": t} for t in
                                                               ("brewer", "carpenter", "mason", "smelter", "farrier")]
    loads = [{"type": "load", "boat": "keyflower", "workers": {"red": 7}, "skills": {"saw": 1}},
             {"type": "load", "boat": "sea_bastion", "workers": {"red": 6}, "skills": {"saw": 2}}]
    s = play(SPRING_PLAYED + lays + loads)
    with pytest.raises(IllegalMove) as exc:
        _step(s, {"type": "use", "player": "ben", "tile": "boat_1", "workers": {"red": 1}})
    assert exc.value.code == "KEY.USE.TARGET"


def test_summer_boat_1a_draws_two_workers_with_the_boat_tile_at_the_end_of_winter():
    # Boat 1a: "When taking a boat tile at the end of winter, the player takes two workers from the bag."
    from tests.keyflower.test_engine import _summer_with_boat_1
    s = _summer_with_boat_1("a")  # Ben has bid for summer boat 1a and both players passed
    while not (s.season == 3 and s.phase is Phase.BOATS and s.current == 1 and not s.tasks):
        if s.phase is Phase.ACTIONS and not s.tasks:
            _step(s, {"type": "pass", "player": s.ids[s.current]})
        else:
            _step(s, GAME.legal_moves(s)[0])
    _step(s, {"type": "boat", "player": "ben", "boat": s.boats_left[0]})
    task = s.tasks.top()
    assert task is not None and task.what == "workers" and task.count == 2


def test_two_losing_groups_may_move_together():
    # Bidding 5: "If workers are outbid, they can be moved elsewhere but must remain together. When moving outbid
    # workers, a player may supplement these workers with other losing workers or with workers from behind their screen."
    from tests.cases.make_keyflower_cases import SPRING
    from tests.keyflower.test_engine import bid, play
    s = play(SPRING + [bid("ana", "alehouse", "red", 1), bid("ben", "alehouse", "red", 2),
                       bid("ana", "keywood", "red", 1), bid("ben", "keywood", "red", 2)])
    _step(s, bid("ana", "stable", "red", 2, **{"from": ["alehouse", "keywood"]}))
    assert s.on_tile["stable"].bid_of(0).count == 2 and s.players[0].workers[0] == 3
    assert s.on_tile["alehouse"].bid_of(0) is None and s.on_tile["keywood"].bid_of(0) is None


# -- the audit document itself ---------------------------------------------------------------------------

AUDIT = __import__("pathlib").Path(__file__).with_name("AUDIT.md")


def _audit_rows():
    return audit_rows(AUDIT, headers=("rule", "tile", "tile or rule"))


def test_every_test_the_audit_names_exists():
    missing, named = missing_references(_audit_rows(), AUDIT.parent, [AUDIT.parent.parent / "cases" / "keyflower"], "KEY")
    assert named > 100 and not missing


def test_the_counts_are_those_of_the_rows():
    from collections import Counter

    verdicts = Counter(verdict(cells) for _, cells in _audit_rows())
    text = AUDIT.read_text(encoding="utf-8")
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("| section |"))
    total = next(line for line in lines if line.startswith("| **total**"))
    columns = [c.strip() for c in header.strip().strip("|").split("|")[2:]]
    numbers = [int(c.strip().strip("*")) for c in total.strip().strip("|").split("|")[1:]]
    assert columns == ["covered", "audit", "fixed", "built", "reading", "open"]
    assert numbers == [sum(verdicts.values())] + [verdicts[c] for c in columns]
