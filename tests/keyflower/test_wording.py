"""Keyflower's sentences count as a player writes: "1 worker", "2 workers", never "1 workers" or "worker(s)".

The sentences judged are those a user reads: every refusal of the case logs (tests/cases/keyflower/,
one per rule code) and every ledger line of the golden playthroughs (tests/golden/keyflower/).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludolog.replayer.core import LogError, parse_log, replay
from ludolog.replayer.keyflower.rules import counted

HERE = Path(__file__).parent
CASES = sorted((HERE.parent / "cases" / "keyflower").glob("*.json"))
GOLDEN = sorted((HERE.parent / "golden" / "keyflower").glob("*.log.json"))
#: a count of one before a plural noun ("1 workers", "1 red workers", "1 touching tiles"), or a "(s)"
MISCOUNTED = re.compile(r"(?<![\d.])1 (?:[a-z]+ )?(?:workers|tiles|skill tiles|resources|boats|points)\b|\(s\)")


def test_counted_names_one_in_the_singular_and_every_other_number_in_the_plural():
    assert counted(1, "worker") == "1 worker"
    assert counted(0, "worker") == "0 workers"
    assert counted(2, "red worker") == "2 red workers"
    assert counted(1, "skill tile") == "1 skill tile" and counted(3, "skill tile") == "3 skill tiles"


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_every_refusal_of_the_case_logs_counts_correctly(path):
    try:
        result = replay(parse_log(path.read_bytes(), path.name))
        messages = [v.message for v in result.violations]
    except LogError as exc:
        messages = [v.message for v in exc.violations]
    assert messages
    assert not [m for m in messages if MISCOUNTED.search(m)]


def test_the_refusals_that_count_one_say_one_worker_or_tile():
    # the case logs whose rule counts exactly one (worked by hand from each case's set-up)
    said = {}
    for code in ("KEY.DRAW.COUNT", "KEY.BOAT.SHORT", "KEY.FINAL.SCREEN", "KEY.USE.TOO_FEW", "KEY.BID.WINNING",
                 "KEY.TRANSPORT.CAPACITY"):
        path = HERE.parent / "cases" / "keyflower" / f"{code}.json"
        said[code] = replay(parse_log(path.read_bytes(), path.name)).violations[0].message
    assert "draws 1 worker," in said["KEY.DRAW.COUNT"]  # the Alehouse draws one worker
    assert "loaded with 1 worker this autumn" in said["KEY.BOAT.SHORT"]
    assert "has 1 worker behind the screen" in said["KEY.FINAL.SCREEN"]
    assert "placed 1 worker:" in said["KEY.USE.TOO_FEW"]
    assert "the bid of 1 red worker is winning" in said["KEY.BID.WINNING"]
    assert "(1 tile away)" in said["KEY.TRANSPORT.CAPACITY"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_every_ledger_line_of_the_golden_games_counts_correctly(path):
    result = replay(parse_log(path.read_bytes(), path.name))
    reasons = [e.reason for e in result.state.ledger.events]
    assert reasons
    assert not [r for r in reasons if MISCOUNTED.search(r)]


def test_the_golden_games_hold_lines_that_count_one():
    # the scan above judges something: some final scoring line counts exactly one of a thing
    reasons = [e.reason for path in GOLDEN for e in replay(parse_log(path.read_bytes(), path.name)).state.ledger.events]
    assert any(re.search(r"(?<![\d.])1 (?:touching tile|boat|point|tile)\b", r) for r in reasons)
