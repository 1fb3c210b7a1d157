"""What upgrades, cattle, hiring, boats, levers and cards cost: pure functions of the rules text's
numbers. An impossible choice raises :class:`CostError` with a sentence a player understands.

Readings (the package docstring gives the reasons): the 4-VP substitution replaces only the
*additional* inhabitants of the third and fourth settlement and of the fourth and fifth cattle;
"give up 1 fewer inhabitant" lowers the base first and then the additional ones, never below 0.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
HOUSE_INHABITANTS = 1  #: "Give up 1 inhabitant from your ranch."
HIRE_COINS = 3  #: "pay 3 coins or discard 3 cards to take 1 inhabitant"
HIRE_CARDS = 3


class CostError(ValueError):
    """A payment the rules do not allow.

    The one of the package's errors a log's choice reaches (a fifth settlement, too many
    inhabitants substituted): ``building.upgrade`` and ``building.place_cattle`` turn it into
    BOON.UPGRADE.MAX_SETTLEMENTS or BOON.UPGRADE.SUBSTITUTE with the move's pointer; a full pasture
    and a sixth cattle are refused before (BOON.CATTLE.FULL, BOON.CATTLE.NONE_LEFT)."""


@dataclass(frozen=True, slots=True)
class Payment:
    """Inhabitants given up from the ranch and victory points given up."""

    inhabitants: int
    vp: int


def _with_extra(base: int, extra: int, substitutions: int, eased: int, what: str) -> Payment:
    if substitutions < 0 or eased < 0:
        raise CostError("substitutions and reductions cannot be negative")
    if substitutions > extra:
        raise CostError(f"the {what} asks for {extra} additional inhabitant(s); "
                        f"{substitutions} cannot be replaced by victory points")
    base_left = max(0, base - eased)
    extra_left = max(0, extra - substitutions - max(0, eased - base))
    return Payment(base_left + extra_left, SUBSTITUTE_VP * substitutions)


def settlement_payment(nth: int, substitutions: int = 0, eased: int = 0, second_in_region: bool = False) -> Payment:
    """Upgrading a house to the player's ``nth`` settlement (1-4).

    ``substitutions``: additional inhabitants replaced by 4 VP each; ``eased``: "give up 1 fewer
    inhabitant" effects in force (cards, lever; cumulative); ``second_in_region``: the player already
    built a settlement in that region (5 VP more).

    :raises CostError: a fifth settlement, or more substitutions than additional inhabitants.
    """
    if not 1 <= nth <= MAX_SETTLEMENTS:
        raise CostError(f"a player builds at most {MAX_SETTLEMENTS} settlements; this would be number {nth}")
    pay = _with_extra(SETTLEMENT_INHABITANTS, SETTLEMENT_EXTRA.get(nth, 0), substitutions, eased, f"settlement no. {nth}")
    return Payment(pay.inhabitants, pay.vp + (SECOND_IN_REGION_VP if second_in_region else 0))


def settlement_presences_needed(eased: int = 0) -> int:
    """Adjacent presences a house needs to become a settlement: 3, one fewer per easing effect."""
    return max(0, SETTLEMENT_PRESENCES - eased)


def cattle_payment(on_pasture: int, nth: int, substitutions: int = 0, discount: int = 0) -> Payment:
    """Placing the player's ``nth`` cattle (1-5) on a pasture already holding ``on_pasture`` cattle:
    "Give up 1/2/3/4 inhabitants from your ranch if the pasture holds 0/1/2/3 cattle", plus the
    fourth and fifth cattle's additional inhabitants; ``discount``: "give up 1 fewer inhabitant per
    cattle placed (cumulative)".

    :raises CostError: the pasture is full, a sixth cattle, or too many substitutions.
    """
    if not 0 <= on_pasture <= MAX_CATTLE_ON_PASTURE:
        raise CostError(f"a pasture takes cattle while it holds at most {MAX_CATTLE_ON_PASTURE}; this one holds {on_pasture}")
    if not 1 <= nth <= MAX_CATTLE:
        raise CostError(f"a player has {MAX_CATTLE} cattle; this would be number {nth}")
    return _with_extra(on_pasture + 1, CATTLE_EXTRA.get(nth, 0), substitutions, discount, f"cattle no. {nth}")


def cattle_coins(adjacent_houses: int, bonus: int = 0) -> int:
    """Coins for placing a cattle: 2 per adjacent house (any owner) plus permanent bonuses."""
    return COINS_PER_ADJACENT_HOUSE * adjacent_houses + bonus


def house_payment(free: bool = False) -> int:
    """Inhabitants given up to upgrade an inhabitant to a house (none with the card effect)."""
    return 0 if free else HOUSE_INHABITANTS


def hire_cost(by_coins: int, by_cards: int) -> tuple[int, int]:
    """Coins and cards paid for ``by_coins`` + ``by_cards`` inhabitants at Hire (each paid one way:
    "You may not mix payment for a single inhabitant").

    :raises CostError: a negative number.
    """
    if by_coins < 0 or by_cards < 0:
        raise CostError("the number of inhabitants hired cannot be negative")
    return HIRE_COINS * by_coins, HIRE_CARDS * by_cards


def boat_move_cost(start: int, end: int, upstream_coins: int, free_upstream: bool = False) -> int:
    """Coins to move a boat along the canal: "downstream (right) for free ...; moving a boat
    upstream (left) any number of steps costs 2 coins" (the lever makes one such move free)."""
    return upstream_coins if end < start and not free_upstream else 0


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


def can_pay(cost_coins: int, cost_vases: int, cost_resources: Sequence[int], coins: int, vases: int,
            available: Sequence[int], coin_discount: int = 0, jokers: int = 0) -> bool:
    """Whether a card or special project can be paid: coins after discounts, vases, and resources
    shown (not given up) with at most ``jokers`` of them waived."""
    return (discounted(cost_coins, coin_discount) <= coins and cost_vases <= vases
            and missing_resources(cost_resources, available) <= jokers)
