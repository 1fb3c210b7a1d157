"""The score audit: claimed vs replayed, ledger by category, the first claim that differs."""
from __future__ import annotations

import json
from collections import defaultdict

import orjson
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import parse_log, replay, simulate_log
from ludolog.replayer.core.audit import audit, audit_text

runner = CliRunner()


def claims_after_every_scoring_move(raw: dict) -> tuple[dict, list]:
    """The log with a correct claim written down after every move that scored, and its ledger."""
    result = replay(parse_log(orjson.dumps(raw), "g.json"))
    events = result.state.ledger.events
    ids = [p["id"] for p in raw["players"]]
    claims, totals = [], [0] * len(ids)
    for move in sorted({e.move_index for e in events if e.move_index >= 0}):
        for e in events:
            if e.move_index == move:
                totals[e.seat] += e.delta
        claims.append({"after": move, "label": f"scoring after move {move}", "scores": dict(zip(ids, totals))})
    raw = dict(raw, claimed={"final": raw["claimed"]["final"], "events": claims})
    return raw, events


def disputed_entdecker_log(tmp_path):
    """An Entdecker log whose scorer added 3 points to ben at one scoring moment (and carried them on)."""
    raw, events = claims_after_every_scoring_move(simulate_log("entdecker", 3, seed=5))
    ben_moves = [e for e in events if e.seat == 1 and e.move_index >= 0]
    rare = defaultdict(int)
    for e in ben_moves:
        rare[e.category] += 1
    target = min(ben_moves, key=lambda e: (rare[e.category], e.move_index))  # ben's rarest category
    k = next(i for i, c in enumerate(raw["claimed"]["events"]) if c["after"] == target.move_index)
    for claim in raw["claimed"]["events"][k:]:
        claim["scores"]["ben"] += 3
    raw["claimed"]["final"]["ben"] += 3
    expected = defaultdict(int)
    for e in events:
        if e.seat == 1 and e.move_index == target.move_index:
            expected[e.category] += e.delta
    path = tmp_path / "disputed.json"
    path.write_bytes(orjson.dumps(raw))
    return path, raw, k, target, dict(expected)


def test_matching_claims_pass(tmp_path):
    raw, _ = claims_after_every_scoring_move(simulate_log("entdecker", 4, seed=11))
    path = tmp_path / "fine.json"
    path.write_bytes(orjson.dumps(raw))
    report = audit(replay(parse_log(path.read_bytes(), str(path))))
    assert report.ok and report.divergence is None
    assert len(report.claims) == len(raw["claimed"]["events"]) + 1
    for p in report.players:
        assert p.claimed == p.replayed == sum(p.by_category.values())
    result = runner.invoke(app, ["audit", str(path)])
    assert result.exit_code == 0, result.output
    assert "every claim matches" in result.output


