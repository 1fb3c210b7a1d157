"""The rulebook's worked examples, reproduced on real engine states (rules/kingdom-crossing.txt)."""
import random

import pytest

from ludolog.replayer.core import IllegalMove
from ludolog.replayer.core.log import GameLog, Player
from ludolog.replayer.kingdom_crossing import GAME
from ludolog.replayer.kingdom_crossing.scoring import compile_goal, final_scoring
from ludolog.replayer.core.decisions import DecisionStack
from ludolog.replayer.kingdom_crossing.decisions import HousePlacement, PlaceQueenCard
from ludolog.replayer.kingdom_crossing.state import CLAIM, INCOME, MORNING, TURN

CAT = GAME.cat


def at_noon(names, seed=7, options=None):
    """A real game of ``names`` advanced by the first legal moves to the first noon decision."""
    rng = random.Random(seed)
    log = GameLog(file="t", raw={}, game=GAME.name, players=[Player(i, i) for i in names],
                  setup=GAME.random_setup(rng, len(names), options or {}), options=options or {},
                  seat_of={i: k for k, i in enumerate(names)})
    s = GAME.new_state(log)
    while not (s.step == TURN and not s.tasks and s.current < s.n):
        m = GAME.legal_moves(s)[0]
        GAME.apply(s, m, log.seat_of.get(m.get("player")))
    return s, log.seat_of


def play(s, seat_of, *moves):
    for m in moves:
        GAME.apply(s, m, seat_of.get(m.get("player")))


def reveal_all(s):
    """Turn face up whatever the position waits for (the first possible component each time)."""
    while s.tasks and s.tasks.top().family == "chance":
        GAME.apply(s, GAME.legal_moves(s)[0], None)


def put_card(s, space, card, bird=None):
    """Make ``card`` the face-up card of ``space`` (the card it replaces goes back face down)."""
    sp = CAT.space_index[space]
    pool = s.deck_pools[sp]
    old = s.space_card[sp]
    if old is not None and old in pool.known_ids:
        pool.put_back(old)
    if pool.unaccounted.get(card, 0) > 0:
        pool.reveal(card)
    s.space_card[sp] = card
    s.space_tile[sp] = None
    s.space_bird[sp] = bird


def test_bruno_round_3_income():
    """Owls 4 cards: two Invest advances; Wild Boars 3: one upgrade; Deer 2: lumber to the 5th space (+3 coins);
    Home: Invest cashed; a Means of Transport gives 1 Prestige per Owls card (4) and another 1 stone."""
    s, seat_of = at_noon(["bruno", "agnes"])
    p = s.players[0]
    p.guild = [1, 4, 1, 3, 2]
    p.structures = ["home", "TRN-06", "TRN-02"]
    p.invest, p.coins, p.res = 2, 0, [4, 1, 1, 1]
    p.improved = [False] * 6
    s.round, s.step, s.current, s.evening_index, s.first = 3, INCOME, 0, 0, 0
    p.income_guild = [c // 2 for c in p.guild]
    p.income_structs = list(p.structures)
    s.players[1].income_structs = ["home"]
    assert p.income_guild == [0, 2, 0, 1, 1]
    score = s.ledger.totals[0]
    for one_card in ("foxes", "bears"):  # 1 card: no income from these guilds
        with pytest.raises(IllegalMove) as err:
            play(s, seat_of, {"type": "income", "player": "bruno", "source": one_card})
        assert (err.value.code, err.value.pointer) == ("KC.INCOME.SOURCE", "/source")
    play(s, seat_of,
         {"type": "income", "player": "bruno", "source": "owls"}, {"type": "invest", "player": "bruno", "option": "advance"},
         {"type": "income", "player": "bruno", "source": "owls"}, {"type": "invest", "player": "bruno", "option": "advance"},
         {"type": "income", "player": "bruno", "source": "boars"}, {"type": "upgrade", "player": "bruno", "tile": 4},
         {"type": "income", "player": "bruno", "source": "deer"}, {"type": "resource", "player": "bruno", "resource": "lumber"})
    assert p.invest == 4 and p.improved[4] and p.res[0] == 5 and p.coins == 3  # the 5th lumber space pays 3 coins
    play(s, seat_of, {"type": "income", "player": "bruno", "source": "home"}, {"type": "invest", "player": "bruno", "option": "cash", "coins": CAT.invest_coins[4]},
         {"type": "income", "player": "bruno", "source": "TRN-06"})
    assert p.invest == 0 and p.coins == 3 + CAT.invest_coins[4]
    assert s.ledger.totals[0] == score + 4
    with pytest.raises(IllegalMove) as err:  # each Structure gives its income once
        play(s, seat_of, {"type": "income", "player": "bruno", "source": "TRN-06"})
    assert err.value.code == "KC.INCOME.SOURCE"
    play(s, seat_of, {"type": "income", "player": "bruno", "source": "TRN-02"})
    assert p.res[1] == 2 and p.invest == 0 and sum(p.improved) == 1
    assert s.current == 1  # Bruno's income is complete: Agnes is next


def test_lumberjack_hire_with_a_bird_worth_2_coins():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region, p.coins, p.res, p.crossed, p.paws = CAT.region_index["orchard"], 5, [0, 0, 0, 0], 0, 0
    put_card(s, "I1", "LUM-02", bird="red-02")
    assert CAT.cards["LUM-02"].cost == 7 and CAT.birds["red-02"]["effect"] == {"kind": "coins", "n": 2}
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 0, "path": ["B1"]})
    assert p.coins == 7 and p.paws == 1 and p.region == CAT.region_index["island"]
    play(s, seat_of, {"type": "hire", "player": "agnes", "space": "I1", "card": "LUM-02"})
    assert "red-02" in p.birds and s.space_bird[0] is None
    assert p.coins == 5 + 2 + 2 - 7 and p.res[0] == 2 and "LUM-02" in p.cards
    assert s.space_card[0] != "LUM-02"  # the next card is revealed


