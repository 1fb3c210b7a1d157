"""A log names the edition it was played under, and a game replays only the editions it knows: an
edition the engine does not know (a typo, another printing, a stray character) is refused at
``/edition`` rather than replayed under another edition's rules. Found by the large fuzz run, where
Keyflower, Boonlake and Kingdom Crossing logs with ``"edition": "\\u0000"`` or ``"0"`` stayed valid."""
from __future__ import annotations

import orjson
import pytest

from ludolog.cli.common import check_file
from ludolog.replayer.core import all_games, simulate_log

GAMES = [g for g in all_games() if g.name != "toy"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_an_unknown_edition_is_refused(game):
    raw = simulate_log(game, game.min_players if game.min_players > 1 else 2, "editions")
    assert check_file("known.json", orjson.dumps(raw)).status == "valid"
    for edition in ("0", "\u0000", raw["edition"] + "\n", "another printing"):
        check = check_file("unknown.json", orjson.dumps({**raw, "edition": edition}))
        assert check.status == "invalid", (game.name, edition)
        assert [(v.code, v.pointer) for v in check.violations][:1] == [("CORE.SCHEMA", "/edition")], check.violations


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_edition_the_game_declares_is_accepted(game):
    raw = simulate_log(game, game.min_players if game.min_players > 1 else 2, "editions")
    for edition in game.editions:
        check = check_file("edition.json", orjson.dumps({**raw, "edition": edition}))
        assert all(v.pointer != "/edition" for v in check.violations), (game.name, edition, check.violations)
