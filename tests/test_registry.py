"""The registry's two sources of engines: the built-in games, found without reading packaging
metadata (a plain `ludolog validate` must not pay for importlib.metadata and a scan of every
installed distribution), and third-party games found through the `ludolog.games` entry points.

Each case runs in a fresh interpreter, as a user's command does, so that what it imports and which
distributions it sees are its own."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson

from ludolog.replayer.core.registry import BUILTIN_GAMES

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import sys, orjson
from ludolog.replayer.core import registry
entdecker = registry.get_game("entdecker")
found = {"entdecker_module": type(entdecker).__module__,
         "metadata_after_builtin": "importlib.metadata" in sys.modules}
toy = registry.find_game("toy")
found["toy"] = None if toy is None else type(toy).__module__
found["names"] = registry.game_names()
found["installed"] = registry.installed_games()
sys.stdout.write(orjson.dumps(found).decode())
"""


def probe(extra_path: Path | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("LUDOLOG_PLUGINS", "PYTHONPATH")}
    if extra_path is not None:
        env["PYTHONPATH"] = str(extra_path)
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return orjson.loads(done.stdout)


def fake_distribution(folder: Path, entry_points: str) -> Path:
    """A distribution installed in ``folder`` (as pip leaves one: a .dist-info with its metadata)
    that declares ``entry_points``."""
    info = folder / "fake_games-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-games\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)
    return folder


def test_a_builtin_game_is_found_without_packaging_metadata():
    found = probe()
    assert found["entdecker_module"].startswith("ludolog.replayer.entdecker.")
    assert found["metadata_after_builtin"] is False
    assert found["toy"] is None  # not installed, not a plug-in
    assert set(BUILTIN_GAMES) <= set(found["names"])


def test_a_third_party_game_is_found_through_its_entry_point(tmp_path):
    site = fake_distribution(tmp_path, "[ludolog.games]\ntoy = tests.toygame:GAME [extra]\n")
    found = probe(site)
    assert found["toy"] == "tests.toygame"
    assert "toy" in found["names"] and found["installed"]["toy"] == "tests.toygame:GAME [extra]"


def test_a_builtin_name_declared_again_is_still_the_builtin_engine(tmp_path):
    """Another distribution declaring `entdecker` cannot replace the engine a log of that game is
    read with (before, which declaration won depended on the order of sys.path)."""
    site = fake_distribution(tmp_path, "[ludolog.games]\nentdecker = tests.toygame:GAME\n")
    found = probe(site)
    assert found["entdecker_module"].startswith("ludolog.replayer.entdecker.")
    assert found["installed"]["entdecker"] == BUILTIN_GAMES["entdecker"] == "ludolog.replayer.entdecker:GAME"


def test_an_entry_point_naming_no_game_is_refused(tmp_path):
    """An entry point must name a Game of its own name; a module (no attribute) is not one."""
    site = fake_distribution(tmp_path, "[ludolog.games]\ntoy = tests.toygame\n")
    env = {k: v for k, v in os.environ.items() if k != "LUDOLOG_PLUGINS"}
    env["PYTHONPATH"] = str(site)
    done = subprocess.run([sys.executable, "-c", "from ludolog.replayer.core import get_game; get_game('toy')"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert done.returncode == 1
    assert "TypeError: entry point 'toy' of ludolog.games is not the Game named 'toy'" in done.stderr
