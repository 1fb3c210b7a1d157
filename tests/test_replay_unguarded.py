"""The core's rollback (replayer/core/cloning.py ``guarded``) and the replay driver's run without it:
the driver switches the copy off on the state it replays and rebuilds the position before a
rejected move from the log. Judged against the same moves with the copy on: the same moves
accepted, equal states, the same violations and the same position before a rejected move."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import IllegalMove, all_games, parse_log, registry, replay, simulate_log, snapshot
from ludolog.replayer.core.cloning import guarded

from . import toygame
from .test_conformance import _perturb, _random_states


class _Careless(toygame.ToyGame):
    """The toy, whose rejected moves scribble on the state first (as a move rejected half-way
    would), through the core's guarded; it counts the set-ups the driver asks for."""

    setups = 0

    def new_state(self, log):
        type(self).setups += 1
        return super().new_state(log)

    def apply(self, s, move, seat):
        guarded(self._scribbling, s, move, seat)

    def _scribbling(self, s, move, seat):
        try:
            super().apply(s, move, seat)
        except IllegalMove:
            s.ledger.add(0, 100, "scribble", "a half-applied move")
            s.rolls[0] += 7
            raise


def _replay_both(raw: dict):
    """(the toy's result, the careless toy's result, set-ups the careless replay made)."""
    data = orjson.dumps(raw)
    registry.register(toygame.GAME)
    try:
        plain = replay(parse_log(data, "t.json"))
    finally:
        registry.unregister("toy")
    _Careless.setups = 0
    registry.register(_Careless())
    try:
        careless = replay(parse_log(data, "t.json"))
    finally:
        registry.unregister("toy")
    return plain, careless, _Careless.setups


def _simulated(players: int, seed: int, options: dict | None = None) -> dict:
    registry.register(toygame.GAME)
    try:
        return simulate_log("toy", players, seed, options)
    finally:
        registry.unregister("toy")


def test_the_guard_restores_a_rejected_move_unless_the_ledger_says_the_owner_rebuilds():
    raw = _simulated(2, 1)
    registry.register(toygame.GAME)
    try:
        state = replay(parse_log(orjson.dumps(raw), "t.json"), to=0).state  # the position set-up gives
    finally:
        registry.unregister("toy")
    careless, before = _Careless(), snapshot(state)
    with pytest.raises(IllegalMove) as restored:
        careless.apply(state, {"type": "roll", "player": "nobody", "die": 9}, 0)
    assert snapshot(state) == before and state.ledger.rollback and not restored.value.unrestored
    state.ledger.rollback = False
    with pytest.raises(IllegalMove) as unrestored:
        careless.apply(state, {"type": "roll", "player": "nobody", "die": 9}, 0)
    assert state.rolls[0] == 7 and unrestored.value.unrestored  # no copy was made: the scribbles stay
    assert state.ledger.clone().rollback  # a copy of the state rolls back again


@pytest.mark.parametrize("options", [None, {"cards": True}], ids=["dice", "cards"])
def test_a_rejected_move_is_reported_from_the_rebuilt_position(options):
    raw = _simulated(3, 4, options)
    raw["moves"][5] = dict(raw["moves"][5], player=raw["players"][0]["id"] if raw["moves"][5]["player"]
                           != raw["players"][0]["id"] else raw["players"][1]["id"])
    raw.pop("claimed", None)
    plain, careless, setups = _replay_both(raw)
    assert plain.status == "invalid" and plain.applied == 5
    assert setups == 2  # set-up, then the position before move 5 again
    assert careless.applied == plain.applied
    assert [v.as_dict() for v in careless.violations] == [v.as_dict() for v in plain.violations]
    assert plain.violations[0].context  # the position before the rejected move, in both
    assert snapshot(careless.state) == snapshot(plain.state)
    assert careless.scores == plain.scores
    assert all(e.category != "scribble" for e in careless.state.ledger.events)
    assert careless.state.ledger.rollback  # the state handed on rolls back again


def test_a_valid_log_is_set_up_once_and_replays_the_same():
    raw = _simulated(2, 9, {"cards": True})
    plain, careless, setups = _replay_both(raw)
    assert plain.status == careless.status == "valid"
    assert setups == 1
    assert careless.scores == plain.scores == raw["claimed"]["final"]
    assert snapshot(careless.state) == snapshot(plain.state)
    assert careless.state.ledger.rollback


def test_a_bad_die_and_a_move_after_the_end_are_located_as_with_the_rollback():
    raw = _simulated(2, 2)
    raw["moves"][3] = dict(raw["moves"][3], die=9)
    raw.pop("claimed", None)
    plain, careless, _ = _replay_both(raw)
    first = careless.violations[0]
    assert (first.code, first.move_index, first.pointer) == ("TOY.DIE.RANGE", 3, "/moves/3/die")
    assert [v.as_dict() for v in careless.violations] == [v.as_dict() for v in plain.violations]
    longer = _simulated(2, 2)
    longer["moves"].append(dict(longer["moves"][-1]))
    longer.pop("claimed", None)
    plain, careless, _ = _replay_both(longer)
    assert careless.violations[0].code == plain.violations[0].code == "CORE.MOVE.AFTER_END"
    assert snapshot(careless.state) == snapshot(plain.state) and careless.state.ledger.rollback


def _uses_guard(game) -> bool:
    package = Path(sys.modules[type(game).__module__].__file__).parent
    return any("guarded(" in path.read_text() for path in package.glob("*.py"))


GUARDED = [g for g in all_games() if _uses_guard(g)]


@pytest.mark.parametrize("game", GUARDED, ids=[g.name for g in GUARDED])
def test_a_game_accepts_the_same_moves_with_and_without_the_rollback(game):
    """Every move accepted with the copy is accepted without it, with an equal state after it, and
    every move rejected with it is rejected without it, with the same code and pointer."""
    rng = random.Random(17)
    accepted = rejected = 0
    for state, log, game_moves in _random_states(game, 20, seed=9):
        if game.is_terminal(state):
            continue
        legal = game.legal_moves(state)
        candidates = rng.sample(legal, min(len(legal), 8)) + [_perturb(rng.choice(legal), rng, legal) for _ in range(8)]
        candidates += rng.sample(game_moves, min(len(game_moves), 8))
        for candidate in candidates:
            if not game.schema.move_ok(candidate) or ("player" in candidate and candidate["player"] not in log.seat_of):
                continue
            seat = log.seat_of.get(candidate.get("player"))
            guarded, unguarded = game.clone(state), game.clone(state)
            unguarded.ledger.rollback = False
            outcomes = []
            for target in (guarded, unguarded):
                try:
                    game.apply(target, candidate, seat)
                    outcomes.append(None)
                except IllegalMove as exc:
                    outcomes.append((exc.code, exc.pointer))
            assert outcomes[0] == outcomes[1], (candidate, outcomes, game.describe(state))
            if outcomes[0] is None:
                unguarded.ledger.rollback = True
                assert snapshot(unguarded) == snapshot(guarded), candidate
                accepted += 1
            else:
                rejected += 1
    assert GUARDED and accepted > 50 and rejected > 50, (accepted, rejected)
