"""The Kingdom Crossing position: one slots dataclass per player plus the shared board.

Seats are log seats; in the solo game Paco & Paca sit in the extra internal seat 1 and score in
their own ledger (``paco_ledger``), because they are not a player of the log.

Hidden components (the face-down decks, bird stacks, the Queen deck, the Favor stacks, the
empty-deck tiles) are kept as the components still *unseen* in each pile: the log names each one
when the table turns it face up, and the engine checks that it was still unseen there.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import IntEnum
from itertools import compress

from ..core.cloning import SHARED, field_copier
from ..core.components import HiddenPool
from ..core.decisions import DecisionStack
from ..core.ledger import Ledger
from .catalog import Catalog


#: the id of Paco & Paca, the solo opponents, in ``KCState.ids`` (their internal seat ``n``)
PACO_ID = "paco-paca"


class Step(IntEnum):
    """What the position waits for once no task is pending."""

    START = 0  # a player chooses a starting pair
    INCOME = 1  # a player picks the next income source
    TURN = 2  # a player chooses an action tile (Paco & Paca: their next solo tile is revealed)
    CARD = 3  # a working player chooses the card to buy (or buys a resource, or flies the balloon)
    ACTION = 4  # the action is resolving; when its tasks are done the turn ends
    BUY_END = 5  # the market tile's optional purchase at the end of the turn
    CLAIM = 6  # the player may claim bridge goals
    EVENING = 7  # a player with a House where the Beaver stands chooses one income
    EVENING_ACTION = 8  # that evening income is resolving
    START_ACTION = 9  # a starting pair's effects are resolving
    MORNING = 10  # birds land and the Queen wakes (chance moves), then noon begins
    END = 11


START, INCOME, TURN, CARD, ACTION, BUY_END, CLAIM, EVENING, EVENING_ACTION, START_ACTION, MORNING, END = Step
STEP_NAMES = {step: step.name.lower().replace("_", " ") for step in Step}


#: a pile only chance moves draw from: a look-ahead (which never applies one) may share it
_ONLY_CHANCE = {"kc_only_chance": True}


@dataclass(slots=True)
class Player:
    coins: int = 0
    invest: int = 0
    res: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    region: int = -1
    houses: list[int] = field(default_factory=list)  # regions of placed Houses (solo: -1 for Paco & Paca)
    houses_due: int = 1  # houses earned so far (the starting House counts)
    improved: list[bool] = field(default_factory=lambda: [False] * 6)
    played: list[bool] = field(default_factory=lambda: [False] * 6)
    crossed: int = 0  # bit mask of bridges crossed this round
    paws: int = 0  # Paw markers placed this round
    guild: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])
    cards: list[str] = field(default_factory=list)  # guild cards (characters, Queen cards, starting card)
    structures: list[str] = field(default_factory=lambda: ["home"])
    deco: list[int] = field(default_factory=list)  # stars of the token on each decoration space, 0 = empty
    birds: list[str] = field(default_factory=list)
    favors: list[str] = field(default_factory=list)
    goals: int = 0  # bit mask of claimed bridge goals
    income_guild: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])  # unresolved guild incomes this morning
    income_structs: list[str] = field(default_factory=list)  # unresolved structure incomes this morning
    bears_used: list[str] = field(default_factory=list)  # structures resolved by Bears incomes this phase

    def symbols(self, cat: Catalog, picture: str | None = None) -> int:
        """Flower and/or Sculpture symbols on the player board (of the spaces holding a token)."""
        return sum(compress(cat.deco_symbols if picture is None else cat.picture_symbols[picture], self.deco))


@dataclass(slots=True)
class KCState:
    cat: Catalog = field(metadata=SHARED)
    ids: list[str] = field(metadata=SHARED)  # log player ids; in solo a second id "paco-paca" is appended for messages
    n: int = 0  # log players
    seats: int = 0  # internal seats (2 in solo)
    solo: bool = False
    rest_tiles: int = 0
    paco_pictured: bool = True  # solo: Paco & Paca take the token pictured on a space (else the one with most stars)
    players: list[Player] = field(default_factory=list)
    ledger: Ledger | None = None
    paco_ledger: Ledger | None = None
    # flow
    round: int = 0
    step: Step = START
    current: int = 0
    first: int = 0  # holder of the first player token
    turn: int = 0  # noon turns taken this round
    noon_first: int = 0
    evening_index: int = 0
    start_order: list[int] = field(default_factory=list)
    tasks: DecisionStack = field(default_factory=DecisionStack)  # pending decisions (decisions.py)
    paco_reveals: list = field(default_factory=list)  # what Paco & Paca's resolution turned face up, in order
    claim_then: Step = TURN
    bird_twice: bool = False
    market_cost: int = -1  # cost of the market purchase still open this turn (-1: none)
    balloon_used: bool = False  # the balloon flew this turn (once: before or after the Paw markers)
    # setup
    pairs: list[tuple[str, str]] = field(default_factory=list, metadata=SHARED)
    pair_taken: list[bool] = field(default_factory=list)
    # board: face-up components, and what is still unseen in each face-down pile
    space_card: list[str | None] = field(default_factory=list)  # face-up card of each deck space
    reveal_tasks: tuple = field(default=(), metadata=SHARED)  # per deck space: its RevealCard decision, made once
    deck_pools: list[HiddenPool] = field(default_factory=list, metadata=_ONLY_CHANCE)  # per deck space: cards face down
    space_tile: list[str | None] = field(default_factory=list)  # empty-deck tile covering a space
    empty_pool: HiddenPool | None = field(default=None, metadata=_ONLY_CHANCE)  # empty-deck tiles not yet drawn
    space_bird: list[str | None] = field(default_factory=list)
    bird_pools: list[HiddenPool] = field(default_factory=list, metadata=_ONLY_CHANCE)  # per region: birds kept
    bird_keep: int = 2  # a bird whose back shows more players than this is discarded
    queen_pool: HiddenPool | None = field(default=None, metadata=_ONLY_CHANCE)  # 5 cards, 4 in the deck
    queen_card: str | None = None
    queen_available: bool = False
    balloon: int = -1
    goal_hard: list[bool] = field(default_factory=list)
    goal_sides: list[dict] = field(default_factory=list, metadata=SHARED)  # the side up of each Bridge Goal
    goal_tests: list[tuple] = field(default_factory=list, metadata=SHARED)  # the same, compiled (scoring.compile_goal)
    goal_slots: list[list[int]] = field(default_factory=list)  # seat on each position, -1 free
    favor_pool: HiddenPool | None = None  # face-down Favors: 3 stacks (piles 1-3), sized when the log says
    favor_display: list[str | None] = field(default_factory=list)
    supply: dict = field(default_factory=dict)  # (picture, stars) -> tokens left
    solo_revealed: list[str] = field(default_factory=list)  # solo tiles revealed this round
    paco_tiles: int = 0  # solo tiles revealed in Paco & Paca's current turn

    def ledger_of(self, seat: int) -> Ledger:
        return self.ledger if seat < self.n else self.paco_ledger

    def score(self, seat: int, delta: int, category: str, reason: str) -> None:
        if seat < self.n:
            self.ledger.add(seat, delta, category, reason)
        else:
            self.paco_ledger.move_index = self.ledger.move_index
            self.paco_ledger.add(0, delta, category, reason)

    def lookahead(self, seat: int | None = None) -> "KCState":
        """A copy for trying out answers (can a card still be paid for?): like :meth:`clone`, but
        the piles only chance moves draw from are shared, since a look-ahead never applies a chance
        move.

        With ``seat``, only that player's board is copied and the other players' are shared: for
        trying out ``seat``'s own decisions (a bird met, a card paid, a market purchase, a flight,
        the choices they bring), which change that player and the board but no other player.
        Without it every player is copied (a look-ahead that may run the game on to another turn)."""
        copy = _copy_board(self)
        if seat is None:
            copy.players = [_copy_player(p) for p in self.players]
        else:
            players = copy.players = self.players[:]
            players[seat] = _copy_player(players[seat])
        return copy


#: Player copied field by field (every list sliced): look-aheads run on work moves
_copy_player = field_copier(Player)
#: the look-ahead's copy of everything but the players (which KCState.lookahead copies as it needs),
#: made from KCState's fields (a new field is copied too; see the core's field_copier):
#: shared catalogs and only-chance piles by reference, the rest by its shape
_copy_board = field_copier(KCState, {
    **{f.name: "share" for f in fields(KCState) if f.metadata.get("kc_only_chance")},
    "step": "share", "claim_then": "share",  # Step: an IntEnum
    "players": "share",  # replaced by lookahead()
    "ledger": "clone", "paco_ledger": "clone", "tasks": "clone", "favor_pool": "clone",
    "goal_slots": "rows", "supply": "dict",  # (picture, stars) -> tokens left
    "paco_reveals": "slice",  # frozen decisions
})
