"""The `ludolog` command line: every command, exit codes 0/1/2, malformed input, JSON output."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli import app as app_module
from ludolog.cli.app import app
from ludolog.cli.common import expand_paths, parse_option_pairs
from ludolog.replayer.core import simulate_log

runner = CliRunner()


def run(*args: str, env: dict | None = None):
    result = runner.invoke(app, [str(a) for a in args], env=env)
    assert "Traceback" not in result.output, result.output
    return result


def write_log(path: Path, raw: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(raw, option=orjson.OPT_INDENT_2))
    return path


# -- games / schema ---------------------------------------------------------------------------------

def test_games_lists_the_toy_game(toy):
    result = run("games")
    assert result.exit_code == 0
    assert "toy: Toy dice race" in result.stdout
    assert "1-4 players" in result.stdout and "catalog toy/1" in result.stdout
    data = json.loads(run("games", "--format", "json").stdout)
    info = {g["name"]: g for g in data["games"]}["toy"]
    assert (info["min_players"], info["max_players"], info["catalog_version"]) == (1, 4, "toy/1")
    assert info["move_types"] == ["roll", "draw", "play", "pass"] and "target" in info["variants"]


def test_games_rules_lists_game_and_core_codes(toy):
    result = run("games", "--rules", "toy")
    assert result.exit_code == 0
    assert "TOY.DIE.RANGE" in result.stdout and "toy rules 2" in result.stdout
    assert "CORE.JSON.SYNTAX" in result.stdout
    data = json.loads(run("games", "--rules", "toy", "-f", "json").stdout)
    assert [r["code"] for r in data["rules"]] == ["TOY.TURN.NOT_YOURS", "TOY.DIE.RANGE", "TOY.DRAW.NOT_NOW",
                                                  "TOY.PLAY.LEADER"]
    assert "CORE.CLAIM.FINAL_MISMATCH" in {r["code"] for r in data["core_rules"]}


def test_unknown_game_name_is_a_usage_error(toy):
    for args in (("games", "--rules", "chess"), ("schema", "chess"),
                 ("simulate", "chess", "--players", "2", "--out", "x")):
        result = run(*args)
        assert result.exit_code == 2, args
        assert "unknown game 'chess'" in result.output and "toy" in result.output


def test_schema_prints_the_bundled_schema(toy):
    result = run("schema", "toy")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert "move.roll" in doc["$defs"]
    assert any(part.get("required") for part in doc["allOf"])  # the envelope is bundled in
    assert json.loads(run("schema", "toy", "--format", "text").stdout) == doc


# -- simulate ---------------------------------------------------------------------------------------

def test_simulate_writes_named_logs_deterministically(toy, tmp_path):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    assert run("simulate", "toy", "--players", "3", "--count", "4", "--seed", "42", "--out", a).exit_code == 0
    assert run("simulate", "toy", "--players", "3", "--count", "4", "--seed", "42", "--out", b).exit_code == 0
    assert run("simulate", "toy", "--players", "3", "--count", "4", "--seed", "43", "--out", c).exit_code == 0
    names = sorted(p.name for p in a.iterdir())
    assert names == [f"toy-3p-s42-{i:04d}.json" for i in range(1, 5)]
    assert all((a / n).read_bytes() == (b / n).read_bytes() for n in names)
    assert (a / names[0]).read_bytes() != (c / "toy-3p-s43-0001.json").read_bytes()
    assert len({(a / n).read_bytes() for n in names}) == 4  # every game differs
    raw = orjson.loads((a / names[0]).read_bytes())
    assert set(raw["claimed"]["final"]) == {"ana", "ben", "cleo"}


def test_simulate_json_output_and_options(toy, tmp_path):
    result = run("simulate", "toy", "-p", "2", "-n", "2", "--option", "target=5", "--out", tmp_path, "-f", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["options"] == {"target": 5}
    for file in data["files"]:
        raw = orjson.loads(Path(file).read_bytes())
        assert raw["options"] == {"target": 5} and max(raw["claimed"]["final"].values()) >= 5


@pytest.mark.parametrize("args", [
    ("--players", "9"),  # more players than the game allows
    ("--players", "2", "--option", "target"),  # no '='
    ("--players", "2", "--option", "target=500"),  # outside the schema's range
    ("--players", "2", "--option", "colour=red"),  # not an option of the game
    ("--players", "2", "--count", "0"),
])
def test_simulate_bad_parameters_are_usage_errors(toy, tmp_path, args):
    result = run("simulate", "toy", *args, "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert not list(tmp_path.iterdir())


def test_simulate_out_must_be_a_folder(toy, tmp_path):
    target = tmp_path / "file.json"
    target.write_text("{}")
    result = run("simulate", "toy", "--players", "2", "--out", target)
    assert result.exit_code == 1 and "not a folder" in result.output


# -- validate ---------------------------------------------------------------------------------------

@pytest.fixture
def corpus(toy, tmp_path):
    """Five valid simulated toy logs in a nested folder."""
    out = tmp_path / "logs" / "nested"
    assert run("simulate", "toy", "--players", "2", "--count", "5", "--seed", "7", "--out", out).exit_code == 0
    return tmp_path / "logs"


def test_validate_folder_of_valid_logs(corpus):
    result = run("validate", corpus)
    assert result.exit_code == 0
    assert result.stdout.count("OK ") == 5
    assert "5 logs: 5 valid, 0 invalid" in result.stdout
    data = json.loads(run("validate", corpus, "--format", "json").stdout)
    assert data["summary"]["all_valid"] and data["summary"]["files"] == 5
    assert all(f["status"] == "valid" and f["violations"] == [] for f in data["files"])
    quiet = run("validate", corpus, "-q")
    assert quiet.exit_code == 0 and "OK " not in quiet.stdout and "5 valid" in quiet.stdout


def test_validate_reports_a_rule_violation_with_location_and_position(corpus):
    bad = sorted(corpus.rglob("*.json"))[0]
    raw = orjson.loads(bad.read_bytes())
    raw["moves"][3]["die"] = 9
    write_log(bad, raw)
    result = run("validate", corpus)
    assert result.exit_code == 1
    # a die shows 1 to 6 (toy rules 2): the legal rolls nearest to 9 are 6, 5 and 4; 3 more are legal
    assert (f"{bad}: move 3 at /moves/3/die: TOY.DIE.RANGE: a die cannot show 9; legal here: roll die 6, roll die 5, "
            "roll die 4, and 3 more (ludolog next lists them) [toy rules 2]") in result.stdout
    assert "position: turn 4" in result.stdout
    assert "4 valid, 1 invalid" in result.stdout
    data = json.loads(run("validate", bad, "-f", "json").stdout)
    [violation] = data["files"][0]["violations"]
    assert (violation["move_index"], violation["pointer"], violation["code"]) == (3, "/moves/3/die", "TOY.DIE.RANGE")


def test_validate_checks_claimed_scores(corpus):
    bad = sorted(corpus.rglob("*.json"))[1]
    raw = orjson.loads(bad.read_bytes())
    raw["claimed"]["final"]["ben"] += 3
    write_log(bad, raw)
    result = run("validate", bad)
    assert result.exit_code == 1
    assert "/claimed/final/ben: CORE.CLAIM.FINAL_MISMATCH" in result.stdout


def test_unfinished_game_is_valid_unless_it_claims_final_scores(toy, tmp_path):
    raw = simulate_log("toy", 2, seed=3)
    raw["moves"] = raw["moves"][:4]
    claimed = write_log(tmp_path / "claims.json", raw)
    del raw["claimed"]
    open_game = write_log(tmp_path / "open.json", raw)
    result = run("validate", open_game)
    assert result.exit_code == 0 and result.stdout.startswith("UNFINISHED")
    result = run("validate", claimed)
    assert result.exit_code == 1 and "CORE.CLAIM.UNFINISHED" in result.stdout


def test_validate_limits_violations_shown(toy, tmp_path):
    raw = simulate_log("toy", 2, seed=5)
    for move in raw["moves"]:
        move["die"] = "six"
    path = write_log(tmp_path / "many.json", raw)
    shown = run("validate", path, "--limit", "2")
    assert shown.exit_code == 1 and shown.stdout.count("CORE.SCHEMA") == 2 and "more (use --limit 0" in shown.stdout
    every = run("validate", path, "--limit", "0")
    assert every.stdout.count("CORE.SCHEMA") == len(raw["moves"])


MALFORMED = {
    "empty.json": b"",
    "truncated.json": b'{"format": "ludolog/1", "game": "to',
    "not-json.json": b"hello, world",
    "invalid-utf8.json": b'{"game": "toy", "meta": {"place": "K\xf6ln"}}',
    "utf16.json": '{"game": "toy"}'.encode("utf-16"),
    "array.json": b"[1, 2, 3]",
    "unknown-game.json": b'{"format": "ludolog/1", "game": "chess"}',
    "wrong-types.json": b'{"format": "ludolog/1", "game": "toy", "edition": 1, "catalog": "toy/1",'
                        b' "players": "ana", "setup": [], "moves": {}}',
    "infinity.json": b'{"format": "ludolog/1", "game": "toy", "claimed": {"final": {"a": 1e999}}}',
    "huge-int.json": b'{"format": "ludolog/1", "game": "toy", "edition": "1", "catalog": "toy/1",'
                     b' "players": [{"id": "a"}], "setup": {},'
                     b' "moves": [{"type": "roll", "player": "a", "die": 99999999999999999999999}]}',
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_file_gives_a_located_message_and_exit_1(toy, tmp_path, name):
    path = tmp_path / name
    path.write_bytes(MALFORMED[name])
    result = run("validate", path)
    assert result.exit_code == 1
    assert result.stdout.startswith("INVALID")
    assert f"{path}: " in result.stdout  # every violation line names the file
    assert "CORE." in result.stdout
    assert "1 invalid" in result.stdout
    data = json.loads(run("validate", path, "-f", "json").stdout)
    assert data["files"][0]["status"] == "invalid" and data["files"][0]["violations"]
    replayed = run("replay", path)
    assert replayed.exit_code == 1 and str(path) in replayed.output


def test_malformed_messages_say_what_is_wrong(toy, tmp_path):
    expectations = {"empty.json": "the file is empty", "truncated.json": "line 1",
                    "unknown-game.json": "unknown game 'chess'", "infinity.json": "infinity",
                    "huge-int.json": "/moves/0/die", "wrong-types.json": "/players",
                    "invalid-utf8.json": "UTF-8", "array.json": "JSON object"}
    for name, expected in expectations.items():
        path = tmp_path / name
        path.write_bytes(MALFORMED[name])
        assert expected in run("validate", path).stdout, name


def test_missing_paths_and_empty_folders_exit_1(toy, tmp_path):
    result = run("validate", tmp_path / "nope.json")
    assert result.exit_code == 1 and f"{tmp_path / 'nope.json'}: no such file or folder" in result.output
    (tmp_path / "empty").mkdir()
    result = run("validate", tmp_path / "empty")
    assert result.exit_code == 1 and "contains no .json logs" in result.output
    assert run("replay", tmp_path / "nope.json").exit_code == 1
    assert run("replay", tmp_path / "empty").exit_code == 1


def test_one_broken_file_does_not_stop_the_others(corpus, tmp_path):
    (corpus / "broken.json").write_bytes(b"{")
    result = run("validate", corpus)
    assert result.exit_code == 1
    assert result.stdout.count("OK ") == 5 and "5 valid, 1 invalid" in result.stdout


def test_expand_paths_recurses_sorts_and_deduplicates(tmp_path):
    for rel in ("b/2.json", "b/1.json", "a.json", "b/notes.txt", "b/c/3.json"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    found = expand_paths([tmp_path / "a.json", tmp_path / "b", tmp_path / "b" / "1.json"])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == ["a.json", "b/1.json", "b/2.json", "b/c/3.json"]


def test_option_pairs_are_read_as_json_values():
    assert parse_option_pairs(["a=1", "b=true", "c=text", "d=[1,2]", "e="]) == \
        {"a": 1, "b": True, "c": "text", "d": [1, 2], "e": ""}


# -- replay -----------------------------------------------------------------------------------------

def test_replay_to_a_middle_move(corpus):
    path = sorted(corpus.rglob("*.json"))[0]
    raw = orjson.loads(path.read_bytes())
    result = run("replay", path, "--to", "4")
    assert result.exit_code == 0
    assert f"after 4 of {len(raw['moves'])} moves" in result.stdout
    assert "score ledger (4 events so far)" in result.stdout
    data = json.loads(run("replay", path, "--to", "4", "-f", "json").stdout)
    dice = [m["die"] for m in raw["moves"][:4]]
    assert data["applied"] == 4 and data["status"] == "unfinished" and not data["terminal"]
    assert data["scores"] == {"ana": dice[0] + dice[2], "ben": dice[1] + dice[3]}
    assert [e["delta"] for e in data["ledger"]] == dice
    assert data["columns"] == ["score", "rolls"] and data["players"][0]["rolls"] == 2


def test_replay_to_the_end(corpus):
    path = sorted(corpus.rglob("*.json"))[2]
    raw = orjson.loads(path.read_bytes())
    data = json.loads(run("replay", path, "-f", "json").stdout)
    assert data["terminal"] and data["status"] == "valid"
    assert data["scores"] == raw["claimed"]["final"]
    assert data["winners"] == [max(data["scores"], key=data["scores"].get)]
    beyond = json.loads(run("replay", path, "--to", "100000", "-f", "json").stdout)
    assert beyond["applied"] == len(raw["moves"])
    text = run("replay", path).stdout
    assert "winner: " in text and "status: valid" in text


def test_replay_stops_with_the_violation_before_n(corpus):
    path = sorted(corpus.rglob("*.json"))[0]
    raw = orjson.loads(path.read_bytes())
    raw["moves"][5]["player"] = raw["moves"][4]["player"]
    write_log(path, raw)
    before = run("replay", path, "--to", "5")
    assert before.exit_code == 0 and "after 5 of" in before.stdout
    after = run("replay", path, "--to", "8")
    assert after.exit_code == 1
    assert "move 5 at /moves/5/player: TOY.TURN.NOT_YOURS" in after.stdout
    assert "after 5 of" in after.stdout  # the state is the valid prefix's
    data = json.loads(run("replay", path, "--to", "8", "-f", "json").stdout)
    assert data["status"] == "invalid" and data["violations"][0]["move_index"] == 5


def test_replay_reports_a_schema_error_before_n(corpus):
    path = sorted(corpus.rglob("*.json"))[0]
    raw = orjson.loads(path.read_bytes())
    raw["moves"][6]["die"] = "six"
    write_log(path, raw)
    result = run("replay", path, "--to", "7")
    assert result.exit_code == 1 and "/moves/6/die: CORE.SCHEMA" in result.stdout


# -- usage errors and the error boundary ------------------------------------------------------------

@pytest.mark.parametrize("args", [
    (), ("frobnicate",), ("validate",), ("replay",), ("replay", "x.json", "--to", "-1"),
    ("replay", "x.json", "--to", "two"), ("games", "--format", "xml"), ("simulate", "toy"),
    ("validate", "x.json", "--limit", "-3"),
])
def test_usage_errors_exit_2(toy, args):
    result = run(*args)
    assert result.exit_code == 2, (args, result.output)


@pytest.mark.parametrize("command", ["validate", "migrate", "ingest", "extract"])
def test_an_empty_path_is_refused_not_read_as_the_current_folder(toy, tmp_path, monkeypatch, command):
    write_log(tmp_path / "here.json", simulate_log("toy", 2, seed=1))
    monkeypatch.chdir(tmp_path)  # a folder with a log: "" must not find it
    result = run(command, "")
    assert result.exit_code == 2, result.output
    assert "an empty PATH names no file or folder" in result.output and "here.json" not in result.output


def test_unexpected_exception_becomes_a_message(corpus, monkeypatch):
    def explode(*args, **kwargs):
        raise RuntimeError("engine on fire")

    path = sorted(corpus.rglob("*.json"))[0]
    with monkeypatch.context() as patch:
        patch.setattr(app_module, "render", None)  # the text rendering of replay now fails
        result = run("replay", path)
    assert result.exit_code == 1
    assert "error: unexpected" in result.stderr and "please report it" in result.stderr
    monkeypatch.setattr("ludolog.cli.common.replay", explode)
    result = run("validate", path)
    assert result.exit_code == 1
    assert "CORE.INTERNAL" in result.stdout and "engine on fire" in result.stdout
    debug = runner.invoke(app, ["validate", str(path)], env={"LUDOLOG_DEBUG": "1"})
    assert isinstance(debug.exception, RuntimeError)


def test_help_and_version():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("games", "schema", "validate", "replay", "simulate"):
        assert command in result.stdout
    assert run("--version").stdout.startswith("ludolog ")


def test_console_script_runs_from_any_directory(tmp_path):
    script = Path(sys.executable).with_name("ludolog")
    if not script.exists():
        pytest.skip("console script not installed in this environment")
    env = {**os.environ, "LUDOLOG_DEBUG": ""}
    games = subprocess.run([script, "games", "--format", "json"], cwd=tmp_path, capture_output=True, env=env,
                           timeout=120)
    assert games.returncode == 0, games.stderr
    assert "games" in json.loads(games.stdout)
    (tmp_path / "bad.json").write_bytes(b"{")
    bad = subprocess.run([script, "validate", "bad.json"], cwd=tmp_path, capture_output=True, env=env, timeout=120)
    assert bad.returncode == 1 and b"Traceback" not in bad.stdout + bad.stderr
    assert b"bad.json: log at /: CORE.JSON.SYNTAX" in bad.stdout
    usage = subprocess.run([script, "replay"], cwd=tmp_path, capture_output=True, env=env, timeout=120)
    assert usage.returncode == 2 and b"Traceback" not in usage.stderr


# -- entdecker --------------------------------------------------------------------------------------

def test_entdecker_simulate_validate_replay(tmp_path):
    out = tmp_path / "ent"
    assert run("simulate", "entdecker", "--players", "3", "--count", "2", "--seed", "42", "--out", out).exit_code == 0
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["entdecker-3p-s42-0001.json", "entdecker-3p-s42-0002.json"]
    result = run("validate", out)
    assert result.exit_code == 0, result.stdout
    raw = orjson.loads(files[0].read_bytes())
    middle = len(raw["moves"]) // 2
    data = json.loads(run("replay", files[0], "--to", str(middle), "-f", "json").stdout)
    assert data["applied"] == middle and data["status"] == "unfinished"
    assert sum(data["scores"].values()) == sum(e["delta"] for e in data["ledger"])
    end = json.loads(run("replay", files[0], "-f", "json").stdout)
    assert end["scores"] == raw["claimed"]["final"]
    assert run("replay", files[0], "--to", str(middle)).exit_code == 0


def test_entdecker_rules_and_schema():
    result = run("games", "--rules", "entdecker")
    assert result.exit_code == 0 and "ENT." in result.stdout
    doc = json.loads(run("schema", "entdecker").stdout)
    assert doc["properties"]["game"] == {"const": "entdecker"} or "entdecker" in json.dumps(doc["properties"]["game"])


# -- demo and bench machinery (on the toy game; the speed itself is never asserted) -----------------

def test_demo_runs_its_steps_on_the_toy_game(toy, tmp_path, capsys):
    from ludolog.cli import demo

    assert demo.main(["--game", "toy", "--games", "9", "--out", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out
    assert len(list((tmp_path / "d" / "logs" / "toy").glob("toy-*p-s*-*.json"))) == 9
    assert "9 logs: 9 valid, 0 invalid" in out
    assert "$ ludolog replay" in out and "score ledger" in out
    assert "9 games of toy" in out and "seat 1 wins" in out


def test_demo_shows_every_installed_game_by_default(toy, tmp_path, capsys, monkeypatch):
    """Without --game the demo takes every game that loads (here the toy game and one built-in
    game, as if those two were installed), each with its own corpus, replay and summary."""
    from ludolog.cli import common, demo
    from ludolog.replayer.core import get_game

    monkeypatch.setattr(common, "available_games", lambda: ([toy, get_game("entdecker")], []))
    seen = []
    monkeypatch.setattr(demo, "STEPS", [demo.step_simulate, demo.step_validate, demo.step_replay,
                                        lambda d: seen.extend(d.names), demo.step_summary])
    assert demo.main(["--games", "3", "--out", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out
    assert seen == ["toy", "entdecker"]
    for name in seen:
        assert len(list((tmp_path / "d" / "logs" / name).glob("*.json"))) == 3
        assert f"3 games of {name}" in out
    assert out.count("$ ludolog replay") == 2


def test_demo_stops_when_a_log_is_invalid(toy, tmp_path, capsys, monkeypatch):
    from ludolog.cli import demo

    def corrupt(d):
        raw = orjson.loads(d.files["toy"][0].read_bytes())
        raw["claimed"]["final"]["ana"] += 1
        write_log(d.files["toy"][0], raw)

    steps = [demo.step_simulate, corrupt, demo.step_validate, demo.step_summary]
    d = demo.Demo(out=tmp_path / "d", names=["toy"], games=4, seed=1)
    assert demo.run(d, steps) == 1
    assert "demo failed: 1 simulated logs do not validate" in capsys.readouterr().out


def write_peer(folder: Path, line: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "chess_peer.py").write_text(f"print({line!r})\n")
    return folder


def test_bench_measures_reuses_its_corpus_and_compares(toy, tmp_path, capsys, monkeypatch):
    from ludolog.cli import bench

    peer = write_peer(tmp_path / "peer", json.dumps({"peer": "fake-chess 0", "games": 10, "moves": 1000,
                                                     "seconds": 1.0, "games_per_s": 10.0, "moves_per_s": 1000.0}))
    monkeypatch.setenv("LUDOLOG_PEER_DIR", str(peer))
    monkeypatch.setattr(bench, "CORPUS_PLANS", {"toy": ((2, 3), (3, 2))})
    monkeypatch.setattr(bench, "REINGEST_LOGS", 12)
    monkeypatch.setattr(bench, "STARTUP_RUNS", 2)
    args = ["--game", "toy", "--repeat", "1", "--out", str(tmp_path / "b"), "--json"]
    assert bench.main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["corpus"]["toy"]["games"] == 5 and not first["corpus"]["toy"]["reused"]
    # the folder holds only the logs (an ingest of it sees no other file); the manifest is beside it
    assert sorted(p.name for p in (tmp_path / "b" / "toy").iterdir()) == sorted(
        f"toy-{n}p-{k:04d}.json" for n, count in ((2, 3), (3, 2)) for k in range(1, count + 1))
    assert (tmp_path / "b" / "toy.manifest.json").is_file()
    again = first["reingest"]  # 12 distinct logs made from the 5: all replayed once, then all skipped
    assert again["logs"] == 12 and again["first"]["replayed"] == 12 and again["first"]["skipped"] == 0
    assert again["unchanged"] == {**again["unchanged"], "replayed": 0, "skipped": 12}
    assert again["touched"] == {**again["touched"], "replayed": 0, "skipped": 12}
    assert first["startup"]["runs"] == 2 and first["startup"]["seconds_median"] > 0
    fig = first["validation"]["toy"]
    assert fig["games"] == 5 and fig["invalid"] == 0 and fig["moves"] > 0
    assert first["ratio_moves_per_s"]["toy"] == round(fig["moves_per_s"] / 1000.0, 2)
    assert bench.main(args) == 0
    assert json.loads(capsys.readouterr().out)["corpus"]["toy"]["reused"]
    victim = tmp_path / "b" / "toy" / "toy-2p-0002.json"
    victim.write_bytes(victim.read_bytes().replace(b'"die": ', b'"die":'))  # same data, other bytes
    assert bench.main(args) == 0
    assert not json.loads(capsys.readouterr().out)["corpus"]["toy"]["reused"]
    assert bench.main(args[:-1]) == 0  # text output
    text = capsys.readouterr().out
    assert "fake-chess 0" in text and "ratio ludolog toy / python-chess moves/s" in text
    # ingest ratios beside the machine's bounds, no verdict against a goal
    assert re.search(r"\n  ingest / full validation time .*: [\d.]+x \(the floor is 1x, validation [\d.]+ s", text)
    if os.cpu_count() and os.cpu_count() > 1:  # an ingest with workers beside the 1-process one
        assert re.search(r"\n  (\d+) workers [\d.]+ s = [\d,]+ moves/s, .*x 1 process \(the ceiling is \1x, less "
                         r"the parent's DuckDB writes on the same cores: [\d.]+ s", text)
        assert first["ingest"]["toy"]["speedup_parallel"] > 0


def test_bench_without_peer_says_so(toy, tmp_path, capsys, monkeypatch):
    from ludolog.cli import bench

    monkeypatch.setenv("LUDOLOG_PEER_DIR", str(tmp_path / "nowhere"))
    monkeypatch.setattr(bench, "CORPUS_PLANS", {"toy": ((2, 2),)})
    monkeypatch.setattr(bench, "REINGEST_LOGS", 4)
    monkeypatch.setattr(bench, "STARTUP_RUNS", 2)
    assert bench.main(["--game", "toy", "--repeat", "1", "--out", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert "chess_peer.py not found" in out and "ratio ludolog" not in out
    broken = write_peer(tmp_path / "broken", "no json here")
    monkeypatch.setenv("LUDOLOG_PEER_DIR", str(broken))
    assert bench.main(["--game", "toy", "--repeat", "1", "--out", str(tmp_path / "b")]) == 0
    assert "could not run python-chess" in capsys.readouterr().out


def test_bench_interleaves_validation_and_the_peer_in_rounds(toy, tmp_path, capsys, monkeypatch):
    """Each round is a pass of every corpus and one of python-chess, so that the machine's drift
    during a run falls on both sides of a ratio; the best pass of each counts."""
    from ludolog.cli import bench

    order = tmp_path / "order.txt"
    peer = tmp_path / "peer"
    peer.mkdir()
    seconds = iter([3.0, 2.0, 4.0])  # the peer's passes: the best (2.0) counts
    (peer / "chess_peer.py").write_text(
        "import json, sys\n"
        f"open({str(order)!r}, 'a').write('p')\n"
        "assert sys.argv[1:] == ['--repeat', '1']\n"
        f"print(json.dumps({{'peer': 'fake-chess 0', 'games': 10, 'moves': 1000, "
        "'seconds': float(sys.stdin.readline() or 1), 'games_per_s': 1.0, 'moves_per_s': 1.0}))\n")
    real_run = bench.subprocess.run

    def fed_run(command, **kwargs):  # the fake peer reads its pass's seconds from stdin
        return real_run(command, input=f"{next(seconds)}\n", **kwargs)

    real_validation = bench.time_full_validation

    def recorded_validation(files, repeat):
        with open(order, "a") as handle:
            handle.write("v")
        return real_validation(files, repeat)

    monkeypatch.setenv("LUDOLOG_PEER_DIR", str(peer))
    monkeypatch.setattr(bench.subprocess, "run", fed_run)
    monkeypatch.setattr(bench, "time_full_validation", recorded_validation)
    monkeypatch.setattr(bench, "SECTIONS", [bench.section_corpus, bench.section_validation, bench.section_comparison])
    monkeypatch.setattr(bench, "CORPUS_PLANS", {"toy": ((2, 2),)})
    assert bench.main(["--game", "toy", "--repeat", "3", "--out", str(tmp_path / "b"), "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert order.read_text() == "vpvpvp"
    assert results["peer"]["seconds"] == 2.0


def test_entdecker_variants_simulate_and_validate(tmp_path):
    for option in ("personal_tiles=true", "change_first_player=true", "unplaceable_to_reserve=true"):
        out = tmp_path / option.split("=")[0]
        result = run("simulate", "entdecker", "-p", "2", "-n", "1", "--seed", "5", "--option", option, "--out", out)
        assert result.exit_code == 0, result.output
        raw = orjson.loads(next(out.iterdir()).read_bytes())
        assert raw["options"] == {option.split("=")[0]: True}
    assert run("validate", tmp_path).exit_code == 0
    bad = run("simulate", "entdecker", "-p", "2", "--option", "personal_tiles=3", "--out", tmp_path / "x")
    assert bad.exit_code == 2 and "personal_tiles" in bad.output


@pytest.mark.parametrize("spec, says", [
    ("ludolog.replayer.no_such_engine", "cannot be loaded (ModuleNotFoundError: No module named 'ludolog.replayer.no_such_engine')"),
    ("ludolog.replayer.entdecker:NO_SUCH", "cannot be loaded (AttributeError"),
    ("os:path", "which is a module, not a game engine"),
])
def test_a_plugin_that_cannot_be_loaded_is_the_users_setting_not_a_bug(spec, says, tmp_path):
    # every log gets the same answer (the plug-in is tried again each time), exit 1, no traceback
    for name in ("a.json", "b.json"):
        write_log(tmp_path / name, simulate_log("entdecker", 2, seed=1))
    result = run("validate", tmp_path, env={"LUDOLOG_PLUGINS": spec})
    assert result.exit_code == 1
    assert result.output.count(f"CORE.GAME.UNAVAILABLE: the game engine cannot be used: LUDOLOG_PLUGINS names {spec!r}") == 2
    assert says in result.output and "fix or unset LUDOLOG_PLUGINS" in result.output
    assert "this is a bug" not in result.output


def test_a_game_whose_data_cannot_load_is_reported_not_crashed(toy, corpus, monkeypatch):
    from ludolog.replayer.core import LudologError, registry

    from . import toygame

    class BrokenToy(toygame.ToyGame):
        name = "broken"

        @property
        def catalog_version(self):
            raise LudologError("the catalog file is missing")

    registry.register(BrokenToy())
    try:
        listing = run("games")
        assert listing.exit_code == 0 and "broken: not available" in listing.stdout and "toy: " in listing.stdout
        schema = run("schema", "broken")
        assert schema.exit_code == 1 and "cannot be loaded: the catalog file is missing" in schema.stderr
    finally:
        registry.unregister("broken")

    def unusable(*args, **kwargs):
        raise LudologError("invalid catalog")

    monkeypatch.setattr("ludolog.cli.common.replay", unusable)
    result = run("validate", corpus)
    assert result.exit_code == 1
    assert "CORE.GAME.UNAVAILABLE: the toy engine cannot be used: invalid catalog" in result.stdout
    assert "report" not in result.stdout  # not presented as a bug


@pytest.mark.parametrize("junk", [[], {}, None, 7, "fly"])
def test_junk_move_types_never_escape_the_cli(corpus, junk):
    path = sorted(corpus.rglob("*.json"))[0]
    raw = orjson.loads(path.read_bytes())
    raw["moves"][2]["type"] = junk
    write_log(path, raw)
    result = run("validate", path)
    assert result.exit_code == 1 and f"{path}: " in result.stdout
    replayed = run("replay", path, "--to", "1")
    # Either the valid prefix (move 0) is shown, or the CLI says why it could not get there.
    assert (replayed.exit_code == 0 and "after 1 of" in replayed.stdout) or \
        (replayed.exit_code == 1 and str(path) in replayed.output)


def test_replay_shows_the_valid_prefix_before_a_schema_error(corpus):
    path = sorted(corpus.rglob("*.json"))[0]
    raw = orjson.loads(path.read_bytes())
    raw["moves"][6]["die"] = "six"
    write_log(path, raw)
    result = run("replay", path, "--to", "6")
    assert result.exit_code == 0 and "after 6 of" in result.stdout


def test_replay_never_claims_a_position_it_did_not_reach(corpus):
    path = sorted(corpus.rglob("*.json"))[0]
    raw = orjson.loads(path.read_bytes())
    raw["moves"][6]["die"] = "six"
    write_log(path, raw)
    result = run("replay", path, "--to", "6", "-f", "json")
    data = json.loads(result.stdout)
    assert (result.exit_code, data["applied"], data["status"]) == (0, 6, "unfinished") or \
        (result.exit_code == 1 and data["applied"] < 6 and data["status"] == "invalid" and data["violations"])
