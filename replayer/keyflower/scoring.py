"""Final scoring of one player's village, as the tile texts state, with one line per source of points.

Order and readings (rules text, rulebook "Game end scoring", supplement section 10):

1. Flipper's free upgrade happens before scoring (the caller passes the village after it).
2. Printed VP of every tile's current side.
3. Timber Yard, Stone Yard, Blacksmith and Barn score the resources lying on them whose type they
   accept ("Only resources that have been placed on the autumn barn, blacksmith, stone yard and
   timber yard tiles during the course of the game may be kept on those tiles for scoring
   purposes"); gold on them counts as their resource (and then scores nothing else); with summer
   boat 3b every resource counts as theirs. Those resources "cannot also be counted for the other
   resource scoring tiles". A resource on a yard that the yard does not accept joins the others.
4. Every other resource, every worker (behind the screen, including those used in the own
   village in winter) and every skill tile is allocated to the winter tiles and White Wind, each
   item once (:mod:`.allocation`, the best total); unallocated gold scores 1 each.
5. The purple start player keyple "may be declared by the player who successfully bid for it as a
   resource, skill or worker of any colour and, if applicable, placed on the barn, blacksmith,
   stone yard or timber yard": every declaration is tried and the best kept.
6. Boats: Keyflower (transport capacity of the village's tiles, times 2 with boat 2b), Sea Bastion
   (tiles on road loops), Sea Breese (river points of the boats joined to the home tile by river),
   Flipper 2, Ianvincible 5, White Wind (allocated with the workers); turn-order tiles 1 per
   touching tile.
7. "If players have an equal number of points the players are tied": :func:`winners` returns all.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import IllegalMove
from .allocation import Allocation, Rule, best_allocation, check_allocation
from .catalog import COLOURS, RESOURCES, SKILLS, AbilityKind, ActionKind, Catalog, ScoringKind, TileGroup
from .geometry import Village, adjacent_tiles, river_component, road_loop_tiles

ITEM_CLASSES = (("workers", COLOURS), ("skills", SKILLS), ("resources", RESOURCES))


@dataclass(frozen=True, slots=True)
class Holdings:
    """What a player owns at the end besides the village: workers by colour, skill tiles by type, and
    whether they hold the purple start player keyple."""

    workers: tuple[tuple[str, int], ...] = ()
    skills: tuple[tuple[str, int], ...] = ()
    purple: bool = False


@dataclass(frozen=True, slots=True)
class ScoreLine:
    source: str  # a tile id, or "gold"
    points: int
    why: str


@dataclass(frozen=True, slots=True)
class Score:
    total: int
    lines: tuple[ScoreLine, ...]


def abilities(village: Village) -> dict[AbilityKind, int]:
    """The summer boat abilities the village holds: kind -> its factor (or count)."""
    out: dict[AbilityKind, int] = {}
    for p in village.tiles.values():
        tile = village.catalog.tiles[p.tile]
        if tile.group is TileGroup.SUMMER_BOAT:
            ability = tile.abilities[p.side]
            out[ability.kind] = ability.factor if ability.kind is AbilityKind.DOUBLE_TRANSPORT_UPGRADE else ability.count
    return out


def transport_total(village: Village) -> int:
    """Sum of the transport numbers of the village's tiles on their current sides (Keyflower boat)."""
    total = 0
    for p in village.tiles.values():
        action = village.catalog.tiles[p.tile].sides[p.side].action
        if action is not None and action.kind is ActionKind.TRANSPORT_UPGRADE:
            total += action.transport
    return total


