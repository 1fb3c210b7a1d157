"""The Entdecker catalog: component data loaded from JSON, schema-checked, precomputed for speed.

Geometry: cells are numbered ``row * columns + column`` (A1 = 0, reading order); sides are
0 = N, 1 = E, 2 = S, 3 = W. A tile rotated by ``r`` quarter turns clockwise shows on side ``s``
what its printed side ``(s - r) % 4`` shows. Edge spaces (the circles around the board) are
written ``N-C`` (north of column C), ``S-C``, ``W-4`` (west of row 4) and ``E-4``.
"""
from __future__ import annotations

import string
from dataclasses import dataclass

from ..core.catalogs import CatalogError, CatalogFiles, check_catalog

SIDES = "NESW"
OPPOSITE = (2, 3, 0, 1)


@dataclass(frozen=True, slots=True)
class TileFace:
    """A tile in one rotation: land/lane bit masks over sides and its land segments."""

    kind: str
    rotation: int
    land: int  # bit s set: side s is land
    lanes: int  # bit s set: a white line runs from the circle to side s
    segments: tuple[int, ...]  # one side mask per land segment
    pattern: int  # reserve number 1-6 of this edge pattern
    event: str | None
    # derived, for the replay's hot path: per side the index of the land segment touching it (-1: sea)
    side_segment: tuple[int, int, int, int] = (-1, -1, -1, -1)


@dataclass(frozen=True, slots=True)
class TileKind:
    id: str
    faces: tuple[TileFace, ...]  # by rotation 0-3
    count: int
    event: str | None
    cost: int = 0


def _mask(sides: str) -> int:
    return sum(1 << SIDES.index(c) for c in sides)


def _rotate(mask: int, r: int) -> int:
    return ((mask << r) | (mask >> (4 - r))) & 15


def pattern_number(land: int) -> int:
    """Reserve pile number of an edge pattern: 1 all sea, 2 one land side, 3 two adjacent,
    4 two opposite, 5 three land sides, 6 all land."""
    n = bin(land).count("1")
    if n == 2:
        return 4 if land in (0b0101, 0b1010) else 3
    return {0: 1, 1: 2, 3: 5, 4: 6}[n]


def _face(kid: str, rotation: int, land: int, lanes: int, segments: tuple[int, ...], pattern: int,
          event: str | None) -> TileFace:
    side_segment = tuple(next((i for i, m in enumerate(segments) if m >> side & 1), -1) for side in range(4))
    return TileFace(kid, rotation, land, lanes, segments, pattern, event, side_segment)


#: reserve pile number by land mask (see :func:`pattern_number`)
PATTERN_NUMBER = tuple(pattern_number(land) for land in range(16))


def _kind(entry: dict, kid: str, event: str | None = None) -> TileKind:
    lanes = _mask(entry["lanes"])
    land = sum(1 << i for i, c in enumerate(entry["edges"]) if c == "L")
    segs = tuple(_mask(s) for s in entry["segments"])
    # island joining needs every land side in exactly one segment, and no segment on a sea side
    covered = 0
    for seg in segs:
        if seg & covered or seg & ~land:
            raise CatalogError(f"tile {kid!r}: its land segments {entry['segments']} must split its land sides "
                               f"(edges {entry['edges']}) without overlap")
        covered |= seg
    if covered != land:
        raise CatalogError(f"tile {kid!r}: every land side of edges {entry['edges']} must belong to one of its "
                           f"land segments {entry['segments']}")
    faces = tuple(_face(kid, r, _rotate(land, r), _rotate(lanes, r), tuple(_rotate(m, r) for m in segs),
                        pattern_number(land), event)
                  for r in range(4))
    return TileKind(kid, faces, entry.get("count", 1), event, entry.get("cost", 0))


