"""Checks of a game's take_row_changes shared by the games' own row tests (tests/entdecker,
tests/castles_of_burgundy, tests/keyflower, tests/boonlake, tests/test_kingdom_crossing_rows.py):
over many logs, over the golden playthroughs, and the answer given twice after one move."""
from __future__ import annotations

from pathlib import Path

import orjson

from ludolog.replayer.core import parse_log, replay
from tests.test_state_columns import _untouched_rows_stay


def untouched_share(game, logs: list[bytes]) -> float:
    """Of all moves of ``logs``, the share take_row_changes said changed nothing, each checked by
    :func:`_untouched_rows_stay` (player_rows afresh equal to the rows before, value and type)."""
    untouched = moves = 0
    for number, data in enumerate(logs):
        untouched += _untouched_rows_stay(game, data, f"log-{number}.json")
        moves += len(orjson.loads(data)["moves"])
    return untouched / moves


def check_golden_playthroughs(game, folder: Path) -> None:
    """:func:`_untouched_rows_stay` over every ``*.log.json`` of ``folder`` (there must be some)."""
    logs = sorted(folder.glob("*.log.json"))
    assert logs, folder
    for path in logs:
        _untouched_rows_stay(game, path.read_bytes(), path.name)


def answers_by_move_type(game, data: bytes) -> dict[str, set[bool]]:
    """The first answers of take_row_changes after the moves of each type of one log; asked twice
    after every move, the second answer must be False (the first forgot what it reported)."""
    first: dict[str, set[bool]] = {}
    seconds: set[bool] = set()

    def on_step(index, move, state):
        first.setdefault(move["type"], set()).add(game.take_row_changes(state))
        seconds.add(game.take_row_changes(state))

    replay(parse_log(data, "sim.json"), on_step=on_step)
    assert seconds == {False}
    return first
