"""The referee's audit (AUDIT.md in this folder): one test for each rule of the two texts that no other
test or case log proves. Every expectation is read from the rule quoted in the test's docstring (the
Solo text ``rules/castles-of-burgundy-solo.txt`` or the supplement ``rules/supplements/
castles-of-burgundy-base.md`` by section), never from the engine.

Positions start from the hand-written 2-player opening of the rule cases (board #1, Ana to act with
dice 3 and 5, 1 worker, 1 silverling, goods 1 2 3) or the Solo opening (side A, the castle on A6,
dice 2 and 4, 2 workers); tiles put into storage or onto the estate by hand stand for earlier turns,
and every move under test goes through the engine's ``apply``.
"""
from __future__ import annotations

import copy

import orjson
import pytest

from ludolog.replayer.castles_of_burgundy import GAME, rounds, scoring
from ludolog.replayer.castles_of_burgundy.geometry import Colour
from ludolog.replayer.castles_of_burgundy.state import (ExtraAction, PlaceAnyDie, PlaceBlack, SellAny, ShipGoods,
                                                       Step, TradeOffer)
from ludolog.replayer.castles_of_burgundy.tile_effects import place
from ludolog.replayer.core import IllegalMove, parse_log, replay
from tests.cases.make_castles_of_burgundy_cases import OPENING, PHASE_A, SOLO_SETUP, log

SOLO_OPEN = PHASE_A + [{"type": "roll", "player": "ana", "dice": [2, 4]},
                       {"type": "white", "white": 3, "goods": 6, "removed": "cows-3"}]


def run(raw: dict):
    result = replay(parse_log(orjson.dumps(raw), "t.json"))
    assert result.violations == [], result.violations[:1]
    return result.state


def opening():
    return run(log(OPENING))


def solo():
    return run(log(SOLO_OPEN, setup=SOLO_SETUP, players=1))


def act(s, **move):
    """Ana's move through the engine (every rule checked)."""
    GAME.apply(s, {"player": "ana", **move}, 0)


def put(s, tile: str, space: str, seat: int = 0) -> list:
    """A tile laid on the estate by hand (an earlier turn); returns the decisions it asks for."""
    after: list = []
    place(s, seat, tile, s.estates[seat].board.index[space], after)
    return after


def refused(s, code: str, **move) -> IllegalMove:
    with pytest.raises(IllegalMove) as raised:
        act(s, **move)
    assert raised.value.code == code, raised.value.message
    return raised.value


# -- set-up and phases ------------------------------------------------------------------------------

def test_the_starting_castle_scores_no_region():
    """2.1: "The starting castle fills R7 during setup. That does not score region points"."""
    s = opening()
    assert s.ledger.totals == [0, 0] and s.ledger.events == []
    assert s.estates[0].tiles[s.estates[0].board.index["19"]] == "castle"


def test_phase_set_up_clears_the_hex_tiles_and_keeps_the_goods():
    """5.1 (1): "Remove all hex tiles still in depots 1-6 and in the black depot from the game ... Goods on
    depot goods spaces stay." 5.1 (2)-(3): the depots are filled again, then 4 black-depot tiles (2 players)."""
    s = opening()
    assert s.depot_goods[2][4] == 1 and s.black
    s.phase = 1  # as after phase A's fifth round
    rounds.start_phase(s)
    assert all(tile is None for tile in s.depots.values()) and s.black == []
    assert s.depot_goods[2][4] == 1
    assert s.step == Step.DEPOTS and s.next_depot == 1 and s.black_left == 4


def test_mines_pay_at_the_end_of_phase_e_before_final_scoring():
    """5.3: "This payout also happens at the end of phase E, before final scoring" (1 silverling a mine,
    which scores 1 VP at the end)."""
    s = opening()
    put(s, "mine", "25")
    e = s.estates[0]
    s.phase, s.round, s.index, s.unused = 4, 4, 1, []
    s.order = [0, 1]
    s.step = Step.TURN
    silverlings = e.silverlings
    rounds.end_turn(s)  # Ben, the last in this round's order, ends the game's last turn
    assert s.step == Step.END
    assert e.silverlings == silverlings + 1
    assert s.ledger.by_category(0)["silverlings"] == silverlings + 1


# -- the turn -------------------------------------------------------------------------------------------