def test_altered_claim_names_the_player_the_moment_and_the_category(tmp_path):
    path, raw, k, target, expected = disputed_entdecker_log(tmp_path)
    report = audit(replay(parse_log(path.read_bytes(), str(path))))
    assert not report.ok
    d = report.divergence
    assert d.players == ["ben"]
    assert d.claim.pointer == f"/claimed/events/{k}" and d.claim.after == target.move_index
    claimed, replayed = d.claim.scores["ben"]
    assert claimed - replayed == 3
    assert d.categories == {"ben": expected}
    assert {(m.move_index, m.category) for m in d.moves} == {(target.move_index, c) for c in expected}
    assert [p.player for p in report.players if not p.agrees] == ["ben"]
    text = audit_text(report)
    assert f"First claim that differs: scoring after move {target.move_index}" in text
    assert f"ben: {', '.join(f'{c} +{v}' if v > 0 else f'{c} {v}' for c, v in sorted(expected.items()))}" in text
    result = runner.invoke(app, ["audit", str(path), "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["claims_match"] is False and data["divergence"]["players"] == ["ben"]
    assert data["divergence"]["categories"] == {"ben": expected}
    assert data["divergence"]["differences"]["ben"]["claimed"] - data["divergence"]["differences"]["ben"]["replayed"] == 3


def test_altered_final_claim_without_events_points_at_the_whole_ledger(tmp_path, toy):
    raw = simulate_log("toy", 3, seed=4)
    raw["claimed"]["final"]["cleo"] -= 2
    report = audit(replay(parse_log(orjson.dumps(raw), "toy.json")))
    d = report.divergence
    assert d.players == ["cleo"] and d.claim.label == "final scores" and d.since == -1
    cleo = next(p for p in report.players if p.player == "cleo")
    assert cleo.difference == -2
    assert d.categories == {"cleo": {"roll": cleo.replayed}}
    assert sum(m.delta for m in d.moves) == cleo.replayed
    assert "DIFFER" in audit_text(report)


def test_invalid_log_shows_the_violation_and_fails(tmp_path, toy):
    raw = simulate_log("toy", 2, seed=2)
    raw["moves"][3]["die"] = 9
    path = tmp_path / "bad.json"
    path.write_bytes(orjson.dumps(raw))
    result = runner.invoke(app, ["audit", str(path)])
    assert result.exit_code == 1
    assert "TOY.DIE.RANGE" in result.output and "INVALID" in result.output
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"[1, 2")
    result = runner.invoke(app, ["audit", str(junk)])
    assert result.exit_code == 1 and "CORE.JSON.SYNTAX" in result.output
    assert "Traceback" not in result.output


def test_claims_for_an_unfinished_game_are_reported(toy):
    raw = simulate_log("toy", 2, seed=3)
    raw["moves"] = raw["moves"][:4]
    report = audit(replay(parse_log(orjson.dumps(raw), "short.json")))
    assert not report.ok and report.divergence is None
    assert [v.code for v in report.violations] == ["CORE.CLAIM.UNFINISHED"]
    assert "INVALID" in audit_text(report)


def test_a_bot_is_audited_under_its_reserved_id(tmp_path, toy):
    moves = [{"type": "roll", "player": "ana", "die": d} for d in (6, 3, 2, 4, 2, 1)]  # the Dealer: 24
    raw = {"format": "ludolog/2", "game": "toy", "edition": "1", "options": {"dealer": True}, "catalog": "toy/1",
           "players": [{"id": "ana"}], "setup": {}, "moves": moves, "claimed": {"final": {"ana": 18, "@dealer": 26}}}
    report = audit(replay(parse_log(orjson.dumps(raw), "solo.json")))
    dealer = report.players[-1]
    assert (dealer.player, dealer.bot, dealer.claimed, dealer.replayed) == ("@dealer", True, 26, 24)
    assert report.divergence.players == ["@dealer"]
    assert [m.delta for m in report.divergence.moves] == [1, 4, 5, 3, 5, 6]
    text = audit_text(report)
    assert "1 player and the Dealer" in text and "@dealer       26        24     +2  <- DISPUTED" in text
    path = tmp_path / "solo.json"
    path.write_bytes(orjson.dumps(dict(raw, claimed={"final": {"ana": 18, "@dealer": 24}})))
    shown = runner.invoke(app, ["validate", str(path)])
    assert shown.exit_code == 0 and "ana 18, the Dealer 24: the Dealer wins" in shown.output
    assert "@dealer=24" in shown.output
    replayed = runner.invoke(app, ["replay", str(path)])
    assert "the Dealer (@dealer) 24" in replayed.output and "the Dealer wins" in replayed.output
    assert "@dealer" in replayed.output.split("score ledger")[1]
    data = json.loads(runner.invoke(app, ["replay", str(path), "-f", "json"]).output)
    assert data["bots"] == [{"id": "dealer", "claim_id": "@dealer", "name": "the Dealer", "score": 24}]
    assert sum(e["delta"] for e in data["ledger"] if e["player"] == "@dealer") == 24
