"""Applying an Entdecker move: one function per move type (:data:`APPLY`), each checking every rule
before it changes anything, then the end of a turn (reserve fill, completed islands and their plant
draws, the next player or the end of the game). The piles are the core's hidden pools
(``CORE.HIDDEN.*``), the tied greatest discoverers' draws its simultaneous windows.
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from ..core.game import SIMULTANEOUS, TERMINAL
from ..core.simultaneous import SimultaneousWindow, check_simultaneous
from .catalog import SIDES
from .events import EFFECTS
from .islands import fill_from_reserve, put_tile
from .scoring import game_end, game_over, queue_completed_islands, score_pending
from .ship import constraints, free_targets, legal_starts, placements, start_position
from .state import (EXPLORE, INCOME, OVER, PIECE_NAMES, PIECES, PLACE, PLANT, POST, START, Construction,
                    EntdeckerState)

ROTATIONS = {0: 0, 90: 1, 180: 2, 270: 3}  # a tile's rotation in degrees -> its face's quarter turns
PLANT_WINDOW = frozenset(("plant",))


def to_move(s: EntdeckerState) -> int:
    """The seat to decide next: the first player for the season's income spin, else the player
    whose turn it is; SIMULTANEOUS while the tied greatest discoverers draw (in any order)."""
    if s.phase == OVER:
        return TERMINAL
    if s.phase == PLANT:
        return SIMULTANEOUS
    if s.phase == INCOME:
        return s.first
    return s.current


def apply(s: EntdeckerState, move: dict, seat: int | None) -> None:
    """:raises IllegalMove: the move breaks a rule; the state is unchanged."""
    kind = move["type"]
    if kind == "return" and s.phase == PLANT:  # the more precise rule before the window's
        raise IllegalMove("ENT.RETURN.NOT_NOW", "trading posts cannot be taken back while an island is being scored")
    if s.phase == PLANT:  # no move type is only for windows: a plant token is also drawn on welcoming natives
        check_simultaneous(s.window, seat, kind, frozenset(), s.ids)
    offer = s.natives_offer
    APPLY[kind](s, move, seat)
    if offer and kind != "plant" and kind != "return":
        s.natives_offer = False  # the welcoming natives' token was not taken at once: it is gone


def expect_turn(s: EntdeckerState, seat: int, kind: str) -> None:
    """Common checks for moves made inside a player's turn."""
    phase = s.phase
    if seat == s.current and phase == EXPLORE:
        if s.stormed:
            raise IllegalMove("ENT.TURN.ENDED", f"a storm ended {s.ids[seat]}'s turn: a {kind} is no longer "
                                                f"possible, only its end")
        return
    if seat == s.current and phase == PLACE:
        raise IllegalMove("ENT.DRAW.PENDING_TILE", f"the {s.drawn.id} tile in hand must be placed or set aside "
                                                   f"before a {kind}")
    if seat == s.last_ended and phase in (START, INCOME) and seat != to_move(s):
        raise IllegalMove("ENT.TURN.ENDED", f"{s.ids[seat]}'s turn has ended ({s.last_end_reason}); "
                                            f"a {kind} is no longer possible", "/player")
    if phase == INCOME:
        raise IllegalMove("ENT.INCOME.REQUIRED", f"season {s.season} must begin with the first player's income spin")
    if seat != s.current:
        raise IllegalMove("ENT.TURN.NOT_YOURS", f"it is {s.ids[s.current]}'s turn, not {s.ids[seat]}'s",
                          "/player")
    raise IllegalMove("ENT.START.REQUIRED", f"{s.ids[seat]} must first place the ship and declare explorations")


# -- income


def income(s: EntdeckerState, move: dict, seat: int) -> None:
    if s.phase != INCOME:
        raise IllegalMove("ENT.INCOME.NOT_NOW", f"income is spun once at the start of a season; season {s.season} "
                                                f"already had its spin")
    if seat != s.first:
        raise IllegalMove("ENT.INCOME.NOT_FIRST_PLAYER", f"the first player ({s.ids[s.first]}) spins the income arrow",
                          "/player")
    spin = move["spin"]
    if spin not in s.cat.income_wheel:
        raise IllegalMove("ENT.INCOME.VALUE", f"the income wheel shows {', '.join(map(str, s.cat.income_wheel))}, "
                                              f"not {spin}", "/spin")
    cap = s.cat.wealth_max
    s.wealth = [min(cap, w + spin) for w in s.wealth]
    s.phase = START