def test_the_purchase_may_come_after_both_dice():
    """6: "may once per turn buy 1 tile from the black depot for 2 silverlings, before, between or after the
    die actions"; 6.6: "A purchase is not a die action"."""
    s = opening()
    s.estates[0].silverlings = 4
    act(s, type="workers", die=3)
    act(s, type="buy", tile="castle")  # between
    act(s, type="workers", die=5)
    assert s.unused == [] and s.estates[0].storage == ["castle"] and s.estates[0].silverlings == 2
    refused(s, "COB.BUY.TWICE", type="buy", tile="ship")  # once per turn, also after the dice
    act(s, type="end")
    assert s.ids[s.current] == "ben"


def _castle_ready():
    """Ana holds a castle; space 7 (castle, die 6) touches space 12 (a bank laid earlier), which
    touches the starting castle on 19."""
    s = opening()
    put(s, "bank", "12")
    s.estates[0].storage = ["castle"]
    return s


def test_the_castle_extra_action_may_take_workers_without_workers_spent():
    """8 (castle): "one extra action as if holding an extra die showing any number ... including taking
    workers. Workers are not needed for this die"."""
    s = _castle_ready()
    act(s, type="place", die=5, workers=1, tile="castle", space="7")  # 5 -> 6 with Ana's only worker
    assert s.stack.top() == ExtraAction(optional=False, why="castle")
    refused(s, "COB.DIE.WORKERS", type="take", die="extra", workers=1, depot=4, tile="ship")
    refused(s, "COB.TURN.PENDING", type="workers", die=3)  # the extra action comes first ("Immediately")
    refused(s, "COB.TURN.PENDING", type="buy", tile="ship")  # 2011: no purchase inside an action
    act(s, type="workers", die="extra")
    assert not s.stack and s.estates[0].workers == 2 and s.unused == [3]


# -- ships and goods --------------------------------------------------------------------------------------

def test_a_ship_moves_the_turn_order_marker_even_without_goods():
    """8 (ship): "Move the turn-order marker 1 space forward ... This happens even if no goods are
    available, and it counts for the next round." 5.2 (3): the round's order is fixed when it starts."""
    s = opening()
    s.estates[0].storage = ["ship"]
    s.order = [1, 0]  # as if Ben were first this round: Ana's ship must not change it
    s.index = 1
    s.unused = [3, 5]
    act(s, type="place", die=5, workers=0, tile="ship", space="20")
    assert isinstance(s.stack.top(), ShipGoods)
    act(s, type="goods", depot=1, types=[])  # depot 1 holds no goods
    assert s.track.position("ana") == 1 and s.track.position("ben") == 0
    assert s.order == [1, 0]
    rounds.begin_round(s)
    assert [s.ids[i] for i in s.order] == ["ana", "ben"]


def test_knowledge_5_takes_a_second_depot_next_to_the_first():
    """9, #5: "Also take the goods from one depot adjacent (on the ring) to the chosen depot" (6-1 is on
    the ring: 3.1)."""
    s = opening()
    put(s, "knowledge-5", "13")
    s.estates[0].goods[1:] = [0, 0, 0, 0, 0, 0]
    s.depot_goods[1][5] = 2
    s.depot_goods[6][4] = 1
    s.estates[0].storage = ["ship"]
    act(s, type="place", die=5, workers=0, tile="ship", space="20")
    act(s, type="goods", depot=1, types=[5])
    assert s.stack.top() == ShipGoods(adjacent_to=1, clear_after=False)
    refused(s, "COB.SHIP.DEPOT", type="goods", depot=3, types=[])
    act(s, type="goods", depot=6, types=[4])
    assert s.estates[0].goods[4:6] == [1, 2] and not s.stack


# -- buildings ------------------------------------------------------------------------------------------

def test_the_city_hall_places_on_any_number_and_the_tile_acts_too():
    """8 (city hall): "place 1 tile from storage ... on any empty space regardless of die number. Colour,
    adjacency and the building rule still apply, and that tile's effect triggers too"."""
    s = opening()
    put(s, "bank", "12")
    s.estates[0].storage = ["city-hall", "castle"]
    act(s, type="place", die=3, workers=0, tile="city-hall", space="26")  # 26: building, die 3, next to 19
    assert s.stack.top() == PlaceAnyDie()
    refused(s, "COB.PLACE.COLOUR", type="place", tile="castle", space="25")  # a mine space
    act(s, type="place", tile="castle", space="7")  # space 7 shows a 6: no die needed
    assert s.stack.top() == ExtraAction(optional=False, why="castle")


