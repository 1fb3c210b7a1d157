"""Kingdom Crossing rules found by the strictness audit (rules/kingdom-crossing.txt), each with a test that can fail."""
import copy

import orjson
import pytest

from ludolog.replayer.core import IllegalMove, parse_log, registry, replay, simulate_log
from ludolog.replayer.kingdom_crossing import GAME

from .test_kingdom_crossing_examples import CAT, at_noon, play, put_card


@pytest.fixture(autouse=True)
def kc():
    registry.register(GAME)
    yield GAME


def _replay_with_stacks(sizes):
    raw = simulate_log(GAME, 2, "stacks")
    setup = raw["setup"]
    assert sum(setup["favor_stacks"]) == 26 - 3 - 2
    setup["favor_stacks"] = sizes
    return replay(parse_log(orjson.dumps(raw), "stacks.json"))


def test_favor_stacks_must_be_roughly_equal():
    """26 Favors in 3 roughly equal stacks (9/9/8); the display takes one from each and the 2 starting
    Favors come from any stack, so 8/8/5 is possible (both from the third) but 9/7/5 is not."""
    assert _replay_with_stacks([8, 8, 5]).status == "valid"
    assert _replay_with_stacks([5, 8, 8]).status == "valid"
    assert _replay_with_stacks([7, 7, 7]).status == "valid"
    for sizes in ([9, 7, 5], [14, 0, 7], [4, 8, 9]):
        result = _replay_with_stacks(sizes)
        v = result.violations[0]
        assert (v.code, v.move_index, v.pointer) == ("KC.SETUP.FAVOR_STACKS", None, "/setup/favor_stacks")
        assert "roughly equal" in v.message
    v = _replay_with_stacks([7, 7, 8]).violations[0]  # 22 tiles: one more than are face down
    assert (v.code, v.pointer) == ("CORE.HIDDEN.SIZE", "/setup/favor_stacks")


def _market_turn(coins, res, card="MAS-06"):
    """Agnes in orchard about to work the market tile over B1 to island, where only ``card`` is affordable."""
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region, p.coins, p.res, p.improved, p.invest = CAT.region_index["orchard"], coins, res, [False] * 6, 0
    s.balloon = CAT.region_index["marsh"]  # a flight after the Paw markers would cost 10 coins
    put_card(s, "I1", card)
    put_card(s, "I2", "MER-03")  # 8 coins
    put_card(s, "I3", "MER-07")  # 6 coins
    return s, seat_of, p


def test_market_purchase_reaching_the_lumber_bonus_pays_for_the_card():
    """Market tile: 4 coins for a resource. At lumber 4 the bought lumber reaches the 5th space
    (+3 coins), so 7 coins still buy a 6-coin card; any other resource would leave 3 coins."""
    s, seat_of, p = _market_turn(7, [4, 0, 0, 0], card="LUM-02")
    put_card(s, "I1", "FLO-04")  # 6 coins
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 2, "path": ["B1"]})
    buys = {m["resource"] for m in GAME.legal_moves(s) if m["type"] == "buy"}
    assert buys == {"lumber"}
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "buy", "player": "agnes", "resource": "stone"})
    assert (err.value.code, err.value.pointer) == ("KC.BUY.UNAFFORDABLE", "/resource")
    play(s, seat_of, {"type": "buy", "player": "agnes", "resource": "lumber"})
    assert p.coins == 6 and p.res[0] == 5
    play(s, seat_of, {"type": "hire", "player": "agnes", "space": "I1", "card": "FLO-04"})
    assert p.coins == 0 and "FLO-04" in p.cards


