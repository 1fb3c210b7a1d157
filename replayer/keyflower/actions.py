"""The action phase: bid, use, pass, and the follow-ups a use asks for (draws, carries, upgrades).

Rules (supplement 4, rules text): players act clockwise from the start player until every player
has passed one after another; each action places workers of one colour (the colour rule, boats
4a and 4b excepted) behind a bid on a tile on offer or a turn-order tile, or on a tile with an
action in any village or on offer (1 worker, then more than the previous use, at most six). An
outbid group may be moved, all of it, to bid or use elsewhere, supplemented "with other losing
workers or with workers from behind their screen" (Bidding 5): ``from`` names one tile or a list of
them, and the workers moved count within the bid or use, which follows every rule of a bid or use
(one colour, except where boat 4b frees a use). Every check runs before anything changes.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.components import UNKNOWN
from ..core.errors import IllegalMove
from .bidding import Bid, TileWorkers, bid as place_bid, use_placed as place_use, withdraw
from .catalog import COLOURS, SKILLS, AbilityKind, ActionKind
from .effects import EFFECTS, PARAMS, UseContext
from .geometry import PlacedTile
from .hands import check_take, skill_to_pile, take
from .rules import NOUNS, counted, refuse
from .state import COLOUR_INDEX, RESOURCE_INDEX, SKILL_INDEX, Draw, KFState, Transport
from .transport import Carry, transport, upgrade

#: fields every use may have (``note``: the envelope's free comment on any move, never read by the
#: rules); the action kind adds its own (effects.PARAMS)
USE_FIELDS = frozenset(("type", "player", "tile", "workers", "from", "note"))
#: the workers on a tile nobody has bid for or used yet (a value: shared)
NO_WORKERS = TileWorkers()
_ALLOWED = {kind: USE_FIELDS | frozenset(names) for kind, names in PARAMS.items()}
#: action kind -> (the fields a use may have, the fields it needs, its effect), looked up once per use
#: (the catalog is checked on load to name no kind without an effect)
_BY_KIND = {kind: (_ALLOWED.get(kind.value, USE_FIELDS), PARAMS.get(kind.value), EFFECTS[kind.value])
            for kind in ActionKind if kind.value in EFFECTS}
# enum members read at every bid or use, as module constants (a global lookup is faster)
_COUNTER_BID, _USE_ANY_COLOUR = AbilityKind.COUNTER_BID_OTHER_COLOUR, AbilityKind.USE_ANY_COLOUR


def win_summer_boat(s: KFState, seat: int, tile_id: str) -> None:
    """``seat`` wins the summer boat ``tile_id``: its ability counts from now on."""
    p = s.players[seat]
    p.summer_boats.append(tile_id)
    abilities = dict(p.abilities)
    ability = s.cat.tiles[tile_id].abilities[s.summer_sides[tile_id]]
    abilities[ability.kind] = ability.amount
    p.abilities = abilities


@dataclass(slots=True)
class MovedGroups:
    """The outbid groups a bid or use moves ("must remain together ... may supplement these workers with
    other losing workers"): each source tile's workers without the group, and the groups' workers."""

    left: dict[str, TileWorkers]  #: source tile -> its workers once the group is gone
    groups: tuple[tuple[str, Bid], ...]  #: (source tile, the group) in the order the move names them
    by_colour: dict[str, int]  #: colour -> workers of the groups

    @property
    def count(self) -> int:
        return sum(self.by_colour.values())

    def words(self) -> str:
        """The groups as a player reads them: "the group of 2 red workers from 'alehouse'", or
        "the groups from 'alehouse' (1 red worker) and 'keywood' (2 blue workers)"."""
        if len(self.groups) == 1:
            (tile, group), = self.groups
            return f"the group of {counted(group.count, group.colour + ' worker')} from {tile!r}"
        return "the groups from " + " and ".join(f"{tile!r} ({counted(g.count, g.colour + ' worker')})" for tile, g in self.groups)

    def verb(self, singular: str, plural: str) -> str:
        return singular if len(self.groups) == 1 else plural


NO_GROUPS = MovedGroups({}, (), {})


def _sources(move: dict) -> tuple[tuple[str, str], ...]:
    """(tile, JSON pointer) of every outbid group ``from`` names: one tile id, or a list of them."""
    named = move.get("from")
    if named is None:
        return ()
    if isinstance(named, str):
        return ((named, "/from"),)
    return tuple((tile, f"/from/{k}") for k, tile in enumerate(named))


def _groups(s: KFState, seat: int, move: dict, target: str) -> MovedGroups:
    """The outbid groups of ``seat`` the move takes from the tiles ``from`` names to ``target``.

    :raises IllegalMove: KEY.BID.GROUP (the target itself, or a tile named twice), KEY.BID.NONE (no bid
        of the player's there) or KEY.BID.WINNING (that bid is winning); nothing changes.
    """
    sources = _sources(move)
    if not sources:
        return NO_GROUPS
    left: dict[str, TileWorkers] = {}
    groups: list[tuple[str, Bid]] = []
    by_colour: dict[str, int] = {}
    for source, pointer in sources:
        if source == target:
            raise refuse("KEY.BID.GROUP", "a group is moved to another tile; workers are added to one's own bid by bidding on it", pointer)
        if source in left:  # the schema's uniqueItems keeps this out of a log; a move built in code may still name it twice
            raise refuse("KEY.BID.GROUP", f"{source!r} is named twice: its group moves once", pointer)
        workers = s.on_tile.get(source)
        if workers is None:
            raise refuse("KEY.BID.NONE", f"{s.ids[seat]} has no workers bidding on {source!r} to move", pointer)
        try:
            rest, group = withdraw(workers, seat)
        except IllegalMove as exc:
            exc.pointer = pointer
            raise
        left[source] = rest
        groups.append((source, group))
        by_colour[group.colour] = by_colour.get(group.colour, 0) + group.count
    return MovedGroups(left, tuple(groups), by_colour)


def bid(s: KFState, seat: int, move: dict) -> None:
    """:raises IllegalMove: KEY.BID.* (KEY.BID.GROUP_COLOURS: outbid groups of two colours named) or
        KEY.WORKERS.NOT_ENOUGH; nothing changes then."""
    tile = move["tile"]
    village_tile = tile in s.auction
    if not village_tile and tile not in s.turn_order:
        raise refuse("KEY.BID.TARGET", f"{tile!r} is neither a tile on offer this {s.season_enum.value} nor a turn-order tile in play", "/tile")
    colour, count = move["colour"], move["count"]
    moved = None
    extra = count
    if "from" in move:
        moved = _groups(s, seat, move, tile)
        if moved.groups:
            if len(moved.by_colour) > 1:
                raise refuse("KEY.BID.GROUP_COLOURS", f"{moved.words()} are of different colours: one bid is of one colour", "/from")
            (group_colour, group_count), = moved.by_colour.items()
            if group_colour != colour or count < group_count:
                raise refuse("KEY.BID.GROUP", f"{moved.words()} {moved.verb('moves', 'move')} together: the bid must be "
                             f"{group_colour} with at least {counted(group_count, 'worker')}, not {count} {colour}", "/count")
            extra = count - group_count
    player = s.players[seat]
    known = player.workers
    if extra > 0 and known[COLOUR_INDEX[colour]] < extra:  # the known workers do not suffice: the full check
        check_take(s, seat, s.bag, {colour: extra}, "/count")
    try:
        after = place_bid(s.on_tile.get(tile, NO_WORKERS), seat, colour, count, _COUNTER_BID in player.abilities, village_tile)
    except IllegalMove as exc:
        exc.pointer = "/colour" if exc.code == "KEY.BID.COLOUR" else "/count"
        raise
    if moved is not None:
        s.on_tile.update(moved.left)
    k = COLOUR_INDEX[colour]
    if known[k] >= extra:  # take() of the known ones alone
        known[k] -= extra
    else:
        take(s, seat, s.bag, {colour: extra})
    s.on_tile[tile] = after


def where_tile(s: KFState, tile: str):
    """(owner seat or None for a tile on offer, the side it shows), or None: not usable ground."""
    if tile in s.auction:
        return None, s.summer_sides.get(tile, "front")
    owner = s.owner.get(tile)
    if owner is None:
        return None
    p = s.players[owner]
    return owner, p.village.tiles[p.coords[tile]].side


def use(s: KFState, seat: int, move: dict) -> None:
    """Where the tile lies, the workers placed, the tile's own rules
    (:func:`~.bidding.use_placed`) and the effect's checks; nothing changes before the commit.

    :raises IllegalMove: KEY.USE.*, KEY.BID.NONE/WINNING/GROUP, KEY.WORKERS.NOT_ENOUGH or an effect's code.
    """
    tile_id = move["tile"]
    where = where_tile(s, tile_id)
    if where is None:
        raise refuse("KEY.USE.TARGET", f"{tile_id!r} lies in no village and is not on offer this {s.season_enum.value}", "/tile")
    owner, side = where
    tile = s.cat.tiles[tile_id]
    action = tile.sides[side].action
    if action is None:
        raise refuse("KEY.USE.TARGET", f"the {tile.name} has no action to use", "/tile")
    allowed, params, effect = _BY_KIND[action.kind]
    if not allowed.issuperset(move):
        extra_fields = sorted(k for k in move if k not in allowed)
        raise refuse("KEY.USE.PARAMS", f"using the {tile.name} takes no {extra_fields[0]!r}", f"/{extra_fields[0]}")
    if params:
        for name in params:
            if name not in move:
                raise refuse("KEY.USE.PARAMS", f"using the {tile.name} needs {name!r} (what is {'paid' if name != 'resource' else 'chosen'})", "")
    player = s.players[seat]
    abilities = player.abilities
    placed = {}
    count = 0
    for c, n in move["workers"].items():
        if n:
            if c not in COLOUR_INDEX:
                raise refuse("KEY.USE.PARAMS", f"a worker is red, yellow, blue or green, not {c!r}", f"/workers/{c}")
            placed[c] = n
            count += n
    from_screen = placed  # what comes from behind the screen: the workers placed, less the groups moved
    moved = None
    if "from" in move:
        moved = _groups(s, seat, move, tile_id)
        from_screen = dict(placed)
        for colour, n in moved.by_colour.items():
            if from_screen.get(colour, 0) < n:
                raise refuse("KEY.BID.GROUP", f"{moved.words()} {moved.verb('moves', 'move')} together, all of "
                             f"{moved.verb('it', 'them')}: the use places {counted(from_screen.get(colour, 0), colour + ' worker')}, "
                             f"not the {n} moved", "/workers")
            from_screen[colour] -= n
    known = player.workers
    for colour, n in from_screen.items():
        if n > 0 and known[COLOUR_INDEX[colour]] < n:  # the known workers do not suffice: the full check
            check_take(s, seat, s.bag, from_screen, "/workers")
            break
    try:
        after = place_use(s.on_tile.get(tile_id, NO_WORKERS), seat, placed, count, _USE_ANY_COLOUR in abilities,
                          s.cat.max_workers_per_tile)
    except IllegalMove as exc:
        exc.pointer = "/workers"
        raise
    commit = effect(s, UseContext(seat, tile_id, action, tile_id if owner == seat else player.home, from_screen, abilities), move)
    if moved is not None:
        s.on_tile.update(moved.left)
    take(s, seat, s.bag, from_screen)
    s.on_tile[tile_id] = after
    commit()


# -- follow-ups: draws -------------------------------------------------------------------------

def draw(s: KFState, task: Draw, move: dict) -> None:
    """A random draw as the table wrote it: ``workers`` or ``skills``, type -> n, ``"?"`` unseen.

    :raises IllegalMove: KEY.DRAW.COUNT or CORE.HIDDEN.NOT_IN_POOL.
    """
    key = task.what
    other = "skills" if key == "workers" else "workers"
    if other in move or key not in move:
        raise refuse("KEY.DRAW.COUNT", f"the {task.source} draws {key}, not {other}", f"/{other if other in move else key}")
    pool = s.bag if key == "workers" else s.skill_pile
    drawn = move[key]
    allowed = (COLOURS if key == "workers" else SKILLS) + (UNKNOWN,)
    for k in drawn:
        if k not in allowed:
            raise refuse("KEY.DRAW.COUNT", f"{k!r} is not one of the {key} ({', '.join(allowed)})", f"/{key}/{k}")
    wanted = min(task.count, pool.remaining)
    total = sum(drawn.values())
    if total != wanted:
        why = f" (only {pool.remaining} left)" if wanted < task.count else ""
        raise refuse("KEY.DRAW.COUNT", f"the {s.cat.tiles[task.source].name if task.source in s.cat.tiles else task.source} "
                     f"draws {counted(wanted, NOUNS[key])}{why}, not {total}", f"/{key}")
    for k, n in drawn.items():
        if k != UNKNOWN and pool.unaccounted.get(k, 0) < n:
            raise IllegalMove("CORE.HIDDEN.NOT_IN_POOL", f"{n} {k} cannot be drawn: fewer are unaccounted for", f"/{key}/{k}")
    s.tasks.pop()
    p = s.players[task.seat]
    counts = p.workers if key == "workers" else p.skills
    index = COLOUR_INDEX if key == "workers" else SKILL_INDEX
    for k, n in drawn.items():
        for _ in range(n):
            if k == UNKNOWN:
                pool.draw_unknown(task.seat)
            else:
                pool.reveal(k)
                counts[index[k]] += 1
    if task.discard:
        s.bag.put_back(task.discard)
    if task.skill_back:
        skill_to_pile(s, task.skill_back)


# -- follow-ups: transport and upgrades -----------------------------------------------------------

def _own_coord(s: KFState, seat: int, tile: str, pointer: str):
    coord = s.players[seat].coords.get(tile)
    if coord is None:
        raise refuse("KEY.TRANSPORT.NOT_IN_VILLAGE", f"{tile!r} is not a tile of {s.ids[seat]}'s village", pointer)
    return coord


def carry(s: KFState, task: Transport, move: dict) -> None:
    """:raises IllegalMove: KEY.TRANSPORT.*."""
    src = _own_coord(s, task.seat, move["from"], "/from")
    dst = _own_coord(s, task.seat, move["to"], "/to")
    p = s.players[task.seat]
    try:
        village, used = transport(p.village, [Carry(src, dst, move["resource"], move["count"])], task.points, task.across_fields)
    except IllegalMove as exc:
        exc.pointer = {"KEY.TRANSPORT.CAPACITY": "/count", "KEY.TRANSPORT.NO_RESOURCE": "/resource"}.get(exc.code, "/to")
        raise
    p.village = village
    s.tasks.pop()
    _continue(s, Transport(task.seat, task.tile, task.points - used, task.upgrades, task.across_fields, task.any_resource))


def upgrade_tile(s: KFState, task: Transport, move: dict) -> None:
    """:raises IllegalMove: KEY.UPGRADE.*, KEY.TRANSPORT.NOT_IN_VILLAGE or KEY.SKILLS.NOT_ENOUGH."""
    if task.upgrades < 1:
        raise refuse("KEY.UPGRADE.CAPACITY", "this use has no upgrade left", "/tile")
    coord = _own_coord(s, task.seat, move["tile"], "/tile")
    paid = {k: n for k, n in move.get("resources", {}).items() if n}
    skills = {k: n for k, n in move.get("skills", {}).items() if n}
    p = s.players[task.seat]
    try:
        village = upgrade(p.village, coord, paid, skills, task.any_resource)
    except IllegalMove as exc:
        exc.pointer = "/tile" if exc.code == "KEY.UPGRADE.NOT_UPGRADABLE" else _cost_pointer(s, move, paid)
        raise
    check_take(s, task.seat, s.skill_pile, skills, "/skills")
    take(s, task.seat, s.skill_pile, skills)
    for k, n in skills.items():
        for _ in range(n):
            skill_to_pile(s, k)
    for r, n in paid.items():
        s.supply[RESOURCE_INDEX[r]] += n
    p.village = village
    s.tasks.pop()
    _continue(s, Transport(task.seat, task.tile, task.points, task.upgrades - 1, task.across_fields, task.any_resource))


def _cost_pointer(s: KFState, move: dict, paid: dict[str, int]) -> str:
    """Which part of an upgrade's payment is wrong: the skill tiles when the resources alone are
    right (or none are asked), else the resources."""
    cost = s.cat.tiles[move["tile"]].upgrade_cost
    if cost is not None and sum(paid.values()) == sum(n for _, n in cost.resources) and \
            (not cost.resources or dict(cost.resources) == paid):
        return "/skills"
    return "/resources"


def _continue(s: KFState, task: Transport) -> None:
    if task.points > 0 or task.upgrades > 0:
        s.tasks.push(task)


def flip_free(s: KFState, seat: int, tile: str) -> None:
    """Flipper: the tile turns to its upgraded side without payment; its resources stay (checked by the caller)."""
    p = s.players[seat]
    coord = p.coords[tile]
    placed = p.village.tiles[coord]
    p.village = p.village.replaced(PlacedTile(placed.tile, coord, placed.rotation, "upgraded", placed.resources))

