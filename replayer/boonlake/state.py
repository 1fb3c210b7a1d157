"""The Boonlake position: typed slots dataclasses, cloned field by field by the core.

A turn runs through :class:`Step` (phase A: the strip taken, the card part, the middle effects,
the right-side part; phase B: the ship; phase C is automatic). Interim scorings are a
simultaneous window of their own. Cards to be drawn wait in ``draws`` (one seat per card), each
answered by a ``card`` move of the table's before anything else happens.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ..core.cloning import SHARED, field_copier
from ..core.components import HiddenPool
from ..core.decisions import DecisionStack
from ..core.ledger import Ledger
from ..core.simultaneous import SimultaneousWindow
from .catalog import Catalog


#: a board space holding a gray tile the Wise Eminence drew, until the table writes which one ('mound')
PENDING_TILE = "?"


@dataclass(slots=True)
class SoloState:
    """The Wise Eminence's part of the position (rules text, "Solo Mode"). They are no player of the
    log: they sit in the internal seat ``s.n`` (1), so their houses, settlements and cattle in
    ``s.sites`` and ``s.cattle`` are presences "of any owner", and they score into a ledger of their
    own (a bot seat of the core, claimed as ``@wise-eminence``)."""

    difficulty: str  #: easy ... very_difficult
    scoring_tile: str  #: the random scoring tile revealed for them at set-up
    ship: str  #: their ship's river space
    ledger: Ledger  #: their VP (one seat)
    in_stack: dict[str, int]  #: grade (A, B) -> solo tiles of that grade in the stack of 6
    houses_left: int  #: on their board (removed top to bottom)
    settlements_left: int
    cattle_left: int
    cactus: int = 0  #: position on the cactus track (0 = the first space)
    known: list[str] = field(default_factory=list)  #: the stack's tiles identified so far
    revealed: list[str] = field(default_factory=list)  #: revealed from the current stack, in order
    stacks: int = 1  #: 1 = the set-up stack; each remix starts the next
    tile: str = ""  #: the solo tile revealed this turn
    pending_tiles: list[int] = field(default_factory=list)  #: spaces waiting for the gray tile drawn ('mound')

    def revealed_of(self, grade: str, tiles) -> int:
        """Tiles of ``grade`` revealed from the current stack (``tiles``: the catalog's solo tiles)."""
        return sum(1 for t in self.revealed if tiles[t].grade == grade)


class Step(enum.IntEnum):
    """Where the game stands; the active player's steps, the windows, the table's draws."""

    ACTION = 0  #: the active player takes a strip
    CARD = 1  #: play a card of the strip's kind, discard it for 2 coins, or pass
    MIDDLE = 2  #: the strip's middle effects, left to right, each optional
    RIGHT = 3  #: the right-side part (a simultaneous window, or clockwise one by one)
    SHIP = 4  #: phase B
    INTERIM = 5  #: interim scoring steps 1-2 (a simultaneous window)
    END = 6


class Piece(str, enum.Enum):
    INHABITANT = "inhabitant"
    HOUSE = "house"
    SETTLEMENT = "settlement"


@dataclass(frozen=True, slots=True)
class Give:
    """A card the seat still has to name as given up (a ``give`` move), queued by the move that gives
    up cards by count (Hire, a site's cost, an exchange, the discard lever)."""

    seat: int
    why: str  #: what the cards pay for, for messages ("hiring 2 inhabitants with cards")


@dataclass(slots=True)
class Player:
    coins: int
    ranch: int  #: inhabitants on the ranch
    supply: int  #: inhabitants of their colour in the supply
    sites: list[int]  #: production-site level per resource (catalog RESOURCES order)
    boats: list[int]  #: canal positions (1-based), sorted
    hand: list[str]  #: cards in hand known by id (unknown ones are the deck pool's unknown slots)
    ship: str
    vases: int = 0
    coin_track: int = 0
    card_track: int = 0
    vacated: set[str] = field(default_factory=set)  #: player-board recesses emptied (h1, s1, c1, i1 ...)
    #: houses and settlements among ``vacated``, counted as they are taken (the scorings and
    #: player_rows read them; tests/boonlake/test_player_rows.py holds them to ``vacated``)
    houses_removed: int = 0
    settlements_removed: int = 0
    houses_aside: int = 0  #: houses replaced by settlements, removed from the game
    played: list[str] = field(default_factory=list)  #: project cards laid out, in order
    levers: dict[str, bool] = field(default_factory=dict)  #: lever space -> used since the last interim scoring
    permanent: dict[str, int] = field(default_factory=dict)  #: permanent effect kind (discard_bonus: "…:kind") -> sum
    scored_tiles: list[str] = field(default_factory=list)  #: scoring tiles marked, one per interim scoring
    projects: dict[str, str] = field(default_factory=dict)  #: special projects realized: tile -> card kind it counts as
    settlement_regions: list[str] = field(default_factory=list)
    cattle_placed: int = 0


@dataclass(slots=True)
class BoonlakeState:
    cat: Catalog = field(metadata=SHARED)
    ids: list[str]
    n: int
    players: list[Player]
    ledger: Ledger
    deck: HiddenPool  #: the project cards' draw pile
    mound: HiddenPool  #: the gray building tiles, face down
    discard_pile: list[str]
    tiles: dict[int, str]  #: board space -> building tile id
    sites: dict[tuple[int, int], tuple[int, Piece]]  #: (space, site index from 0) -> (seat, piece)
    cattle: dict[int, list[int]]  #: pasture space -> seats of the cattle on it
    pastures_left: int
    strips: list[str]  #: the action board, top to bottom
    scoring_tiles: list[str]  #: the 4 tiles in play
    owner_tile: list[str]  #: seat -> their set-up-chosen tile ("x2")
    draws: list[int] = field(default_factory=list)  #: seats still to draw a card, in order (``card`` moves)
    #: cards of the current run of ``draws`` already written: a message names "the 2nd of 2"
    drawn: int = 0
    #: cards still to be named as given up, one ``give`` move each, answered before anything else
    gives: DecisionStack[Give] = field(default_factory=DecisionStack)
    covered: set[str] = field(default_factory=set)  #: region labels covered by a marker
    rnd: int = 1
    turn: int = 0  #: turns completed
    current: int = 0  #: the active player
    step: Step = Step.ACTION
    strip: str = ""  #: the strip taken this turn
    region_chosen: str = ""  #: the region whose label the active player covered (region scoring)
    forgone: set[int] = field(default_factory=set)  #: seats that used a top-row lever on this action's right side
    steps: int = 0  #: the ship's maximum steps this turn
    middle: list[str] = field(default_factory=list)  #: middle parts still to resolve (StripPart values)
    window: SimultaneousWindow | None = None
    #: the right-side part's decisions the other players make while the active player still resolves
    #: the left of the arrow; merged into ``window`` when the part opens for everybody
    #: (``turn.open_right``); None when the strip's right side waits
    ahead: SimultaneousWindow | None = None
    queue: list[int] = field(default_factory=list)  #: seats still to act, clockwise right-side parts
    pending: dict[int, str] = field(default_factory=dict)  #: seat -> what it must still do inside a window
    interim_actions: dict[int, int] = field(default_factory=dict)  #: seat -> plays/upgrades at this interim scoring
    crossed: set[str] = field(default_factory=set)  #: locks crossed this round
    scorings: int = 0  #: interim scorings held
    scorings_due: int = 0  #: interim scorings triggered and not yet held
    end_triggered: bool = False  #: a ship reached round 2's final space
    round_over: bool = False  #: a ship reached round 1's final space this turn
    solo: SoloState | None = None  #: the Wise Eminence (solo game only; they act as seat ``n``)

    def other_ships(self, seat: int) -> list[str]:
        """The river spaces of every ship but ``seat``'s (the Wise Eminence's included)."""
        ships = [q.ship for i, q in enumerate(self.players) if i != seat]
        if self.solo is not None and seat != self.n:
            ships.append(self.solo.ship)
        return ships

    def presences(self, seat: int | None = None) -> dict[int, int]:
        """Space -> the seat's presences there (inhabitants, houses, settlements, cattle); None: every owner's."""
        out: dict[int, int] = {}
        for (space, _), (owner, _) in self.sites.items():
            if seat is None or owner == seat:
                out[space] = out.get(space, 0) + 1
        for space, seats in self.cattle.items():
            k = len(seats) if seat is None else seats.count(seat)
            if k:
                out[space] = out.get(space, 0) + k
        return out

    def pieces_at(self, piece: Piece) -> dict[int, int]:
        """Space -> pieces of that kind (any owner)."""
        out: dict[int, int] = {}
        for (space, _), (_, p) in self.sites.items():
            if p is piece:
                out[space] = out.get(space, 0) + 1
        return out


def _copy_window(w: SimultaneousWindow | None) -> SimultaneousWindow | None:
    return None if w is None else SimultaneousWindow(w.label, w.seats, w.move_types, w.decisions.copy())


_SET = set.copy
_copy_solo = field_copier(SoloState, {"ledger": "clone", "in_stack": "dict"})
#: a Player copied field by field (core.cloning.field_copier): lists sliced,
#: sets and dicts of immutable values copied, numbers and strings shared
_copy_player = field_copier(Player, {"vacated": _SET, "levers": "dict", "permanent": "dict", "projects": "dict"})

#: the copy per move (a move is applied on the state and the copy restores it when a check fails);
#: a field not named here has the core's rule for its annotation (flat lists sliced, numbers and
#: strings shared, anything else copy_value), so a new field is never shared by mistake
#: (tests/boonlake/test_engine.py compares it with the core's general clone)
fast_clone = field_copier(BoonlakeState, {
    "players": lambda ps: [_copy_player(p) for p in ps], "ledger": "clone", "deck": "clone", "mound": "clone",
    "tiles": "dict", "sites": "dict", "cattle": lambda c: {k: v[:] for k, v in c.items()}, "gives": "clone",
    "covered": _SET, "step": "share", "forgone": _SET, "window": _copy_window, "ahead": _copy_window, "pending": "dict",
    "interim_actions": "dict", "crossed": _SET, "solo": lambda v: None if v is None else _copy_solo(v)})
