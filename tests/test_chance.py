"""The core's chance model (replayer/core/chance.py): the odds of drawing from a pool computed by
hand, random play by its weights, and every game's chance outcomes legal where they are offered."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from ludolog.replayer.core import all_games, simulate_log
from ludolog.replayer.core.chance import draws, pick, random_move
from ludolog.replayer.core.game import Game
from ludolog.replayer.core.log import GameLog, Player

from . import toygame


def test_drawing_two_from_two_a_and_one_b_has_the_hypergeometric_odds():
    # three items, C(3, 2) = 3 pairs: {a, a} one of them, {a, b} two
    got = {tuple(sorted(d.items())): Fraction(p).limit_denominator(100) for d, p in draws({"a": 2, "b": 1, "c": 0}, 2)}
    assert got == {(("a", 2),): Fraction(1, 3), (("a", 1), ("b", 1)): Fraction(2, 3)}


def test_drawing_more_than_the_pool_holds_draws_all_of_it():
    assert draws({"a": 1, "b": 1}, 5) == [({"a": 1, "b": 1}, 1.0)]
    assert draws({"a": 0}, 2) == [({}, 1.0)]


def test_pick_follows_the_weights():
    rng = random.Random(1)
    seen = Counter(pick([({"x": 1}, 3), ({"x": 2}, 1)], rng)["x"] for _ in range(4000))
    assert 0.70 < seen[1] / 4000 < 0.80


class _Listed:
    """A game of one decision: three bids and a pass, the pass weighted as three bids."""
    name = "listed"
    random_play_weights = {"pass": 3}

    def chance_outcomes(self, state, move=None):
        return [({**move, "card": c}, w) for c, w in (("a", 1), ("b", 9))] if move and move["type"] == "draw" else []

    def legal_moves(self, state):
        return [{"type": "bid", "n": n} for n in (1, 2, 3)] + [{"type": "pass"}, {"type": "draw", "card": "a"}]

    def describe(self, state):
        return ""

    move_candidates = Game.move_candidates
    completions = Game.completions


def test_random_play_draws_a_move_type_by_its_weight_then_a_move_and_its_outcome():
    rng = random.Random(2)
    moves = [random_move(_Listed(), None, rng) for _ in range(5000)]
    types = Counter(m["type"] for m in moves)
    # weights bid 1, pass 3, draw 1: a fifth, three fifths and a fifth, whatever the number of bids
    assert 0.55 < types["pass"] / 5000 < 0.65 and 0.17 < types["bid"] / 5000 < 0.23
    cards = Counter(m["card"] for m in moves if m["type"] == "draw")
    assert 0.85 < cards["b"] / types["draw"] < 0.95  # the draw's card by chance's odds, not as listed


class _Checked(_Listed):
    """The same game listing slowly: its candidates are checked when drawn, the bids 1 and 2 refused
    and a bid of 3 completing to two legal moves (as a choice an effect asks for would)."""
    random_play_weights = {}
    tried: list

    def move_candidates(self, state):
        return {"bid": ({"type": "bid", "n": n} for n in (1, 2, 3)), "pass": [{"type": "pass"}], "fold": []}

    def completions(self, state, candidate):
        self.tried.append(candidate)
        if candidate["type"] == "bid":
            return [{**candidate, "to": k} for k in "ab"] if candidate["n"] == 3 else []
        return [candidate]


def test_random_play_checks_candidates_as_it_draws_them_and_never_plays_a_refused_one():
    game, rng = _Checked(), random.Random(5)
    game.tried = []
    moves = [random_move(game, None, rng) for _ in range(4000)]
    bids = Counter(m.get("to") for m in moves if m["type"] == "bid")
    assert all(m["type"] == "pass" or m["n"] == 3 for m in moves)
    # the type by its weight (bid and pass 1 each: fold has no candidate), then bid 3's two completions alike
    assert 0.45 < sum(bids.values()) / 4000 < 0.55 and 0.45 < bids["a"] / sum(bids.values()) < 0.55
    # a candidate is checked when drawn: two checks a bid on average, where listing the bids checks three
    assert len(game.tried) < 2.5 * sum(bids.values()) + 4000 - sum(bids.values())


GAMES = all_games() + [toygame.GAME]


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_chance_outcome_is_a_legal_move(game):
    """At each position of a simulated game's first 150 moves: chance's outcomes, and those of the
    random part of every listed decision, are listed moves with a weight above 0."""
    n = game.max_players if game.max_players < 3 else 3
    options = game.option_sets(n)[-1]
    raw = simulate_log(game, n, "chance", options)
    offered = 0

    def check(index, move, state):
        nonlocal offered
        legal = game.legal_moves(state)
        outcomes = list(game.chance_outcomes(state))
        for m in legal:
            outcomes += game.chance_outcomes(state, m)
        for outcome, weight in outcomes:
            assert weight > 0 and outcome in legal, (index, outcome)
        offered += len(outcomes)

    log = GameLog(file="c", raw=raw, game=game.name, edition=raw["edition"], options=raw["options"],
                  players=[Player(p["id"], p["name"]) for p in raw["players"]], setup=raw["setup"],
                  seat_of={p["id"]: i for i, p in enumerate(raw["players"])})
    state = game.new_state(log)
    for i, move in enumerate(raw["moves"][:150]):
        check(i, move, state)
        for ledger in [state.ledger] + [game.bot_ledger(state, b) for b in game.bot_seats(state)]:
            ledger.move_index = i
        pid = move.get("player")
        game.apply(state, move, log.seat_of[pid] if pid is not None else None)
    assert offered
