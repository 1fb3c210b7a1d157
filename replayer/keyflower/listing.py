"""Legal moves, the odds of what chance decides and random set-ups (the simulator), built on the same pure checks as
the validator (bidding, placement, transport and payment functions), so the two agree.

Random outcomes (draws, the season's tiles, boat loads) are listed as complete moves with every
composition; :func:`random_move` draws them with their true odds from what is unaccounted for.
"""
from __future__ import annotations

import itertools

from ..core.chance import compositions, draws
from ..core.components import UNKNOWN
from ..core.errors import IllegalMove
from ..core.game import SIMULTANEOUS
from .actions import where_tile
from .bidding import TileWorkers, bid as place_bid, use as place_use
from .catalog import COLOURS, RESOURCES, SKILLS, AbilityKind, TileGroup
from .effects import PARAMS
from .seasons import owns_flipper, workers_due
from .geometry import check_placement, distances, neighbours
from .hands import available, can_take, unknown_skills, unknown_workers
from .state import Draw, KFState, Phase, Transport, expect
from .transport import payment_matches


def _pool_caps(pool, kinds: tuple[str, ...], unseen: bool) -> dict[str, int]:
    caps = {k: pool.unaccounted.get(k, 0) for k in kinds}
    if unseen:
        caps[UNKNOWN] = pool.remaining
    return caps


# -- listing ----------------------------------------------------------------------------------------

def legal_moves(s: KFState) -> list[dict]:
    seat, types = expect(s)
    task = s.tasks.top()
    if isinstance(task, Draw):
        return _draws(s, task)
    if isinstance(task, Transport):
        return _transport_moves(s, task)
    phase = s.phase
    if phase is Phase.END:
        return []
    if phase is Phase.LAYOUT:
        return _layout(s)
    if seat == SIMULTANEOUS:
        out = []
        for w in sorted(s.window.waiting):
            out += {Phase.WINTER_CHOICE: _winter, Phase.PLACE: _placements, Phase.FINAL: _finals}[phase](s, w)
        return out
    pid = s.ids[seat]
    if phase is Phase.BOATS:
        return [{"type": "boat", "player": pid, "boat": b} for b in s.boats_left]
    return [{"type": "pass", "player": pid}] + _bids(s, seat) + _uses(s, seat)


def _draws(s: KFState, task: Draw) -> list[dict]:
    pool = s.bag if task.what == "workers" else s.skill_pile
    kinds = COLOURS if task.what == "workers" else SKILLS
    total = min(task.count, pool.remaining)
    return [{"type": "draw", task.what: c} for c in compositions(total, _pool_caps(pool, kinds, True))]


def _layout(s: KFState) -> list[dict]:
    out: list[dict] = []
    if len(s.auction) < s.cat.setup(s.n).season_tiles:
        for t in s.cat.season_tiles[s.season_enum]:
            if t in s.laid:
                continue
            if s.cat.tiles[t].group is TileGroup.SUMMER_BOAT:
                out += [{"type": "lay", "tile": t, "side": side} for side in ("a", "b")]
            else:
                out.append({"type": "lay", "tile": t})
    for boat in s.boats:
        if boat in s.loaded:
            continue
        cargo = s.cat.boat_load(boat, s.season_enum)
        nw = workers_due(s, boat)
        ns = min(cargo.skills if cargo else 0, s.skill_pile.remaining)
        for w in compositions(nw, _pool_caps(s.bag, COLOURS, False)):
            for k in compositions(ns, _pool_caps(s.skill_pile, SKILLS, False)):
                out.append({"type": "load", "boat": boat, "workers": w, "skills": k})
    return out


def _outbid_groups(s: KFState, seat: int):
    """(tile, bid) of every bid of ``seat`` that is not winning: groups that may move."""
    out = []
    for tile, workers in s.on_tile.items():
        own = workers.bid_of(seat)
        if own is not None and workers.highest() is not own:
            out.append((tile, own))
    return out


