"""Kingdom Crossing as a scorer writes it at the table (issue 8, section 5): the order the rules allow
within a turn, decisions nobody writes down, amounts the engine knows, and Paco & Paca's
"matching tile" - with the rulebook's 96-point solo scoring example reproduced under that reading."""
import pytest

from ludolog.replayer.core import IllegalMove, snapshot
from ludolog.replayer.kingdom_crossing import GAME, solo
from ludolog.replayer.kingdom_crossing.scoring import compile_goal, final_scoring
from ludolog.replayer.kingdom_crossing.state import BUY_END, CLAIM, TURN

from .test_kingdom_crossing_examples import CAT, at_noon, play, put_card, reveal_all


# -- the improved market before a flight after the Paw markers ---------------------------------------------
def _market_then_fly(lumber: int):
    """Agnes (orchard, 9 coins, the improved market tile) crosses B1 to the island, where every card
    costs 10; the balloon waits in pinewood (10 coins away); a free Building lies in marsh."""
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region, p.coins, p.res, p.invest = CAT.region_index["orchard"], 9, [lumber, 0, 0, 0], 0
    p.improved = [False, False, True, False, False, False]
    s.balloon = CAT.region_index["pinewood"]
    for space, card in (("I1", "COL-05"), ("I2", "FAR-05"), ("I3", "MAS-05")):
        put_card(s, space, card)
    put_card(s, "M1", "BLD-01")
    put_card(s, "M2", "FLO-04")
    return s, seat_of, p


def test_the_market_purchase_may_pay_for_a_flight_after_the_paw_markers():
    """'Your Beaver must cross a bridge, then at any point during this turn you may spend 2 coins to gain a
    resource': bought right after crossing, the lumber reaches the 5th space (+3 coins), and 9 - 2 + 3 = 10
    coins fly the balloon from afar to the marsh, where the Building is free."""
    s, seat_of, p = _market_then_fly(lumber=4)
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 2, "path": ["B1"]})
    listed = GAME.legal_moves(s)
    assert not [m for m in listed if m["type"] == "fly"]  # 9 coins: not yet
    assert {"type": "buy", "player": "agnes", "resource": "lumber"} in listed
    with pytest.raises(IllegalMove) as err:  # the flight first cannot be paid
        play(s, seat_of, {"type": "fly", "player": "agnes", "to": "marsh"})
    assert (err.value.code, err.value.pointer) == ("KC.BALLOON.COST", "")
    play(s, seat_of, {"type": "buy", "player": "agnes", "resource": "lumber"})
    assert p.coins == 10 and p.res[0] == 5
    assert {"type": "fly", "player": "agnes", "to": "marsh"} in GAME.legal_moves(s)
    play(s, seat_of, {"type": "fly", "player": "agnes", "to": "marsh"},
         {"type": "hire", "player": "agnes", "space": "M1", "card": "BLD-01"})
    assert p.coins == 0 + 2 and p.region == CAT.region_index["marsh"] == s.balloon  # BLD-01: 1 coin per Structure
    assert "BLD-01" in p.structures


def test_without_the_bonus_that_turn_cannot_be_worked():
    """The same turn with the lumber marker on space 2: the purchase gives no coins, nothing on the island
    or after a flight can be bought - 'If you cannot, you must choose to rest instead of working'."""
    s, seat_of, _ = _market_then_fly(lumber=2)
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "work", "player": "agnes", "tile": 2, "path": ["B1"]})
    assert err.value.code == "KC.WORK.NOTHING_TO_BUY"


def test_a_flight_after_the_paw_markers_must_lead_to_a_card():
    s, seat_of, p = _market_then_fly(lumber=0)  # no bonus for a purchase either
    p.coins = 19
    put_card(s, "I1", "SPO-01")  # now the island has a free card, so working there is legal
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 2, "path": ["B1"]})
    put_card(s, "P1", "COL-10")
    put_card(s, "P2", "FAR-10")
    with pytest.raises(IllegalMove) as err:  # pinewood: 10 + 10 coins, and 19 - 10 = 9 left
        play(s, seat_of, {"type": "fly", "player": "agnes", "to": "pinewood"})
    assert (err.value.code, err.value.pointer) == ("KC.WORK.NOTHING_TO_BUY", "/to")


# -- what nobody writes down ------------------------------------------------------------------------------------
def _goal_window():
    """Agnes meets G2 (easy: move the Invest marker back 3 spaces) when she rests: a claim window opens."""
    s, seat_of = at_noon(["agnes", "bruno"])
    g = CAT.goal_index["G2"]
    s.goal_hard[g] = False
    s.goal_sides[g] = CAT.goals[g]["easy"]
    s.goal_tests[g] = compile_goal(s.goal_sides[g], s.cat)
    s.players[0].invest = 3
    play(s, seat_of, {"type": "rest", "player": "agnes", "tile": 1})
    assert s.step == CLAIM and s.current == 0
    return s, seat_of, g


def test_a_bridge_goal_not_claimed_needs_no_move():
    """'You may claim one or more Bridge Goals': declining is what happens when the next move is made."""
    s, seat_of, g = _goal_window()
    listed = GAME.legal_moves(s)
    assert {"type": "claim", "player": "agnes", "goal": "G2"} in listed
    assert {"type": "rest", "player": "bruno", "tile": 0} in listed  # the next turn, without a pass
    play(s, seat_of, {"type": "rest", "player": "bruno", "tile": 0})
    assert s.players[0].goals == 0 and s.players[0].invest == 3 and s.step == TURN and s.current == 0
    assert s.players[1].played[0]


