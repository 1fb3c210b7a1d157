"""Boonlake's rows (``Boonlake.player_rows``: one tuple per seat read straight from the state, the
removed houses and settlements from the counts kept as pieces are taken) against the reading
written out here (:func:`_counted_afresh`, which looks at the vacated recesses of the board itself): typed
(True and 1 differ), after every move of simulated games of every player count and option set
(the solo game against the Wise Eminence included) and of every case log up to its rejected move."""
from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from ludolog.replayer.boonlake import GAME_ENGINE as GAME
from ludolog.replayer.core import LogError, parse_log, replay, simulate_log

CASES_DIR = Path(__file__).parents[1] / "cases" / "boonlake"
CASES = sorted(CASES_DIR.glob("*.json")) + sorted(CASES_DIR.glob("solo/*.json"))
SEEDS = (3, 41)


def _counted_afresh(s) -> list[tuple]:
    """Per seat, the state columns, the removed houses and settlements found on the board."""
    rows = []
    eminence = s.solo.ledger.totals[0] if s.solo is not None else 0
    for seat, p in enumerate(s.players):
        hand = len(p.hand) + s.deck.unknown_held.get(seat, 0)
        rows.append((s.ledger.totals[seat], p.coins, hand, p.ranch, p.vases, len(p.levers),
                     _removed(s, seat, "settlement"), p.cattle_placed, _removed(s, seat, "house"),
                     p.coin_track, p.card_track, sum(p.sites), p.ship, s.owner_tile[seat], eminence))
    return rows


def _removed(s, seat: int, piece: str) -> int:
    return sum(1 for r in s.cat.piece_order[piece] if r in s.players[seat].vacated)


def _typed(rows) -> list[tuple]:
    return [tuple((type(value).__name__, value) for value in row) for row in rows]


def _assert_same(state, where) -> None:
    fast = GAME.player_rows(state)
    assert all(type(row) is tuple for row in fast), where
    assert _typed(fast) == _typed(_counted_afresh(state)), where


@pytest.mark.parametrize("n", range(GAME.min_players, GAME.max_players + 1))
def test_the_fast_rows_are_the_player_rows_after_every_move_of_simulated_games(n):
    for seed in SEEDS:
        for k, options in enumerate(GAME.option_sets(n)):
            log = parse_log(orjson.dumps(simulate_log(GAME, n, seed + k, options)), "sim.json")
            result = replay(log, on_step=lambda i, move, s: _assert_same(s, (n, seed, options, i, move)))
            assert result.status == "valid" and result.applied == len(log.moves) > 100


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_fast_rows_are_the_player_rows_in_every_case_log(path):
    try:
        log = parse_log(path.read_bytes(), path.name)
    except LogError:
        return  # rejected before any move: no position to snapshot
    replay(log, on_step=lambda i, move, s: _assert_same(s, (path.name, i, move)))


def test_the_fast_rows_follow_unseen_cards_and_the_pieces_taken():
    # the simulator writes every card it draws; these turns (tests/boonlake/test_state_columns.py)
    # draw unseen cards, hire, modernize, place a pasture and a cattle
    from .test_engine import play, state_of
    from .test_state_columns import BUILDER, CATTLE, HIRE, PROGRESS

    s = state_of()
    _assert_same(s, "set-up")
    for i, move in enumerate([*BUILDER, *HIRE, *PROGRESS, *CATTLE]):
        play(s, move)
        _assert_same(s, (i, move))
    assert any(s.deck.unknown_held.values())


def test_turn_info_is_the_turns_so_far_and_the_round():
    # turn_info reads a table: it is the count of turns played + 1 and the round, within the table
    # and beyond it
    log = parse_log(orjson.dumps(simulate_log(GAME, 3, 12, {})), "sim.json")
    seen = set()

    def check(i, move, s):
        assert GAME.turn_info(s) == (s.turn + 1, s.rnd), i
        seen.add(s.rnd)

    replay(log, on_step=check)
    assert seen == {1, 2}
    s = replay(log, to=40).state
    for turn in (0, 255, 256, 1000):
        s.turn = turn
        assert GAME.turn_info(s) == (turn + 1, s.rnd)
