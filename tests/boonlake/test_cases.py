"""Every Boonlake case log (tests/boonlake/cases, written by make_cases.py - solo/ by make_solo_cases.py - with hand-written
expectations) is rejected with its code, at its move and JSON pointer; every declared rule code has
a case except the few make_cases.MISSING names (kept exact, so it can only shrink)."""
from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from ludolog.replayer.boonlake import GAME_ENGINE as GAME
from ludolog.replayer.core import LogError, parse_log, replay

CASES = Path(__file__).parents[1] / "cases" / "boonlake"
FILES = sorted(CASES.glob("*.json")) + sorted(CASES.glob("solo/*.json"))  # solo/: make_solo_cases.py
#: kept in step with make_cases.MISSING (importing the maker would replay its scripted prefixes)
MISSING: set[str] = set()



@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_case_is_rejected_where_expected(path):
    data = path.read_bytes()
    expect = orjson.loads(data)["meta"]["expect"]
    try:
        result = replay(parse_log(data, path.name))
        first = result.violations[0] if result.violations else None
    except LogError as exc:
        first = exc.violations[0]
    assert first is not None, f"{path.name} replays without a violation"
    assert (first.code, first.move_index, first.pointer) == (expect["code"], expect["move_index"], expect["pointer"]), \
        first.message
    assert first.message and first.rule_ref


def test_every_declared_code_has_a_case_but_the_listed_ones():
    covered = {orjson.loads(p.read_bytes())["meta"]["expect"]["code"] for p in FILES}
    declared = {rule.code for rule in GAME.rules}
    assert declared - covered == MISSING
    assert covered <= declared | {c for c in covered if c.startswith("CORE.")}