def test_balloon_then_6th_and_7th_paws_give_7_prestige():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region = CAT.region_index["pinewood"]
    p.crossed = sum(1 << CAT.bridge_index[b] for b in ("B1", "B2", "B3", "B4", "B5"))
    p.paws, p.coins, p.played = 5, 20, [False] * 6
    p.improved[3] = False
    s.balloon = CAT.region_index["island"]
    put_card(s, "M1", "SPO-01")
    put_card(s, "M2", "SPO-02")
    score = s.ledger.totals[0]
    with pytest.raises(IllegalMove) as err:  # from pinewood alone only one uncrossed bridge leads on
        play(s, seat_of, {"type": "work", "player": "agnes", "tile": 3, "path": ["B6", "B1"]})
    assert err.value.code == "KC.BRIDGE.ALREADY_CROSSED"
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 3, "balloon": {"to": "orchard"},
                      "path": ["B6", "B7"]})
    assert p.coins == 10 and p.paws == 7 and s.balloon == CAT.region_index["orchard"]
    assert s.ledger.totals[0] == score + 7
    assert [e.category for e in s.ledger.events[-2:]] == ["paws", "paws"]
    hires = [m for m in GAME.legal_moves(s) if m["type"] == "hire"]
    assert {m["space"] for m in hires} == {"M1", "M2"}  # she hires one of the two Characters


def test_balloon_costs_and_rules():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region, p.coins, p.improved = CAT.region_index["orchard"], 9, [False] * 6
    s.balloon = CAT.region_index["island"]
    fly = {"to": "marsh"}
    for tile, coins in ((1, 9), (0, 7)):  # 10 coins away from the balloon; the coins tile adds its 2
        p.coins = coins
        with pytest.raises(IllegalMove) as err:
            play(s, seat_of, {"type": "work", "player": "agnes", "tile": tile, "balloon": fly, "path": ["B3"]})
        assert (err.value.code, err.value.pointer) == ("KC.BALLOON.COST", "/balloon")
    after = GAME.clone(s)  # after the Paw markers the balloon is a move of its own
    play(after, seat_of, {"type": "work", "player": "agnes", "tile": 1, "path": ["B1"]})
    with pytest.raises(IllegalMove) as err:
        play(after, seat_of, {"type": "fly", "player": "agnes", "to": "island"})
    assert (err.value.code, err.value.pointer) == ("KC.BALLOON.SAME_REGION", "/to")
    with pytest.raises(IllegalMove) as err:  # "before OR after placing your Paw markers", not both
        play(after, seat_of, {"type": "work", "player": "agnes", "tile": 0, "balloon": fly, "path": ["B3"]})
    before = GAME.clone(s)
    p2 = before.players[0]
    p2.coins = 20
    play(before, seat_of, {"type": "work", "player": "agnes", "tile": 1, "balloon": {"to": "marsh"}, "path": ["B3"]})
    with pytest.raises(IllegalMove) as err:
        play(before, seat_of, {"type": "fly", "player": "agnes", "to": "orchard"})
    assert (err.value.code, err.value.pointer) == ("KC.BALLOON.ONCE", "/to")
    put_card(s, "I1", "SPO-01", bird=None)  # free
    p.coins = 8  # + 2 coins from the tile, gained when it is activated, pay the 10-coin balloon
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 0, "balloon": fly, "path": ["B3"]})
    assert p.coins == 0 and p.region == CAT.region_index["island"] and s.balloon == CAT.region_index["marsh"]