def start(s: EntdeckerState, move: dict, seat: int) -> None:
    check_start_phase(s, seat)
    cell, edge, cost = start_position(s, seat, move["at"])
    explore = move["explore"]
    if explore < 1:
        raise IllegalMove("ENT.START.AT_LEAST_ONE", "at least one exploration must be declared", "/explore")
    if cost + explore > s.wealth[seat]:
        extra = f" plus {cost} for the construction on {move['at']}" if cost else ""
        raise IllegalMove("ENT.START.CANNOT_AFFORD",
                          f"declaring {explore}{extra} needs {cost + explore} gold; {s.ids[seat]} has {s.wealth[seat]}: "
                          f"declare fewer explorations",
                          "/explore")
    s.wealth[seat] -= cost + explore
    s.ship_cell, s.ship_edge = cell, edge
    s.credits = explore
    s.phase = EXPLORE


def check_start_phase(s: EntdeckerState, seat: int) -> None:
    if s.phase == START:
        if seat != s.current:
            raise IllegalMove("ENT.TURN.NOT_YOURS", f"it is {s.ids[s.current]}'s turn, not {s.ids[seat]}'s", "/player")
        return
    if s.phase == INCOME:
        raise IllegalMove("ENT.INCOME.REQUIRED", f"season {s.season} must begin with the first player's income spin")
    if seat != s.current:
        if s.stormed:
            raise IllegalMove("ENT.TURN.NOT_YOURS", f"a storm ended {s.ids[s.current]}'s turn, which {s.ids[s.current]}'s "
                                                    f"'end' closes before {s.ids[seat]} plays", "/player")
        raise IllegalMove("ENT.TURN.NOT_YOURS", f"it is {s.ids[s.current]}'s turn, not {s.ids[seat]}'s", "/player")
    raise IllegalMove("ENT.START.ONCE", "the ship was already placed and explorations declared this turn")


def pass_turn(s: EntdeckerState, move: dict, seat: int) -> None:
    check_start_phase(s, seat)
    if legal_starts(s, seat):
        raise IllegalMove("ENT.START.PASS_NOT_ALLOWED",
                          f"{s.ids[seat]} can afford to explore ({s.wealth[seat]} gold) and must take the turn")
    finish_turn(s, "passed")


# -- exploring


def draw(s: EntdeckerState, move: dict, seat: int) -> None:
    if s.phase != EXPLORE or seat != s.current or s.stormed:
        if s.phase == PLACE and seat == s.current:
            raise IllegalMove("ENT.DRAW.PENDING_TILE", "the tile already drawn must be placed or set aside first")
        expect_turn(s, seat, "draw")
    if s.credits < 1:
        raise IllegalMove("ENT.DRAW.NO_CREDIT", "the declared explorations are used up")
    if not free_targets(s):
        raise IllegalMove("ENT.DRAW.FORCED_STOP", "no white line of the ship's space leads to an undiscovered space")
    tile = move["tile"]
    s.tiles.reveal(tile, move["pile"], "/tile")
    s.credits -= 1
    s.drawn, s.drawn_own = s.cat.tiles[tile], False
    s.explored = True
    s.phase = PLACE


def own_tile(s: EntdeckerState, move: dict, seat: int) -> None:
    if s.phase != EXPLORE or seat != s.current or s.stormed:
        expect_turn(s, seat, "personal tile")
    if not s.personal_variant:
        raise IllegalMove("ENT.PERSONAL.NOT_IN_VARIANT", "personal tiles are not in play in this game", "/tile")
    tile = move["tile"]
    if tile not in s.personal_left[seat]:
        raise IllegalMove("ENT.PERSONAL.NOT_OWNED", f"{s.ids[seat]} has no unused personal tile {tile!r} "
                          f"(unused: {', '.join(sorted(s.personal_left[seat])) or 'none'})", "/tile")
    if not s.tiles.remaining:
        raise IllegalMove("ENT.END.LAST_CARD", "the discovery piles are used up, so the game ends with this turn: "
                                               "no own tile may be played after the last card", "/tile")
    if s.own_used:
        raise IllegalMove("ENT.PERSONAL.ONE_PER_TURN", "only one personal tile may be used per turn")
    kind = s.cat.personal[tile]
    if s.credits < kind.cost:
        raise IllegalMove("ENT.PERSONAL.NO_CREDIT", f"a personal tile costs {kind.cost} of the exploration budget; "
                                                    f"{s.credits} is left")
    if not free_targets(s):
        raise IllegalMove("ENT.DRAW.FORCED_STOP", "no white line of the ship's space leads to an undiscovered space")
    if not placements(s, kind, first_only=True):
        raise IllegalMove("ENT.PERSONAL.CANNOT_PLACE", f"personal tile {tile!r} fits on no free side of the ship's space",
                          "/tile")
    s.personal_left[seat].discard(tile)
    s.own_used = True
    s.credits -= kind.cost
    s.drawn, s.drawn_own = kind, True
    s.explored = True
    s.phase = PLACE


