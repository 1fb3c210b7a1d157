"""Outbid groups moved together (rulebook, Bidding 5): "If workers are outbid, they can be moved elsewhere
but must remain together. When moving outbid workers, a player may supplement these workers with other
losing workers or with workers from behind their screen."

Every expectation is worked by hand from that passage and the set-up of the case maker, with Ben's
starting workers seen and more of them red (Ana starts with 5 red, 2 yellow and 1 blue worker behind
her screen; Ben with 6 red and 2 blue), never read back from the engine.
"""
from __future__ import annotations

import orjson
import pytest

from ludolog.replayer.core import IllegalMove, parse_log, replay
from ludolog.replayer.keyflower import GAME
from ludolog.replayer.keyflower.actions import win_summer_boat
from tests.cases.make_keyflower_cases import SETUP, SPRING, log
from tests.keyflower.test_engine import bid, play as play_from, use

GROUPS_SETUP = {**SETUP, "workers": [SETUP["workers"][0], {"red": 6, "blue": 2}]}


def play(moves):
    return play_from(moves, GROUPS_SETUP)


RED, YELLOW, BLUE = 0, 1, 2
ANA_PASSES = {"type": "pass", "player": "ana"}  # a player who passed may act again on their next turn
BEN_PASSES = {"type": "pass", "player": "ben"}
#: Ana outbid on the Alehouse (1 red against 2) and on the Keywood (1 red against 2)
TWO_RED_GROUPS = SPRING + [bid("ana", "alehouse", "red", 1), bid("ben", "alehouse", "red", 2),
                           bid("ana", "keywood", "red", 1), bid("ben", "keywood", "red", 2)]
#: Ana outbid on the Alehouse (1 red against 2) and on the Keywood (1 blue against 2 blue)
RED_AND_BLUE_GROUPS = SPRING + [bid("ana", "alehouse", "red", 1), bid("ben", "alehouse", "red", 2),
                                bid("ana", "keywood", "blue", 1), bid("ben", "keywood", "blue", 2)]


def _refused(s, move):
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, move, {"ana": 0, "ben": 1}[move["player"]])
    return exc.value.code, exc.value.pointer


def _apply(s, move):
    GAME.apply(s, move, {"ana": 0, "ben": 1}[move["player"]])


def test_two_outbid_groups_and_a_worker_from_behind_the_screen_make_one_bid():
    s = play(TWO_RED_GROUPS)
    assert s.players[0].workers[RED] == 3  # 5 - 1 - 1
    _apply(s, bid("ana", "stable", "red", 3, **{"from": ["alehouse", "keywood"]}))
    assert s.on_tile["stable"].bid_of(0).count == 3 and s.on_tile["stable"].bid_of(0).colour == "red"
    assert s.players[0].workers[RED] == 2  # one more from behind the screen
    assert s.on_tile["alehouse"].bid_of(0) is None and s.on_tile["keywood"].bid_of(0) is None
    assert s.on_tile["alehouse"].bid_of(1).count == 2 and s.on_tile["keywood"].bid_of(1).count == 2


def test_two_outbid_groups_use_a_tile_together():
    s = play(TWO_RED_GROUPS)
    _apply(s, use("ana", "woodcutter", red=2) | {"from": ["keywood", "alehouse"]})
    woodcutter = s.on_tile["woodcutter"]
    assert [u.count for u in woodcutter.uses] == [2] and s.players[0].workers[RED] == 3
    assert s.on_tile["alehouse"].bid_of(0) is None and s.on_tile["keywood"].bid_of(0) is None


def test_the_combined_bid_follows_every_bidding_rule():
    s = play(TWO_RED_GROUPS + [ANA_PASSES, bid("ben", "stable", "red", 2)])
    # "the bid must be with a greater number of workers than the previous bid": 2 do not beat 2
    assert _refused(s, bid("ana", "stable", "red", 2, **{"from": ["alehouse", "keywood"]})) == ("KEY.BID.NOT_ENOUGH", "/count")
    # the groups move whole: 1 worker cannot carry two groups of 1
    assert _refused(s, bid("ana", "stable", "red", 1, **{"from": ["alehouse", "keywood"]})) == ("KEY.BID.GROUP", "/count")
    # "the same colour as any other workers surrounding the tile": the Peddler's are blue
    s = play(TWO_RED_GROUPS + [ANA_PASSES, bid("ben", "peddler", "blue", 1)])
    assert _refused(s, bid("ana", "peddler", "red", 2, **{"from": ["alehouse", "keywood"]})) == ("KEY.BID.COLOUR", "/colour")
    # 3 = 2 moved + 1 from behind the screen beats 2
    s = play(TWO_RED_GROUPS + [ANA_PASSES, bid("ben", "stable", "red", 2)])
    _apply(s, bid("ana", "stable", "red", 3, **{"from": ["alehouse", "keywood"]}))
    assert s.on_tile["stable"].highest().player == 0 and s.players[0].workers[RED] == 2