def test_two_player_bridge_goal_on_third_position_with_favor():
    s, seat_of = at_noon(["agnes", "bruno"])
    g1, g2 = CAT.goal_index["G1"], CAT.goal_index["G2"]
    s.goal_hard[g1] = False
    s.goal_sides[g1] = CAT.goals[g1]["easy"]
    s.goal_tests[g1] = compile_goal(s.goal_sides[g1], s.cat)
    s.goal_slots[g1] = [1, -1, -1, -1]  # Bruno claimed it earlier
    agnes = s.players[0]
    agnes.goals |= 1 << g2
    s.goal_slots[g2] = [0, -1, -1, -1]
    agnes.res = [3, 0, 5, 0]
    score = s.ledger.totals[0]
    play(s, seat_of, {"type": "rest", "player": "agnes", "tile": 1, "coins": 3})
    assert s.step == CLAIM
    play(s, seat_of, {"type": "claim", "player": "agnes", "goal": "G1"})
    assert s.goal_slots[g1] == [1, -1, 0, -1]
    assert s.ledger.totals[0] == score + 1
    favors = len(agnes.favors)
    fav = [m for m in GAME.legal_moves(s) if m["type"] == "favor"][1]
    play(s, seat_of, fav)
    assert len(agnes.favors) == favors + 1


def test_agnes_final_tally_is_92():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    s.ledger.events.clear()
    s.ledger.totals = [0, 0]
    s.ledger.add(0, 46, "test", "Prestige gained during the game")
    p.coins, p.invest = 12, 4
    p.res = [3, 5, 3, 3]
    p.deco = [0] * len(CAT.deco_spaces)
    p.deco[CAT.deco_index["lumber-a"]] = 2
    p.deco[CAT.deco_index["stone-a"]] = 1
    p.deco[CAT.deco_index["stone-b"]] = 1
    p.deco[CAT.deco_index["food-a"]] = 1
    p.guild = [3, 4, 2, 3, 1]
    p.structures = ["home", "BLD-01", "TRN-01"]
    p.birds = [f"red-0{i}" for i in range(1, 8)]
    p.favors = ["F20", "F13"]
    assert CAT.favors["F20"]["kind"] == "per_bird" and CAT.favors["F13"] == {"kind": "per_guild_card", "guild": "boars", "points": 2}
    final_scoring(s)
    cats = s.ledger.by_category(0)
    assert cats["invest_track"] == 7 and p.coins == 2 and p.invest == 6
    assert cats["guild_cards"] == 6 + 8 + 0 + 3
    assert cats["structures"] == 9
    assert cats["favor"] == 13
    assert s.ledger.totals[0] == 92


def test_paco_and_paca_score_96_with_two_rest_tiles():
    s, seat_of = at_noon(["you"], options={"difficulty": "advanced"})
    assert s.solo and s.rest_tiles == 2
    pp = s.players[1]
    s.paco_ledger.events.clear()
    s.paco_ledger.totals = [0]
    s.score(1, 15, "bridge_goal", "Bridge Goals during the game")
    pp.res = [3, 5, 6, 3]
    pp.deco = [0] * len(CAT.deco_spaces)
    pp.deco[CAT.deco_index["lumber-a"]] = 2
    pp.deco[CAT.deco_index["stone-a"]] = 1
    pp.deco[CAT.deco_index["stone-b"]] = 2
    pp.deco[CAT.deco_index["sap-a"]] = 2
    pp.deco[CAT.deco_index["sap-b"]] = 1
    pp.deco[CAT.deco_index["food-a"]] = 2
    pp.guild = [4, 6, 7, 5, 2]
    pp.structures = ["home", "BLD-01", "BLD-02", "TRN-01"]
    pp.favors = ["F01", "F02", "F03"]
    final_scoring(s)
    assert s.paco_ledger.by_category(0) == {"bridge_goal": 15, "guild_cards": 8 + 18 + 21 + 10, "structures": 12, "favor": 12}
    assert s.paco_ledger.totals[0] == 96