def place(s: EntdeckerState, move: dict, seat: int) -> None:
    if s.phase != PLACE or seat != s.current:
        if s.phase == EXPLORE and seat == s.current:
            raise IllegalMove("ENT.PLACE.NOTHING_DRAWN", "no tile has been drawn to place")
        expect_turn(s, seat, "placement")
    cat = s.cat
    cell = cat.parse_cell(move["cell"])
    if cell < 0:
        raise IllegalMove("ENT.PLACE.NOT_ADJACENT", f"{move['cell']!r} is not a space of the board", "/cell")
    if s.faces[cell] is not None:
        raise IllegalMove("ENT.PLACE.OCCUPIED", f"{move['cell']} is already discovered", "/cell")
    # the space is undiscovered (checked above): is it at the end of one of the ship's white lines?
    if s.ship_edge is not None:
        reached = cell == s.ship_edge[0]
    else:
        reached = cell in cat.lane_cells[s.ship_cell][s.faces[s.ship_cell].lanes]
    if not reached:
        raise IllegalMove("ENT.PLACE.NOT_ADJACENT",
                          f"{move['cell']} is not reached by a white line from the ship's space", "/cell")
    face = s.drawn.faces[ROTATIONS[move["rotation"]]]
    need, known = constraints(s, cell)
    if face.land & known != need:
        bad = [SIDES[side] for side in range(4) if known >> side & 1 and (face.land ^ need) >> side & 1]
        raise IllegalMove("ENT.PLACE.EDGE_MISMATCH",
                          f"{s.drawn.id} turned {move['rotation']} degrees does not match on side(s) {', '.join(bad)} "
                          f"of {move['cell']} (land must face land, water face water)", "/rotation")
    put_tile(s, cell, face)
    s.ship_cell, s.ship_edge = cell, None
    s.ship_new = True
    s.build_factor = 1
    s.drawn = None
    s.phase = EXPLORE
    if face.event is not None:
        spec = s.cat.events[face.event]
        EFFECTS[spec["effect"]](s, seat, spec)