def test_choices_after_a_market_purchase_must_keep_a_card_affordable():
    """Sap to the 7th space gives an Invest action: cashing it pays for the card, advancing would not."""
    s, seat_of, p = _market_turn(6, [0, 0, 6, 0], card="FLO-04")
    p.invest = 5
    assert CAT.invest_coins[5] >= 4
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 2, "path": ["B1"]},
         {"type": "buy", "player": "agnes", "resource": "sap"})
    assert p.coins == 2 and p.res[2] == 7
    assert GAME.legal_moves(s) == [{"type": "invest", "player": "agnes", "option": "cash", "coins": CAT.invest_coins[5]},
                                   {"type": "invest", "player": "agnes", "option": "cash"}]
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "invest", "player": "agnes", "option": "advance"})
    assert err.value.code == "KC.CARD.UNAFFORDABLE" and p.invest == 5
    play(s, seat_of, {"type": "invest", "player": "agnes", "option": "cash", "coins": CAT.invest_coins[5]},
         {"type": "hire", "player": "agnes", "space": "I1", "card": "FLO-04"})
    assert "FLO-04" in p.cards


def test_work_on_the_market_tile_counts_the_purchase_toward_the_obligation_to_buy():
    """With the improved market tile (2 coins) a lumber reaching the 5th space nets a coin; that alone
    makes the 6-coin card affordable, so working there is legal."""
    s, seat_of, p = _market_turn(5, [4, 0, 0, 0], card="FLO-04")
    p.improved[2] = True
    works = [m for m in GAME.legal_moves(s) if m["type"] == "work" and m["tile"] == 2 and m["path"] == ["B1"]
             and "balloon" not in m]
    assert works
    p.res = [3, 0, 0, 0]  # lumber 4 after buying: no bonus, nothing affordable
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "work", "player": "agnes", "tile": 2, "path": ["B1"]})
    assert err.value.code == "KC.WORK.NOTHING_TO_BUY"
    p.res = [4, 0, 0, 0]
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 2, "path": ["B1"]},
         {"type": "buy", "player": "agnes", "resource": "lumber"},
         {"type": "hire", "player": "agnes", "space": "I1", "card": "FLO-04"})
    assert p.coins == 0


def test_lumberjack_needs_the_birds_coins_when_they_are_short():
    """The rulebook's Lumberjack hire with 3 coins: 3 + 2 (tile) + 2 (bird, met before paying) = 7 = its cost."""
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region, p.coins, p.res = CAT.region_index["orchard"], 3, [0, 0, 0, 0]
    s.balloon = CAT.region_index["marsh"]  # no flight elsewhere is affordable
    put_card(s, "I1", "LUM-02", bird="red-02")
    put_card(s, "I2", "MER-03")
    put_card(s, "I3", "MER-07")
    q = copy.deepcopy(p)
    q.coins = 2
    s.players[0] = q  # one coin fewer: 6 < 7 and nothing else on the island is affordable
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "work", "player": "agnes", "tile": 0, "path": ["B1"]})
    assert err.value.code == "KC.WORK.NOTHING_TO_BUY"
    s.players[0] = p
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 0, "path": ["B1"]},
         {"type": "hire", "player": "agnes", "space": "I1", "card": "LUM-02"})
    assert p.coins == 0 and p.res[0] == 2 and p.birds[-1] == "red-02"


def test_a_bird_reaching_the_lumber_bonus_pays_for_the_card():
    """A bird's lumber taking the marker to the 5th space gives 3 coins before the card is paid."""
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region, p.coins, p.res = CAT.region_index["orchard"], 0, [4, 0, 0, 0]
    s.balloon = CAT.region_index["marsh"]
    assert CAT.birds["red-01"]["effect"] == {"kind": "gain", "resource": "lumber", "n": 1}
    put_card(s, "I1", "FLO-04", bird="red-01")  # 6 coins: 0 + 2 (tile) + 3 (5th lumber space) = 5, too few
    put_card(s, "I2", "MER-03")
    put_card(s, "I3", "MER-07")
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "work", "player": "agnes", "tile": 0, "path": ["B1"]})
    assert err.value.code == "KC.WORK.NOTHING_TO_BUY"
    p.coins = 1
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 0, "path": ["B1"]},
         {"type": "hire", "player": "agnes", "space": "I1", "card": "FLO-04"})
    assert p.res[0] == 5 and "FLO-04" in p.cards and p.coins == 0


