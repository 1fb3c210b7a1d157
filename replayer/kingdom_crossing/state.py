"""The Kingdom Crossing position: one slots dataclass per player plus the shared board.

Seats are log seats; in the solo game Paco & Paca sit in the extra internal seat 1 and score in
their own ledger (``paco_ledger``), because they are not a player of the log.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.ledger import Ledger
from .catalog import Catalog

# Steps: what the position waits for once no effect task is pending.
START = 0  # a player chooses a starting pair
INCOME = 1  # a player picks the next income source
TURN = 2  # a player chooses an action tile (Paco & Paca: their tiles are revealed)
CARD = 3  # a working player chooses the card to buy (or buys a resource on the market tile)
ACTION = 4  # the action is resolving; when its tasks are done the turn ends
BUY_END = 5  # the market tile's optional purchase at the end of the turn
CLAIM = 6  # the player may claim bridge goals
EVENING = 7  # a player with a House where the Beaver stands chooses one income
EVENING_ACTION = 8  # that evening income is resolving
START_ACTION = 9  # a starting pair's effects are resolving
END = 10

STEP_NAMES = ("start", "income", "turn", "card", "action", "buy", "claim", "evening", "evening action",
              "start action", "end")


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
    final_coins_spent: int = 0

    def copy(self) -> "Player":
        return Player(self.coins, self.invest, self.res[:], self.region, self.houses[:], self.houses_due,
                      self.improved[:], self.played[:], self.crossed, self.paws, self.guild[:], self.cards[:],
                      self.structures[:], self.deco[:], self.birds[:], self.favors[:], self.goals,
                      self.income_guild[:], self.income_structs[:], self.bears_used[:], self.final_coins_spent)

    def symbols(self, cat: Catalog, picture: str | None = None) -> int:
        """Flower and/or Sculpture symbols on the player board."""
        total = 0
        for (pic, symbols), stars in zip(cat.deco_symbols, self.deco):
            if stars and (picture is None or pic == picture):
                total += symbols
        return total


@dataclass(slots=True)
class KCState:
    cat: Catalog
    ids: list[str]  # log player ids; in solo a second id "paco-paca" is appended for messages
    n: int  # log players
    seats: int  # internal seats (2 in solo)
    solo: bool
    rest_tiles: int
    players: list[Player]
    ledger: Ledger
    paco_ledger: Ledger | None
    # flow
    round: int = 0
    step: int = START
    current: int = 0
    first: int = 0  # holder of the first player token
    turn: int = 0  # noon turns taken this round
    noon_first: int = 0
    evening_index: int = 0
    start_order: list[int] = field(default_factory=list)
    tasks: list = field(default_factory=list)  # stack of effect tasks (top = last)
    claim_then: int = TURN
    turn_tile: int = -1
    bird_twice: bool = False
    market_cost: int = -1  # cost of the market purchase still open this turn (-1: none)
    # setup
    pairs: list[tuple[str, str]] = field(default_factory=list)
    pair_taken: list[bool] = field(default_factory=list)
    # board
    decks: list[list[str]] = field(default_factory=list)
    deck_pos: list[int] = field(default_factory=list)
    space_tile: list[str | None] = field(default_factory=list)
    space_bird: list[str | None] = field(default_factory=list)
    bird_stacks: list[list[str]] = field(default_factory=list)
    bird_pos: list[int] = field(default_factory=list)
    queen_deck: list[str] = field(default_factory=list)
    queen_card: str | None = None
    queen_available: bool = False
    balloon: int = -1
    goal_hard: list[bool] = field(default_factory=list)
    goal_sides: list[dict] = field(default_factory=list)  # the side up of each Bridge Goal
    goal_tests: list[tuple] = field(default_factory=list)  # the same, compiled (scoring.compile_goal)
    goal_slots: list[list[int]] = field(default_factory=list)  # seat on each position, -1 free
    favor_stacks: list[list[str]] = field(default_factory=list)  # top first
    favor_display: list[str | None] = field(default_factory=list)
    empty_tiles: list[str] = field(default_factory=list)  # still unused, in drawing order
    supply: dict = field(default_factory=dict)  # (picture, stars) -> tokens left
    solo_revealed: list[str] = field(default_factory=list)  # solo tiles revealed this round

    def top(self, space: int) -> str | None:
        deck, pos = self.decks[space], self.deck_pos[space]
        return deck[pos] if pos < len(deck) else None

    def ledger_of(self, seat: int) -> Ledger:
        return self.ledger if seat < self.n else self.paco_ledger

    def score(self, seat: int, delta: int, category: str, reason: str) -> None:
        if seat < self.n:
            self.ledger.add(seat, delta, category, reason)
        else:
            self.paco_ledger.move_index = self.ledger.move_index
            self.paco_ledger.add(0, delta, category, reason)

    def clone(self) -> "KCState":
        ledger = Ledger(self.n)
        ledger.events = self.ledger.events[:]
        ledger.totals = self.ledger.totals[:]
        ledger.move_index = self.ledger.move_index
        paco = None
        if self.paco_ledger is not None:
            paco = Ledger(1)
            paco.events = self.paco_ledger.events[:]
            paco.totals = self.paco_ledger.totals[:]
            paco.move_index = self.paco_ledger.move_index
        return KCState(
            self.cat, self.ids, self.n, self.seats, self.solo, self.rest_tiles, [p.copy() for p in self.players],
            ledger, paco, self.round, self.step, self.current, self.first, self.turn, self.noon_first,
            self.evening_index, self.start_order[:], self.tasks[:], self.claim_then, self.turn_tile, self.bird_twice,
            self.market_cost, self.pairs, self.pair_taken[:], self.decks, self.deck_pos[:], self.space_tile[:],
            self.space_bird[:], self.bird_stacks, self.bird_pos[:], self.queen_deck, self.queen_card,
            self.queen_available, self.balloon, self.goal_hard, self.goal_sides, self.goal_tests,
            [g[:] for g in self.goal_slots],
            [f[:] for f in self.favor_stacks], self.favor_display[:], self.empty_tiles[:], dict(self.supply),
            self.solo_revealed[:])
