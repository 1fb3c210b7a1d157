"""The compiled move check of a whole log at once gives the verdict of checking every move on its
own, for every registered game."""
from __future__ import annotations

import random

import pytest

from ludolog.replayer.core import all_games, simulate_log
from ludolog.replayer.core.schemas import GameSchema

ODD_VALUES = [None, -1, 0, 10 ** 6, "", "x", "A99", [], {}, True, 2.0]


def _mutant(rng: random.Random, move):
    """A copy of ``move`` with one key dropped, added or changed, or not a move at all."""
    if rng.random() < 0.05:
        return rng.choice([[], "draw", None, 3])
    move = dict(move)
    roll = rng.random()
    if roll < 0.25 and len(move) > 1:
        del move[rng.choice(sorted(move))]
    elif roll < 0.4:
        move[rng.choice(["extra", "type", "player"])] = rng.choice(ODD_VALUES + ["end", "nope"])
    else:
        move[rng.choice(sorted(move))] = rng.choice(ODD_VALUES)
    return move


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_a_log_checked_at_once_gets_the_verdict_of_its_moves_one_by_one(game):
    rng = random.Random(f"batch-{game.name}")
    schema = GameSchema(game.schema_file)
    assert schema._all_moves_fast is not None
    moves = simulate_log(game, game.min_players, f"batch-{game.name}")["moves"]
    assert schema.all_moves_ok_fast(moves) and all(schema.move_ok_fast(m) for m in moves)
    disagreements = bad_logs = 0
    for _ in range(400):
        sample = [m if rng.random() < 0.97 else _mutant(rng, m) for m in rng.sample(moves, min(len(moves), 30))]
        expected = all(schema.move_ok_fast(m) for m in sample)
        bad_logs += not expected
        disagreements += schema.all_moves_ok_fast(sample) != expected
    assert disagreements == 0
    assert bad_logs > 100  # the mutants did reach the check


@pytest.mark.parametrize("value, floats", [
    ({"tile": "hostile-bay", "n": 1}, False),  # "e-" in a string, after a letter
    ({"id": "x9e-", "n": 1}, True),  # a string that looks like an exponent: a harmless false alarm
    ([1e-7], True), ([1e20], True), ([5e-324], True), ({"a": 1.5}, True), ([2.0], True),
    ({"name": "Dr. Ana", "n": 3}, False),  # a dot in a string only
    ({"name": "Dr. Ana", "x": 3.0}, True), ([10 ** 18, -3, 0], False),
])
def test_the_float_scan_of_a_dumped_log(value, floats):
    import orjson

    from ludolog.replayer.core.strict_json import holds_float, may_hold_floats

    dumped = orjson.dumps(value)
    assert may_hold_floats(dumped) == floats
    if holds_float(value):  # never a miss
        assert may_hold_floats(dumped)


def _float_text(dumped: bytes) -> bool:
    """The scan's definition, written independently: a digit followed by "." or by "e+"/"e-"."""
    import re

    return re.search(rb"[0-9](?:\.|e[+-])", dumped) is not None


@pytest.mark.parametrize("hyphens", [0, 3, 40, 400], ids=lambda n: f"{n}-hyphens")
def test_the_float_scan_finds_an_exponent_wherever_it_is(hyphens):
    """may_hold_floats looks for signs one by one, then (past a number of them) for "e+"/"e-": an
    exponent before, at and after that point, at the very start and end, is found; a sign after a
    letter or after "e" without a digit is not an exponent."""
    from ludolog.replayer.core.strict_json import may_hold_floats

    rng = random.Random(f"floats-{hyphens}")
    pieces = [b'"tile-%d"' % i for i in range(hyphens)] + [b'"one+two"', b'"hostile-bay"', b'"e-"', b'-3']
    for _ in range(300):
        body = pieces[:]
        rng.shuffle(body)
        if rng.random() < 0.6:
            body.insert(rng.randrange(len(body) + 1), rng.choice([b"1e-7", b"5e+20", b"x9e-", b"2.0", b"9e+"]))
        dumped = b"[" + b",".join(body) + b"]"
        assert may_hold_floats(dumped) == _float_text(dumped), dumped
    for text in (b"1e-7", b"1e+7", b"e-7", b"-7", b"+", b"", b"9e", b"x1e-5]", b"[1e+5"):
        assert may_hold_floats(text) == _float_text(text), text
