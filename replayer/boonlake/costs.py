"""What upgrades, cattle and cards cost: pure functions of the rules text's numbers (the
substitutions and reductions: the package docstring's reading of the surcharges).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import IllegalMove

SETTLEMENT_INHABITANTS = 2  #: "Give up 2 inhabitants from your ranch."
SETTLEMENT_EXTRA = {3: 1, 4: 2}  #: "If this is your third settlement ... 1 additional ... fourth, ... 2 additional"
SETTLEMENT_PRESENCES = 3  #: "It must be adjacent to at least 3 presences"
MAX_SETTLEMENTS = 4  #: "You cannot build more than 4 settlements."
SECOND_IN_REGION_VP = 5  #: "If you already built another settlement in the same region ... give up 5 victory points."
SUBSTITUTE_VP = 4  #: "or substitute either/both with 4 victory points each"
CATTLE_EXTRA = {4: 1, 5: 2}  #: "If this is your fourth cattle ... 1 additional ...; if it is your fifth, ... 2 additional"
MAX_CATTLE_ON_PASTURE = 3  #: "Choose any cattle pasture with no more than 3 cattle."
MAX_CATTLE = 5  #: 5 cattle per player
COINS_PER_ADJACENT_HOUSE = 2  #: "Take 2 coins for each house (any owner) on a building tile adjacent to the chosen pasture."
HIRE_COINS = 3  #: "pay 3 coins or discard 3 cards to take 1 inhabitant"
HIRE_CARDS = 3


@dataclass(frozen=True, slots=True)
class Payment:
    """Inhabitants given up from the ranch and victory points given up."""

    inhabitants: int
    vp: int


def _with_extra(base: int, extra: int, substitutions: int, eased: int, what: str, pointer: str) -> Payment:
    """:raises IllegalMove: BOON.UPGRADE.SUBSTITUTE, more substitutions than additional inhabitants."""
    if substitutions > extra:
        raise IllegalMove("BOON.UPGRADE.SUBSTITUTE", f"the {what} asks for {extra} additional inhabitant(s); "
                                                     f"{substitutions} cannot be replaced by victory points", pointer)
    base_left = max(0, base - eased)
    extra_left = max(0, extra - substitutions - max(0, eased - base))
    return Payment(base_left + extra_left, SUBSTITUTE_VP * substitutions)


def settlement_payment(nth: int, substitutions: int = 0, eased: int = 0, second_in_region: bool = False,
                       pointer: str = "/substitute") -> Payment:
    """Upgrading a house to the player's ``nth`` settlement (1-4).

    ``substitutions``: additional inhabitants replaced by 4 VP each; ``eased``: "give up 1 fewer
    inhabitant" effects in force (cards, lever; cumulative); ``second_in_region``: the player already
    built a settlement in that region (5 VP more).

    :raises IllegalMove: BOON.UPGRADE.SUBSTITUTE.
    """
    extra = SETTLEMENT_EXTRA.get(nth, 0)
    pay = _with_extra(SETTLEMENT_INHABITANTS, extra, substitutions, eased, f"settlement no. {nth}", pointer)
    return Payment(pay.inhabitants, pay.vp + (SECOND_IN_REGION_VP if second_in_region else 0))


def settlement_presences_needed(eased: int = 0) -> int:
    """Adjacent presences a house needs to become a settlement: 3, one fewer per easing effect."""
    return max(0, SETTLEMENT_PRESENCES - eased)


def cattle_payment(on_pasture: int, nth: int, substitutions: int = 0, discount: int = 0) -> Payment:
    """Placing the player's ``nth`` cattle (1-5) on a pasture already holding ``on_pasture`` cattle:
    "Give up 1/2/3/4 inhabitants from your ranch if the pasture holds 0/1/2/3 cattle", plus the
    fourth and fifth cattle's additional inhabitants; ``discount``: "give up 1 fewer inhabitant per
    cattle placed (cumulative)".

    :raises IllegalMove: BOON.UPGRADE.SUBSTITUTE.
    """
    return _with_extra(on_pasture + 1, CATTLE_EXTRA.get(nth, 0), substitutions, discount, f"cattle no. {nth}",
                       "/substitute")


def cattle_coins(adjacent_houses: int, bonus: int = 0) -> int:
    """Coins for placing a cattle: 2 per adjacent house (any owner) plus permanent bonuses."""
    return COINS_PER_ADJACENT_HOUSE * adjacent_houses + bonus


def discounted(coins: int, discount: int) -> int:
    """A coin cost after cumulative discounts: "never below 0"."""
    return max(0, coins - discount)


def resources_available(site_levels: Sequence[int], boats: Sequence[int], canal: Sequence[str],
                        types: Sequence[str]) -> tuple[int, ...]:
    """Resources a player can show, per type in the order of ``types``: each production site gives
    its level, each boat 1 of the type next to its canal space (1-based)."""
    out = list(site_levels)
    for position in boats:
        out[types.index(canal[position - 1])] += 1
    return tuple(out)


def missing_resources(needed: Sequence[int], available: Sequence[int]) -> int:
    """Resources short of a cost, summed over the types; jokers ("reduce its resource cost by 1")
    cover that many."""
    return sum(max(0, n - a) for n, a in zip(needed, available))
