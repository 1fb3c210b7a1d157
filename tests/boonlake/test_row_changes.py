"""Boonlake.take_row_changes (the ingest's question after every move: may a seat's row have
changed?) held to the rows themselves: wherever it says no, every seat's ``player_rows``, counted
afresh, must be the row after the move before (value and type), after every move of many simulated
games of every player count (the solo game against the Wise Eminence included), of the golden
playthroughs and of the case logs (up to their rejected move). And it must say no where the rules
leave every row alone (a part declined, cards to be drawn, an order announced); else it would save
nothing."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.boonlake import GAME
from ludolog.replayer.boonlake.engine import QUIET_MOVES
from ludolog.replayer.core import parse_log, replay, simulate_log

from ..row_change_checks import check_golden_playthroughs, untouched_share
from ..test_state_columns import _untouched_rows_stay

GOLDEN_FOLDER = Path(__file__).parents[1] / "golden" / "boonlake"
GOLDEN = sorted(GOLDEN_FOLDER.glob("*.log.json"))
CASES = sorted((Path(__file__).parents[1] / "cases" / "boonlake").glob("*.json"))
SEEDS = range(200, 212)  # besides test_state_columns' seed 17: the Builder, region scorings, round 2, full boards


@pytest.mark.parametrize("n", range(GAME.min_players, GAME.max_players + 1))
def test_a_move_said_to_change_no_row_changes_none_in_simulated_games(n):
    assert untouched_share(GAME, [orjson.dumps(simulate_log(GAME, n, seed, {})) for seed in SEEDS]) > 0


def test_a_move_said_to_change_no_row_changes_none_in_the_golden_and_case_logs():
    check_golden_playthroughs(GAME, GOLDEN_FOLDER)
    for path in CASES:
        _untouched_rows_stay(GAME, path.read_bytes(), path.name)


def test_only_the_quiet_moves_say_no_change_and_drawing_never_changes_a_row():
    said: list = []
    for path in GOLDEN:
        replay(parse_log(path.read_bytes(), path.name),
               on_step=lambda index, move, state: said.append((move["type"], GAME.take_row_changes(state))) if index else None)
    by_type = Counter(said)
    # a 'draw' only queues the cards, which the table's 'card' moves then write into the hand
    assert by_type[("draw", True)] == 0 and by_type[("draw", False)] > 0
    assert by_type[("pass", False)] > 0 and by_type[("action", False)] > 0
    assert {t for t, changed in said if not changed} <= QUIET_MOVES
    # a card drawn always adds to a hand
    assert by_type[("card", False)] == 0 and by_type[("card", True)] > 0


def test_a_clone_keeps_the_answer_of_its_state():
    """A clone made after a card drawn (before anybody asked) says a row may have changed, as its
    original does; asked once, each forgets it, independently of the other."""
    log = parse_log(GOLDEN[1].read_bytes(), GOLDEN[1].name)
    after_card: list = []
    replay(log, on_step=lambda index, move, state: after_card.append(GAME.clone(state))
           if move["type"] == "card" and not after_card else None)
    original = after_card[0]
    clone = GAME.clone(original)
    assert GAME.take_row_changes(original) is True
    assert GAME.take_row_changes(original) is False
    assert GAME.take_row_changes(clone) is True
    assert GAME.take_row_changes(clone) is False
