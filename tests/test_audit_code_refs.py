"""Every ``module.name`` an audit row names as the code that applies a rule exists in the game's
package: a function renamed, moved or removed leaves no stale pointer for the referee."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.audit_tables import audit_rows, missing_code

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", ["boonlake", "castles_of_burgundy", "keyflower"])
def test_audit_names_only_code_that_exists(game):
    rows = audit_rows(ROOT / "tests" / game / "AUDIT.md", headers=("rule", "#", "id"))
    missing, named = missing_code(rows, ROOT / "replayer" / game)
    assert named > 20, f"{game}: the audit names too little code to check ({named})"
    assert not missing, f"{game}'s AUDIT.md names code that does not exist: {', '.join(missing)}"


def test_a_stale_reference_is_found(tmp_path):
    (tmp_path / "moves.py").write_text("def apply(s):\n    pass\n\nLIMIT = 3\n")
    rows = [("Turn", ["r1", "a rule", "`moves.apply`, moves.LIMIT, `moves.gone`, flow.x", "t", "covered"])]
    assert missing_code(rows, tmp_path) == (["moves.gone"], 3)
