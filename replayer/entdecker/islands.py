"""Islands: land segments joined across tiles, incrementally (union-find), their completion,
the automatic reserve fill, and island scoring (greatest discoverer, halving down the ranks)."""
from __future__ import annotations

from .catalog import OPPOSITE, TileFace, pattern_number
from .state import COLONY, FORT, POST, EntdeckerState, PendingIsland


def find(parent: list[int], node: int) -> int:
    root = node
    while parent[root] != root:
        root = parent[root]
    while parent[node] != root:  # path compression
        parent[node], node = root, parent[node]
    return root


def segment_at(face: TileFace, side: int) -> int:
    """Index of the face's land segment touching ``side`` (-1 if that side is sea)."""
    bit = 1 << side
    for i, m in enumerate(face.segments):
        if m & bit:
            return i
    return -1


def put_tile(s: EntdeckerState, cell: int, face: TileFace) -> None:
    """Place ``face`` on ``cell`` (legality already checked) and join its land to its neighbours."""
    s.faces[cell] = face
    s.placed += 1
    s.touched.append(cell)
    if not face.segments:
        return
    parent, open_sides, cells_of = s.parent, s.open_sides, s.island_cells
    nbs = s.cat.neighbour[cell]
    faces = s.faces
    for i, seg in enumerate(face.segments):
        node = cell * 4 + i
        parent[node] = node
        open_sides[node] = 0
        cells_of[node] = {cell}
    for side in range(4):
        bit = 1 << side
        if not face.land & bit:
            continue
        node = cell * 4 + segment_at(face, side)
        nb = nbs[side]
        other = faces[nb] if nb >= 0 else None
        if other is None:
            open_sides[find(parent, node)] += 1
            continue
        # the neighbour's land side facing us is no longer open; join the two segments
        onode = nb * 4 + segment_at(other, OPPOSITE[side])
        oroot, root = find(parent, onode), find(parent, node)
        open_sides[oroot] -= 1
        if oroot != root:
            if len(cells_of[oroot]) < len(cells_of[root]):
                oroot, root = root, oroot
            parent[root] = oroot
            open_sides[oroot] += open_sides.pop(root)
            cells_of[oroot] |= cells_of.pop(root)


def required_pattern(s: EntdeckerState, cell: int) -> int:
    """Land mask an empty cell must show if all four sides are known, else -1."""
    land = 0
    nbs = s.cat.neighbour[cell]
    faces = s.faces
    for side in range(4):
        nb = nbs[side]
        if nb < 0:
            continue
        other = faces[nb]
        if other is None:
            return -1
        if other.land & (1 << OPPOSITE[side]):
            land |= 1 << side
    return land


def fill_from_reserve(s: EntdeckerState) -> list[int]:
    """Fill every empty space whose four sides are known, and every all-land gap, from the reserve
    piles (rules 2.vii). Returns the cells filled.

    Spaces are filled in reading order, so that when a pile runs short the same space gets its last
    tile on every replay; a pile that has run out fills nothing, and the space waits in
    ``s.unfilled`` until the pile has a tile again (translator's option)."""
    cat = s.cat
    faces = s.faces
    filled: list[int] = []
    frontier = {nb for c in s.touched for nb in cat.neighbour[c] if nb >= 0 and faces[nb] is None}
    if s.unfilled:
        frontier |= s.unfilled
        s.unfilled = set()
    while frontier:
        cell = min(frontier)
        frontier.discard(cell)
        if faces[cell] is not None:
            continue
        land = required_pattern(s, cell)
        if land < 0:
            group = _land_locked_gap(s, cell)
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
        number = pattern_number(land)
        if s.reserve.get(number, 0) <= 0 or number not in cat.reserve:
            s.unfilled.add(cell)
            continue
        put_tile(s, cell, _take_reserve(s, number, land))
        filled.append(cell)
        frontier.update(nb for nb in cat.neighbour[cell] if nb >= 0 and faces[nb] is None)
    return filled


