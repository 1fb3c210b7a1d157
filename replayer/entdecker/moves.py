"""The Entdecker rules engine (rules/entdecker.txt): apply, legality, legal moves, random play.

Moves (schema/entdecker.schema.json): ``income`` (first player's spin), ``start`` (ship position
and declared explorations), ``draw`` (a tile from a pile: a random outcome), ``own_tile``
(personal-tiles variant), ``place`` / ``discard`` (the drawn tile), ``build``, ``end``,
``plant`` (a plant token drawn: a random outcome), ``return`` (a trading post taken back),
``pass`` (no start is affordable). Reserve fills and island scoring happen automatically at the
end of each turn; plant tokens due then are drawn with ``plant`` moves before play goes on, the
tied greatest discoverers of one island in any order (a simultaneous window of the core).

The face-down tile piles and the plant-token piles are the core's hidden pools
(:class:`~ludolog.replayer.core.components.HiddenPool`): a tile or token drawn must still be unseen
(``CORE.HIDDEN.NOT_IN_POOL``), a pile must not be empty (``CORE.HIDDEN.EMPTY``, checked per pile only
when the set-up gives the pile sizes, else for the piles together), the sizes given must add up
(``CORE.HIDDEN.SIZE``).

One rule says when a turn needs ``end``: a turn is always closed by its player's last move -
``build``, ``pass`` or ``end``. ``end`` is written whenever the turn did not end with a build (or a
pass): after stopping early, after the declared explorations ran out, after a forced stop, and
after a storm, which ends the exploring at once so that nothing but ``end`` may follow it.
"""
from __future__ import annotations

import random

from ..core.errors import IllegalMove
from ..core.game import SIMULTANEOUS, TERMINAL, Game
from ..core.simultaneous import SimultaneousWindow, check_simultaneous
from . import setup
from .catalog import SIDES, Catalog, TileKind, load_catalog
from .events import EFFECTS
from .migrate import migrate_v1
from .islands import explorable, fill_from_reserve, put_tile
from .listing import MoveListing
from .board_svg import render_svg
from .render import describe, render
from .rules import RULES
from .scoring import game_end, game_over, player_rows, queue_completed_islands, score_pending
from .state import (COLONY, EXPLORE, FORT, INCOME, OVER, PLACE, PLANT, POST, START,
                    EntdeckerState)

PIECES = {"post": POST, "fort": FORT, "colony": COLONY}
PIECE_NAMES = ("trading post", "fort", "colony")
ROTATIONS = {0: 0, 90: 1, 180: 2, 270: 3}
TURN_MOVES = frozenset(("draw", "own_tile", "place", "discard", "build", "end"))
PLANT_WINDOW = frozenset(("plant",))
NO_WINDOW_ONLY_MOVES: frozenset = frozenset()  # a plant token is also drawn outside windows (natives)


def _check_effects(cat: Catalog) -> None:
    """:raises CatalogError: an event of ``cat`` names an effect kind not registered in :mod:`.events`."""
    EFFECTS.check_catalog(((spec["effect"], f"/events/{name}/effect") for name, spec in cat.events.items()), "Entdecker")


def _illegal(code: str, message: str, pointer: str = "") -> IllegalMove:
    return IllegalMove(code, message, pointer)


