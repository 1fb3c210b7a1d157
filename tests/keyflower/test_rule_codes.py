"""Every KEY.* code the pure rules raise is declared with its passage, and every declared code is raised."""
import re
from pathlib import Path

import pytest

from ludolog.replayer.keyflower import rules

PACKAGE = Path(rules.__file__).parent


def raised_codes() -> set[str]:
    found = set()
    for path in PACKAGE.glob("*.py"):
        found |= set(re.findall(r'refuse\(\s*"(KEY\.[A-Z_.]+)"', path.read_text()))
    return found


def test_codes_raised_and_declared_agree():
    declared = {r.code for r in rules.KEYFLOWER_RULES}
    assert raised_codes() == declared


def test_every_code_names_its_passage_and_a_sentence():
    for rule in rules.KEYFLOWER_RULES:
        assert rule.ref and rule.summary.endswith("."), rule.code


def test_an_undeclared_code_is_a_programming_error():
    with pytest.raises(KeyError):
        rules.refuse("KEY.NOT.DECLARED", "never")
