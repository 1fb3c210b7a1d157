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
from .rules import refuse


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
    if items == "resources" and any_resource:
        # boat 3b: every resource counts as every type, so only gold (its own point) stays apart
        non_gold = sum(n for t, n in counts.items() if t != "gold")
        return _best(items, ("wood", "gold"), (non_gold, counts.get("gold", 0)), tuple(rules), True, gold_points)
    return _best(items, types, tuple(counts.get(t, 0) for t in types), tuple(rules), False, gold_points)


@functools.lru_cache(maxsize=4096)
def _best(items: str, types: tuple[str, ...], start: tuple[int, ...], rules: tuple[Rule, ...], any_resource: bool,
          gold_points: int) -> Allocation:
    # rules with a substitute go last, where the quick count of `last_rule` handles them
    typed = sorted((r for r in rules if r.scoring.kind is not ScoringKind.PER_GROUP or r.scoring.types),
                   key=lambda r: r.scoring.substitute != "")
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

    def finish(total: int, spare_gold: int) -> tuple[int, tuple[int, ...], int]:
        """Fill the any-type rules from what is left (non-gold first: unallocated gold keeps its point).
        Only the number of items left and how many of them are gold matter."""
        key = (total, spare_gold)
        if key not in finished:
            finished[key] = _fill(total, spare_gold)
        return finished[key]

    # exact[u]: the most points the any-type rules earn from exactly u items, with the groups per rule
    # (the same table serves every state: it does not depend on which items are left)
    exact: list[tuple[int, tuple[int, ...]] | None] = [None] * (sum(start) + 1)
    exact[0] = (0, (0,) * len(untyped))
    for u in range(1, len(exact)):
        for k, r in enumerate(untyped):
            prev = exact[u - r.scoring.size] if u >= r.scoring.size else None
            if prev is not None and (exact[u] is None or prev[0] + r.scoring.points > exact[u][0]):
                groups = list(prev[1])
                groups[k] += 1
                exact[u] = (prev[0] + r.scoring.points, tuple(groups))

    def _fill(total: int, spare_gold: int) -> tuple[int, tuple[int, ...], int]:
        non_gold = total - spare_gold
        best = (-1, (), 0)
        for used in range(total + 1):
            found = exact[used]
            if found is None:
                continue
            gold_left = spare_gold - max(0, used - non_gold)
            value = found[0] + gold_left * gold_points
            if value > best[0]:
                best = (value, tuple(k * r.scoring.points for k, r in zip(found[1], untyped)), gold_left * gold_points)
        return best

    def last_rule(rule: Rule, chosen: str, left: tuple[int, ...]) -> tuple[int, tuple[int, ...], int] | None:
        """The last typed rule by counting: after it only the number of items left and of gold
        among them matter, and more gold left is never worse, so for each number of units only the
        least gold they need counts. None when the rule's slots share item types (search instead)."""
        s = rule.scoring
        if s.substitute not in ("", "gold"):
            return None
        if s.kind is ScoringKind.DISTINCT_SET:
            groups = [((w,), 1) for w in s.types]
        elif s.kind is ScoringKind.CHOSEN_TYPE_EACH:
            groups = [((chosen,), 1)]
        else:
            groups = [(s.types, s.size)]
        slots = []
        claimed: set[int] = set()
        for wants, demand in groups:
            fitting = {k for k, t in enumerate(types) if k != gold and any(_fits(t, w, s, any_resource, items) for w in wants)}
            if fitting & claimed:
                return None
            claimed |= fitting
            gold_fits = gold >= 0 and any(_fits("gold", w, s, any_resource, items) for w in wants)
            slots.append((sum(left[k] for k in fitting), gold_fits, demand))
        size = sum(d for _, _, d in slots)
        total, spare_gold = sum(left), (left[gold] if gold >= 0 else 0)
        best = None
        k = 0
        while True:
            need_gold = 0
            for supply, gold_fits, demand in slots:
                short = max(0, k * demand - supply)
                if short and not gold_fits:
                    need_gold = -1
                    break
                need_gold += short
            if need_gold < 0 or need_gold > spare_gold:
                break
            value, got, gp = finish(total - k * size, spare_gold - need_gold)
            if best is None or value + k * s.points > best[0]:
                best = (value + k * s.points, (k * s.points,) + got, gp)
            k += 1
        return best

    def solve(i: int, chosen: str, left: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
        """(points, points per typed rule from i on, gold points) for typed rules i.. and the rest."""
        key = (i, chosen, left)
        if key in memo:
            return memo[key]
        if i == len(typed):
            result = finish(sum(left), left[gold] if gold >= 0 else 0)
        elif i == len(typed) - 1 and (chosen or typed[i].scoring.kind is not ScoringKind.CHOSEN_TYPE_EACH) and \
                (quick := last_rule(typed[i], chosen, left)) is not None:
            result = quick
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


def check_allocation(items: str, counts: dict[str, int], rules: list[Rule], claimed: dict[str, dict[str, int]],
                     any_resource: bool = False, gold_points: int = 1) -> Allocation:
    """Score an allocation a player declares: ``claimed`` maps a rule owner (tile id) to the items
    given to it (type -> n); every item not given scores nothing, except gold's own point.

    :raises IllegalMove: KEY.SCORE.ALLOCATION when the claim names a tile that does not score these
        items or gives away more items of a type than the player has.
    """
    owners = {r.owner for r in rules}
    for owner in claimed:
        if owner not in owners:
            raise refuse("KEY.SCORE.ALLOCATION", f"{owner} does not score {items} in this village")
    for t in ITEM_TYPES[items]:
        given = sum(c.get(t, 0) for c in claimed.values())
        if given > counts.get(t, 0):
            raise refuse("KEY.SCORE.ALLOCATION", f"{given} {t} are allocated but the player has {counts.get(t, 0)}: "
                         "each item is scored once, for one tile")
    by_owner = []
    for rule in rules:
        mine = claimed.get(rule.owner, {})
        by_owner.append((rule.owner, best_allocation(items, mine, [rule], any_resource, 0).points))
    spare_gold = counts.get("gold", 0) - sum(c.get("gold", 0) for c in claimed.values()) if items == "resources" else 0
    gp = spare_gold * gold_points
    return Allocation(sum(p for _, p in by_owner) + gp, tuple(by_owner), gp)