def test_only_the_players_own_outbid_groups_move():
    s = play(TWO_RED_GROUPS + [bid("ana", "workshop", "yellow", 1), BEN_PASSES])
    # Ana has no bid on the Peddler: the second tile named holds no group of hers
    assert _refused(s, bid("ana", "stable", "red", 2, **{"from": ["alehouse", "peddler"]})) == ("KEY.BID.NONE", "/from/1")
    # her Workshop bid is winning: "A player cannot remove workers if they are winning a bid"
    assert _refused(s, bid("ana", "stable", "yellow", 2, **{"from": ["alehouse", "workshop"]})) == ("KEY.BID.WINNING", "/from/1")
    # a group goes to another tile: the Alehouse cannot be both the source and the target
    assert _refused(s, bid("ana", "alehouse", "red", 2, **{"from": ["keywood", "alehouse"]})) == ("KEY.BID.GROUP", "/from/1")


def test_a_refused_combined_move_changes_nothing():
    from ludolog.replayer.core import snapshot

    s = play(TWO_RED_GROUPS + [bid("ana", "workshop", "yellow", 1), bid("ben", "stable", "red", 2)])
    before = snapshot(s)
    for move in (bid("ana", "stable", "red", 2, **{"from": ["alehouse", "keywood"]}),
                 bid("ana", "stable", "red", 2, **{"from": ["alehouse", "workshop"]}),
                 use("ana", "woodcutter", red=1) | {"from": ["alehouse", "keywood"]},
                 bid("ana", "stable", "red", 2, **{"from": ["alehouse", "alehouse"]})):
        _refused(s, move)
        assert snapshot(s) == before, move


def test_groups_of_two_colours_make_no_bid_and_no_plain_use():
    s = play(RED_AND_BLUE_GROUPS)
    # a bid is of one colour
    assert _refused(s, bid("ana", "stable", "red", 2, **{"from": ["alehouse", "keywood"]})) == ("KEY.BID.GROUP_COLOURS", "/from")
    # "The workers using a tile must all be of one colour" (no boat 4b)
    assert _refused(s, use("ana", "woodcutter", red=1, blue=1) | {"from": ["alehouse", "keywood"]})[0] == "KEY.USE.MIXED"
    # each group moves whole: the blue one is not in the workers placed
    assert _refused(s, use("ana", "woodcutter", red=2) | {"from": ["alehouse", "keywood"]}) == ("KEY.BID.GROUP", "/workers")


def test_boat_4b_lets_groups_of_two_colours_use_a_tile_already_used():
    # Boat 4b: "does not have to follow the same colour rule ... including more than one different colour at the
    # same time" on a tile already bid for or used
    s = play(RED_AND_BLUE_GROUPS + [use("ana", "woodcutter", red=1)])
    s.summer_sides["boat_4"] = "b"
    win_summer_boat(s, 0, "boat_4")  # Ana holds summer boat 4, side b (won earlier, as the table would)
    _apply(s, BEN_PASSES)
    _apply(s, use("ana", "woodcutter", red=1, blue=1) | {"from": ["alehouse", "keywood"]})
    last = s.on_tile["woodcutter"].uses[-1]
    assert last.standing == (("red", 1),) and last.lying == (("blue", 1),)
    assert s.on_tile["alehouse"].bid_of(0) is None and s.on_tile["keywood"].bid_of(0) is None


