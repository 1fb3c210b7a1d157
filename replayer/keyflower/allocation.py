"""The best allocation of workers, skill tiles and resources to the scoring tiles a player owns.

Rulebook, game end scoring: "All other resources, skills and workers can be allocated as required
to the other scoring tiles. No transport is required. Each item can only be scored once and can
only be allocated to one bonus tile." White Wind: "If the worker is already being scored by the
apothecary, craftsman's guild, Key market or village hall, it cannot also be scored by the White
Wind." Gold: "Gold counters are worth one point each if they have not been allocated to any of the
scoring tiles." Mercer's Guild: gold may stand in for any of the three, "but if it is used in this
way the gold does not then also score 1 point for being gold." Summer boat 3b: "For game end
scoring purposes, gold, iron, stone and wood can be counted in substitution for any other type of
resource."

Players allocate as they like; a strict replay takes the best total the player can reach, which
is what :func:`best_allocation` computes exactly (a search over the typed rules, with the rules
that take items of any type filled last from what is left).
"""
from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

from .catalog import ITEM_TYPES, Scoring, ScoringKind


@dataclass(frozen=True, slots=True)
class Rule:
    """One scoring entry of an owned tile that takes items: ``owner`` is the tile id (for the score lines)."""

    owner: str
    scoring: Scoring


@dataclass(frozen=True, slots=True)
class Allocation:
    points: int
    by_owner: tuple[tuple[str, int], ...]  # points per rule owner, in rule order
    gold_points: int  # points of gold counters left unallocated


def _fits(item: str, wanted: str, scoring: Scoring, any_resource: bool, items: str) -> bool:
    if item == wanted:
        return True
    if items == "resources" and any_resource:
        return True
    return item == scoring.substitute and scoring.substitute != ""


def best_allocation(items: str, counts: dict[str, int], rules: list[Rule], any_resource: bool = False, gold_points: int = 1) -> Allocation:
    """The highest total the ``items`` (``workers``, ``skills`` or ``resources``) in ``counts`` earn
    from ``rules`` (all of that item class); for resources, unallocated gold scores ``gold_points`` each.
    ``any_resource``: summer boat 3b.
    """
    types = ITEM_TYPES[items]
    return _best(items, tuple(counts.get(t, 0) for t in types), tuple(rules), any_resource, gold_points)


@functools.lru_cache(maxsize=4096)
def _best(items: str, start: tuple[int, ...], rules: tuple[Rule, ...], any_resource: bool, gold_points: int) -> Allocation:
    types = ITEM_TYPES[items]
    typed = [r for r in rules if r.scoring.kind is not ScoringKind.PER_GROUP or r.scoring.types]
    untyped = [r for r in rules if r.scoring.kind is ScoringKind.PER_GROUP and not r.scoring.types]
    gold = types.index("gold") if items == "resources" else -1
    memo: dict = {}

    unit_cache: dict[tuple[int, str], list[tuple[int, ...]]] = {}

    def units(i: int, chosen: str) -> list[tuple[int, ...]]:
        if (i, chosen) not in unit_cache:
            unit_cache[(i, chosen)] = _units(typed[i], chosen)
        return unit_cache[(i, chosen)]

    def _units(rule: Rule, chosen: str) -> list[tuple[int, ...]]:
        """Every way one more unit (group or set) of ``rule`` can be made of the item types."""
        s = rule.scoring
        if s.kind is ScoringKind.DISTINCT_SET:
            slots = [[i for i, t in enumerate(types) if _fits(t, want, s, any_resource, items)] for want in s.types]
        elif s.kind is ScoringKind.CHOSEN_TYPE_EACH:
            slots = [[i for i, t in enumerate(types) if _fits(t, chosen, s, any_resource, items)]]
        else:  # typed per_group: a group of `size` items of the listed types
            slots = [[i for i, t in enumerate(types) if any(_fits(t, want, s, any_resource, items) for want in s.types)]] * s.size
        out = set()
        for combo in itertools.product(*slots):
            unit = [0] * len(types)
            for i in combo:
                unit[i] += 1
            out.add(tuple(unit))
        return sorted(out)

    def points_of(rule: Rule) -> int:
        return rule.scoring.points

    finished: dict[tuple[int, int], tuple[int, tuple[int, ...], int]] = {}

    def finish(left: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
        """Fill the any-type rules from what is left (non-gold first: unallocated gold keeps its point).
        Only the number of items left and how many of them are gold matter."""
        total = sum(left)
        spare_gold = left[gold] if gold >= 0 else 0
        key = (total, spare_gold)
        if key not in finished:
            finished[key] = _fill(total, spare_gold)
        return finished[key]

    def _fill(total: int, spare_gold: int) -> tuple[int, tuple[int, ...], int]:
        # exact[u]: the most points the any-type rules earn from exactly u items, with the groups per rule
        exact: list[tuple[int, tuple[int, ...]] | None] = [None] * (total + 1)
        exact[0] = (0, (0,) * len(untyped))
        for u in range(1, total + 1):
            for k, r in enumerate(untyped):
                prev = exact[u - r.scoring.size] if u >= r.scoring.size else None
                if prev is not None and (exact[u] is None or prev[0] + r.scoring.points > exact[u][0]):
                    groups = list(prev[1])
                    groups[k] += 1
                    exact[u] = (prev[0] + r.scoring.points, tuple(groups))
        non_gold = total - spare_gold
        best = (-1, (), 0)
        for used, found in enumerate(exact):
            if found is None:
                continue
            gold_left = spare_gold - max(0, used - non_gold)
            value = found[0] + gold_left * gold_points
            if value > best[0]:
                best = (value, tuple(k * r.scoring.points for k, r in zip(found[1], untyped)), gold_left * gold_points)
        return best

    def solve(i: int, chosen: str, left: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
        """(points, points per typed rule from i on, gold points) for typed rules i.. and the rest."""
        key = (i, chosen, left)
        if key in memo:
            return memo[key]
        if i == len(typed):
            value, got, gp = finish(left)
            result = (value, got, gp)
        else:
            rule = typed[i]
            if rule.scoring.kind is ScoringKind.CHOSEN_TYPE_EACH and not chosen:
                result = max((solve(i, t, left) for t in types), key=lambda r: r[0])
            else:
                stop = solve(i + 1, "", left)
                result = (stop[0], (0,) + stop[1], stop[2])
                for unit in units(i, chosen):
                    if all(u <= h for u, h in zip(unit, left)):
                        more = solve(i, chosen, tuple(h - u for h, u in zip(left, unit)))
                        if more[0] + points_of(rule) > result[0]:
                            result = (more[0] + points_of(rule), (more[1][0] + points_of(rule),) + more[1][1:], more[2])
        memo[key] = result
        return result

    value, got, gp = solve(0, "", start)
    # `got` holds the typed rules' points, then the any-type rules' points
    owners = [r.owner for r in typed] + [r.owner for r in untyped]
    return Allocation(value, tuple(zip(owners, got)), gp)
