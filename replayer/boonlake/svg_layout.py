"""Where the Boonlake picture (:mod:`.board_svg`) puts things: the gameboard's hexes, the river's
spaces, the colours. Geometry only; nothing here reads a position.

The catalog gives the gameboard's spaces and their neighbours but no coordinates. The spaces are
drawn on the grid the reconstruction built them from (the catalog's board provenance: a 6 x 6 hex
grid in odd-row offset coordinates, the cells ``CUT`` left out, numbered in reading order), so
that neighbours on the picture are neighbours in the catalog; a catalog with another number of
spaces is drawn in rows of six by number (neighbours then not shown as such, but every space
still drawn).
"""
from __future__ import annotations

import math

HEX_R = 31.0  #: px: a gameboard hex's circumradius (pointy top)
HEX_W = math.sqrt(3.0) * HEX_R
GRID = 6
CUT = {(0, 0), (0, 5), (5, 5)}  #: (row, column) of the grid's cells that hold no space

#: region fills (land), by the catalog's region id; an unknown region is drawn grey
REGION_FILL = {"unknown": "#e4d9b4", "new_hope": "#cfe0b0", "boonlake": "#bcd8c8", "southern": "#ead0b0"}
PASTURE_FILL = "#8cc46a"
WATER = "#5b9bd5"
INK = "#222"
EMINENCE_FILL = "#777777"  #: the Wise Eminence's pieces (no seat colour of the shared palette)
RESOURCE_FILL = {"stone": "#9a9a9a", "iron": "#4a5a6a", "loam": "#c0703a", "wood": "#8b5a2b"}


def cells(space_count: int) -> list[tuple[int, int]]:
    """(row, column) of each space in number order (space n at index n - 1)."""
    grid = [(r, c) for r in range(GRID) for c in range(GRID) if (r, c) not in CUT]
    if len(grid) == space_count:
        return grid
    return [(i // GRID, i % GRID) for i in range(space_count)]


def hex_centre(row: int, col: int, x0: float, y0: float) -> tuple[float, float]:
    """Centre of a cell (odd rows shifted right by half a hex)."""
    return x0 + HEX_W / 2 + col * HEX_W + (HEX_W / 2 if row % 2 else 0.0), y0 + HEX_R + row * 1.5 * HEX_R


def hex_points(x: float, y: float, r: float = HEX_R) -> str:
    return " ".join(f"{x + r * math.cos(math.radians(60 * k - 30)):.1f},{y + r * math.sin(math.radians(60 * k - 30)):.1f}"
                    for k in range(6))


def board_size() -> tuple[float, float]:
    """Width and height of the gameboard's hexes."""
    return (GRID + 0.5) * HEX_W, (GRID - 1) * 1.5 * HEX_R + 2 * HEX_R


RIVER_STEP = 27.0  #: px between two river spaces
RIVER_R = 10.0


def river_rows(space_ids) -> list[tuple[str, list[str]]]:
    """The river drawn as three rows: the trunk (plain numbers), the upper arm (``U``: round 1)
    and the lower arm (``L``: round 2), each in the catalog's order."""
    rows = {"trunk": [], "upper arm (round 1)": [], "lower arm (round 2)": []}
    for sid in space_ids:
        key = "upper arm (round 1)" if sid.startswith("U") else "lower arm (round 2)" if sid.startswith("L") else "trunk"
        rows[key].append(sid)
    return [(name, ids) for name, ids in rows.items() if ids]
