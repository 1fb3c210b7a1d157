"""The Entdecker position: a slots dataclass, cheap to update in the replay loop."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.ledger import Ledger
from .catalog import Catalog, TileFace, TileKind

# phases
INCOME, START, EXPLORE, PLACE, PLANT, OVER = range(6)
PHASE_NAMES = ("income spin", "start of turn", "exploring", "placing a drawn tile", "plant draw", "game over")
POST, FORT, COLONY = 0, 1, 2


@dataclass(slots=True)
class PendingIsland:
    """A completed island waiting for its plant draws before it is scored."""

    root: int
    cells: int
    standings: list[tuple[tuple[int, int, int], int]]  # ((colonies, forts, posts), seat), best first
    drawers: list[int]
    drawn: list[int] = field(default_factory=list)
    with_plants: bool = True


@dataclass(slots=True)
class EntdeckerState:
    cat: Catalog
    n: int
    ledger: Ledger
    personal_variant: bool
    change_first: bool
    unplaceable_to_reserve: bool
    faces: list  # per cell: TileFace or None
    wealth: list[int]
    pieces: list[list[int]]  # seat -> pieces left in reserve [posts, forts, colonies]
    plants: list[list[int]]  # seat -> values of the plant tokens in front of them
    pool: dict[str, int]  # unseen discovery tiles by kind
    pile_sizes: list[int]
    reserve: dict[int, int]  # reserve pile number -> tiles left
    plant_pool: dict[int, int]
    plant_piles: list[int]
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
    constructions: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # cell -> (seat, piece, segment)
    placed: int = 0
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
    # plant draws due after completed islands: (seat, index in pending_islands)
    pending_plants: list[tuple[int, int]] = field(default_factory=list)
    pending_islands: list[PendingIsland] = field(default_factory=list)

    def face(self, cell: int) -> TileFace | None:
        return self.faces[cell]
