"""The Castles of Burgundy position: one slots dataclass per player's estate plus the main board.

Hidden components are the face-down supplies (six colour stacks, the black stack) and the goods
tiles, kept as core :class:`HiddenPool` s: a tile or goods tile is named when it is turned face up
and the engine checks it was still unseen there.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ..core.cloning import SHARED
from ..core.decisions import DecisionStack
from ..core.ledger import Ledger
from .catalog import Catalog
from .geometry import Board
from .turns import TurnTrack

#: a Solo tile bought for 5 goods lies face down: it has no face, only its black back
BLACK_TILE = "black"
GOODS_TYPES = (1, 2, 3, 4, 5, 6)


class Step(enum.IntEnum):
    """What the position waits for."""

    DEPOTS = 0  # phase set-up: the tiles of the next numbered depot are turned face up
    BLACK = 1  # phase set-up: the next black-depot tile is turned face up
    ROLL = 2  # the next player in turn order rolls their dice
    WHITE = 3  # the white die is rolled and the round's goods tile goes to its depot
    TURN = 4  # a player's turn
    END = 5


@dataclass(slots=True)
class Estate:
    """One player's estate board, storages, money and the knowledge effects in force."""

    board: Board = field(metadata=SHARED)
    tiles: list = field(default_factory=list)  # per space index: hex kind id, BLACK_TILE or None
    filled: int = 0  # bit mask of filled spaces
    regions: int = 0  # regions whose every space is filled (counted where a space is filled)
    face_down: int = 0  # bit mask of Solo black tiles lying face down (no effect)
    storage: list = field(default_factory=list)  # hex kind ids (or BLACK_TILE), at most 3
    goods: list = field(default_factory=lambda: [0] * 7)  # goods tiles held, by type 1-6
    sold: list = field(default_factory=lambda: [0] * 7)  # goods tiles sold, by type
    silverlings: int = 0
    workers: int = 0
    bonus_tiles: int = 0
    mines: int = 0  # face-up mines (they pay at phase end)
    knowledge: list = field(default_factory=list)  # numbers of knowledge tiles placed
    end_effects: list = field(default_factory=list)  # game-end knowledge effects (Effect)
    # ongoing knowledge effects, written by the effect kinds when a tile is placed
    same_building: bool = False
    mine_workers: int = 0
    sale_silverlings: int = 0  # 0: the usual number
    sale_workers: int = 0
    ship_adjacent: bool = False
    buy_numbered: bool = False
    workers_pay: bool = False
    building_for_workers: int = 0
    animal_bonus: int = 0
    worker_step: int = 1
    free_place: dict = field(default_factory=dict)  # Colour -> free pips when placing that colour
    free_take: int = 0
    take_workers_silverlings: int = 0
    take_workers_count: int = 0  # 0: the usual number
    # the Solo victory point counter and target marker
    counter: int = 0
    target: int = 0

    def goods_total(self) -> int:
        return sum(self.goods)


@dataclass(frozen=True, slots=True)
class ExtraAction:
    """One die action with a die of any number (castle; the Solo target reached: optional)."""

    optional: bool = False
    why: str = "castle"


@dataclass(frozen=True, slots=True)
class ShipGoods:
    """Take the goods of one depot (``adjacent_to``: knowledge #5's second depot, next to that one)."""

    adjacent_to: int = 0
    clear_after: bool = False  # Solo: the other depots' goods leave the game after the last take


@dataclass(frozen=True, slots=True)
class SellAny:
    """The warehouse: sell one goods type of the player's choice."""


@dataclass(frozen=True, slots=True)
class TakeTile:
    """Carpenter, church, market: take a tile of these colours from a numbered depot."""

    colours: tuple = ()
    building: str = ""


@dataclass(frozen=True, slots=True)
class PlaceAnyDie:
    """The city hall: place a tile from storage on any empty space whatever its die number."""


@dataclass(frozen=True, slots=True)
class TradeOffer:
    """Solo: right after a ship's goods, 5 goods may buy one black-depot tile ("now (and only now!)")."""


@dataclass(frozen=True, slots=True)
class PlaceBlack:
    """Solo colour completed: a tile of the black depot goes straight onto the estate."""


@dataclass(slots=True)
class CobState:
    cat: Catalog = field(metadata=SHARED)
    ids: list = field(metadata=SHARED)
    n: int = 0
    solo: bool = False
    estates: list = field(default_factory=list)
    ledger: Ledger | None = None
    pools: dict = field(default_factory=dict)  # supply name (colour id, "black", "goods") -> HiddenPool
    depot_spaces: tuple = ()  # this phase: per depot 1-6 (index 0 unused) the PhaseSpaces filled
    depots: dict = field(default_factory=dict)  # depot space id -> hex kind id or None
    black: list = field(default_factory=list)  # hex kind ids in the black depot
    depot_goods: list = field(default_factory=lambda: [[0] * 7 for _ in range(7)])  # depot -> goods by type
    phase: int = 0
    round: int = 0  # 0-4 within the phase
    step: Step = Step.DEPOTS
    next_depot: int = 1
    black_left: int = 0
    track: TurnTrack | None = None
    order: list = field(default_factory=list)  # seats in this round's turn order
    index: int = 0  # position in ``order`` of the player rolling / taking their turn
    dice: list = field(default_factory=list)  # per seat: the values rolled this round
    unused: list = field(default_factory=list)  # the current player's dice not used yet
    bought: bool = False
    white: int = 0
    stack: DecisionStack = field(default_factory=DecisionStack)
    colour_done: dict = field(default_factory=dict)  # Colour -> players who filled it
    rounds_played: int = 0

    @property
    def current(self) -> int:
        return self.order[self.index]
