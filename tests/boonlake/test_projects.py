"""Special projects on scoring tiles ("Special Projects on Scoring Tiles"): instead of a card, any
kind; the costs with card discounts and jokers; 2 inhabitants, 1 of them above the tile; the VP,
doubled on the own tile; 1 step on the income track; once per game and player; the kind it counts as
for a scoring tile's played cards. Numbers from the catalog's tiles (T01: 2 coins, 2 stone, 1 iron,
4 VP, coin track) worked out here."""
from __future__ import annotations


from ludolog.replayer.boonlake.effects import ConditionKind, EffectKind
from ludolog.replayer.boonlake.interim import measure, open_interim

from .test_engine import CAT, GAME, play, state_of
from .test_levers import A, B, refused

ANA, BEN = 0, 1
T01 = CAT.scoring_tiles["T01"].project



def test_catalog_project_of_t01():
    assert (T01.coins, T01.resources, T01.vp, T01.track) == (2, (2, 1, 0, 0), 4, "coin")


def test_a_project_instead_of_the_strips_card_doubled_on_the_own_tile():
    s = play(state_of(), A("action", strip="pioneer"))  # a day strip: the project counts as all 3 kinds
    ana = s.players[ANA]
    # Ana's stone site shows 1 stone; boats moved downstream (free) onto stone (5) and iron (7)
    play(s, A("project", tile="T01", counts_as="day", boats=[5, 7]))
    assert ana.coins == 6 - 2 and ana.boats == [5, 7]
    assert (ana.ranch, ana.supply) == (3 + 1, 5 - 2)  # 2 inhabitants taken, 1 of them placed above the tile
    assert s.ledger.by_category(ANA)["projects"] == 2 * 4  # Ana's set-up-chosen tile: "twice as many"
    assert ana.coin_track == 1 and s.step.name == "MIDDLE"


def test_a_project_on_another_tile_and_once_per_game():
    s = play(state_of(), A("action", strip="cattle_breeding"))  # a sunset strip
    play(s, A("project", tile="T09", counts_as="sunset", boats=[5, 7]))
    assert s.ledger.by_category(ANA)["projects"] == 4
    s.step = type(s.step).CARD
    refused(s, A("project", tile="T09", counts_as="night"), "BOON.PROJECT.DONE", "/tile")
    refused(s, A("project", tile="T02", counts_as="night"), "BOON.PROJECT.TILE", "/tile")


def test_several_players_realize_the_same_project():
    s = play(state_of(), A("action", strip="builder"), A("project", tile="T09", counts_as="day", boats=[5, 7]))
    s.players[BEN].boats = [5, 7]
    s.players[BEN].sites = [1, 0, 0, 0]
    play(s, B("project", tile="T09", counts_as="night"))  # Builder's all-players part
    assert "T09" in s.players[BEN].projects and s.ledger.by_category(BEN)["projects"] == 4


def test_card_discounts_and_jokers_apply_to_projects():
    s = play(state_of(), A("action", strip="pioneer"))
    s.players[ANA].permanent[EffectKind.CARD_COIN_DISCOUNT.value] = 1  # "also for special projects"
    play(s, A("project", tile="T09", counts_as="day", boats=[5, 7]))
    assert s.players[ANA].coins == 6 - (2 - 1)
    s = play(state_of(), A("action", strip="pioneer"))
    s.players[ANA].levers = {"m10": False}
    refused(s, A("project", tile="T09", counts_as="day", boats=[5, 6]), "BOON.CARD.RESOURCES", "/tile")  # no iron
    play(s, A("project", tile="T09", counts_as="day", boats=[5, 6], levers=[{"lever": "m10", "take": "joker"}]))
    assert "T09" in s.players[ANA].projects


def test_a_project_counts_as_the_kind_chosen_for_played_cards():
    s = play(state_of(), A("action", strip="pioneer"), A("project", tile="T09", counts_as="sunset", boats=[5, 7]))
    cond = next(t.condition for t in CAT.scoring_tiles.values() if t.condition.kind is ConditionKind.PLAYED_KINDS)
    want = tuple(1 if k == "sunset" else 0 for k in cond.kinds)
    assert measure(s, ANA, cond.kind, cond) == want


def test_a_project_is_one_of_the_two_plays_of_an_interim_scoring():
    s = state_of()
    s.players[ANA].boats = [5, 7]
    open_interim(s)
    play(s, A("project", tile="T09", counts_as="day"), A("project", tile="T01", counts_as="day"))
    refused(s, A("upgrade", space=6, to="house"), "BOON.INTERIM.TWICE")
