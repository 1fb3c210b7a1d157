"""Set-up, the steps around the action phase, and the end of each season and of the game.

Set-up (log ``setup``): home tiles in seat order (the lowest number starts: "The player who
received the lowest numbered home tile takes the purple start player worker"), turn-order tiles
with their sides, the winter tiles dealt (``"?"`` where unseen) and the eight starting workers of
each player (colour -> n, ``"?"`` for workers drawn behind the screen).

Each of spring, summer and autumn opens with the season's tiles laid out one ``lay`` at a time
and each boat loaded (``load``) with workers from the bag and skill tiles from the pile, face up.
Winter opens with every player putting up winter tiles (``winter``, simultaneous). After the
action phase the season ends (supplement 8): losing bids go back; a tile won goes to its winner
with the workers used on it, the winning workers into the bag (green ones too: boat 1a's text
"after all of the workers (including green workers) used in winning bids ... have been placed in
the bag"); an unsold tile leaves the game and the workers used on it go into the bag; workers
used in a village go to its owner; turn-order tiles give the boat order and the start player.
Players then take boats in that order (``boat``) and place the tiles they won (``place``,
simultaneous). After winter: Flipper's free flip and the count behind the screens (``final``,
simultaneous), then the final score.
"""
from __future__ import annotations

from ..core.components import UNKNOWN, HiddenPool
from ..core.errors import IllegalMove, SetupProblems
from ..core.ledger import Ledger
from ..core.simultaneous import SimultaneousWindow
from . import setup as checks
from .actions import flip_free, held, win_summer_boat
from .bidding import TileWorkers
from .catalog import COLOURS, SKILLS, AbilityKind, Catalog, Season, TileGroup
from .geometry import HOME, PlacedTile, Village, check_placement
from .hands import unknown_skills, unknown_workers
from .rules import NOUNS, counted, refuse
from .scoring import Holdings, final_score
from .seasons import boat_order, first_start_player
from .state import COLOUR_INDEX, SEASONS, SKILL_INDEX, Draw, KFState, Phase, Player

WINDOW_TYPES = frozenset(("winter", "place", "final"))
# enum members read at every lay, placing and boat taken, as module constants: a global lookup, where an enum member is an
# attribute lookup through the enum's metaclass (several times slower in Python 3.11)
_SUMMER_BOAT = TileGroup.SUMMER_BOAT
#: the season index of winter (``s.season`` compared without the season_enum property's call)
_WINTER_INDEX = SEASONS.index(Season.WINTER)
_FREE_PLACEMENT, _BOAT_GREEN_WORKER, _BOAT_DRAW_WORKERS = (AbilityKind.CROSS_FIELDS_FREE_PLACEMENT, AbilityKind.BOAT_GREEN_WORKER,
                                                    AbilityKind.BOAT_DRAW_WORKERS)


# -- set-up ----------------------------------------------------------------------------------------

def _at(exc: IllegalMove, pointer: str) -> IllegalMove:
    exc.pointer = exc.pointer or pointer
    return exc


