"""The referee's audit (tests/boonlake/AUDIT.md): rules of ../shared/rules/boonlake.txt that no other
test proved, through the engine's moves on hand-made positions.

Every expectation comes from the passage quoted beside it and the catalog's tables (costs, rewards,
recess incomes), worked out by hand; none is read back from the engine.
"""
from __future__ import annotations

import copy

import pytest

from ludolog.replayer.boonlake.effects import EffectKind
from ludolog.replayer.boonlake.interim import final_scoring, open_interim
from ludolog.replayer.boonlake.state import Piece, Step
from ludolog.replayer.core import IllegalMove

from .test_engine import CAT, GAME, SETUP, A, B, play, state_of
from tests.audit_tables import audit_rows, missing_references, verdict

ANA, BEN = 0, 1


def refused(s, move, code: str, pointer: str | None = None):
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, move, s.ids.index(move["player"]) if "player" in move else None)
    assert exc.value.code == code, exc.value
    if pointer is not None:
        assert exc.value.pointer == pointer, exc.value.pointer
    return exc.value


def middle(s, strip: str, *parts: str):
    s.step, s.strip, s.middle, s.current = Step.MIDDLE, strip, list(parts), ANA
    return s


def ship_step(s, seat: int, steps: int):
    s.step, s.current, s.steps = Step.SHIP, seat, steps
    return s


def unseen_cards(s):
    """Write every pending card draw as unseen ("?")."""
    while s.draws:
        play(s, {"type": "card", "card": "?"})


# -- General Rules for Effects ------------------------------------------------------------------

def test_the_discard_pile_is_shuffled_into_a_new_draw_pile():
    # "Draw cards from the draw pile. If it is depleted, shuffle the discard pile into a new draw pile."
    s = state_of()
    while s.deck.remaining:
        s.deck.draw(BEN, "?")  # every other card is in Ben's hand, unseen
    play(s, A("action", strip="progress"), A("discard", card="N01"), A("pass"))  # N01 onto the discard pile
    assert s.discard_pile == ["N01"]
    play(s, A("draw"))  # Progress's right side: "may draw 1 card instead"
    refused(s, {"type": "card", "card": "D02"}, "CORE.HIDDEN.NOT_IN_POOL")  # D02 is in Ana's hand
    play(s, {"type": "card", "card": "N01"})  # the one card of the new draw pile
    assert "N01" in s.players[ANA].hand and s.discard_pile == []


def test_inhabitants_are_limited_wooden_pieces():
    # "Only the wooden pieces are limited - then you go empty-handed." Hire's "take 1 inhabitant"
    # and a river space's inhabitant give nothing with none of the player's colour in the supply.
    s = state_of()
    s.players[ANA].supply = 0
    play(s, A("action", strip="hire"), A("pass"))  # the middle's inhabitant is taken at once: none
    assert s.players[ANA].ranch == 3 and s.middle == ["explore"]
    s = ship_step(state_of(), ANA, 6)
    s.players[ANA].ship, s.players[ANA].supply = "8", 0
    play(s, A("ship", to="9"))  # river space 9: "Take X inhabitants" (1)
    assert s.players[ANA].ranch == 3


def test_the_victory_point_marker_may_go_below_zero_and_ties_are_shared():
    # "it can go below 0"; "The player with the most victory points wins; ties are shared."
    s = state_of()
    play(s, A("action", strip="builder"))  # row 7: 2 VP first
    assert s.ledger.totals[ANA] == -2
    s.ledger.add(BEN, -2, "rewards", "a tie")
    assert GAME.winners(s) == [ANA, BEN]
    s.ledger.add(BEN, 1, "rewards", "one more")
    assert GAME.winners(s) == [BEN]


# -- Play a Card: permanent effects ---------------------------------------------------------------

def test_a_permanent_card_played_gives_a_coin_more_on_a_coin_space():
    # "+1 additional coin when your ship ends on a coin space" (D41: 1 coin and 2 stone). Ana's
    # stone site shows 1; both boats moved downstream (free) to the stone spaces 5 and 6 show 2 more.
    setup = copy.deepcopy(SETUP)
    setup["players"]["ana"]["hand"][2] = "D41"
    s = state_of(setup)
    play(s, A("action", strip="pioneer"), A("play", card="D41", boats=[5, 6]))
    assert s.players[ANA].coins == 6 - 1 and s.players[ANA].boats == [5, 6]
    play(s, A("pass"), A("pass"), A("pass"), B("pass"), A("ship", to="2"))  # river space 2: 2 coins
    assert s.players[ANA].coins == 6 - 1 + 2 + 1


