"""Keyflower's rows (``Keyflower.player_rows``) against the reading of the state written out here
(:func:`_counted_afresh`, every figure counted from the state by other means than the engine's):
typed (True and 1 differ), after every move of simulated logs of every player count, of every case
log up to its rejected move, of two games replayed in turns by one engine, and after each input of
a row is changed in place the way no move announces."""
from __future__ import annotations

from pathlib import Path

import pytest

from ludolog.replayer.core import parse_log, replay, simulate_log
from ludolog.replayer.keyflower import GAME, Keyflower
from ludolog.replayer.keyflower.catalog import AbilityKind, ActionKind
from ludolog.replayer.keyflower.geometry import HOME, PlacedTile

CASES = sorted((Path(__file__).parents[1] / "cases" / "keyflower").glob("*.json"))
SEEDS = (3, 41)


def _counted_afresh(s) -> list[tuple]:
    """Per seat, the state columns counted from the state: the score; the workers behind the screen
    (all, by colour, unseen); the resources on the village's tiles by type; the skill tiles behind
    the screen (all, by type, unseen); the village's tiles besides the home tile, those upgraded and
    the winter tiles among them; the transport capacity; whether the seat is the start player."""
    from ludolog.replayer.keyflower.hands import unknown_skills, unknown_workers
    from ludolog.replayer.keyflower.state import SEASONS

    rows = []
    for seat, p in enumerate(s.players):
        res = [0, 0, 0, 0]
        upgraded = 0
        for placed in p.village.tiles.values():
            for k in range(4):
                res[k] += placed.resources[k]
            upgraded += placed.side == "upgraded"
        winter = sum(1 for t in p.coords if s.cat.tiles[t].season is SEASONS[3])
        # the Keyflower boat's transport capacity: the transport numbers of the actions on the sides up
        actions_up = [s.cat.tiles[placed.tile].sides[placed.side].action for placed in p.village.tiles.values()]
        transport = sum(a.transport for a in actions_up if a is not None and a.kind is ActionKind.TRANSPORT_UPGRADE)
        uw, us = unknown_workers(s, seat), unknown_skills(s, seat)
        rows.append((s.ledger.totals[seat], sum(p.workers) + uw, *p.workers, uw, *res, sum(p.skills) + us, *p.skills, us,
                     len(p.coords) - 1, upgraded, winter,
                     transport * s.players[seat].abilities.get(AbilityKind.DOUBLE_TRANSPORT_UPGRADE, 1),
                     seat == s.start))
    return rows


def _typed(rows) -> list[tuple]:
    return [tuple((type(value).__name__, value) for value in row) for row in rows]


def _assert_same(game: Keyflower, state, where) -> None:
    rows = game.player_rows(state)
    assert all(type(row) is tuple for row in rows), where
    assert _typed(rows) == _typed(_counted_afresh(state)), where


def _simulated(n: int, seed: int) -> bytes:
    import orjson

    return orjson.dumps(simulate_log(GAME, n, seed, {}))


@pytest.mark.parametrize("n", range(GAME.min_players, GAME.max_players + 1))
def test_the_rows_are_those_counted_afresh_after_every_move_of_simulated_games(n):
    game = Keyflower()
    for seed in SEEDS:
        for options in game.option_sets(n):
            log = parse_log(_simulated(n, seed), "sim.json")
            result = replay(log, on_step=lambda i, move, s: _assert_same(game, s, (n, seed, i, move)))
            assert result.status == "valid" and result.applied == len(log.moves) > 100


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_rows_are_those_counted_afresh_in_every_case_log(path):
    log = parse_log(path.read_bytes(), path.name)
    replay(log, on_step=lambda i, move, s: _assert_same(GAME, s, (path.name, i, move)))


def test_two_games_replayed_in_turns_by_one_engine():
    # asked about two games in turns (3 and 4 players, then two of 4), each state's rows are its own
    game = Keyflower()
    for first, second in ((3, 4), (4, 4)):
        logs = [parse_log(_simulated(n, seed), f"sim-{k}.json") for k, (n, seed) in enumerate(((first, 5), (second, 6)))]
        states = [game.new_state(log) for log in logs]
        for i in range(max(len(log.moves) for log in logs)):
            for log, s in zip(logs, states):
                if i < len(log.moves):
                    move = log.moves[i]
                    game.apply(s, move, log.seat_of.get(move.get("player")))
                    _assert_same(game, s, (log.file, i))


def test_the_rows_follow_the_workers_drawn_unseen():
    # the simulator writes every worker it draws; this spring (tests/cases/make_keyflower_cases.py)
    # gives Ben a worker nobody saw
    from tests.cases.make_keyflower_cases import SPRING_PLAYED

    from .test_engine import play, step

    game = Keyflower()
    s = play([])
    _assert_same(game, s, "set-up")
    for i, move in enumerate(SPRING_PLAYED):
        step(s, move)
        _assert_same(game, s, (i, move))
    assert any(s.bag.unknown_held.values())


def _mid_game():
    log = parse_log(_simulated(4, 9), "sim.json")
    return replay(log, to=len(log.moves) // 2).state


def test_every_input_changed_in_place_shows_in_the_next_rows():
    # each change below touches one input of a row without a move: rows that missed one of them
    # would give the row of before
    game = Keyflower()
    s = _mid_game()
    p = s.players[2]
    changes = [lambda: p.workers.__setitem__(1, p.workers[1] + 1),
               lambda: p.skills.__setitem__(2, p.skills[2] + 2),
               lambda: s.ledger.totals.__setitem__(2, s.ledger.totals[2] + 5),
               lambda: s.bag.unknown_held.__setitem__(1, s.bag.unknown_held.get(1, 0) + 1),
               lambda: s.skill_pile.unknown_held.__setitem__(3, s.skill_pile.unknown_held.get(3, 0) + 1),
               lambda: setattr(s, "start", (s.start + 1) % s.n),
               lambda: p.abilities.__setitem__(AbilityKind.DOUBLE_TRANSPORT_UPGRADE, 2),
               lambda: setattr(p, "village", p.village.replaced(PlacedTile(p.home, HOME, resources=(1, 2, 0, 3)))),
               lambda: s.players[0].workers.__setitem__(0, s.players[0].workers[0] + 3),
               lambda: s.players[3].skills.__setitem__(0, s.players[3].skills[0] + 1)]
    _assert_same(game, s, "before")
    for k, change in enumerate(changes):
        before = game.player_rows(s)
        change()
        _assert_same(game, s, k)
        assert game.player_rows(s) != before, k  # the change is one the rows show


def test_turn_info_is_the_bids_and_uses_so_far_and_the_season():
    # turn_info is the count of the season's bids and uses + 1 and the season's number
    log = parse_log(_simulated(3, 12), "sim.json")
    seen = set()

    def check(i, move, s):
        assert GAME.turn_info(s) == (s.actions + 1, s.season + 1), i
        seen.add(s.season)

    replay(log, on_step=check)
    assert seen == {0, 1, 2, 3}
    s = replay(log, to=40).state
    for actions in (0, 255, 256, 1000):
        s.actions = actions
        assert GAME.turn_info(s) == (actions + 1, s.season + 1)