def new_state(cat: Catalog, ids: list[str], setup: dict) -> KFState:
    """The state before the first move: set-up checked against the catalog's table.

    :raises IllegalMove: KEY.SETUP.* or CORE.HIDDEN.* (pointer into ``/setup``).
    """
    n = len(ids)
    homes = setup["homes"]
    problems = SetupProblems()  # every wrong value at once: each check goes on after a refusal
    dealt = [[None if t == UNKNOWN else t for t in hand] for hand in setup["winter_tiles"]]
    for check, pointer in ((lambda: checks.check_home_tiles(cat, n, homes), "/setup/homes"),
                           (lambda: "boats" in setup and checks.check_boats(cat, n, setup["boats"]), "/setup/boats"),
                           (lambda: checks.check_turn_order(cat, n, setup["turn_order"]), "/setup/turn_order"),
                           (lambda: checks.check_winter_dealt(cat, n, dealt), "/setup/winter_tiles")):
        try:
            check()
        except IllegalMove as exc:
            problems.add_error(_at(exc, pointer))
    workers_setup = setup["workers"]
    if len(workers_setup) != n:
        problems.add("KEY.SETUP.WORKERS", f"starting workers are drawn by each of the {n} players", "/setup/workers")
    if any(p.pointer.startswith(("/setup/homes", "/setup/workers")) for p in problems.found):
        problems.check()  # each seat's home and workers are read next
    winter_named = any(p.pointer.startswith("/setup/winter_tiles") for p in problems.found)
    bag = HiddenPool.create("worker", {c: (cat.worker_supply[c] if c in cat.bag_colours else 0) for c in COLOURS})
    skill_pile = HiddenPool.create("skill tile", cat.skill_supply)
    winter_pool = HiddenPool.create("winter tile", {t: 1 for t in cat.season_tiles[Season.WINTER]})
    players = []
    for seat, home in enumerate(homes):
        village = Village(cat, [PlacedTile(home, HOME)])
        p = Player(home=home, village=village, workers=[0] * 4, skills=[0] * 3, coords={home: HOME})
        drawn = workers_setup[seat]
        try:
            checks.check_starting_workers(cat, sum(drawn.values()))
        except IllegalMove as exc:
            problems.add_error(_at(exc, f"/setup/workers/{seat}"))
        for colour, count in drawn.items():
            if colour != UNKNOWN and colour not in cat.bag_colours:
                problems.add("KEY.SETUP.WORKERS", f"starting workers come from the bag, which holds no {colour} workers",
                             f"/setup/workers/{seat}/{colour}")
                continue
            try:
                bag.draw_many(seat, colour, count, f"/setup/workers/{seat}/{colour}")
            except IllegalMove as exc:
                problems.add_error(exc)
                continue
            if colour != UNKNOWN:
                p.workers[COLOUR_INDEX[colour]] += count
        for k, t in enumerate(setup["winter_tiles"][seat]):
            if t == UNKNOWN:
                winter_pool.draw_unknown(seat)
                p.winter_unknown += 1
            else:
                try:
                    winter_pool.reveal(t, pointer=f"/setup/winter_tiles/{seat}/{k}")
                except IllegalMove as exc:
                    if not winter_named:  # a tile dealt twice is named once
                        problems.add_error(exc)
                    continue
                p.winter_hand.append(t)
        players.append(p)
    problems.check()
    owner = {home: seat for seat, home in enumerate(homes)}
    order = cat.turn_order_for(n)
    start_tile = next(tid for tid, side in order if side.start_player)
    start = first_start_player({seat: cat.tiles[h].number for seat, h in enumerate(homes)})
    s = KFState(cat=cat, ids=list(ids), n=n, players=players, ledger=Ledger(n), bag=bag, skill_pile=skill_pile,
                winter_pool=winter_pool, green_stock=cat.worker_supply["green"],
                supply=[cat.resource_supply[r] for r in ("wood", "stone", "iron", "gold")],
                turn_order=tuple(tid for tid, _ in order), boats=cat.boats_for(n), start_tile=start_tile, start=start, current=start, owner=owner)
    open_season(s)
    return s


# -- season start --------------------------------------------------------------------------------

def boats_in_play(s: KFState) -> tuple[str, ...]:
    return s.boats


def open_season(s: KFState) -> None:
    s.on_tile = {}
    s.passes = 0
    s.actions = 0
    s.auction = []
    s.loaded = []
    s.boat_load = {}
    s.current = s.start
    if s.season == _WINTER_INDEX:
        s.phase = Phase.WINTER_CHOICE
        s.window = SimultaneousWindow("the choice of winter tiles", frozenset(range(s.n)), frozenset(("winter",)))
    else:
        s.phase = Phase.LAYOUT
        s.window = None


def layout_done(s: KFState) -> bool:
    # the player count was checked at set-up: its row is read without setup()'s check
    return len(s.auction) == s.cat.player_counts[s.n].season_tiles and len(s.loaded) == len(s.boats)


