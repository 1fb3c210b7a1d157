"""Village geometry: hex coordinates, the sides tiles show, placement, roads, loops and rivers.

Coordinates are axial ``(q, r)`` of flat-topped hexes. Side ``s`` (0-5) is N, NE, SE, S, SW, NW,
clockwise; side ``s`` of one hex touches side ``(s + 3) % 6`` of its neighbour. A tile rotated by
``r`` sixth turns clockwise shows on side ``s`` what its printed side ``(s - r) % 6`` shows. The
home tile lies at ``(0, 0)``. A tile's roads all meet at its building, so two road sides of one
tile are always joined; a resource or a traveller passes from tile to tile where both touching
sides are roads (or, with summer boat 2a, across any side that is not water).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from ..core.cloning import SHARED

from .catalog import Catalog, Edge, Season, TileGroup
from .rules import refuse

Coord = tuple[int, int]
#: neighbour offsets of sides 0-5 (N, NE, SE, S, SW, NW)
DIRECTIONS: tuple[Coord, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
SIDE_NAMES = ("north", "north-east", "south-east", "south", "south-west", "north-west")
HOME: Coord = (0, 0)
EDGE_NAMES = {Edge.ROAD: "a road", Edge.FIELD: "no road", Edge.WATER: "water"}
_WINTER = Season.WINTER  # a global: an enum member read off its class is ten times slower


def opposite(side: int) -> int:
    return (side + 3) % 6


#: opposite(side) for sides 0-5
OPPOSITE = tuple(opposite(side) for side in range(6))


def neighbours(c: Coord) -> tuple[Coord, ...]:
    """The coordinates next to ``c`` on sides 0-5 (in the order of :data:`DIRECTIONS`)."""
    q, r = c
    return (q, r - 1), (q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r)


def rotated(edges: tuple[Edge, ...], rotation: int) -> tuple[Edge, ...]:
    """What a tile with printed ``edges`` shows on sides 0-5 when turned ``rotation`` sixths
    clockwise: side ``s`` shows printed side ``s - rotation``, so the last ``rotation`` printed
    sides come first."""
    cut = 6 - rotation % 6
    return edges[cut:] + edges[:cut]


@dataclass(slots=True)
class PlacedTile:
    """A tile in a village: where, turned how far, which side up, and the resources lying on it
    (counts of wood, stone, iron, gold in that order)."""

    tile: str
    coord: Coord
    rotation: int = 0
    side: str = "front"
    resources: tuple[int, int, int, int] = (0, 0, 0, 0)

    def with_resources(self, resources: tuple[int, int, int, int]) -> PlacedTile:
        return PlacedTile(self.tile, self.coord, self.rotation, self.side, resources)


@dataclass(slots=True, init=False, eq=False)
class Village:
    """One player's village: placed tiles by coordinate with the sides they show. Treated as
    immutable (functions that change a village return a new one); its catalog is shared by clones.

    ``figures`` are what the state columns count of it (``Keyflower.player_rows``, after every
    move): the resources on its tiles by type (wood, stone, iron, gold), the tiles upgraded, the
    winter tiles and the transport numbers of the sides up. They are part of the value, made with
    it: a village is made once per change and its rows are read after every move.

    :raises ValueError: two tiles are given the same coordinate (placements are checked first).
    """

    catalog: Catalog = field(metadata=SHARED)
    tiles: dict
    edges: dict
    figures: tuple[int, int, int, int, int, int, int]

    def __init__(self, catalog: Catalog, tiles: tuple[PlacedTile, ...] | list[PlacedTile]):
        self.catalog = catalog
        self.tiles: dict[Coord, PlacedTile] = {}
        self.edges: dict[Coord, tuple[Edge, ...]] = {}
        upgraded = winter = transport = 0
        for placed in tiles:
            if placed.coord in self.tiles:
                raise ValueError(f"two tiles at {placed.coord}")
            self.tiles[placed.coord] = placed
            self.edges[placed.coord] = rotated(catalog.tiles[placed.tile].edges, placed.rotation)
            upgraded, winter, transport = self._sided(placed, upgraded, winter, transport, 1)
        resources = tuple(map(sum, zip((0, 0, 0, 0), *(placed.resources for placed in tiles))))
        self.figures = (*resources, upgraded, winter, transport)

    def _sided(self, placed: PlacedTile, upgraded: int, winter: int, transport: int, sign: int) -> tuple[int, int, int]:
        """The figures that depend on the side up, with those of ``placed`` added (``sign`` 1) or taken away (-1)."""
        tile = self.catalog.tiles[placed.tile]
        return (upgraded + sign * (placed.side == "upgraded"), winter + sign * (tile.season is _WINTER),
                transport + sign * tile.sides[placed.side].transport)

    def replaced(self, placed: PlacedTile) -> Village:
        """This village with ``placed`` added, or put in place of the tile at its coordinate (the
        others' sides are not computed again; a tile that keeps its place and turn, such as one
        given resources or flipped, leaves the sides as they were and they are shared)."""
        new = Village.__new__(Village)
        new.catalog = self.catalog
        tiles = new.tiles = dict(self.tiles)
        old = tiles.get(placed.coord)
        tiles[placed.coord] = placed
        if old is not None and old.tile == placed.tile and old.rotation == placed.rotation:
            new.edges = self.edges  # never changed in place: villages are values
        else:
            edges = new.edges = dict(self.edges)
            edges[placed.coord] = rotated(self.catalog.tiles[placed.tile].edges, placed.rotation)
        f = self.figures
        (w, s, i, g), (ow, os, oi, og) = placed.resources, (old.resources if old is not None else (0, 0, 0, 0))
        upgraded, winter, transport = f[4], f[5], f[6]
        if old is None or old.tile != placed.tile or old.side != placed.side:  # a tile placed or flipped
            upgraded, winter, transport = self._sided(placed, upgraded, winter, transport, 1)
            if old is not None:
                upgraded, winter, transport = self._sided(old, upgraded, winter, transport, -1)
        new.figures = (f[0] + w - ow, f[1] + s - os, f[2] + i - oi, f[3] + g - og, upgraded, winter, transport)
        return new

    def with_tiles(self, tiles: dict[Coord, PlacedTile]) -> Village:
        """This village with the same tiles at the same places, turns and sides, ``tiles`` (coordinate
        -> placed tile) holding the same resources moved between them (a transport): the sides shown
        and the figures are shared."""
        new = Village.__new__(Village)
        new.catalog = self.catalog
        new.tiles = tiles
        new.edges = self.edges
        new.figures = self.figures
        return new

    def home(self) -> Coord | None:
        for c, p in self.tiles.items():
            if self.catalog.tiles[p.tile].group is TileGroup.HOME:
                return c
        return None

    def touching(self, c: Coord):
        """``(side, neighbour coordinate, my edge, its edge)`` for every occupied neighbour of ``c``."""
        edges = self.edges
        mine = edges[c]
        for side, n in enumerate(neighbours(c)):
            theirs = edges.get(n)
            if theirs is not None:
                yield side, n, mine[side], theirs[OPPOSITE[side]]


def check_placement(village: Village, tile_id: str, coord: Coord, rotation: int, free_placement: bool = False) -> None:
    """Can ``tile_id`` turned ``rotation`` go onto ``coord``? ``free_placement``: summer boat 2a.

    Rules text: "unless the player also owns summer boat 2a, all the sides must match: roads, no
    roads, water". A detached tile is refused before a mismatched side.

    :raises IllegalMove: KEY.PLACE.OCCUPIED, KEY.PLACE.DETACHED or KEY.PLACE.SIDES.
    """
    tiles = village.tiles
    if coord in tiles:
        name = village.catalog.tiles[tile_id].name
        raise refuse("KEY.PLACE.OCCUPIED", f"the {name} cannot go onto {coord}: the "
                     f"{village.catalog.tiles[tiles[coord].tile].name} is already there")
    edges = rotated(village.catalog.tiles[tile_id].edges, rotation)
    shown = village.edges
    touches = False
    mismatch = -1
    for side, n in enumerate(neighbours(coord)):
        theirs = shown.get(n)
        if theirs is not None:
            touches = True
            if mismatch < 0 and edges[side] is not theirs[OPPOSITE[side]]:
                mismatch = side
    if not touches:
        name = village.catalog.tiles[tile_id].name
        raise refuse("KEY.PLACE.DETACHED", f"the {name} must be placed next to a tile of the village, not at {coord}")
    if free_placement or mismatch < 0:
        return
    n = neighbours(coord)[mismatch]
    theirs = shown[n][OPPOSITE[mismatch]]
    name = village.catalog.tiles[tile_id].name
    other = village.catalog.tiles[tiles[n].tile].name
    raise refuse("KEY.PLACE.SIDES", f"the {name} shows {EDGE_NAMES[edges[mismatch]]} on its {SIDE_NAMES[mismatch]} side "
                 f"where the {other} shows {EDGE_NAMES[theirs]}: touching sides must match")


def links(village: Village, across_fields: bool = False) -> dict[Coord, tuple[Coord, ...]]:
    """For every tile, the neighbours a resource can reach in one step: road meeting road, or with
    ``across_fields`` (summer boat 2a) any touching sides but water."""
    return {c: _reach(village.edges, c, across_fields) for c in village.tiles}


def _reach(edges: dict, c: Coord, across_fields: bool) -> tuple[Coord, ...]:
    mine = edges[c]
    road, water = Edge.ROAD, Edge.WATER
    reach = []
    for side, n in enumerate(neighbours(c)):
        theirs = edges.get(n)
        if theirs is None:
            continue
        a, b = mine[side], theirs[OPPOSITE[side]]
        if (a is road and b is road) or (across_fields and a is not water and b is not water):
            reach.append(n)
    return tuple(reach)


def distances(village: Village, start: Coord, across_fields: bool = False,
              target: Coord | None = None) -> dict[Coord, int]:
    """Steps from ``start`` to every tile a resource can reach from it (breadth-first), or with
    ``target`` to at least every tile nearer than it and to it if it is reached."""
    seen = {start: 0}
    queue = deque([start])
    while queue and target not in seen:
        c = queue.popleft()
        for n in _reach(village.edges, c, across_fields):
            if n not in seen:
                seen[n] = seen[c] + 1
                queue.append(n)
    return seen


def road_loop_tiles(village: Village) -> frozenset[Coord]:
    """The tiles that lie on a closed loop of roads (Sea Bastion).

    Rules text: "1 point for each tile which is connected by roads as part of a loop which connects
    back to the starting point without the traveller having to travel along the same route twice";
    summer boat 2a "does not affect the Sea Bastion boat which requires roads to be connected".
    A tile is on such a loop when one of its road links is not a bridge of the road graph: the
    two tiles stay connected by roads without that link. The bridges are found in one depth-first
    walk (a link is a bridge when nothing below it reaches back above it).
    """
    graph = links(village, across_fields=False)
    order: dict[Coord, int] = {}  # when the walk reached each tile
    low: dict[Coord, int] = {}  # the earliest tile reached back from below it
    on_loop: set[Coord] = set()
    for root in graph:
        if root in order:
            continue
        order[root] = low[root] = len(order)
        walk = [(root, None, iter(graph[root]))]
        while walk:
            node, parent, rest = walk[-1]
            for n in rest:
                if n == parent:  # the link just walked (tiles share at most one side)
                    continue
                if n in order:  # any other link to a tile already reached closes a loop
                    on_loop.update((node, n))
                    if order[n] < low[node]:
                        low[node] = order[n]
                    continue
                order[n] = low[n] = len(order)
                walk.append((n, node, iter(graph[n])))
                break
            else:
                walk.pop()
                if parent is not None:
                    if low[node] < low[parent]:
                        low[parent] = low[node]
                    if low[node] <= order[parent]:  # the link from the parent is no bridge
                        on_loop.update((node, parent))
    return frozenset(on_loop)


def river_component(village: Village, start: Coord) -> frozenset[Coord]:
    """The tiles joined to ``start`` by touching water sides (Sea Breese: "connects by river to the home tile")."""
    seen = {start}
    stack = [start]
    while stack:
        c = stack.pop()
        for _, n, mine, theirs in village.touching(c):
            if mine is Edge.WATER and theirs is Edge.WATER and n not in seen:
                seen.add(n)
                stack.append(n)
    return frozenset(seen)


def adjacent_tiles(village: Village, c: Coord) -> int:
    """How many tiles touch the tile at ``c`` (turn-order tiles: "1 point for each other tile that the
    turn order tile is connected to")."""
    return len(village.edges.keys() & neighbours(c))
