"""The two Boonlake named queries on a small simulated corpus (solo and 2 to 4 players), against
answers computed in Python: the scoring tile each player kept read from the logs' set-up (not from
the state column the SQL reads), the points by category summed from the replays' ledgers, the
winners from the replays. Boonlake is not registered yet: it is registered for this module only."""
from __future__ import annotations

from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal

import orjson
import pytest

from ludolog.queries import run_query
from ludolog.replayer.boonlake import GAME_ENGINE as GAME
from ludolog.replayer.core import parse_log, replay

from ..query_corpus import simulated_database

PLAN = [1, 1, 2, 2, 2, 3, 3, 4]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    yield from simulated_database(tmp_path_factory.mktemp("bl-queries"), GAME, PLAN, "blq", _observe)


def _observe(raw: dict) -> dict:
    result = replay(parse_log(orjson.dumps(raw), "q.json"))
    assert result.status == "valid"
    ids = result.log.player_ids
    by_category = [defaultdict(int) for _ in ids]
    for e in result.state.ledger.events:
        by_category[e.seat][e.category] += e.delta
    return {"n": len(ids), "kept": [raw["setup"]["players"][p]["scoring_tile"] for p in ids],
            "scores": [result.scores[p] for p in ids], "winners": [p in result.winners for p in ids],
            "by_category": by_category}


def _rows(con, name: str, params: dict | None = None) -> list[dict]:
    return run_query(con, name, params).to_pylist()


def _sql_round(x: float, places: int) -> float:
    """``x`` rounded as SQL's ``round`` does: a half away from zero (Python's goes to the even digit)."""
    return float(Decimal(x).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def test_the_corpus_is_what_the_tests_need(corpus):
    _, games = corpus
    assert sorted(g["n"] for g in games) == PLAN
    assert any(any(g["winners"]) for g in games if g["n"] >= 2)
    assert len({t for g in games if g["n"] >= 2 for t in g["kept"]}) >= 3


@pytest.mark.parametrize("players", [None, 2, 3])
def test_wins_by_scoring_tile_kept(corpus, players):
    con, games = corpus
    seen = defaultdict(list)  # tile -> (won, score, tile points, fair share)
    for g in games:
        if g["n"] < 2 or (players is not None and g["n"] != players):
            continue
        for seat, tile in enumerate(g["kept"]):
            seen[tile].append((g["winners"][seat], g["scores"][seat], g["by_category"][seat].get("scoring_tiles", 0),
                               1 / g["n"]))
    rows = {r["scoring_tile"]: r for r in _rows(con, "boonlake_scoring_tile_wins", {"players": players})}
    assert set(rows) == set(seen)
    for tile, entries in seen.items():
        r = rows[tile]
        wins = sum(1 for e in entries if e[0])
        assert (r["players"], r["wins"]) == (len(entries), wins)
        assert r["win_share"] == pytest.approx(_sql_round(wins / len(entries), 4))
        assert r["fair_share"] == pytest.approx(_sql_round(sum(e[3] for e in entries) / len(entries), 4))
        assert r["mean_score"] == pytest.approx(_sql_round(sum(e[1] for e in entries) / len(entries), 3))
        assert r["mean_tile_points"] == pytest.approx(_sql_round(sum(e[2] for e in entries) / len(entries), 3))
    shares = [r["win_share"] for r in _rows(con, "boonlake_scoring_tile_wins", {"players": players})]
    assert shares == sorted(shares, reverse=True)


@pytest.mark.parametrize("players", [None, 1, 4])
def test_vp_by_source(corpus, players):
    con, games = corpus
    points = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))  # count -> category -> (all, winners', others')
    seats = defaultdict(lambda: [0, 0, 0])  # count -> (player-games, winners, others)
    for g in games:
        if players is not None and g["n"] != players:
            continue
        for seat in range(g["n"]):
            won = g["winners"][seat]
            seats[g["n"]][0] += 1
            seats[g["n"]][1 if won else 2] += 1
            for category, vp in g["by_category"][seat].items():
                entry = points[g["n"]][category]
                entry[0] += vp
                entry[1 if won else 2] += vp
    rows = _rows(con, "boonlake_vp_by_source", {"players": players})
    got = {(r["player_count"], r["category"]): r for r in rows}
    # every category the ledgers hold, none more (a category of zero points is still a row)
    assert set(got) == {(n, c) for n, cats in points.items() for c in cats}
    for n, cats in points.items():
        total = sum(v[0] for v in cats.values())
        games_, winners, others = seats[n]
        for category, (vp, won_vp, other_vp) in cats.items():
            r = got[(n, category)]
            assert r["points"] == vp
            assert r["share"] == pytest.approx(_sql_round(vp / total, 4))
            assert r["points_per_player_game"] == pytest.approx(_sql_round(vp / games_, 3))
            assert r["per_winner"] == (pytest.approx(_sql_round(won_vp / winners, 3)) if winners else None)
            assert r["per_other"] == (pytest.approx(_sql_round(other_vp / others, 3)) if others else None)
    assert [r["player_count"] for r in rows] == sorted(r["player_count"] for r in rows)
