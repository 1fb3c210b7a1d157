"""Applying each move type: the checks every move has (the simultaneous window's, the move type
possible now, whose turn it is), then the function of its type in the current phase or of the
pending decision on top of the stack; every rule is checked before anything changes.

The action phase's bids, uses and their follow-ups are :mod:`.actions`'; the layout (``lay``,
``load``), ``winter``, ``boat``, ``place`` and ``final`` are here, and the steps between the moves
(a season's end, the next boat choice, the next season) are :mod:`.seasons`'.
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from ..core.simultaneous import check_simultaneous
from ..core.game import CHANCE, SIMULTANEOUS, TERMINAL
from . import actions
from . import setup as checks
from .actions import flip_free
from .catalog import COLOURS, SKILLS, AbilityKind, Season, TileGroup
from .geometry import PlacedTile, check_placement
from .hands import unknown_skills, unknown_workers
from .rules import NOUNS, counted, refuse
from .scoring import check_declared, score_game
from .seasons import WINTER_INDEX, after_boat, after_layout, end_season, next_season, owns_flipper, workers_due
from .state import COLOUR_INDEX, EMPTY_LOAD, SEASONS, SKILL_INDEX, BoatLoad, Draw, KFState, Phase, Transport, expect, waiting

WINDOW_TYPES = frozenset(("winter", "place", "final"))
# the phases read at every move, as module constants (a global lookup is faster)
_END, _LAYOUT, _ACTIONS, _BOATS = Phase.END, Phase.LAYOUT, Phase.ACTIONS, Phase.BOATS


# -- the layout, winter, boats, placing and the final count ----------------------------------------

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
    if tile.group is TileGroup.SUMMER_BOAT:
        if side is None:
            raise refuse("KEY.SETUP.SUMMER_BOAT_SIDE", f"the {tile.name} is laid with side a or b up: which one?", "")
        checks.check_summer_boat_side(s.cat, tile_id, side)
    elif side is not None:
        raise refuse("KEY.SETUP.LAYOUT", f"only a summer boat shows a side a or b; the {tile.name} has none", "/side")
    s.auction.append(tile_id)
    s.laid.append(tile_id)
    if side is not None:
        s.summer_sides[tile_id] = side
    after_layout(s)


def load(s: KFState, move: dict) -> None:
    """A boat loaded with workers from the bag and skill tiles from the pile, face up.

    :raises IllegalMove: KEY.BOAT.LOAD, KEY.BOAT.SHORT or CORE.HIDDEN.NOT_IN_POOL.
    """
    boat = move["boat"]
    if boat not in s.boats:
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
    s.boat_load[boat] = BoatLoad(tuple(w), tuple(sk))
    s.loaded.append(boat)
    after_layout(s)


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


def take_boat(s: KFState, seat: int, move: dict) -> None:
    """A boat's contents (in winter, the boat tile) taken, with the extra workers of summer boats 1a
    and 1b, each "if available": 1a "takes two additional workers from the bag ... When taking a boat
    tile at the end of winter, the player takes two workers from the bag"; 1b "additionally takes one
    green worker from the supply". They count at every pick from the moment the summer boat is won
    (the text names the end of summer, before the won tiles are placed).

    :raises IllegalMove: KEY.BOAT.CHOICE."""
    boat = move["boat"]
    if boat not in s.boats_left:
        why = "already taken this season" if boat in s.boats else f"not a boat in play with {s.n} players"
        raise refuse("KEY.BOAT.CHOICE", f"{boat!r} is {why}: the boats left are {', '.join(s.boats_left)}", "/boat")
    s.boats_left.remove(boat)
    p = s.players[seat]
    if s.season == WINTER_INDEX:
        p.pending.append(boat)
    else:
        cargo = s.boat_load.pop(boat, EMPTY_LOAD)
        known = p.workers  # the boat's load, counts by colour
        for k, n in enumerate(cargo.workers):
            known[k] += n
        known = p.skills
        for k, n in enumerate(cargo.skills):
            known[k] += n
    abilities = s.players[seat].abilities
    greens = min(abilities.get(AbilityKind.BOAT_GREEN_WORKER, 0), s.green_stock)
    s.green_stock -= greens
    p.workers[COLOUR_INDEX["green"]] += greens
    extra = abilities.get(AbilityKind.BOAT_DRAW_WORKERS, 0)
    s.boat_turn += 1
    if extra:
        s.tasks.push(Draw(seat, "workers", extra, boat))
    else:
        after_boat(s)


def place(s: KFState, seat: int, move: dict) -> None:
    """:raises IllegalMove: KEY.PLACE.*."""
    p = s.players[seat]
    tile_id = move["tile"]
    if tile_id not in p.pending:
        won = ", ".join(p.pending)
        raise refuse("KEY.PLACE.PENDING", f"{s.ids[seat]} places the tiles won this season ({won}), not {tile_id!r}", "/tile")
    coord = (move["q"], move["r"])
    free = AbilityKind.CROSS_FIELDS_FREE_PLACEMENT in s.players[seat].abilities
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
        check_declared(s, seat, move, declared)
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


# -- every move handed to its function -------------------------------------------------------------

def _pass(s: KFState, seat: int, move: dict) -> None:
    s.passes += 1
    if s.passes >= s.n:
        end_season(s)
    else:
        s.current = (s.current + 1) % s.n


def _acting(action):
    """The move function of a bid or use: ``action`` applied, then the passes in a row start again
    and the next player acts, unless the use left a decision (a draw, carries) to its player first
    (one function per action kind, so that no second call follows each)."""
    def apply_action(s: KFState, seat: int, move: dict) -> None:
        action(s, seat, move)
        s.passes = 0
        s.actions += 1
        if not s.tasks.items:
            s.current = (s.current + 1) % s.n
    return apply_action


_bid = _acting(actions.bid)
_use = _acting(actions.use)


def _done(s: KFState, task: Transport, move: dict) -> None:
    s.tasks.pop()


def _after_task(s: KFState) -> None:
    """Once the last pending decision is answered: the next player acts, or the boats go on."""
    if s.tasks.items:
        return
    if s.phase is _ACTIONS:
        s.current = (s.current + 1) % s.n
    elif s.phase is _BOATS:
        after_boat(s)


#: phase -> move type -> the function applying it (the types of state.PHASE_TYPES; none once the game is over)
_PHASE_MOVES = {Phase.ACTIONS: {"bid": _bid, "use": _use, "pass": _pass},
                Phase.BOATS: {"boat": take_boat},
                Phase.WINTER_CHOICE: {"winter": winter_choice},
                Phase.PLACE: {"place": place},
                Phase.FINAL: {"final": final},
                Phase.LAYOUT: {"lay": lambda s, seat, move: lay(s, move), "load": lambda s, seat, move: load(s, move)},
                Phase.END: {}}
#: pending decision -> move type -> the function answering it (the types of state.TASK_TYPES)
_TASK_MOVES = {Draw: {"draw": actions.draw}, Transport: {"carry": actions.carry, "upgrade": actions.upgrade_tile, "done": _done}}


def apply(s: KFState, move: dict, seat: int | None) -> None:
    """Apply a move that matches the log schema (the module docstring says how).

    :raises IllegalMove: the move breaks a rule (the state is unchanged).
    """
    t = move["type"]
    tasks = s.tasks.items
    if tasks:
        if t in WINDOW_TYPES:  # a window's move while a decision is pending: the core's refusal
            check_simultaneous(None, seat, t, WINDOW_TYPES, s.ids)
        task = tasks[-1]
        kind = type(task)
        handler = _TASK_MOVES[kind].get(t)
        want = CHANCE if kind is Draw else task.seat
    else:
        window = s.window
        if window is not None:
            check_simultaneous(window, seat, t, WINDOW_TYPES, s.ids)
        elif t in WINDOW_TYPES:
            check_simultaneous(None, seat, t, WINDOW_TYPES, s.ids)
        phase = s.phase
        handler = _PHASE_MOVES[phase].get(t)
        want = (TERMINAL if phase is _END else CHANCE if phase is _LAYOUT
                else SIMULTANEOUS if window is not None else s.current)
    if handler is None:
        types = expect(s)[1]
        who = "the table" if want == CHANCE else "" if want in (SIMULTANEOUS, TERMINAL) else s.ids[want]
        raise refuse("KEY.TURN.WRONG_STEP", f"no {t!r} move is possible now: {waiting(s)}"
                     f"{' (' + who + ')' if who else ''}; {' or '.join(repr(x) for x in types) or 'no move'} expected", "/type")
    if want >= 0 and seat != want:
        raise refuse("KEY.TURN.NOT_YOURS", f"it is {s.ids[want]}'s turn, not {move.get('player')}'s", "/player")
    if tasks:
        handler(s, task, move)
        _after_task(s)
    else:
        handler(s, seat, move)