def test_a_wrong_move_after_an_undeclared_decline_changes_nothing():
    s, seat_of, _ = _goal_window()
    before = snapshot(s)
    with pytest.raises(IllegalMove) as err:  # bruno's tile 0 rest gives 5 coins, not 6
        play(s, seat_of, {"type": "rest", "player": "bruno", "tile": 0, "coins": 6})
    assert err.value.code == "KC.REST.COINS"
    assert snapshot(s) == before  # the window is still open
    play(s, seat_of, {"type": "claim", "player": "agnes", "goal": "G2"})
    assert s.players[0].goals and s.players[0].invest == 0


def test_the_market_purchase_not_made_at_the_end_of_the_turn_needs_no_move():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region, p.coins = CAT.region_index["orchard"], 10
    put_card(s, "I1", "SPO-01")
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 2, "path": ["B1"]},
         {"type": "hire", "player": "agnes", "space": "I1", "card": "SPO-01"})
    reveal_all(s)
    assert s.step == BUY_END
    play(s, seat_of, {"type": "rest", "player": "bruno", "tile": 0})
    assert s.market_cost == -1 and sum(p.res) == sum(s.players[0].res)


def test_coins_the_engine_knows_may_be_left_out_and_are_checked_when_written():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    coins = p.coins
    play(s, seat_of, {"type": "rest", "player": "agnes", "tile": 0})  # base side: 5 coins
    assert p.coins == coins + 5
    q = s.players[1]
    q.improved[0] = True
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "rest", "player": "bruno", "tile": 0, "coins": 5})
    assert (err.value.code, err.value.pointer) == ("KC.REST.COINS", "/coins")
    coins = q.coins
    play(s, seat_of, {"type": "rest", "player": "bruno", "tile": 0, "coins": 8})
    assert q.coins == coins + 8


# -- Paco & Paca: "take the matching tile" ------------------------------------------------------------------
def _cards(guild: str, k: int) -> list[str]:
    g = ("foxes", "owls", "bears", "boars", "deer").index(guild)
    return [c.id for c in CAT.cards.values() if c.deck in CAT.decks and c.guild == g][:k]


def _paco_after_the_example_game(decoration: str):
    """Paco & Paca's cards of the rulebook's example, taken by the engine one by one: their starting
    card (Foxes), 3 more Foxes, 2 Deer, 6 Owls, 7 Bears, 5 Wild Boars and 3 Structures."""
    s, _ = at_noon(["you"], options={"difficulty": "advanced", "paco_decoration": decoration})
    pp = s.players[1]
    pp.cards, pp.guild, pp.res, pp.deco = ["S1a"], [1, 0, 0, 0, 0], [0, 0, 0, 0], [0] * len(CAT.deco_spaces)
    pp.houses, pp.houses_due, pp.favors, pp.structures = [0], 1, ["F01"], ["home"]
    s.paco_ledger.events.clear()
    s.paco_ledger.totals = [0]
    # Foxes first, then the Deer advance the markers furthest behind (stone, then sap: lumber is ahead)
    for cid in _cards("foxes", 3) + _cards("deer", 2) + _cards("owls", 6) + _cards("bears", 7) + _cards("boars", 5):
        solo._take_guild_card(s, cid)
    pp.structures += ["BLD-01", "BLD-02", "TRN-01"]  # Structures move no marker
    return s, pp


def test_paco_and_paca_take_the_token_pictured_on_the_space_and_score_96():
    """'If the advancing marker moves past an empty Flower or Sculpture space, take the matching tile':
    the token pictured there (catalog pictured_stars: 2 on a track's first space, 1 on its second). The
    example: Bridge Goals 15; Foxes 4 x 2 stars = 8; Owls 6 x 3 = 18; Bears 7 x 3 = 21; Wild Boars 5 x 2 =
    10; Deer 0; Structures 4 x 3 = 12; 3 Favors (start, 3rd House, a row of goals) x 2 x 2 rest tiles = 12:
    96 Prestige."""
    s, pp = _paco_after_the_example_game("pictured")
    assert pp.res == [3, 7, 8, 5] and pp.guild == [4, 6, 7, 5, 2]
    assert len(pp.houses) == 3 and len(pp.favors) == 2  # the third House brought a Favor
    solo.paco_favor(s)  # both Bridge Goals of a row
    s.score(1, 15, "bridge_goal", "Bridge Goals during the game")
    final_scoring(s)
    assert s.paco_ledger.by_category(0) == {"bridge_goal": 15, "guild_cards": 8 + 18 + 21 + 10, "structures": 12, "favor": 12}
    assert s.paco_ledger.totals[0] == 96


def test_with_the_most_stars_reading_the_example_cannot_score_96():
    """The ludolog/1 reading (the matching token with the most stars: 2 on every one-symbol space) gives
    the Owls and Bears 4 stars each, not the 3 of the rulebook's example."""
    s, pp = _paco_after_the_example_game("most_stars")
    solo.paco_favor(s)
    s.score(1, 15, "bridge_goal", "Bridge Goals during the game")
    final_scoring(s)
    assert s.paco_ledger.by_category(0)["guild_cards"] == 4 * 2 + 6 * 4 + 7 * 4 + 5 * 2
    assert s.paco_ledger.totals[0] != 96


def test_the_decoration_option_belongs_to_the_solo_game():
    from ludolog.replayer.core.log import GameLog, Player

    import random
    log = GameLog(file="t", raw={}, game=GAME.name, players=[Player("a", "a"), Player("b", "b")],
                  setup=GAME.random_setup(random.Random(1), 2, {}), options={"paco_decoration": "most_stars"},
                  seat_of={"a": 0, "b": 1})
    with pytest.raises(IllegalMove) as err:
        GAME.new_state(log)
    assert (err.value.code, err.value.pointer) == ("KC.SETUP.OPTIONS", "/options/paco_decoration")
