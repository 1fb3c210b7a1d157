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
from operator import itemgetter
from collections.abc import Callable
from dataclasses import dataclass

from .catalog import ITEM_TYPES, Scoring, ScoringKind
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
    ``ITEM_TYPES[items]``): one search whose solved positions serve every counts it is asked (final
    scoring asks for the counts held and for those with the purple keyple added as each type)."""
    if not rules:  # nothing takes these items: only gold keeps its own point
        def gold_only(counts: tuple[int, ...]) -> Allocation:
            gold = counts[_GOLD] * gold_points if items == "resources" else 0
            return Allocation(gold, (), gold)
        return gold_only
    if items == "resources" and any_resource:
        # boat 3b: every resource counts as every type, so only gold (its own point) stays apart
        search = _Solver(items, rules, True, gold_points)
        return lambda counts: search.best((sum(counts) - counts[_GOLD], counts[_GOLD]))
    return _Solver(items, rules, False, gold_points).best


class _Solver:
    """The exact search for one item class and one village's rules: the rules in search order, the
    units each typed rule takes, the any-type rules' table and the positions solved so far (the
    search's dynamic programming: a position's value is a function of the items left).

    The search: the typed rules one after the other, each taking whole units (a group, a set, one
    item of the chosen type) while that pays; the any-type rules then filled by counting, from
    non-gold items first (unallocated gold keeps its point). The last typed rule is settled by
    counting too when its slots take disjoint item types.
    """

    __slots__ = ("items", "types", "any_resource", "gold_points", "gold", "typed", "untyped", "owners", "exact",
                 "solved", "finished", "units_of", "quick")

    def __init__(self, items: str, rules: tuple[Rule, ...], any_resource: bool, gold_points: int):
        self.items = items
        self.any_resource = any_resource
        self.types = ("wood", "gold") if items == "resources" and any_resource else ITEM_TYPES[items]
        self.gold_points = gold_points
        self.gold = self.types.index("gold") if items == "resources" else -1
        # rules with a substitute go last, where the quick count of `_last_rule` handles them
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
        # the last typed rule's slots for `_last_rule`, by the type chosen ("" for a rule naming none)
        self.quick: dict[str, list | None] = {}
        if self.typed:
            last = self.typed[-1].scoring.kind is ScoringKind.CHOSEN_TYPE_EACH
            self.quick = {chosen: self._quick_slots(chosen) for chosen in (self.types if last else ("",))}

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

    def _fitting(self, s: Scoring, wants: tuple[str, ...]) -> list[int]:
        """The item types (indices) a slot of ``s`` wanting one of ``wants`` takes: those, the
        substitute, and with boat 3b every resource."""
        if self.items == "resources" and self.any_resource:
            return list(range(len(self.types)))
        return [k for k, t in enumerate(self.types) if t in wants or t == s.substitute]

    def _units(self, i: int, chosen: str) -> list[tuple[int, ...]]:
        """Every way one more unit (group or set) of typed rule ``i`` can be made of the item types."""
        key = (i, chosen)
        found = self.units_of.get(key)
        if found is not None:
            return found
        s = self.typed[i].scoring
        if s.kind is ScoringKind.DISTINCT_SET:
            slots = [self._fitting(s, (want,)) for want in s.types]
        elif s.kind is ScoringKind.CHOSEN_TYPE_EACH:
            slots = [self._fitting(s, (chosen,))]
        else:  # typed per_group: a group of `size` items of the listed types
            slots = [self._fitting(s, s.types)] * s.size
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

    def _quick_slots(self, chosen: str) -> list | None:
        """For the last typed rule: its slots as (fitting non-gold types, gold fits, demand), or None
        when they share item types or the substitute is not gold (search instead)."""
        s, gold = self.typed[-1].scoring, self.gold
        if s.substitute not in ("", "gold"):
            return None
        if s.kind is ScoringKind.DISTINCT_SET:
            groups = [((w,), 1) for w in s.types]
        elif s.kind is ScoringKind.CHOSEN_TYPE_EACH:
            groups = [((chosen,), 1)]
        else:
            groups = [(s.types, s.size)]
        out = []
        for wants, demand in groups:
            fitting = self._fitting(s, wants)
            out.append(([k for k in fitting if k != gold], gold in fitting, demand))
        taken = [k for non_gold, _, _ in out for k in non_gold]
        return out if len(taken) == len(set(taken)) else None

    def _last_rule(self, slots_of: list, left: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
        """The last typed rule by counting: after it only the number of items left and of gold
        among them matter, and more gold left is never worse, so for each number of units only the
        least gold they need counts."""
        points = self.typed[-1].scoring.points
        slots = [(sum(left[k] for k in fitting), gold_fits, demand) for fitting, gold_fits, demand in slots_of]
        size = sum(d for _, _, d in slots)
        gold = self.gold
        total, spare_gold = sum(left), (left[gold] if gold >= 0 else 0)
        best = None
        k = 0
        if not self.untyped and points > 0 and slots:
            # nothing after this rule but gold's own point: up to the units the slots fill without
            # gold each unit adds `points` and nothing else changes, so the best of them is the last
            k = min(supply // demand for supply, _, demand in slots)
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
            value, got, gp = self._finish(total - k * size, spare_gold - need_gold)
            if best is None or value + k * points > best[0]:
                best = (value + k * points, (k * points,) + got, gp)
            k += 1
        assert best is not None  # k = 0 always fits
        return best

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
                result = self._last_rule(quick, left)
            elif kind is ScoringKind.CHOSEN_TYPE_EACH and not chosen:
                result = max((self._solve(i, t, left) for t in self.types), key=itemgetter(0))
            else:
                points = rule.scoring.points
                stop = self._solve(i + 1, "", left)
                result = (stop[0], (0,) + stop[1], stop[2])
                for unit in self._units(i, chosen):
                    if all(u <= h for u, h in zip(unit, left)):
                        more = self._solve(i, chosen, tuple(h - u for h, u in zip(left, unit)))
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
