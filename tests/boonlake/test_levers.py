"""Levers ("Lever Effects", "Progress", "Interim Scoring", "Final Scoring"): every lever space's effect
used at its moment, the top-row condition, one top-row lever per action, jokers, the card that moves a
lever back up, and the levers' VP. Expected numbers are the rules text's and the catalog's (lever
costs, card costs), worked out here, never read from the engine."""
from __future__ import annotations

import copy

import pytest

from ludolog.replayer.boonlake.interim import final_scoring, finish_interim, open_interim
from ludolog.replayer.boonlake.state import Piece, Step
from ludolog.replayer.core import IllegalMove

from .test_engine import CAT, GAME, SETUP, A, B, play, state_of

ANA, BEN = 0, 1



def with_levers(*spaces: str, used: tuple[str, ...] = ()):
    s = state_of()
    s.players[ANA].levers = {k: k in used for k in spaces}
    return s


def refused(s, move, code: str, pointer: str | None = None):
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, move, s.ids.index(move["player"]))
    assert exc.value.code == code, exc.value
    if pointer is not None:
        assert exc.value.pointer == pointer
    return exc.value


# -- the top row: only by forgoing the all-players part, one per action -------------------

def test_modernize_pays_the_space_and_the_vase_lever_forgoes_the_right_side():
    s = play(state_of(), A("action", strip="progress"), A("pass"), A("modernize", lever="m1"))
    ana = s.players[ANA]
    assert ana.coins == 6 - 2 and ana.levers == {"m1": False}  # m1 costs 2 coins (catalog)
    # Progress's all-players part is open for both; Ana forgoes hers: "Take 1 vase"
    play(s, A("lever", lever="m1"))
    assert ana.vases == 1 and ana.levers["m1"] is True
    assert s.window.waiting == frozenset({BEN})
    refused(s, A("modernize", lever="m4"), "CORE.SIMULTANEOUS.TWICE")  # her right-side decision is made


def test_the_vase_lever_gives_a_vase_up_for_6_coins():
    s = play(with_levers("m1"), A("action", strip="hire"), A("pass"), A("pass"))
    refused(s, A("lever", lever="m1", exchange="give"), "BOON.PAY.VASES", "/exchange")  # no vase yet
    s.players[ANA].vases = 1
    coins = s.players[ANA].coins
    play(s, A("lever", lever="m1", exchange="give"))  # "or give up a vase to get 6 coins"
    assert s.players[ANA].vases == 0 and s.players[ANA].coins == coins + 6


def test_top_row_levers_need_the_right_side_and_pioneer_keeps_them_from_the_active_player():
    s = play(with_levers("m1"), A("action", strip="pioneer"))
    refused(s, A("lever", lever="m1"), "BOON.LEVER.TOP_ROW", "/lever")  # the card part is not the right side
    play(s, A("pass"), A("pass"), A("pass"), A("pass"))  # card, explore twice, develop: now the others' part
    assert s.step is Step.RIGHT and s.window.seats == frozenset({BEN})  # "the right side applies only to others"
    refused(s, A("lever", lever="m1"), "CORE.SIMULTANEOUS.NOT_A_SEAT")
    play(s, B("draw"))  # the others' right-side part still happens
    assert s.draws == [BEN, BEN]


def test_only_one_top_row_lever_per_action():
    s = play(with_levers("m1", "m2"), A("action", strip="hire"), A("pass"), A("pass"))  # card part, explore
    play(s, A("lever", lever="m1"))
    refused(s, A("lever", lever="m2", modernize="m4"), "BOON.LEVER.ONE_TOP_ROW", "/lever")


def test_the_modernize_and_upgrade_levers():
    s = with_levers("m2", "m3")
    s.sites[(6, 0)] = (ANA, Piece.INHABITANT)
    play(s, A("action", strip="hire"), A("pass"), A("pass"))
    play(s, A("lever", lever="m2", modernize="m4"))  # "Modernize once": m4 costs 0 coins
    assert "m4" in s.players[ANA].levers and s.players[ANA].coins == 6
    s = with_levers("m3")
    s.sites[(6, 0)] = (ANA, Piece.INHABITANT)
    play(s, A("action", strip="hire"), A("pass"), A("pass"))
    ranch = s.players[ANA].ranch
    play(s, A("lever", lever="m3", upgrade={"space": 6, "to": "house"}))  # "Upgrade once (not develop)"
    assert s.sites[(6, 0)] == (ANA, Piece.HOUSE) and s.players[ANA].ranch == ranch - 1


def region_scoring_state(*levers: str):
    """Ana with inhabitants in Unknown (6), New Hope (9) and Boonlake (19), taking Region scoring and
    covering Southern's label (3 VP): the three other regions give her 1 + 1 + 1 coins."""
    s = with_levers(*levers)
    for space in (6, 9, 19):
        s.sites[(space, 0)] = (ANA, Piece.INHABITANT)
    s.sites[(24, 0)] = (BEN, Piece.INHABITANT)  # Boonlake: 1 coin for Ben
    play(s, A("action", strip="region_scoring"), A("pass"), A("region", region="southern"))
    return s


