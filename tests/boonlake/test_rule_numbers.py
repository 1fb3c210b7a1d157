"""The numbers the rules text states, through the engine's moves on hand-made positions (the pure
functions behind them are tested in test_scoring.py and test_costs.py). Every expectation is the
rules text's number applied by hand, never read back from the engine."""
from __future__ import annotations

import pytest

from ludolog.replayer.boonlake.interim import final_scoring, open_interim
from ludolog.replayer.boonlake.state import Piece, Step
from ludolog.replayer.core import IllegalMove

from .test_engine import CAT, GAME, A, B, play, state_of



def middle(s, strip: str, *parts: str):
    s.step, s.strip, s.middle = Step.MIDDLE, strip, list(parts)
    return s


def test_explore_on_a_full_board_gives_2_coins_for_each_tile():
    # "If all gameboard spaces are already occupied, you get 2 coins instead for each unplaced tile."
    s = state_of()
    for space in CAT.spaces:
        if space not in s.tiles:
            s.tiles[space], s.cattle[space] = "pasture", []
    play(s, A("action", strip="pioneer"), A("pass"))  # Pioneer: explore twice, then develop or upgrade
    assert s.players[0].coins == 6 + 2 + 2 and s.middle == ["develop_or_upgrade"]


def test_cattle_breeding_without_a_pasture_left_gives_2_coins():
    # "If no cattle pasture remains, or all spaces are occupied, this effect is wasted and you get 2 coins instead."
    s = state_of()
    s.pastures_left = 0
    play(s, A("action", strip="cattle_breeding"), A("pass"))
    assert s.players[0].coins == 6 + 2 and s.step is Step.RIGHT


def test_hire_3_coins_or_3_cards_per_inhabitant_never_mixed():
    # "pay 3 coins or discard 3 cards to take 1 inhabitant ... You may not mix payment for a single inhabitant,
    # but may pay differently for each of several."
    s = state_of()
    play(s, A("action", strip="hire"), A("pass"), A("pass"))  # Hire's own inhabitant: ranch 4
    with pytest.raises(IllegalMove) as exc:  # 3 inhabitants for cards are 9 cards; Ana holds 6
        play(s, A("hire", cards=3))
    assert (exc.value.code, exc.value.pointer) == ("BOON.HIRE.CARDS", "/cards")
    play(s, A("hire", coins=1, cards=1))  # one inhabitant for 3 coins, one for 3 cards, named next
    play(s, A("give", card="D01"), A("give", card="D02"), A("give", card="D03"))
    ana = s.players[0]
    assert (ana.coins, len(ana.hand), ana.ranch) == (6 - 3, 6 - 3, 3 + 1 + 2)
    assert s.discard_pile == ["D01", "D02", "D03"]


def test_emptying_the_first_tier_puts_its_inhabitant_on_the_ranch_at_once():
    # "If you remove all wooden pieces from the top tier of your player board (2 houses and 1 cattle),
    # immediately place the inhabitant to the left of that tier onto your ranch (usable at once)."
    s = middle(state_of(), "settle", "develop_or_upgrade")
    ana = s.players[0]
    ana.vacated |= {"h1", "c1"}  # a house and the cattle already gone from tier 1
    s.sites[(9, 0)] = (0, Piece.INHABITANT)
    play(s, A("upgrade", space=9, site=1, to="house"))
    ana = s.players[0]
    assert ana.ranch == 3 - 1 + 1 and {"h2", "i1"} <= ana.vacated


def test_emptying_the_second_tier_puts_its_inhabitant_on_the_ranch():
    # "Do the same with the second inhabitant once you empty the second tier (4 houses, 1 settlement, and
    # 2 cattle removed)."
    s = state_of()
    ana = s.players[0]
    ana.vacated |= {"h1", "h2", "c1", "i1", "h3", "h4", "s1"}
    ana.cattle_placed = 1
    s.tiles[5], s.cattle[5] = "pasture", []  # next to the starting tile on 6 (no house on it)
    s.step, s.strip, s.queue = Step.RIGHT, "cattle_breeding", [0, 1]
    play(s, A("cattle", space=5))  # the second cattle: 1 inhabitant for an empty pasture
    ana = s.players[0]
    assert ana.ranch == 3 - 1 + 1 and {"c2", "i2"} <= ana.vacated


