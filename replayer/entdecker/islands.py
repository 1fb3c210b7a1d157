"""Islands: land segments joined across tiles, incrementally (union-find), the counts that say
whether an island is complete and whether anybody can still explore, and the automatic reserve
fill. Scoring the islands is :mod:`.scoring`'s."""
from __future__ import annotations

from .catalog import PATTERN_NUMBER, TileFace
from .state import EntdeckerState


def find(parent: list[int], node: int) -> int:
    root = node
    while parent[root] != root:
        root = parent[root]
    while parent[node] != root:  # path compression
        parent[node], node = root, parent[node]
    return root


def put_tile(s: EntdeckerState, cell: int, face: TileFace) -> None:
    """Place ``face`` on ``cell`` (legality already checked), join its land to its neighbours and
    keep the counts of open edge circles and open white lines (see :func:`explorable`)."""
    faces = s.faces
    faces[cell] = face
    s.placed += 1
    s.touched.append(cell)
    cat = s.cat
    s.open_edges -= cat.edge_spaces_at[cell]
    land, lanes = face.land, face.lanes
    if land:
        parent, open_sides, cells_of = s.parent, s.open_sides, s.island_cells
        base = cell * 4
        for node in range(base, base + len(face.segments)):
            parent[node] = node
            open_sides[node] = 0
            cells_of[node] = {cell}
        side_segment = face.side_segment
    open_lanes = s.open_lanes
    seaside = s.seaside
    for side, bit, nb, back, back_bit in cat.sides_of[cell]:
        other = faces[nb] if nb >= 0 else None
        if other is None:
            if nb >= 0:
                if lanes & bit:
                    open_lanes += 1  # a white line of this card to an undiscovered space
                if not land & bit:
                    seaside[nb] = True
        elif other.lanes & back_bit:
            open_lanes -= 1  # the neighbour's white line into this space is no longer free
        if not land & bit:
            continue
        node = base + side_segment[side]
        if other is None:
            open_sides[find(parent, node)] += 1
            continue
        # the neighbour's land side facing us is no longer open; join the two segments
        oroot, root = find(parent, nb * 4 + other.side_segment[back]), find(parent, node)
        open_sides[oroot] -= 1
        if oroot != root:
            if len(cells_of[oroot]) < len(cells_of[root]):
                oroot, root = root, oroot
            parent[root] = oroot
            open_sides[oroot] += open_sides.pop(root)
            cells_of[oroot] |= cells_of.pop(root)
    s.open_lanes = open_lanes


def fill_from_reserve(s: EntdeckerState) -> list[int]:
    """Fill every empty space whose four sides are known, and every all-land gap, from the reserve
    piles (rules 2.vii), in reading order; a space whose pile has run out waits in ``s.unfilled``.
    Returns the cells filled."""
    cat = s.cat
    faces = s.faces
    neighbour, inner_sides, border = cat.neighbour, cat.inner_sides, cat.border_mask
    filled: list[int] = []
    frontier = {nb for c in s.touched for nb in neighbour[c] if nb >= 0 and faces[nb] is None}
    if s.unfilled:
        frontier |= s.unfilled
        s.unfilled = set()
    # Empty spaces found to lie in a gap that is not land-locked. A fill below takes a whole gap
    # (one space with four known sides, or a whole land-locked group), so the other gaps keep their
    # spaces and their borders while this runs: such a space need not be searched again.
    open_gaps: set[int] = set()
    while frontier:
        cell = min(frontier)
        frontier.discard(cell)
        if faces[cell] is not None or cell in open_gaps:
            continue
        # the land mask the space must show when all its sides are known, and whether the space itself
        # already keeps its gap from being land-locked
        land, unknown, sea = 0, False, border[cell]
        for nb, bit, back_bit in inner_sides[cell]:
            other = faces[nb]
            if other is None:
                unknown = True
            elif other.land & back_bit:
                land |= bit
            else:
                sea = True
        if unknown:
            if sea:
                continue  # it touches the sea (or the board's edge): so does its gap
            group = _land_locked_gap(s, cell, open_gaps)
            if not group:
                continue
            if s.reserve.get(6, 0) < len(group):
                s.unfilled.add(cell)
                continue
            for g in sorted(group):
                put_tile(s, g, _take_reserve(s, 6, 15))
                filled.append(g)
            frontier -= group
            continue
        number = PATTERN_NUMBER[land]
        if s.reserve.get(number, 0) <= 0 or number not in cat.reserve:
            s.unfilled.add(cell)
            continue
        put_tile(s, cell, _take_reserve(s, number, land))
        filled.append(cell)
        frontier.update(nb for nb in neighbour[cell] if nb >= 0 and faces[nb] is None)
    return filled


def _take_reserve(s: EntdeckerState, number: int, land: int) -> TileFace:
    """The top tile of reserve pile ``number``, turned to show ``land``: a tile the translator's
    option laid on the pile if there is one, else one of the pile's own fill-in cards."""
    s.reserve[number] -= 1
    on_top = s.reserve_on_top.get(number)
    kind = s.cat.tiles[on_top.pop()] if on_top else s.cat.reserve[number]
    return next(f for f in kind.faces if f.land == land)


def _land_locked_gap(s: EntdeckerState, start: int, open_gaps: set[int]) -> set[int] | None:
    """The group of empty cells around ``start`` (which does not face the sea) if every side it
    shows to the board is land, else None; then the empty cells searched (all in that same gap) are
    added to ``open_gaps``. A gap shows a sea side exactly when one of its spaces is ``seaside``
    (kept by :func:`put_tile`), so the search stops at the first such space."""
    inner_neighbours, faces, seaside = s.cat.inner_neighbours, s.faces, s.seaside
    group, stack = {start}, [start]
    while stack:
        for nb in inner_neighbours[stack.pop()]:
            if faces[nb] is None and nb not in group:
                group.add(nb)
                if seaside[nb]:
                    open_gaps |= group
                    return None
                stack.append(nb)
    return group


def explorable(s: EntdeckerState) -> bool:
    """Whether any ship position still has a free white line to an undiscovered space (an edge
    circle before one, or a white line of a discovered card into one: counts :func:`put_tile` keeps)."""
    return s.open_edges > 0 or s.open_lanes > 0
