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

import itertools
from operator import itemgetter, sub
from collections.abc import Callable
from dataclasses import dataclass

from .catalog import ITEM_TYPES, Scoring, ScoringKind, countable, unit_slots
from .rules import refuse


@dataclass(frozen=True, slots=True)
class Rule:
    """One scoring entry of an owned tile that takes items: ``owner`` is the tile id (for the score lines)."""

    owner: str
    scoring: Scoring


@dataclass(slots=True)
class Allocation:
    points: int
    by_owner: tuple[tuple[str, int], ...]  # points per rule owner, in rule order
    gold_points: int  # points of gold counters left unallocated


def best_allocation(items: str, counts: dict[str, int], rules: list[Rule], any_resource: bool = False, gold_points: int = 1) -> Allocation:
    """The highest total the ``items`` (``workers``, ``skills`` or ``resources``) in ``counts`` earn
    from ``rules`` (all of that item class); for resources, unallocated gold scores ``gold_points`` each.
    ``any_resource``: summer boat 3b.
    """
    return solver(items, tuple(rules), any_resource, gold_points)(tuple(counts.get(t, 0) for t in ITEM_TYPES[items]))


_GOLD = ITEM_TYPES["resources"].index("gold")


def solver(items: str, rules: tuple[Rule, ...], any_resource: bool = False,
           gold_points: int = 1) -> Callable[[tuple[int, ...]], Allocation]:
    """:func:`best_allocation` of these rules as a function of the counts (in the order of
    ``ITEM_TYPES[items]``): a rule alone counted, or one search whose solved positions serve every
    counts it is asked (final scoring asks for those held and with the purple keyple as each type)."""
    gold = _GOLD if items == "resources" else -1
    if not rules:  # nothing takes these items: only gold keeps its own point
        def gold_only(counts: tuple[int, ...]) -> Allocation:
            spare = counts[gold] * gold_points if gold >= 0 else 0
            return Allocation(spare, (), spare)
        return gold_only
    if items == "resources" and any_resource:
        # boat 3b: every resource counts as every type, so only gold (its own point) stays apart
        search = _Solver(items, rules, True, gold_points)
        return lambda counts: search.best((sum(counts) - counts[_GOLD], counts[_GOLD]))
    s = rules[0].scoring
    if len(rules) > 1 or s.slots is None:
        return _Solver(items, rules, False, gold_points).best

    def one_rule(counts: tuple[int, ...]) -> Allocation:
        # most villages: the one rule by counting, no search (the best type to choose, the first of equals)
        value, got, gp = max((_by_counting(x, s.points, counts, gold, gold_points) for x in s.slots), key=itemgetter(0))
        return Allocation(value, ((rules[0].owner, got[0]),), gp)
    return one_rule


