"""schema/boonlake.example.md replays exactly as its notes say (tests/test_examples.py replays the
examples of registered games only; Boonlake is registered here for the test). Every figure below is
worked out by hand from the notes, the rules text and the catalog, never read from the engine."""
from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import parse_log, registry, replay

from .test_engine import GAME

EXAMPLE = Path(__file__).parent.parent.parent / "schema" / "boonlake.example.md"
COLUMNS = [c for c, _ in GAME.state_columns]


@pytest.fixture(autouse=True)
def _registered():
    registry.register(GAME)
    yield
    registry.unregister(GAME.name)


def _raw() -> dict:
    blocks = re.findall(r"```json\n(.*?)\n```", EXAMPLE.read_text(encoding="utf-8"), re.S)
    return orjson.loads(blocks[-1])


def test_the_example_replays_cleanly_and_its_claims_hold():
    raw = _raw()
    result = replay(parse_log(orjson.dumps(raw), EXAMPLE.name))
    assert result.violations == [] and result.status == "unfinished"
    assert result.applied == len(raw["moves"]) == 50
    for event in raw["claimed"]["events"]:
        totals = result.state.ledger.totals_through(event["after"])
        assert dict(zip(result.log.player_ids, totals)) == event["scores"], event["label"]


def test_the_table_writes_what_it_sees():
    raw = _raw()
    moves = raw["moves"]
    assert raw["setup"]["players"]["ben"]["hand"] == ["?"] * 6  # Ben's hand is hidden from the writer
    assert moves[9] == {"type": "play", "player": "ben", "card": "N10"}  # an unknown card named when played
    assert moves[2]["tile"] == "B27" and moves[3]["tile"] == "B18"  # gray tiles named when turned over
    assert [m["card"] for m in moves[41:45]] == ["D07", "S10", "?", "?"]  # income cards: Ana's seen, Ben's not
    kinds = {m["type"] for m in moves}
    assert kinds == {"action", "play", "discard", "pass", "explore", "develop", "upgrade", "pasture", "cattle",
                     "region", "modernize", "draw", "hire", "ship", "score", "card", "lever"}


def test_the_figures_at_the_end_as_the_notes_work_them_out():
    result = replay(parse_log(orjson.dumps(_raw()), EXAMPLE.name))
    ana, ben = (dict(zip(COLUMNS, row)) for row in GAME.player_rows(result.state))
    # Ana's coins: 6 - 2 (D44) + 3 (space 4) - 3 (hire) - 1 (D16) + 8 (its exchange) + 2 (B27's site)
    # - 2 (N18) - 1 (m6) - 5 (T13) + 2 (coin track) + 1 (vacated house recess) + 2 (region scoring) = 10
    # cards: 6 - 1 (D44) + 1 (S23) - 1 (D16) - 1 (N18) + 2 (income) = 6; ranch: 3 - 1 (develop) + 1 (hire)
    # - 1 (D16's exchange) - 1 (the upgrade) - 1 (develop) = 0; the vase of river space 11; 1 lever; the
    # loam site of space 10 beside her stone site; 1 step up the card track (N18)
    assert ana == {"score": 7, "coins": 10, "cards_in_hand": 6, "ranch": 0, "vases": 1, "levers": 1,
                   "settlements": 0, "cattle": 0, "houses": 1, "coin_track": 0, "card_track": 1,
                   "production_sites": 2, "river": "16", "scoring_tile": "T01", "eminence_score": 0}
    # Ben's coins: 7 - 1 (N10) + 3 (N26 discarded, N10's bonus) + 1 (space 8) + 1 (B21's site) - 1 (S43)
    # + 3 (space 16) + 2 (Ana's house next to the pasture) + 2 (coin track) + 2 (S12) + 2 (regions) = 21
    # cards: 6 + 2 - 1 - 1 + 1 - 1 + 2 + 1 + 2 - 1 = 10; ranch: 3 + 1 (Hire) - 1 (develop) + 0 (pasture
    # 16 has no inhabitant reward) - 1 (cattle) = 2
    assert ben == {"score": 2, "coins": 21, "cards_in_hand": 10, "ranch": 2, "vases": 0, "levers": 0,
                   "settlements": 0, "cattle": 1, "houses": 0, "coin_track": 0, "card_track": 0,
                   "production_sites": 1, "river": "16", "scoring_tile": "T05", "eminence_score": 0}
