"""Every named query on a small known corpus, against answers computed in Python from the replays."""
from __future__ import annotations

import math
import statistics
from collections import defaultdict
from pathlib import Path

import duckdb
import pytest

from ludolog.etl.ingest import ingest
from ludolog.queries import QueryError, get_query, named_queries, run_query
from ludolog.replayer.core import registry

from . import toygame
from .test_etl_corpus import replay_records, write_corpus

REQUIRED = {"games_by_player_count", "win_rate_by_seat", "score_distribution", "points_by_category", "game_length", "move_types",
            "lead_changes", "first_player_advantage", "player_record"}


@pytest.fixture(scope="module")
def known(tmp_path_factory):
    registry.register(toygame.GAME)
    folder = tmp_path_factory.mktemp("queries")
    files = write_corpus(folder / "logs", toy=15, entdecker=9, kingdom=8)
    db = folder / "q.duckdb"
    ingest([folder / "logs"], db, workers=1)
    records = replay_records(files)
    con = duckdb.connect(str(db), read_only=True)
    yield con, records
    con.close()
    registry.unregister("toy")


def rows(con, name, **params):
    return run_query(con, name, {k: str(v) for k, v in params.items()}).to_pylist()


def valid(records):
    return [r for r in records if r.status == "valid"]


def check(actual: list[dict], expected: list[dict], key: tuple[str, ...]):
    """Same keys, same rows (by ``key``), numbers equal up to the queries' rounding."""
    assert [tuple(a[k] for k in key) for a in actual] == [tuple(e[k] for k in key) for e in expected]
    for a, e in zip(actual, expected):
        for column, value in e.items():
            if value is None or isinstance(value, float) or isinstance(a[column], float):
                if value is None or (isinstance(value, float) and math.isnan(value)):
                    assert a[column] is None, (column, a)
                else:
                    assert a[column] == pytest.approx(value, abs=1.1e-3), (column, a, e)
            else:
                assert a[column] == value, (column, a, e)


def test_the_required_queries_exist_with_headers():
    queries = named_queries()
    assert REQUIRED <= set(queries)
    for q in queries.values():
        assert q.question.endswith("?") and q.description
        assert all(p.doc for p in q.params)
        assert "WITH " in q.sql or "with " in q.sql


def first_player(r) -> int:
    """The seat that takes the first turn, read from the log as the rules define it (not from the
    engine): Entdecker's setup.first_player; Kingdom Crossing lists the starting player first
    (schema/kingdom-crossing.example.md); the toy race rolls in seat order."""
    if r.game == "entdecker":
        return r.players.index(r.setup["first_player"])
    return 0


def turn_positions(r) -> list[int]:
    """Place of each seat in the turn order: clockwise, i.e. seat order, from the first player."""
    first = first_player(r)
    return [(seat - first) % r.n for seat in range(r.n)]


def test_the_corpus_has_entdecker_games_not_started_by_seat_0(known):
    _, records = known
    assert any(first_player(r) != 0 for r in valid(records) if r.game == "entdecker")


def test_players_turn_position_is_the_turn_order(known):
    con, records = known
    by_file = {r.file: r for r in records if r.status != "invalid" or r.game}
    actual = con.execute("SELECT g.file, p.seat, p.turn_position FROM players p JOIN games g USING (game_id) "
                         "WHERE g.status <> 'invalid' ORDER BY g.file, p.seat").fetchall()
    assert actual
    for file, seat, position in actual:
        assert position == turn_positions(by_file[file])[seat], (file, seat)


def test_games_by_player_count(known):
    con, records = known
    groups = defaultdict(list)
    for r in records:  # a log that names no known game has no player count (NULL)
        groups[(r.game, r.n if r.game is not None else None)].append(r.status)
    expected = [{"game": g, "player_count": n, "games": len(v), "valid": v.count("valid"),
                 "unfinished": v.count("unfinished"), "invalid": v.count("invalid")}
                for (g, n), v in sorted(groups.items(), key=lambda kv: (kv[0][0] is None, kv[0][0] or "",
                                                                         kv[0][1] is None, kv[0][1] or 0))]
    assert any(g is None for g, _ in groups)  # logs naming no known game are counted too
    check(rows(con, "games_by_player_count"), expected, ("game", "player_count"))
    assert {r["game"] for r in rows(con, "games_by_player_count", game="toy")} == {"toy"}


def test_win_rate_by_seat(known):
    con, records = known
    groups = defaultdict(list)
    for r in valid(records):
        positions = turn_positions(r)
        for seat, pid in enumerate(r.players):
            groups[(r.game, r.n, positions[seat])].append((pid in r.winners, 1 / len(r.winners) if pid in r.winners else 0))
    expected = [{"game": g, "player_count": n, "seat": s, "games": len(v), "wins": sum(w for w, _ in v),
                 "win_rate": sum(w for w, _ in v) / len(v), "win_share": sum(x for _, x in v) / len(v),
                 "fair_share": 1 / n} for (g, n, s), v in sorted(groups.items())]
    check(rows(con, "win_rate_by_seat"), expected, ("game", "player_count", "seat"))
    only = rows(con, "win_rate_by_seat", game="entdecker")
    assert only and {r["game"] for r in only} == {"entdecker"}