def test_an_effect_that_cannot_be_carried_out_is_skipped():
    """8: "When an effect is impossible (nothing to take, nothing legal to place), it is skipped." A city
    hall with an empty storage, a warehouse without goods."""
    s = opening()
    s.estates[0].storage = ["city-hall"]
    act(s, type="place", die=3, workers=0, tile="city-hall", space="12")
    assert not s.stack
    s = opening()
    s.estates[0].goods[1:] = [0] * 6
    s.estates[0].storage = ["warehouse"]
    act(s, type="place", die=3, workers=0, tile="warehouse", space="12")
    assert not s.stack


def test_the_warehouse_sells_any_type_with_the_usual_rewards():
    """8 (warehouse): "sell one goods type of the player's choice ... Normal sale rewards apply, including
    #3/#4" - 1 silverling (2 with #3), a worker with #4, 2 VP a tile with 2 players (6.4)."""
    s = opening()
    put(s, "knowledge-3", "13")
    put(s, "knowledge-4", "8")
    e = s.estates[0]
    e.goods[2] = 2
    e.storage = ["warehouse"]
    silverlings, workers, vp = e.silverlings, e.workers, s.ledger.totals[0]
    act(s, type="place", die=3, workers=0, tile="warehouse", space="12")
    assert s.stack.top() == SellAny()
    act(s, type="sell", goods=2)
    assert (e.silverlings, e.workers, e.goods[2], e.sold[2]) == (silverlings + 2, workers + 1, 0, 2)
    assert s.ledger.by_category(0)["sale"] == 4 and s.ledger.totals[0] == vp + 4 + 11  # + the city of space 12


def test_the_boarding_house_does_not_trigger_knowledge_13_and_14():
    """6.5: "The boarding house does not trigger #13/#14" (+4 workers, no silverling)."""
    s = opening()
    put(s, "knowledge-13", "13")
    put(s, "knowledge-14", "8")
    e = s.estates[0]
    e.storage = ["boarding-house"]
    silverlings, workers = e.silverlings, e.workers
    act(s, type="place", die=3, workers=0, tile="boarding-house", space="12")
    assert (e.silverlings, e.workers) == (silverlings, workers + 4)
    act(s, type="workers", die=5)  # the take-workers action does: 4 workers (#14) and a silverling (#13)
    assert (e.silverlings, e.workers) == (silverlings + 1, workers + 8)


def test_a_building_take_effect_uses_the_storage_rule():
    """8 (carpenter): "Take 1 building tile from any numbered depot 1-6 (not the black depot) into storage";
    6.2: a full storage discards one stored tile first."""
    s = opening()
    e = s.estates[0]
    e.storage = ["carpenter", "ship", "mine"]
    act(s, type="place", die=3, workers=0, tile="carpenter", space="12")
    refused(s, "COB.TAKE.NO_TILE", type="take", depot=1, tile="market")  # market lies in the black depot
    act(s, type="take", depot=4, tile="bank")  # two spaces free: no discard
    assert e.storage == ["ship", "mine", "bank"] and s.depots["4b"] is None


# -- knowledge tiles ------------------------------------------------------------------------------------

def test_knowledge_7_adds_a_vp_for_each_animal_tile_counted():
    """9, #7: "+1 VP for each animal tile that scores in that placement, including the new one"; the
    rulebook example of section 8: 4 cows next to 3 cows score 7, so 7 + 2 with #7."""
    s = opening()
    put(s, "knowledge-7", "13")
    put(s, "cows-3", "11")
    before = s.ledger.totals[0]
    put(s, "cows-4", "10")
    assert s.ledger.totals[0] - before == 4 + 3 + 2


@pytest.mark.parametrize("number, tile, space, die, workers", [
    (9, "bank", "12", 5, 1),  # #9 buildings: 5 -> 3 is 2 pips, 1 free
    (10, "ship", "18", 3, 0),  # #10 ships: 3 -> 2, free
    (11, "mine", "25", 3, 0),  # #11 mines: 3 -> 4, free
])
def test_knowledge_9_to_11_give_a_free_pip_when_placing_their_colours(number, tile, space, die, workers):
    """6.1 / 9: "Free ±1 when placing buildings (#9), ships or animals (#10), castles, mines or knowledge
    (#11)": the cost is ceil(max(0, d - 1) / step)."""
    s = opening()
    put(s, f"knowledge-{number}", "13")
    s.estates[0].storage = [tile]
    act(s, type="place", die=die, workers=workers, tile=tile, space=space)
    assert s.estates[0].tiles[s.estates[0].board.index[space]] == tile


