"""Listing the legal moves of an Entdecker position, and what chance decides in it (for random play).

The list reads the position through the same definitions the moves check against (:mod:`.ship`:
free white lines, start positions, where a tile fits), so the list and the validator share one
definition of each rule.
"""
from __future__ import annotations

from ..core.chance import counted
from .catalog import SIDES
from .moves import to_move
from .ship import free_targets, legal_starts, placements
from .state import EXPLORE, INCOME, OVER, PIECES, PLACE, PLANT, POST, START, EntdeckerState

#: a table builds and draws far more often than it takes a trading post back (random play)
RANDOM_PLAY_WEIGHTS = {"plant": 9, "build": 5, "draw": 4, "own_tile": 1.5, "end": 0.5, "return": 0.02}


def legal_moves(s: EntdeckerState) -> list[dict]:
    """Every move the engine accepts now, random outcomes (draws, plant tokens, the income spin)
    included as complete moves."""
    if s.phase == OVER:
        return []
    ids = s.ids
    moves: list[dict] = []
    if s.phase == PLANT:  # each greatest discoverer still to draw, in any order
        return [{"type": "plant", "player": ids[seat], "pile": pile, "value": v}
                for seat in sorted(s.window.waiting) for pile in s.plant_tokens.drawable_piles()
                for v in s.plant_tokens.possible()]
    seat = to_move(s)
    pid = ids[seat]
    if s.phase == INCOME:
        moves += [{"type": "income", "player": pid, "spin": v} for v in s.cat.income_wheel]
    elif s.phase == START:
        for at, cost in legal_starts(s, seat):
            for explore in range(1, s.wealth[seat] - cost + 1):
                moves.append({"type": "start", "player": pid, "at": at, "explore": explore})
        if not moves:
            moves.append({"type": "pass", "player": pid})
    if s.natives_offer and s.phase == EXPLORE:
        moves.extend({"type": "plant", "player": pid, "pile": pile, "value": v}
                     for pile in s.plant_tokens.drawable_piles() for v in s.plant_tokens.possible())
    if s.phase == PLACE:
        moves = [{"type": "place", "player": pid, "cell": s.cat.cell_name(c), "rotation": r * 90}
                 for c, r in placements(s, s.drawn)]
        if not moves:
            moves.append({"type": "discard", "player": pid})
    elif s.phase == EXPLORE:
        moves += explore_moves(s, seat, pid)
    moves.extend({"type": "return", "player": ids[c.seat], "cell": s.cat.cell_name(cell)}
                 for cell, c in s.constructions.items() if c.piece == POST)
    return moves


def explore_moves(s: EntdeckerState, seat: int, pid: str) -> list[dict]:
    """The moves of ``seat`` while exploring: a draw from each pile, an own tile that fits, a
    construction, and the turn's end once something was explored (or nothing can be)."""
    moves: list[dict] = []
    if s.stormed:  # a storm ended the turn: only its end
        return [{"type": "end", "player": pid}]
    can_explore = s.credits >= 1 and bool(free_targets(s))
    if can_explore:
        moves.extend({"type": "draw", "player": pid, "pile": pile, "tile": k}
                     for pile in s.tiles.drawable_piles() for k in s.tiles.possible())
    if can_explore and s.personal_variant and not s.own_used and s.tiles.remaining:
        for tile in sorted(s.personal_left[seat]):
            kind = s.cat.personal[tile]
            if s.credits >= kind.cost and placements(s, kind, first_only=True):
                moves.append({"type": "own_tile", "player": pid, "tile": tile})
    moves.extend(build_moves(s, seat, pid))
    if s.explored or not can_explore or not s.tiles.remaining:
        moves.append({"type": "end", "player": pid})
    return moves


def build_moves(s: EntdeckerState, seat: int, pid: str) -> list[dict]:
    """The constructions ``seat`` may place now. A segment is named by any land side it touches
    (and may be named on a card with a single segment too): each such spelling is listed."""
    if not s.ship_new or s.ship_cell < 0:
        return []
    face = s.faces[s.ship_cell]
    if not face.segments:
        return []
    out = []
    for name, piece in PIECES.items():
        if s.pieces[seat][piece] and s.cat.piece_cost[piece] * s.build_factor <= s.wealth[seat]:
            if len(face.segments) == 1:
                out.append({"type": "build", "player": pid, "piece": name})
            for seg in face.segments:
                for side in [SIDES[i] for i in range(4) if seg >> i & 1]:
                    out.append({"type": "build", "player": pid, "piece": name, "segment": side})
    return out


def chance_outcomes(s: EntdeckerState, move: dict | None = None) -> list[tuple[dict, float]]:
    """The income wheel's spaces (the first player spins: the spin is the outcome, nothing to
    decide), and the tile or plant token a ``draw`` or ``plant`` move from a pile turns up:
    each unseen kind by how many of it are unaccounted for."""
    if move is None:
        if s.phase == INCOME:
            pid = s.ids[s.first]
            spins = s.cat.income_wheel
            return [({"type": "income", "player": pid, "spin": v}, spins.count(v)) for v in sorted(set(spins))]
        return []
    pool = s.tiles if move["type"] == "draw" else s.plant_tokens if move["type"] == "plant" else None
    if pool is None:
        return []
    field = "tile" if move["type"] == "draw" else "value"
    return [({**move, field: k}, n) for k, n in counted(pool.unaccounted)]
