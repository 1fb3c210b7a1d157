"""Where each space of an estate board is drawn in the picture (``board_svg.py``): its centre at hex
size 1, and the drawing's width and height.

Standard estates are drawn from their rows (``geometry.hexagon_layout``). The catalog gives the Solo
boards only as land areas, land links and river links, not the printed positions, so each land area
is laid out as a hex cluster that reproduces exactly its land links (found by a small search), the
areas side by side in grid cells chosen to keep the rivers short: a schematic.
"""
from __future__ import annotations

import functools
import math

from .geometry import HEXAGON_ROWS, Board, Colour, connected_groups, members

_SQRT3 = math.sqrt(3.0)
# axial hex directions (pointy-top), in the order a layout tries them: east, then the row below, ...
_DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def _embed_area(spaces: tuple[int, ...], land: tuple[int, ...]) -> dict[int, tuple[int, int]] | None:
    """Axial hex coordinates for one land area such that two spaces touch exactly when the catalog
    links them by land; the lowest space at (0, 0), the next ones east and below where the links
    allow (the boards number their spaces row by row). None when no such layout exists."""
    inside = set(spaces)
    order, seen = [spaces[0]], {spaces[0]}
    for a in order:  # breadth first from the lowest space (the list grows while it is read)
        for b in members(land[a]):
            if b in inside and b not in seen:
                seen.add(b)
                order.append(b)
    if len(order) != len(spaces):
        return None
    pos: dict[int, tuple[int, int]] = {}
    taken: dict[tuple[int, int], int] = {}

    def linked(a: int, b: int) -> bool:
        return bool(land[a] >> b & 1)

    def touching(p: tuple[int, int], q: tuple[int, int]) -> bool:
        return (q[0] - p[0], q[1] - p[1]) in _DIRECTIONS

    def place(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        anchor = next(j for j in order[:k] if linked(i, j))
        for dq, dr in _DIRECTIONS:
            p = (pos[anchor][0] + dq, pos[anchor][1] + dr)
            if p in taken or any(touching(p, pos[j]) != linked(i, j) for j in order[:k]):
                continue
            pos[i], taken[p] = p, i
            if place(k + 1):
                return True
            del pos[i], taken[p]
        return False

    pos[order[0]] = (0, 0)
    taken[(0, 0)] = order[0]
    return pos if place(1) else None


def estate_layout(board: Board) -> tuple[tuple[tuple[float, float], ...], float, float]:
    """Centre of every space (index order) in px at hex size 1, and the drawing's width and height.

    :raises ValueError: a land area of a Solo board cannot be drawn as touching hexes (the catalog's
        land links are not those of a hex grid).
    """
    areas_of = tuple(s.area for s in board.spaces)
    return _layout(board.id, board.solo, areas_of, board.land, board.river)


@functools.cache
def _layout(board_id: str, solo: bool, areas_of: tuple[str, ...], land: tuple[int, ...],
            river: tuple[int, ...]) -> tuple[tuple[tuple[float, float], ...], float, float]:
    """:func:`estate_layout` of the board these fields describe (a board is not hashable; these are)."""
    n = len(land)
    if not solo and n == sum(HEXAGON_ROWS):
        # row r, i-th space: "doubled x" |r-3| + 2i (geometry.hexagon_layout)
        return _normalised([((abs(r - 3) + 2 * i) * _SQRT3 / 2, 1.5 * r)
                            for r, length in enumerate(HEXAGON_ROWS) for i in range(length)])
    centres = [(0.0, 0.0)] * n
    groups = connected_groups(tuple(Colour.BUILDING for _ in land), land)  # the land areas, whatever the colours
    per_row = 2 if len(groups) <= 4 else 5
    # each area in its own cell of a grid, in the catalog's area order (side A: NE SE NW SW)
    clusters = []
    for g in groups:
        pos = _embed_area(g, land)
        if pos is None:
            raise ValueError(f"board {board_id}: the land area of space index {g[0]} is not a hex cluster")
        clusters.append({i: (_SQRT3 * (q + r / 2), 1.5 * r) for i, (q, r) in pos.items()})
    cell_w = max(max(x for x, _ in c.values()) - min(x for x, _ in c.values()) for c in clusters) + 2 * _SQRT3
    cell_h = max(max(y for _, y in c.values()) - min(y for _, y in c.values()) for c in clusters) + 3.2
    if len(groups) == 4 and set(areas_of) == {"NE", "SE", "NW", "SW"}:
        cell_of = {"NW": (0, 0), "NE": (1, 0), "SW": (0, 1), "SE": (1, 1)}
        cells = [cell_of[areas_of[g[0]]] for g in groups]
    else:
        cells = _river_friendly_cells(clusters, river, per_row, cell_w, cell_h)
    for c, cell in zip(clusters, cells):
        for i, xy in _in_cell(c, cell, cell_w, cell_h).items():
            centres[i] = xy
    return _normalised(centres)


def _in_cell(cluster: dict[int, tuple[float, float]], cell: tuple[int, int], cell_w: float,
             cell_h: float) -> dict[int, tuple[float, float]]:
    """A cluster's space centres moved to the middle of grid cell ``(column, row)``."""
    x0, y0 = min(x for x, _ in cluster.values()), min(y for _, y in cluster.values())
    w, h = max(x for x, _ in cluster.values()) - x0, max(y for _, y in cluster.values()) - y0
    col, row = cell
    return {i: (col * cell_w + (cell_w - w) / 2 + x - x0, row * cell_h + (cell_h - h) / 2 + y - y0)
            for i, (x, y) in cluster.items()}


def _river_friendly_cells(clusters: list[dict[int, tuple[float, float]]], river: tuple[int, ...], per_row: int,
                          cell_w: float, cell_h: float) -> list[tuple[int, int]]:
    """Grid cells for the land areas that keep the rivers short: start in area order, then swap two
    cells (one may be empty) while that shortens the rivers' total squared length. Deterministic."""
    rows = -(-len(clusters) // per_row)
    grid = [(k % per_row, k // per_row) for k in range(per_row * rows)]
    cell_of = list(range(len(clusters)))  # area -> index into grid
    area_of_space = {i: k for k, c in enumerate(clusters) for i in c}
    links = [(a, b) for a in range(len(river)) for b in members(river[a]) if a < b]

    def cost() -> float:
        spots = {}
        for k, c in enumerate(clusters):
            spots.update(_in_cell(c, grid[cell_of[k]], cell_w, cell_h))
        return sum((spots[a][0] - spots[b][0]) ** 2 + (spots[a][1] - spots[b][1]) ** 2 for a, b in links
                   if a in area_of_space and b in area_of_space)

    best = cost()
    improved = True
    while improved:
        improved = False
        for a in range(len(clusters)):
            for target in range(len(grid)):
                if target == cell_of[a]:
                    continue
                other = next((k for k, g in enumerate(cell_of) if g == target), None)
                old = cell_of[a]
                cell_of[a] = target
                if other is not None:
                    cell_of[other] = old
                trial = cost()
                if trial < best - 1e-9:
                    best, improved = trial, True
                else:
                    cell_of[a] = old
                    if other is not None:
                        cell_of[other] = target
    return [grid[g] for g in cell_of]


def _normalised(centres: list[tuple[float, float]]) -> tuple[tuple[tuple[float, float], ...], float, float]:
    x0 = min(x for x, _ in centres) - _SQRT3 / 2
    y0 = min(y for _, y in centres) - 1.0
    moved = tuple((x - x0, y - y0) for x, y in centres)
    return moved, max(x for x, _ in moved) + _SQRT3 / 2, max(y for _, y in moved) + 1.0