def test_the_harbor_card_gives_2_coins_or_2_cards_in_a_harbor():
    # "2 coins or 2 cards when your ship ends in a harbor" (a choice: written as 'bonus').
    s = ship_step(state_of(), ANA, 2)
    s.players[ANA].permanent[EffectKind.HARBOR_BONUS.value] = 2
    refused(s, A("ship", to="3"), "BOON.CHOICE.HARBOR", "/bonus")
    play(s, A("ship", to="3", bonus="cards"))
    assert s.draws == [ANA, ANA]
    s = ship_step(state_of(), ANA, 2)
    s.players[ANA].permanent[EffectKind.HARBOR_BONUS.value] = 2
    play(s, A("ship", to="3", bonus="coins"))
    assert s.players[ANA].coins == 6 + 2
    s = ship_step(state_of(), ANA, 2)
    refused(s, A("ship", to="3", bonus="coins"), "BOON.CHOICE.UNUSED", "/bonus")  # no harbor card


def test_the_vase_card_gives_a_vase_more_only_when_the_vase_is_taken():
    # "+1 additional vase when your ship ends on a vase space and you take a vase."
    s = ship_step(state_of(), ANA, 6)
    s.players[ANA].ship = "3"
    s.players[ANA].permanent[EffectKind.VASE_SPACE_BONUS.value] = 1
    play(s, A("ship", to="5"))  # river space 5: 1 vase
    assert s.players[ANA].vases == 1 + 1
    for sites, vases, stone in (([], 2, 1), (["stone"], 0, 2)):  # space 11: "1 vase or 1 production site"
        s = ship_step(state_of(), ANA, 6)
        s.players[ANA].ship = "10"
        s.players[ANA].permanent[EffectKind.VASE_SPACE_BONUS.value] = 1
        play(s, A("ship", to="11", **({"sites": sites} if sites else {})))
        assert (s.players[ANA].vases, s.players[ANA].sites[0]) == (vases, stone)


def test_a_production_site_chosen_at_level_2_is_wasted():
    # River: "build 1 production site on your player board (place a level-1 site or turn an already-placed
    # one to its back; the level cannot exceed 2)". Reading (as Explore's "if that site is already level 2,
    # the effect is wasted"): naming a level-2 site gives nothing, not a vase instead.
    s = ship_step(state_of(), ANA, 6)
    s.players[ANA].ship, s.players[ANA].sites = "10", [2, 0, 0, 0]
    play(s, A("ship", to="11", sites=["stone"]))
    assert s.players[ANA].sites == [2, 0, 0, 0] and s.players[ANA].vases == 0


def test_lever_and_card_coin_discounts_never_below_zero():
    # "modernizing lever costs reduced by the coins shown (cumulative, never below 0)"; "card coin
    # costs reduced by 1 (... cumulative, never below 0)". m1 costs 2, m4 0; D01 costs 1 coin.
    s = play(state_of(), A("action", strip="progress"), A("pass"))
    s.players[ANA].permanent[EffectKind.LEVER_DISCOUNT.value] = 1
    play(s, A("modernize", lever="m1"))
    assert s.players[ANA].coins == 6 - 1
    s = play(state_of(), A("action", strip="progress"), A("pass"))
    s.players[ANA].permanent[EffectKind.LEVER_DISCOUNT.value] = 2
    play(s, A("modernize", lever="m4"))
    assert s.players[ANA].coins == 6
    s = middle(state_of(), "builder", "play_any_or_draw_2")
    s.players[ANA].permanent[EffectKind.CARD_COIN_DISCOUNT.value] = 2
    play(s, A("play", card="D01", boats=[5, 6]))  # 1 coin, 2 stone: the site and a boat show them
    assert s.players[ANA].coins == 6


