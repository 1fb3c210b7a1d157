"""The Keyflower engine: the Game interface over the state, the moves and the season flow."""
from __future__ import annotations

import random
from threading import get_ident

from ..core.catalogs import CatalogEngine
from ..core.errors import IllegalMove
from ..core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game
from ..core.simultaneous import check_simultaneous
from . import actions, flow, listing
from .catalog import COLOURS, RESOURCES, SKILLS, Catalog, default_catalog
from .effects import EFFECTS
from .hands import unknown_workers
from .rules import KEYFLOWER_RULES, refuse
from .snapshot import SnapshotMemo
from .state import SEASONS, Draw, KFState, Phase, Transport, expect


# enum members read at every move, as module constants: a global lookup, where an enum member is an
# attribute lookup through the enum's metaclass (several times slower in Python 3.11)
_END, _LAYOUT, _ACTIONS, _BOATS = Phase.END, Phase.LAYOUT, Phase.ACTIONS, Phase.BOATS
_WINDOW_TYPES = flow.WINDOW_TYPES
#: season index -> bids and uses so far this season -> (turn, season) of turn_info, made once (both
#: counters start at 0 and only grow, so no negative index ever reads the table from its end)
_TURN_INFO = tuple(tuple((actions + 1, season + 1) for actions in range(256)) for season in range(len(SEASONS)))
_WAITING = {Phase.ACTIONS: "bid, use a tile or pass", Phase.BOATS: "take a boat", Phase.WINTER_CHOICE: "put up winter tiles",
            Phase.PLACE: "place the tiles won", Phase.FINAL: "count the screens", Phase.LAYOUT: "lay out tiles and load the boats"}


def _pass(s: KFState, seat: int, move: dict) -> None:
    s.passes += 1
    if s.passes >= s.n:
        flow.end_season(s)
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
        flow.after_boat(s)


#: phase -> move type -> the function applying it (the types of state.PHASE_TYPES; none once the game is over)
_PHASE_MOVES = {Phase.ACTIONS: {"bid": _bid, "use": _use, "pass": _pass},
                Phase.BOATS: {"boat": flow.take_boat},
                Phase.WINTER_CHOICE: {"winter": flow.winter_choice},
                Phase.PLACE: {"place": flow.place},
                Phase.FINAL: {"final": flow.final},
                Phase.LAYOUT: {"lay": lambda s, seat, move: flow.lay(s, move), "load": lambda s, seat, move: flow.load(s, move)},
                Phase.END: {}}
#: pending decision -> move type -> the function answering it (the types of state.TASK_TYPES)
_TASK_MOVES = {Draw: {"draw": actions.draw}, Transport: {"carry": actions.carry, "upgrade": actions.upgrade_tile, "done": _done}}


