"""Golden playthroughs (tests/golden/<game>/): each committed log must replay to exactly the
committed outcome - scores, winners, every ledger event, the player rows at every scoring event and
round end, and a digest of the rows after every move (format: tests/golden/make_golden.py)."""
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import game_names
from tests.golden.make_golden import summarise
from tests.in_progress import in_progress_games, registered

GOLDEN = Path(__file__).parent / "golden"
LOGS = sorted(GOLDEN.glob("*/*.log.json"))
IN_PROGRESS = in_progress_games()  #: engines being built: registered for these tests, held to goldens too


@pytest.fixture(autouse=True)
def _in_progress_registered():
    with registered(IN_PROGRESS):
        yield


@pytest.mark.parametrize("path", LOGS, ids=[p.name.removesuffix(".log.json") for p in LOGS])
def test_golden_playthrough_replays_to_its_recorded_outcome(path):
    expected = orjson.loads(path.with_name(path.name.replace(".log.json", ".expected.json")).read_bytes())
    actual = summarise(orjson.loads(path.read_bytes()))
    assert actual["status"] == expected["status"] == "valid"
    assert set(actual) == set(expected), "the golden format changed: regenerate with tests/golden/make_golden.py"
    for key in expected:
        assert actual[key] == expected[key], f"{key} changed: regenerate deliberately if the rules engine was meant to change"


def test_every_game_has_golden_playthroughs():
    assert {p.parent.name for p in LOGS} == set(game_names())  # the engines being built included