def _group_choices(groups, target: str, one_colour: bool) -> list[tuple[str | list[str] | None, dict[str, int]]]:
    """Every set of outbid ``groups`` a bid or use on ``target`` may move together (Bidding 5: "supplement these
    workers with other losing workers"): (the move's ``from``, the groups' workers by colour), no group
    first. ``one_colour``: only groups of one colour go together (a bid; a use without boat 4b's freedom).
    One group is written as its tile, several as a list in the order of the tile ids."""
    movable = sorted((tile, group) for tile, group in groups if tile != target)
    out: list[tuple[str | list[str] | None, dict[str, int]]] = [(None, {})]
    for size in range(1, len(movable) + 1):
        for chosen in itertools.combinations(movable, size):
            by_colour: dict[str, int] = {}
            for _, group in chosen:
                by_colour[group.colour] = by_colour.get(group.colour, 0) + group.count
            if one_colour and len(by_colour) > 1:
                continue
            out.append((chosen[0][0] if size == 1 else [tile for tile, _ in chosen], by_colour))
    return out


def _bids(s: KFState, seat: int) -> list[dict]:
    pid = s.ids[seat]
    avail = available(s, seat, s.bag)
    counter = AbilityKind.COUNTER_BID_OTHER_COLOUR in s.players[seat].abilities
    groups = _outbid_groups(s, seat)
    out = []
    for tile in (*s.auction, *s.turn_order):
        workers = s.on_tile.get(tile, TileWorkers())
        best_other = max((b.count for b in workers.bids if b.player != seat), default=0)
        own = workers.bid_of(seat)
        for source, by_colour in _group_choices(groups, tile, one_colour=True):
            for colour in COLOURS:
                if by_colour and colour not in by_colour:
                    continue
                base = by_colour.get(colour, 0)
                most = base + avail[colour]
                if own is not None and by_colour and own.colour != colour:
                    continue
                start = max(1, base, best_other + 1 - (own.count if own else 0))
                for count in range(start, most + 1):
                    try:
                        place_bid(workers, seat, colour, count, counter_bid=counter, village_tile=tile in s.auction)
                    except IllegalMove:
                        break
                    move = {"type": "bid", "player": pid, "tile": tile, "colour": colour, "count": count}
                    if source is not None:
                        move["from"] = source if isinstance(source, str) else list(source)  # a list of its own per move
                    out.append(move)
    return out


def _usable_tiles(s: KFState) -> list[str]:
    tiles = [t for t in s.auction if s.cat.tiles[t].sides[s.summer_sides.get(t, "front")].action is not None]
    for p in s.players:
        for placed in p.village.tiles.values():
            if s.cat.tiles[placed.tile].sides[placed.side].action is not None:
                tiles.append(placed.tile)
    return tiles


def _uses(s: KFState, seat: int) -> list[dict]:
    pid = s.ids[seat]
    avail = available(s, seat, s.bag)
    abilities = s.players[seat].abilities
    any_colour = AbilityKind.USE_ANY_COLOUR in abilities
    groups = _outbid_groups(s, seat)
    total = sum(s.players[seat].workers) + unknown_workers(s, seat)
    limit = s.cat.max_workers_per_tile
    out = []
    for tile in _usable_tiles(s):
        owner, side = where_tile(s, tile)
        action = s.cat.tiles[tile].sides[side].action
        workers = s.on_tile.get(tile, TileWorkers())
        minimum = workers.uses[-1].count + 1 if workers.uses else 1
        room = limit - workers.used_workers()
        touched = bool(workers.bids or workers.uses)
        choices = _group_choices(groups, tile, one_colour=not (any_colour and touched))
        for source, by_colour in choices:
            base = sum(by_colour.values())
            caps = {c: avail[c] + by_colour.get(c, 0) for c in COLOURS}
            for count in range(max(minimum, base, 1), min(room, total + base) + 1):
                if any_colour and touched:
                    options = compositions(count, caps)
                else:
                    options = [{c: count} for c in COLOURS if caps[c] >= count]
                for placed in options:
                    if any(placed.get(c, 0) < n for c, n in by_colour.items()):
                        continue  # each group moves whole
                    from_screen = dict(placed)
                    for c, n in by_colour.items():
                        from_screen[c] -= n
                    if not can_take(s, seat, s.bag, from_screen):
                        continue
                    try:
                        place_use(workers, seat, placed, any_colour=any_colour, limit=limit)
                    except IllegalMove:
                        continue
                    for params in _effect_params(s, seat, action, from_screen):
                        move = {"type": "use", "player": pid, "tile": tile, "workers": placed, **params}
                        if source is not None:
                            move["from"] = source if isinstance(source, str) else list(source)  # a list of its own per move
                        out.append(move)
    return out