def test_cattle_cards_give_up_fewer_inhabitants_and_pay_coins():
    # "give up 1 fewer inhabitant per cattle placed (cumulative); +2 coins per cattle placed (cumulative)";
    # "Take 2 coins for each house (any owner) on a building tile adjacent to the chosen pasture."
    s = state_of()
    s.tiles[5], s.cattle[5] = "pasture", []  # next to the starting tile on 6
    s.sites[(6, 0)] = (BEN, Piece.HOUSE)
    p = s.players[ANA]
    p.permanent[EffectKind.CATTLE_INHABITANT_DISCOUNT.value] = 1
    p.permanent[EffectKind.CATTLE_COINS.value] = 2
    s.step, s.strip, s.queue, s.current = Step.RIGHT, "cattle_breeding", [ANA, BEN], ANA
    play(s, A("cattle", space=5))  # an empty pasture: 1 inhabitant, 1 fewer
    p = s.players[ANA]
    assert p.ranch == 3 and p.coins == 6 + 2 + 2 and s.cattle[5] == [ANA] and "c1" in p.vacated


@pytest.mark.parametrize("card, boats, changes", [
    ("D01", None, {"coin_track": 1}),  # "advance 1 space on the coin or card track (1 per symbol)"; 1 coin, 2 stone
    ("D03", [3, 4], {"card_track": 1}),  # 3 coins, 3 loam and 1 wood: both boats on loam
    ("D05", None, {"coins": 3}),  # "take a number of coins" (3); 1 coin, 1 vase, 2 stone
    ("D08", None, {"ranch": 2, "supply": -2}),  # "take 2 inhabitants"; 4 coins, 3 wood (the boats) and 1 stone
    ("D09", None, {"vases": 1}),  # "take 1 vase"; 2 coins, 2 stone
])
def test_immediate_card_effects_when_the_card_is_played(card, boats, changes):
    # "Lightning: immediate." Every production site at level 2 (and the boats on wood, or moved
    # downstream for free to loam) show each cost; the coins and vases paid are the card's.
    setup = copy.deepcopy(SETUP)
    if card not in setup["players"]["ana"]["hand"]:
        setup["players"]["ana"]["hand"][5] = card
    s = middle(state_of(setup), "builder", "play_any_or_draw_2")
    p = s.players[ANA]
    p.sites, p.vases, p.coins = [2, 2, 2, 2], 1, 10
    before = {k: getattr(p, k) for k in ("coin_track", "card_track", "coins", "vases", "ranch", "supply")}
    cost = CAT.cards[card]
    play(s, A("play", card=card, **({"boats": boats} if boats else {})))
    p = s.players[ANA]
    want = dict(before, coins=before["coins"] - cost.coins, vases=before["vases"] - cost.vases)
    for k, d in changes.items():
        want[k] += d
    assert {k: getattr(p, k) for k in want} == want and p.played == [card]


def test_coins_vases_and_levers_are_not_limited():
    # "If the supply lacks something you're supposed to get, make do with something else. Only the wooden
    # pieces are limited": the 14 vases, the coins and the 36 levers never run out.
    s = ship_step(state_of(), ANA, 6)
    s.players[ANA].ship, s.players[BEN].vases = "3", 14
    play(s, A("ship", to="5"))  # river space 5: 1 vase, all 14 being in Ben's hands
    assert s.players[ANA].vases == 1


def test_the_discard_bonus_comes_with_every_card_discarded():
    # "+1 coin when you discard a card of a given kind (cumulative, always applies when discarding such a
    # card)": not only the discard for 2 coins but every card discarded, here 3 for Hire's inhabitant.
    s = play(state_of(), A("action", strip="hire"), A("pass"), A("pass"))
    s.players[ANA].permanent["discard_bonus:day"] = 1
    coins = s.players[ANA].coins
    play(s, A("hire", cards=1), A("give", card="D01"), A("give", card="S01"), A("give", card="D02"))
    assert s.players[ANA].coins == coins + 2  # D01 and D02 are day cards, S01 a sunset card
    s = play(state_of(), A("action", strip="builder"))  # the card part's discard for 2 coins: 2 + 1, once
    s.step, s.strip = Step.CARD, "pioneer"
    s.players[ANA].permanent["discard_bonus:day"] = 1
    play(s, A("discard", card="D03"))
    assert s.players[ANA].coins == 6 + 3 + 2 + 1


# -- Explore, Develop, Upgrade --------------------------------------------------------------------

def test_explore_builds_the_production_site_shown_and_wastes_it_at_level_2():
    # "build 1 production site next to the resource shown (if that site is already level 2, the
    # effect is wasted)": space 15 shows stone; Ana's stone site is level 1.
    s = middle(state_of(), "hire", "explore")
    play(s, A("explore", space=15, tile="B18"))
    assert s.players[ANA].sites[0] == 2 and s.tiles[15] == "B18"
    s = middle(state_of(), "hire", "explore")
    s.players[ANA].sites[0] = 2
    play(s, A("explore", space=15, tile="B18"))
    assert s.players[ANA].sites == [2, 0, 0, 0]


