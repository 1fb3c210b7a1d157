"""The Entdecker position: a slots dataclass, cheap to update in the replay loop."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ..core.cloning import SHARED
from ..core.components import HiddenPool
from ..core.ledger import Ledger
from ..core.simultaneous import SimultaneousWindow
from .catalog import Catalog, TileKind


class Phase(enum.IntEnum):
    """Where a turn stands (an IntEnum: also an index into :data:`PHASE_NAMES`)."""

    INCOME = 0
    START = 1
    EXPLORE = 2
    PLACE = 3
    PLANT = 4  # the greatest discoverers of a completed island draw their plant tokens, in any order
    OVER = 5


class Piece(enum.IntEnum):
    """A construction (an IntEnum: also an index into a player's reserve and the catalog's costs)."""

    POST = 0
    FORT = 1
    COLONY = 2


INCOME, START, EXPLORE, PLACE, PLANT, OVER = Phase
PHASE_NAMES = ("income spin", "start of turn", "exploring", "placing a drawn tile", "plant draw", "game over")
POST, FORT, COLONY = Piece
PIECES = {"post": POST, "fort": FORT, "colony": COLONY}  # the log's word -> the piece
PIECE_NAMES = ("trading post", "fort", "colony")  # by Piece, for messages and pictures


@dataclass(frozen=True, slots=True)
class Construction:
    """A piece on the board: whose it is, which piece, and on which land segment of its card (an
    index into the card's face's ``segments``)."""

    seat: int
    piece: Piece
    segment: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's constructions on an island, as the island's ranking compares them: colonies
    first, then forts, then trading posts (``pieces`` is (colonies, forts, posts))."""

    pieces: tuple[int, int, int]
    seat: int


@dataclass(frozen=True, slots=True)
class Share:
    """What one player scores for an island: their ``position`` in its ranking (tied players share
    one) and the ``points`` that position is worth."""

    seat: int
    position: int
    points: int


@dataclass(slots=True)
class PendingIsland:
    """A completed island waiting for its plant draws before it is scored."""

    root: int
    cells: int
    standings: list[Standing]  # every player with a construction on the island, best first
    drawers: list[int]
    drawn: list[int] = field(default_factory=list)


@dataclass(slots=True)
class EntdeckerState:
    cat: Catalog = field(metadata=SHARED)  # immutable, shared by every clone
    n: int
    ledger: Ledger
    personal_variant: bool
    change_first: bool
    unplaceable_to_reserve: bool
    faces: list  # per cell: TileFace or None
    wealth: list[int]
    pieces: list[list[int]]  # seat -> pieces left in reserve [posts, forts, colonies]
    plants: list[list[int]]  # seat -> values of the plant tokens in front of them
    tiles: HiddenPool  # the unseen discovery tiles in their face-down piles (sizes counted or not)
    reserve: dict[int, int]  # reserve pile number -> tiles left
    plant_tokens: HiddenPool  # the unseen plant tokens (by value) in their face-down piles
    personal_left: list[set]
    first: int
    ids: tuple  # player ids in seat order, for messages and listed moves
    # translator's option: ids of unplaceable tiles laid on top of a reserve pile, top last; a fill
    # takes the top tile, so these come out before the pile's own fill-in cards
    reserve_on_top: dict[int, list[str]] = field(default_factory=dict)
    # enclosed spaces left empty because their reserve pile had run out: filled as soon as the pile
    # has a tile again (translator's option), since rule 2.vii applies at the end of every turn
    unfilled: set = field(default_factory=set)
    # union-find over land segments; node = cell * 4 + segment index
    parent: list[int] = field(default_factory=list)
    open_sides: dict[int, int] = field(default_factory=dict)  # root -> land sides facing undiscovered spaces
    island_cells: dict[int, set] = field(default_factory=dict)  # root -> cells
    scored: set = field(default_factory=set)  # roots of islands already scored
    constructions: dict[int, Construction] = field(default_factory=dict)  # cell -> the piece on its card
    placed: int = 0
    # kept by put_tile, so that "can anybody still explore?" needs no scan of the board: edge
    # circles whose space is undiscovered, and white lines of discovered cards that lead to one
    open_edges: int = 0
    open_lanes: int = 0
    # per cell, kept by put_tile: the space is undiscovered and faces the sea (a sea side of a
    # discovered neighbour, or the board's edge), so its gap can never be land-locked
    seaside: list[bool] = field(default_factory=list)
    phase: int = INCOME
    season: int = 1
    current: int = 0
    turns_in_season: int = 0
    turn: int = 1
    # the turn in progress
    ship_cell: int = -1  # -1 while the ship is on an edge space
    ship_edge: tuple | None = None
    credits: int = 0
    drawn: TileKind | None = None
    drawn_own: bool = False
    explored: bool = False
    own_used: bool = False
    ship_new: bool = False  # the ship stands on a card this player discovered this turn
    build_factor: int = 1  # hostile natives on the ship's card multiply construction costs
    natives_offer: bool = False  # welcoming natives: a plant token may be drawn as the next move
    touched: list[int] = field(default_factory=list)  # cells discovered this turn
    last_ended: int = -1  # seat whose turn just ended (for clearer messages)
    last_end_reason: str = ""
    # plant draws due after completed islands: the islands (indexes in pending_islands) whose
    # greatest discoverers still draw, current first; their draws are a simultaneous window
    plant_queue: list[int] = field(default_factory=list)
    window: SimultaneousWindow | None = None
    pending_islands: list[PendingIsland] = field(default_factory=list)
    stormed: bool = False  # a storm ended the exploring: only the player's `end` may follow
