"""The ship: where it may start a turn and what that costs, the free white lines it may explore
along, and where a tile fits beside it. One definition of each, read by the moves (to check) and
by the listing (to list), so the validator and the list of legal moves cannot disagree.
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from .catalog import TileKind
from .state import EntdeckerState


def free_targets(s: EntdeckerState) -> list[tuple[int, int]]:
    """(target cell, side of the target facing the ship) for every free white line of the ship."""
    if s.ship_edge is not None:
        cell, side = s.ship_edge
        return [(cell, side)] if s.faces[cell] is None else []
    faces = s.faces
    return [target for target in s.cat.lane_targets[s.ship_cell][faces[s.ship_cell].lanes]
            if faces[target[0]] is None]


def start_position(s: EntdeckerState, seat: int, at: str) -> tuple[int, tuple | None, int]:
    """(cell or -1, edge space or None, cost of an opponent's construction there) of the ship
    starting at ``at``, an edge circle or a discovered space (from the second season on) with a
    free white line.

    :raises IllegalMove: the ship cannot start at ``at``.
    """
    cat = s.cat
    edge = cat.edge_spaces.get(at)
    if edge is not None:
        if s.faces[edge[0]] is not None:
            raise IllegalMove("ENT.START.NO_FREE_LANE",
                              f"the edge circle {at} leads to {cat.cell_name(edge[0])}, which is already discovered", "/at")
        return -1, edge, 0
    cell = cat.parse_cell(at)
    if cell < 0:
        raise IllegalMove("ENT.START.UNDISCOVERED", f"{at!r} is neither a space of the board nor an edge circle", "/at")
    if s.season == 1:
        raise IllegalMove("ENT.START.FIRST_ROUND_EDGE",
                          f"in the first season the ship starts on an edge circle, not on {at}", "/at")
    face = s.faces[cell]
    if face is None:
        raise IllegalMove("ENT.START.UNDISCOVERED", f"{at} is not discovered yet", "/at")
    if all(s.faces[nb] is not None for nb, _side in cat.lane_targets[cell][face.lanes]):
        raise IllegalMove("ENT.START.NO_FREE_LANE", f"no white line of {at} leads to an undiscovered space", "/at")
    owner = s.constructions.get(cell)
    cost = cat.piece_cost[owner.piece] if owner is not None and owner.seat != seat else 0
    return cell, None, cost


def legal_starts(s: EntdeckerState, seat: int) -> list[tuple[str, int]]:
    """(at, cost) of every position the ship may start from that ``seat`` can afford with one
    exploration."""
    out = []
    cat = s.cat
    for name, (cell, _side) in cat.edge_spaces.items():
        if s.faces[cell] is None and s.wealth[seat] >= 1:
            out.append((name, 0))
    if s.season > 1:
        for cell in range(cat.cells):
            if s.faces[cell] is None:
                continue
            try:
                _, _, cost = start_position(s, seat, cat.cell_name(cell))
            except IllegalMove:
                continue
            if cost + 1 <= s.wealth[seat]:
                out.append((cat.cell_name(cell), cost))
    return out


def placements(s: EntdeckerState, kind: TileKind, first_only: bool = False) -> list[tuple[int, int]]:
    """(cell, rotation in quarter turns) of every way ``kind`` fits at the end of a free white line
    of the ship (only the first with ``first_only``): land must face land, water face water."""
    out = []
    for cell, _ in free_targets(s):
        need, known = constraints(s, cell)
        for face in kind.faces:
            if face.land & known == need:
                out.append((cell, face.rotation))
                if first_only:
                    return out
    return out


def constraints(s: EntdeckerState, cell: int) -> tuple[int, int]:
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