def test_develop_pays_the_site_and_takes_its_reward_but_not_its_settlement_vp():
    # "Place 1 inhabitant from your ranch there. Pay any costs the site indicates, or take any rewards
    # it shows immediately." B03 (space 14): pay 2 coins, gain 3 VP. B05 (space 24): take 1 coin, and
    # "gain the indicated VP the moment you upgrade a house to a settlement on this site" (3).
    s = play(middle(state_of(), "settle", "develop_or_upgrade"), A("develop", space=14))
    p = s.players[ANA]
    assert (p.ranch, p.coins, s.ledger.totals[ANA]) == (2, 6 - 2, 3) and s.sites[(14, 0)] == (ANA, Piece.INHABITANT)
    s = play(middle(state_of(), "settle", "develop_or_upgrade"), A("develop", space=24))
    assert (s.players[ANA].coins, s.ledger.totals[ANA]) == (6 + 1, 0)
    s.sites[(24, 0)] = (ANA, Piece.HOUSE)
    for space in (23, 25, 30):
        s.tiles[space] = {23: "B18", 25: "B19", 30: "B20"}[space]
        s.sites[(space, 0)] = (BEN, Piece.INHABITANT)  # 3 presences next to the house
    middle(s, "settle", "develop_or_upgrade")
    play(s, A("upgrade", space=24, to="settlement"))
    assert s.ledger.totals[ANA] == 3 and s.players[ANA].ranch == 3 - 1 - 2


def test_a_settlement_on_a_site_showing_minus_5_vp_loses_them_then():
    # "lose 5 VP the moment you upgrade a house to a settlement on this site": B25's one site (it also draws
    # 2 cards at develop, not again at the settlement). Around space 23: 24 (a starting tile) and 17, 29.
    s = middle(state_of(), "settle", "develop_or_upgrade")
    s.tiles[23], s.tiles[17], s.tiles[29] = "B25", "B18", "B19"
    s.sites[(23, 0)] = (ANA, Piece.HOUSE)
    for space in (24, 17, 29):
        s.sites[(space, 0)] = (BEN, Piece.INHABITANT)
    play(s, A("upgrade", space=23, to="settlement"))
    assert s.ledger.totals[ANA] == -5 and not s.draws and s.sites[(23, 0)] == (ANA, Piece.SETTLEMENT)


def test_develop_needs_an_inhabitant_on_the_ranch():
    s = middle(state_of(), "settle", "develop_or_upgrade")
    s.players[ANA].ranch = 0
    refused(s, A("develop", space=9, site=1), "BOON.PAY.INHABITANTS")


def test_a_house_removed_from_the_game_is_used_once_the_board_has_none():
    # "If you have no house left on your board, use a house removed from the game" (a house replaced
    # by a settlement is put next to the gameboard).
    s = middle(state_of(), "settle", "develop_or_upgrade")
    p = s.players[ANA]
    p.vacated |= {"h1", "h2", "h3", "h4", "h5", "h6", "c1", "i1"}
    p.houses_aside = 1
    s.sites[(9, 0)] = (ANA, Piece.INHABITANT)
    play(s, A("upgrade", space=9, site=1, to="house"))
    p = s.players[ANA]
    assert p.houses_aside == 0 and s.sites[(9, 0)] == (ANA, Piece.HOUSE) and p.ranch == 3 - 1
    s = middle(state_of(), "settle", "develop_or_upgrade")
    s.players[ANA].vacated |= {"h1", "h2", "h3", "h4", "h5", "h6"}
    s.sites[(9, 0)] = (ANA, Piece.INHABITANT)
    refused(s, A("upgrade", space=9, site=1, to="house"), "BOON.UPGRADE.NO_HOUSE")  # "all 6 houses are on the gameboard"


# -- The Actions ----------------------------------------------------------------------------------

