"""Interim and final scoring arithmetic: the numbers the rules text states, over the catalog.

Interim scoring (rules text): "Take the scoring marker of your color showing 1/2/3/4 victory
points at the 1st/2nd/3rd/4th interim scoring ... earn the points indicated if you meet the
condition; otherwise, subtract those points. On your set-up-chosen tile (marked "x2"), the plus or
minus points are doubled." Final scoring: "if you have 4-6 levers on your board, earn 2 VP per
lever; with 7 or more, earn 3 VP per lever (e.g., 21 VP for 7 levers)"; tiers 3/4/5 give 2/4/6 VP
per vacated recess.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .catalog import Catalog, Condition, Effect, TrackSpace
from .effects import ConditionKind, EffectKind


def lever_vp(levers: int) -> int:
    """Final scoring of levers: 2 VP each with 4-6, 3 VP each with 7 or more, none below 4."""
    if levers >= 7:
        return 3 * levers
    return 2 * levers if levers >= 4 else 0


def tier_vp(cat: Catalog, vacated: Collection[str]) -> int:
    """Final scoring of the player board: each vacated recess of tiers 3-5 gives its tier's VP."""
    return sum(cat.recesses[rid].final_vp for rid in vacated)


def interim_tile_vp(scoring: int, met: bool, own_tile: bool) -> int:
    """VP from the scoring tile chosen at the ``scoring``-th interim scoring: plus or minus the value
    of that scoring's marker (1-4), doubled on the player's own (set-up-chosen) tile."""
    value = scoring * (2 if own_tile else 1)
    return value if met else -value


def condition_met(cond: Condition, scoring: int, measured) -> bool:
    """Whether a player's measured value meets the condition. For the pair categories (two regions,
    two card kinds) ``measured`` is the pair of counts in the order of ``cond.regions`` or
    ``cond.kinds``; "the top number ... in one ... and the bottom number in the other" is met by
    either assignment. For the paying categories ``measured`` is how often the player paid."""
    target = cond.values[scoring - 1]  # "fulfill the first value at the first scoring, and so on"
    if cond.kind in (ConditionKind.TWO_REGIONS, ConditionKind.PLAYED_KINDS):
        a, b = measured
        top, bottom = target
        return (a >= top and b >= bottom) or (b >= top and a >= bottom)
    return measured >= target


@dataclass(frozen=True, slots=True)
class TrackAdvance:
    position: int
    rewards: tuple[Effect, ...]  # rewards reached, in order
    wasted: int  # steps beyond the last space
    vp: int  # 2 VP per wasted step


def advance_track(track: Sequence[TrackSpace], position: int, steps: int, wasted_step_vp: int) -> TrackAdvance:
    """Advance an income-track marker: "when it crosses a reward, you get it immediately"; "If a
    marker is on the last track space and would advance further, that step is wasted but you earn
    2 victory points per forfeited step."
    """
    last = len(track) - 1
    end = min(last, position + steps)
    wasted = position + steps - end
    rewards = tuple(s.reward for s in track[position + 1:end + 1] if s.reward is not None)
    return TrackAdvance(end, rewards, wasted, wasted * wasted_step_vp)


@dataclass(frozen=True, slots=True)
class Income:
    coins: int
    cards: int
    vp: int


def interim_income(cat: Catalog, coin_position: int, card_position: int, vacated: Collection[str],
                   cattle_settlements: Sequence[int] = (), last: bool = False) -> Income:
    """A player's income at an interim scoring: both tracks' values, the vacated recesses' coins and
    VP, and 1 VP per settlement adjacent to each of their cattle (``cattle_settlements``: one count
    per cattle). "At the last interim scoring, players get only the victory points; cards and coins
    are wasted."
    """
    coin_track, card_track = cat.tracks["coin"], cat.tracks["card"]
    coins = coin_track[coin_position].income
    cards = card_track[card_position].income
    vp = coin_track[coin_position].vp + card_track[card_position].vp + sum(cattle_settlements)
    for rid in vacated:
        rec = cat.recesses[rid]
        coins += rec.coins
        vp += rec.vp
    return Income(0, 0, vp) if last else Income(coins, cards, vp)


def threshold_vp(effect: Effect, value: int) -> int:
    """A game-end threshold card: "reaching the top number gives the lower VP, reaching the bottom
    number gives the higher VP, and not reaching the top gives none"."""
    if value >= effect.get("high"):
        return effect.get("high_vp")
    return effect.get("low_vp") if value >= effect.get("low") else 0


#: the game-end effects counting pieces removed from the board, and what each counts
_REMOVED = {EffectKind.VP_PER_HOUSE_REMOVED: "houses_removed", EffectKind.VP_PER_CATTLE_REMOVED: "cattle_removed",
            EffectKind.VP_PER_SETTLEMENT_REMOVED: "settlements_removed"}


def game_end_vp(effect: Effect, counts: Mapping[str, int], regions: Mapping[str, int]) -> int:
    """VP of one game-end card effect: "1 VP per presence in the region shown; 1 VP per production
    site built (level-2 sites give 2); 1 VP per house removed from your board; 1 VP per cattle
    removed; 2 VP per settlement removed", and the thresholds (:func:`threshold_vp`), over the
    player's ``counts`` (:func:`.interim.counts`) and presences per region."""
    k = effect.kind
    if k is EffectKind.VP_PER_PRESENCE_IN_REGION:
        return regions.get(effect.get("region"), 0)
    if k is EffectKind.VP_PER_PRODUCTION_SITE:
        return counts["production_sites"]
    if k is EffectKind.VP_THRESHOLD:
        return threshold_vp(effect, counts[effect.get("measure")])
    return effect.get("n") * counts[_REMOVED[k]]
