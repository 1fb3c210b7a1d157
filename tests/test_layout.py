"""Every game package is laid out alike: a reader who knows one knows all (docs/adding-a-game.md).

The same role has the same module name in all five packages; what a package adds beyond them (its
domain: islands, river, bidding ...) is named in its docstring, one line a module, like the rest.
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from ludolog.replayer.core.game import Game

REPLAYER = Path(__file__).resolve().parent.parent / "replayer"
GAMES = ["entdecker", "kingdom_crossing", "boonlake", "castles_of_burgundy", "keyflower"]
#: module -> its role, the same in every game package
ROLES = {
    "engine": "the Game subclass: the interface members, each handing over to the modules below",
    "state": "the state's types",
    "catalog": "the catalog file read into typed components",
    "setup": "the position before the first move, its checks, and a random set-up",
    "moves": "applying each move type (every rule checked before anything changes)",
    "listing": "the legal moves of a position, and its chance outcomes",
    "scoring": "scoring, the end of the game and its winners",
    "render": "the position in words (describe, render)",
    "board_svg": "the position as a picture (render_svg)",
    "ids": "the ids a log may use, with their names and printed facts (ludolog ids)",
    "rules": "the rule codes and their references",
}
#: a module longer than this has a seam to split along
MAX_LINES = 650


def _modules(game: str) -> list[str]:
    return sorted(p.stem for p in (REPLAYER / game).glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("game", GAMES)
def test_every_role_has_its_module(game):
    missing = [role for role in ROLES if role not in _modules(game)]
    assert not missing, f"replayer/{game} has no module for: {', '.join(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_engine_module_holds_the_game_class(game):
    package = importlib.import_module(f"ludolog.replayer.{game}")
    engine = importlib.import_module(f"ludolog.replayer.{game}.engine")
    assert type(package.GAME).__module__ == engine.__name__
    assert isinstance(package.GAME, Game)
    classes = [n for n in ast.parse((REPLAYER / game / "engine.py").read_text()).body if isinstance(n, ast.ClassDef)]
    assert len(classes) == 1, f"{game}/engine.py defines {[c.name for c in classes]}: one class, the game"


@pytest.mark.parametrize("game", GAMES)
def test_the_package_docstring_names_every_module(game):
    doc = importlib.import_module(f"ludolog.replayer.{game}").__doc__ or ""
    unnamed = [m for m in _modules(game) if f"{m}.py" not in doc]
    assert not unnamed, f"replayer/{game}/__init__.py's docstring does not name: {', '.join(unnamed)}"


@pytest.mark.parametrize("game", GAMES)
def test_no_module_is_too_long_to_read(game):
    long = {m: n for m in _modules(game)
            if (n := len((REPLAYER / game / f"{m}.py").read_text().splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines in replayer/{game}: {long}"