class Catalog:
    """Component data of one catalog version, with derived lookup tables."""

    def __init__(self, data: dict):
        check_catalog(data, "entdecker.catalog.schema.json", "Entdecker")
        self.data = data
        self.version: str = data["catalog"]
        self.columns: int = data["board"]["columns"]
        self.rows: int = data["board"]["rows"]
        self.cells = self.columns * self.rows
        self.wealth_start: int = data["wealth"]["start"]
        self.wealth_max: int = data["wealth"]["max"]
        self.income_wheel: tuple[int, ...] = tuple(sorted(set(data["income_wheel"])))
        self.piece_count = tuple(data["pieces"][p]["count"] for p in ("post", "fort", "colony"))
        self.piece_cost = tuple(data["pieces"][p]["cost"] for p in ("post", "fort", "colony"))
        self.discovery_piles: int = data["discovery_piles"]
        self.plant_piles: int = data["plant_piles"]
        self.plants = {p["value"]: p["count"] for p in data["plants"] if p["count"]}
        self.events = data["events"]
        for entry in data["tiles"]:
            ev = entry.get("event")
            if ev is not None and ev not in self.events:
                raise CatalogError(f"tile {entry['id']!r} names event {ev!r}, which the catalog does not define")
        self.tiles: dict[str, TileKind] = {e["id"]: _kind(e, e["id"], e.get("event")) for e in data["tiles"]}
        self.discovery_total = sum(k.count for k in self.tiles.values())
        self.reserve: dict[int, TileKind] = {e["number"]: _kind(e, f"reserve-{e['number']}") for e in data["reserve"]}
        for number, kind in self.reserve.items():
            if kind.faces[0].pattern != number:
                raise CatalogError(f"reserve tile No. {number} has edges of pattern No. {kind.faces[0].pattern}")
        self.personal: dict[str, TileKind] = {e["id"]: _kind(e, e["id"]) for e in data["personal_tiles"]}
        # board geometry
        self.neighbour = tuple(tuple(self._neighbour(c, s) for s in range(4)) for c in range(self.cells))
        self.edge_spaces: dict[str, tuple[int, int]] = {}
        for col in range(self.columns):
            letter = string.ascii_uppercase[col]
            self.edge_spaces[f"N-{letter}"] = (col, 0)
            self.edge_spaces[f"S-{letter}"] = ((self.rows - 1) * self.columns + col, 2)
        for row in range(self.rows):
            self.edge_spaces[f"W-{row + 1}"] = (row * self.columns, 3)
            self.edge_spaces[f"E-{row + 1}"] = (row * self.columns + self.columns - 1, 1)
        self.edge_name = {v: k for k, v in self.edge_spaces.items()}
        # lookups precomputed for the replay's hot path (see :meth:`parse_cell`, ``islands.put_tile``)
        self.cell_index: dict[str, int] = {self.cell_name(c): c for c in range(self.cells)}
        self.edge_spaces_at = tuple(sum(1 for cell, _ in self.edge_spaces.values() if cell == c)
                                    for c in range(self.cells))
        #: cell -> lanes mask -> ((neighbour, its side facing the cell), ...) along those lanes, on the board
        self.lane_targets = tuple(
            tuple(tuple((nbs[side], OPPOSITE[side]) for side in range(4) if lanes >> side & 1 and nbs[side] >= 0)
                  for lanes in range(16))
            for nbs in self.neighbour)
        #: cell -> lanes mask -> the neighbours along those lanes, as a set
        self.lane_cells = tuple(tuple(frozenset(nb for nb, _ in by_lanes) for by_lanes in targets)
                                for targets in self.lane_targets)
        #: cell -> ((side, its bit, neighbour or -1, the neighbour's side facing back, that side's bit), ...)
        self.sides_of = tuple(tuple((side, 1 << side, nbs[side], OPPOSITE[side], 1 << OPPOSITE[side])
                                    for side in range(4)) for nbs in self.neighbour)
        #: cell -> ((neighbour, side bit, bit of the neighbour's side facing back), ...) on the board only
        self.inner_sides = tuple(tuple((nbs[side], 1 << side, 1 << OPPOSITE[side]) for side in range(4)
                                       if nbs[side] >= 0) for nbs in self.neighbour)
        #: cell -> its neighbours on the board
        self.inner_neighbours = tuple(tuple(nb for nb in nbs if nb >= 0) for nbs in self.neighbour)
        #: cell -> mask of its sides on the board's edge (sea)
        self.border_mask = tuple(sum(1 << side for side in range(4) if nbs[side] < 0) for nbs in self.neighbour)

    def _neighbour(self, cell: int, side: int) -> int:
        row, col = divmod(cell, self.columns)
        row, col = row + (-1, 0, 1, 0)[side], col + (0, 1, 0, -1)[side]  # N E S W
        if 0 <= row < self.rows and 0 <= col < self.columns:
            return row * self.columns + col
        return -1

    def cell_name(self, cell: int) -> str:
        row, col = divmod(cell, self.columns)
        return f"{string.ascii_uppercase[col]}{row + 1}"

    def parse_cell(self, name: str) -> int:
        """Cell index of ``"C4"``, or -1 if it is not on this board."""
        cell = self.cell_index.get(name)
        if cell is not None:
            return cell
        if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
            return -1
        col, row = ord(name[0].upper()) - 65, int(name[1:]) - 1
        if 0 <= col < self.columns and 0 <= row < self.rows:
            return row * self.columns + col
        return -1


#: the built-in catalog or the file ``LUDOLOG_ENTDECKER_CATALOG`` names (``load_catalog()``), or a
#: file given (``load_catalog(path)``); :raises CatalogError: missing, not JSON, or invalid
FILES = CatalogFiles(Catalog, __package__, "LUDOLOG_ENTDECKER_CATALOG", "Entdecker")
load_catalog = FILES.load
