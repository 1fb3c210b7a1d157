"""A tiny dice race used to test the core and the ETL independently of any real game.

Each turn the player to move rolls one die (recorded in the log) and scores it; the first to
reach the target ends the game. Rule codes: TOY.TURN.NOT_YOURS, TOY.DIE.RANGE.

With the option ``cards`` the race also exercises the core's hidden components and simultaneous
decisions before a real game relies on them:

* A face-down deck of twelve cards (``c1``, ``c2``, ``c3``, four of each, worth 1-3 points) lies
  in two piles (``setup.deck_piles`` may give their sizes; a table that did not count them leaves
  it out). After rolling, the player draws a card from a pile of their choice into their hand
  (``draw``: ``pile`` and ``card``, or ``"card": "?"`` when the scorer did not see it) while the
  deck lasts.
* After every round, all players holding a card at once either play one card from their hand
  (``play``, scoring its value) or pass (``pass``), in any order: a simultaneous window. A card drawn unseen is
  identified when played. The leader at the start of the window (strictly most points) may not
  play a ``c3`` (TOY.PLAY.LEADER): a rule that depends on an unknown identity, checked when the
  card is revealed. A card not known to be in the hand must be one drawn unseen into it
  (``CORE.HIDDEN.NOT_HELD`` otherwise).
* With ``hidden_hands`` as well, the simulator writes every draw as ``"?"``.

With ``dealer`` (solo games only) a bot plays against the player: the Dealer scores the opposite
face (7 minus the die) of every roll into its own ledger, and is claimed as ``@dealer``.

Format history of the toy (to test the core's migration chain): ``ludolog/1`` toy logs named the
target option ``goal``; :meth:`ToyGame.migrate` renames it, and refuses a log giving both.
"""
from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ludolog.replayer.core import (SIMULTANEOUS, TERMINAL, UNKNOWN, BotSeat, Game, HiddenPool, IllegalMove, Ledger,
                                   MigrationError, Rule, RuleBook, SimultaneousWindow, check_simultaneous)

SCHEMA = Path(__file__).with_name("toygame.schema.json")
DECK = {"c1": 4, "c2": 4, "c3": 4}
VALUE = {"c1": 1, "c2": 2, "c3": 3}
DECK_PILES = 2
WINDOW_MOVES = frozenset(("play", "pass"))
DEALER = BotSeat("dealer", "the Dealer")


class Phase(enum.Enum):
    ROLL = "roll"
    DRAW = "draw"
    SHOW = "show"  # the simultaneous window after each round


@dataclass(slots=True)
class ToyState:
    n: int
    target: int
    ledger: Ledger
    ids: tuple = ()
    cards: bool = False
    hidden_hands: bool = False
    turn: int = 0
    rolls: list[int] = field(default_factory=list)
    phase: Phase = Phase.ROLL
    deck: HiddenPool | None = None
    hands: list[Counter] = field(default_factory=list)  # cards known to be in each hand
    window: SimultaneousWindow | None = None
    leader: int = -1  # strict leader when the window opened (-1: none)
    over: bool = False
    bot_ledgers: dict = field(default_factory=dict)  # bot id -> Ledger (the Dealer)

    @property
    def seat(self) -> int:
        return self.turn % self.n


