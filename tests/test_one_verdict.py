"""A log has one verdict, whatever reads it: logs nested too deeply and files that cannot be read
are reported the same way (one stable code) by validate, ingest, extract, report, audit, replay,
migrate and the core reader that the recorder and ``next`` use; and never as a bug in ludolog."""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import duckdb
import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import LogError, find_game, parse_log, read_log, replay, simulate_log

runner = CliRunner()
DEPTH = 500  # about what a structural fuzzer produces; orjson writes back at most 254 levels


def _nested(depth: int):
    value: object = 0
    for k in range(depth):
        value = [value] if k % 2 else {"a": value}
    return value


def _write(path: Path, raw: dict) -> Path:
    """``raw`` as JSON text; the standard library's encoder, which has no depth limit of its own but
    Python's recursion limit (raised for the write)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * DEPTH))
    try:
        path.write_text(json.dumps(raw))
    finally:
        sys.setrecursionlimit(limit)
    return path


@pytest.fixture(scope="module")
def deep(tmp_path_factory) -> dict[str, Path]:
    """Logs of a real game with ~500 levels of nesting in ``meta``, in a move, and (beyond what
    the parser reads) 1,100 levels in ``meta``."""
    folder = tmp_path_factory.mktemp("deep")
    raw = simulate_log("entdecker", 2, seed=3)
    moves = list(raw["moves"])
    moves[2] = {**moves[2], "extra": _nested(DEPTH)}
    return {"meta": _write(folder / "deep-meta.json", {**raw, "meta": {"notes": _nested(DEPTH)}}),
            "move": _write(folder / "deep-move.json", {**raw, "moves": moves}),
            "parser": _write(folder / "deeper.json", {**raw, "meta": {"notes": _nested(1100)}})}


def _no_bug(output: str) -> None:
    assert "Traceback" not in output and "this is a bug" not in output and "CORE.INTERNAL" not in output, output


@pytest.mark.parametrize("which", ["meta", "move", "parser"])
def test_the_core_reader_rejects_a_deeply_nested_log_with_one_code(deep, which):
    """What ``record FILE`` and ``next`` read goes through :func:`read_log` / :func:`parse_log`."""
    for read in (lambda: read_log(deep[which], None, find_game),
                 lambda: parse_log(deep[which].read_bytes(), deep[which].name, find_game)):
        with pytest.raises(LogError) as caught:
            read()
        assert [v.code for v in caught.value.violations] == ["CORE.JSON.TOO_DEEP"]
    violation = caught.value.violations[0]
    assert "254 levels" in violation.message
    if which == "move":
        assert (violation.move_index, violation.pointer) == (2, "/moves/2") and "move 2" in violation.message
    if which == "meta":
        assert violation.pointer == "/meta"


@pytest.mark.parametrize("which", ["meta", "move", "parser"])
@pytest.mark.parametrize("command", ["validate", "audit", "replay", "report"])
def test_every_command_that_reads_one_log_says_it_is_nested_too_deeply(deep, which, command, tmp_path):
    extra = ["--out", str(tmp_path / "r.html")] if command == "report" else []
    done = runner.invoke(app, [command, str(deep[which]), *extra])
    _no_bug(done.output)
    assert done.exit_code == 1, done.output
    assert "CORE.JSON.TOO_DEEP" in done.output
    assert not (tmp_path / "r.html").exists()


def test_validate_json_gives_the_deep_logs_as_invalid(deep):
    done = runner.invoke(app, ["validate", *map(str, deep.values()), "--format", "json"])
    _no_bug(done.output)
    assert done.exit_code == 1
    text = done.output
    assert text.count("CORE.JSON.TOO_DEEP") >= 3


@pytest.mark.parametrize("command", ["ingest", "extract"])
def test_ingest_and_extract_record_the_deep_logs_as_invalid(deep, command, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for path in deep.values():
        shutil.copy(path, folder / path.name)
    good = folder / "good.json"
    good.write_bytes(orjson.dumps(simulate_log("entdecker", 2, seed=3)))
    target = ["--db", str(tmp_path / "c.duckdb")] if command == "ingest" else ["--out", str(tmp_path / "x")]
    done = runner.invoke(app, [command, str(folder), *target, "--workers", "1"])
    _no_bug(done.output)
    assert done.exit_code == 1, done.output
    if command == "ingest":
        with duckdb.connect(str(tmp_path / "c.duckdb"), read_only=True) as con:
            rows = con.execute("SELECT file, code FROM violations ORDER BY file").fetchall()
            valid = con.execute("SELECT count(*) FROM games WHERE status = 'valid'").fetchone()[0]
    else:
        import pyarrow.parquet as pq

        table = pq.read_table(tmp_path / "x" / "violations").to_pylist()
        rows = sorted((r["file"], r["code"]) for r in table)
        valid = sum(r["status"] == "valid" for r in pq.read_table(tmp_path / "x" / "games").to_pylist())
    assert [(Path(f).name, c) for f, c in rows] == [
        ("deep-meta.json", "CORE.JSON.TOO_DEEP"), ("deep-move.json", "CORE.JSON.TOO_DEEP"),
        ("deeper.json", "CORE.JSON.TOO_DEEP")]
    assert valid == 1


def test_migrate_says_a_deep_log_is_nested_too_deeply(deep, tmp_path):
    done = runner.invoke(app, ["migrate", str(deep["move"]), "--out", str(tmp_path / "m")])
    _no_bug(done.output)
    assert done.exit_code == 1 and "CORE.JSON.TOO_DEEP" in done.output


# -- a file that cannot be read: CORE.FILE.UNREADABLE everywhere ------------------------------------

SCRIPT = Path(sys.executable).with_name("ludolog")


def _unprivileged(*args) -> "subprocess.CompletedProcess":
    """The console script without the capabilities that let root read any file (a chmod then
    means for root what it means for everybody else)."""
    import subprocess

    command = [str(SCRIPT), *map(str, args)]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: permissions cannot be tested")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    done = subprocess.run(command, capture_output=True, timeout=120, env={**os.environ, "LUDOLOG_DEBUG": ""})
    _no_bug((done.stdout + done.stderr).decode())
    return done


@pytest.fixture
def locked(tmp_path):
    """A folder with a valid log and a log nobody may read."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.json").write_bytes(orjson.dumps(simulate_log("entdecker", 2, seed=3)))
    bad = folder / "locked.json"
    bad.write_bytes(orjson.dumps(simulate_log("entdecker", 2, seed=4)))
    bad.chmod(0)
    yield folder
    bad.chmod(0o644)


