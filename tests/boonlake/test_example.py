"""schema/boonlake.example.md replays exactly as its notes say (tests/test_examples.py replays the
examples of registered games only; Boonlake is registered here for the test). Every figure below is
worked out by hand from the notes, the rules text and the catalog, never read from the engine."""
from __future__ import annotations

import re
from pathlib import Path

import orjson

from ludolog.replayer.boonlake.state import Piece
from ludolog.replayer.core import parse_log, replay

from .test_engine import GAME

EXAMPLE = Path(__file__).parent.parent.parent / "schema" / "boonlake.example.md"
COLUMNS = [c for c, _ in GAME.state_columns]



def _log_of(path: Path) -> dict:
    blocks = re.findall(r"```json\n(.*?)\n```", path.read_text(encoding="utf-8"), re.S)
    return orjson.loads(blocks[-1])


def _raw() -> dict:
    return _log_of(EXAMPLE)


def test_the_example_replays_cleanly_and_its_claims_hold():
    raw = _raw()
    result = replay(parse_log(orjson.dumps(raw), EXAMPLE.name))
    assert result.violations == [] and result.status == "unfinished"
    assert result.applied == len(raw["moves"]) == 56
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
    assert moves[51] == {"type": "project", "player": "ana", "tile": "T01", "counts_as": "day", "boats": [5, 7]}
    assert moves[54] == {"type": "play", "player": "ben", "card": "D52"}  # played after Ana: the order announced
    kinds = {m["type"] for m in moves}
    assert kinds == {"action", "play", "discard", "pass", "explore", "develop", "upgrade", "pasture", "cattle",
                     "region", "modernize", "draw", "hire", "ship", "score", "card", "lever", "project", "announce"}


def test_the_figures_at_the_end_as_the_notes_work_them_out():
    result = replay(parse_log(orjson.dumps(_raw()), EXAMPLE.name))
    ana, ben = (dict(zip(COLUMNS, row)) for row in GAME.player_rows(result.state))
    # Ana's coins: 6 - 2 (D44) + 3 (space 4) - 3 (hire) - 1 (D16) + 8 (its exchange) + 2 (B27's site)
    # - 2 (N18) - 1 (m6) - 5 (T13) + 2 (coin track) + 1 (vacated house recess) + 2 (region scoring) = 10,
    # then + 3 (Builder) - 2 (T01's project) + 2 (S10 discarded) = 13
    # cards: 6 - 1 (D44) + 1 (S23) - 1 (D16) - 1 (N18) + 2 (income) - 1 (S10) = 5; ranch: 3 - 1 (develop)
    # + 1 (hire) - 1 (D16's exchange) - 1 (the upgrade) - 1 (develop) + 1 (the project's 2, one on T01) = 1;
    # the vase of river space 11; 1 lever; the loam site of space 10 beside her stone site; 1 step up the
    # card track (N18) and 1 up the coin track (T01's track)
    # VP: 7, + 4 doubled on her own tile T01 (the catalog's project VP) + 2 (river space U4) = 17
    assert ana == {"score": 17, "coins": 13, "cards_in_hand": 5, "ranch": 1, "vases": 1, "levers": 1,
                   "settlements": 0, "cattle": 0, "houses": 1, "coin_track": 1, "card_track": 1,
                   "production_sites": 2, "river": "U4", "scoring_tile": "T01", "eminence_score": 0}
    # Ben's coins: 7 - 1 (N10) + 3 (N26 discarded, N10's bonus) + 1 (space 8) + 1 (B21's site) - 1 (S43)
    # + 3 (space 16) + 2 (Ana's house next to the pasture) + 2 (coin track) + 2 (S12) + 2 (regions) = 21,
    # then - 3 (D52) + 7 (its coins) = 25
    # cards: 6 + 2 - 1 - 1 + 1 - 1 + 2 + 1 + 2 - 1 - 1 (D52) = 9; ranch: 3 + 1 (Hire) - 1 (develop) + 0
    # (pasture 16 has no inhabitant reward) - 1 (cattle) = 2
    assert ben == {"score": 2, "coins": 25, "cards_in_hand": 9, "ranch": 2, "vases": 0, "levers": 0,
                   "settlements": 0, "cattle": 1, "houses": 0, "coin_track": 0, "card_track": 0,
                   "production_sites": 1, "river": "16", "scoring_tile": "T05", "eminence_score": 0}