def lay(s: KFState, move: dict) -> None:
    """One of the season's tiles laid out (a summer boat with the side drawn).

    :raises IllegalMove: KEY.SETUP.SEASON_TILES, KEY.SETUP.LAYOUT or KEY.SETUP.SUMMER_BOAT_SIDE.
    """
    tile_id = move["tile"]
    season = SEASONS[s.season]
    tile = s.cat.tiles.get(tile_id)
    if tile is None or tile.season is not season:
        raise refuse("KEY.SETUP.SEASON_TILES", f"{tile_id!r} is not a {season.value} tile", "/tile")
    if tile_id in s.laid:
        raise refuse("KEY.SETUP.LAYOUT", f"the {tile.name} is already laid out: each tile exists once", "/tile")
    wanted = s.cat.player_counts[s.n].season_tiles  # the player count was checked at set-up
    if len(s.auction) >= wanted:
        raise refuse("KEY.SETUP.SEASON_TILES", f"{s.n} players lay out {wanted} {season.value} tiles; they are all out", "/tile")
    side = move.get("side")
    if tile.group is _SUMMER_BOAT:
        if side is None:
            raise refuse("KEY.SETUP.SUMMER_BOAT_SIDE", f"the {tile.name} is laid with side a or b up: which one?", "")
        checks.check_summer_boat_side(s.cat, tile_id, side)
    elif side is not None:
        raise refuse("KEY.SETUP.LAYOUT", f"only a summer boat shows a side a or b; the {tile.name} has none", "/side")
    s.auction.append(tile_id)
    s.laid.append(tile_id)
    if side is not None:
        s.summer_sides[tile_id] = side
    _after_layout(s)


def load(s: KFState, move: dict) -> None:
    """A boat loaded with workers from the bag and skill tiles from the pile, face up.

    :raises IllegalMove: KEY.BOAT.LOAD, KEY.BOAT.SHORT or CORE.HIDDEN.NOT_IN_POOL.
    """
    boat = move["boat"]
    if boat not in boats_in_play(s):
        raise refuse("KEY.BOAT.LOAD", f"{boat!r} is not a boat in play with {s.n} players", "/boat")
    if boat in s.loaded:
        raise refuse("KEY.BOAT.LOAD", f"the {s.cat.tiles[boat].name} is already loaded this season", "/boat")
    cargo = s.cat.boat_load(boat, SEASONS[s.season])
    workers, skills = move["workers"], move["skills"]
    for key, drawn, pool, allowed, wanted in (("workers", workers, s.bag, COLOURS, cargo.workers if cargo else 0),
                                             ("skills", skills, s.skill_pile, SKILLS, cargo.skills if cargo else 0)):
        expected = workers_due(s, boat) if key == "workers" else min(wanted, pool.remaining)
        if sum(drawn.values()) != expected:
            short = key == "workers" and expected < wanted
            raise refuse("KEY.BOAT.SHORT" if short else "KEY.BOAT.LOAD",
                         f"the {s.cat.tiles[boat].name} is loaded with {counted(expected, NOUNS[key])} this {s.season_enum.value}"
                         f"{' (the bag runs short: the boats are filled in order one worker at a time)' if short else ''}, "
                         f"not {sum(drawn.values())}", f"/{key}")
        for k, n in drawn.items():
            if k not in allowed:
                raise refuse("KEY.BOAT.LOAD", f"boats are loaded face up: {k!r} is not one of the {key}", f"/{key}/{k}")
            if pool.unaccounted.get(k, 0) < n:
                raise IllegalMove("CORE.HIDDEN.NOT_IN_POOL", f"{n} {k} cannot come out of the {pool.what} supply: fewer are "
                                  "unaccounted for", f"/{key}/{k}")
    w = [0] * 4
    for k, n in workers.items():
        s.bag.reveal_many(k, n)
        w[COLOUR_INDEX[k]] += n
    sk = [0] * 3
    for k, n in skills.items():
        s.skill_pile.reveal_many(k, n)
        sk[SKILL_INDEX[k]] += n
    s.boat_load[boat] = (w, sk)
    s.loaded.append(boat)
    _after_layout(s)