def test_region_scoring_without_levers_pays_everybody_at_once():
    s = region_scoring_state()
    assert s.step is Step.SHIP and s.players[BEN].coins == 7 + 1


def test_a_top_row_lever_at_region_scoring_forgoes_the_coins():
    s = region_scoring_state("m1")
    assert s.window.seats == frozenset({ANA}) and s.players[BEN].coins == 7 + 1  # Ben has no lever: paid
    coins = s.players[ANA].coins
    play(s, A("lever", lever="m1"))  # "At region scoring, forgo the coins you'd get"
    assert s.players[ANA].coins == coins and s.players[ANA].vases == 1 and s.step is Step.SHIP


def test_passing_at_region_scoring_keeps_the_coins_and_the_region_lever_adds_1_vp_per_presence():
    s = region_scoring_state("m1")
    coins = s.players[ANA].coins
    play(s, A("pass"))
    assert s.players[ANA].coins == coins + 3
    s = region_scoring_state("m6")
    coins, vp = s.players[ANA].coins, s.ledger.totals[ANA]
    play(s, A("lever", lever="m6"))  # "get 1 victory point in addition to 1 coin per presence"
    assert s.players[ANA].coins == coins + 3 and s.ledger.totals[ANA] == vp + 3


def test_the_region_lever_only_at_a_region_scoring():
    s = play(with_levers("m6"), A("action", strip="hire"))
    refused(s, A("lever", lever="m6"), "BOON.LEVER.MOMENT", "/lever")


# -- forgoing a card ---------------------------------------------------------------------

def test_forgo_levers_answer_the_card_part():
    s = with_levers("m4", "m5")
    s.players[ANA].sites = [2, 0, 1, 0]  # a level-2 and a level-1 site: 3 coins ("level-2 sites count double")
    play(s, A("action", strip="pioneer"), A("lever", lever="m4"))
    assert s.players[ANA].coins == 6 + 3 and s.step is Step.MIDDLE
    refused(s, A("lever", lever="m5"), "BOON.LEVER.MOMENT", "/lever")  # explore offers no card to forgo
    s = play(with_levers("m5"), A("action", strip="pioneer"), A("lever", lever="m5"))
    assert s.players[ANA].coins == 6 + 3  # "When you forgo playing/discarding a card, get 3 coins"


def test_forgo_levers_at_builder_and_at_an_interim_scoring():
    s = play(with_levers("m5"), A("action", strip="builder"))
    coins = s.players[ANA].coins  # Builder's 3 coins instead of the card
    play(s, A("lever", lever="m5"))  # "Usable also at 'Builder'": in place of its play-or-draw
    assert s.players[ANA].coins == coins + 3 and s.step is Step.RIGHT
    s = with_levers("m4", "m5")
    open_interim(s)
    play(s, A("lever", lever="m4"), A("lever", lever="m5"))  # two forgone plays: the "once or twice"
    refused(s, A("upgrade", space=6, to="house"), "BOON.INTERIM.TWICE")


# -- levers used with the move they modify ---------------------------------------------

def test_the_joker_lever_pays_one_missing_resource():
    s = play(with_levers("m10"), A("action", strip="pioneer"))
    # D01 needs 2 stone; Ana's stone site shows 1 and both boats lie on wood
    refused(s, A("play", card="D01"), "BOON.CARD.RESOURCES", "/card")
    play(s, A("play", card="D01", levers=[{"lever": "m10", "take": "joker"}]))
    assert "D01" in s.players[ANA].played and s.players[ANA].coins == 6 - 1


def test_card_levers_take_coins_or_cards_instead():
    s = play(with_levers("m10"), A("action", strip="pioneer"))
    play(s, A("play", card="D01", boats=[5, 6], levers=[{"lever": "m10", "take": "coins"}]))
    assert s.players[ANA].coins == 6 + 2 - 1
    s = play(with_levers("m10"), A("action", strip="pioneer"))
    play(s, A("play", card="D01", boats=[5, 6], levers=[{"lever": "m10", "take": "cards"}]))
    assert s.draws == [ANA, ANA]
    s = play(with_levers("m11"), A("action", strip="pioneer"))
    play(s, A("play", card="D01", levers=[{"lever": "m11", "take": "joker"}]))  # the joker and 5 coins
    assert s.players[ANA].coins == 6 + 5 - 1
    s = play(with_levers("m11"), A("action", strip="pioneer"))
    refused(s, A("play", card="D01", levers=[{"lever": "m11", "take": "cards"}]), "BOON.LEVER.TAKE", "/levers/0/take")


def test_the_boat_lever_moves_one_boat_upstream_for_free():
    s = play(state_of(), A("action", strip="pioneer"))
    s.players[ANA].boats = [5, 6]  # on stone: D01 payable where they are
    play(s, A("play", card="D01", boats=[1, 6]))  # one boat upstream: 2 coins, plus D01's 1
    assert s.players[ANA].coins == 6 - 2 - 1
    s = play(with_levers("m7"), A("action", strip="pioneer"))
    s.players[ANA].boats = [5, 6]
    play(s, A("play", card="D01", boats=[1, 6], levers=[{"lever": "m7"}]))
    assert s.players[ANA].coins == 6 - 1