def test_progress_the_active_player_modernizes_twice_the_others_once_for_an_inhabitant_or_draw():
    # "all players may modernize once, but must give up 1 inhabitant to do so; whoever can't or won't
    # may draw 1 card instead. (So the active player can modernize once or twice; others only once.)"
    s = play(state_of(), A("action", strip="progress"), A("pass"), A("modernize", lever="m4"))  # m4: 0 coins
    s.players[BEN].ranch = 0
    refused(s, B("modernize", lever="m5"), "BOON.PAY.INHABITANTS")  # Ben cannot give up an inhabitant
    play(s, A("modernize", lever="m5"), B("draw"))  # m5: 1 coin and an inhabitant
    unseen_cards(s)
    ana = s.players[ANA]
    assert set(ana.levers) == {"m4", "m5"} and ana.ranch == 2 and ana.coins == 6 - 1
    assert s.deck.unknown_held[BEN] == 7 and s.step is Step.SHIP


def test_region_scoring_pays_the_other_three_regions_whatever_labels_were_covered_before():
    # "the other 3 regions are scored for all players (yourself included) ... (Whether other region labels
    # were covered previously is irrelevant here.)" Unknown's label is covered already; Ana covers Southern's
    # (3 VP, the catalog's label reward) and is paid for her presences in Unknown (6), New Hope (9) and
    # Boonlake (19), Ben for his in Boonlake (24); Ana's in Southern (27) pays nothing.
    s = state_of()
    s.covered = {"unknown"}
    for space, seat in ((6, ANA), (9, ANA), (19, ANA), (27, ANA), (24, BEN)):
        s.sites[(space, 0)] = (seat, Piece.INHABITANT)
    play(s, A("action", strip="region_scoring"), A("pass"), A("region", region="southern"))
    assert [p.coins for p in s.players] == [6 + 3, 7 + 1] and s.covered == {"unknown", "southern"}
    assert s.ledger.totals[ANA] == 3
    s = state_of()
    s.covered = {"southern"}  # "whose region-label reward is not yet covered by a region marker"
    play(s, A("action", strip="region_scoring"), A("pass"))
    refused(s, A("region", region="southern"), "BOON.REGION.COVERED", "/region")


# -- Phase B and the locks -----------------------------------------------------------------------

def test_a_ship_on_the_final_space_has_no_step_to_make():
    # "You cannot move beyond the final space": no ship move is asked for, the turn ends after phase A.
    s = state_of()
    s.rnd, s.end_triggered = 2, True
    s.players[ANA].ship = "L16"
    play(s, A("action", strip="builder"), A("pass"), A("pass"), B("pass"))
    assert s.step is Step.ACTION and s.current == BEN and s.players[ANA].ship == "L16"


def test_the_first_ship_across_a_lock_starts_an_interim_scoring_after_its_turn_the_next_does_not():
    # "If, during a round, you are the first player to move your ship across a lock, an interim scoring
    # immediately follows your turn (all players take part). If another player has already crossed
    # that lock this round, you do not trigger a scoring." Lock 1 lies between river spaces 15 and 16.
    s = state_of()
    s.players[ANA].ship, s.players[BEN].ship = "15", "14"
    play(ship_step(s, ANA, 1), A("ship", to="16"))
    assert s.step is Step.INTERIM and s.window.label == "interim scoring 1"
    play(s, A("score", tile="T01"), B("score", tile="T05"))
    unseen_cards(s)
    assert s.step is Step.ACTION and s.current == BEN and s.scorings == 1
    play(ship_step(s, BEN, 2), B("ship", to="16"))  # 15 is free again: 2 steps, across lock 1 too
    assert s.step is Step.ACTION and s.current == ANA and s.scorings == 1 and s.window is None


@pytest.mark.parametrize("trigger", [ANA, BEN])
def test_the_last_interim_scoring_waits_for_the_player_right_of_the_starting_player(trigger):
    # "The last (end of the second round) is triggered when someone moves onto the last river space,
    # but the round continues until all players have had the same number of turns (until the player to
    # the right of the starting player has played)". Ana holds the starting player token.
    s = state_of()
    s.rnd, s.scorings, s.crossed = 2, 3, {"lock-1"}
    s.players[ANA].ship, s.players[BEN].ship = ("L15", "L10") if trigger == ANA else ("L10", "L15")
    play(ship_step(s, trigger, 1), {"type": "ship", "player": s.ids[trigger], "to": "L16"})
    if trigger == ANA:  # Ben still has his turn
        assert s.step is Step.ACTION and s.current == BEN and s.scorings == 3
        play(s, B("action", strip="builder"), B("pass"), A("pass"), B("pass"), B("ship", to="L11"))
    assert s.step is Step.INTERIM and s.window.label == "interim scoring 4"
    coins = [p.coins for p in s.players]
    play(s, A("score", tile="T01"), B("score", tile="T05"))
    # "At the last interim scoring, players get only the victory points; cards and coins are wasted."
    assert [p.coins for p in s.players] == coins and not s.draws and s.step is Step.END