@pytest.mark.parametrize("substitute, inhabitants, vp", [(0, 4, 0), (1, 3, 4), (2, 2, 8)])
def test_a_fourth_settlement_and_its_substitutions(substitute, inhabitants, vp):
    # "If it is your fourth, give up 2 additional inhabitants, or substitute either/both with 4 victory points each."
    s = middle(state_of(), "settle", "develop_or_upgrade")
    ana = s.players[0]
    ana.ranch = 5
    ana.vacated |= {"s1", "s2", "s3"}
    ana.settlement_regions = ["boonlake", "southern", "unknown"]  # none yet in New Hope (space 9)
    s.tiles[8], s.tiles[10] = "B18", "B19"
    s.sites[(9, 0)] = (0, Piece.HOUSE)
    s.sites[(9, 1)] = (1, Piece.INHABITANT)
    s.sites[(8, 0)] = (1, Piece.INHABITANT)
    s.sites[(10, 0)] = (1, Piece.INHABITANT)  # 3 presences around the house
    play(s, A("upgrade", space=9, site=1, to="settlement", substitute=substitute))
    ana = s.players[0]
    assert ana.ranch == 5 - inhabitants and s.ledger.totals[0] == -vp and "s4" in ana.vacated


def test_no_fifth_settlement():
    # "You cannot build more than 4 settlements."
    s = middle(state_of(), "settle", "develop_or_upgrade")
    s.players[0].vacated |= {"s1", "s2", "s3", "s4"}
    s.tiles[8], s.tiles[10] = "B18", "B19"
    s.sites[(9, 0)] = (0, Piece.HOUSE)
    s.sites[(9, 1)] = (1, Piece.INHABITANT)
    s.sites[(8, 0)] = (1, Piece.INHABITANT)
    s.sites[(10, 0)] = (1, Piece.INHABITANT)
    with pytest.raises(IllegalMove) as exc:
        play(s, A("upgrade", space=9, site=1, to="settlement", substitute=2))
    assert exc.value.code == "BOON.UPGRADE.MAX_SETTLEMENTS"


def test_interim_scoring_met_on_the_own_tile_is_doubled_and_the_marker_grows():
    # "Take the scoring marker ... showing 1/2/3/4 victory points at the 1st/2nd/3rd/4th interim scoring ...
    # earn the points indicated if you meet the condition ... On your set-up-chosen tile, the plus or minus
    # points are doubled." T01 (Ana's own): presences in Boonlake and Southern, 3 and 2 at the second scoring.
    s = state_of()
    cond = CAT.scoring_tiles["T01"].condition
    assert cond.regions == ("boonlake", "southern") and tuple(cond.values[1]) == (3, 2)
    for space in (19, 24):  # Boonlake: the starting tiles B04 and B05
        s.sites[(space, 0)] = (0, Piece.INHABITANT)
    s.tiles[23] = "B18"
    s.sites[(23, 0)] = (0, Piece.INHABITANT)  # a third in Boonlake
    s.tiles[28] = "B19"
    for space in (27, 28):  # Southern: B06 and a gray tile
        s.sites[(space, 0)] = (0, Piece.INHABITANT)
    s.scorings = 1  # the second interim scoring
    open_interim(s)
    play(s, B("score", tile="T01"), A("score", tile="T01"))
    tiles = [s.ledger.by_category(k).get("scoring_tiles", 0) for k in (0, 1)]
    assert tiles == [2 * 2, -2]  # Ana met it on her own tile: +2 doubled; Ben has nothing there: -2


def test_cattle_next_to_settlements_score_at_the_interim_income():
    # "for each of your cattle on the gameboard, earn 1 victory point per settlement on the adjacent building
    # tiles (also across bridges)". A pasture on 16: a settlement on 9 (a neighbour), one on 22 (across the
    # bridge 16-22) and one on 27 (not adjacent).
    s = state_of()
    assert 9 in CAT.spaces[16].adjacent and 22 in CAT.spaces[16].adjacent and 27 not in CAT.spaces[16].adjacent
    assert CAT.spaces[16].bridged == (22,)  # 22 only across the bridge
    s.tiles[16], s.cattle[16] = "pasture", [0, 0, 1]  # two of Ana's cattle, one of Ben's
    s.tiles[22] = "B18"
    s.sites[(9, 0)] = (1, Piece.SETTLEMENT)  # Ben's settlement counts for Ana's cattle too
    s.sites[(22, 0)] = (0, Piece.SETTLEMENT)
    s.sites[(27, 0)] = (1, Piece.SETTLEMENT)
    s.scorings_due = 1
    open_interim(s)
    play(s, B("score", tile="T05"), A("score", tile="T01"))
    # no recess vacated (the pieces were put on the board by hand) and both markers on 0 VP spaces: the
    # income's VP is the cattle scoring alone, 2 settlements next to each cattle: Ana 2 x 2, Ben 2
    assert CAT.tracks["coin"][0].vp == CAT.tracks["card"][0].vp == 0
    assert [s.ledger.by_category(k).get("income", 0) for k in (0, 1)] == [4, 2]


