"""Estate geometry: the six colours, spaces, adjacency (land and Solo rivers), regions, and the
placement checks that depend only on which spaces are filled.

A set of spaces is an ``int`` bit mask (bit i = space index i), so the checks an engine makes on
every move are a few integer operations.

Standard estates are a regular hexagon of side 4 (rows of 4, 5, 6, 7, 6, 5, 4 spaces, pointy-top
hexes, rows horizontal). With row ``r`` = 0..6 from the top and "doubled x" ``x = |r-3| + 2*i``
for the i-th space of a row, two spaces touch when they are (same r, x+-2) or (r+-1, x+-1)
(supplement 2). Their spaces are numbered "1".."37" row by row; the centre is "19".

Solo boards are separate land areas joined by rivers: the catalog lists their land links and
river links. A river is an adjacency link for expanding only ("You can only expand to other
territories via the rivers"); regions are same-coloured groups joined by land, unless the
option ``rivers_join_regions`` asks otherwise (supplement 13.1, uncertainty 7: default no).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.catalogs import CatalogError

HEXAGON_ROWS = (4, 5, 6, 7, 6, 5, 4)


class Colour(enum.Enum):
    """An estate colour (tile type); a space and the tile placed on it share one."""

    BUILDING = "building"  # beige; a region of buildings is a city
    PASTURE = "pasture"  # light green
    KNOWLEDGE = "knowledge"  # yellow (monasteries)
    SHIP = "ship"  # blue
    CASTLE = "castle"  # dark green
    MINE = "mine"  # grey


#: board code letter -> colour (the letters the supplement's board drawings use; the catalog schema
#: admits codes of a letter and a die number only)
LETTERS: dict[str, Colour] = {"B": Colour.BUILDING, "G": Colour.PASTURE, "K": Colour.KNOWLEDGE,
                              "S": Colour.SHIP, "C": Colour.CASTLE, "M": Colour.MINE}
LETTER_OF: dict[Colour, str] = {c: k for k, c in LETTERS.items()}


class StartCastle(enum.Enum):
    """Where the starting castle may go: the centre space, or any castle space."""

    CENTRE = "centre"
    ANY_CASTLE = "any_castle"


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    index: int
    colour: Colour
    die: int
    area: str  # land area (cluster) name; "main" on a standard estate


@dataclass(frozen=True, slots=True)
class Region:
    """A maximal group of same-coloured spaces joined through adjacency (may be a single space)."""

    index: int
    colour: Colour
    spaces: tuple[int, ...]
    mask: int

    @property
    def size(self) -> int:
        return len(self.spaces)


@dataclass(frozen=True, slots=True)
class Board:
    """One estate board with its adjacency and regions precomputed as bit masks."""

    id: str
    name: str
    solo: bool
    start_castle: StartCastle
    spaces: tuple[Space, ...]
    index: dict[str, int]  # space id -> index
    land: tuple[int, ...]  # per space: mask of land neighbours
    river: tuple[int, ...]  # per space: mask of spaces joined to it by a river
    regions: tuple[Region, ...]
    region_of: tuple[int, ...]  # per space: its region index
    colour_mask: dict[Colour, int]
    start_spaces: tuple[int, ...]  # spaces the starting castle may go on
    full: int  # mask of every space


def bit(index: int) -> int:
    return 1 << index


def mask_of(indices) -> int:
    """The bit mask of a collection of space indices."""
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def members(mask: int) -> tuple[int, ...]:
    """The space indices in a bit mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def hexagon_layout(rows: list[str]) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]]]:
    """Spaces ``(id, code, "main")`` and land links of a standard estate drawn as 7 rows of codes.

    :raises CatalogError: the rows are not 4, 5, 6, 7, 6, 5, 4 codes long.
    """
    lengths = tuple(len(r.split()) for r in rows)
    if lengths != HEXAGON_ROWS:
        raise CatalogError(f"a hexagon estate has rows of {HEXAGON_ROWS} spaces, not {lengths}")
    spaces, position = [], {}
    for r, row in enumerate(rows):
        for i, code in enumerate(row.split()):
            sid = str(len(spaces) + 1)
            spaces.append((sid, code, "main"))
            position[(r, abs(r - 3) + 2 * i)] = sid
    links = []
    for (r, x), sid in position.items():
        for other in ((r, x + 2), (r + 1, x - 1), (r + 1, x + 1)):
            if other in position:
                links.append((sid, position[other]))
    return spaces, links