def _effect_params(s: KFState, seat: int, action, from_screen: dict[str, int]) -> list[dict]:
    kind = action.kind.value
    if kind not in PARAMS:
        if kind == "skill_for_resources" and available(s, seat, s.skill_pile)[action.pay] < 1:
            return []
        if kind == "worker_for_green" and not can_take(s, seat, s.bag,
                                                       {**from_screen, action.pay: from_screen.get(action.pay, 0) + 1}):
            return []
        return [{}]
    if kind == "resource_choice":
        return [{"resource": r} for r in action.choices]
    if kind in ("skill_swap", "skill_for_workers"):
        have = available(s, seat, s.skill_pile)
        p = s.players[seat]
        out = [{"pay": k} for k in SKILLS if have[k] > 0]
        if unknown_skills(s, seat) > 0:
            out.append({"pay": UNKNOWN})
        elif not sum(p.skills):
            return []
        return out
    # worker_for_workers: the Tavern's discard
    return [{"discard": c} for c in COLOURS
            if can_take(s, seat, s.bag, {**from_screen, c: from_screen.get(c, 0) + 1})]


def _transport_moves(s: KFState, task: Transport) -> list[dict]:
    pid = s.ids[task.seat]
    p = s.players[task.seat]
    out: list[dict] = [{"type": "done", "player": pid}]
    names = {c: pl.tile for c, pl in p.village.tiles.items()}
    if task.points > 0:
        for c, placed in p.village.tiles.items():
            if not any(placed.resources):
                continue
            reach = distances(p.village, c, task.across_fields)
            for k, r in enumerate(RESOURCES):
                have = placed.resources[k]
                if not have:
                    continue
                for dst, d in reach.items():
                    if d == 0 or d > task.points:
                        continue
                    for n in range(1, min(have, task.points // d) + 1):
                        out.append({"type": "carry", "player": pid, "from": placed.tile, "to": names[dst], "resource": r, "count": n})
    if task.upgrades > 0:
        have_skills = available(s, task.seat, s.skill_pile)
        for placed in p.village.tiles.values():
            tile = s.cat.tiles[placed.tile]
            if not tile.upgradable or placed.side != "front":
                continue
            cost = tile.upgrade_cost
            need_res = sum(n for _, n in cost.resources)
            need_sk = sum(n for _, n in cost.skills)
            on = {r: placed.resources[k] for k, r in enumerate(RESOURCES)}
            for res in compositions(need_res, on):
                for sk in compositions(need_sk, have_skills):
                    if (payment_matches(cost, res, sk, task.any_resource)
                            and can_take(s, task.seat, s.skill_pile, sk)):
                        out.append({"type": "upgrade", "player": pid, "tile": placed.tile, "resources": res, "skills": sk})
    return out


def _winter(s: KFState, seat: int) -> list[dict]:
    p = s.players[seat]
    pid = s.ids[seat]
    possible = s.winter_pool.possible() if p.winter_unknown else []
    out = []
    for known_n in range(0, len(p.winter_hand) + 1):
        for known in itertools.combinations(p.winter_hand, known_n):
            for unknown_n in range(0, p.winter_unknown + 1):
                for named in itertools.combinations(possible, unknown_n):
                    chosen = known + named
                    if not chosen:
                        continue
                    for order in itertools.permutations(chosen):
                        out.append({"type": "winter", "player": pid, "tiles": list(order)})
    return out


def _open_spots(village) -> set:
    return {n for c in village.tiles for n in neighbours(c) if n not in village.tiles}


def _placements(s: KFState, seat: int) -> list[dict]:
    p = s.players[seat]
    pid = s.ids[seat]
    free = AbilityKind.CROSS_FIELDS_FREE_PLACEMENT in s.players[seat].abilities
    out = []
    for tile in dict.fromkeys(p.pending):
        for q, r in sorted(_open_spots(p.village)):
            for rotation in range(6):
                try:
                    check_placement(p.village, tile, (q, r), rotation, free)
                except IllegalMove:
                    continue
                out.append({"type": "place", "player": pid, "tile": tile, "q": q, "r": r, "rotation": rotation})
    return out


def _finals(s: KFState, seat: int) -> list[dict]:
    p = s.players[seat]
    pid = s.ids[seat]
    flips = [None]
    if owns_flipper(s, seat):
        flips += [pl.tile for pl in p.village.tiles.values() if s.cat.tiles[pl.tile].upgradable and pl.side == "front"]
    out = []
    for w in compositions(unknown_workers(s, seat), {c: s.bag.unaccounted.get(c, 0) for c in COLOURS}):
        for k in compositions(unknown_skills(s, seat), {x: s.skill_pile.unaccounted.get(x, 0) for x in SKILLS}):
            for flip in flips:
                move = {"type": "final", "player": pid, "workers": w, "skills": k}
                if flip is not None:
                    move["flip"] = flip
                out.append(move)
    return out


# -- what chance decides ------------------------------------------------------------------------

#: how often a drawn set is written unseen ("?": drawn behind the screen, as a table often must)
UNSEEN_SHARE = 0.3

#: a table upgrades and carries when it may, and bids or uses a tile more often than it passes
RANDOM_PLAY_WEIGHTS = {"upgrade": 8, "carry": 3, "done": 1, "pass": 1, "bid": 2, "use": 2}


def _drawn(pool, kinds: tuple[str, ...], count: int) -> list[tuple[dict, float]]:
    """Every set of ``count`` items drawn from ``pool`` (only ``kinds``) with its probability."""
    return draws({k: pool.unaccounted.get(k, 0) for k in kinds}, min(count, pool.remaining))


def chance_outcomes(s: KFState) -> list[tuple[dict, float]]:
    """The workers or skill tiles a ``draw`` move names (drawn blind from the bag or the pile,
    and written unseen as ``?`` in :data:`UNSEEN_SHARE` of the draws), the season's tiles laid out
    (each tile left equally likely, a summer boat's side either way) and a boat's load."""
    task = s.tasks.top()
    if isinstance(task, Draw):
        pool = s.bag if task.what == "workers" else s.skill_pile
        out = []
        for drawn, odds in _drawn(pool, COLOURS if task.what == "workers" else SKILLS, task.count):
            out.append(({"type": "draw", task.what: drawn}, odds * (1 - UNSEEN_SHARE)))
            unseen = {UNKNOWN: sum(drawn.values())} if drawn else {}
            out.append(({"type": "draw", task.what: unseen}, odds * UNSEEN_SHARE))
        return out
    if s.phase is not Phase.LAYOUT or task:
        return []
    if len(s.auction) < s.cat.setup(s.n).season_tiles:
        tiles = [t for t in s.cat.season_tiles[s.season_enum] if t not in s.laid]
        out = []
        for tile in tiles:
            if s.cat.tiles[tile].group is TileGroup.SUMMER_BOAT:
                out += [({"type": "lay", "tile": tile, "side": side}, 0.5) for side in ("a", "b")]
            else:
                out.append(({"type": "lay", "tile": tile}, 1.0))
        return out
    boat = next(b for b in s.boats if b not in s.loaded)
    cargo = s.cat.boat_load(boat, s.season_enum)
    return [({"type": "load", "boat": boat, "workers": workers, "skills": skills}, p * q)
            for workers, p in _drawn(s.bag, COLOURS, workers_due(s, boat))
            for skills, q in _drawn(s.skill_pile, SKILLS, cargo.skills if cargo else 0)]