class Entdecker(MoveListing, Game):
    name = "entdecker"
    title = "Entdecker (1996)"
    editions = ("1996",)
    min_players, max_players = 2, 4
    variants = {
        "personal_tiles": "each player has four own tiles; explorations are declared in gold; an own tile costs 2",
        "change_first_player": "the first player passes the income wheel on each season (translator's option)",
        "unplaceable_to_reserve": "unplaceable non-event tiles go to the matching reserve pile (translator's option)",
    }
    schema_file = "entdecker.schema.json"
    format_schemas = {"ludolog/1": "entdecker.ludolog-1.schema.json"}
    rules = RULES
    state_columns = (("score", "int"), ("wealth", "int"), ("posts_left", "int"), ("forts_left", "int"),
                     ("colonies_left", "int"), ("on_board", "int"), ("plants", "int"), ("plant_value", "int"))
    round_name = "season"  # the rules' word: each season begins with the income spin

    def __init__(self, catalog: Catalog | None = None):
        """:raises CatalogError: ``catalog`` names an event effect kind the engine does not implement."""
        if catalog is not None:
            _check_effects(catalog)
        self._catalog = catalog
        self._dispatch = {
            "income": self._income, "start": self._start, "draw": self._draw, "own_tile": self._own_tile,
            "place": self._place, "discard": self._discard, "build": self._build, "end": self._end,
            "plant": self._plant, "return": self._return, "pass": self._pass,
        }

    @property
    def cat(self) -> Catalog:
        """:raises CatalogError: the catalog cannot be read, or names an effect kind not implemented."""
        if self._catalog is None:
            cat = load_catalog()
            _check_effects(cat)
            self._catalog = cat
        return self._catalog

    @property
    def catalog_version(self) -> str:  # type: ignore[override]
        return self.cat.version

    def catalog_ids(self) -> dict[str, dict[str, dict]]:
        """The catalog's components by kind (``ludolog ids``; see ids.py)."""
        from .ids import catalog_ids

        return catalog_ids(self.cat)

    # ------------------------------------------------------------------ set-up
    def new_state(self, log) -> EntdeckerState:
        return setup.new_state(self.cat, log)

    def random_setup(self, rng: random.Random, n_players: int, options: dict) -> dict:
        return setup.random_setup(self.cat, rng, n_players, options)

    # ------------------------------------------------------------------ queries
    def to_move(self, s: EntdeckerState) -> int:
        if s.phase == OVER:
            return TERMINAL
        if s.phase == PLANT:
            return SIMULTANEOUS  # the tied greatest discoverers draw in any order
        if s.phase == INCOME:
            return s.first
        return s.current

    def turn_order(self, s: EntdeckerState) -> list[int]:
        """Clockwise from the season's first player (setup.first_player; it moves on each season
        only with the change_first_player option)."""
        return [(s.first + k) % s.n for k in range(s.n)]

    def is_terminal(self, s: EntdeckerState) -> bool:
        return s.phase == OVER

    player_rows = staticmethod(player_rows)

    def turn_info(self, s: EntdeckerState) -> tuple[int, int]:
        return s.turn, s.season

    def describe(self, s: EntdeckerState) -> str:
        return describe(s)

    def render(self, s: EntdeckerState) -> str:
        return render(s)

    def migrate(self, raw: dict, from_format: str) -> dict:
        """``ludolog/1`` -> ``ludolog/2``: an ``end`` after each storm (see :mod:`.migrate`)."""
        return migrate_v1(self.cat, raw) if from_format == "ludolog/1" else raw

    def open_window(self, s: EntdeckerState) -> SimultaneousWindow | None:
        return s.window if s.phase == PLANT else None

    def render_svg(self, s: EntdeckerState) -> str:
        return render_svg(s)

    # ------------------------------------------------------------------ apply
    def apply(self, s: EntdeckerState, move: dict, seat: int | None) -> None:
        kind = move["type"]
        if kind == "return" and s.phase == PLANT:  # the more precise rule before the window's
            raise _illegal("ENT.RETURN.NOT_NOW", "trading posts cannot be taken back while an island is being scored")
        if s.phase == PLANT or kind in NO_WINDOW_ONLY_MOVES:  # without a window the core's checks pass
            check_simultaneous(s.window, seat, kind, NO_WINDOW_ONLY_MOVES, s.ids)
        offer = s.natives_offer
        self._dispatch[kind](s, move, seat)
        if offer and kind != "plant" and kind != "return":
            s.natives_offer = False  # the welcoming natives' token was not taken at once: it is gone

    def _expect_turn(self, s: EntdeckerState, seat: int, kind: str) -> None:
        """Common checks for moves made inside a player's turn."""
        phase = s.phase
        if seat == s.current and phase == EXPLORE:
            if s.stormed:
                raise _illegal("ENT.TURN.ENDED", f"a storm ended {self._pid(s, seat)}'s turn: a {kind} is no longer "
                                                 f"possible, only its end")
            return
        if seat == s.current and phase == PLACE:
            raise _illegal("ENT.DRAW.PENDING_TILE", f"the {s.drawn.id} tile in hand must be placed or set aside "
                                                    f"before a {kind}")
        if seat == s.last_ended and phase in (START, INCOME) and seat != self.to_move(s):
            raise _illegal("ENT.TURN.ENDED", f"{self._pid(s, seat)}'s turn has ended ({s.last_end_reason}); "
                                             f"a {kind} is no longer possible", "/player")
        if phase == INCOME:
            raise _illegal("ENT.INCOME.REQUIRED", f"season {s.season} must begin with the first player's income spin")
        if seat != s.current:
            raise _illegal("ENT.TURN.NOT_YOURS", f"it is {self._pid(s, s.current)}'s turn, not {self._pid(s, seat)}'s",
                           "/player")
        raise _illegal("ENT.START.REQUIRED", f"{self._pid(s, seat)} must first place the ship and declare explorations")

    @staticmethod
    def _pid(s: EntdeckerState, seat: int) -> str:
        return s.ids[seat]

    # -- income
    def _income(self, s: EntdeckerState, move: dict, seat: int) -> None:
        if s.phase != INCOME:
            raise _illegal("ENT.INCOME.NOT_NOW", f"income is spun once at the start of a season; season {s.season} "
                                                 f"already had its spin")
        if seat != s.first:
            raise _illegal("ENT.INCOME.NOT_FIRST_PLAYER", f"the first player ({s.ids[s.first]}) spins the income arrow",
                           "/player")
        spin = move["spin"]
        if spin not in s.cat.income_wheel:
            raise _illegal("ENT.INCOME.VALUE", f"the income wheel shows {', '.join(map(str, s.cat.income_wheel))}, "
                                               f"not {spin}", "/spin")
        cap = s.cat.wealth_max
        s.wealth = [min(cap, w + spin) for w in s.wealth]
        s.phase = START

    # -- start of a turn
    def _free_targets(self, s: EntdeckerState) -> list[tuple[int, int]]:
        """(target cell, side of the target facing the ship) for every free white line of the ship."""
        if s.ship_edge is not None:
            cell, side = s.ship_edge
            return [(cell, side)] if s.faces[cell] is None else []
        faces = s.faces
        return [target for target in s.cat.lane_targets[s.ship_cell][faces[s.ship_cell].lanes]
                if faces[target[0]] is None]

    @staticmethod
    def _has_free_target(s: EntdeckerState) -> bool:
        """Whether the ship has a free white line (``bool(_free_targets(s))``, without the list)."""
        faces = s.faces
        if s.ship_edge is not None:
            return faces[s.ship_edge[0]] is None
        for cell, _side in s.cat.lane_targets[s.ship_cell][faces[s.ship_cell].lanes]:
            if faces[cell] is None:
                return True
        return False

    def _start_position(self, s: EntdeckerState, seat: int, at: str) -> tuple[int, tuple | None, int]:
        """(cell or -1, edge space or None, cost of an opponent's construction there)."""
        cat = s.cat
        edge = cat.edge_spaces.get(at)
        if edge is not None:
            if s.faces[edge[0]] is not None:
                raise _illegal("ENT.START.NO_FREE_LANE",
                               f"the edge circle {at} leads to {cat.cell_name(edge[0])}, which is already discovered", "/at")
            return -1, edge, 0
        cell = cat.parse_cell(at)
        if cell < 0:
            raise _illegal("ENT.START.UNDISCOVERED", f"{at!r} is neither a space of the board nor an edge circle", "/at")
        if s.season == 1:
            raise _illegal("ENT.START.FIRST_ROUND_EDGE",
                           f"in the first season the ship starts on an edge circle, not on {at}", "/at")
        face = s.faces[cell]
        if face is None:
            raise _illegal("ENT.START.UNDISCOVERED", f"{at} is not discovered yet", "/at")
        faces = s.faces
        for nb, _side in cat.lane_targets[cell][face.lanes]:
            if faces[nb] is None:
                break
        else:
            raise _illegal("ENT.START.NO_FREE_LANE", f"no white line of {at} leads to an undiscovered space", "/at")
        owner = s.constructions.get(cell)
        cost = cat.piece_cost[owner[1]] if owner is not None and owner[0] != seat else 0
        return cell, None, cost

    def _start(self, s: EntdeckerState, move: dict, seat: int) -> None:
        self._check_start_phase(s, seat)
        cell, edge, cost = self._start_position(s, seat, move["at"])
        explore = move["explore"]
        if explore < 1:
            raise _illegal("ENT.START.AT_LEAST_ONE", "at least one exploration must be declared", "/explore")
        if cost + explore > s.wealth[seat]:
            extra = f" plus {cost} for the construction on {move['at']}" if cost else ""
            raise _illegal("ENT.START.CANNOT_AFFORD",
                           f"declaring {explore}{extra} needs {cost + explore} gold; {s.ids[seat]} has {s.wealth[seat]}: "
                           f"declare fewer explorations",
                           "/explore")
        s.wealth[seat] -= cost + explore
        s.ship_cell, s.ship_edge = cell, edge
        s.credits = explore
        s.phase = EXPLORE

    def _check_start_phase(self, s: EntdeckerState, seat: int) -> None:
        if s.phase == START:
            if seat != s.current:
                raise _illegal("ENT.TURN.NOT_YOURS", f"it is {s.ids[s.current]}'s turn, not {s.ids[seat]}'s", "/player")
            return
        if s.phase == INCOME:
            raise _illegal("ENT.INCOME.REQUIRED", f"season {s.season} must begin with the first player's income spin")
        if seat != s.current:
            if s.stormed:
                raise _illegal("ENT.TURN.NOT_YOURS", f"a storm ended {s.ids[s.current]}'s turn, which {s.ids[s.current]}'s "
                                                     f"'end' closes before {s.ids[seat]} plays", "/player")
            raise _illegal("ENT.TURN.NOT_YOURS", f"it is {s.ids[s.current]}'s turn, not {s.ids[seat]}'s", "/player")
        raise _illegal("ENT.START.ONCE", "the ship was already placed and explorations declared this turn")

    def _pass(self, s: EntdeckerState, move: dict, seat: int) -> None:
        self._check_start_phase(s, seat)
        if self._legal_starts(s, seat, limit=1):
            raise _illegal("ENT.START.PASS_NOT_ALLOWED",
                           f"{s.ids[seat]} can afford to explore ({s.wealth[seat]} gold) and must take the turn")
        self._finish_turn(s, "passed")

    # -- exploring
    def _draw(self, s: EntdeckerState, move: dict, seat: int) -> None:
        if s.phase != EXPLORE or seat != s.current or s.stormed:
            if s.phase == PLACE and seat == s.current:
                raise _illegal("ENT.DRAW.PENDING_TILE", "the tile already drawn must be placed or set aside first")
            self._expect_turn(s, seat, "draw")
        if s.credits < 1:
            raise _illegal("ENT.DRAW.NO_CREDIT", "the declared explorations are used up")
        if not self._has_free_target(s):
            raise _illegal("ENT.DRAW.FORCED_STOP", "no white line of the ship's space leads to an undiscovered space")
        tile = move["tile"]
        s.tiles.reveal(tile, move["pile"], "/tile")
        s.credits -= 1
        s.drawn, s.drawn_own = s.cat.tiles[tile], False
        s.explored = True
        s.phase = PLACE

    def _own_tile(self, s: EntdeckerState, move: dict, seat: int) -> None:
        if s.phase != EXPLORE or seat != s.current or s.stormed:
            self._expect_turn(s, seat, "personal tile")
        if not s.personal_variant:
            raise _illegal("ENT.PERSONAL.NOT_IN_VARIANT", "personal tiles are not in play in this game", "/tile")
        tile = move["tile"]
        if tile not in s.personal_left[seat]:
            raise _illegal("ENT.PERSONAL.NOT_OWNED", f"{s.ids[seat]} has no unused personal tile {tile!r} "
                           f"(unused: {', '.join(sorted(s.personal_left[seat])) or 'none'})", "/tile")
        if not s.tiles.remaining:
            raise _illegal("ENT.END.LAST_CARD", "the discovery piles are used up, so the game ends with this turn: "
                                                "no own tile may be played after the last card", "/tile")
        if s.own_used:
            raise _illegal("ENT.PERSONAL.ONE_PER_TURN", "only one personal tile may be used per turn")
        kind = s.cat.personal[tile]
        if s.credits < kind.cost:
            raise _illegal("ENT.PERSONAL.NO_CREDIT", f"a personal tile costs {kind.cost} of the exploration budget; "
                                                     f"{s.credits} is left")
        if not self._has_free_target(s):
            raise _illegal("ENT.DRAW.FORCED_STOP", "no white line of the ship's space leads to an undiscovered space")
        if not self._placements(s, kind, first_only=True):
            raise _illegal("ENT.PERSONAL.CANNOT_PLACE", f"personal tile {tile!r} fits on no free side of the ship's space",
                           "/tile")
        s.personal_left[seat].discard(tile)
        s.own_used = True
        s.credits -= kind.cost
        s.drawn, s.drawn_own = kind, True
        s.explored = True
        s.phase = PLACE

    def _placements(self, s: EntdeckerState, kind: TileKind, first_only: bool = False) -> list[tuple[int, int]]:
        out = []
        for cell, _ in self._free_targets(s):
            need, known = self._constraints(s, cell)
            for face in kind.faces:
                if face.land & known == need:
                    out.append((cell, face.rotation))
                    if first_only:
                        return out
        return out

    def _constraints(self, s: EntdeckerState, cell: int) -> tuple[int, int]:
        """(required land mask, mask of sides whose kind is known) for an empty cell."""
        cat = s.cat
        need, known = 0, cat.border_mask[cell]  # the board's edge is sea
        faces = s.faces
        for nb, bit, back_bit in cat.inner_sides[cell]:
            other = faces[nb]
            if other is not None:
                known |= bit
                if other.land & back_bit:
                    need |= bit
        return need, known

    def _place(self, s: EntdeckerState, move: dict, seat: int) -> None:
        if s.phase != PLACE or seat != s.current:
            if s.phase == EXPLORE and seat == s.current:
                raise _illegal("ENT.PLACE.NOTHING_DRAWN", "no tile has been drawn to place")
            self._expect_turn(s, seat, "placement")
        cat = s.cat
        cell = cat.parse_cell(move["cell"])
        if cell < 0:
            raise _illegal("ENT.PLACE.NOT_ADJACENT", f"{move['cell']!r} is not a space of the board", "/cell")
        if s.faces[cell] is not None:
            raise _illegal("ENT.PLACE.OCCUPIED", f"{move['cell']} is already discovered", "/cell")
        # the space is undiscovered (checked above): is it at the end of one of the ship's white lines?
        if s.ship_edge is not None:
            reached = cell == s.ship_edge[0]
        else:
            reached = cell in cat.lane_cells[s.ship_cell][s.faces[s.ship_cell].lanes]
        if not reached:
            raise _illegal("ENT.PLACE.NOT_ADJACENT",
                           f"{move['cell']} is not reached by a white line from the ship's space", "/cell")
        face = s.drawn.faces[ROTATIONS[move["rotation"]]]
        need, known = self._constraints(s, cell)
        if face.land & known != need:
            bad = [SIDES[side] for side in range(4) if known >> side & 1 and (face.land ^ need) >> side & 1]
            raise _illegal("ENT.PLACE.EDGE_MISMATCH",
                           f"{s.drawn.id} turned {move['rotation']} degrees does not match on side(s) {', '.join(bad)} "
                           f"of {move['cell']} (land must face land, water face water)", "/rotation")
        put_tile(s, cell, face)
        s.ship_cell, s.ship_edge = cell, None
        s.ship_new = True
        s.build_factor = 1
        s.drawn = None
        s.phase = EXPLORE
        if face.event is not None:
            self._event(s, seat, face.event)

    def _event(self, s: EntdeckerState, seat: int, event: str) -> None:
        spec = s.cat.events[event]
        EFFECTS[spec["effect"]](s, seat, spec)

    def _discard(self, s: EntdeckerState, move: dict, seat: int) -> None:
        if s.phase != PLACE or seat != s.current:
            if s.phase == EXPLORE and seat == s.current:
                raise _illegal("ENT.PLACE.NOTHING_DRAWN", "no tile has been drawn to set aside")
            self._expect_turn(s, seat, "discard")
        fits = self._placements(s, s.drawn, first_only=True)
        if fits:
            cell, rot = fits[0]
            raise _illegal("ENT.PLACE.MUST_PLACE",
                           f"{s.drawn.id} fits (for example on {s.cat.cell_name(cell)} turned {rot * 90} degrees) "
                           f"and must be placed")
        kind = s.drawn
        if s.unplaceable_to_reserve and kind.event is None and not s.drawn_own:
            pattern = kind.faces[0].pattern
            s.reserve[pattern] = s.reserve.get(pattern, 0) + 1
            s.reserve_on_top.setdefault(pattern, []).append(kind.id)
        s.drawn = None
        s.phase = EXPLORE

    # -- building, stopping, returning
    def _build(self, s: EntdeckerState, move: dict, seat: int) -> None:
        if s.phase != EXPLORE or seat != s.current or s.stormed:
            self._expect_turn(s, seat, "construction")
        cat = s.cat
        if not s.ship_new or s.ship_cell < 0:
            raise _illegal("ENT.BUILD.NOT_NEW_LAND", "the ship has not been moved onto a newly discovered card this turn")
        face = s.faces[s.ship_cell]
        where = cat.cell_name(s.ship_cell)
        if not face.segments:
            raise _illegal("ENT.BUILD.NOT_NEW_LAND", f"the ship's card {where} shows no land")
        piece = PIECES[move["piece"]]
        if s.pieces[seat][piece] == 0:
            raise _illegal("ENT.BUILD.NO_PIECE", f"no {PIECE_NAMES[piece]} is left in {s.ids[seat]}'s reserve", "/piece")
        cost = cat.piece_cost[piece] * s.build_factor
        if cost > s.wealth[seat]:
            why = ("" if s.build_factor == 1 else " (doubled by hostile natives)" if s.build_factor == 2
                   else f" ({s.build_factor} times the usual price: hostile natives)")
            raise _illegal("ENT.BUILD.CANNOT_AFFORD",
                           f"a {PIECE_NAMES[piece]} costs {cost}{why}; {s.ids[seat]} has {s.wealth[seat]}", "/piece")
        side = move.get("segment")
        if side is None:
            if len(face.segments) > 1:
                raise _illegal("ENT.BUILD.SEGMENT", f"{where} has {len(face.segments)} separate land segments: "
                                                    f"name the side of the chosen one", "/segment")
            segment = 0
        else:
            bit = 1 << SIDES.index(side)
            segment = next((i for i, m in enumerate(face.segments) if m & bit), -1)
            if segment < 0:
                raise _illegal("ENT.BUILD.SEGMENT", f"the {side} side of {where} is sea", "/segment")
        s.wealth[seat] -= cost
        s.pieces[seat][piece] -= 1
        s.constructions[s.ship_cell] = (seat, piece, segment)
        self._finish_turn(s, f"built a {PIECE_NAMES[piece]}")

    def _end(self, s: EntdeckerState, move: dict, seat: int) -> None:
        if s.phase != EXPLORE or seat != s.current:
            self._expect_turn(s, seat, "stop")
        if not s.explored and s.credits > 0 and self._has_free_target(s) and s.tiles.remaining:
            raise _illegal("ENT.END.NOTHING_EXPLORED", f"{s.ids[seat]} declared explorations but turned over no card: "
                                                     f"draw at least one before stopping")
        self._finish_turn(s, "a storm ended it" if s.stormed else "stopped")

    def _return(self, s: EntdeckerState, move: dict, seat: int) -> None:
        if s.phase == OVER:
            raise _illegal("ENT.RETURN.NOT_NOW", "the game is over")
        cell = s.cat.parse_cell(move["cell"])
        owner = s.constructions.get(cell) if cell >= 0 else None
        if owner is None or owner[0] != seat or owner[1] != POST:
            raise _illegal("ENT.RETURN.NO_POST", f"{s.ids[seat]} has no trading post on {move['cell']}", "/cell")
        del s.constructions[cell]
        s.pieces[seat][POST] += 1

    # -- plant draws
    def _plant(self, s: EntdeckerState, move: dict, seat: int) -> None:
        if s.phase == PLANT:  # inside the window of an island's draws (the core checked the seat)
            island = s.plant_queue[0]
        elif s.natives_offer and s.phase == EXPLORE:
            island = -1
            if seat != s.current:
                raise _illegal("ENT.TURN.NOT_YOURS", f"the welcoming natives' token is {s.ids[s.current]}'s", "/player")
        else:
            raise _illegal("ENT.PLANT.NOT_DUE", "no plant token can be taken now: only the greatest discoverers of a "
                                                "completed island, or a player who just met welcoming natives, take one")
        value = move["value"]
        s.plant_tokens.reveal(value, move["pile"], "/value")
        s.plants[seat].append(value)
        if island < 0:
            s.natives_offer = False  # welcoming natives: the turn goes on
            return
        s.pending_islands[island].drawn.append(value)
        if s.window.record(seat, value):
            s.plant_queue.pop(0)
            self._open_plant_window(s)

    def _open_plant_window(self, s: EntdeckerState) -> None:
        """The next completed island's draws as a window, or the scoring when none is left."""
        if not s.plant_queue:
            s.window = None
            score_pending(s)
            if game_over(s):
                game_end(s)
            else:
                self._next_player(s)
            return
        island = s.pending_islands[s.plant_queue[0]]
        where = s.cat.cell_name(min(s.island_cells[island.root]))
        s.window = SimultaneousWindow(f"the plant draw of the island at {where}", frozenset(island.drawers),
                                      PLANT_WINDOW)
        s.phase = PLANT

    # ------------------------------------------------------------------ end of turn
    def _finish_turn(self, s: EntdeckerState, reason: str) -> None:
        """End of a turn: reserve fill, completed islands (plant draws first), game end, next player."""
        s.last_ended, s.last_end_reason = s.current, reason
        s.stormed = False
        fill_from_reserve(s)
        queue_completed_islands(s)
        self._open_plant_window(s)

    _explorable = staticmethod(explorable)

    def _next_player(self, s: EntdeckerState) -> None:
        s.ship_cell, s.ship_edge = -1, None
        s.credits, s.drawn, s.explored, s.own_used, s.ship_new, s.build_factor = 0, None, False, False, False, 1
        s.natives_offer = False
        s.turn += 1
        s.turns_in_season += 1
        if s.turns_in_season == s.n:
            s.turns_in_season = 0
            s.season += 1
            if s.change_first:
                s.first = (s.first + 1) % s.n
            s.current = s.first
            s.phase = INCOME
        else:
            s.current = (s.current + 1) % s.n
            s.phase = START