def test_knowledge_12_gives_a_free_pip_when_taking_and_not_when_placing():
    """9, #12: "Free ±1 when taking a tile from a numbered depot"."""
    s = opening()
    put(s, "knowledge-12", "13")
    act(s, type="take", die=3, workers=0, depot=4, tile="ship")  # 3 -> 4 free
    s.estates[0].storage.append("bank")
    refused(s, "COB.DIE.WORKERS", type="place", die=5, workers=1, tile="bank", space="12")  # 5 -> 3 needs 2
    assert s.estates[0].workers == 1


# -- the Solo game --------------------------------------------------------------------------------------

def test_solo_ship_takes_a_whole_depot_and_the_other_goods_leave_the_game():
    """Solo: "Whenever you place a ship, take all goods from a depot of your choice, then immediately
    remove all other goods from all other depots from the game." "In addition, you now (and only now!) have
    the option to exchange any 5 of your goods for a single tile from the black depot"."""
    s = solo()
    e = s.estates[0]
    s.depot_goods[3][1] = 2  # with the round's 6: depot 3 holds 1 1 6
    s.depot_goods[5][4] = 1
    e.storage = ["ship"]
    act(s, type="place", die=2, workers=1, tile="ship", space="A9")  # A9 touches the castle on A6, shows 3
    refused(s, "COB.SHIP.GOODS", type="goods", depot=3, types=[1])  # no limit on types: all of the depot
    act(s, type="goods", depot=3, types=[1, 6])
    assert e.goods[1:] == [3, 1, 1, 0, 0, 1]  # 1 2 3 at the start, 1 1 6 taken
    assert all(sum(row) == 0 for row in s.depot_goods)
    assert s.stack.top() == TradeOffer()  # 6 goods: the trade may be made now
    act(s, type="pass")
    refused(s, "COB.SOLO.TRADE", type="trade", goods={"1": 3, "2": 1, "3": 1}, tile="market")  # only now


def test_solo_black_tile_has_no_effect_but_completes_its_region():
    """Solo: "A black tile can be placed on any color space ... Placing a black tile helps you to complete
    a region (to gain victory points ...) but has no other effects ... A black ship gains neither goods nor
    the option to exchange"; a "black mine" pays nothing at the phase end."""
    s = solo()
    e = s.estates[0]
    e.storage = ["black", "black"]
    act(s, type="place", die=2, workers=1, tile="black", space="A9")  # a ship space: one-space region
    assert not s.stack and s.track.position("ana") == 0  # no goods, no trade, no turn-order move
    assert s.ledger.by_category(0) == {"region": 1 + 10} and e.counter == 11  # phase A
    act(s, type="place", die=4, workers=1, tile="black", space="A7")  # a knowledge space: no knowledge VP
    assert s.ledger.by_category(0) == {"region": 2 * (1 + 10)} and e.knowledge == []
    put(s, "black", "A1")  # a black mine
    silverlings = e.silverlings
    scoring.phase_end(s)
    assert e.silverlings == silverlings and e.mines == 0


def test_solo_knowledge_scores_when_placed():
    """Solo: "Victory points from a yellow Knowledge tile are added immediately after placing it (instead of
    at the end of the game)" - #24, 4 VP per animal type in the estate, with cows and pigs in it."""
    s = solo()
    put(s, "cows-2", "A5")
    put(s, "pigs-2", "A14")
    put(s, "knowledge-24", "A7")
    assert s.ledger.by_category(0)["knowledge"] == 2 * 4
    assert s.estates[0].end_effects == []  # nothing left for a game end


def test_knowledge_end_tiles_wait_for_the_game_end_in_the_base_game():
    """9: "'End' tiles are scored at game end. Yucata scores them at once as a display convenience, which
    is not the rule."""
    s = opening()
    put(s, "cows-2", "11")
    put(s, "knowledge-24", "13")
    assert "knowledge" not in s.ledger.by_category(0)
    scoring.final_scoring(s)
    assert s.ledger.by_category(0)["knowledge"] == 4


