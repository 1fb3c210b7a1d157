"""\"Did you mean\": a name a log gets wrong is answered with the nearest valid names.

Each expectation is the name a person meant, taken from the catalog or the schema by hand (the
rulebook's and the catalog's spellings), never from the message under test."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import LogError, parse_log, replay
from ludolog.replayer.core.suggest import did_you_mean, nearest_names

GOLDEN = Path(__file__).parent / "golden"
ENT = orjson.loads((GOLDEN / "entdecker" / "entdecker-2p-0.log.json").read_bytes())
KC = orjson.loads((GOLDEN / "kingdom-crossing" / "kingdom-crossing-2p-2.log.json").read_bytes())


def _violations(raw: dict):
    log = parse_log(orjson.dumps(raw), "t.json")
    return replay(log).violations


def suggested(message: str) -> list[str]:
    """The names a message suggests (after "did you mean"), best first."""
    tail = message.partition("did you mean ")[2].partition("?")[0]
    return re.findall(r"'([^']*)'", tail)


def _first_index(raw: dict, kind: str) -> int:
    return next(i for i, m in enumerate(raw["moves"]) if m["type"] == kind)


# -- the matching itself --------------------------------------------------------------------------

def test_nearest_names_ignores_case_separators_and_leading_zeros():
    assert nearest_names("Entdecker", ["entdecker", "kingdom-crossing"]) == ["entdecker"]
    assert nearest_names("FAR-6", [f"FAR-{i:02d}" for i in range(1, 11)])[0] == "FAR-06"
    assert nearest_names("bey", ["sea", "cape", "bay", "bridge"])[0] == "bay"


def test_nothing_is_suggested_for_a_name_unlike_any():
    assert did_you_mean("zzzzzz", ["sea", "cape", "bay"]) == ""
    assert did_you_mean(17, ["sea"]) == ""


def test_suggestions_are_bounded():
    many = [f"tile-{i}" for i in range(100_000)]
    assert len(nearest_names("tile-5", many)) <= 3


# -- in a log -------------------------------------------------------------------------------------

def test_game_name_in_other_case():
    raw = copy.deepcopy(ENT)
    raw["game"] = "Entdecker"
    with pytest.raises(LogError) as caught:
        parse_log(orjson.dumps(raw), "t.json")
    (v,) = caught.value.violations
    assert v.code == "CORE.GAME.UNKNOWN" and "did you mean 'entdecker'?" in v.message


def test_unknown_tile():
    raw = copy.deepcopy(ENT)
    i = _first_index(raw, "draw")
    raw["moves"][i]["tile"] = "bey"
    first = _violations(raw)[0]
    assert first.move_index == i and first.pointer == f"/moves/{i}/tile"
    assert "'bey' is not a discovery tile; did you mean 'bay'?" in first.message


def test_unknown_move_type():
    raw = copy.deepcopy(ENT)
    i = _first_index(raw, "place")
    raw["moves"][i]["type"] = "plcae"
    first = _violations(raw)[0]
    assert first.code == "CORE.SCHEMA" and suggested(first.message)[0] == "place"


def test_unknown_player_id():
    raw = copy.deepcopy(ENT)
    raw["moves"][0]["player"] = "Ana"
    first = _violations(raw)[0]
    assert first.code == "CORE.MOVE.UNKNOWN_PLAYER" and "did you mean 'ana'?" in first.message


def test_first_player_of_entdecker_set_up():
    raw = copy.deepcopy(ENT)
    raw["setup"]["first_player"] = "bne"
    first = _violations(raw)[0]
    assert first.code == "ENT.SETUP.FIRST_PLAYER" and "did you mean 'ben'?" in first.message


def test_enum_value_of_a_move():
    raw = copy.deepcopy(ENT)
    i = _first_index(raw, "build")
    raw["moves"][i]["piece"] = "Fort"
    first = _violations(raw)[0]
    assert first.pointer == f"/moves/{i}/piece" and "did you mean 'fort'?" in first.message


def test_misspelt_key():
    raw = copy.deepcopy(ENT)
    i = _first_index(raw, "place")
    raw["moves"][i]["rotaton"] = raw["moves"][i].pop("rotation")
    messages = " | ".join(v.message for v in _violations(raw))
    assert "did you mean 'rotation'?" in messages


def test_kingdom_crossing_card_on_a_deck_space():
    raw = copy.deepcopy(KC)
    space, card = next(iter(raw["setup"]["decks"].items()))
    prefix, number = card.split("-")
    raw["setup"]["decks"][space] = f"{prefix}-{int(number)}"  # FAR-06 written FAR-6
    first = _violations(raw)[0]
    assert first.code == "KC.SETUP.DECKS" and f"did you mean {card!r}?" in first.message


def test_kingdom_crossing_space_and_region():
    raw = copy.deepcopy(KC)
    i = _first_index(raw, "hire")
    space = raw["moves"][i]["space"]
    raw["moves"][i]["space"] = space.lower()
    first = _violations(raw)[0]
    assert first.code == "KC.MOVE.UNKNOWN_ID" and first.pointer == f"/moves/{i}/space"
    assert suggested(first.message) == [space]
    raw = copy.deepcopy(KC)
    i = _first_index(raw, "work")
    raw["moves"][i]["path"][0] = "b-01"
    first = _violations(raw)[0]
    assert first.code == "KC.MOVE.UNKNOWN_ID" and suggested(first.message) == ["B1"]