def test_the_listing_offers_the_groups_together_and_each_alone():
    s = play(TWO_RED_GROUPS)
    moves = GAME.legal_moves(s)
    stable_bids = {(m["count"], orjson.dumps(m.get("from"))) for m in moves if m["type"] == "bid" and m["tile"] == "stable"}
    # both groups (2) plus 0..3 red from behind the screen; each group alone (1) plus 0..3; groups listed by tile id
    assert {(c, orjson.dumps(["alehouse", "keywood"])) for c in range(2, 6)} <= stable_bids
    assert {(c, orjson.dumps("alehouse")) for c in range(1, 5)} <= stable_bids
    assert (6, orjson.dumps(["alehouse", "keywood"])) not in stable_bids  # only 3 red left behind the screen
    uses = [m for m in moves if m["type"] == "use" and m["tile"] == "woodcutter" and isinstance(m.get("from"), list)]
    assert {sum(m["workers"].values()) for m in uses} == {2, 3, 4, 5}
    for m in moves:
        if isinstance(m.get("from"), list):
            clone = GAME.clone(s)
            _apply(clone, m)


def test_the_listing_never_combines_groups_of_two_colours_without_boat_4b():
    s = play(RED_AND_BLUE_GROUPS)
    assert not [m for m in GAME.legal_moves(s) if isinstance(m.get("from"), list)]


def test_a_log_names_a_list_of_tiles_and_the_schema_wants_two_different_ones():
    ok = log(TWO_RED_GROUPS + [bid("ana", "stable", "red", 2, **{"from": ["alehouse", "keywood"]})], setup=GROUPS_SETUP)
    result = replay(parse_log(orjson.dumps(ok), "groups.json"))
    assert result.violations == [] and result.state.on_tile["stable"].bid_of(0).count == 2
    for wrong in (["alehouse", "alehouse"], ["alehouse"], []):
        raw = log(TWO_RED_GROUPS + [bid("ana", "stable", "red", 2, **{"from": wrong})], setup=GROUPS_SETUP)
        assert not GAME.schema.move_ok(raw["moves"][-1]), wrong


def _canonical(move: dict) -> bytes:
    """A move as the listing writes it: several groups in the order of their tile ids (the order a log
    names them in does not matter; they move together)."""
    if isinstance(move.get("from"), list):
        move = {**move, "from": sorted(move["from"])}
    return orjson.dumps(move, option=orjson.OPT_SORT_KEYS)


def _accepted(s, move) -> bool:
    try:
        GAME.apply(GAME.clone(s), move, {"ana": 0, "ben": 1}[move["player"]])
    except IllegalMove:
        return False
    return True


@pytest.mark.parametrize("moves, boat_4b", [(TWO_RED_GROUPS, False), (RED_AND_BLUE_GROUPS, False),
                                            (RED_AND_BLUE_GROUPS + [use("ana", "woodcutter", red=1), BEN_PASSES], True)],
                         ids=["two red groups", "red and blue groups", "red and blue groups with boat 4b"])
def test_every_group_move_is_listed_exactly_when_the_validator_accepts_it(moves, boat_4b):
    """Perft over the groups: every ``from`` of none, one or two tiles (in either order, the target
    and tiles without a group of Ana's included), every target, colour and number of workers."""
    s = play(moves)
    if boat_4b:
        s.summer_sides["boat_4"] = "b"
        win_summer_boat(s, 0, "boat_4")
    listed = {_canonical(m) for m in GAME.legal_moves(s) if m["type"] in ("bid", "use")}
    tiles = [*s.auction, *s.turn_order]
    sources = [None, *tiles, *([a, b] for a in tiles for b in tiles if a != b)]
    candidates = []
    for source in sources:
        extra = {} if source is None else {"from": source}
        candidates += [bid("ana", t, c, n, **extra) for t in tiles for c in ("red", "blue") for n in range(1, 6)]
        for t in ("woodcutter", "keywood", "home_1"):
            candidates += [use("ana", t, **{c: n}) | extra for c in ("red", "blue") for n in range(1, 5)]
            candidates += [use("ana", t, red=r, blue=b) | extra for r in (1, 2) for b in (1, 2)]
    disagree = [m for m in candidates if _accepted(s, m) != (_canonical(m) in listed)]
    assert not disagree, disagree[:5]
    assert any(isinstance(m.get("from"), list) and _accepted(s, m) for m in candidates) != (moves is RED_AND_BLUE_GROUPS)
