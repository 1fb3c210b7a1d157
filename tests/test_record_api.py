"""`ludolog record`'s server through its HTTP API: a real server process, a real file.

What is judged: the file the server writes (read back by `ludolog validate`'s own code), against
the simulated log the moves came from; status codes against what docs/recording.md promises.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ludolog.cli.record import choices
from ludolog.replayer.core import simulate_log

from .record_server import fill_setup, start


def _check(path: Path) -> dict:
    from ludolog.cli.common import check_file

    check = check_file(path)
    return {"status": check.status, "codes": [v.code for v in check.violations],
            "indexes": [v.move_index for v in check.violations]}


def _choose(server, count: int, target: dict) -> dict:
    """Walk the choices the page offers to ``target`` and return the move they give."""
    picks: list[list[str]] = []
    while True:
        status, offer = server.post("/api/choices", {"count": count, "picks": picks})
        assert status == 200, offer
        if offer["kind"] == "move":
            return offer["move"]
        if offer["kind"] == "whole":
            found = [o["move"] for o in offer["options"] if o["move"] == target]
            assert found, (target, offer)
            return found[0]
        assert offer["kind"] == "field", offer
        field = offer["field"]
        value = json.dumps(target[field], sort_keys=True, separators=(",", ":")) if field in target else None
        assert value in [o["value"] for o in offer["options"]], (field, target, offer["options"][:5])
        picks.append([field, value])


@pytest.fixture
def game(tmp_path):
    """A recording of a simulated Kingdom Crossing game with its set-up filled in."""
    raw = simulate_log("kingdom-crossing", 2, "record-api")
    path = tmp_path / "kc.json"
    server = start(["kingdom-crossing", "--players", "ana,ben", "--out", str(path)])
    try:
        status, answer = fill_setup(server, raw["setup"])
        assert status == 200 and answer["phase"] == "play", answer
        yield server, raw, path
    finally:
        server.stop()


def test_a_whole_game_recorded_through_the_api_validates_with_the_simulated_moves(game):
    server, raw, path = game
    for i, move in enumerate(raw["moves"]):
        chosen = _choose(server, i, move)
        status, view = server.post("/api/move", {"count": i, "move": chosen})
        assert status == 200, view
    assert view["phase"] == "over"
    assert view["scores"] == raw["claimed"]["final"]
    status, view = server.post("/api/claim", {"final": raw["claimed"]["final"]})
    assert status == 200 and view["claims"] == []
    written = json.loads(path.read_text())
    assert written["moves"] == raw["moves"]
    assert written["setup"] == raw["setup"]
    assert _check(path)["status"] == "valid"


def test_without_the_token_nothing_is_answered_and_nothing_changes(game):
    server, raw, path = game
    before = path.read_bytes()
    status, answer = server.post("/api/move", {"count": 0, "move": raw["moves"][0]}, token=False)
    assert status == 403 and "token" in answer["error"]
    status, answer = server.call("POST", "/api/move", {"count": 0, "move": raw["moves"][0]}, token=False,
                                 headers={"X-Ludolog-Token": "not-" + server.token})
    assert status == 403
    assert server.get("/", token=False)[0] == 403
    assert path.read_bytes() == before


def test_a_move_sent_against_a_stale_position_is_refused_with_the_current_one(game):
    server, raw, path = game
    assert server.post("/api/move", {"count": 0, "move": raw["moves"][0]})[0] == 200
    # the second tab still shows the position before move 0 and sends its own move 0
    status, answer = server.post("/api/move", {"count": 0, "move": raw["moves"][0]})
    assert status == 409 and answer["position"]["count"] == 1
    assert json.loads(path.read_text())["moves"] == raw["moves"][:1]
    status, unchanged = server.get("/api/view?since=" + str(answer["position"]["version"]))
    assert unchanged == {"version": answer["position"]["version"], "unchanged": True}


def test_a_take_back_leaves_its_trail_in_the_log(game):
    server, raw, path = game
    for i in range(3):
        assert server.post("/api/move", {"count": i, "move": raw["moves"][i]})[0] == 200
    status, view = server.post("/api/undo", {"count": 3})
    assert status == 200 and view["count"] == 2 and view["corrections"] == 1
    written = json.loads(path.read_text())
    assert written["moves"] == raw["moves"][:2]
    [trail] = written["corrections"]
    assert trail["index"] == 2 and trail["move"] == raw["moves"][2] and trail["time"].endswith("Z")
    assert _check(path)["status"] == "unfinished"
    assert server.post("/api/move", {"count": 2, "move": raw["moves"][2]})[0] == 200  # recording goes on
    from ludolog.cli.common import load_log
    from ludolog.cli.report.game_report import build, render_html

    report = build(load_log(path))
    assert [c["index"] for c in report.corrections] == [2]
    assert 'id="corrections"' in render_html(report) and trail["time"] in render_html(report)


def test_a_refused_move_is_recorded_only_when_confirmed_and_then_stops_recording(game):
    server, raw, path = game
    assert server.post("/api/move", {"count": 0, "move": raw["moves"][0]})[0] == 200
    wrong = dict(raw["moves"][1], player="ana" if raw["moves"][1].get("player") == "ben" else "ben")
    status, answer = server.post("/api/move", {"count": 1, "move": wrong})
    assert status == 422, answer
    code = answer["violation"]["code"]
    assert json.loads(path.read_text())["moves"] == raw["moves"][:1]
    status, view = server.post("/api/move", {"count": 1, "move": wrong, "force": True})
    assert status == 200 and view["phase"] == "blocked" and view["refused"]["code"] == code
    assert _check(path) == {"status": "invalid", "codes": [code], "indexes": [1]}
    assert server.post("/api/move", {"count": 2, "move": raw["moves"][1]})[0] == 409
    status, view = server.post("/api/undo", {"count": 2})
    assert status == 200 and view["phase"] == "play"
    assert _check(path)["status"] == "unfinished"


def test_bad_requests_get_a_4xx_with_a_sentence(game):
    server, raw, path = game
    before = path.read_bytes()
    status, answer = server.call("POST", "/api/move", raw=b"{not json")
    assert status == 400 and "JSON" in answer["error"]
    status, answer = server.call("POST", "/api/move", raw=b"[" + b"1," * 200_000 + b"1]")
    assert status == 413
    status, answer = server.post("/api/move", {"count": "one", "move": raw["moves"][0]})
    assert status == 400 and "count" in answer["error"]
    status, answer = server.post("/api/note", {"index": 99, "note": "x"})
    assert status == 400
    assert server.get("/api/nothing")[0] == 404
    assert path.read_bytes() == before


def test_notes_and_interim_claims_are_written_where_the_format_keeps_them(game):
    server, raw, path = game
    for i in range(2):
        assert server.post("/api/move", {"count": i, "move": raw["moves"][i]})[0] == 200
    assert server.post("/api/note", {"index": 0, "note": "ana took long"})[0] == 200
    status, answer = server.post("/api/claim", {"event": {"after": 1, "label": "check", "scores": {"ana": "x"}}})
    assert status == 400
    assert server.post("/api/claim", {"event": {"after": 1, "label": "check", "scores": {"ana": 0, "ben": 0}}})[0] == 200
    written = json.loads(path.read_text())
    assert written["moves"][0]["note"] == "ana took long"
    assert written["claimed"]["events"] == [{"after": 1, "label": "check", "scores": {"ana": 0, "ben": 0}}]
    assert _check(path)["status"] == "unfinished"


def test_kill_9_loses_no_acknowledged_move_and_the_file_resumes(tmp_path):
    raw = simulate_log("entdecker", 2, "record-kill")
    path = tmp_path / "e.json"
    server = start(["entdecker", "--players", "ana,ben", "--out", str(path)])
    try:
        assert fill_setup(server, raw["setup"])[0] == 200
        for i in range(25):
            assert server.post("/api/move", {"count": i, "move": raw["moves"][i]})[0] == 200
    finally:
        server.stop(kill=True)
    assert json.loads(path.read_text())["moves"] == raw["moves"][:25]
    assert _check(path)["status"] == "unfinished"
    assert [p.name for p in tmp_path.iterdir()] == ["e.json"]  # no other file left behind
    again = start([str(path)])
    try:
        status, view = again.get("/api/view")
        assert status == 200 and view["count"] == 25 and view["phase"] == "play"
        assert again.post("/api/move", {"count": 25, "move": raw["moves"][25]})[0] == 200
    finally:
        again.stop()
    assert json.loads(path.read_text())["moves"] == raw["moves"][:26]


def test_out_never_replaces_a_file(tmp_path):
    path = tmp_path / "taken.json"
    path.write_text("mine")
    exe = Path(sys.executable).with_name("ludolog")
    done = subprocess.run([str(exe), "record", "entdecker", "--players", "ana,ben", "--out", str(path), "--no-open"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "exists already" in done.stderr and f"ludolog record {path}" in done.stderr
    assert path.read_text() == "mine"


def test_setup_errors_are_shown_all_at_once(tmp_path):
    path = tmp_path / "k.json"
    server = start(["keyflower", "--players", "ana,ben", "--out", str(path)])
    try:
        status, form = server.get("/api/setup")
        homes = [f for f in form["fields"] if f["pointer"].startswith("/homes/")]
        assert len(homes) == 2 and any(o["id"] == "home_1" for o in homes[0]["options"])
        status, answer = server.post("/api/setup", {"values": {"/homes/0": "home_1", "/homes/1": "home_2",
                                                               "/workers/0/red": "many"}})
        assert status == 200 and answer["phase"] == "setup"
        pointers = {p["pointer"] for p in answer["problems"]}
        # the wrong value and every field still empty, in one answer
        assert "/setup/workers/0/red" in pointers
        assert {f"/setup/winter_tiles/{seat}/{k}" for seat in (0, 1) for k in range(3)} <= pointers
        assert server.post("/api/move", {"count": 0, "move": {"type": "pass", "player": "ana"}})[0] == 409
    finally:
        server.stop()


# -- the choice tree on a list of moves whose answer is known by hand -------------------------------

_MOVES = [{"type": "draw", "card": c} for c in ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "?")] + [
    {"type": "pass", "player": "ana"}]


def test_taps_count_the_choices_the_page_asks_for():
    assert choices.taps(_MOVES, {"type": "pass", "player": "ana"}) == 1  # type "pass": one move left
    assert choices.taps(_MOVES, {"type": "draw", "card": "K"}) == 2  # type draw (12 left), then the card
    assert choices.taps(_MOVES[:3], {"type": "draw", "card": "C"}) == 1  # few moves: offered whole
    assert choices.taps(_MOVES[:1], {"type": "draw", "card": "A"}) == 1  # a lone move is still confirmed
    with pytest.raises(ValueError):
        choices.taps(_MOVES, {"type": "draw", "card": "Z"})


def test_the_unknown_is_offered_first():
    offer = choices.step(_MOVES, [("type", '"draw"')], choices.Names({}))
    assert offer["kind"] == "field" and offer["field"] == "card"
    assert offer["options"][0]["value"] == '"?"' and offer["options"][0]["unknown"]


def test_on_the_network_the_address_carries_the_token_and_nothing_is_answered_without_it(tmp_path):
    path = tmp_path / "n.json"
    server = start(["entdecker", "--players", "ana,ben", "--out", str(path), "--host", "0.0.0.0"])
    try:
        assert len(server.token) >= 20
        before = path.read_bytes()
        assert server.post("/api/setup", {"values": {"/first_player": "ana"}}, token=False)[0] == 403
        assert server.get("/api/view", token=False)[0] == 403
        assert path.read_bytes() == before
        assert server.get("/api/view")[0] == 200
    finally:
        server.stop()


def test_a_log_in_an_older_format_is_not_recorded_into(tmp_path):
    old = Path(__file__).parent / "cases" / "entdecker" / "ludolog-1" / "ENT.START.REQUIRED.json"
    path = tmp_path / "old.json"
    path.write_bytes(old.read_bytes())
    exe = Path(sys.executable).with_name("ludolog")
    done = subprocess.run([str(exe), "record", str(path), "--no-open"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "ludolog migrate" in done.stderr and "Traceback" not in done.stderr
    assert path.read_bytes() == old.read_bytes()


def test_a_disk_that_refuses_the_write_leaves_the_file_and_the_position_as_they_were(tmp_path, monkeypatch):
    import errno
    import os

    from ludolog.cli.record import session

    raw = simulate_log("entdecker", 2, "record-disk")
    recording = session.Recording.create(tmp_path / "d.json", "entdecker", ["ana", "ben"], {})
    fields = {"/first_player": raw["setup"]["first_player"]}
    assert recording.set_setup(fields)["phase"] == "play"
    recording.record(0, raw["moves"][0])
    before = (tmp_path / "d.json").read_bytes()
    legal_before = recording.step([], 1)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(session.StorageError, match="No space left on device"):
        recording.record(1, raw["moves"][1])
    monkeypatch.undo()
    assert (tmp_path / "d.json").read_bytes() == before
    assert recording.count == 1 and recording.step([], 1) == legal_before
    assert [p.name for p in tmp_path.iterdir()] == ["d.json"]  # the temporary file is gone
    recording.record(1, raw["moves"][1])  # the disk has room again: recording goes on
    assert json.loads((tmp_path / "d.json").read_text())["moves"] == raw["moves"][:2]