# -- Paco & Paca --------------------------------------------------------------------------------
def solo_noon(difficulty="advanced"):
    s, seat_of = at_noon(["you"], options={"difficulty": difficulty})
    assert s.current == 0 and s.first in (0, 1)
    return s, seat_of


def paco_turn(s, seat_of, tiles):
    """Play the player's turn (rest) so that Paco & Paca move next, then their tiles."""
    if s.current == 0:
        tile = next(t for t in range(6) if not s.players[0].played[t])
        rest = CAT.tiles[tile][1 if s.players[0].improved[tile] else 0]["rest"]
        play(s, seat_of, {"type": "rest", "player": "you", "tile": tile, "coins": rest})
        while s.step == CLAIM:
            play(s, seat_of, {"type": "pass", "player": "you"})
    assert GAME.to_move(s) < 0  # CHANCE: Paco & Paca's turn
    for tile in tiles:  # each solo tile is revealed and resolved, then what it turned face up
        GAME.apply(s, {"type": "paco", "tile": tile}, None)
        reveal_all(s)


def test_paco_and_paca_take_cards_and_advance_the_matching_track():
    s, seat_of = solo_noon()
    pp = s.players[1]
    put_card(s, "O1", "LUM-01", bird="yellow-01")  # a Foxes card (guild by position in its deck)
    put_card(s, "P1", "BLD-01")
    res, birds = pp.res[:], len(pp.birds)
    guild = CAT.cards["LUM-01"].guild
    paco_turn(s, seat_of, ["T-O1", "T-P1"])
    assert "LUM-01" in pp.cards and "BLD-01" in pp.structures
    assert len(pp.birds) == birds + 1
    r = CAT.resource_of_guild[guild]
    assert pp.res[r] == res[r] + 1 and sum(pp.res) == sum(res) + 1  # the Structure moves no marker
    assert s.space_card[CAT.space_index["O1"]] != "LUM-01"  # the next card is revealed


def test_deer_cards_advance_the_furthest_behind_track_in_printed_order():
    s, seat_of = solo_noon()
    pp = s.players[1]
    deer = next(c for c in CAT.decks["sponsors"] if CAT.cards[c].guild == 4)
    put_card(s, "O2", deer)
    pp.res = [2, 1, 1, 3]
    paco_turn(s, seat_of, ["T-O2", "T-rest1"])
    assert pp.res == [2, 2, 1, 3]  # stone and sap tie: stone comes first


def test_paco_decorations_and_track_end_favor():
    s, seat_of = solo_noon()
    pp = s.players[1]
    fox = next(c for c in CAT.decks["lumberjacks"] if CAT.cards[c].guild == 0)
    put_card(s, "O1", fox)
    pp.res[0] = 2
    pp.deco[CAT.deco_index["lumber-a"]] = 0
    paco_turn(s, seat_of, ["T-O1", "T-rest2"])
    assert pp.res[0] == 3 and pp.deco[CAT.deco_index["lumber-a"]] == 2  # passed the empty Flower space
    put_card(s, "O2", next(c for c in CAT.decks["collectors"] if CAT.cards[c].guild == 0))
    pp.res[0] = 9
    shown = [t for t in s.favor_display if t]
    favors = len(pp.favors)
    paco_turn(s, seat_of, ["T-O2", "T-rest1"])
    assert pp.res[0] == 10 and len(pp.favors) == favors + 1
    assert pp.favors[-1] == shown[0]  # always the face-up Favor closest to the Queen


def test_crown_takes_the_queen_and_first_player_and_moves_the_balloon():
    s, seat_of = solo_noon()
    pp = s.players[1]
    balloon = s.balloon
    q = s.queen_card
    paco_turn(s, seat_of, ["T-crown", "T-rest1"])
    assert q in pp.cards and s.first == 1 and not s.queen_available
    assert s.balloon == CAT.clockwise_next[balloon]


def test_you_claim_on_the_third_position_after_paco_and_paca():
    s, seat_of = solo_noon()
    g = CAT.goal_index["G6"]
    s.goal_hard[g] = False
    s.goal_sides[g] = CAT.goals[g]["easy"]
    s.goal_tests[g] = compile_goal(s.goal_sides[g], s.cat)
    pp = s.players[1]
    pp.birds = [f"red-{i:02d}" for i in range(1, 8)]
    paco_turn(s, seat_of, ["T-rest1", "T-rest2"])  # they meet the requirement: claimed at once
    assert s.goal_slots[g][0] == 1 and s.paco_ledger.totals[0] >= 3
    s.players[0].birds = [f"yellow-{i:02d}" for i in range(1, 8)]
    tile = next(t for t in range(6) if not s.players[0].played[t])
    rest = CAT.tiles[tile][1 if s.players[0].improved[tile] else 0]["rest"]
    play(s, seat_of, {"type": "rest", "player": "you", "tile": tile, "coins": rest})
    score = s.ledger.totals[0]
    play(s, seat_of, {"type": "claim", "player": "you", "goal": "G6"})
    assert s.goal_slots[g] == [1, -1, 0, -1] and s.ledger.totals[0] == score + 1