def test_solo_colour_bonus_tiles_chain():
    """Solo: "choose a tile from the black depot and place it directly on the board, with all his effects,
    following the base game placement rules. If that completes another color, take an additional tile from
    the black depot (if available), place it on your board, etc." No bonus VP."""
    s = solo()
    e = s.estates[0]
    board = e.board
    castles = [i for i in range(37) if board.spaces[i].colour is Colour.CASTLE and not e.filled >> i & 1]
    for i in castles[:-1]:  # every castle space but one filled earlier
        place(s, 0, "castle", i, [])
    last_castle = castles[-1]
    mines = [i for i in range(37) if board.spaces[i].colour is Colour.MINE]
    for i in mines[:-1]:
        place(s, 0, "mine", i, [])
    # a tile next to the last castle space, so that the black-depot castle can go there
    for i in range(37):
        if board.land[last_castle] >> i & 1 and not e.filled >> i & 1 and board.spaces[i].colour is not Colour.MINE:
            place(s, 0, "ship" if board.spaces[i].colour is Colour.SHIP else "black", i, [])
            break
    e.storage = ["mine"]
    s.unused = []
    s.stack.push(ExtraAction(optional=False, why="castle"))
    act(s, type="place", die="extra", workers=0, tile="mine", space=board.spaces[mines[-1]].id)
    assert s.stack.top() == PlaceBlack() and "bonus" not in s.ledger.by_category(0)
    assert "castle" in s.black
    act(s, type="place", tile="castle", space=board.spaces[last_castle].id)
    # the castle's own effect (its extra action) comes first, then the next colour bonus tile
    assert s.stack.top() == ExtraAction(optional=False, why="castle")
    s.stack.pop()
    assert s.stack.top() == PlaceBlack()


def test_solo_bought_vp_reaching_the_target_offer_an_action_that_may_be_declined():
    """Solo: "Each victory point costs 1 Silverling. When your victory point counter reaches the target
    victory point marker, put it back on space 0 (any remaining victory points are lost), then move the
    target marker down 5 space ... Immediately after resetting the victory point counter you may carry out
    a dice action of your choice"."""
    s = solo()
    e = s.estates[0]
    e.silverlings = 53
    act(s, type="buy_vp", vp=52)
    assert (e.silverlings, e.counter, e.target, s.ledger.totals[0]) == (1, 0, 45, 52)
    assert s.stack.top() == ExtraAction(optional=True, why="target")
    act(s, type="pass")
    assert not s.stack and s.unused == [2, 4]
    refused(s, "COB.SOLO.VP", type="buy_vp", vp=2)  # 1 silverling left


def test_solo_trade_tile_lies_face_down_in_storage_with_the_discard_rule():
    """Solo: "Place that tile face down (i.e. it's black side up) on one of your three storage spaces";
    6.2: a full storage discards one stored tile first."""
    s = solo()
    e = s.estates[0]
    e.goods[1:] = [5, 0, 0, 0, 0, 0]
    e.storage = ["bank", "mine", "ship"]
    s.stack.push(TradeOffer())
    refused(s, "COB.STORAGE.DISCARD", type="trade", goods={"1": 5}, tile="market")
    act(s, type="trade", goods={"1": 5}, tile="market", discard="bank")
    assert e.storage == ["mine", "ship", "black"] and e.goods[1] == 0 and "market" not in s.black


def test_solo_colour_bonus_tile_keeps_its_colour():
    """Solo: the black-depot tile for a completed colour is placed "following the base game placement
    rules": its colour is the space's colour (only the face-down tile of a trade fits any colour)."""
    s = solo()
    s.stack.push(PlaceBlack())
    refused(s, "COB.PLACE.COLOUR", type="place", tile="ship", space="A5")  # A5 is a pasture
    act(s, type="place", tile="ship", space="A9")
    assert isinstance(s.stack.top(), ShipGoods) and s.estates[0].tiles[s.estates[0].board.index["A9"]] == "ship"


def test_knowledge_6_buys_from_a_numbered_depot_at_the_same_price():
    """6.6: "Knowledge #6: the player may instead buy, at the same price, from any numbered depot 1-6. This is
    still one purchase per turn in total." """
    s = opening()
    put(s, "knowledge-6", "13")
    e = s.estates[0]
    e.silverlings = 2
    act(s, type="buy", depot=6, tile="city-hall")
    assert e.silverlings == 0 and e.storage == ["city-hall"] and s.depots["6a"] is None
    e.silverlings = 2
    refused(s, "COB.BUY.TWICE", type="buy", tile="castle")