# -- Interim Scoring ------------------------------------------------------------------------------

def interim(s=None):
    s = s or state_of()
    s.scorings_due = 1
    open_interim(s)
    return s


def test_interim_scoring_plays_no_discard_no_develop_and_every_player_must_score():
    # "either play 1 card of any kind (discarding for 2 coins is not allowed) or upgrade (developing is
    # not allowed)"; "You must score for one tile even if you cannot fulfill its condition."
    s = interim()
    refused(s, A("discard", card="D01"), "CORE.SIMULTANEOUS.INCOMPLETE")
    refused(s, A("develop", space=9, site=1), "CORE.SIMULTANEOUS.INCOMPLETE")
    refused(s, A("pass"), "CORE.SIMULTANEOUS.INCOMPLETE")
    play(s, A("score", tile="T09"))
    # step 1 comes before step 2: once Ana scored, she plays nothing more at this scoring
    refused(s, A("play", card="D01", boats=[5, 6]), "CORE.SIMULTANEOUS.TWICE")


def test_interim_income_counts_the_vacated_recesses_and_region_markers_come_off():
    # "b. Coins and victory points for all vacated spaces on your player board"; the catalog's tier 1:
    # h1 1 coin, c1 1 VP, the bonus inhabitant i1 2 coins. "Remove all region markers placed on
    # region-label rewards (so they can be chosen again at region scoring)."
    s = state_of()
    s.players[ANA].vacated |= {"h1", "c1", "i1"}
    s.covered = {"southern", "unknown"}
    interim(s)
    play(s, A("score", tile="T09"), B("score", tile="T05"))
    track = CAT.tracks["coin"][0]
    assert s.players[ANA].coins == 6 + track.income + 1 + 2
    assert s.ledger.by_category(ANA)["income"] == track.vp + CAT.tracks["card"][0].vp + 1
    assert s.covered == set()


def _presence(*spaces):
    def put(s):
        for space in spaces:
            s.tiles.setdefault(space, "B18" if space != 10 else "B19")
            s.sites[(space, 0)] = (ANA, Piece.INHABITANT)
    return put


def _set(**fields):
    def put(s):
        for name, value in fields.items():
            setattr(s.players[ANA], name, value)
    return put


@pytest.mark.parametrize("tile, prepare, met", [
    # the first value of each tile's condition (catalog scoring_tiles), just met and just missed
    ("T04", _set(coin_track=2), True), ("T04", _set(coin_track=1, card_track=5), False),  # coin track 2
    ("T06", _set(coin_track=3, card_track=1), True), ("T06", _set(coin_track=3), False),  # the lower marker 1
    ("T07", _set(sites=[1, 1, 0, 0]), True), ("T07", _set(sites=[2, 0, 0, 0]), True),  # 2 site levels
    ("T07", lambda s: None, False),  # the set-up site alone
    ("T08", _presence(9, 10), True), ("T08", _presence(6, 9), False),  # 2 adjacent tiles (9-10; 6 and 9 are not)
    ("T09", _set(levers={"m4": True}), True), ("T09", lambda s: None, False),  # 1 lever, used or not
    ("T10", _set(cattle_placed=1), True), ("T11", _set(vacated={"s1"}, settlements_removed=1), True),
    ("T11", _set(vacated={"h1"}), False),
    ("T12", _presence(8), True), ("T12", _presence(9), False),  # next to a bridge: 8 is, 9 is not
    ("T16", _set(played=["S05", "S06"], projects={"T13": "day"}), True),  # 2 sunset, 1 day (a project)
    ("T16", _set(played=["D01", "D03"], projects={"T13": "sunset"}), True),  # either way round
    ("T16", _set(played=["S05", "S06"]), False),
])
def test_each_scoring_category_is_measured_on_the_board(tile, prepare, met):
    # "Marker advanced at least the given spaces ...; The lower of your two income-track markers ...;
    # The indicated number of production sites built; At least 1 presence on the depicted number of
    # adjacent building tiles; The depicted number of levers on your board; ... cattle removed ...;
    # ... settlements removed; ... presences on building tiles next to bridges; Played enough sunset
    # and day cards: top number for one kind, bottom number for the other (special projects count as
    # a played card of a kind of your choice)". Not Ana's own tile: plus or minus the marker's 1 VP.
    s = state_of()
    s.scoring_tiles = ["T01", "T05", tile, "T14"]
    prepare(s)
    interim(s)
    play(s, A("score", tile=tile))
    assert s.ledger.by_category(ANA)["scoring_tiles"] == (1 if met else -1)