def test_paco_and_paca_cannot_claim_the_invest_goal():
    s, seat_of = solo_noon()
    g = CAT.goal_index["G2"]
    s.players[1].invest = 9
    paco_turn(s, seat_of, ["T-rest1", "T-rest2"])
    assert s.goal_slots[g] == [-1, -1, -1, -1]


def test_solo_tiles_are_checked():
    s, seat_of = solo_noon("master")
    assert s.rest_tiles == 0
    with pytest.raises(IllegalMove) as err:
        paco_turn(s, seat_of, ["T-rest1", "T-I1"])  # no rest tile at Master Builder level
    assert err.value.code == "KC.SOLO.TILE" and err.value.pointer == "/tile"
    with pytest.raises(IllegalMove) as err:  # each tile once per round
        paco_turn(s, seat_of, ["T-I1", "T-I1"])
    assert err.value.code == "KC.SOLO.TILE" and "already revealed" in err.value.message


def test_a_bird_invest_action_cashed_can_pay_for_the_card():
    """'you must be able to buy a card': coins from the bird's bonus count, even through a choice."""
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region, p.coins, p.invest = CAT.region_index["orchard"], 3, 3
    assert CAT.birds["red-06"]["effect"] == {"kind": "invest", "n": 1} and CAT.invest_coins[3] == 3
    put_card(s, "I1", "LUM-02", bird="red-06")
    put_card(s, "I2", "MER-03")
    put_card(s, "I3", "MER-07")
    assert CAT.cards["MER-03"].cost > 5 and CAT.cards["MER-07"].cost > 5
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 0, "path": ["B1"]})
    assert p.coins == 5
    assert [m["space"] for m in GAME.legal_moves(s) if m["type"] == "hire"] == ["I1"]
    play(s, seat_of, {"type": "hire", "player": "agnes", "space": "I1", "card": "LUM-02"})
    assert GAME.legal_moves(s) == [{"type": "invest", "player": "agnes", "option": "cash", "coins": 3},
                                   {"type": "invest", "player": "agnes", "option": "cash"}]  # the coins may go unwritten
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "invest", "player": "agnes", "option": "advance"})
    assert err.value.code == "KC.CARD.UNAFFORDABLE"
    with pytest.raises(IllegalMove) as err:  # written, they are checked
        play(s, seat_of, {"type": "invest", "player": "agnes", "option": "cash", "coins": 4})
    assert (err.value.code, err.value.pointer) == ("KC.INVEST.COINS", "/coins")
    play(s, seat_of, {"type": "invest", "player": "agnes", "option": "cash"})
    assert p.coins == 1 and "LUM-02" in p.cards


# -- further rules ------------------------------------------------------------------------------
def test_houses_at_one_and_two_cards_of_every_guild_and_the_favor():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.guild = [1, 1, 1, 1, 0]
    p.houses, p.houses_due = [p.region], 1
    deer = next(c for c in CAT.decks["masons"] if CAT.cards[c].guild == 4)
    region = p.region
    nxt = next(b for b in CAT.region_bridges[region])
    a, b = CAT.bridge_ends[nxt]
    dest = b if a == region else a
    sp = CAT.region_spaces[dest][0]
    put_card(s, CAT.spaces[sp], deer)
    p.coins = 20
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 0, "path": [CAT.bridges[nxt]]},
         {"type": "hire", "player": "agnes", "space": CAT.spaces[sp], "card": deer})
    while s.tasks and s.tasks.top().kind != "house":  # the Mason's stone, then the House
        play(s, seat_of, GAME.legal_moves(s)[0])
    houses = [m["region"] for m in GAME.legal_moves(s)]
    assert CAT.regions[region] not in houses and len(houses) == 3
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "house", "player": "agnes", "region": CAT.regions[region]})
    assert err.value.code == "KC.HOUSE.REGION"
    play(s, seat_of, {"type": "house", "player": "agnes", "region": houses[0]})
    assert len(p.houses) == 2 and not any(t.kind == "favor" for t in s.tasks)
    # the second row: the last House comes with a Favor of the Queen
    reveal_all(s)
    p.guild = [2, 2, 2, 2, 1]
    s.tasks.push(PlaceQueenCard(0, "Q5"))  # a Deer card placed (the Queen's Q5)
    from ludolog.replayer.kingdom_crossing.flow import settle
    settle(s)
    assert s.tasks.top() == HousePlacement(0, last=True)
    play(s, seat_of, GAME.legal_moves(s)[0])
    assert s.tasks.top().kind == "favor" and len(p.houses) == 3


