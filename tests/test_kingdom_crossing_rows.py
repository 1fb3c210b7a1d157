"""KingdomCrossing.take_row_changes (the ingest asks it after every move before computing the
players' rows): where it says no player's figures changed, player_rows asked afresh must be the
rows after the move before, in simulated games of every player count and solo option that reach
every move type and every coin-giving effect kind, and in the golden playthroughs."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import get_game, parse_log, replay, simulate_log
from ludolog.replayer.kingdom_crossing import effects
from tests.row_change_checks import answers_by_move_type, check_golden_playthroughs, untouched_share

GOLDEN = Path(__file__).parent / "golden" / "kingdom-crossing"
GAME = get_game("kingdom-crossing")
#: the effect kinds that change a player's coins (the other kinds go through gain, decorations,
#: Houses, birds, Favors or the score, which the move types below reach)
COIN_KINDS = {"coins", "coins_minus_bridges", "coins_minus_paws", "coins_per_bird_pair", "coins_per_bridge",
              "coins_per_guild", "coins_per_paw", "coins_per_structure", "coins_per_symbol"}


def _simulated() -> list[bytes]:
    logs = []
    for seed in range(32):
        n = 1 + seed % 4
        sets = GAME.option_sets(n)
        logs.append(orjson.dumps(simulate_log(GAME, n, f"rows-{seed}", sets[seed // 4 % len(sets)])))
    return logs


@pytest.fixture(scope="module")
def simulated() -> list[bytes]:
    return _simulated()


def test_the_simulated_games_reach_every_move_type_and_coin_effect(simulated, monkeypatch):
    calls: Counter = Counter()
    for kind, run in list(effects._EFFECT_FUNCTIONS.items()):
        def counted(*args, _run=run, _kind=kind):
            calls[_kind] += 1
            return _run(*args)
        monkeypatch.setitem(effects._EFFECT_FUNCTIONS, kind, counted)
    types: Counter = Counter()
    for data in simulated:
        log = parse_log(data, "sim.json")
        replay(log, on_step=lambda index, move, state: types.update((move["type"],)))
    assert COIN_KINDS <= set(calls), sorted(COIN_KINDS - set(calls))
    schema_types = {"start", "income", "work", "rest", "hire", "invest", "structure", "upgrade", "claim",
                    "resource", "resources", "buy", "house", "fly", "favor", "bird", "evening", "pass",
                    "decorate", "reveal", "birds", "queen", "paco", "refill"}
    assert schema_types <= set(types), sorted(schema_types - set(types))


def test_a_move_said_to_change_no_row_changes_none_in_many_simulated_games(simulated):
    # reveals, birds landing, the Queen, decorations, most incomes change no player's figures: the
    # method does say so (a game always answering True would pass the check)
    assert untouched_share(GAME, simulated) > 1 / 3


def test_a_move_said_to_change_no_row_changes_none_in_the_golden_playthroughs():
    check_golden_playthroughs(GAME, GOLDEN)


def test_the_answer_is_forgotten_once_given(simulated):
    answers = answers_by_move_type(GAME, simulated[1])
    # a work move always places a Paw marker or moves the Beaver; a Queen card revealed changes nobody
    assert answers["work"] == {True} and answers["queen"] == {False}
