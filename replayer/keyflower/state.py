"""The Keyflower game state: typed slots dataclasses, the phase enum and the pending decisions.

A state is mutable (the engine changes it in place after every check has passed); the pieces it
holds that describe one tile's workers (:class:`~.bidding.TileWorkers`) and one village
(:class:`~.geometry.Village`) are treated as immutable values and replaced. The records made per
move (bids, uses, placed tiles, pending decisions, score lines) are plain ``dataclass(slots=True)``
(quicker to make than frozen ones); none of them is changed in place or hashed.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ..core.cloning import SHARED
from ..core.components import HiddenPool
from ..core.decisions import DecisionStack
from ..core.game import CHANCE, SIMULTANEOUS, TERMINAL
from ..core.ledger import Ledger
from ..core.simultaneous import SimultaneousWindow
from .bidding import TileWorkers
from .catalog import COLOURS, RESOURCES, SKILLS, Catalog, Season
from .geometry import Coord, Village

#: index of each worker colour, skill type and resource in the count lists
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
SKILL_INDEX = {s: i for i, s in enumerate(SKILLS)}
RESOURCE_INDEX = {r: i for i, r in enumerate(RESOURCES)}
SEASONS = (Season.SPRING, Season.SUMMER, Season.AUTUMN, Season.WINTER)


class Phase(str, enum.Enum):
    """Where a season stands (a str enum: its hash is its value's, as a dict key read every move)."""

    LAYOUT = "layout"  #: spring, summer, autumn: the season's tiles laid out and the boats loaded (chance)
    WINTER_CHOICE = "winter_choice"  #: winter: each player puts up winter tiles (simultaneous)
    ACTIONS = "actions"  #: bids, uses and passes clockwise until every player passed in a row
    BOATS = "boats"  #: players take a boat's contents (or, in winter, a boat tile) in turn order
    PLACE = "place"  #: players place the tiles they won (simultaneous)
    FINAL = "final"  #: after winter: Flipper's free flip and the screens counted (simultaneous)
    END = "end"


@dataclass(slots=True)
class Draw:
    """Workers (``what`` = "workers") or skill tiles ("skills") to be drawn at random for ``seat``:
    ``count`` of them, fewer if the bag or pile holds fewer. ``discard``: the Tavern's discarded
    worker colour, into the bag after the draw; ``skill_back``: the Hiring Fair's skill tile set
    aside (a type, or "?"), mixed into the pile after the draw."""

    seat: int
    what: str
    count: int
    source: str  #: the tile whose use (or the boat taken) causes the draw, for messages
    discard: str = ""
    skill_back: str = ""


@dataclass(slots=True)
class Transport:
    """A use of a transport tile being carried out by ``seat``: points and flips left."""

    seat: int
    tile: str
    points: int
    upgrades: int
    across_fields: bool
    any_resource: bool


@dataclass(frozen=True, slots=True)
class BoatLoad:
    """What a boat was loaded with this season, face up: workers by colour (red, yellow, blue, green)
    and skill tiles by type (saw, pickaxe, anvil). Never changed once loaded, so clones share it."""

    workers: tuple[int, int, int, int]
    skills: tuple[int, int, int]


#: the load of a boat nobody loaded this season (winter's boats are taken as tiles)
EMPTY_LOAD = BoatLoad((0, 0, 0, 0), (0, 0, 0))


@dataclass(slots=True)
class Player:
    home: str
    village: Village
    #: known workers behind the screen by colour (red, yellow, blue, green); unknown ones are the
    #: bag's unknown slots held by this seat
    workers: list[int]
    #: known skill tiles behind the screen (saw, pickaxe, anvil); unknown ones are the skill pile's slots
    skills: list[int]
    coords: dict[str, Coord]  #: tile id -> where it lies in the village
    pending: list[str] = field(default_factory=list)  #: tiles won this season, to be placed
    winter_hand: list[str] = field(default_factory=list)  #: known winter tiles received, not yet put up
    winter_unknown: int = 0  #: winter tiles received face down and not yet identified
    purple: bool = False
    allocation: dict = field(default_factory=dict)  #: item class -> scoring tile -> type -> n, as declared in ``final``
    summer_boats: list[str] = field(default_factory=list)  #: summer boats won (pending or placed)
    #: the abilities of those summer boats: kind -> factor (2b) or count, made again when one is won
    #: (read at every bid and use; never changed in place, so it may be shared)
    abilities: dict = field(default_factory=dict)


@dataclass(slots=True)
class KFState:
    cat: Catalog = field(metadata=SHARED)
    ids: list[str]
    n: int
    players: list[Player]
    ledger: Ledger
    bag: HiddenPool  #: the workers in the bag (and unknown workers drawn from it behind screens)
    skill_pile: HiddenPool  #: the face-down skill tiles
    winter_pool: HiddenPool  #: the winter tiles (dealt face down)
    green_stock: int
    supply: list[int]  #: resources in the stock (wood, stone, iron, gold)
    turn_order: tuple[str, ...]  #: turn-order tiles in play, lowest number first
    boats: tuple[str, ...]  #: the boats in play (those marked for the player count)
    start_tile: str  #: the turn-order tile showing the start player
    season: int = 0  #: index into SEASONS
    phase: Phase = Phase.LAYOUT
    start: int = 0  #: start player of this season
    current: int = 0
    passes: int = 0  #: passes in a row
    actions: int = 0  #: bids and uses this season (turn numbering)
    auction: list[str] = field(default_factory=list)  #: the season's tiles still on offer
    laid: list[str] = field(default_factory=list)  #: every season tile laid out so far (all seasons)
    on_tile: dict[str, TileWorkers] = field(default_factory=dict)  #: workers on each tile this season
    owner: dict[str, int] = field(default_factory=dict)  #: village tile id -> the seat whose village holds it
    boat_load: dict[str, BoatLoad] = field(default_factory=dict)  #: boat -> what it was loaded with
    loaded: list[str] = field(default_factory=list)  #: boats loaded this season
    summer_sides: dict[str, str] = field(default_factory=dict)
    boat_order: list[int] = field(default_factory=list)
    boat_turn: int = 0
    boats_left: list[str] = field(default_factory=list)
    next_start: int = 0
    tasks: DecisionStack = field(default_factory=DecisionStack)
    window: SimultaneousWindow | None = None
    scored: bool = False

    @property
    def season_enum(self) -> Season:
        return SEASONS[self.season]


#: move types a seat may make in each phase (chance phases have none)
PHASE_TYPES = {Phase.ACTIONS: ("bid", "use", "pass"), Phase.BOATS: ("boat",), Phase.WINTER_CHOICE: ("winter",),
               Phase.PLACE: ("place",), Phase.FINAL: ("final",), Phase.LAYOUT: ("lay", "load")}
TASK_TYPES = {Draw: ("draw",), Transport: ("carry", "upgrade", "done")}


def expect(s: KFState) -> tuple[int, tuple[str, ...]]:
    """The seat whose decision is next (CHANCE, SIMULTANEOUS, TERMINAL) and the move types it may make."""
    items = s.tasks.items
    if items:
        task = items[-1]
        return (CHANCE if type(task) is Draw else task.seat), TASK_TYPES[type(task)]
    phase = s.phase
    if phase is Phase.END:
        return TERMINAL, ()
    if phase is Phase.LAYOUT:
        return CHANCE, PHASE_TYPES[phase]
    if s.window is not None:
        return SIMULTANEOUS, PHASE_TYPES[phase]
    return s.current, PHASE_TYPES[phase]


#: phase -> what the players do in it, in words
_WAITING = {Phase.ACTIONS: "bid, use a tile or pass", Phase.BOATS: "take a boat", Phase.WINTER_CHOICE: "put up winter tiles",
            Phase.PLACE: "place the tiles won", Phase.FINAL: "count the screens", Phase.LAYOUT: "lay out tiles and load the boats"}


def waiting(s: KFState) -> str:
    """What the position waits for, in words (the refusal of a move out of step, ``describe``)."""
    task = s.tasks.top()
    if isinstance(task, Draw):
        return f"the {task.what} drawn for {s.ids[task.seat]} are written first"
    if isinstance(task, Transport):
        return f"{s.ids[task.seat]} carries resources and upgrades tiles ({task.points} transport, {task.upgrades} upgrades left) or is done"
    if s.phase is Phase.END:
        return "the game is over"
    return f"{SEASONS[s.season].value}: {_WAITING[s.phase]}"