def test_the_announced_order_is_clockwise_from_the_player_who_chose_the_strip():
    # move 52: "the part goes clockwise from Ana, who chose the strip": no parallel window any more,
    # Ana first, then Ben; before it, Builder's all-players part was open to both at once
    raw = _raw()
    before = replay(parse_log(orjson.dumps(raw), EXAMPLE.name), to=52).state
    assert before.window is not None and before.window.waiting == {0, 1}
    after = replay(parse_log(orjson.dumps(raw), EXAMPLE.name), to=53).state
    assert after.window is None and after.queue == [0, 1]


SOLO = EXAMPLE.with_name("boonlake.solo.example.md")


def _solo() -> dict:
    return _log_of(SOLO)


def test_the_solo_example_replays_cleanly_and_its_claims_hold():
    raw = _solo()
    result = replay(parse_log(orjson.dumps(raw), SOLO.name))
    assert result.violations == [] and result.status == "unfinished"  # the claims, the Wise Eminence's too
    assert result.applied == len(raw["moves"]) == 18
    assert {m["type"] for m in raw["moves"] if "player" not in m} == {"eminence", "mound", "card"}
    assert [m for m in raw["moves"] if m["type"] in ("eminence", "mound")] == [
        {"type": "eminence", "tile": "solo-A1", "corner": "upper_left"}, {"type": "mound", "tile": "B27"},
        {"type": "mound", "tile": "B18"}, {"type": "eminence", "tile": "solo-B1", "corner": "lower_right"}]


def test_the_solo_figures_as_the_notes_work_them_out():
    s = replay(parse_log(orjson.dumps(_solo()), SOLO.name)).state
    em = s.n  # the Wise Eminence acts as seat n
    # their two tiles from location 5 (solo-A1's upper-left number): B27 on 5 (next to 6), B18 on 7 (5, 6
    # taken; 7 next to 6); the pasture of their cattle-breeding at location 12 (solo-B1's lower-right)
    assert {k: v for k, v in s.tiles.items() if k in (5, 7, 12)} == {5: "B27", 7: "B18", 12: "pasture"}
    # the bottom strip's Settle: a house from location 5 on, so 6 (B01); Pioneer's house on the second tile
    assert {k: v for k, v in s.sites.items() if v[0] == em} == {(6, 0): (em, Piece.HOUSE), (7, 0): (em, Piece.HOUSE)}
    assert s.cattle[12] == [em, 0]  # theirs, then Ana's
    # cactus: 2 (Hire at the bottom, a B-tile) + 1 (cattle-breeding on a B-tile); ship 1 -> 7 -> 13, 6 steps each
    assert (s.solo.cactus, s.solo.ship) == (3, "13")
    # 3 VP: 1 per presence in the three regions Ana's region scoring scored (their houses on 6 and 7, their
    # cattle on 12: all in Unknown)
    assert s.solo.ledger.totals == [3] and s.solo.houses_left == 6 - 2 and s.solo.cattle_left == 5 - 1
    ana = dict(zip(COLUMNS, GAME.player_rows(s)[0]))
    # coins: 7 - 2 (D44) + 2 (N03) + 1 (space 8) - 3 (hire) + 3 (river 6) + 2 (D44's cattle coins) + 2 (the
    # Wise Eminence's house on 6 next to pasture 12) + 1 (her cattle in Unknown at the region scoring) = 13;
    # cards: 6 + 2 - 1 (D44) - 1 (N03) = 6; ranch: 3 + 1 (Hire) + 1 (hired) - 2 (a cattle on a pasture of 1)
    # = 3; VP: 3 (Southern's label) + 1 (river 7) = 4
    assert ana == {"score": 4, "coins": 13, "cards_in_hand": 6, "ranch": 3, "vases": 0, "levers": 0,
                   "settlements": 0, "cattle": 1, "houses": 0, "coin_track": 0, "card_track": 0,
                   "production_sites": 1, "river": "7", "scoring_tile": "T01", "eminence_score": 3}
