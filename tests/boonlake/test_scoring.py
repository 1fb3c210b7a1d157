"""Scoring arithmetic: the rules text's numbers and worked example ("21 VP for 7 levers")."""
from __future__ import annotations

from ludolog.replayer.boonlake.catalog import Condition, Effect, TrackSpace, default_catalog
from ludolog.replayer.boonlake.effects import ConditionKind, EffectKind
from ludolog.replayer.boonlake.scoring import (advance_track, condition_met, interim_income, interim_tile_vp, lever_vp,
                                               threshold_vp, tier_vp)


def test_levers_at_the_final_scoring():
    # "if you have 4-6 levers on your board, earn 2 VP per lever; with 7 or more, earn 3 VP per lever
    # (e.g., 21 VP for 7 levers)"
    assert lever_vp(7) == 21
    assert [lever_vp(n) for n in (4, 5, 6)] == [8, 10, 12]
    assert lever_vp(12) == 36
    assert [lever_vp(n) for n in (0, 1, 2, 3)] == [0, 0, 0, 0]


def test_tiers_three_to_five():
    # "For each recess in the third tier from which you removed a piece: 2 VP. ... fourth ...: 4 VP. ... fifth ...: 6 VP."
    cat = default_catalog()
    tier3, tier4, tier5 = (cat.tiers[t][0] for t in (2, 3, 4))
    assert tier_vp(cat, [r.id for r in tier3]) == 2 * len(tier3)
    assert tier_vp(cat, [tier4[0].id, tier5[0].id]) == 4 + 6
    top = [r.id for r in cat.tiers[0][0] + cat.tiers[1][0]]
    assert tier_vp(cat, top) == 0  # only tiers 3-5 score at the end


def test_interim_scoring_tile_values():
    # "Take the scoring marker of your color showing 1/2/3/4 victory points at the 1st/2nd/3rd/4th interim scoring"
    assert [interim_tile_vp(k, met=True, own_tile=False) for k in (1, 2, 3, 4)] == [1, 2, 3, 4]
    # "earn the points indicated if you meet the condition; otherwise, subtract those points"
    assert interim_tile_vp(1, met=True, own_tile=False) == 1
    assert interim_tile_vp(3, met=False, own_tile=False) == -3
    # "On your set-up-chosen tile (marked "x2"), the plus or minus points are doubled."
    assert interim_tile_vp(4, met=True, own_tile=True) == 8
    assert interim_tile_vp(2, met=False, own_tile=True) == -4


def test_conditions_with_one_value_and_with_two():
    single = Condition(ConditionKind.LEVERS, (1, 3, 5, 7))
    # "fulfill the first value at the first scoring, and so on"
    assert condition_met(single, 1, 1) and not condition_met(single, 2, 2) and condition_met(single, 4, 7)
    pair = Condition(ConditionKind.TWO_REGIONS, ((2, 1), (3, 2), (4, 3), (5, 4)), regions=("boonlake", "southern"))
    # "need the top number of presences in one region and the bottom number in the other"
    assert condition_met(pair, 2, (3, 2)) and condition_met(pair, 2, (2, 3))
    assert not condition_met(pair, 2, (3, 1)) and not condition_met(pair, 2, (2, 2))


def test_paying_scoring_tiles():
    # "Give up 1 inhabitant or 5 coins ... the indicated number of times, getting 2 VP each time"
    tile = Condition(ConditionKind.PAY_INHABITANT_OR_COINS, (1, 2, 3, 4), coins=5, vp=2)
    assert condition_met(tile, 3, 3) and not condition_met(tile, 3, 2)


def test_income_track_rewards_and_wasted_steps():
    reward = Effect(EffectKind.TAKE_VASES, (("n", 1),))
    track = [TrackSpace(i, 2 + i, 0, reward if i == 2 else None) for i in range(5)]
    # "when it crosses a reward, you get it immediately"
    moved = advance_track(track, 1, 2, wasted_step_vp=2)
    assert (moved.position, moved.rewards, moved.wasted, moved.vp) == (3, (reward,), 0, 0)
    # "If a marker is on the last track space and would advance further, that step is wasted but you earn
    # 2 victory points per forfeited step."
    moved = advance_track(track, 3, 3, wasted_step_vp=2)
    assert (moved.position, moved.wasted, moved.vp) == (4, 2, 4)


def test_interim_income_and_the_last_one():
    cat = default_catalog()
    coin, card = cat.tracks["coin"][3], cat.tracks["card"][5]
    rec = cat.tiers[0][0][0]
    income = interim_income(cat, 3, 5, [rec.id], cattle_settlements=[2, 1])
    # income from both markers, the vacated recess, and "1 victory point per settlement on the adjacent building tiles"
    assert (income.coins, income.cards, income.vp) == (coin.income + rec.coins, card.income, coin.vp + card.vp + rec.vp + 3)
    # "At the last interim scoring, players get only the victory points; cards and coins are wasted."
    last = interim_income(cat, 3, 5, [rec.id], cattle_settlements=[2, 1], last=True)
    assert (last.coins, last.cards, last.vp) == (0, 0, income.vp)


def test_thresholds():
    # "reaching the top number gives the lower VP, reaching the bottom number gives the higher VP, and not reaching the
    # top gives none"
    t = Effect(EffectKind.VP_THRESHOLD, (("high", 7), ("high_vp", 5), ("low", 4), ("low_vp", 2), ("measure", "levers")))
    assert [threshold_vp(t, v) for v in (3, 4, 6, 7, 9)] == [0, 2, 2, 5, 5]


def test_game_end_card_effects():
    from ludolog.replayer.boonlake.scoring import game_end_vp
    counts = {"production_sites": 5, "houses_removed": 3, "cattle_removed": 2, "settlements_removed": 2,
              "coin_track": 7, "card_track": 3, "levers": 6}
    regions = {"boonlake": 4, "southern": 1}

    def vp(effect):
        return game_end_vp(effect, counts, regions)

    def e(kind, **p):
        return Effect(EffectKind(kind), tuple(sorted(p.items())))
    # "1 VP per presence in the region shown; 1 VP per production site built (level-2 sites give 2); 1 VP per house
    # removed from your board; 1 VP per cattle removed; 2 VP per settlement removed"
    assert vp(e("vp_per_presence_in_region", region="boonlake")) == 4
    assert vp(e("vp_per_presence_in_region", region="unknown")) == 0
    assert vp(e("vp_per_production_site")) == 5
    assert vp(e("vp_per_house_removed", n=1)) == 3
    assert vp(e("vp_per_cattle_removed", n=1)) == 2
    assert vp(e("vp_per_settlement_removed", n=2)) == 4
    assert vp(e("vp_threshold", measure="coin_track", low=6, low_vp=3, high=10, high_vp=6)) == 3
    assert vp(e("vp_threshold", measure="card_track", low=6, low_vp=3, high=10, high_vp=6)) == 0