def test_tiles_left_in_storage_score_nothing():
    """11: "Tiles left in storage score nothing." """
    s = opening()
    e = s.estates[0]
    e.storage = ["castle", "knowledge-26", "bank"]
    scoring.final_scoring(s)
    assert s.ledger.by_category(0) == {"goods": 3, "silverlings": 1}  # 3 goods, 1 silverling, 1 worker (0 VP)


def test_solo_game_ends_after_the_turn_that_fills_the_37th_space():
    """Solo: "You win the game if you manage to occupy all 37 hex spaces of your estate within 25 rounds"."""
    s = solo()
    e = s.estates[0]
    e.filled = e.board.full
    s.unused = []
    act(s, type="end")
    assert s.step == Step.END and GAME.winners(s) == [0] and s.rounds_played == 1


def test_each_of_boards_2_to_9_is_in_the_2011_box_once():
    """1 (components, 2011): "Estate boards: 6 double-sided. 4 sides show board #1; the other 8 sides show
    boards #2-#9, one each" - two players cannot both play board #5; four can play #1."""
    from tests.cases.make_castles_of_burgundy_cases import SETUP

    setup = copy.deepcopy(SETUP)
    setup["order"] = ["ana", "ben", "cleo"]
    setup["estates"] = {"ana": {"board": "5", "castle": "11", "goods": [1, 2, 3]},
                        "ben": {"board": "3", "castle": "19", "goods": [4, 5, 6]},
                        "cleo": {"board": "5", "castle": "11", "goods": [1, 4, 6]}}
    result = replay(parse_log(orjson.dumps(log([], setup=setup, players=3)), "t.json"))
    assert [(v.code, v.pointer) for v in result.violations] == [("COB.SETUP.BOARD_TAKEN", "/setup/estates/cleo/board")]
    four = copy.deepcopy(setup)
    four["order"].append("dev")
    four["estates"] = {p: {"board": "1", "goods": g} for p, g in
                       zip(("ana", "ben", "cleo", "dev"), ([1, 2, 3], [4, 5, 6], [1, 4, 6], [2, 3, 5]))}
    assert replay(parse_log(orjson.dumps(log([], setup=four, players=4)), "t.json")).violations == []


def test_random_set_ups_use_each_board_no_more_often_than_the_box_holds():
    import random
    from collections import Counter

    for seed in range(200):
        setup = GAME.random_setup(random.Random(seed), 4, {})
        used = Counter(e.get("board", "1") for e in setup["estates"].values())
        assert all(n == 1 for board, n in used.items() if board != "1"), (seed, used)


# -- the 2019 edition: a purchase during an action --------------------------------------------------------

def _edition_2019(s_moves=OPENING):
    raw = log(s_moves)
    raw["edition"] = "alea-2019"
    return run(raw)


def test_2019_a_purchase_may_come_between_a_castle_and_its_extra_action():
    """The catalog's 2019 edition (Board Game Arena's rules page): "you are allowed to buy a tile during your
    action (for example right after placing a castle or a city hall)"; in 2011 the purchase comes "before,
    between or after the die actions" (6), not inside one (see the castle test above)."""
    s = _edition_2019()
    assert s.cat.edition == "alea-2019"
    put(s, "bank", "12")  # +2 silverlings: 3
    s.estates[0].storage = ["castle"]
    act(s, type="place", die=5, workers=1, tile="castle", space="7")
    act(s, type="buy", tile="ship")
    assert s.stack.top() == ExtraAction(optional=False, why="castle")  # still to take
    assert s.estates[0].storage == ["ship"] and s.estates[0].silverlings == 1
    act(s, type="place", die="extra", workers=0, tile="ship", space="18")  # the tile bought, placed at once
    assert isinstance(s.stack.top(), ShipGoods)
    refused(s, "COB.BUY.TWICE", type="buy", tile="castle")  # still once per turn