def _fixed_lines(village: Village, held: dict[AbilityKind, int]) -> list[ScoreLine]:
    """Points that do not depend on how items are allocated: printed VP, boats, turn-order tiles."""
    cat = village.catalog
    lines = []
    loops = None
    home = village.home()
    for c, p in sorted(village.tiles.items()):
        tile = cat.tiles[p.tile]
        side = tile.sides[p.side]
        if side.vp:
            lines.append(ScoreLine(tile.id, side.vp, f"{tile.name}: {side.vp} printed VP"))
        for s in side.scoring:
            if s.kind is ScoringKind.FLAT:
                lines.append(ScoreLine(tile.id, s.points, f"{tile.name}: {s.points} points"))
            elif s.kind is ScoringKind.TRANSPORT_CAPACITY:
                factor = held.get(AbilityKind.DOUBLE_TRANSPORT_UPGRADE, 1)
                cap = transport_total(village)
                doubled = f", times {factor} with summer boat 2b" if factor > 1 else ""
                lines.append(ScoreLine(tile.id, cap * s.points_each * factor, f"{tile.name}: transport capacity {cap}{doubled}"))
            elif s.kind is ScoringKind.ROAD_LOOP:
                loops = road_loop_tiles(village) if loops is None else loops
                lines.append(ScoreLine(tile.id, len(loops) * s.points_each, f"{tile.name}: {len(loops)} tile(s) on road loops"))
            elif s.kind is ScoringKind.RIVER_BOATS:
                joined = river_component(village, home) if home is not None else frozenset()
                boats = [cat.tiles[village.tiles[x].tile] for x in joined if cat.tiles[village.tiles[x].tile].is_boat]
                pts = sum(b.river_points for b in boats)
                lines.append(ScoreLine(tile.id, pts, f"{tile.name}: {len(boats)} boat(s) joined to the home tile by river"))
            elif s.kind is ScoringKind.ADJACENT_TILES:
                n = adjacent_tiles(village, c)
                lines.append(ScoreLine(tile.id, n * s.points_each, f"{tile.name}: {n} touching tile(s)"))
    return lines


def _stored(village: Village, any_resource: bool, extra: tuple[str, str] | None):
    """Points of the yards and the resources left for allocation. ``extra``: the purple keyple
    declared as resource ``extra[1]`` lying on the yard ``extra[0]``."""
    cat = village.catalog
    lines = []
    pool = dict.fromkeys(RESOURCES, 0)
    for p in village.tiles.values():
        tile = cat.tiles[p.tile]
        on = dict(zip(RESOURCES, p.resources))
        if extra is not None and extra[0] == p.tile:
            on[extra[1]] += 1
        yard = next((s for s in tile.sides[p.side].scoring if s.kind is ScoringKind.STORED_RESOURCES), None)
        if yard is None:
            for r in RESOURCES:
                pool[r] += on[r]
            continue
        kept = 0
        for r in RESOURCES:
            if any_resource or r in yard.accepts:
                kept += on[r]
            else:
                pool[r] += on[r]
        lines.append(ScoreLine(tile.id, kept * yard.points_each, f"{tile.name}: {kept} resource(s) on it, {yard.points_each} each"))
    return lines, pool


def _rules(village: Village) -> dict[str, list[Rule]]:
    out: dict[str, list[Rule]] = {"workers": [], "skills": [], "resources": []}
    for p in sorted(village.tiles.values(), key=lambda p: p.tile):
        for s in village.catalog.tiles[p.tile].sides[p.side].scoring:
            if s.kind in (ScoringKind.PER_GROUP, ScoringKind.DISTINCT_SET, ScoringKind.CHOSEN_TYPE_EACH):
                out[s.items].append(Rule(p.tile, s))
    return out


def _declarations(village: Village, purple: bool):
    """Every way to declare the purple keyple: (item class, type) or (yard tile id, resource) for a yard."""
    if not purple:
        return [None]
    out: list = [None]
    for items, types in ITEM_CLASSES:
        out.extend(("item", items, t) for t in types)
    for p in village.tiles.values():
        side = village.catalog.tiles[p.tile].sides[p.side]
        if any(s.kind is ScoringKind.STORED_RESOURCES for s in side.scoring):
            out.extend(("yard", p.tile, r) for r in RESOURCES)
    return out


