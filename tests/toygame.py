"""A tiny dice race used to test the core and the ETL independently of any real game.

Each turn the player to move rolls one die (recorded in the log) and scores it; the first to
reach the target ends the game. Rule codes: TOY.TURN.NOT_YOURS, TOY.DIE.RANGE.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from ludolog.replayer.core import TERMINAL, Game, IllegalMove, Ledger, Rule, RuleBook

SCHEMA = Path(__file__).with_name("toygame.schema.json")


@dataclass(slots=True)
class ToyState:
    n: int
    target: int
    ledger: Ledger
    turn: int = 0
    rolls: list[int] = field(default_factory=list)

    @property
    def seat(self) -> int:
        return self.turn % self.n


class ToyGame(Game):
    name = "toy"
    title = "Toy dice race"
    editions = ("1",)
    min_players, max_players = 1, 4
    variants = {"target": "points needed to end the game (default 20)"}
    catalog_version = "toy/1"
    schema_file = str(SCHEMA)
    rules = RuleBook("toy", [
        Rule("TOY.TURN.NOT_YOURS", "toy rules 1", "Players roll in seat order."),
        Rule("TOY.DIE.RANGE", "toy rules 2", "A die shows 1 to 6."),
    ])
    state_columns = (("score", "int"), ("rolls", "int"))

    def new_state(self, log):
        n = len(log.players)
        return ToyState(n=n, target=int(log.options.get("target", 20)), ledger=Ledger(n), rolls=[0] * n)

    def random_setup(self, rng, n_players, options):
        return {}

    def to_move(self, s):
        return TERMINAL if max(s.ledger.totals) >= s.target else s.seat

    def apply(self, s, move, seat):
        if seat != s.seat:
            raise IllegalMove("TOY.TURN.NOT_YOURS", f"it is seat {s.seat}'s turn", "/player")
        die = move["die"]
        if not 1 <= die <= 6:
            raise IllegalMove("TOY.DIE.RANGE", f"a die cannot show {die}", "/die")
        s.ledger.add(seat, die, "roll", f"rolled {die}")
        s.rolls[seat] += 1
        s.turn += 1

    def legal_moves(self, s):
        return [] if self.is_terminal(s) else [{"type": "roll", "player": f"p{s.seat}", "die": d} for d in range(1, 7)]

    def random_move(self, s, rng: random.Random):
        return {"type": "roll", "player": ("ana", "ben", "cleo", "dev")[s.seat], "die": rng.randint(1, 6)}

    def player_rows(self, s):
        return [(s.ledger.totals[i], s.rolls[i]) for i in range(s.n)]

    def turn_info(self, s):
        return s.turn + 1, s.turn // s.n + 1

    def describe(self, s):
        return f"turn {s.turn + 1}, scores {s.ledger.totals}"


GAME = ToyGame()
