"""Transport and upgrading: one use of a home tile, Stable, Farrier or Wainwright, as pure functions.

Rules text (Farrier, Homes 1 to 6, Stable and Wainwright): "The player may move up to the number
of resources indicated by the cart and upgrade up to the number of village tiles indicated by the
upgrade icons (one or two). The transportation of resources must be along roads. The number of
resources indicated on the transport tile can be split between one or more resources of the same
or different types. For example if the transport capacity is two, then two resources can be moved
to an adjacent tile(s) or one resource can be moved two tiles." So a carry of ``n`` resources over
``d`` tiles uses ``n * d`` points of capacity, and carries are made one after the other (a resource
brought to a tile can be carried on).

Upgrades are paid exactly, with resources lying on the tile being flipped and skill tiles from
behind the screen (supplement 5.2). Gold stands in for any one wood, stone or iron (supplement
5.2, confirmed there; the rules text is silent); with summer boat 3a ("gold, iron, stone and wood
can be used in substitution for any other type of resource") any resource pays for any other.
"""
from __future__ import annotations

from dataclasses import dataclass

from .catalog import RESOURCES, SKILLS, Cost
from .geometry import Coord, PlacedTile, Village, distances
from .rules import counted, refuse


@dataclass(slots=True)
class Carry:
    """Move ``count`` resources of type ``resource`` from the tile at ``source`` to the tile at ``target``."""

    source: Coord
    target: Coord
    resource: str
    count: int = 1


def transport(village: Village, carries: list[Carry] | tuple[Carry, ...], points: int, across_fields: bool = False) -> tuple[Village, int]:
    """Apply ``carries`` in order within ``points`` of capacity; the new village and the points used.

    ``across_fields``: summer boat 2a ("resources may be transported across fields ... as well as along roads").

    :raises IllegalMove: KEY.TRANSPORT.NOT_IN_VILLAGE, KEY.TRANSPORT.NO_RESOURCE, KEY.TRANSPORT.NO_ROAD
        or KEY.TRANSPORT.CAPACITY.
    """
    tiles = village.tiles
    changed: dict[Coord, list[int]] = {}  # the resources of the tiles carried from or to so far
    used = 0
    names = village.catalog.tiles
    for carry in carries:
        for end in (carry.source, carry.target):
            if end not in tiles:
                raise refuse("KEY.TRANSPORT.NOT_IN_VILLAGE", f"there is no tile of the village at {end} to carry resources from or to")
        if carry.resource not in RESOURCES or carry.count < 1 or carry.source == carry.target:
            raise refuse("KEY.TRANSPORT.NO_RESOURCE", f"a carry moves one or more wood, stone, iron or gold to another tile, "
                         f"not {carry.count} {carry.resource} from {carry.source} to {carry.target}")
        k = RESOURCES.index(carry.resource)
        source = changed.get(carry.source)
        if source is None:
            source = list(tiles[carry.source].resources)
        if source[k] < carry.count:
            raise refuse("KEY.TRANSPORT.NO_RESOURCE", f"the {names[tiles[carry.source].tile].name} holds {source[k]} "
                         f"{carry.resource}, not the {carry.count} to be carried")
        steps = distances(village, carry.source, across_fields, carry.target).get(carry.target)
        if steps is None:
            way = "roads or fields" if across_fields else "roads"
            raise refuse("KEY.TRANSPORT.NO_ROAD", f"no {way} lead from the {names[tiles[carry.source].tile].name} "
                         f"to the {names[tiles[carry.target].tile].name}")
        used += steps * carry.count
        if used > points:
            raise refuse("KEY.TRANSPORT.CAPACITY", f"carrying {carry.count} {carry.resource} to the "
                         f"{names[tiles[carry.target].tile].name} ({counted(steps, 'tile')} away) brings this use's "
                         f"transport to {used} steps, and it allows {points}: carry fewer, or a shorter way")
        target = changed.get(carry.target)
        if target is None:
            target = list(tiles[carry.target].resources)
        source[k] -= carry.count
        target[k] += carry.count
        changed[carry.source] = source
        changed[carry.target] = target
    moved = dict(tiles)  # the same tiles in the same order, those whose resources changed replaced
    for c, resources in changed.items():
        placed = tiles[c]
        if tuple(resources) != placed.resources:
            moved[c] = placed.with_resources(tuple(resources))  # type: ignore[arg-type]
    return village.with_tiles(moved), used