# -- Final Scoring --------------------------------------------------------------------------------

def test_final_scoring_counts_the_card_symbols_and_game_end_effects():
    # "Earn victory points for each card you have played (per the number on its symbol)"; D03 shows 4,
    # D26 0 with "1 VP per house removed from your board" (2 removed).
    s = state_of()
    p = s.players[ANA]
    p.played = ["D03", "D26"]
    p.vacated |= {"h1", "h2"}
    p.houses_removed = 2
    final_scoring(s)
    cats = s.ledger.by_category(ANA)
    assert cats["cards"] == 4 and cats["game_end_cards"] == 2


# -- Lever Effects ---------------------------------------------------------------------------------

def test_the_region_lever_gives_1_vp_per_presence_besides_the_coins():
    # "At a region scoring, get 1 victory point in addition to 1 coin per presence." Read per presence:
    # a lever used goes without the 1 VP an unused lever earns at the next interim scoring, so a flat
    # 1 VP would make the lever worth exactly nothing. Ana has a presence in Unknown (6), New Hope (9)
    # and Boonlake (19); she covers Southern's label (3 VP): 3 coins and 3 VP for the other regions.
    s = state_of()
    s.players[ANA].levers = {"m6": False}
    for space in (6, 9, 19):
        s.sites[(space, 0)] = (ANA, Piece.INHABITANT)
    s.sites[(27, 0)] = (ANA, Piece.INHABITANT)  # in Southern, the region not scored
    play(s, A("action", strip="region_scoring"), A("pass"), A("region", region="southern"))
    coins, vp = s.players[ANA].coins, s.ledger.totals[ANA]
    play(s, A("lever", lever="m6"))
    assert s.players[ANA].coins == coins + 3 and s.ledger.totals[ANA] == vp + 3


# -- Set-Up ----------------------------------------------------------------------------------------

def test_four_players_mix_the_ten_tiles_over_the_ten_spaces_two_players_use_their_six_only():
    # 4 players: "Mix the 10 building tiles showing one of the three matching symbols and put them face up
    # on the 10 matching spaces. (You don't have to put a tile on a space showing the same symbol.)"
    # 1 or 2 players: "Mix the 6 building tiles showing the matching back symbol ... Remove the 4 other".
    import random

    ids = ("ana", "ben", "cy", "dee")
    setup = GAME.random_setup(random.Random(11), 4, {})
    setup["players"] = dict(zip(ids, setup["players"].values()))
    spaces = sorted(CAT.spaces[int(k)].start_symbol + f"/{int(k):02}" for k in setup["tiles"])
    tiles = sorted(setup["tiles"].values(), key=lambda t: (CAT.building_tiles[t].back, t))
    tiles = tiles[-1:] + tiles[:-1]  # every tile moved one space on: a 4-player tile on a 1-2 player space ...
    setup["tiles"] = {str(int(sp[-2:])): t for sp, t in zip(spaces, tiles)}
    assert any(CAT.building_tiles[t].back != CAT.spaces[int(k)].start_symbol for k, t in setup["tiles"].items())
    s = state_of(setup, ids)
    assert s.tiles == {int(k): t for k, t in sorted(setup["tiles"].items(), key=lambda kv: int(kv[0]))}
    two_player = copy.deepcopy(SETUP)
    two_player["tiles"]["6"] = next(t for t, tile in CAT.building_tiles.items() if tile.back == "players-3")
    with pytest.raises(IllegalMove) as exc:
        state_of(two_player)
    assert exc.value.code == "BOON.SETUP.TILES" and exc.value.pointer == "/setup/tiles/6"


# -- Phase A ---------------------------------------------------------------------------------------

