"""Keyflower.take_row_changes (the ingest's question after every move: may a seat's row have
changed?) held to the rows themselves: wherever it says no, every seat's ``player_rows``, counted
afresh, must be the row after the move before (value and type), after every move of many simulated
games of every player count, of the golden playthroughs and of the case logs (up to their rejected
move). And it must say no where the rules leave every row alone: a pass that does not end the
season, the layout, carries; else it would save nothing."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import parse_log, replay, simulate_log
from ludolog.replayer.keyflower import GAME
from ludolog.replayer.keyflower.engine import QUIET_MOVES

from ..row_change_checks import check_golden_playthroughs, untouched_share
from ..test_state_columns import _untouched_rows_stay

GOLDEN_FOLDER = Path(__file__).parents[1] / "golden" / "keyflower"
GOLDEN = sorted(GOLDEN_FOLDER.glob("*.log.json"))
CASES = sorted((Path(__file__).parents[1] / "cases" / "keyflower").glob("*.json"))
SEEDS = range(100, 106)  # besides test_state_columns' seed 17: boats 1a/1b, 2b, Flipper, short bags


@pytest.mark.parametrize("n", range(GAME.min_players, GAME.max_players + 1))
def test_a_move_said_to_change_no_row_changes_none_in_simulated_games(n):
    assert untouched_share(GAME, [orjson.dumps(simulate_log(GAME, n, seed, {})) for seed in SEEDS]) > 0


def test_a_move_said_to_change_no_row_changes_none_in_the_golden_and_case_logs():
    check_golden_playthroughs(GAME, GOLDEN_FOLDER)
    for path in CASES:
        _untouched_rows_stay(GAME, path.read_bytes(), path.name)


def _answers(data: bytes) -> list[tuple[dict, bool]]:
    """(move, what take_row_changes said after it) for every move of a log."""
    said: list = []
    replay(parse_log(data, "sim.json"), on_step=lambda index, move, state: said.append((move, GAME.take_row_changes(state))))
    return said


def test_the_quiet_moves_say_no_change_unless_they_end_a_season_and_the_others_say_a_change():
    said = _answers(GOLDEN[-1].read_bytes())
    by_type = Counter((move["type"], changed) for move, changed in said[1:])
    # laying out tiles, loading boats face up, putting up winter tiles and carrying within one
    # village never change what a row shows
    for quiet in ("lay", "load", "winter", "carry"):
        assert by_type[(quiet, True)] == 0 and by_type[(quiet, False)] > 0, (quiet, by_type)
    # a pass changes a row only when it is the last of the season (the season's end: bids come back)
    ends = sum(1 for k in range(1, len(said) - 1) if said[k][0]["type"] == "pass" and said[k + 1][0]["type"] == "boat")
    assert by_type[("pass", True)] == ends == 4 and by_type[("pass", False)] > 0  # four seasons
    for move, changed in said[1:]:
        assert changed or move["type"] in QUIET_MOVES, move


def test_a_clone_keeps_the_answer_of_its_state():
    """A clone made after a bid (before anybody asked) says a row may have changed, as its original
    does; asked once, each forgets it, independently of the other."""
    log = parse_log(GOLDEN[0].read_bytes(), GOLDEN[0].name)
    after_bid: list = []
    replay(log, on_step=lambda index, move, state: after_bid.append(GAME.clone(state)) if move["type"] == "bid" and not after_bid else None)
    original = after_bid[0]
    clone = GAME.clone(original)
    assert GAME.take_row_changes(original) is True
    assert GAME.take_row_changes(original) is False
    assert GAME.take_row_changes(clone) is True
    assert GAME.take_row_changes(clone) is False