def payment_matches(cost: Cost, resources: dict[str, int], skills: dict[str, int], any_resource: bool = False) -> bool:
    """Does this payment settle ``cost`` exactly (no more, no less)?

    Resource units: a unit of type ``t`` pays a ``t`` or an ``any``; gold pays any one wood, stone,
    iron or ``any``; with ``any_resource`` (summer boat 3a) every unit pays every requirement.
    Skill tiles: of the type asked or for ``any``.
    """
    need = dict(cost.resources)
    if sum(resources.values()) != sum(need.values()):
        return False
    if not any_resource:
        spare_gold = resources.get("gold", 0) - need.get("gold", 0)
        if spare_gold < 0:
            return False
        overflow = 0
        for t in RESOURCES[:3]:
            have, want = resources.get(t, 0), need.get(t, 0)
            overflow += max(0, have - want)
            spare_gold -= max(0, want - have)  # the missing wood, stone or iron is paid in gold
        if spare_gold < 0 or overflow > need.get("any", 0):
            return False
    need_skills = dict(cost.skills)
    if sum(skills.values()) != sum(need_skills.values()):
        return False
    return all(skills.get(s, 0) >= need_skills.get(s, 0) for s in SKILLS)


def upgrade(village: Village, coord: Coord, resources: dict[str, int], skills: dict[str, int], any_resource: bool = False) -> Village:
    """Flip the tile at ``coord`` to its upgraded side, paying ``resources`` from it (skill tiles come
    from behind the screen: the caller removes ``skills``). Other resources stay on the tile and it
    keeps its orientation ("When flipped, the orientation of the village tile should be the same").

    :raises IllegalMove: KEY.UPGRADE.NOT_UPGRADABLE or KEY.UPGRADE.COST.
    """
    placed = village.tiles.get(coord)
    if placed is None:
        raise refuse("KEY.UPGRADE.NOT_UPGRADABLE", f"there is no tile of the village at {coord} to upgrade")
    tile = village.catalog.tiles[placed.tile]
    if not tile.upgradable or placed.side != "front":
        why = "is already upgraded" if placed.side == "upgraded" else "has no upgraded side"
        raise refuse("KEY.UPGRADE.NOT_UPGRADABLE", f"the {tile.name} {why}")
    on_tile = dict(zip(RESOURCES, placed.resources))
    if any(resources.get(r, 0) > on_tile[r] for r in RESOURCES) or set(resources) - set(RESOURCES):
        raise refuse("KEY.UPGRADE.COST", f"the {tile.name} holds {cost_words(on_tile, {})}: the payment "
                     f"{cost_words(resources, {})} "
                     "must lie on the tile being upgraded")
    if not payment_matches(tile.upgrade_cost, resources, skills, any_resource):
        cost = cost_words(dict(tile.upgrade_cost.resources), dict(tile.upgrade_cost.skills))
        paid = cost_words(resources, skills)
        raise refuse("KEY.UPGRADE.COST", f"upgrading the {tile.name} costs {cost}"
                     + (" (any resource may stand for another here)" if any_resource else "")
                     + f", but the move pays {paid}: write 'resources' (taken from the tile) and 'skills' (skill tiles "
                       f"from behind the screen) that make up that cost")
    left = tuple(on_tile[r] - resources.get(r, 0) for r in RESOURCES)
    return village.replaced(PlacedTile(placed.tile, coord, placed.rotation, "upgraded", left))  # type: ignore[arg-type]


def cost_words(resources: dict[str, int], skills: dict[str, int]) -> str:
    """``"1 wood and 2 skill tiles of any kind"``: a payment or a cost in words (``"nothing"``)."""
    parts = [f"{n} resource{'s' if n != 1 else ''} of any kind" if k == "any" else f"{n} {k}"
             for k, n in resources.items() if n]
    parts += [f"{n} skill tile{'s' if n != 1 else ''} of any kind" if k == "any" else
              f"{n} {k} skill tile{'s' if n != 1 else ''}" for k, n in skills.items() if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