def test_evening_guild_income_once_per_two_cards():
    s, seat_of = at_noon(["agnes", "bruno"])
    from ludolog.replayer.kingdom_crossing.state import EVENING
    p = s.players[0]
    p.guild = [0, 5, 0, 0, 0]
    s.step, s.current = EVENING, 0
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "evening", "player": "agnes", "source": "foxes"})
    assert err.value.code == "KC.EVENING.SOURCE"
    play(s, seat_of, {"type": "evening", "player": "agnes", "source": "owls"})
    assert [t.kind for t in s.tasks] == ["invest", "invest"]  # 4-5 cards: twice


def test_an_empty_deck_gets_an_empty_deck_tile_that_players_use():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    sp = CAT.space_index["I1"]
    pool = s.deck_pools[sp]
    last = s.space_card[sp]
    for card in pool.possible():  # the other nine were bought: the last card is up
        pool.reveal(card)
    s.space_bird[sp] = None
    p.region, p.coins = CAT.region_index["orchard"], 30
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 0, "path": ["B1"]},
         {"type": "hire", "player": "agnes", "space": "I1", "card": last})
    while s.tasks.top().family != "chance":
        play(s, seat_of, GAME.legal_moves(s)[0])
    # "take one not-yet-used empty-deck tile at random": any of the four, and only those
    assert [m["card"] for m in GAME.legal_moves(s)] == sorted(CAT.empty_tiles)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, {"type": "reveal", "space": "I1", "card": last}, None)
    assert (err.value.code, err.value.pointer) == ("CORE.HIDDEN.NOT_IN_POOL", "/card")
    GAME.apply(s, {"type": "reveal", "space": "I1", "card": "E3"}, None)
    assert s.space_card[sp] is None and s.space_tile[sp] == "E3"
    assert {"type": "hire", "player": "agnes", "space": "I1", "card": "E3"} not in GAME.legal_moves(s)


def test_improved_tiles_invest_first_and_bird_twice():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.improved[3] = p.improved[4] = True
    p.region, p.coins, p.invest = CAT.region_index["orchard"], 0, 4
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "work", "player": "agnes", "tile": 3, "path": ["B1", "B3"]})
    assert err.value.code == "KC.WORK.FIELDS"
    put_card(s, "M1", "SPO-01", bird="blue-01")
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 3, "invest": "cash", "path": ["B1", "B3"]})
    assert p.coins == CAT.invest_coins[4] and p.invest == 0
    play(s, seat_of, {"type": "hire", "player": "agnes", "space": "M1", "card": "SPO-01"})
    t2, seat2 = at_noon(["agnes", "bruno"])
    q = t2.players[0]
    q.improved[4] = True
    q.region, q.coins, q.paws, q.crossed = CAT.region_index["orchard"], 10, 0, 0
    put_card(t2, "P1", "SPO-01", bird="green-01")
    assert CAT.birds["green-01"]["effect"] == {"kind": "prestige_per_bridges", "per": 2}
    play(t2, seat2, {"type": "work", "player": "agnes", "tile": 4, "path": ["B1", "B3", "B7"]})
    score = t2.ledger.totals[0]
    play(t2, seat2, {"type": "hire", "player": "agnes", "space": "P1", "card": "SPO-01"})
    assert t2.ledger.totals[0] == score + 2  # 3 bridges // 2 = 1 Prestige, resolved twice


def test_market_tile_buys_once_before_the_card_or_at_the_end():
    s, seat_of = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.region, p.coins, p.res = CAT.region_index["orchard"], 10, [0, 0, 0, 0]
    for sp in CAT.region_spaces[CAT.region_index["island"]]:
        s.space_bird[sp] = None
    put_card(s, "I1", "SPO-01")
    play(s, seat_of, {"type": "work", "player": "agnes", "tile": 2, "path": ["B1"]},
         {"type": "buy", "player": "agnes", "resource": "sap"})
    assert p.coins == 6 and p.res[2] == 1
    with pytest.raises(IllegalMove) as err:
        play(s, seat_of, {"type": "buy", "player": "agnes", "resource": "sap"})
    assert err.value.code == "KC.BUY.NOT_AVAILABLE"