def discard(s: EntdeckerState, move: dict, seat: int) -> None:
    if s.phase != PLACE or seat != s.current:
        if s.phase == EXPLORE and seat == s.current:
            raise IllegalMove("ENT.PLACE.NOTHING_DRAWN", "no tile has been drawn to set aside")
        expect_turn(s, seat, "discard")
    fits = placements(s, s.drawn, first_only=True)
    if fits:
        cell, rot = fits[0]
        raise IllegalMove("ENT.PLACE.MUST_PLACE",
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


def build(s: EntdeckerState, move: dict, seat: int) -> None:
    if s.phase != EXPLORE or seat != s.current or s.stormed:
        expect_turn(s, seat, "construction")
    cat = s.cat
    if not s.ship_new or s.ship_cell < 0:
        raise IllegalMove("ENT.BUILD.NOT_NEW_LAND", "the ship has not been moved onto a newly discovered card this turn")
    face = s.faces[s.ship_cell]
    where = cat.cell_name(s.ship_cell)
    if not face.segments:
        raise IllegalMove("ENT.BUILD.NOT_NEW_LAND", f"the ship's card {where} shows no land")
    piece = PIECES[move["piece"]]
    if s.pieces[seat][piece] == 0:
        raise IllegalMove("ENT.BUILD.NO_PIECE", f"no {PIECE_NAMES[piece]} is left in {s.ids[seat]}'s reserve", "/piece")
    cost = cat.piece_cost[piece] * s.build_factor
    if cost > s.wealth[seat]:
        why = ("" if s.build_factor == 1 else " (doubled by hostile natives)" if s.build_factor == 2
               else f" ({s.build_factor} times the usual price: hostile natives)")
        raise IllegalMove("ENT.BUILD.CANNOT_AFFORD",
                          f"a {PIECE_NAMES[piece]} costs {cost}{why}; {s.ids[seat]} has {s.wealth[seat]}", "/piece")
    side = move.get("segment")
    if side is None:
        if len(face.segments) > 1:
            raise IllegalMove("ENT.BUILD.SEGMENT", f"{where} has {len(face.segments)} separate land segments: "
                                                   f"name the side of the chosen one", "/segment")
        segment = 0
    else:
        bit = 1 << SIDES.index(side)
        segment = next((i for i, m in enumerate(face.segments) if m & bit), -1)
        if segment < 0:
            raise IllegalMove("ENT.BUILD.SEGMENT", f"the {side} side of {where} is sea", "/segment")
    s.wealth[seat] -= cost
    s.pieces[seat][piece] -= 1
    s.constructions[s.ship_cell] = Construction(seat, piece, segment)
    finish_turn(s, f"built a {PIECE_NAMES[piece]}")


def end(s: EntdeckerState, move: dict, seat: int) -> None:
    if s.phase != EXPLORE or seat != s.current:
        expect_turn(s, seat, "stop")
    if not s.explored and s.credits > 0 and free_targets(s) and s.tiles.remaining:
        raise IllegalMove("ENT.END.NOTHING_EXPLORED", f"{s.ids[seat]} declared explorations but turned over no card: "
                                                    f"draw at least one before stopping")
    finish_turn(s, "a storm ended it" if s.stormed else "stopped")


def return_post(s: EntdeckerState, move: dict, seat: int) -> None:
    if s.phase == OVER:
        raise IllegalMove("ENT.RETURN.NOT_NOW", "the game is over")
    cell = s.cat.parse_cell(move["cell"])
    owner = s.constructions.get(cell) if cell >= 0 else None
    if owner is None or owner.seat != seat or owner.piece != POST:
        raise IllegalMove("ENT.RETURN.NO_POST", f"{s.ids[seat]} has no trading post on {move['cell']}", "/cell")
    del s.constructions[cell]
    s.pieces[seat][POST] += 1


# -- plant draws


def plant(s: EntdeckerState, move: dict, seat: int) -> None:
    if s.phase == PLANT:  # inside the window of an island's draws (the core checked the seat)
        island = s.plant_queue[0]
    elif s.natives_offer and s.phase == EXPLORE:
        island = -1
        if seat != s.current:
            raise IllegalMove("ENT.TURN.NOT_YOURS", f"the welcoming natives' token is {s.ids[s.current]}'s", "/player")
    else:
        raise IllegalMove("ENT.PLANT.NOT_DUE", "no plant token can be taken now: only the greatest discoverers of a "
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
        open_plant_window(s)


def open_plant_window(s: EntdeckerState) -> None:
    """The next completed island's draws as a window, or the scoring when none is left."""
    if not s.plant_queue:
        s.window = None
        score_pending(s)
        if game_over(s):
            game_end(s)
        else:
            next_player(s)
        return
    island = s.pending_islands[s.plant_queue[0]]
    where = s.cat.cell_name(min(s.island_cells[island.root]))
    s.window = SimultaneousWindow(f"the plant draw of the island at {where}", frozenset(island.drawers),
                                  PLANT_WINDOW)
    s.phase = PLANT


# ------------------------------------------------------------------ end of turn


def finish_turn(s: EntdeckerState, reason: str) -> None:
    """End of a turn: reserve fill, completed islands (plant draws first), game end, next player."""
    s.last_ended, s.last_end_reason = s.current, reason
    s.stormed = False
    fill_from_reserve(s)
    queue_completed_islands(s)
    open_plant_window(s)


def next_player(s: EntdeckerState) -> None:
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


#: move type -> the function applying it
APPLY = {
    "income": income, "start": start, "draw": draw, "own_tile": own_tile, "place": place, "discard": discard,
    "build": build, "end": end, "plant": plant, "return": return_post, "pass": pass_turn,
}