def workers_due(s: KFState, boat: str) -> int:
    """The workers ``boat`` is loaded with this season. Start of season: "In the unlikely scenario that
    there are insufficient workers in the bag, fill boats in order with one worker at a time, but not
    with more workers than are stated on the tile": the workers the bag held before the first load
    are shared out one at a time in the boats' order, whatever order the loads are written in."""
    wanted, total, by_boat = _workers_wanted(s)
    left = s.bag.remaining
    for b in s.loaded:
        left += sum(s.boat_load[b][0])
    if left >= total:
        return by_boat[boat]
    share = dict.fromkeys(dict(wanted), 0)
    while left:
        for b, n in wanted:
            if left and share[b] < n:
                share[b] += 1
                left -= 1
    return share[boat]


def _workers_wanted(s: KFState) -> tuple[tuple[tuple[str, int], ...], int, dict[str, int]]:
    """The workers each boat in play is loaded with this season when the bag has enough, in the
    boats' order, their sum, and the same by boat."""
    wanted = tuple((b, (c.workers if (c := s.cat.boat_load(b, s.season_enum)) else 0)) for b in boats_in_play(s))
    return wanted, sum(n for _, n in wanted), dict(wanted)


def _after_layout(s: KFState) -> None:
    if layout_done(s):
        s.phase = Phase.ACTIONS
        s.current = s.start


def winter_choice(s: KFState, seat: int, move: dict) -> None:
    """:raises IllegalMove: KEY.WINTER.CHOICE or CORE.HIDDEN.* (a face-down tile named)."""
    p = s.players[seat]
    chosen = move["tiles"]
    known = [t for t in chosen if t in p.winter_hand]
    named = [t for t in chosen if t not in p.winter_hand]
    if not chosen or len(set(chosen)) != len(chosen):
        raise refuse("KEY.WINTER.CHOICE", "each player selects one or more of the winter tiles they received, each once", "/tiles")
    if len(named) > p.winter_unknown:
        hand = ", ".join(p.winter_hand) or "none known"
        raise refuse("KEY.WINTER.CHOICE", f"only winter tiles of {s.ids[seat]}'s own hand ({hand}) can be selected", "/tiles")
    for k, t in enumerate(named):
        if t not in s.cat.tiles or s.cat.tiles[t].season is not Season.WINTER:
            raise refuse("KEY.WINTER.CHOICE", f"{t!r} is not a winter tile", f"/tiles/{chosen.index(t)}")
        s.winter_pool.check_identify(seat, t, f"/tiles/{chosen.index(t)}")
    for t in named:
        s.winter_pool.identify(seat, t)
        p.winter_unknown -= 1
    for t in known:
        p.winter_hand.remove(t)
    s.auction.extend(chosen)
    if s.window.record(seat, tuple(chosen)):
        s.window = None
        s.phase = Phase.ACTIONS
        s.current = s.start


# -- end of a season -------------------------------------------------------------------------------

def _use_colours(workers: TileWorkers) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in workers.uses:
        for c, n in u.standing:
            out[c] = out.get(c, 0) + n
        for c, n in u.lying:
            out[c] = out.get(c, 0) + n
    return out


def _give(known: list[int], used: dict[str, int]) -> None:
    """Workers used on a tile back behind a screen (``known``: that player's counts by colour)."""
    for c, n in used.items():
        known[COLOUR_INDEX[c]] += n