def test_final_coins_go_to_the_invest_track_and_ties_break_on_coins():
    s, seat_of = at_noon(["agnes", "bruno"])
    for p in s.players:
        p.coins, p.invest, p.res, p.favors, p.structures, p.guild = 13, 0, [0, 0, 0, 0], [], ["home"], [0] * 5
    s.players[1].coins = 12
    s.ledger.events.clear()
    s.ledger.totals = [10, 10]
    final_scoring(s)
    assert [p.coins for p in s.players] == [3, 2] and [p.invest for p in s.players] == [2, 2]
    s.step = 10  # END
    assert GAME.winners(s) == [0]  # same Prestige: more remaining coins wins
    s.players[1].coins = 3
    assert GAME.winners(s) == [0, 1]  # still tied: shared victory


def test_birds_with_a_higher_number_on_the_back_are_discarded_in_a_2_player_game():
    for names, keep in ((["agnes", "bruno"], 2), (["a", "b", "c"], 3), (["a", "b", "c", "d"], 4)):
        s, _ = at_noon(names)
        for reg in range(len(CAT.regions)):
            kept = {b for b in CAT.region_birds[reg] if CAT.birds[b]["back"] <= keep}
            seen = {s.space_bird[sp] for sp in CAT.region_spaces[reg]} | set(s.bird_pools[reg].possible())
            assert seen == kept  # the others were discarded: never drawn, never possible
    s, seat_of = at_noon(["agnes", "bruno"])
    three = next(b for b in CAT.region_birds[0] if CAT.birds[b]["back"] == 3)
    s2 = GAME.clone(s)
    while s2.step != MORNING:  # to the next morning's birds
        play(s2, seat_of, GAME.legal_moves(s2)[0])
    cards = [CAT.spaces[sp] for sp in CAT.region_spaces[0] if s2.space_card[sp]]
    others = s2.bird_pools[0].possible()
    with pytest.raises(IllegalMove) as err:  # a "3" bird in a 2-player game went back to the box
        GAME.apply(s2, {"type": "birds", "region": CAT.regions[0],
                        "birds": dict(zip(cards, [three] + others[:len(cards) - 1]))}, None)
    assert (err.value.code, err.value.pointer) == ("CORE.HIDDEN.NOT_IN_POOL", f"/birds/{cards[0]}")
    assert "discarded" in err.value.message
    with pytest.raises(IllegalMove) as err:  # one bird on every card
        GAME.apply(s2, {"type": "birds", "region": CAT.regions[0], "birds": {cards[0]: others[0]}}, None)
    assert (err.value.code, err.value.pointer) == ("KC.BIRDS.SPACES", "/birds")


# -- every named effect and Favor kind -------------------------------------------------------------
EFFECTS = {  # kind -> (parameters, what it does to a player with 4 Paw markers placed)
    "coins": ({"n": 3}, ("coins", 3)), "prestige": ({"n": 2}, ("score", 2)),
    "gain": ({"resource": "sap", "n": 2}, ("sap", 2)), "gain_choice": ({"n": 2}, ("tasks", ["resource"] * 2)),
    "gain_distinct": ({"n": 3}, ("tasks", ["resources"])), "invest": ({"n": 3}, ("tasks", ["invest"] * 3)),
    "decoration": ({"picture": "any"}, ("tasks", ["decor"])), "decoration_set": ({"picture": "flower"}, ("tasks", ["decor"])),
    "sculpture_per_paws": ({"per": 3}, ("tasks", ["decor"])), "decoration_if_paws": ({"min": 5, "picture": "any"}, ("tasks", [])),
    "coins_per_paw": ({}, ("coins", 4)), "coins_minus_paws": ({"base": 9}, ("coins", 5)),
    "gain_per_paws": ({"resource": "lumber", "per": 2}, ("lumber", 2)), "favor": ({}, ("tasks", ["favor"])),
    "upgrade": ({}, ("tasks", ["upgrade"])), "structure": ({"n": 2, "optional": True}, ("tasks", ["structure"])),
    "take_bird": ({}, ("tasks", ["take_bird"])), "gain_choice_per_house": ({}, ("tasks", ["resource"] * 2)),
    "coins_per_structure": ({}, ("coins", 3)), "coins_per_symbol": ({}, ("coins", 3)),
    "coins_per_guild": ({"guild": "owls"}, ("coins", 2)), "coins_per_bird_pair": ({}, ("coins", 2)),
    "prestige_per_guild": ({"guild": "owls"}, ("score", 2)), "prestige_per_structure": ({}, ("score", 3)),
    "coins_minus_bridges": ({"base": 7}, ("coins", 3)), "coins_per_bridge": ({}, ("coins", 4)),
    "decoration_if_bridges": ({"min": 5}, ("tasks", [])), "prestige_per_bridges": ({"per": 2}, ("score", 2)),
    "gain_or_decoration": ({"n": 2}, ("tasks", ["res_or_decor"] * 2)),
    "gain_or_decoration_if_paws": ({"min": 4}, ("tasks", ["res_or_decor"])),
    "gain_or_decoration_per_paws": ({"per": 3}, ("tasks", ["res_or_decor"])),
}