class ToyGame(Game):
    name = "toy"
    title = "Toy dice race"
    editions = ("1",)
    min_players, max_players = 1, 4
    variants = {"target": "points needed to end the game (default 20)",
                "cards": "a hidden deck and a simultaneous play-or-pass step after every round",
                "hidden_hands": "the simulator writes every draw as '?'",
                "dealer": "solo: a bot, the Dealer, scores 7 minus each die"}
    catalog_version = "toy/1"
    schema_file = str(SCHEMA)
    rules = RuleBook("toy", [
        Rule("TOY.TURN.NOT_YOURS", "toy rules 1", "Players roll in seat order."),
        Rule("TOY.DIE.RANGE", "toy rules 2", "A die shows 1 to 6."),
        Rule("TOY.DRAW.NOT_NOW", "toy rules 3", "With cards, a player draws one card right after rolling, while the deck lasts."),
        Rule("TOY.PLAY.LEADER", "toy rules 4", "The leader at the start of the step may not play a c3."),
    ])
    state_columns = (("score", "int"), ("rolls", "int"))

    def option_sets(self, n_players):
        sets = [{}, {"cards": True}, {"cards": True, "hidden_hands": True}]
        return sets + [{"dealer": True}] if n_players == 1 else sets

    def migrate(self, raw, from_format):
        options = raw.get("options")
        if from_format == "ludolog/1" and isinstance(options, dict) and "goal" in options:
            if "target" in options and options["target"] != options["goal"]:
                raise MigrationError("this ludolog/1 toy log gives both a goal and a different target")
            options["target"] = options.pop("goal")
        return raw

    def new_state(self, log):
        n = len(log.players)
        state = ToyState(n=n, target=int(log.options.get("target", 20)), ledger=Ledger(n), rolls=[0] * n,
                         ids=tuple(log.player_ids), cards=bool(log.options.get("cards")),
                         hidden_hands=bool(log.options.get("hidden_hands")))
        if log.options.get("dealer") and n == 1:
            state.bot_ledgers = {DEALER.id: Ledger(1)}
        if state.cards:
            state.deck = HiddenPool.create("card", DECK, piles=DECK_PILES, pile_sizes=log.setup.get("deck_piles"),
                                           pointer="/setup/deck_piles")
            state.hands = [Counter() for _ in range(n)]
        return state

    def random_setup(self, rng, n_players, options):
        return {"deck_piles": [6, 6]} if options.get("cards") and rng.random() < 0.5 else {}

    def bot_seats(self, s):
        return (DEALER,) if s.bot_ledgers else ()

    def to_move(self, s):
        if s.over:
            return TERMINAL
        if s.phase is Phase.SHOW:
            return SIMULTANEOUS
        return s.seat

    def open_window(self, s):
        return s.window if s.phase is Phase.SHOW else None

    # -- moves ----------------------------------------------------------------------------
    def apply(self, s, move, seat):
        kind = move["type"]
        check_simultaneous(self.open_window(s), seat, kind, WINDOW_MOVES, s.ids)
        if kind == "roll":
            self._roll(s, move, seat)
        elif kind == "draw":
            self._draw(s, move, seat)
        elif kind == "play":
            self._play(s, move, seat)
        else:
            self._decide(s, seat, None)

    def _roll(self, s, move, seat):
        if s.over or s.phase is not Phase.ROLL:
            raise IllegalMove("TOY.DRAW.NOT_NOW" if s.phase is Phase.DRAW else "TOY.TURN.NOT_YOURS",
                              "a card must be drawn first" if s.phase is Phase.DRAW else "nobody rolls now")
        if seat != s.seat:
            raise IllegalMove("TOY.TURN.NOT_YOURS", f"it is seat {s.seat}'s turn", "/player")
        die = move["die"]
        if not 1 <= die <= 6:
            raise IllegalMove("TOY.DIE.RANGE", f"a die cannot show {die}", "/die")
        s.ledger.add(seat, die, "roll", f"rolled {die}")
        s.rolls[seat] += 1
        dealer = s.bot_ledgers.get(DEALER.id)
        if dealer is not None:
            dealer.add(0, 7 - die, "opposite", f"the opposite face of {die}")
        if max(s.ledger.totals) >= s.target or dealer is not None and dealer.totals[0] >= s.target:
            s.over = True
        elif s.cards and s.deck.remaining:
            s.phase = Phase.DRAW
        else:
            self._end_turn(s)

    def _draw(self, s, move, seat):
        if s.phase is not Phase.DRAW:
            raise IllegalMove("TOY.DRAW.NOT_NOW", "a card is drawn right after the roll, while the deck lasts")
        if seat != s.seat:
            raise IllegalMove("TOY.TURN.NOT_YOURS", f"it is seat {s.seat}'s turn", "/player")
        card = s.deck.draw(seat, move["card"], move["pile"], pointer="/card")
        if card != UNKNOWN:
            s.hands[seat][card] += 1
        self._end_turn(s)

    def _end_turn(self, s):
        s.turn += 1
        s.phase = Phase.ROLL
        if s.cards and s.turn % s.n == 0:
            totals = s.ledger.totals
            best = max(totals)
            s.leader = totals.index(best) if totals.count(best) == 1 else -1
            holding = frozenset(seat for seat in range(s.n)
                                if sum(s.hands[seat].values()) + s.deck.unknown_held.get(seat, 0) > 0)
            if holding:  # only players holding a card take part
                s.window = SimultaneousWindow("the play-or-pass step", holding, WINDOW_MOVES)
                s.phase = Phase.SHOW

    def _play(self, s, move, seat):
        card = move["card"]
        if card == "c3" and seat == s.leader:
            raise IllegalMove("TOY.PLAY.LEADER", f"{s.ids[seat]} led when the step began and may not play a c3", "/card")
        if s.hands[seat][card] > 0:
            s.hands[seat][card] -= 1
        else:  # not known to be in the hand: it must be one drawn unseen
            s.deck.identify(seat, card, "/card")
        s.ledger.add(seat, VALUE.get(card, 0), "card", f"played {card}")
        self._decide(s, seat, card)

    def _decide(self, s, seat, decision):
        if s.window.record(seat, decision):
            s.window = None
            s.phase = Phase.ROLL
            if max(s.ledger.totals) >= s.target:
                s.over = True

    # -- listing ----------------------------------------------------------------------------
    def _plays(self, s, seat):
        pid = s.ids[seat]
        cards = {c for c, k in s.hands[seat].items() if k > 0}
        if s.deck.unknown_held.get(seat, 0) > 0:
            cards |= set(s.deck.possible())
        if seat == s.leader:
            cards.discard("c3")
        return [{"type": "pass", "player": pid}] + [{"type": "play", "player": pid, "card": c} for c in sorted(cards)]

    def legal_moves(self, s):
        if s.over:
            return []
        pid = s.ids[s.seat]
        if s.phase is Phase.SHOW:
            return [m for seat in sorted(s.window.waiting) for m in self._plays(s, seat)]
        if s.phase is Phase.DRAW:
            return [{"type": "draw", "player": pid, "pile": p, "card": c}
                    for p in s.deck.drawable_piles() for c in s.deck.possible() + [UNKNOWN]]
        return [{"type": "roll", "player": pid, "die": d} for d in range(1, 7)]

    def chance_outcomes(self, s, move=None):
        # the roll is all chance (the player has nothing to decide); a draw's pile is the player's
        # decision and its card chance's: each unseen card by its copies (or "?" when hands are hidden)
        if move is None:
            if s.over or s.phase is not Phase.ROLL:
                return []
            return [({"type": "roll", "player": s.ids[s.seat], "die": d}, 1) for d in range(1, 7)]
        if move["type"] != "draw":
            return []
        if s.hidden_hands:
            return [({**move, "card": UNKNOWN}, 1)]
        return [({**move, "card": c}, n) for c, n in sorted(s.deck.unaccounted.items()) if n > 0]

    def player_rows(self, s):
        return [(s.ledger.totals[i], s.rolls[i]) for i in range(s.n)]

    def turn_info(self, s):
        return s.turn + 1, s.turn // s.n + 1

    def describe(self, s):
        return f"turn {s.turn + 1}, scores {s.ledger.totals}"


GAME = ToyGame()