def end_season(s: KFState) -> None:
    """Everything after the last pass, up to the first boat choice (supplement 8, steps 1-6)."""
    winter = s.season == _WINTER_INDEX
    winners: dict[int, int] = {}
    players = s.players
    put_back = s.bag.put_back_many
    turn_order, auction = s.turn_order, s.auction
    for tile_id, workers in s.on_tile.items():
        bids = workers.bids
        top = None
        if bids:
            for b in bids:  # TileWorkers.highest written out
                if top is None or b.count > top.count:
                    top = b
            for b in bids:
                if b is not top:  # losing bids go back behind their players' screens
                    players[b.player].workers[COLOUR_INDEX[b.colour]] += b.count
        used = _use_colours(workers) if workers.uses else None
        if tile_id in turn_order:
            if top is not None:
                put_back(top.colour, top.count)
                winners[s.cat.tiles[tile_id].number] = top.player
                if winter:
                    players[top.player].pending.append(tile_id)
                    if tile_id == s.start_tile:
                        players[top.player].purple = True
        elif tile_id in auction:
            if top is not None:
                put_back(top.colour, top.count)
                winner = players[top.player]
                if used:
                    _give(winner.workers, used)
                winner.pending.append(tile_id)
                if tile_id in s.summer_sides:
                    win_summer_boat(s, top.player, tile_id)
            elif used:
                for c, n in used.items():
                    put_back(c, n)
        elif used:
            _give(players[s.owner[tile_id]].workers, used)
    s.on_tile = {}
    s.auction = []
    order = boat_order(tuple(range(s.n)), s.start, winners, s.cat.tiles[s.start_tile].number)
    s.boat_order = list(order.order)
    s.next_start = order.next_start
    s.boat_turn = 0
    s.boats_left = list(boats_in_play(s))
    s.phase = Phase.BOATS
    s.current = s.boat_order[0]


def take_boat(s: KFState, seat: int, move: dict) -> None:
    """:raises IllegalMove: KEY.BOAT.CHOICE."""
    boat = move["boat"]
    if boat not in s.boats_left:
        why = "already taken this season" if boat in boats_in_play(s) else f"not a boat in play with {s.n} players"
        raise refuse("KEY.BOAT.CHOICE", f"{boat!r} is {why}: the boats left are {', '.join(s.boats_left)}", "/boat")
    s.boats_left.remove(boat)
    p = s.players[seat]
    if s.season == _WINTER_INDEX:
        p.pending.append(boat)
    else:
        workers, skills = s.boat_load.pop(boat, ([0] * 4, [0] * 3))
        known = p.workers  # the boat's load, counts by colour
        for k, n in enumerate(workers):
            known[k] += n
        known = p.skills
        for k, n in enumerate(skills):
            known[k] += n
    abilities = held(s, seat)
    greens = min(abilities.get(_BOAT_GREEN_WORKER, 0), s.green_stock)
    s.green_stock -= greens
    p.workers[COLOUR_INDEX["green"]] += greens
    extra = abilities.get(_BOAT_DRAW_WORKERS, 0)
    s.boat_turn += 1
    if extra:
        s.tasks.push(Draw(seat, "workers", extra, boat))
    else:
        after_boat(s)


def after_boat(s: KFState) -> None:
    """The next boat choice, or the placing of won tiles once every player has taken one."""
    if s.boat_turn < len(s.boat_order):
        s.current = s.boat_order[s.boat_turn]
        return
    s.start = s.next_start
    placing = frozenset(seat for seat in range(s.n) if s.players[seat].pending)
    if placing:
        s.phase = Phase.PLACE
        s.window = SimultaneousWindow(f"the placing of the {s.season_enum.value} tiles won", placing, frozenset(("place",)))
    else:
        next_season(s)


def place(s: KFState, seat: int, move: dict) -> None:
    """:raises IllegalMove: KEY.PLACE.*."""
    p = s.players[seat]
    tile_id = move["tile"]
    if tile_id not in p.pending:
        won = ", ".join(p.pending)
        raise refuse("KEY.PLACE.PENDING", f"{s.ids[seat]} places the tiles won this season ({won}), not {tile_id!r}", "/tile")
    coord = (move["q"], move["r"])
    free = _FREE_PLACEMENT in held(s, seat)
    try:
        check_placement(p.village, tile_id, coord, move["rotation"], free)
    except IllegalMove as exc:
        exc.pointer = "/rotation" if exc.code == "KEY.PLACE.SIDES" else "/q"
        raise
    side = s.summer_sides.get(tile_id, "front")
    p.village = p.village.replaced(PlacedTile(tile_id, coord, move["rotation"], side))
    p.coords[tile_id] = coord
    s.owner[tile_id] = seat
    p.pending.remove(tile_id)
    if not p.pending and s.window.record(seat):
        s.window = None
        next_season(s)