def test_agnes_rests_on_her_improved_coins_tile_for_8_coins():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.improved[0], p.coins = True, 0
    with pytest.raises(IllegalMove) as err:  # the base side's 5 coins are not what the improved side shows
        play(s, seat_of, {"type": "rest", "player": "agnes", "tile": 0, "coins": 5})
    assert (err.value.code, err.value.pointer) == ("KC.REST.COINS", "/coins")
    play(s, seat_of, {"type": "rest", "player": "agnes", "tile": 0, "coins": 8})
    assert p.coins == 8 and p.played[0] and p.region == s.players[0].region


def test_bruno_visits_the_queen_with_the_improved_tile():
    """He takes the Queen card and the first player token, resolves its effect twice and places the
    card in its guild column; nobody else may visit the Queen this round."""
    s, seat_of = at_noon(["agnes", "bruno"])
    play(s, seat_of, {"type": "rest", "player": "agnes", "tile": 1, "coins": 3})
    while s.tasks or s.current == 0:
        play(s, seat_of, GAME.legal_moves(s)[0])
    bruno = s.players[1]
    bruno.improved[5] = True
    s.queen_card = "Q1"  # 2 Prestige
    region, score, foxes = bruno.region, s.ledger.totals[1], bruno.guild[0]
    assert s.first == 0
    play(s, seat_of, {"type": "work", "player": "bruno", "tile": 5})
    assert s.ledger.totals[1] == score + 2 * 2 and s.first == 1 and bruno.region == region
    assert "Q1" in bruno.cards and bruno.guild[0] == foxes + 1
    while s.current != 0 or s.tasks:
        play(s, seat_of, GAME.legal_moves(s)[0])
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "work", "player": "agnes", "tile": 5})
    assert (err.value.code, err.value.pointer) == ("KC.QUEEN.TAKEN", "/tile")


def test_bruno_evening_owls_income_with_4_cards_is_two_invest_actions():
    from ludolog.replayer.kingdom_crossing.state import EVENING

    s, seat_of = at_noon(["agnes", "bruno"])
    bruno = s.players[1]
    bruno.guild, bruno.invest = [0, 4, 0, 0, 0], 1
    bruno.houses = [bruno.region]
    s.step, s.current, s.first, s.evening_index, s.round = EVENING, 1, 1, 0, 2
    play(s, seat_of, {"type": "evening", "player": "bruno", "source": "owls"},
         {"type": "invest", "player": "bruno", "option": "advance"},
         {"type": "invest", "player": "bruno", "option": "advance"})
    assert bruno.invest == 3 and not s.tasks
    while s.current == 1:  # Bridge Goals his Invest marker now meets may be claimed, or not
        play(s, seat_of, {"type": "pass", "player": "bruno"})
    assert s.current == 0 and not any(bruno.played)  # then the next player in turn order


@pytest.mark.parametrize("improved, prestige", [(False, 2), (True, 4)])
def test_the_merchants_bird_is_met_this_turn(improved, prestige):
    """'Take the bird from any card ... and resolve its effect as if it were on this Merchant card':
    with the improved three-bridge tile a bird met this turn resolves twice."""
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.improved[4], p.region, p.coins, p.birds = improved, CAT.region_index["orchard"], 10, []
    assert CAT.birds["red-12"]["effect"] == {"kind": "prestige", "n": 2} and CAT.cards["MER-09"].effect == {"kind": "take_bird"}
    put_card(s, "P1", "MER-09")
    put_card(s, "I1", "SPO-01", bird="red-12")
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 4, "path": ["B1", "B3", "B7"]},
         {"type": "hire", "player": "agnes", "space": "P1", "card": "MER-09"})
    score = s.ledger.totals[0]
    play(s, seat_of, {"type": "bird", "player": "agnes", "space": "I1", "bird": "red-12"})
    assert s.ledger.totals[0] == score + prestige and p.birds == ["red-12"] and s.space_bird[0] is None