def test_the_core_reader_gives_an_unreadable_file_its_file_code(tmp_path):
    with pytest.raises(LogError) as caught:
        read_log(tmp_path / "gone.json", None, find_game)
    assert [(v.code, v.file) for v in caught.value.violations] == [("CORE.FILE.MISSING", str(tmp_path / "gone.json"))]


@pytest.mark.parametrize("command", ["validate", "report"])
def test_validate_and_report_call_an_unreadable_file_unreadable(locked, command, tmp_path):
    extra = ["--out", tmp_path / "r.html"] if command == "report" else []
    done = _unprivileged(command, locked / "locked.json", *extra)
    text = (done.stdout + done.stderr).decode()
    assert done.returncode == 1
    assert "CORE.FILE.UNREADABLE" in text and "permission denied" in text and "CORE.JSON" not in text
    if command == "validate":
        assert text.startswith("UNREADABLE")


@pytest.mark.parametrize("command", ["ingest", "extract"])
def test_ingest_and_extract_record_an_unreadable_file_with_the_same_code(locked, command, tmp_path):
    target = ["--db", tmp_path / "c.duckdb"] if command == "ingest" else ["--out", tmp_path / "x"]
    done = _unprivileged(command, locked, *target, "--workers", "1", "--format", "json")
    assert done.returncode == 1, done.stderr
    summary = orjson.loads(done.stdout)
    assert (summary["valid"], summary["invalid"], summary["unreadable_logs"]) == (1, 0, 1)
    assert [(Path(f["file"]).name, "CORE.FILE.UNREADABLE" in f["violation"]) for f in summary["invalid_files"]] == \
        [("locked.json", True)]
    if command == "ingest":
        with duckdb.connect(str(tmp_path / "c.duckdb"), read_only=True) as con:
            rows = con.execute("SELECT file, code, message FROM violations").fetchall()
    else:
        import pyarrow.parquet as pq

        rows = [(r["file"], r["code"], r["message"]) for r in pq.read_table(tmp_path / "x" / "violations").to_pylist()]
    assert [(Path(f).name, code) for f, code, _ in rows] == [("locked.json", "CORE.FILE.UNREADABLE")]
    assert "permission denied" in rows[0][2]
    text = _unprivileged(command, locked, *target[:1], tmp_path / "again", "--workers", "1")
    assert b", 1 unreadable;" in text.stdout and b"CORE.FILE.UNREADABLE" in text.stdout


