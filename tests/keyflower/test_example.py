"""The annotated example log (schema/keyflower.example.md) replays as its notes say: the ledger line
by line as the notes work it out from the tile texts, the screens and villages at the end, and the
unseen workers identified when placed. tests/test_examples.py replays it with every registered game's."""
from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import parse_log, registry, replay
from ludolog.replayer.keyflower import GAME

EXAMPLE = Path(__file__).parent.parent.parent / "schema" / "keyflower.example.md"


@pytest.fixture(scope="module")
def example():
    raw = orjson.loads(re.findall(r"```json\n(.*?)\n```", EXAMPLE.read_text(encoding="utf-8"), re.S)[-1])
    registered = GAME.name in registry.game_names()
    if not registered:
        registry.register(GAME)
    try:
        steps = []
        result = replay(parse_log(orjson.dumps(raw), EXAMPLE.name), on_step=lambda i, m, s: steps.append(GAME.player_rows(s)))
    finally:
        if not registered:
            registry.unregister(GAME.name)
    return raw, result, steps


def test_the_example_is_valid_with_the_claimed_scores(example):
    raw, result, _ = example
    assert result.status == "valid" and result.violations == [] and result.applied == len(raw["moves"])
    assert result.scores == raw["claimed"]["final"] == {"ana": 15, "ben": 18}
    assert result.winners == ["ben"]


def test_everything_behind_the_screens_is_unseen_until_used(example):
    raw, _, _ = example
    setup = raw["setup"]
    assert setup["workers"] == [{"?": 8}, {"?": 8}]
    assert setup["winter_tiles"] == [["?", "?", "?"], ["?", "?", "?"]]
    draws = [m for m in raw["moves"] if m["type"] == "draw"]
    assert draws and all(set(m["workers"]) == {"?"} for m in draws)


def test_the_final_scoring_lines_as_the_notes_work_them_out(example):
    _, result, _ = example
    ids = result.log.player_ids
    lines = sorted((ids[e.seat], e.category, e.delta) for e in result.state.ledger.events)
    assert lines == sorted([
        ("ana", "winter_tiles", 12),  # Keythedral: "The owner scores 12 points."
        ("ana", "tiles", 3),  # the upgraded Woodcutter's printed VP
        ("ben", "winter_tiles", 9),  # Apothecary: 17 workers, "3 points for every 5 workers"
        ("ben", "tiles", 3),  # the upgraded Keywood's printed VP
        ("ben", "boats", 2),  # Keyflower: transport 1 (home tile), doubled by summer boat 2b
        ("ben", "turn_order", 2),  # turn-order tile 1 touches the Apothecary and the Keyflower boat
        ("ben", "gold", 2),  # one gold counter and the purple keyple declared as gold
    ])


def test_the_screens_and_villages_at_the_end(example):
    _, result, steps = example
    columns = [c for c, _ in GAME.state_columns]
    ana, ben = (dict(zip(columns, row)) for row in steps[-1])
    # Ana: 21 workers and 3 skill tiles behind her screen, 3 wood in her village, 6 tiles besides home
    assert (ana["workers"], ana["red"], ana["yellow"], ana["blue"], ana["unseen_workers"]) == (21, 9, 7, 5, 0)
    assert (ana["skills"], ana["wood"], ana["gold"], ana["village_tiles"], ana["winter_tiles"]) == (3, 3, 0, 6, 2)
    # Ben: 17 workers (4 red, 7 yellow, 6 blue), 1 gold, the Apothecary his one winter tile, the purple keyple
    assert (ben["workers"], ben["red"], ben["yellow"], ben["blue"]) == (17, 4, 7, 6)
    assert (ben["gold"], ben["winter_tiles"], ben["upgraded_tiles"], ben["start_player"]) == (1, 1, 1, True)
    assert ben["transport_capacity"] == 2  # home tile's 1, doubled by summer boat 2b
    # before the final count Ana's 4 starting workers never used are still unseen
    assert dict(zip(columns, steps[-3][0]))["unseen_workers"] == 4
