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
   stone yard or timber yard" (Game end scoring). Neither the tile texts nor the supplement give it a
   value; it scores as the item it is declared as: on a yard as one of that yard's resources, as a worker
   or skill tile where a tile scores those, as a gold counter "worth one point ... if [it has] not been
   allocated". Every declaration is tried and the best kept.
6. Boats: Keyflower (transport capacity of the village's tiles, times 2 with boat 2b), Sea Bastion
   (tiles on road loops), Sea Breese (river points of the boats joined to the home tile by river),
   Flipper 2, Ianvincible 5, White Wind (allocated with the workers); turn-order tiles 1 per
   touching tile.
7. "If players have an equal number of points the players are tied": :func:`winners` returns all.
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

from ..core.errors import IllegalMove
from .allocation import Allocation, Rule, check_allocation, solver
from .catalog import (COLOURS, ITEM_TYPES, RESOURCES, SKILLS, AbilityKind, Catalog, HexTile, ScoringKind,
                      Season, Side, TileGroup)
from .geometry import PlacedTile, Village, adjacent_tiles, river_component, road_loop_tiles
from .rules import counted
from .state import COLOUR_INDEX, SKILL_INDEX, KFState, Phase

ITEM_CLASSES = (("workers", COLOURS), ("skills", SKILLS), ("resources", RESOURCES))
_CLASS_INDEX = {items: c for c, (items, _) in enumerate(ITEM_CLASSES)}


@dataclass(slots=True)
class Holdings:
    """What a player owns at the end besides the village: workers by colour, skill tiles by type, and
    whether they hold the purple start player keyple."""

    workers: tuple[tuple[str, int], ...] = ()
    skills: tuple[tuple[str, int], ...] = ()
    purple: bool = False


@dataclass(slots=True)
class ScoreLine:
    source: str  # a tile id, or "gold"
    points: int
    why: str


@dataclass(slots=True)
class Score:
    total: int
    lines: tuple[ScoreLine, ...]


_SCORE_ANY_RESOURCE = AbilityKind.SCORE_ANY_RESOURCE
_DOUBLE_TRANSPORT, _WINTER = AbilityKind.DOUBLE_TRANSPORT_UPGRADE, Season.WINTER
_FIRST = itemgetter(0)
#: the resources of a tile holding none; zeros to pair with the types of any item class
_NOTHING = (0, 0, 0, 0)
_ZEROS = (0,) * max(len(types) for _, types in ITEM_CLASSES)


def _placed(village: Village) -> list[tuple[PlacedTile, HexTile, Side]]:
    """Each tile of the village with its catalog tile and the side it shows."""
    tiles = village.catalog.tiles
    return [(p, tiles[p.tile], tiles[p.tile].sides[p.side]) for p in village.tiles.values()]


def player_rows(s: KFState) -> list[tuple]:
    """Per seat, the state columns (``Keyflower.state_columns``) counted from the state: the score;
    the workers behind the screen (all, by colour, unseen); the resources lying on the village's
    tiles by type; the skill tiles behind the screen (all, by type, unseen); the village's tiles
    besides the home tile, those upgraded and the winter tiles among them; the transport capacity
    (the transport numbers of the tiles' sides up, times 2 with summer boat 2b won); whether the
    seat is the start player. The village's figures (:class:`~.geometry.Village`) give its part."""
    totals = s.ledger.totals
    unseen_workers, unseen_skills = s.bag.unknown_held, s.skill_pile.unknown_held
    rows = []
    for seat, p in enumerate(s.players):
        wood, stone, iron, gold, upgraded, winter, transport = p.village.figures
        r, y, b, gr = p.workers
        sa, pi, an = p.skills
        uw, us = unseen_workers.get(seat, 0), unseen_skills.get(seat, 0)
        rows.append((totals[seat], r + y + b + gr + uw, r, y, b, gr, uw, wood, stone, iron, gold, sa + pi + an + us,
                     sa, pi, an, us, len(p.village.tiles) - 1, upgraded, winter,
                     transport * p.abilities.get(_DOUBLE_TRANSPORT, 1), seat == s.start))
    return rows


def _fixed_lines(village: Village, held: dict[AbilityKind, int], placed: list) -> list[ScoreLine]:
    """Points that do not depend on how items are allocated: printed VP, boats, turn-order tiles,
    in the order of the tiles' coordinates."""
    cat = village.catalog
    lines = []
    loops = None
    scored = [(p.coord, p, tile, side) for p, tile, side in placed if side.vp or side.fixed]
    scored.sort(key=_FIRST)  # by coordinate
    for _, p, tile, side in scored:
        if side.vp:
            lines.append(ScoreLine(tile.id, side.vp, f"{tile.name}: {side.vp} printed VP"))
        for s in side.fixed:
            if s.kind is ScoringKind.FLAT:
                lines.append(ScoreLine(tile.id, s.points, f"{tile.name}: {counted(s.points, 'point')}"))
            elif s.kind is ScoringKind.TRANSPORT_CAPACITY:
                factor = held.get(_DOUBLE_TRANSPORT, 1)
                cap = village.figures[6]
                doubled = f", times {factor} with summer boat 2b" if factor > 1 else ""
                lines.append(ScoreLine(tile.id, cap * s.points_each * factor, f"{tile.name}: transport capacity {cap}{doubled}"))
            elif s.kind is ScoringKind.ROAD_LOOP:
                loops = road_loop_tiles(village) if loops is None else loops
                lines.append(ScoreLine(tile.id, len(loops) * s.points_each, f"{tile.name}: {counted(len(loops), 'tile')} on road loops"))
            elif s.kind is ScoringKind.RIVER_BOATS:
                home = village.home()
                joined = river_component(village, home) if home is not None else frozenset()
                boats = [cat.tiles[village.tiles[x].tile] for x in joined if cat.tiles[village.tiles[x].tile].is_boat]
                pts = sum(b.river_points for b in boats)
                lines.append(ScoreLine(tile.id, pts, f"{tile.name}: {counted(len(boats), 'boat')} joined to the home tile by river"))
            else:  # adjacent tiles
                n = adjacent_tiles(village, p.coord)
                lines.append(ScoreLine(tile.id, n * s.points_each, f"{tile.name}: {counted(n, 'touching tile')}"))
    return lines


def _stored(placed: list, any_resource: bool, extra: tuple[str, str] | None):
    """Points of the yards and the resources left for allocation. ``extra``: the purple keyple
    declared as resource ``extra[1]`` lying on the yard ``extra[0]``."""
    lines = []
    pool = [0, 0, 0, 0]  # RESOURCES order
    for p, tile, side in placed:
        on = p.resources
        if extra is not None and extra[0] == p.tile:
            on = list(on)
            on[RESOURCES.index(extra[1])] += 1
        yard = side.yard
        if yard is None:
            if on != _NOTHING:  # most tiles hold nothing at the end
                pool = [a + b for a, b in zip(pool, on)]
            continue
        kept = 0
        for k, r in enumerate(RESOURCES):
            if any_resource or r in yard.accepts:
                kept += on[k]
            else:
                pool[k] += on[k]
        purple = ""
        if extra is not None and extra[0] == p.tile and (any_resource or extra[1] in yard.accepts):
            purple = f" (the purple keyple declared as one {extra[1]} on it)"
        lines.append(ScoreLine(tile.id, kept * yard.points_each,
                               f"{tile.name}: {counted(kept, 'resource')} on it, {yard.points_each} each{purple}"))
    return lines, dict(zip(RESOURCES, pool))


def _rules(placed: list) -> dict[str, tuple[Rule, ...]]:
    """The rules taking each item class, in the order of the owning tiles' ids."""
    owning = [(tile.id, side.takes) for _, tile, side in placed if side.takes]
    out: dict[str, list[Rule]] = {"workers": [], "skills": [], "resources": []}
    owning.sort(key=_FIRST)
    for owner, takes in owning:
        for x in takes:
            out[x.items].append(Rule(owner, x))
    return {items: tuple(rules) for items, rules in out.items()}


def _declarations(placed: list, purple: bool):
    """Every way to declare the purple keyple: (item class, type) or (yard tile id, resource) for a yard."""
    if not purple:
        return [None]
    out: list = [None]
    for items, types in ITEM_CLASSES:
        out.extend(("item", items, t) for t in types)
    for p, _, side in placed:
        if side.yard is not None:
            out.extend(("yard", p.tile, r) for r in RESOURCES)
    return out


def _first_refusal(found: list) -> IllegalMove | None:
    """The first item class refused (in class order) among the allocations ``found``, or None."""
    return next((x for x in found if isinstance(x, IllegalMove)), None)


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
    placed = _placed(village)
    # the summer boat abilities the village holds: kind -> its factor (or count)
    held = {tile.abilities[p.side].kind: tile.abilities[p.side].amount for p, tile, _ in placed if tile.abilities}
    any_resource = _SCORE_ANY_RESOURCE in held
    rules = _rules(placed)
    best_of = {items: solver(items, rules[items], any_resource, cat.gold_points) for items, _ in ITEM_CLASSES}

    def allocation(items: str, counts: tuple[int, ...]) -> Allocation | IllegalMove:
        """The allocation of one item class, or the IllegalMove refusing the declared one."""
        if items not in declared:
            return best_of[items](counts)
        try:
            return check_allocation(items, dict(zip(ITEM_TYPES[items], counts)), list(rules[items]), declared[items],
                                    any_resource, cat.gold_points)
        except IllegalMove as exc:
            return exc

    base_lines, base_pool = _stored(placed, any_resource, None)
    base_stored = sum(line.points for line in base_lines)
    held_counts = {"workers": dict(holdings.workers), "skills": dict(holdings.skills), "resources": base_pool}
    base = [tuple(map(held_counts[items].get, types, _ZEROS)) for items, types in ITEM_CLASSES]  # .get(t, 0) per type
    # each item class's allocation depends on its own counts alone: computed once for the counts
    # held, and once more per purple declaration for the one class that declaration adds to
    base_found = [allocation(items, base[c]) for c, (items, _) in enumerate(ITEM_CLASSES)]
    base_failed = _first_refusal(base_found)
    base_total = base_stored + sum(x.points for x in base_found) if base_failed is None else 0
    # one more item joins at most one unit of one rule, or (gold) keeps its own point: a declaration adding
    # it to a class beats the best so far only if that bound allows (ties keep the first)
    gain = {items: max([r.scoring.points for r in rules[items]] + [cat.gold_points if items == "resources" else 0])
            for items, _ in ITEM_CLASSES} if holdings.purple else {}
    varied: dict[tuple[int, tuple[int, ...]], Allocation | IllegalMove] = {}  # (class, counts) -> allocation
    best: tuple[int, tuple | None, list[Allocation]] | None = None  # total, declaration, allocation per class
    refused: IllegalMove | None = None
    yards = {p.tile: side.yard for p, _, side in placed if side.yard is not None} if holdings.purple else {}
    for declaration in _declarations(placed, holdings.purple):
        stored, found, failed = base_stored, base_found, base_failed
        if declaration is not None:
            what, where, kind = declaration
            if what == "yard" and (any_resource or kind in yards[where].accepts):
                stored += yards[where].points_each
            else:  # one more item of a class (a resource the yard does not keep joins the others)
                items = "resources" if what == "yard" else where
                if best is not None and base_failed is None and best[0] >= base_total + gain[items]:
                    continue
                c = _CLASS_INDEX[items]
                k = ITEM_TYPES[items].index(kind)
                counts = base[c][:k] + (base[c][k] + 1,) + base[c][k + 1:]
                found = list(base_found)
                if (c, counts) not in varied:
                    varied[c, counts] = allocation(items, counts)
                found[c] = varied[c, counts]
                failed = _first_refusal(found)
        if failed is not None:
            refused = refused or failed
            continue
        total = stored + found[0].points + found[1].points + found[2].points
        if best is None or total > best[0]:
            best = (total, declaration, found)
    if best is None:
        assert refused is not None
        raise refused
    _, declaration, found = best
    lines = _fixed_lines(village, held, placed)
    if declaration and declaration[0] == "yard":
        lines += _stored(placed, any_resource, (declaration[1], declaration[2]))[0]
    else:
        lines += base_lines
    for (items, _), result in zip(ITEM_CLASSES, found):
        if not result.by_owner and not result.gold_points:  # nothing scored from this class: no line
            continue
        # as an item of this class, or as a resource on a yard that does not keep it (it joins the others)
        as_item = declaration is not None and (declaration[0] == "item" and declaration[1] == items or declaration[0] == "yard"
                                               and items == "resources" and not (any_resource or declaration[2] in yards[declaration[1]].accepts))
        purple = f" (the purple keyple counted as one {declaration[2]})" if as_item else ""
        lines += [ScoreLine(owner, pts, f"{cat.tiles[owner].name}: {counted(pts, 'point')} from the {items} allocated to it{purple}")
                  for owner, pts in result.by_owner]
        if items == "resources" and result.gold_points:
            lines.append(ScoreLine("gold", result.gold_points,
                                   f"{result.gold_points // max(cat.gold_points, 1)} gold left unallocated{purple}"))
    return Score(sum(line.points for line in lines), tuple(lines))


# -- the game's end on the state: a declared allocation checked, the ledger filled --------------------

def _holdings(s: KFState, seat: int, named: dict | None = None) -> Holdings:
    p = s.players[seat]
    workers, skills = list(p.workers), list(p.skills)
    if named is not None:
        for k, n in named["workers"].items():
            workers[COLOUR_INDEX[k]] += n
        for k, n in named["skills"].items():
            skills[SKILL_INDEX[k]] += n
    return Holdings(tuple(zip(COLOURS, workers)), tuple(zip(SKILLS, skills)), p.purple)


def check_declared(s: KFState, seat: int, move: dict, declared: dict) -> None:
    """A declared allocation must be possible with what the player holds once the screen is counted.

    :raises IllegalMove: KEY.SCORE.ALLOCATION (pointer ``/allocation``).
    """
    p = s.players[seat]
    village = p.village
    flip = move.get("flip")
    if flip is not None:
        placed = village.tiles[p.coords[flip]]
        village = village.replaced(PlacedTile(placed.tile, placed.coord, placed.rotation, "upgraded", placed.resources))
    try:
        final_score(village, _holdings(s, seat, move), declared)
    except IllegalMove as exc:
        exc.pointer = "/allocation"
        raise


_CATEGORY = {TileGroup.HOME: "tiles", TileGroup.VILLAGE: "tiles", TileGroup.SUMMER_BOAT: "tiles",
             TileGroup.BOAT: "boats", TileGroup.TURN_ORDER: "turn_order"}


def category(s: KFState, source: str) -> str:
    """Ledger category of a score line: printed VP, yards, winter tiles, boats, turn-order tiles, gold."""
    if source == "gold":
        return "gold"
    tile = s.cat.tiles[source]
    if tile.season is _WINTER:
        return "winter_tiles"
    side = tile.sides.get("front")
    if side is not None and side.yard is not None:
        return "yards"
    return _CATEGORY[tile.group]


def score_game(s: KFState) -> None:
    add = s.ledger.add
    for seat, p in enumerate(s.players):
        for line in final_score(p.village, _holdings(s, seat), p.allocation).lines:
            add(seat, line.points, category(s, line.source), line.why)  # a tile of the catalog or "gold"
    s.scored = True
    s.phase = Phase.END
