"""A schema error says in words what is expected, names what is missing, and shows the position.

The words come from an ``x-expected`` annotation beside each ``pattern`` of a game's log schema;
every pattern of every registered game must have one (found by walking the bundled documents, so
a game registered later is held to it too)."""
from __future__ import annotations

import copy
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import all_games, parse_log, replay
from ludolog.replayer.core.schemas import EXPECTED

from .test_schema_paths import every_field

GOLDEN = Path(__file__).parent / "golden"
ENT = orjson.loads((GOLDEN / "entdecker" / "entdecker-2p-0.log.json").read_bytes())
KC = orjson.loads((GOLDEN / "kingdom-crossing" / "kingdom-crossing-2p-2.log.json").read_bytes())


def _patterns(game) -> list[tuple[str, dict]]:
    return [(where, node) for where, node in every_field(game.schema.document) if "pattern" in node]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_pattern_says_in_words_what_it_accepts(game):
    patterns = _patterns(game)
    assert patterns, "the walk finds the envelope's patterns at least"
    missing = [where for where, node in patterns if not node.get(EXPECTED)]
    assert not missing, f"patterns of {game.name} without {EXPECTED}: {missing}"
    for where, node in patterns:
        words = node[EXPECTED]
        assert "^" not in words and "$" not in words and "[" not in words, f"{where}: words, not a regex: {words}"


def _violations(raw: dict):
    return replay(parse_log(orjson.dumps(raw), "t.json")).violations


def _index(raw: dict, kind: str) -> int:
    return next(i for i, m in enumerate(raw["moves"]) if m["type"] == kind)


def test_a_space_is_described_not_matched_against_a_regex():
    raw = copy.deepcopy(ENT)
    i = _index(raw, "place")
    raw["moves"][i]["cell"] = "b3"
    (v,) = [v for v in _violations(raw) if v.code == "CORE.SCHEMA"]
    assert v.pointer == f"/moves/{i}/cell"
    # the board is 10 columns by 7 rows (catalog board, rules: the coordinates of the board)
    assert v.message == "'b3' is not a space like B3: a column A-J and a row 1-7"


def test_envelope_patterns_in_words():
    raw = copy.deepcopy(KC)
    raw["players"][0]["id"] = "Ana Lopez"
    messages = [v.message for v in parse_log(orjson.dumps(raw), "t.json").violations]
    assert any(m.startswith("'Ana Lopez' is not a player id") and "without spaces" in m for m in messages)
    assert not any("pattern" in m for m in messages)


def test_missing_player_says_so():
    raw = copy.deepcopy(ENT)
    i = _index(raw, "start")
    del raw["moves"][i]["player"]
    (v,) = _violations(raw)
    assert (v.move_index, v.pointer) == (i, f"/moves/{i}")
    assert v.message == "'player' is missing (id of the player making the move)"


def test_missing_type_says_so():
    raw = copy.deepcopy(KC)
    i = _index(raw, "hire")
    del raw["moves"][i]["type"]
    (v,) = _violations(raw)
    assert v.pointer == f"/moves/{i}/type" and v.message.startswith('the move has no "type"')
    assert "hire" in v.message  # the moves it could be are listed


def test_schema_error_shows_the_position_before_that_move():
    raw = copy.deepcopy(ENT)
    i = _index(raw, "build")
    raw["moves"][i]["piece"] = "castle"
    (v,) = _violations(raw)
    expected = replay(parse_log(orjson.dumps(ENT), "t.json"), to=i)  # the valid log up to that move
    assert v.context and v.context == expected.game.describe(expected.state)


def test_kingdom_crossing_schema_error_shows_the_position_too():
    raw = copy.deepcopy(KC)
    i = _index(raw, "work")
    raw["moves"][i]["tile"] = "four"
    (v,) = _violations(raw)
    expected = replay(parse_log(orjson.dumps(KC), "t.json"), to=i)
    assert v.move_index == i and v.context == expected.game.describe(expected.state)


