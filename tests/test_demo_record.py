"""`make demo` leaves a recorded game to open: recorded through the scoresheet's own calls, a
take-back in its trail, never over a file it did not write, with ludolog's core dependencies only."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import orjson

from ludolog.cli import demo
from ludolog.cli.common import check_file
from ludolog.replayer.core import simulate_log


def _demo(tmp_path: Path, name: str = "entdecker") -> demo.Demo:
    d = demo.Demo(out=tmp_path / "d", names=[name], games=3, seed=1)
    for step in (demo.step_simulate, demo.step_validate):
        step(d)
    return d


def test_the_demo_records_a_game_that_validates_with_its_take_back(tmp_path, capsys):
    d = _demo(tmp_path)
    demo.step_record(d)
    out = capsys.readouterr().out
    path = d.out / "recorded" / "entdecker.json"
    assert d.extra["recorded"] == path
    # the game played: the 2-player log of the demo's corpus, as the simulator wrote it
    [source] = [f for f in d.files["entdecker"] if len(orjson.loads(f.read_bytes())["players"]) == 2]
    played = orjson.loads(source.read_bytes())
    written = orjson.loads(path.read_bytes())
    assert written["moves"] == played["moves"]
    assert written["setup"] == played["setup"]
    assert written["claimed"] == {"final": played["claimed"]["final"]}
    [trail] = written["corrections"]
    index = trail["index"]
    assert 0 < index < len(played["moves"]) and trail["move"] != played["moves"][index]
    assert trail["move"]["type"] and trail["time"].endswith("Z")
    check = check_file(path)
    assert check.status == "valid", check.violations
    assert check.scores == played["claimed"]["final"]
    # the commands to open it, exactly
    assert f"ludolog record {path}\n" in out and f"ludolog report {path}" in out
    assert f"OK         {path}" in out


def test_the_demo_never_writes_over_a_recorded_game(tmp_path, capsys):
    d = _demo(tmp_path, "kingdom-crossing")
    kept = d.out / "recorded" / "kingdom-crossing.json"
    kept.parent.mkdir(parents=True)
    kept.write_text('{"recorded on": "at the table since"}')
    demo.step_record(d)
    assert kept.read_text() == '{"recorded on": "at the table since"}'
    assert d.extra["recorded"] == kept.with_name("kingdom-crossing-2.json")
    assert check_file(d.extra["recorded"]).status == "valid"
    assert f"ludolog record {d.extra['recorded']}" in capsys.readouterr().out


def test_a_mistaken_tap_is_taken_back_before_the_right_move(tmp_path):
    """The recorder's own trail: the wrong move was recorded (the file held it) and taken back."""
    from ludolog.cli.record import tapping
    from ludolog.cli.record.session import Recording

    played = simulate_log("keyflower", 2, "tapping")
    recording = Recording.create(tmp_path / "k.json", "keyflower", ["ana", "ben"], {})
    done = tapping.record_game(recording, played)
    written = json.loads((tmp_path / "k.json").read_text())
    assert written["moves"] == played["moves"] and done.moves == len(played["moves"])
    [trail] = written["corrections"]
    assert trail["index"] == done.taken_back["index"] >= len(played["moves"]) // 2
    assert trail["move"] != played["moves"][trail["index"]]
    assert done.taps >= done.moves


# the modules of the extras (pyproject.toml: report, test, bench, dask) the demo must not import
EXTRAS = ("jinja2", "altair", "vl_convert", "pytest", "chess", "psutil", "hypothesis", "websocket", "pyte",
          "dask", "distributed", "fsspec")


def test_the_demo_runs_on_the_core_dependencies_alone(tmp_path):
    """`make demo` installs ludolog without extras: every step, the recorded game included, runs
    with the extras' modules made unimportable."""
    script = ("import sys\n"
              f"for name in {EXTRAS!r}: sys.modules[name] = None\n"
              "from ludolog.cli import demo\n"
              f"sys.exit(demo.main(['--game', 'kingdom-crossing', '--games', '2', '--out', {str(tmp_path / 'd')!r}]))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "demo finished" in done.stdout
    assert check_file(tmp_path / "d" / "recorded" / "kingdom-crossing.json").status == "valid"


def test_the_demo_removes_only_the_logs_it_simulated(tmp_path):
    """A fresh corpus every run, but a log someone put beside the simulated ones stays, uncounted."""
    d = _demo(tmp_path)
    folder = d.logs / "entdecker"
    ours = folder / "ours.json"
    ours.write_bytes(orjson.dumps(simulate_log("entdecker", 2, "ours")))
    renamed = folder / "entdecker-2p-s9-0001.json"  # a simulator's name, someone else's file
    renamed.write_text("{}")
    again = _demo(tmp_path)
    assert ours.exists() and renamed.read_text() == "{}"
    assert ours not in again.files["entdecker"] and renamed not in again.files["entdecker"]
    assert len(again.files["entdecker"]) == 3
