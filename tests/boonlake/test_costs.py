"""Costs: every number from rules/boonlake.txt, quoted beside its test."""
from __future__ import annotations

import pytest

from ludolog.replayer.boonlake.cards import boat_cost
from ludolog.replayer.boonlake.costs import (Payment, cattle_coins, cattle_payment, discounted, missing_resources,
                                             resources_available, settlement_payment, settlement_presences_needed)
from ludolog.replayer.core import IllegalMove

RESOURCES = ("stone", "iron", "loam", "wood")


def test_first_and_second_settlement_cost_two_inhabitants():
    # "Give up 2 inhabitants from your ranch."
    assert settlement_payment(1) == settlement_payment(2) == Payment(2, 0)


def test_third_settlement_surcharge_and_its_substitution():
    # "If this is your third settlement, also give up 1 additional inhabitant or 4 victory points."
    assert settlement_payment(3) == Payment(3, 0)
    assert settlement_payment(3, substitutions=1) == Payment(2, 4)
    with pytest.raises(IllegalMove, match="1 additional"):
        settlement_payment(3, substitutions=2)


def test_fourth_settlement_substitutions():
    # "If it is your fourth, give up 2 additional inhabitants, or substitute either/both with 4 victory points each."
    assert settlement_payment(4) == Payment(4, 0)
    assert settlement_payment(4, substitutions=1) == Payment(3, 4)
    assert settlement_payment(4, substitutions=2) == Payment(2, 8)
    with pytest.raises(IllegalMove):
        settlement_payment(4, substitutions=3)


def test_second_settlement_in_a_region_costs_5_vp():
    # "If you already built another settlement in the same region ..., give up 5 victory points."
    assert settlement_payment(2, second_in_region=True) == Payment(2, 5)
    assert settlement_payment(4, substitutions=2, second_in_region=True) == Payment(2, 13)


def test_eased_settlements():
    # "upgrade 1 house to a settlement giving up 1 fewer inhabitant and requiring 1 fewer adjacent presence
    # (these are cumulative with similar effects)"
    assert settlement_payment(1, eased=1) == Payment(1, 0)
    assert settlement_presences_needed(0) == 3 and settlement_presences_needed(1) == 2
    assert settlement_payment(1, eased=2) == Payment(0, 0) and settlement_presences_needed(2) == 1
    assert settlement_payment(3, eased=3) == Payment(0, 0)
    assert settlement_presences_needed(5) == 0


def test_cattle_inhabitants_by_the_pasture():
    # "Give up 1/2/3/4 inhabitants from your ranch if the pasture holds 0/1/2/3 cattle."
    assert [cattle_payment(k, 1).inhabitants for k in range(4)] == [1, 2, 3, 4]


def test_fourth_and_fifth_cattle_surcharges():
    # "If this is your fourth cattle overall, also give up 1 additional inhabitant or 4 victory points; if it is your
    # fifth, give up 2 additional inhabitants, or substitute either/both with 4 victory points each."
    assert cattle_payment(0, 4) == Payment(2, 0) and cattle_payment(0, 4, substitutions=1) == Payment(1, 4)
    assert cattle_payment(2, 5) == Payment(5, 0)
    assert cattle_payment(2, 5, substitutions=1) == Payment(4, 4)
    assert cattle_payment(2, 5, substitutions=2) == Payment(3, 8)
    assert cattle_payment(0, 3) == Payment(1, 0)


def test_cattle_discount_and_coins():
    # "give up 1 fewer inhabitant per cattle placed (cumulative)"; "+2 coins per cattle placed (cumulative)"
    assert cattle_payment(1, 1, discount=1) == Payment(1, 0)
    assert cattle_payment(0, 1, discount=2) == Payment(0, 0)
    # "Take 2 coins for each house (any owner) on a building tile adjacent to the chosen pasture."
    assert cattle_coins(3) == 6 and cattle_coins(1, bonus=2) == 4


def test_boats():
    # "You may move boats any number of steps downstream (right) for free ...; moving a boat upstream (left) any
    # number of steps costs 2 coins."
    assert boat_cost([1, 2], [2, 7], upstream_coins=2) == 0 and boat_cost([3, 3], [3, 3], upstream_coins=2) == 0
    assert boat_cost([1, 7], [1, 1], upstream_coins=2) == 2 and boat_cost([2, 3], [1, 2], upstream_coins=2) == 2
    # the cheaper assignment: boats at 2 and 6 moved to 5 and 1 is one boat upstream (2 -> 1), not two
    assert boat_cost([2, 6], [1, 5], upstream_coins=2) == 2
    # lever: "Move 1 boat upstream (left) any number of steps for free."
    assert boat_cost([1, 7], [1, 1], upstream_coins=2, free=1) == 0


def test_starting_resources():
    # "At game start you have 3 resources available: 1 of your production-site type plus 2 wood"
    canal = ("wood", "wood", "loam", "loam", "stone", "stone", "iron", "iron")
    assert resources_available((0, 1, 0, 0), (1, 2), canal, RESOURCES) == (0, 1, 0, 2)
    # "a level-2 site always produces 2 resources of that type"; a boat gives 1 of the type next to it
    assert resources_available((2, 0, 0, 0), (5, 8), canal, RESOURCES) == (3, 1, 0, 0)


def test_resource_jokers_and_coin_discounts():
    # "the cost decreases by 1 resource of a type of your choice (e.g., 2 iron instead of 3, or 0 wood instead of 1)"
    need = (0, 3, 0, 1)
    assert missing_resources(need, (0, 2, 0, 1)) == 1 and missing_resources(need, (0, 3, 0, 0)) == 1
    assert missing_resources(need, (1, 4, 0, 1)) == 0
    # "card coin costs reduced by 1 (also for special projects; cumulative, never below 0)"
    assert discounted(3, 1) == 2 and discounted(1, 3) == 0