def _yards(village: Village) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Yard tile id -> (points each, resources it keeps), from the first stored-resources entry of its side."""
    out = {}
    for p in village.tiles.values():
        yard = next((s for s in village.catalog.tiles[p.tile].sides[p.side].scoring if s.kind is ScoringKind.STORED_RESOURCES), None)
        if yard is not None:
            out[p.tile] = (yard.points_each, yard.accepts)
    return out


def final_score(village: Village, holdings: Holdings, declared: dict | None = None) -> Score:
    """The player's final score with one line per source of points: the best allocation of items,
    or for each item class in ``declared`` (``workers``/``skills``/``resources`` -> scoring tile id
    -> type -> n) the allocation the player declared.

    The purple keyple's declarations are compared by their totals (each item class's allocation
    computed once per item counts it is given); the lines are written for the best one only, the
    first of equal totals in the order of :func:`_declarations`.

    :raises IllegalMove: KEY.SCORE.ALLOCATION when a declared allocation gives away items the player
        does not have (whatever the purple keyple is declared as) or names a tile that does not score them.
    """
    cat: Catalog = village.catalog
    declared = declared or {}
    held = abilities(village)
    any_resource = AbilityKind.SCORE_ANY_RESOURCE in held
    rules = _rules(village)
    allocations: dict = {}  # (item class, counts) -> its Allocation, or the IllegalMove refusing it

    def allocation(items: str, counts: dict[str, int]) -> Allocation:
        key = (items, tuple(sorted(counts.items())))
        found = allocations.get(key)
        if found is None:
            try:
                if items in declared:
                    found = check_allocation(items, counts, rules[items], declared[items], any_resource, cat.gold_points)
                else:
                    found = best_allocation(items, counts, rules[items], any_resource, cat.gold_points)
            except IllegalMove as exc:
                found = exc
            allocations[key] = found
        if isinstance(found, IllegalMove):
            raise found
        return found

    base_lines, base_pool = _stored(village, any_resource, None)
    base_stored = sum(line.points for line in base_lines)
    yards = _yards(village)
    best: tuple[int, tuple | None, list[Allocation]] | None = None  # total, declaration, allocation per class
    refused: IllegalMove | None = None
    for declaration in _declarations(village, holdings.purple):
        stored, pool = base_stored, base_pool
        if declaration and declaration[0] == "yard":
            points_each, accepts = yards[declaration[1]]
            if any_resource or declaration[2] in accepts:
                stored += points_each
            else:  # a resource the yard does not keep joins the others
                pool = dict(pool)
                pool[declaration[2]] += 1
        counts = {"workers": dict(holdings.workers), "skills": dict(holdings.skills), "resources": dict(pool)}
        if declaration and declaration[0] == "item":
            counts[declaration[1]][declaration[2]] = counts[declaration[1]].get(declaration[2], 0) + 1
        try:
            found = [allocation(items, counts[items]) for items, _ in ITEM_CLASSES]
        except IllegalMove as exc:
            refused = refused or exc
            continue
        total = stored + sum(a.points for a in found)
        if best is None or total > best[0]:
            best = (total, declaration, found)
    if best is None:
        assert refused is not None
        raise refused
    _, declaration, found = best
    lines = _fixed_lines(village, held)
    if declaration and declaration[0] == "yard":
        lines += _stored(village, any_resource, (declaration[1], declaration[2]))[0]
    else:
        lines += base_lines
    for (items, _), result in zip(ITEM_CLASSES, found):
        purple = (f" (the purple keyple counted as one {declaration[2]})"
                  if declaration and declaration[0] == "item" and declaration[1] == items else "")
        lines += [ScoreLine(owner, pts, f"{cat.tiles[owner].name}: {pts} points from the {items} allocated to it{purple}")
                  for owner, pts in result.by_owner]
        if items == "resources" and result.gold_points:
            lines.append(ScoreLine("gold", result.gold_points,
                                   f"{result.gold_points // max(cat.gold_points, 1)} gold left unallocated{purple}"))
    return Score(sum(line.points for line in lines), tuple(lines))


def winners(totals: dict[int, int]) -> tuple[int, ...]:
    """The players with the most points; "If players have an equal number of points the players are tied"."""
    top = max(totals.values())
    return tuple(sorted(p for p, t in totals.items() if t == top))