def test_the_middle_effects_go_left_to_right_each_may_be_omitted():
    # "Then carry out all effects shown in the middle of the strip, left of the arrow, from left to right.
    # You may omit some effects." Pioneer: "explore twice, then either develop once or upgrade once".
    s = play(state_of(), A("action", strip="pioneer"), A("pass"))
    refused(s, A("develop", space=9, site=1), "BOON.TURN.WRONG_STEP", "/type")  # the explores come first
    play(s, A("pass"), A("explore", space=15, tile="B18"))
    assert s.middle == ["develop_or_upgrade"]
    refused(s, A("explore", space=10, tile="B19"), "BOON.TURN.WRONG_STEP", "/type")  # no third explore
    play(s, A("develop", space=15, site=1))  # B18: 2 sites
    assert s.step is Step.RIGHT and s.window.seats == frozenset({BEN})


# -- Solo ------------------------------------------------------------------------------------------

def test_solo_the_player_takes_the_last_action():
    # "Since the Wise Eminence begins the game, you take the last action": their ship onto the last river
    # space in round 2, then the player's turn, then the fourth interim scoring and the final scoring.
    from .make_solo_cases import FIRST_TURNS
    from .test_solo_engine import new

    s = new()
    s.rnd, s.scorings, s.crossed = 2, 3, {"lock-1"}
    s.solo.ship, s.players[0].ship = "L15", "L10"
    play(s, FIRST_TURNS[0], A("pass"))
    assert s.solo.ship == "L16" and s.step is Step.ACTION and s.current == 0 and s.scorings == 3
    play(s, A("action", strip=s.strips[0]))
    while s.step is not Step.SHIP:
        play(s, A("pass"))
    play(s, A("ship", to="L11"))
    assert s.step is Step.INTERIM and s.window.label == "interim scoring 4"
    play(s, A("score", tile="T09"))
    assert s.step is Step.END


def test_solo_a_top_row_lever_on_their_strip_after_one_on_your_own():
    # "If you have more than one of these 3 top-row levers and forgo that part, you may use only 1 of them"
    # - per action: having forgone the right side of your own strip with one, you may forgo the right side
    # of the Wise Eminence's next strip ("you may carry out the strip's right-side part") with another.
    from .make_solo_cases import FIRST_TURNS
    from .test_solo_engine import new

    s = new()
    s.players[0].levers = {"m1": False, "m2": False}
    play(s, FIRST_TURNS[0], A("pass"))
    play(s, A("action", strip="hire"), A("pass"), A("pass"))  # Hire's right side: Ana alone decides
    play(s, A("lever", lever="m2", modernize="m5"))  # "Modernize once", the all-players part forgone
    assert "m5" in s.players[0].levers and s.step is Step.SHIP
    play(s, A("ship", to=GAME.legal_moves(s)[0]["to"]))
    while not (s.step is Step.RIGHT and 0 in GAME.acting_seats(s)):  # the Wise Eminence's next turn
        play(s, GAME.legal_moves(s)[0])
    vases = s.players[0].vases
    play(s, A("lever", lever="m1"))  # "Take 1 vase", forgoing the right side of their strip
    assert s.players[0].vases == vases + 1 and s.players[0].levers["m1"]


# -- the audit document itself ---------------------------------------------------------------------

AUDIT = __import__("pathlib").Path(__file__).with_name("AUDIT.md")


def _audit_rows():
    return audit_rows(AUDIT)


def test_every_test_and_case_the_audit_names_exists():
    rows = _audit_rows()
    assert all(len(cells) == 5 for _, cells in rows)
    cases = AUDIT.parent.parent / "cases" / "boonlake"
    missing, named = missing_references(rows, AUDIT.parent, [cases, cases / "solo"], "BOON")
    assert named > 200 and not missing


def test_the_counts_are_those_of_the_rows():
    from collections import Counter

    kinds = ("covered", "audit", "fixed", "reading", "open")
    per: dict[str, Counter] = {}
    for section, cells in _audit_rows():
        assert verdict(cells) in kinds, cells
        per.setdefault(section, Counter())[verdict(cells)] += 1
    text = AUDIT.read_text(encoding="utf-8")
    rows = {}
    for line in text.split("## Counts", 1)[1].split("\n## ", 1)[0].splitlines()[3:]:
        if line.startswith("| "):
            cells = [c.strip().strip("*") for c in line.strip().strip("|").split("|")]
            rows[cells[0]] = [int(c) for c in cells[1:]]
    total = rows.pop("total")
    assert len(rows) == len(per)
    for (name, numbers), (section, counts) in zip(rows.items(), per.items()):
        assert numbers == [sum(counts.values())] + [counts[k] for k in kinds], (name, section, counts)
    assert total == [sum(c) for c in zip(*rows.values())]
