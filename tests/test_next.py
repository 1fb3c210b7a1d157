"""`ludolog next LOG`: every legal next move at the end of a log, each the exact object a log holds.

The listing is judged by the validator (every move listed, appended to the log, replays without a
violation: the list and the validator agree, as perft tests a chess move generator) and by the
rules (the game's first move, who decides, what a finished or broken log gets)."""
from __future__ import annotations

import json

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import parse_log, replay, simulate_log

runner = CliRunner()
GAMES = ["entdecker", "kingdom-crossing", "boonlake", "castles-of-burgundy", "keyflower"]
OPEN_WINDOW = "CORE.SIMULTANEOUS.INCOMPLETE"


def _cut(game: str, fraction: float, seed: int = 3) -> dict:
    raw = simulate_log(game, 2, seed=seed)
    raw.pop("claimed", None)
    raw["moves"] = raw["moves"][:int(len(raw["moves"]) * fraction)]
    return raw


def _next_json(tmp_path, raw: dict, name: str = "log.json"):
    path = tmp_path / name
    path.write_bytes(orjson.dumps(raw))
    result = runner.invoke(app, ["next", str(path), "--format", "json"])
    return result, (json.loads(result.stdout) if result.stdout.strip().startswith("{") else None)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("fraction", [0.0, 0.4, 0.7])
def test_every_listed_move_appended_keeps_the_log_valid(tmp_path, game, fraction):
    raw = _cut(game, fraction)
    result, report = _next_json(tmp_path, raw)
    assert result.exit_code == 0, result.output
    assert report["status"] == "unfinished" and report["count"] == len(report["moves"]) > 0
    # the groups hold the same moves, one group per move type
    types = [g["type"] for g in report["groups"]]
    assert len(types) == len(set(types))
    assert [m for g in report["groups"] for m in g["moves"]] == sorted(report["moves"], key=lambda m: types.index(m["type"]))
    assert all(m["type"] == g["type"] for g in report["groups"] for m in g["moves"])
    for move in report["moves"]:
        longer = dict(raw, moves=raw["moves"] + [move])
        replayed = replay(parse_log(orjson.dumps(longer), "longer.json"), check_claims=False)
        wrong = [v for v in replayed.violations if v.code != OPEN_WINDOW]
        assert not wrong, (move, wrong[0])
        assert replayed.applied == len(longer["moves"])
    # and the move the simulated game really played next is among them
    full = simulate_log(game, 2, seed=3)["moves"]
    assert full[len(raw["moves"])] in report["moves"]


def test_a_chance_move_lists_every_outcome(tmp_path):
    # Castles of Burgundy begins by filling the depots, a chance move: depot 1 (of the 6 numbered
    # depots) gets its tiles first; the listing shows the outcomes, the text says it is chance
    raw = _cut("castles-of-burgundy", 0.0)
    result, report = _next_json(tmp_path, raw)
    assert report["chance"] is True and report["to_move"] == []
    assert {m["type"] for m in report["moves"]} == {"depot"}
    assert {m["depot"] for m in report["moves"]} == {1}
    text = runner.invoke(app, ["next", str(tmp_path / "log.json")]).output
    assert "chance move" in text and f"{report['count']} possible outcomes" in text


def test_a_finished_game_says_it_is_over(tmp_path):
    raw = simulate_log("kingdom-crossing", 2, seed=1)
    result, report = _next_json(tmp_path, raw)
    assert result.exit_code == 0 and report["status"] == "over" and report["moves"] == []
    text = runner.invoke(app, ["next", str(tmp_path / "log.json")]).output
    assert "the game is over" in text


def test_an_invalid_log_exits_1_with_its_violation(tmp_path):
    raw = _cut("entdecker", 0.3)
    raw["moves"].append({"type": "income", "player": raw["players"][0]["id"], "spin": 99})
    result, report = _next_json(tmp_path, raw)
    assert result.exit_code == 1 and report["status"] == "invalid" and report["moves"] == []
    assert report["violations"] and report["violations"][0]["move_index"] == len(raw["moves"]) - 1
    text = runner.invoke(app, ["next", str(tmp_path / "log.json")])
    assert text.exit_code == 1 and "invalid" in text.output and "/moves/" in text.output


def test_a_window_waiting_for_decisions_is_not_invalid(tmp_path):
    # Boonlake's lever holders decide at once: a log ending inside that window is unfinished, and
    # the next moves are the decisions still missing, named by player
    raw = simulate_log("boonlake", 2, seed=3)
    raw.pop("claimed")
    for cut in range(len(raw["moves"]) - 1, 0, -1):
        log = parse_log(orjson.dumps(dict(raw, moves=raw["moves"][:cut])), "w.json")
        if any(v.code == OPEN_WINDOW for v in replay(log, check_claims=False).violations):
            break
    else:
        pytest.skip("no window left open")
    result, report = _next_json(tmp_path, dict(raw, moves=raw["moves"][:cut]))
    assert result.exit_code == 0 and report["status"] == "unfinished" and report["to_move"]
    assert {m["player"] for m in report["moves"] if "player" in m} <= set(report["to_move"])


def test_components_are_named_from_the_catalog(tmp_path):
    from ludolog.replayer.core import get_game

    catalog = get_game("keyflower").catalog_ids()
    # the first cut of a simulated game whose next moves name tiles (bids, uses, upgrades ...)
    for tenth in range(1, 10):
        result, report = _next_json(tmp_path, _cut("keyflower", tenth / 10))
        tiles = {m["tile"] for m in report["moves"] if isinstance(m.get("tile"), str)}
        if tiles:
            break
    assert tiles
    named = {cid: what for g in report["groups"] for cid, what in g["names"].items()}
    for tile in tiles:
        assert named[tile] == next(entries[tile] for entries in catalog.values() if tile in entries)


def test_an_older_format_log_says_to_migrate_before_appending(tmp_path):
    from pathlib import Path

    old = orjson.loads((Path(__file__).parent / "golden" / "entdecker" / "ludolog-1" / "entdecker-2p-0.log.json").read_bytes())
    old.pop("claimed", None)
    old["moves"] = old["moves"][:30]
    result, report = _next_json(tmp_path, old)
    assert result.exit_code == 0 and report["status"] == "unfinished"
    assert report["older_format"] == "ludolog/1"
    text = runner.invoke(app, ["next", str(tmp_path / "log.json")]).output
    assert "ludolog migrate" in text
