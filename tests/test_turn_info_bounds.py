"""Castles of Burgundy's and Kingdom Crossing's turn_info (asked by the ingest after every move, so
written with comparisons instead of min/max calls and enum class reads) against the formulas
spelled out here, over every combination of counters, player counts and catalog sizes in a grid
wider than any game reaches (rounds before the first one included): the same values, all ints."""
from __future__ import annotations

import itertools
from types import SimpleNamespace as Fields

from ludolog.replayer.castles_of_burgundy.engine import CastlesOfBurgundy
from ludolog.replayer.castles_of_burgundy.state import Step
from ludolog.replayer.kingdom_crossing.engine import KingdomCrossing


def test_castles_of_burgundy_turn_is_rounds_times_players_plus_the_place_in_the_round():
    game = CastlesOfBurgundy()
    for played, n, index, step, phases, per_phase in itertools.product(
            range(0, 32), (1, 2, 3, 4), range(0, 5), list(Step), (5, 6), (1, 5)):
        state = Fields(cat=Fields(economy=Fields(phases=phases, rounds_per_phase=per_phase)),
                       rounds_played=played, n=n, index=index, step=step)
        # a turn of the round in progress counts its place in the order; any other step the first
        turn = played * n + (index + 1 if step is Step.TURN else 1)
        rnd = min(played + 1, phases * per_phase)  # the round, the last one once every round is played
        got = game.turn_info(state)
        assert got == (turn, rnd) and [type(x) for x in got] == [int, int], (state, got)


def test_kingdom_crossing_turn_counts_the_actions_of_the_rounds_before_and_of_this_one():
    game = KingdomCrossing()
    for rnd, turn, actions, seats in itertools.product(range(-2, 9), range(-3, 40), (1, 2, 3), (1, 2, 3, 4)):
        state = Fields(cat=Fields(actions_per_round=actions), seats=seats, round=rnd, turn=turn)
        per_round = actions * seats
        want = (max(0, rnd - 1) * per_round + min(turn, per_round - 1) + 1, max(1, rnd))
        got = game.turn_info(state)
        assert got == want and [type(x) for x in got] == [int, int], (state, got)
