"""Every move may carry a free ``note`` and a log a top-level ``$schema``; both schema paths (the
compiled jsonschema-rs and the explaining validator) accept them identically, nothing else is
accepted that was not before, and the notes are shown by ``replay`` and in the HTML report."""
from __future__ import annotations

import copy
import html
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import all_games, parse_log, replay, simulate_log

GOLDEN = Path(__file__).parent / "golden"
runner = CliRunner()


def _annotated(raw: dict) -> dict:
    out = copy.deepcopy(raw)
    out["$schema"] = "game.schema.json"
    for i, move in enumerate(out["moves"]):
        move["note"] = f"note on move {i}: <ok> & \"quoted\""
    return out


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_both_schema_paths_accept_a_note_on_every_move_and_a_schema_key(game):
    raw = _annotated(simulate_log(game, game.min_players, seed="notes"))
    schema = game.schema
    assert schema._head_fast.is_valid(raw) and schema._head_full.is_valid(raw)
    for move in raw["moves"]:
        assert schema.move_ok_fast(move), move
        assert schema._move_full[move["type"]].is_valid(move), move
    plain = replay(parse_log(orjson.dumps(simulate_log(game, game.min_players, seed="notes")), "a.json"))
    noted = replay(parse_log(orjson.dumps(raw), "b.json"))
    assert noted.status == plain.status and noted.scores == plain.scores and not noted.violations


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
@pytest.mark.parametrize("bad", [5, None, ["a"], "x" * 2001], ids=["number", "null", "list", "too-long"])
def test_a_note_that_is_not_a_short_text_is_rejected_by_both(game, bad):
    raw = simulate_log(game, game.min_players, seed="notes")
    move = dict(raw["moves"][0], note=bad)
    assert not game.schema.move_ok_fast(move)
    assert not game.schema._move_full[move["type"]].is_valid(move)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_nothing_else_is_newly_accepted(game):
    raw = simulate_log(game, game.min_players, seed="notes")
    move = dict(raw["moves"][0], comment="a comment is not a note")
    assert not game.schema.move_ok_fast(move) and not game.schema._move_full[move["type"]].is_valid(move)
    head = dict(raw, schema="x.json")  # only "$schema" itself is new at the top
    assert not game.schema._head_fast.is_valid(head) and not game.schema._head_full.is_valid(head)
    assert not game.schema._head_fast.is_valid(dict(raw, **{"$schema": 3}))


def _noted_log(tmp_path: Path) -> tuple[Path, dict]:
    raw = orjson.loads((GOLDEN / "entdecker" / "entdecker-2p-0.log.json").read_bytes())
    raw["moves"][1]["note"] = "ana starts on the north edge <again>"
    raw["moves"][5]["note"] = "a storm & a pirate"
    path = tmp_path / "noted.json"
    path.write_bytes(orjson.dumps(raw))
    return path, raw


def test_replay_shows_the_notes_of_the_moves_replayed(tmp_path):
    path, _ = _noted_log(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--to", "3"])
    assert result.exit_code == 0, result.output
    assert "move 1: ana starts on the north edge <again>" in result.output
    assert "a storm & a pirate" not in result.output  # move 5 is not replayed yet
    result = runner.invoke(app, ["replay", str(path), "--format", "json"])
    notes = orjson.loads(result.output)["notes"]
    assert notes == [{"move_index": 1, "note": "ana starts on the north edge <again>"},
                     {"move_index": 5, "note": "a storm & a pirate"}]


def test_the_report_shows_the_notes(tmp_path):
    path, raw = _noted_log(tmp_path)
    out = tmp_path / "noted.html"
    result = runner.invoke(app, ["report", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    for index in (1, 5):
        assert html.escape(raw["moves"][index]["note"], quote=False) in page
    assert "<again>" not in page  # escaped, not markup