def test_the_easing_lever_gives_up_1_inhabitant_fewer_and_needs_1_presence_fewer():
    s = with_levers("m8")
    s.sites[(9, 0)] = (ANA, Piece.HOUSE)
    s.sites[(9, 1)] = (BEN, Piece.INHABITANT)  # on the same tile
    s.tiles[10], s.cattle[10] = "pasture", [BEN]  # next to it: 2 presences, one short of 3
    s.players[ANA].vacated.add("h1")
    play(s, A("action", strip="settle"), A("pass"))
    refused(s, A("upgrade", space=9, site=1, to="settlement"), "BOON.UPGRADE.PRESENCES")
    ranch = s.players[ANA].ranch
    play(s, A("upgrade", space=9, site=1, to="settlement", levers=[{"lever": "m8"}]))
    assert s.sites[(9, 0)] == (ANA, Piece.SETTLEMENT) and s.players[ANA].ranch == ranch - (2 - 1)


def test_the_easing_lever_is_no_use_for_a_house():
    s = with_levers("m8")
    s.sites[(6, 0)] = (ANA, Piece.INHABITANT)
    play(s, A("action", strip="settle"), A("pass"))
    refused(s, A("upgrade", space=6, to="house", levers=[{"lever": "m8"}]), "BOON.LEVER.MOMENT", "/levers/0/lever")


def test_the_tile_lever_gives_an_inhabitant_when_exploring():
    s = play(with_levers("m9"), A("action", strip="pioneer"), A("pass"))
    ranch = s.players[ANA].ranch
    tile = sorted(s.mound.possible())[0]
    play(s, A("explore", tile=tile, space=1, levers=[{"lever": "m9"}]))  # space 1 gives 2 coins
    assert s.players[ANA].ranch == ranch + 1


def test_the_discard_lever_at_any_decision_answers_nothing():
    s = play(with_levers("m12"), A("action", strip="builder"), A("pass"), B("pass"), A("pass"))
    assert s.step is Step.SHIP
    ranch, vp = s.players[ANA].ranch, s.ledger.totals[ANA]
    play(s, A("lever", lever="m12"))  # "Discard 2 cards to get 1 inhabitant and 3 VP"
    assert s.players[ANA].ranch == ranch + 1 and s.ledger.totals[ANA] == vp + 3 and s.step is Step.SHIP
    assert [g.seat for g in s.gives] == [ANA, ANA]  # the 2 cards are named next, one 'give' each
    play(s, A("give", card="D02"), A("give", card="D01"))
    assert s.discard_pile[-2:] == ["D02", "D01"] and not s.gives and s.step is Step.SHIP


def test_a_lever_not_owned_or_already_down():
    s = play(state_of(), A("action", strip="pioneer"))
    refused(s, A("lever", lever="m5"), "BOON.LEVER.NOT_OWNED", "/lever")
    s = play(with_levers("m5", used=("m5",)), A("action", strip="pioneer"))
    refused(s, A("lever", lever="m5"), "BOON.LEVER.USED", "/lever")


def test_a_card_moves_a_used_lever_back_up():
    setup = copy.deepcopy(SETUP)
    setup["players"]["ana"]["hand"][2] = "S03"  # S03: 1 coin, 2 wood: "move 1 lever back up"
    s = state_of(setup)
    s.players[ANA].levers = {"m4": True, "m5": False}
    play(s, A("action", strip="cattle_breeding"))
    refused(s, A("play", card="S03", reset=["m5"]), "BOON.LEVER.NOT_USED", "/reset/0")
    play(s, A("play", card="S03", reset=["m4"]))
    assert s.players[ANA].levers == {"m4": False, "m5": False}


# -- scoring -------------------------------------------------------------------------------

def test_interim_scoring_moves_used_levers_up_and_pays_1_vp_per_unused():
    s = with_levers("m1", "m4", "m5", used=("m1",))
    open_interim(s)
    s.window = None
    finish_interim(s)
    assert s.ledger.by_category(ANA)["levers"] == 2  # "For every lever you did not use, earn 1 victory point"
    assert s.players[ANA].levers == {"m1": False, "m4": False, "m5": False}


@pytest.mark.parametrize("count, vp", [(3, 0), (4, 8), (6, 12), (7, 21), (9, 27)])
def test_final_scoring_levers(count, vp):
    s = state_of()
    s.players[ANA].levers = {f"m{k}": False for k in range(1, count + 1)}
    final_scoring(s)  # "4-6 levers ... 2 VP per lever; with 7 or more, 3 VP per lever (e.g., 21 VP for 7 levers)"
    assert s.ledger.by_category(ANA).get("levers", 0) == vp


def test_every_lever_effect_kind_is_registered():
    from ludolog.replayer.boonlake.resolve import EFFECTS

    assert all(m.effect.kind.value in EFFECTS for m in CAT.lever_spaces.values())