def test_2019_a_city_hall_waits_for_a_purchase_that_could_feed_it():
    """2019: "right after placing ... a city hall" a tile may be bought, so a city hall placed with an empty
    storage is not yet impossible while a purchase could give it a tile; without that purchase it is
    (8: "When an effect is impossible ... it is skipped"), so the player may decline it ('pass')."""
    s = _edition_2019()
    e = s.estates[0]
    e.silverlings = 2
    e.storage = ["city-hall"]
    act(s, type="place", die=3, workers=0, tile="city-hall", space="12")
    assert s.stack.top() == PlaceAnyDie()
    listed = GAME.legal_moves(s)
    assert {"type": "buy", "player": "ana", "tile": "castle"} in listed and {"type": "pass", "player": "ana"} in listed
    act(s, type="buy", tile="castle")
    refused(s, "COB.EXTRA.NOT_OPTIONAL", type="pass")  # a stored tile can go now: the city hall acts
    act(s, type="place", tile="castle", space="7")  # any number: space 7 shows a 6
    assert s.stack.top() == ExtraAction(optional=False, why="castle")
    s = _edition_2019()
    s.estates[0].silverlings = 2
    s.estates[0].storage = ["city-hall"]
    act(s, type="place", die=3, workers=0, tile="city-hall", space="12")
    act(s, type="pass")
    assert not s.stack and s.estates[0].silverlings == 2
    # a tile bought that the city hall cannot place either: the effect is impossible, and skipped
    s = _edition_2019()
    put(s, "market", "27")  # the city of 26, 27, 32, 33, 37 has its market: the black depot's market fits nowhere
    s.estates[0].silverlings = 2
    s.estates[0].storage = ["city-hall"]
    act(s, type="place", die=3, workers=0, tile="city-hall", space="12")
    assert s.stack.top() == PlaceAnyDie()
    act(s, type="buy", tile="market")
    assert not s.stack and s.estates[0].storage == ["market"]


def test_2019_random_games_list_only_moves_the_engine_accepts():
    """The listing and the validator agree in the 2019 edition too (purchases inside actions included)."""
    import random

    from ludolog.replayer.core.log import GameLog, Player as LogPlayer

    bought_inside = 0
    for game in range(6):  # random play rarely has 2 silverlings while an effect is pending: a few games
        if bought_inside and game >= 2:
            break
        players = 2 + game % 2
        rng = random.Random(f"2019-{game}")
        ids = ["ana", "ben", "cleo"][:players]
        setup = GAME.random_setup(rng, players, {})
        raw = {"format": "ludolog/2", "game": GAME.name, "edition": "alea-2019", "options": {},
               "catalog": GAME.catalog_version, "players": [{"id": i} for i in ids], "setup": setup, "moves": []}
        glog = GameLog(file="e", raw=raw, game=GAME.name, edition="alea-2019", players=[LogPlayer(i, i) for i in ids],
                       setup=setup, seat_of={i: k for k, i in enumerate(ids)})
        s = GAME.new_state(glog)
        while not GAME.is_terminal(s):
            legal = GAME.legal_moves(s)
            if s.step == Step.TURN:
                for move in legal:
                    GAME.apply(GAME.clone(s), move, glog.seat_of.get(move.get("player")))  # raises if refused
            buys = [m for m in legal if m["type"] == "buy"]
            if s.stack and buys:
                move = rng.choice(buys)
                bought_inside += 1
            else:
                move = rng.choice(legal)
            GAME.apply(s, move, glog.seat_of.get(move.get("player")))
            raw["moves"].append(move)
        assert replay(parse_log(orjson.dumps(raw), "e.json")).status == "valid"
    assert bought_inside > 0


def test_the_audit_names_only_tests_and_cases_that_exist():
    """AUDIT.md's proofs exist: every test it names (``audit::name``, ``test_x.py::name``, prefixes ending
    in ``*`` or ``...``) is a test function of that file, every case code has its case log and every
    rule code is declared."""
    import re
    from pathlib import Path

    here = Path(__file__).parent
    text = (here / "AUDIT.md").read_text(encoding="utf-8")
    cases = here.parent / "cases" / "castles-of-burgundy"
    declared = {rule.code for rule in GAME.rules}
    for code in set(re.findall(r"\bCOB\.[A-Z_]+\.[A-Z_]+", text)):
        assert code in declared and (cases / f"{code}.json").is_file(), code
    defined: dict[str, set[str]] = {}
    current = "test_engine.py"
    for file, name in re.findall(r"(audit|test_\w+\.py)?::(test_\w+)", text):
        file = "test_audit.py" if file == "audit" else file or current
        current = file
        if file not in defined:
            defined[file] = set(re.findall(r"^def (test_\w+)", (here / file).read_text(encoding="utf-8"), re.M))
        assert any(d == name or d.startswith(name) for d in defined[file]), (file, name)
    assert len(re.findall(r"^\| [SB]\d+ \|", text, re.M)) == 96
