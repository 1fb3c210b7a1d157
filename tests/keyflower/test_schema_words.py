"""Keyflower's log schema says in words what each pattern accepts (tests/test_schema_words.py holds
registered games to it; this holds Keyflower to it before registration too), and a bad tile id or
player id in a Keyflower log is answered in those words."""
from __future__ import annotations

import copy
from pathlib import Path

import orjson

from ludolog.replayer.core import parse_log, registry, replay
from ludolog.replayer.keyflower import GAME
from tests import test_schema_words as shared

CASE = Path(__file__).parent.parent / "cases" / "keyflower" / "KEY.BID.COLOUR.json"


def test_every_keyflower_pattern_has_its_words():
    shared.test_every_pattern_says_in_words_what_it_accepts(GAME)


def _violations(raw: dict):
    registered = GAME.name in registry.game_names()
    if not registered:
        registry.register(GAME)
    try:
        return replay(parse_log(orjson.dumps(raw), "t.json")).violations
    finally:
        if not registered:
            registry.unregister(GAME.name)


def test_a_tile_written_in_capitals_is_described_not_matched_against_a_regex():
    raw = copy.deepcopy(orjson.loads(CASE.read_bytes()))
    i = next(k for k, m in enumerate(raw["moves"]) if m["type"] == "lay")
    raw["moves"][i]["tile"] = "Alehouse!"
    (v,) = [v for v in _violations(raw) if v.code == "CORE.SCHEMA"]
    assert v.pointer == f"/moves/{i}/tile"
    assert v.message.startswith("'Alehouse!' is not a tile id of the catalog in lower case")


def test_a_missing_player_says_what_it_holds():
    raw = copy.deepcopy(orjson.loads(CASE.read_bytes()))
    i = next(k for k, m in enumerate(raw["moves"]) if m["type"] == "bid")
    del raw["moves"][i]["player"]
    (v,) = _violations(raw)
    assert (v.move_index, v.pointer) == (i, f"/moves/{i}")
    assert v.message == "'player' is missing (id of the player making the move)"
