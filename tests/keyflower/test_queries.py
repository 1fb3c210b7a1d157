"""The two Keyflower named queries on a small simulated corpus (2 to 6 players), against answers
computed in Python from the replays: the winning bids read from the engine's standing bids on each
tile just before the season ended (not from the moves' ``from`` chains the SQL follows), the winter
tiles counted from the villages at the end and the winners from the replay."""
from __future__ import annotations

from collections import defaultdict

import duckdb
import orjson
import pytest

from ludolog.etl.ingest import ingest
from ludolog.queries import run_query
from ludolog.replayer.core import parse_log, registry, replay
from ludolog.replayer.keyflower import GAME
from ludolog.replayer.keyflower.catalog import Season
from ludolog.replayer.keyflower.state import Phase

from ..query_corpus import simulated_database

PLAN = [2, 2, 3, 4, 5, 6]
SEASON_NAMES = {1: "spring", 2: "summer", 3: "autumn", 4: "winter"}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    yield from simulated_database(tmp_path_factory.mktemp("kf-queries"), GAME, PLAN, "kq", _observe)


def _observe(raw: dict) -> dict:
    """The replay of ``raw``: the bids standing on each tile when each season's actions ended, and the result."""
    standing: dict[int, dict[str, int]] = {}
    last: dict = {}

    def on_step(index, move, s):
        nonlocal last
        if s.phase is Phase.ACTIONS:
            last = {"season": s.season + 1, "tiles": {t: w.highest().count for t, w in s.on_tile.items() if w.bids}}
        elif last:
            standing[last["season"]] = last["tiles"]
            last = {}

    result = replay(parse_log(orjson.dumps(raw), "q.json"), on_step=on_step)
    assert result.status == "valid"
    s = result.state
    winter = [sum(1 for t in p.coords if s.cat.tiles[t].season is Season.WINTER) for p in s.players]
    winter_points = [sum(e.delta for e in s.ledger.events if e.seat == seat and e.category == "winter_tiles")
                     for seat in range(s.n)]
    return {"n": len(raw["players"]), "standing": standing, "winter": winter, "winter_points": winter_points,
            "scores": [result.scores[p] for p in result.log.player_ids],
            "winners": [p in result.winners for p in result.log.player_ids]}


def test_every_season_had_bids_in_the_corpus(corpus):
    _, games = corpus
    assert all(set(g["standing"]) == {1, 2, 3, 4} for g in games)


def _expected_bids(games, players=None):
    out = defaultdict(list)
    for g in games:
        if players is not None and g["n"] != players:
            continue
        for season, tiles in g["standing"].items():
            for tile, bid in tiles.items():
                out[(season, "turn order" if tile.startswith("turn_order_") else "village")].append(bid)
    return out


def test_winning_bids_by_season(corpus):
    con, games = corpus
    for players in (None, 2):
        rows = run_query(con, "keyflower_winning_bids", {} if players is None else {"players": str(players)}).to_pylist()
        expected = _expected_bids(games, players)
        assert {(r["season"], r["kind"]): (r["tiles_won"], r["largest_winning_bid"]) for r in rows} \
            == {key: (len(bids), max(bids)) for key, bids in expected.items()}
        for r in rows:
            bids = expected[(r["season"], r["kind"])]
            assert r["mean_winning_bid"] == pytest.approx(sum(bids) / len(bids), abs=1e-3)
            assert r["season_name"] == SEASON_NAMES[r["season"]]
        assert [(r["season"], r["kind"]) for r in rows] == sorted(expected, key=lambda k: (k[0], k[1] != "village"))


def test_winning_share_by_winter_tiles_held(corpus):
    con, games = corpus
    rows = run_query(con, "keyflower_winter_tiles", {}).to_pylist()
    expected = defaultdict(lambda: [0, 0, 0, 0])  # winter tiles -> players, wins, score sum, winter points sum
    for g in games:
        for held, won, score, points in zip(g["winter"], g["winners"], g["scores"], g["winter_points"]):
            e = expected[held]
            e[0] += 1
            e[1] += won
            e[2] += score
            e[3] += points
    assert [r["winter_tiles"] for r in rows] == sorted(expected)
    for r in rows:
        players, wins, scores, points = expected[r["winter_tiles"]]
        assert (r["players"], r["wins"]) == (players, wins)
        assert r["win_share"] == pytest.approx(wins / players, abs=1e-4)
        assert r["mean_score"] == pytest.approx(scores / players, abs=1e-3)
        assert r["mean_winter_points"] == pytest.approx(points / players, abs=1e-3)
    six = run_query(con, "keyflower_winter_tiles", {"players": "6"}).to_pylist()
    assert sum(r["players"] for r in six) == 6


def test_a_group_that_moved_away_and_a_new_bid_on_its_tile(tmp_path):
    """Hand-written spring: Ana bids 1 red for the Woodcutter, Ben outbids with 2, Ana's outbid worker
    moves on to use the Keywood, and Ana bids 3 red for the Woodcutter from behind her screen; both
    pass. Ana wins with 3 (her moved worker no longer counts there): the spring row is 1 tile won,
    winning bid 3. The rest of the game is played by the scripted table of the rule cases."""
    from tests.cases.make_keyflower_cases import SPRING, log, played_until

    spring = SPRING + [
        {"type": "bid", "player": "ana", "tile": "woodcutter", "colour": "red", "count": 1},
        {"type": "bid", "player": "ben", "tile": "woodcutter", "colour": "red", "count": 2},
        {"type": "use", "player": "ana", "tile": "keywood", "workers": {"red": 1}, "from": "woodcutter"},
        {"type": "pass", "player": "ben"},
        {"type": "bid", "player": "ana", "tile": "woodcutter", "colour": "red", "count": 3},
        {"type": "pass", "player": "ben"},
        {"type": "pass", "player": "ana"},
    ]
    registered = GAME.name in registry.game_names()
    if not registered:
        registry.register(GAME)
    try:
        raw = played_until(log(spring), lambda s: s.phase is Phase.END)
        s = raw.pop("state")
        assert s.players[0].coords.get("woodcutter") is not None  # Ana won it
        (tmp_path / "logs").mkdir()
        (tmp_path / "logs" / "hand.json").write_bytes(orjson.dumps(raw))
        ingest([tmp_path / "logs"], tmp_path / "h.duckdb", workers=1)
        with duckdb.connect(str(tmp_path / "h.duckdb"), read_only=True) as con:
            assert con.execute("SELECT status FROM games").fetchall() == [("valid",)]
            rows = run_query(con, "keyflower_winning_bids", {}).to_pylist()
    finally:
        if not registered:
            registry.unregister(GAME.name)
    (spring_row,) = [r for r in rows if r["season"] == 1]
    assert (spring_row["kind"], spring_row["tiles_won"], spring_row["mean_winning_bid"], spring_row["largest_winning_bid"]) \
        == ("village", 1, 3, 3)