def test_every_effect_kind_of_the_catalog_schema_is_implemented():
    import json
    from importlib import resources

    from ludolog.replayer.kingdom_crossing.effects import run_effect

    schema = json.loads(resources.files("ludolog.schema").joinpath("kingdom-crossing.catalog.schema.json").read_text())
    assert set(schema["$defs"]["effect"]["properties"]["kind"]["enum"]) == set(EFFECTS)
    for kind, (params, (what, expected)) in EFFECTS.items():
        s, _ = at_noon(["agnes", "bruno"])
        p = s.players[0]
        p.paws, p.coins, p.res = 4, 0, [0, 0, 0, 0]
        p.structures = ["home", "BLD-01", "TRN-01"]
        p.guild = [1, 2, 0, 0, 0]
        p.birds = ["red-01", "red-02", "red-03", "red-04", "red-05"]
        p.houses = [0, 1]
        p.deco = [0] * len(CAT.deco_spaces)
        p.deco[CAT.deco_index["lumber-a"]] = 1
        p.deco[CAT.deco_index["stone-c"]] = 3
        s.tasks = DecisionStack()
        score = s.ledger.totals[0]
        run_effect(s, 0, {"kind": kind, **params}, "test", kind)
        if what == "coins":
            assert p.coins == expected, kind
        elif what == "score":
            assert s.ledger.totals[0] - score == expected, kind
        elif what == "tasks":
            assert [t.kind for t in s.tasks] == expected, kind
        else:
            assert p.res[["lumber", "stone", "sap", "food"].index(what)] == expected, kind


def test_every_favor_text_scores_as_written():
    from ludolog.replayer.kingdom_crossing.scoring import favor_points

    s, _ = at_noon(["agnes", "bruno"])
    p = s.players[0]
    p.favors = ["F01", "F02", "F03"]
    p.res = [3, 5, 2, 4]
    p.guild = [3, 1, 4, 0, 2]
    p.deco = [0] * len(CAT.deco_spaces)
    p.deco[CAT.deco_index["lumber-a"]] = 2  # flower, 1 symbol
    p.deco[CAT.deco_index["sap-c"]] = 3  # flower, 2 symbols
    p.deco[CAT.deco_index["stone-a"]] = 1  # sculpture, 1 symbol
    p.birds = ["red-01", "red-02", "yellow-01", "blue-01", "green-01", "green-02"]
    p.houses = [0, 2, 3]
    p.structures = ["home", "BLD-01"]
    p.invest = 4
    p.improved = [True, False, True, False, False, False]
    p.goals = 0b101
    expected = {"per_favor": 6, "per_symbol": 4, "per_symbol_pair": 3, "per_resource_set": 4, "per_bird": 6,
                "per_house": 9, "per_structure": 4, "per_guild_with": 6, "invest_position": 4,
                "per_improved_tile": 4, "per_bridge_goal": 4}
    seen = set()
    for fid, score in CAT.favors.items():
        k = score["kind"]
        got = favor_points(s, p, score)
        if k == "per_picture":
            assert got == {"flower": 6, "sculpture": 2}[score["picture"]]
        elif k == "per_resource":
            assert got == p.res[["lumber", "stone", "sap", "food"].index(score["resource"])]
        elif k == "per_guild_card":
            assert got == 2 * p.guild[["foxes", "owls", "bears", "boars", "deer"].index(score["guild"])]
        elif k == "per_bird_colour":
            assert got == {"red": 4, "yellow": 2, "blue": 3, "green": 6}[score["colour"]]
        else:
            assert got == expected[k], (fid, k)
        seen.add(k)
    assert len(CAT.favors) == 26 and len(seen) == 15