class Keyflower(CatalogEngine, Game):
    name = "keyflower"
    title = "Keyflower"
    editions = ("2012",)
    min_players, max_players = 2, 6
    variants: dict[str, str] = {}
    schema_file = "keyflower.schema.json"
    rules = KEYFLOWER_RULES
    state_columns = (("score", "int"), ("workers", "int"), ("red", "int"), ("yellow", "int"), ("blue", "int"),
                     ("green", "int"), ("unseen_workers", "int"), ("wood", "int"), ("stone", "int"), ("iron", "int"),
                     ("gold", "int"), ("skills", "int"), ("saw", "int"), ("pickaxe", "int"), ("anvil", "int"),
                     ("unseen_skills", "int"), ("village_tiles", "int"), ("upgraded_tiles", "int"),
                     ("winter_tiles", "int"), ("transport_capacity", "int"), ("start_player", "bool"))

    def __init__(self, catalog: Catalog | None = None):
        self._catalog = catalog
        #: per thread (get_ident), the last snapshot of player_rows, its inputs and the villages' figures:
        #: a memo is changed in several steps, so two threads sharing one would mix their games
        self._snapshots: dict[int, SnapshotMemo] = {}

    # the catalog (CatalogEngine): its default, its action kinds checked on load, its ids
    def load_default_catalog(self) -> Catalog:
        return default_catalog()

    def check_catalog_effects(self, catalog: Catalog) -> None:
        uses = [(side.action.kind.value, tile.id) for tile in catalog.tiles.values()
                for side in tile.sides.values() if side.action is not None]
        EFFECTS.check_catalog(uses, "Keyflower")

    def ids_of_catalog(self, catalog: Catalog) -> dict[str, dict[str, dict]]:
        from .ids import catalog_ids

        return catalog_ids(catalog)

    # -- set-up -------------------------------------------------------------------------------
    def new_state(self, log) -> KFState:
        return flow.new_state(self.cat, [p.id for p in log.players], log.setup)

    def random_setup(self, rng: random.Random, n_players: int, options: dict) -> dict:
        return listing.random_setup(self.cat, rng, n_players)

    # -- play ---------------------------------------------------------------------------------
    def to_move(self, s: KFState) -> int:
        return expect(s)[0]

    def is_terminal(self, s: KFState) -> bool:
        return s.phase is _END

    def open_window(self, s: KFState):
        return s.window

    def apply(self, s: KFState, move: dict, seat: int | None) -> None:
        """Apply a move that matches the log schema; every rule is checked before anything changes.

        The move goes to the function of its type in the current phase, or of the pending decision
        on top of the stack (the tables below), after the checks every move has: the simultaneous
        window's, the move type possible now, and whose turn it is.

        :raises IllegalMove: the move breaks a rule (the state is unchanged).
        """
        t = move["type"]
        tasks = s.tasks.items
        if tasks:
            if t in _WINDOW_TYPES:  # a window's move while a decision is pending: the core's refusal
                check_simultaneous(None, seat, t, _WINDOW_TYPES, s.ids)
            task = tasks[-1]
            kind = type(task)
            handler = _TASK_MOVES[kind].get(t)
            want = CHANCE if kind is Draw else task.seat
        else:
            window = s.window
            if window is not None:
                check_simultaneous(window, seat, t, _WINDOW_TYPES, s.ids)
            elif t in _WINDOW_TYPES:
                check_simultaneous(None, seat, t, _WINDOW_TYPES, s.ids)
            phase = s.phase
            handler = _PHASE_MOVES[phase].get(t)
            want = (TERMINAL if phase is _END else CHANCE if phase is _LAYOUT
                    else SIMULTANEOUS if window is not None else s.current)
        if handler is None:
            types = expect(s)[1]
            who = "the table" if want == CHANCE else "" if want in (SIMULTANEOUS, TERMINAL) else s.ids[want]
            raise refuse("KEY.TURN.WRONG_STEP", f"no {t!r} move is possible now: {self._waiting(s)}"
                         f"{' (' + who + ')' if who else ''}; {' or '.join(repr(x) for x in types) or 'no move'} expected", "/type")
        if want >= 0 and seat != want:
            raise refuse("KEY.TURN.NOT_YOURS", f"it is {s.ids[want]}'s turn, not {move.get('player')}'s", "/player")
        if tasks:
            handler(s, task, move)
            _after_task(s)
        else:
            handler(s, seat, move)

    def _waiting(self, s: KFState) -> str:
        task = s.tasks.top()
        if isinstance(task, Draw):
            return f"the {task.what} drawn for {s.ids[task.seat]} are written first"
        if isinstance(task, Transport):
            return f"{s.ids[task.seat]} carries resources and upgrades tiles ({task.points} transport, {task.upgrades} upgrades left) or is done"
        if s.phase is Phase.END:
            return "the game is over"
        return f"{SEASONS[s.season].value}: {_WAITING[s.phase]}"

    def legal_moves(self, s: KFState) -> list[dict]:
        return listing.legal_moves(s)

    random_play_weights = listing.RANDOM_PLAY_WEIGHTS

    def chance_outcomes(self, s: KFState, move: dict | None = None) -> list[tuple[dict, float]]:
        return listing.chance_outcomes(s) if move is None else []

    def clone(self, s: KFState) -> KFState:
        return s.clone()

    # -- results ------------------------------------------------------------------------------
    def turn_order(self, s: KFState) -> list[int]:
        return [(s.start + k) % s.n for k in range(s.n)]

    def player_rows(self, s: KFState) -> list[tuple]:
        """Per seat, the :attr:`state_columns` (the ingest asks after every move): the score; the
        workers behind the screen (all, by colour, unseen); the resources lying on the village's
        tiles by type; the skill tiles behind the screen (all, by type, unseen); the village's tiles
        besides the home tile, those upgraded and the winter tiles among them; the transport capacity
        (the transport numbers of the tiles' sides up, times 2 with summer boat 2b won); whether the
        seat is the start player. Made by :class:`.snapshot.SnapshotMemo`: the rows of the last
        snapshot again where their inputs are as they were."""
        memo = self._snapshots.get(get_ident())
        if memo is None:
            memo = self._snapshots[get_ident()] = SnapshotMemo()
        return list(memo.rows_of(s))

    def turn_info(self, s: KFState) -> tuple[int, int]:
        """(bids and uses this season + 1, season number): read from a table (the ingest asks after
        every move; an index is a third of the cost of two additions and a new tuple)."""
        try:
            return _TURN_INFO[s.season][s.actions]
        except IndexError:  # more bids and uses in a season than the table holds
            return s.actions + 1, s.season + 1

    def describe(self, s: KFState) -> str:
        parts = [f"{SEASONS[s.season].value} {s.phase.value}", f"start {s.ids[s.start]}"]
        if s.phase is not Phase.END:
            parts.append(f"waiting: {self._waiting(s)}")
        for seat, p in enumerate(s.players):
            w = "/".join(map(str, p.workers)) + (f"+{unknown_workers(s, seat)}?" if unknown_workers(s, seat) else "")
            parts.append(f"{s.ids[seat]}: {s.ledger.totals[seat]}VP workers {w} skills {'/'.join(map(str, p.skills))} "
                         f"tiles {len(p.coords)}")
        return "; ".join(parts)

    def render_svg(self, s: KFState) -> str:
        """The board picture for the HTML report (see board_svg.py; imported here, not at load time)."""
        from .board_svg import render_svg

        return render_svg(s)

    def render(self, s: KFState) -> str:
        lines = [self.describe(s)]
        if s.auction:
            lines.append("on offer: " + ", ".join(s.auction))
        for tile, workers in sorted(s.on_tile.items()):
            bids = ", ".join(f"{s.ids[b.player]} {b.count} {b.colour}" for b in workers.bids)
            lines.append(f"  {tile}: bids [{bids}] uses {workers.used_workers()}")
        for seat, p in enumerate(s.players):
            tiles = ", ".join(f"{pl.tile}{'*' if pl.side == 'upgraded' else ''}@{c}"
                              + (f" {'/'.join(map(str, pl.resources))}" if any(pl.resources) else "")
                              for c, pl in sorted(p.village.tiles.items()))
            lines.append(f"  {s.ids[seat]} village: {tiles}")
        return "\n".join(lines)


__all__ = ["Keyflower", "COLOURS", "RESOURCES", "SKILLS"]