def _by_counting(slots: tuple, points: int, left: tuple[int, ...], gold: int, gold_points: int,
                 finish: Callable[[int, int], tuple] | None = None) -> tuple[int, tuple[int, ...], int]:
    """(points, points per rule, gold points) of one rule whose ``slots`` take disjoint item types,
    then ``finish`` (the any-type rules after it; None: only gold's own point) by counting: after it
    only the number of items left and of gold among them matter, and more gold left is never worse,
    so for each number of units only the least gold they need counts. Alone, the units filled
    without gold all pay, and each unit after them lacks no less gold than the one before: the
    count stops at the first that does not pay."""
    spare = left[gold] if gold >= 0 else 0
    supply = [(sum(left[k] for k in fitting), gold_fits, demand) for fitting, gold_fits, demand in slots]
    size, total = sum(d for _, _, d in supply), sum(left)
    units = min(n // d for n, _, d in supply) if finish is None else 0
    need = 0
    best = None
    while True:
        if finish is None:
            value, got, gp = (spare - need) * gold_points, (), (spare - need) * gold_points
        else:
            value, got, gp = finish(total - units * size, spare - need)
        if best is None or value + units * points > best[0]:
            best = (value + units * points, (units * points,) + got, gp)
        elif finish is None:
            return best
        more = 0
        for n, gold_fits, d in supply:
            short = (units + 1) * d - n
            if short > 0 and not gold_fits:
                return best
            more += max(0, short)
        if more > spare:
            return best
        units, need = units + 1, more


class _Solver:
    """The exact search for one item class and one village's rules: the rules in search order, the
    units each typed rule takes, the any-type rules' table and the positions solved so far (the
    search's dynamic programming: a position's value is a function of the items left).

    The search: the typed rules one after the other, each taking whole units (a group, a set, one
    item of the chosen type) while that pays; the any-type rules then filled by counting, from
    non-gold items first (unallocated gold keeps its point). The last typed rule is settled by
    counting too when its slots take disjoint item types.
    """

    __slots__ = ("types", "any_resource", "gold_points", "gold", "typed", "untyped", "owners", "exact",
                 "solved", "finished", "units_of", "quick")

    def __init__(self, items: str, rules: tuple[Rule, ...], any_resource: bool, gold_points: int):
        self.any_resource = any_resource
        self.types = ("wood", "gold") if items == "resources" and any_resource else ITEM_TYPES[items]
        self.gold_points = gold_points
        self.gold = self.types.index("gold") if items == "resources" else -1
        # rules with a substitute go last, where `_by_counting` counts them
        self.typed = sorted((r for r in rules if r.scoring.kind is not ScoringKind.PER_GROUP or r.scoring.types),
                            key=lambda r: r.scoring.substitute != "")
        self.untyped = [r for r in rules if r.scoring.kind is ScoringKind.PER_GROUP and not r.scoring.types]
        self.owners = tuple(r.owner for r in self.typed) + tuple(r.owner for r in self.untyped)
        # exact[u]: the most points the any-type rules earn from exactly u items, with the groups per
        # rule (the same table serves every position: it does not depend on which items are left)
        self.exact: list[tuple[int, tuple[int, ...]] | None] = [(0, (0,) * len(self.untyped))]
        self.solved: dict = {}
        self.finished: dict[tuple[int, int], tuple[int, tuple[int, ...], int]] = {}
        self.units_of: dict[tuple[int, str], list[tuple[int, ...]]] = {}
        # the last typed rule's slots for `_by_counting`, by the type chosen ("" for a rule naming none)
        self.quick: dict[str, list | None] = {}
        if self.typed:
            s = self.typed[-1].scoring
            for chosen in (self.types if s.kind is ScoringKind.CHOSEN_TYPE_EACH else ("",)):
                slots = unit_slots(s, (chosen,) if chosen else s.types, self.types, any_resource)
                self.quick[chosen] = slots if countable(s, slots) else None

    def best(self, start: tuple[int, ...]) -> Allocation:
        if self.untyped:
            self._grow(sum(start))
        value, got, gp = self._solve(0, "", start)
        # `got` holds the typed rules' points, then the any-type rules' points
        return Allocation(value, tuple(zip(self.owners, got)), gp)

    def _grow(self, total: int) -> None:
        exact, untyped = self.exact, self.untyped
        for u in range(len(exact), total + 1):
            entry = None
            for k, r in enumerate(untyped):
                prev = exact[u - r.scoring.size] if u >= r.scoring.size else None
                if prev is not None and (entry is None or prev[0] + r.scoring.points > entry[0]):
                    groups = list(prev[1])
                    groups[k] += 1
                    entry = (prev[0] + r.scoring.points, tuple(groups))
            exact.append(entry)

    def _units(self, i: int, chosen: str) -> list[tuple[int, ...]]:
        """Every way one more unit (group or set) of typed rule ``i`` can be made of the item types."""
        key = (i, chosen)
        found = self.units_of.get(key)
        if found is not None:
            return found
        s = self.typed[i].scoring
        each = unit_slots(s, (chosen,) if chosen else s.types, self.types, self.any_resource)
        slots = [fitting + ((self.gold,) if gold else ()) for fitting, gold, demand in each for _ in range(demand)]
        out = set()
        for combo in itertools.product(*slots):
            unit = [0] * len(self.types)
            for k in combo:
                unit[k] += 1
            out.add(tuple(unit))
        found = self.units_of[key] = sorted(out)
        return found

    def _finish(self, total: int, spare_gold: int) -> tuple[int, tuple[int, ...], int]:
        """Fill the any-type rules from what is left (non-gold first: unallocated gold keeps its point).
        Only the number of items left and how many of them are gold matter."""
        if not self.untyped:  # nothing to fill: gold keeps its own point
            return spare_gold * self.gold_points, (), spare_gold * self.gold_points
        key = (total, spare_gold)
        found = self.finished.get(key)
        if found is None:
            non_gold = total - spare_gold
            found = (-1, (), 0)
            gold_points = self.gold_points
            for used, entry in enumerate(self.exact[:total + 1]):
                if entry is None:
                    continue
                gold_left = spare_gold - max(0, used - non_gold)
                value = entry[0] + gold_left * gold_points
                if value > found[0]:
                    found = (value, tuple(k * r.scoring.points for k, r in zip(entry[1], self.untyped)), gold_left * gold_points)
            self.finished[key] = found
        return found

    def _solve(self, i: int, chosen: str, left: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
        """(points, points per typed rule from i on, gold points) for typed rules i.. and the rest."""
        key = (i, chosen, left)
        found = self.solved.get(key)
        if found is not None:
            return found
        typed = self.typed
        if i == len(typed):
            result = self._finish(sum(left), left[self.gold] if self.gold >= 0 else 0)
        else:
            rule = typed[i]
            kind = rule.scoring.kind
            quick = self.quick.get(chosen) if i == len(typed) - 1 else None
            if quick is not None:
                result = _by_counting(quick, rule.scoring.points, left, self.gold, self.gold_points,
                                      self._finish if self.untyped else None)
            elif kind is ScoringKind.CHOSEN_TYPE_EACH and not chosen:
                result = max((self._solve(i, t, left) for t in self.types), key=itemgetter(0))
            else:
                points = rule.scoring.points
                stop = self._solve(i + 1, "", left)
                result = (stop[0], (0,) + stop[1], stop[2])
                for unit in self._units(i, chosen):
                    rest = tuple(map(sub, left, unit))
                    if min(rest) >= 0:
                        more = self._solve(i, chosen, rest)
                        if more[0] + points > result[0]:
                            result = (more[0] + points, (more[1][0] + points,) + more[1][1:], more[2])
        self.solved[key] = result
        return result


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
            raise refuse("KEY.SCORE.ALLOCATION", f"{given} {t} {'is' if given == 1 else 'are'} allocated but the player has {counts.get(t, 0)}: "
                         "each item is scored once, for one tile")
    by_owner = []
    for rule in rules:
        mine = claimed.get(rule.owner, {})
        by_owner.append((rule.owner, best_allocation(items, mine, [rule], any_resource, 0).points))
    spare_gold = counts.get("gold", 0) - sum(c.get("gold", 0) for c in claimed.values()) if items == "resources" else 0
    gp = spare_gold * gold_points
    return Allocation(sum(p for _, p in by_owner) + gp, tuple(by_owner), gp)