# -- a log that stops inside a simultaneous window is unfinished ----------------------------------------

def _cut(game: str, players: int, seed: int, where) -> tuple[dict, int]:
    """A simulated game cut where ``where(moves)`` says (the number of moves kept), without claims."""
    raw = simulate_log(game, players, seed=seed)
    keep = where(raw["moves"])
    return {**raw, "moves": raw["moves"][:keep], "claimed": {}}, keep


def _between_two_players_places(moves: list) -> int:
    """Keyflower: after the boats, each player places the tiles won in the season, all at once: cut
    between one player's ``place`` and another player's."""
    for i in range(1, len(moves) - 1):
        if moves[i - 1]["type"] == "boat" and moves[i]["type"] == "place":
            for j in range(i, len(moves) - 1):
                if moves[j + 1]["type"] == "place" and moves[j + 1]["player"] != moves[j]["player"]:
                    return j + 1
    raise AssertionError("no spring placing by two players")


def _before_the_last_final(moves: list) -> int:
    """Keyflower: the final count behind the screens (``final``, one per player at once): cut
    before the last player's."""
    return max(i for i, m in enumerate(moves) if m["type"] == "final")


def _after_a_lock_crossing(moves: list) -> int:
    """Boonlake: a ship crossing a lock opens an interim scoring that every player takes at once
    (``score`` moves follow): cut right after the ship."""
    return next(i + 1 for i, m in enumerate(moves) if m["type"] == "ship"
                and any(n["type"] == "score" for n in moves[i + 1:i + 5]))


CUTS = {"keyflower-between-places": ("keyflower", 3, 1, _between_two_players_places),
        "keyflower-before-final": ("keyflower", 3, 1, _before_the_last_final),
        "boonlake-after-lock": ("boonlake", 2, 1, _after_a_lock_crossing)}


def _verdict(raw: dict):
    return replay(parse_log(orjson.dumps(raw), "cut.json", find_game))


@pytest.mark.parametrize("name", CUTS)
def test_a_log_paused_inside_a_simultaneous_window_is_unfinished(name, tmp_path):
    raw, _ = _cut(*CUTS[name])
    result = _verdict(raw)
    assert [(v.code, v.message) for v in result.violations] == [] and result.status == "unfinished"
    path = tmp_path / "cut.json"
    path.write_bytes(orjson.dumps(raw))
    done = runner.invoke(app, ["validate", str(path)])
    assert done.exit_code == 0 and done.output.startswith("UNFINISHED"), done.output


@pytest.mark.parametrize("name", CUTS)
def test_a_paused_log_that_claims_final_scores_stays_invalid(name):
    raw, _ = _cut(*CUTS[name])
    raw["claimed"] = {"final": {p["id"]: 0 for p in raw["players"]}}
    result = _verdict(raw)
    assert result.status == "invalid"
    assert [v.code for v in result.violations] == ["CORE.SIMULTANEOUS.INCOMPLETE"]
    assert "final scores are claimed" in result.violations[0].message


@pytest.mark.parametrize("name", ["keyflower-between-places", "boonlake-after-lock"])  # nothing follows 'final'
def test_a_log_that_goes_on_past_an_open_window_stays_invalid(name):
    game, players, seed, where = CUTS[name]
    full = simulate_log(game, players, seed=seed)["moves"]
    raw, keep = _cut(*CUTS[name])
    # the first later move of a player that is not one of the window's kinds (decisions at once)
    window_kinds = {"place"} if game == "keyflower" else {"lever", "play", "project", "score", "upgrade", "pass"}
    later = next(m for m in full[keep:] if m["type"] not in window_kinds and "player" in m)
    raw["moves"] = raw["moves"] + [later]
    result = _verdict(raw)
    assert result.status == "invalid"
    assert [(v.code, v.move_index) for v in result.violations] == [("CORE.SIMULTANEOUS.INCOMPLETE", keep)]


