"""The replay driver's unguarded path (Game.replay_unguarded): a game may apply moves without the
rollback a rejected move needs, and the driver then rebuilds the position before the rejected move
from the log. Judged against the toy's guarded apply: the same violations, messages, positions and
scores, whatever the unguarded apply left behind."""
from __future__ import annotations

import orjson
import pytest

from ludolog.replayer.core import IllegalMove, parse_log, registry, replay, simulate_log, snapshot

from . import toygame


class _Careless(toygame.ToyGame):
    """The toy, whose unguarded apply leaves a rejected move's scribbles on the state (as a move
    rejected half-way would) and counts the set-ups the driver asks for."""

    replay_unguarded = True
    setups = 0

    def new_state(self, log):
        type(self).setups += 1
        return super().new_state(log)

    def apply_unguarded(self, s, move, seat):
        try:
            self.apply(s, move, seat)
        except IllegalMove:  # what a move rejected half-way leaves behind
            s.ledger.add(0, 100, "scribble", "a half-applied move")
            s.rolls[0] += 7
            raise


def _replay_both(raw: dict):
    """(the toy's result, the careless toy's result, set-ups the careless replay made)."""
    data = orjson.dumps(raw)
    registry.register(toygame.GAME)
    try:
        guarded = replay(parse_log(data, "t.json"))
    finally:
        registry.unregister("toy")
    careless = _Careless()
    _Careless.setups = 0
    registry.register(careless)
    try:
        unguarded = replay(parse_log(data, "t.json"))
    finally:
        registry.unregister("toy")
    return guarded, unguarded, _Careless.setups


def _simulated(players: int, seed: int, options: dict | None = None) -> dict:
    registry.register(toygame.GAME)
    try:
        return simulate_log("toy", players, seed, options)
    finally:
        registry.unregister("toy")


@pytest.mark.parametrize("options", [None, {"cards": True}], ids=["dice", "cards"])
def test_a_rejected_move_is_reported_from_the_rebuilt_position(options):
    raw = _simulated(3, 4, options)
    raw["moves"][5] = dict(raw["moves"][5], player=raw["players"][0]["id"] if raw["moves"][5]["player"]
                           != raw["players"][0]["id"] else raw["players"][1]["id"])
    raw.pop("claimed", None)
    guarded, unguarded, setups = _replay_both(raw)
    assert guarded.status == "invalid" and guarded.applied == 5
    assert setups == 2  # set-up, then the position before move 5 again
    assert unguarded.applied == guarded.applied
    assert [v.as_dict() for v in unguarded.violations] == [v.as_dict() for v in guarded.violations]
    assert snapshot(unguarded.state) == snapshot(guarded.state)
    assert unguarded.scores == guarded.scores
    assert all(e.category != "scribble" for e in unguarded.state.ledger.events)


def test_a_valid_log_is_set_up_once_and_replays_the_same():
    raw = _simulated(2, 9, {"cards": True})
    guarded, unguarded, setups = _replay_both(raw)
    assert guarded.status == unguarded.status == "valid"
    assert setups == 1
    assert unguarded.scores == guarded.scores == raw["claimed"]["final"]
    assert snapshot(unguarded.state) == snapshot(guarded.state)


def test_a_bad_die_and_a_move_after_the_end_are_located_as_with_the_guarded_apply():
    raw = _simulated(2, 2)
    raw["moves"][3] = dict(raw["moves"][3], die=9)
    raw.pop("claimed", None)
    guarded, unguarded, _ = _replay_both(raw)
    first = unguarded.violations[0]
    assert (first.code, first.move_index, first.pointer) == ("TOY.DIE.RANGE", 3, "/moves/3/die")
    assert [v.as_dict() for v in unguarded.violations] == [v.as_dict() for v in guarded.violations]
    longer = _simulated(2, 2)
    longer["moves"].append(dict(longer["moves"][-1]))
    longer.pop("claimed", None)
    guarded, unguarded, _ = _replay_both(longer)
    assert unguarded.violations[0].code == guarded.violations[0].code == "CORE.MOVE.AFTER_END"
    assert snapshot(unguarded.state) == snapshot(guarded.state)