@pytest.mark.parametrize("schema, instance, words", [
    ({"type": "array", "minItems": 2}, [1], "the array has 1 item; at least 2 allowed"),
    ({"type": "array", "maxItems": 2}, [1, 2, 3], "the array has 3 items; at most 2 allowed"),
    ({"type": "string", "minLength": 2}, "a", "has 1 character; at least 2 allowed"),
    ({"type": "object", "maxProperties": 0}, {"a": 1}, "the object has 1 key; at most 0 allowed"),
])
def test_a_size_is_counted_in_words(schema, instance, words):
    from ludolog.replayer.core.schemas import strict_validator_class
    messages = [e.message for e in strict_validator_class()(schema).iter_errors(instance)]
    assert len(messages) == 1 and messages[0].endswith(words), messages


# -- no jsonschema sentence reaches a user ------------------------------------------------------

#: jsonschema's and jsonschema_rs's own phrasings: they name the schema, not what to write
RAW = ("is a dependency of", "is not valid under any of the given schemas", "is valid under each of",
       "is greater than", "is less than", "non-unique elements", "is a required property", "is not of type",
       "False schema", "should not be valid", "Additional properties", "does not match", "is too long",
       "is too short", "should be non-empty", "Expected at most", "is valid under more than one")
BAD_VALUES = (999, -5, 0, "x?", None, [], [1, 1], {"k": 1}, 1.5, True)


def _mutations(move: dict):
    for key in move:
        if key == "type":
            continue
        yield {k: v for k, v in move.items() if k != key}
        for bad in BAD_VALUES:
            yield {**move, key: bad}
        value = move[key]
        if isinstance(value, list) and value:
            yield {**move, key: value + value[:1]}
            yield {**move, key: [999] + value[1:]}


def _bad_moves(game_name: str):
    from ludolog.replayer.core import simulate_log

    seen = set()
    for seed in range(2):
        for move in simulate_log(game_name, 2, seed=seed)["moves"]:
            shape = (move["type"], tuple(sorted(move)))
            if shape in seen:
                continue
            seen.add(shape)
            yield from _mutations(move)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_no_raw_jsonschema_sentence_reaches_a_user(game):
    """Every field of every kind of move a simulated game writes, left out or given a wrong value:
    whatever the schema says about it is in words (both the explaining validator and, through
    in_words, the compiled one's fallback), never a jsonschema sentence."""
    import jsonschema_rs

    from ludolog.replayer.core.schema_words import in_words

    schema = game.schema
    checked = 0
    for move in _bad_moves(game.name):
        if schema.move_ok(move):
            continue
        for v in schema.explain_move(0, move, "t.json"):
            assert not any(raw in v.message for raw in RAW), (move, v.message)
            checked += 1
        compiled = jsonschema_rs.validator_for(schema.move_documents[move["type"]])
        for err in compiled.iter_errors(move):
            worded = in_words(err.message)
            assert not any(raw in worded for raw in RAW), (move, err.message, worded)
    assert checked > 50


def test_a_missing_companion_field_says_what_to_write():
    # Castles of Burgundy: a die action writes the die and the workers spent on it, or neither
    # (the schema's dependentRequired); the sentence names both and what 'workers' holds
    game = next(g for g in all_games() if g.name == "castles-of-burgundy")
    move = {"type": "take", "player": "ana", "die": 2, "depot": 1, "tile": "ship"}
    (v,) = game.schema.explain_move(5, move, "t.json")
    assert "is a dependency" not in v.message
    assert v.message.startswith("'workers' is missing: a move that writes 'die' also writes 'workers'")
    assert "leaves both out" in v.message
    assert "))" not in v.message  # what 'workers' holds, said after the sentence, not in nested brackets


def test_a_value_of_none_of_the_forms_lists_the_forms():
    game = next(g for g in all_games() if g.name == "castles-of-burgundy")
    move = {"type": "take", "player": "ana", "die": "x", "workers": 0, "depot": 1, "tile": "ship"}
    (v,) = game.schema.explain_move(5, move, "t.json")
    assert v.pointer == "/moves/5/die"
    assert v.message == "expected a whole number from 1 to 6 or 'extra', got 'x'"
    move["die"] = 7
    (v,) = game.schema.explain_move(5, move, "t.json")
    assert v.message.startswith("7 is too large: at most 6")