def next_season(s: KFState) -> None:
    if s.season == _WINTER_INDEX:
        s.phase = Phase.FINAL
        s.window = SimultaneousWindow("the final count behind the screens", frozenset(range(s.n)), frozenset(("final",)))
        return
    s.season += 1
    open_season(s)


# -- the end of the game ---------------------------------------------------------------------------

def owns_flipper(s: KFState, seat: int) -> bool:
    return any(s.cat.tiles[t].before_scoring == "free_upgrade" for t in s.players[seat].coords)


def final(s: KFState, seat: int, move: dict) -> None:
    """Flipper's free flip and every unseen worker and skill tile named.

    :raises IllegalMove: KEY.FINAL.FLIP, KEY.FINAL.SCREEN or CORE.HIDDEN.NOT_IN_POOL.
    """
    p = s.players[seat]
    flip = move.get("flip")
    if flip is not None:
        if not owns_flipper(s, seat):
            raise refuse("KEY.FINAL.FLIP", f"only the owner of the Flipper flips a tile for free; {s.ids[seat]} has no Flipper", "/flip")
        coord = p.coords.get(flip)
        tile = s.cat.tiles.get(flip)
        if coord is None or not tile.upgradable or p.village.tiles[coord].side != "front":
            raise refuse("KEY.FINAL.FLIP", f"{flip!r} is not a tile of {s.ids[seat]}'s village that can still be upgraded", "/flip")
    for key, pool, unknown, allowed in (("workers", s.bag, unknown_workers(s, seat), COLOURS),
                                        ("skills", s.skill_pile, unknown_skills(s, seat), SKILLS)):
        named = move[key]
        if sum(named.values()) != unknown:
            raise refuse("KEY.FINAL.SCREEN", f"{s.ids[seat]} has {counted(unknown, NOUNS[key])} behind the screen not yet seen: "
                         f"all of them are named, not {sum(named.values())}", f"/{key}")
        for k, n in named.items():
            if k not in allowed:
                raise refuse("KEY.FINAL.SCREEN", f"{k!r} is not one of the {key}", f"/{key}/{k}")
            if pool.unaccounted.get(k, 0) < n:
                raise IllegalMove("CORE.HIDDEN.NOT_IN_POOL", f"{s.ids[seat]}'s unseen {key} cannot include {n} {k}: fewer are "
                                  "unaccounted for", f"/{key}/{k}")
    declared = move.get("allocation")
    if declared is not None:
        _check_allocation(s, seat, move, declared)
    for key, pool, counts, index in (("workers", s.bag, p.workers, COLOUR_INDEX), ("skills", s.skill_pile, p.skills, SKILL_INDEX)):
        for k, n in move[key].items():
            for _ in range(n):
                pool.identify(seat, k)
            counts[index[k]] += n
    if flip is not None:
        flip_free(s, seat, flip)
    if declared is not None:
        p.allocation = declared
    if s.window.record(seat):
        s.window = None
        score_game(s)


def _holdings(s: KFState, seat: int, named: dict | None = None) -> Holdings:
    p = s.players[seat]
    workers, skills = list(p.workers), list(p.skills)
    if named is not None:
        for k, n in named["workers"].items():
            workers[COLOUR_INDEX[k]] += n
        for k, n in named["skills"].items():
            skills[SKILL_INDEX[k]] += n
    return Holdings(tuple(zip(COLOURS, workers)), tuple(zip(SKILLS, skills)), p.purple)


def _check_allocation(s: KFState, seat: int, move: dict, declared: dict) -> None:
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
    if tile.season is Season.WINTER:
        return "winter_tiles"
    side = tile.sides.get("front")
    if side is not None and any(x.kind.value == "stored_resources" for x in side.scoring):
        return "yards"
    return _CATEGORY[tile.group]


def score_game(s: KFState) -> None:
    add = s.ledger.add
    for seat, p in enumerate(s.players):
        for line in final_score(p.village, _holdings(s, seat), p.allocation).lines:
            add(seat, line.points, category(s, line.source), line.why)  # a tile of the catalog or "gold"
    s.scored = True
    s.phase = Phase.END