# -- the audit of a log that breaks a rule -----------------------------------------------------------

def _toy_dice(moves: list, through: int) -> dict[str, int]:
    """The toy race's rule: each roll scores its die."""
    totals: dict[str, int] = {}
    for m in moves[:through + 1]:
        if m["type"] == "roll":
            totals[m["player"]] = totals.get(m["player"], 0) + m["die"]
    return totals


def _broken_toy(event_offset: int = 0) -> dict:
    raw = simulate_log("toy", 2, seed=2)
    assert all(m["type"] == "roll" for m in raw["moves"][:6])
    raw["moves"][5]["die"] = 9  # TOY.DIE.RANGE: a die shows 1-6
    scores = _toy_dice(raw["moves"], 2)
    scores["ana"] += event_offset
    raw["claimed"]["events"] = [{"after": 2, "label": "after three rolls", "scores": scores},
                                {"after": 7, "label": "after eight rolls", "scores": {"ana": 0, "ben": 0}}]
    return raw


def test_the_audit_of_a_log_that_breaks_a_rule_says_invalid_at_move_n_and_audits_the_prefix(tmp_path, toy):
    path = tmp_path / "bad.json"
    path.write_bytes(orjson.dumps(_broken_toy()))
    done = runner.invoke(app, ["audit", str(path)])
    assert done.exit_code == 1
    text = done.output
    _no_bug(text)
    assert "DISPUTED" not in text
    assert "The log is INVALID at move 5: TOY.DIE.RANGE" in text
    assert "valid prefix, moves 0 to 4" in text
    assert "Result: the log is INVALID at move 5 (TOY.DIE.RANGE); the claim within its valid prefix agrees with the replay" in text
    data = orjson.loads(runner.invoke(app, ["audit", str(path), "--format", "json"]).output)
    assert data["invalid_at"] == 5 and data["status"] == "invalid" and not data["ok"]
    assert [(p["difference"], p["final_reached"]) for p in data["players"]] == [(None, False), (None, False)]
    assert [c["after"] for c in data["claims"]] == [2]  # the claim after move 7 lies beyond the valid prefix


def test_a_wrong_claim_within_the_valid_prefix_is_still_shown(tmp_path, toy):
    path = tmp_path / "bad.json"
    path.write_bytes(orjson.dumps(_broken_toy(event_offset=1)))
    text = runner.invoke(app, ["audit", str(path)]).output
    assert "First claim that differs: after three rolls" in text and "ana claims" in text
    assert "Result: the log is INVALID at move 5 (TOY.DIE.RANGE); within its valid prefix the claims DIFFER" in text


# -- why an ingest exits 1 ----------------------------------------------------------------------------

def test_ingest_against_says_why_it_exits_1_when_no_game_differs(deep, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.json").write_bytes(orjson.dumps(simulate_log("entdecker", 2, seed=3)))
    shutil.copy(deep["move"], folder / "deep-move.json")
    stored = tmp_path / "stored.duckdb"
    assert runner.invoke(app, ["ingest", str(folder), "--db", str(stored), "--workers", "1"]).exit_code == 1
    done = runner.invoke(app, ["ingest", str(folder), "--db", str(tmp_path / "new.duckdb"), "--workers", "1",
                               "--against", str(stored)])
    _no_bug(done.output)
    assert done.exit_code == 1
    lines = done.output.strip().splitlines()
    assert lines[-2].startswith("no game differs")
    assert lines[-1].startswith("exit 1: 1 invalid log (listed above; ludolog query violations_by_rule --db ")
    data = orjson.loads(runner.invoke(app, ["ingest", str(folder), "--db", str(tmp_path / "third.duckdb"),
                                            "--workers", "1", "--against", str(stored), "--format", "json"]).output)
    assert data["against"]["differ"] == [] and len(data["exit_reasons"]) == 1
    # again into the same database: the invalid log is unchanged, not replayed, and still the reason
    again = runner.invoke(app, ["ingest", str(folder), "--db", str(stored), "--workers", "1"])
    assert again.exit_code == 1
    assert again.output.strip().splitlines()[-1].startswith("exit 1: 1 unchanged log stored as invalid")