def test_score_distribution(known):
    con, records = known
    groups = defaultdict(list)
    for r in valid(records):
        groups[(r.game, r.n)].append(r)
    expected = []
    for (g, n), games in sorted(groups.items()):
        scores = [s for r in games for s in r.scores]
        q1, q2, q3 = statistics.quantiles(scores, n=4, method="inclusive") if len(scores) > 1 else [scores[0]] * 3
        winner_scores = [r.scores[r.players.index(w)] for r in games for w in r.winners]
        margins = [sorted(r.scores, reverse=True)[0] - sorted(r.scores, reverse=True)[1] for r in games if r.n > 1]
        expected.append({"game": g, "player_count": n, "games": len(games), "player_scores": len(scores),
                         "min_score": min(scores), "p25": q1, "median": q2, "p75": q3, "max_score": max(scores),
                         "mean": statistics.mean(scores),
                         "stddev": statistics.stdev(scores) if len(scores) > 1 else None,
                         "winner_mean": statistics.mean(winner_scores) if winner_scores else None,
                         "mean_margin": statistics.mean(margins) if margins else None})
    check(rows(con, "score_distribution"), expected, ("game", "player_count"))


def test_points_by_category(known):
    con, records = known
    points = defaultdict(int)
    sizes = defaultdict(int)
    for r in valid(records):
        for seat, pid in enumerate(r.players):
            sizes[(r.game, "winners" if pid in r.winners else "others")] += 1
        for _, seat, delta, category in r.events:
            side = "winners" if r.players[seat] in r.winners else "others"
            points[(r.game, side, category)] += delta
    totals = defaultdict(int)
    for (g, side, _), p in points.items():
        totals[(g, side)] += p
    expected = [{"game": g, "side": side, "category": c, "points": p, "share": p / totals[(g, side)],
                 "points_per_player": p / sizes[(g, side)]}
                for (g, side, c), p in points.items()]
    expected.sort(key=lambda e: (e["game"], e["side"] != "winners", -e["points"], e["category"]))
    actual = rows(con, "points_by_category")
    check(actual, expected, ("game", "side", "category"))
    assert {e["category"] for e in actual if e["game"] == "entdecker"} >= {"island"}


def test_game_length(known):
    con, records = known
    groups = defaultdict(list)
    for r in valid(records):
        groups[(r.game, r.n)].append(r)
    expected = [{"game": g, "player_count": n, "games": len(v), "mean_moves": statistics.mean(r.applied for r in v),
                 "min_moves": min(r.applied for r in v), "max_moves": max(r.applied for r in v),
                 "mean_turns": statistics.mean(r.turns[-1][0] for r in v),
                 "mean_rounds": statistics.mean(r.turns[-1][1] for r in v),
                 "mean_moves_per_player": statistics.mean(r.applied / n for r in v)}
                for (g, n), v in sorted(groups.items())]
    check(rows(con, "game_length"), expected, ("game", "player_count"))


def _correlation(xs, ys):
    try:
        return statistics.correlation(xs, ys)
    except statistics.StatisticsError:
        return None


def test_move_types(known):
    con, records = known
    expected = []
    for game in sorted({r.game for r in valid(records)}):
        games = [r for r in valid(records) if r.game == game]
        totals = defaultdict(int)
        for r in games:
            for t in r.move_types:
                totals[t] += 1
        all_moves = sum(totals.values())
        for t, count in totals.items():
            per_player = [(sum(1 for mt, ms in zip(r.move_types, r.move_seats) if mt == t and ms == seat),
                           r.players[seat] in r.winners) for r in games for seat in range(r.n)]
            winners = [c for c, w in per_player if w]
            others = [c for c, w in per_player if not w]
            expected.append({"game": game, "move_type": t, "moves": count, "share": count / all_moves,
                             "per_winner": statistics.mean(winners), "per_other": statistics.mean(others),
                             "win_correlation": _correlation([c for c, _ in per_player],
                                                             [1.0 if w else 0.0 for _, w in per_player])})
    expected.sort(key=lambda e: (e["game"], -e["moves"], e["move_type"]))
    check(rows(con, "move_types"), expected, ("game", "move_type"))
    top = rows(con, "move_types", game="entdecker", top=2)
    assert [r["move_type"] for r in top] == [e["move_type"] for e in expected if e["game"] == "entdecker"][:2]


def _leader(scores):
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else None


def _expected_lead_changes(records, at):
    expected = []
    for game in sorted({r.game for r in valid(records)}):
        changes, mids, wins = [], 0, 0
        for r in valid(records):
            if r.game != game or not r.applied:
                continue
            leaders = [_leader([row[0] for row in r.rows[i]]) for i in range(r.applied)]
            sequence = [x for x in leaders if x is not None]
            changes.append(sum(1 for a, b in zip(sequence, sequence[1:]) if a != b))
            mid = leaders[math.floor((r.applied - 1) * at)]
            if mid is not None:
                mids += 1
                wins += r.players[mid] in r.winners
        expected.append({"game": game, "games": len(changes), "mean_lead_changes": statistics.mean(changes),
                         "max_lead_changes": max(changes), "games_with_mid_leader": mids, "mid_leader_wins": wins,
                         "mid_leader_win_rate": wins / mids if mids else None})
    return expected


