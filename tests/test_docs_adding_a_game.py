"""docs/adding-a-game.md stays true: the files it names exist, and the template it walks through
(tests/toygame.py) defines every member the page says a game must implement."""
from __future__ import annotations

import re
from pathlib import Path

from ludolog.replayer.core.game import Game

from . import toygame

ROOT = Path(__file__).parents[1]
PAGE = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")


def test_every_file_the_page_names_exists():
    named = set(re.findall(r"\b((?:replayer|tests|schema|docs)/[\w./-]+\.(?:py|json|md))\b", PAGE))
    named = {p for p in named if "mygame" not in p and "my_game" not in p}
    assert len(named) >= 8, named
    assert sorted(p for p in named if not (ROOT / p).exists()) == []


def test_the_template_implements_every_member_the_page_requires():
    table = PAGE[PAGE.index("## What a game implements"):PAGE.index("Everything else has a core default")]
    members = {name for cell in re.findall(r"^\| (.+?) \|", table, flags=re.M) for name in re.findall(r"`(\w+)", cell)}
    members -= {"member"}
    assert len(members) >= 15, members
    assert sorted(m for m in members if m not in vars(toygame.ToyGame)) == []
    # and they are the members without a default: Game's abstract methods are among them
    assert Game.__abstractmethods__ <= members