def connected_groups(colours: tuple[Colour, ...], neighbours: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Maximal same-coloured groups of spaces joined by ``neighbours`` masks, ordered by lowest index."""
    seen = 0
    groups = []
    for start in range(len(colours)):
        if seen >> start & 1:
            continue
        group, frontier = bit(start), bit(start)
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            i = low.bit_length() - 1
            for j in members(neighbours[i] & ~group):
                if colours[j] is colours[start]:
                    group |= bit(j)
                    frontier |= bit(j)
        seen |= group
        groups.append(members(group))
    return tuple(groups)


def build_board(board_id: str, name: str, spaces: list[tuple[str, str, str]], land_links: list[tuple[str, str]],
                river_links: list[tuple[str, str]], start_castle: StartCastle, solo: bool = False,
                rivers_join_regions: bool = False) -> Board:
    """A board from its spaces ``(id, code, area)`` and links, with every mask precomputed.

    :raises CatalogError: an id repeats, a link names an unknown space, joins a space to itself or
        repeats, or the start rule has no castle space to use.
    """
    index: dict[str, int] = {}
    parsed = []
    for sid, code, area in spaces:
        if sid in index:
            raise CatalogError(f"board {board_id}: space id {sid!r} is used twice")
        colour, die = LETTERS[code[0]], int(code[1])
        index[sid] = len(parsed)
        parsed.append(Space(sid, len(parsed), colour, die, area))
    n = len(parsed)

    def masks(links: list[tuple[str, str]], what: str) -> list[int]:
        out = [0] * n
        for a, b in links:
            for end in (a, b):
                if end not in index:
                    raise CatalogError(f"board {board_id}: a {what} names unknown space {end!r}")
            i, j = index[a], index[b]
            if i == j or out[i] >> j & 1:
                raise CatalogError(f"board {board_id}: the {what} {a}-{b} joins a space to itself or repeats")
            out[i] |= bit(j)
            out[j] |= bit(i)
        return out

    land = masks(land_links, "land link")
    river = masks(river_links, "river link")
    for i in range(n):
        if land[i] & river[i]:
            raise CatalogError(f"board {board_id}: space {parsed[i].id} is joined to a neighbour by land and by river")
    colours = tuple(s.colour for s in parsed)
    joins = tuple(a | b for a, b in zip(land, river)) if rivers_join_regions else tuple(land)
    groups = connected_groups(colours, joins)
    regions = tuple(Region(k, colours[g[0]], g, mask_of(g)) for k, g in enumerate(groups))
    region_of = [0] * n
    for region in regions:
        for i in region.spaces:
            region_of[i] = region.index
    colour_mask = {c: mask_of(i for i in range(n) if colours[i] is c) for c in Colour}
    castles = tuple(i for i in range(n) if colours[i] is Colour.CASTLE)
    if start_castle is StartCastle.CENTRE:
        centre = index.get("19")
        if n != 37 or centre is None or colours[centre] is not Colour.CASTLE:
            raise CatalogError(f"board {board_id}: the starting castle goes on the centre, which is not a castle space")
        start = (centre,)
    else:
        start = castles
    if not start:
        raise CatalogError(f"board {board_id} has no castle space for the starting castle")
    return Board(board_id, name, solo, start_castle, tuple(parsed), index, tuple(land), tuple(river), regions,
                 tuple(region_of), colour_mask, start, (1 << n) - 1)


def areas(board: Board) -> tuple[tuple[int, ...], ...]:
    """The land areas (clusters joined by land, whatever their colours), ordered by lowest index."""
    one = tuple(Colour.BUILDING for _ in board.spaces)
    return connected_groups(one, board.land)


def placeable_spaces(board: Board, filled: int, colour: Colour | None) -> list[int]:
    """Empty spaces of ``colour`` that touch a filled space, by land or by a river on a Solo board
    (``colour=None``: every colour, as a Solo black tile "can be placed on any color space")."""
    candidates = board.full if colour is None else board.colour_mask[colour]
    return [i for i in members(candidates & ~filled) if (board.land[i] | board.river[i]) & filled]


def region_completed_by(board: Board, filled: int, space: int) -> Region | None:
    """The region that filling the empty ``space`` completes, or ``None``."""
    region = board.regions[board.region_of[space]]
    return region if region.mask & ~(filled | bit(space)) == 0 else None


def colour_completed_by(board: Board, filled: int, space: int) -> bool:
    """Whether filling the empty ``space`` fills the last empty space of its colour."""
    return board.colour_mask[board.spaces[space].colour] & ~(filled | bit(space)) == 0


def empty_count(board: Board, filled: int) -> int:
    """Empty spaces left (the Solo win needs 0; the tie-break prefers fewer)."""
    return (board.full & ~filled).bit_count()