def _take_reserve(s: EntdeckerState, number: int, land: int) -> TileFace:
    """The top tile of reserve pile ``number``, turned to show ``land``: a tile the translator's
    option laid on the pile if there is one, else one of the pile's own fill-in cards."""
    s.reserve[number] -= 1
    on_top = s.reserve_on_top.get(number)
    kind = s.cat.tiles[on_top.pop()] if on_top else s.cat.reserve[number]
    return next(f for f in kind.faces if f.land == land)


def _land_locked_gap(s: EntdeckerState, start: int) -> set[int] | None:
    """The group of empty cells around ``start`` if every side it shows to the board is land."""
    cat = s.cat
    faces = s.faces
    group = {start}
    stack = [start]
    while stack:
        cell = stack.pop()
        for side, nb in enumerate(cat.neighbour[cell]):
            if nb < 0:
                return None  # the board's edge is sea
            other = faces[nb]
            if other is None:
                if nb not in group:
                    group.add(nb)
                    stack.append(nb)
            elif not other.land & (1 << OPPOSITE[side]):
                return None
    return group


def explorable(s: EntdeckerState) -> bool:
    """Whether any ship position still has a free white line to an undiscovered space. When none
    has (the reserve ran out for an enclosed gap), nobody can ever explore again and the game ends
    as with an incomplete board (rules: End of Game, Incomplete Board)."""
    faces, cat = s.faces, s.cat
    for cell, _side in cat.edge_spaces.values():
        if faces[cell] is None:
            return True
    for cell, face in enumerate(faces):
        if face is not None and face.lanes:
            nbs = cat.neighbour[cell]
            if any(face.lanes >> side & 1 and nbs[side] >= 0 and faces[nbs[side]] is None for side in range(4)):
                return True
    return False


def standings(s: EntdeckerState, root: int) -> list[tuple[tuple[int, int, int], int]]:
    """((colonies, forts, posts), seat) of every player with a construction on the island, best first."""
    parent = s.parent
    tally: dict[int, list[int]] = {}
    for cell, (seat, piece, seg) in s.constructions.items():
        if find(parent, cell * 4 + seg) == root:
            t = tally.setdefault(seat, [0, 0, 0])
            t[2 - piece] += 1  # colonies first, then forts, then posts
    ranked = [(tuple(v), seat) for seat, v in tally.items()]
    ranked.sort(key=lambda x: (x[0], -x[1]), reverse=True)
    return ranked


def shares(value: int, ranked: list[tuple[tuple[int, int, int], int]]) -> list[tuple[int, int, int]]:
    """(seat, position, points): the greatest discoverer(s) score the value; each further position
    scores half of the position just above it, rounded up (10, 5, 3, 2). Tied players share a
    position and the next player takes the share of their own position."""
    out = []
    share = value
    position = 1
    prev_key = None
    for index, (key, seat) in enumerate(ranked, start=1):
        if key != prev_key:
            while position < index:
                share = (share + 1) // 2
                position += 1
            prev_key = key
        out.append((seat, position, share))
    return out


def has_fort_or_colony(ranked) -> bool:
    return any(key[0] or key[1] for key, _ in ranked)


def return_constructions(s: EntdeckerState, root: int) -> None:
    parent = s.parent
    for cell in [c for c, (seat, piece, seg) in s.constructions.items() if find(parent, c * 4 + seg) == root]:
        seat, piece, _ = s.constructions.pop(cell)
        s.pieces[seat][piece] += 1


def score_island(s: EntdeckerState, island: PendingIsland, category: str) -> None:
    plant = max(island.drawn, default=0)
    value = island.cells + plant
    for seat, position, points in shares(value, island.standings):
        plant_txt = f" + plant {plant}" if plant else ""
        what = "incomplete island" if category == "incomplete_island" else "island"
        s.ledger.add(seat, points, category,
                     f"{what} of {island.cells} tiles{plant_txt} = {value}: position {position} -> {points}")
    return_constructions(s, island.root)
    s.scored.add(island.root)


__all__ = ["COLONY", "FORT", "POST", "explorable", "fill_from_reserve", "find", "put_tile", "score_island", "shares", "standings"]