def test_lead_changes(known):
    con, records = known
    check(rows(con, "lead_changes"), _expected_lead_changes(records, 0.5), ("game",))
    late = rows(con, "lead_changes", at=1.0)
    check(late, _expected_lead_changes(records, 1.0), ("game",))
    toy_end = next(r for r in late if r["game"] == "toy")  # the toy's single leader at the end has won
    assert toy_end["mid_leader_wins"] == toy_end["games_with_mid_leader"] > 0


def test_first_player_advantage(known):
    con, records = known
    groups = defaultdict(list)
    for r in valid(records):
        if r.n > 1:
            groups[(r.game, r.n)].append(r)
    expected = []
    for (g, n), games in sorted(groups.items()):
        firsts = [first_player(r) for r in games]
        wins = sum(r.players[f] in r.winners for r, f in zip(games, firsts))
        expected.append({"game": g, "player_count": n, "games": len(games), "first_seat_wins": wins,
                         "first_seat_win_rate": wins / len(games), "fair_share": 1 / n,
                         "advantage": wins / len(games) - 1 / n,
                         "first_seat_mean_score": statistics.mean(r.scores[f] for r, f in zip(games, firsts)),
                         "mean_margin_over_others": statistics.mean(
                             r.scores[f] - statistics.mean(s for seat, s in enumerate(r.scores) if seat != f)
                             for r, f in zip(games, firsts))})
    check(rows(con, "first_player_advantage"), expected, ("game", "player_count"))


def _rank(r, seat):
    key = (r.players[seat] in r.winners, r.scores[seat])
    return 1 + sum(1 for s in range(r.n) if (r.players[s] in r.winners, r.scores[s]) > key)


def test_player_record(known):
    con, records = known
    groups = defaultdict(list)
    for r in valid(records):
        for seat, pid in enumerate(r.players):
            groups[(r.game, pid)].append((pid in r.winners, r.scores[seat], _rank(r, seat)))
    expected = [{"game": g, "player": p, "games": len(v), "wins": sum(w for w, _, _ in v),
                 "win_rate": sum(w for w, _, _ in v) / len(v), "mean_score": statistics.mean(s for _, s, _ in v),
                 "best_score": max(s for _, s, _ in v), "mean_rank": statistics.mean(k for _, _, k in v)}
                for (g, p), v in groups.items()]
    expected.sort(key=lambda e: (e["game"], -e["wins"], e["player"]))
    check(rows(con, "player_record"), expected, ("game", "player"))
    ana = rows(con, "player_record", player="ana", game="toy")
    assert [(r["player"], r["games"]) for r in ana] == [(e["player"], e["games"]) for e in expected
                                                          if e["player"] == "ana" and e["game"] == "toy"]
    assert rows(con, "player_record", min_games=10 ** 6) == []


def test_disputed_claims(known):
    con, records = known
    expected = []
    for r in records:
        if r.claimed is None or any(not c.startswith("CORE.CLAIM.") for c in r.violation_codes):
            continue
        for seat, pid in enumerate(r.players):
            if pid in r.claimed and r.claimed[pid] != r.scores[seat]:
                expected.append({"file": r.file, "player": pid, "claimed_score": r.claimed[pid],
                                 "replayed_score": r.scores[seat], "difference": r.claimed[pid] - r.scores[seat]})
    actual = rows(con, "disputed_claims")
    assert len(expected) == 1 and expected[0]["player"] == "ben" and expected[0]["difference"] == 5
    check(actual, expected, ("file", "player"))


def test_violations_by_rule(known):
    con, records = known
    counts = defaultdict(lambda: [0, set()])
    for r in records:
        for code in r.violation_codes:
            counts[(r.game, code)][0] += 1
            counts[(r.game, code)][1].add(r.file)
    actual = rows(con, "violations_by_rule")
    assert {(a["game"], a["code"]): (a["violations"], a["logs"]) for a in actual} == {
        k: (v[0], len(v[1])) for k, v in counts.items()}
    assert all(a["example"] for a in actual)


def test_parameters_are_checked_and_raw_sql_runs(known):
    con, _ = known
    with pytest.raises(QueryError, match="has no parameter colour"):
        run_query(con, "player_record", {"colour": "red"})
    with pytest.raises(QueryError, match="must be INTEGER"):
        run_query(con, "player_record", {"min_games": "many"})
    with pytest.raises(QueryError, match="no named query"):
        run_query(con, "no_such_query")
    with pytest.raises(QueryError, match="the query failed"):
        run_query(con, "SELECT * FROM no_such_table")
    assert run_query(con, "SELECT count(*) AS n FROM games").to_pylist()[0]["n"] > 0
    assert [p.name for p in get_query("lead_changes").params] == ["game", "at"]