def test_a_step_beyond_the_coin_track_gives_2_vp():
    # "If a marker is on the last track space and would advance further, that step is wasted but you earn
    # 2 victory points per forfeited step." D01: 1 coin, 2 stone, the coin marker 1 step.
    s = state_of()
    last = len(CAT.tracks["coin"]) - 1
    s.players[0].coin_track = last
    play(s, A("action", strip="settle"))
    play(s, A("play", card="D01", boats=[5, 6]))  # both boats downstream to the stone area (free)
    ana = s.players[0]
    assert ana.coin_track == last and ana.coins == 6 - 1
    assert s.ledger.by_category(0) == {"income_track": 2}


def test_final_scoring_tiers_3_4_5_at_2_4_6_vp_per_recess():
    # "For each recess in the third tier from which you removed a piece: 2 VP ... fourth ... 4 VP ...
    # fifth ... 6 VP." Tiers 3 and 4 have 3 recesses, tier 5 has 2 (catalog player board).
    s = state_of()
    assert [len(row) for row, _ in CAT.tiers[2:]] == [3, 3, 2]
    s.players[0].vacated |= {"h5", "s2", "c3", "h6", "s3", "c4", "s4", "c5"}
    s.players[1].vacated |= {"c5"}
    final_scoring(s)
    assert s.ledger.by_category(0)["tiers"] == 3 * 2 + 3 * 4 + 2 * 6 == 30
    assert s.ledger.by_category(1)["tiers"] == 6


@pytest.mark.parametrize("levers, vp", [(3, 0), (4, 8), (6, 12), (7, 21), (9, 27)])
def test_final_scoring_levers(levers, vp):
    # "if you have 4-6 levers on your board, earn 2 VP per lever; with 7 or more, earn 3 VP per lever
    # (e.g., 21 VP for 7 levers)"; fewer than 4: nothing (the package's reading)
    s = state_of()
    s.players[0].levers = {f"m{k}": True for k in range(1, levers + 1)}
    final_scoring(s)
    assert s.ledger.by_category(0).get("levers", 0) == vp


def _pass_until_ship(s) -> None:
    while s.step is not Step.SHIP:
        seat = min(GAME.acting_seats(s))
        GAME.apply(s, {"type": "pass", "player": s.ids[seat]}, seat)


@pytest.mark.parametrize("n", [2, 4])
def test_after_the_second_interim_scoring_the_ships_go_back_further_ahead_with_4_players(n):
    # "Once your ship moves onto the final river space, the current round ends ... then an interim scoring
    # takes place." "After the second interim scoring, the first round ends: all ships are moved back along
    # the ford to their starting space for the second round (in the 4-player game, ships start further ahead
    # than with 2 or 3 players)."
    import random

    ids = ("ana", "ben", "cy", "dee")[:n]
    setup = GAME.random_setup(random.Random(5), n, {})
    setup["players"] = dict(zip(ids, setup["players"].values()))
    s = state_of(setup, ids)
    s.players[0].ship, s.crossed, s.scorings = "U15", {"lock-1"}, 1  # lock 1 crossed, interim scoring 1 held
    play(s, A("action", strip=s.strips[0]))
    _pass_until_ship(s)
    play(s, A("ship", to="U16"))  # across lock 2 onto round 1's final space
    assert s.step is Step.INTERIM and s.window.label == "interim scoring 2"
    for seat, pid in enumerate(ids):
        play(s, {"type": "score", "player": pid, "tile": s.owner_tile[seat]})
    start = {2: "1", 4: "3"}[n]  # the catalog's round-2 start spaces: the first river space, the third with 4
    assert s.rnd == 2 and s.scorings == 2 and [p.ship for p in s.players] == [start] * n


def test_a_special_project_on_the_own_tile_gives_twice_its_vp():
    # "If you realize the project on the scoring tile you chose during set-up, you gain twice as many
    # victory points (your space shows a "x2" symbol)." T01 is Ana's set-up-chosen tile, not Ben's (his
    # is T05); its project's VP read from the catalog file itself: 4.
    import json
    from importlib import resources

    raw = json.loads(resources.files("ludolog.replayer.boonlake").joinpath("catalog.json").read_text())
    vp = next(t["project"]["vp"] for t in raw["scoring_tiles"]["tiles"] if t["id"] == "T01")
    assert vp == 4
    # Builder: Ana realizes T01 in the middle (2 coins, 2 stone and 1 iron: her stone site and her boats
    # moved onto stone and iron), then Ben the same project in the all-players part
    s = play(state_of(), A("action", strip="builder"), A("project", tile="T01", counts_as="day", boats=[5, 7]))
    s.players[1].boats, s.players[1].sites = [5, 7], [1, 0, 0, 0]
    play(s, B("project", tile="T01", counts_as="night"))
    assert s.ledger.by_category(0)["projects"] == 2 * vp
    assert s.ledger.by_category(1)["projects"] == vp
    assert s.players[0].projects == {"T01": "day"} and s.players[1].projects == {"T01": "night"}
