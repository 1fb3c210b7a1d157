"""The final scoring of the multi-player golden playthroughs (tests/golden/boonlake/), worked out
again from the rules text and the catalog file itself, from what each player holds at the end - not
from the engine's scoring functions.

Rules text, Final Scoring: levers score 2 VP each with 4-6 of them and 3 VP each with 7 or more (fewer
than 4 score nothing: the engine's reading, the text names only 4-6 and 7+); every card played scores
the VP symbol it shows; every vacated recess of tiers 3, 4 and 5 of the player board scores 2, 4 and
6 VP."""
from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import parse_log, replay

from .test_engine import GAME

GOLDEN = sorted((Path(__file__).parent.parent / "golden" / "boonlake").glob("boonlake-[234]p-*.log.json"))
RAW = json.loads(resources.files("ludolog.replayer.boonlake").joinpath("catalog.json").read_text())
CARD_VP = {c["id"]: c["vp"] for c in RAW["project_cards"]["cards"]}
RECESS_TIER = {r["id"]: tier["tier"] for tier in RAW["player_board"]["tiers"] for r in tier["recesses"]}
TIER_VP = {3: 2, 4: 4, 5: 6}  # "tiers 3/4/5 at 2/4/6 VP per vacated recess"




def _lever_vp(n: int) -> int:
    return 3 * n if n >= 7 else 2 * n if n >= 4 else 0


def test_there_are_multi_player_goldens():
    assert {p.name.split("-")[1] for p in GOLDEN} == {"2p", "3p", "4p"}


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name.removesuffix(".log.json") for p in GOLDEN])
def test_the_final_scoring_of_a_golden_as_the_rules_text_counts_it(path):
    result = replay(parse_log(path.read_bytes(), path.name))
    assert result.status == "valid"
    s = result.state
    last = result.applied - 1
    for seat, p in enumerate(s.players):
        final = {}
        for e in s.ledger.events:
            if e.seat == seat and e.move_index == last and e.reason.startswith("final scoring"):
                final[e.category] = final.get(e.category, 0) + e.delta
        vacated_vp = sum(TIER_VP.get(RECESS_TIER.get(r, 0), 0) for r in p.vacated)
        expected = {"levers": _lever_vp(len(p.levers)), "cards": sum(CARD_VP[c] for c in p.played),
                    "tiers": vacated_vp}
        for category, vp in expected.items():
            assert final.get(category, 0) == vp, (s.ids[seat], category)
        assert set(final) <= set(expected) | {"game_end_cards"}
    # the scores are the ledger's sums, and a winner holds the most
    scores = orjson.loads(path.with_name(path.name.replace(".log.json", ".expected.json")).read_bytes())["scores"]
    assert scores == dict(zip(s.ids, s.ledger.totals))
    assert set(result.winners) == {pid for pid, v in scores.items() if v == max(scores.values())}


def test_the_wise_eminences_unrevealed_b_tiles_in_the_solo_golden():
    # "look through the face-down solo stack: for every yet-unrevealed B-tile, they score 10 VP": the
    # stack holds the 6 tiles the difficulty leaves (5 A and 5 B less those removed), remixed whole each
    # time it is depleted, so the tiles still face down are those of the current stack not yet revealed
    path = next((Path(__file__).parent.parent / "golden" / "boonlake").glob("boonlake-1p-*.log.json"))
    raw = orjson.loads(path.read_bytes())
    removed = RAW["solo"]["difficulty"][raw["setup"]["eminence"]["difficulty"]]
    b_in_stack = 5 - removed["B"]
    reveals = [m["tile"] for m in raw["moves"] if m["type"] == "eminence"]
    current = reveals[len(reveals) - len(reveals) % 6:] if len(reveals) % 6 else []
    grade = {t["id"]: t["grade"] for t in RAW["solo"]["tiles"]}
    unrevealed_b = b_in_stack - sum(grade[t] == "B" for t in current)
    result = replay(parse_log(path.read_bytes(), path.name))
    tiles_vp = [e.delta for e in result.state.solo.ledger.events if e.category == "solo_tiles"]
    assert sum(tiles_vp) == 10 * unrevealed_b
    # "If you have the same or more victory points as the Wise Eminence, you win"
    ana, eminence = result.scores["ana"], result.bot_scores["wise-eminence"]
    assert (result.winners == ["ana"]) == (ana >= eminence)
