"""The two Castles of Burgundy named queries on a small simulated corpus, against answers computed in
Python from the replays."""
from __future__ import annotations

from collections import defaultdict

import duckdb
import orjson
import pytest

from ludolog.etl.ingest import ingest
from ludolog.queries import run_query
from ludolog.replayer.core import parse_log, replay, simulate_log

PLAN = [(1, {}), (1, {"side": "B"}), (1, {"side": "B"}), (2, {}), (3, {})]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cob-queries")
    logs = folder / "logs"
    logs.mkdir()
    results = []
    for k, (n, options) in enumerate(PLAN):
        raw = simulate_log("castles-of-burgundy", n, f"q{k}", options)
        (logs / f"cob-{k}.json").write_bytes(orjson.dumps(raw))
        results.append(replay(parse_log(orjson.dumps(raw), "q.json")))
    db = folder / "q.duckdb"
    ingest([logs], db, workers=1)
    con = duckdb.connect(str(db), read_only=True)
    yield con, results
    con.close()


def test_solo_wins_by_side(corpus):
    con, results = corpus
    rows = run_query(con, "castles_of_burgundy_solo_wins", {}).to_pylist()
    expected = defaultdict(lambda: [0, 0, 0])  # side -> games, wins, spaces filled
    for r in results:
        if len(r.log.players) == 1:
            e = r.state.estates[0]
            side = {"solo-A": "solo-A", "solo-B": "solo-B"}[e.board.id]
            expected[side][0] += 1
            expected[side][1] += bool(r.winners)
            expected[side][2] += e.filled.bit_count()
    assert {row["side"]: [row["games"], row["wins"], round(row["mean_spaces_filled"] * row["games"])] for row in rows} \
        == {side: v for side, v in expected.items()}
    for row in rows:
        assert row["win_rate"] == round(row["wins"] / row["games"], 4)


def test_vp_by_source(corpus):
    con, results = corpus
    rows = run_query(con, "castles_of_burgundy_vp_by_source", {}).to_pylist()
    expected = defaultdict(int)
    for r in results:
        for event in r.state.ledger.events:
            expected[(len(r.log.players), event.category)] += event.delta
    assert {(row["player_count"], row["category"]): row["points"] for row in rows} == dict(expected)
    two = run_query(con, "castles_of_burgundy_vp_by_source", {"players": "2"}).to_pylist()
    assert {row["player_count"] for row in two} == {2}
    assert abs(sum(row["share"] for row in two) - 1) < 0.01
