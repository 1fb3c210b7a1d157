"""The fast (compiled, jsonschema-rs) and the explaining (Python jsonschema) schema paths give one verdict.

Every ``pattern`` and every ``integer`` field of every registered game's bundled schema is found by
walking the schema documents (nothing is listed by hand, so a game registered later is covered),
and hypothesis generates strings and numbers against each: near-matches of the pattern with a
trailing newline or carriage return, odd unicode, integers over the whole 64-bit range, whole and
fractional floats, booleans. For each value both paths must agree; a whole float in an integer
field must be rejected by both. Then each known failure mode is a test of its own.
"""
from __future__ import annotations

import copy
import functools
from dataclasses import dataclass

import jsonschema_rs
import orjson
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ludolog.replayer.core import LogError, all_games, parse_log, replay, simulate_log
from ludolog.replayer.core.errors import MAX_MESSAGE_CHARS
from ludolog.replayer.core.schemas import EXPLAINED_ERRORS_PER_FILE, game_schema, strict_validator_class
from ludolog.replayer.core.strict_json import holds_float

# Keywords whose value is one subschema, a list of them, or a name -> subschema map.
_ONE = ("items", "additionalProperties", "propertyNames", "not", "contains", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties")
_MANY = ("allOf", "anyOf", "oneOf", "prefixItems")
_MAP = ("properties", "patternProperties", "$defs", "dependentSchemas")

ITEM, ANY_KEY, KEY_NAME = "<item>", "<any key>", "<key name>"


def _types(node: dict) -> list[str]:
    kind = node.get("type", [])
    return [kind] if isinstance(kind, str) else list(kind)


def _is_field(node) -> bool:
    return isinstance(node, dict) and ("pattern" in node or "integer" in _types(node))


def every_field(node, where: str = "") -> list[tuple[str, dict]]:
    """(schema pointer, subschema) of every pattern or integer subschema anywhere in ``node``."""
    found = [(where or "/", node)] if _is_field(node) else []
    if not isinstance(node, dict):
        return found
    for key in _ONE:
        if isinstance(node.get(key), dict):
            found += every_field(node[key], f"{where}/{key}")
    for key in _MANY:
        for i, child in enumerate(node.get(key) or []):
            found += every_field(child, f"{where}/{key}/{i}")
    for key in _MAP:
        for name, child in (node.get(key) or {}).items():
            found += every_field(child, f"{where}/{key}/{name}")
    return found


def reachable_fields(node, defs: dict, where: str = "", path: tuple = (), seen: frozenset = frozenset()):
    """(schema pointer, instance path, subschema) of every field reachable from ``node`` through
    properties, items, additionalProperties, propertyNames, allOf/anyOf/oneOf and $ref: where a
    value of the log is checked against it."""
    if not isinstance(node, dict):
        return
    if _is_field(node):
        yield where or "/", path, node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and ref not in seen:
        name = ref.removeprefix("#/$defs/")
        yield from reachable_fields(defs[name], defs, f"/$defs/{name}", path, seen | {ref})
    for name, child in (node.get("properties") or {}).items():
        yield from reachable_fields(child, defs, f"{where}/properties/{name}", path + (name,), seen)
    for key, step in (("items", ITEM), ("additionalProperties", ANY_KEY), ("propertyNames", KEY_NAME)):
        if isinstance(node.get(key), dict):
            yield from reachable_fields(node[key], defs, f"{where}/{key}", path + (step,), seen)
    for key in ("allOf", "anyOf", "oneOf"):
        for i, child in enumerate(node.get(key) or []):
            yield from reachable_fields(child, defs, f"{where}/{key}/{i}", path, seen)


def put(instance, path: tuple, value):
    """A copy of ``instance`` with ``value`` at ``path``, creating what is missing on the way
    (a :data:`KEY_NAME` step makes ``value`` a key of the object there)."""
    root = {"": copy.deepcopy(instance)}
    parent, step = root, ""
    for nxt in path:
        current = parent[step]
        if nxt == ITEM:
            if not isinstance(current, list):
                parent[step] = current = []
            if not current:
                current.append(None)
            parent, step = current, 0
            continue
        if not isinstance(current, dict):
            parent[step] = current = {}
        if nxt == KEY_NAME:
            current[value] = next(iter(current.values()), 0)
            return root[""]
        key = next(iter(current), "ana") if nxt == ANY_KEY else nxt
        current.setdefault(key, None)
        parent, step = current, key
    parent[step] = value
    return root[""]


@dataclass(frozen=True)
class Field:
    game: str
    root: str  # "head" or a move type
    where: str  # schema pointer in the bundled document
    path: tuple  # where the value goes in the head or the move
    schema: dict

    @property
    def id(self) -> str:
        return f"{self.game}:{self.root}:/" + "/".join(map(str, self.path))


@functools.cache
def samples(game_name: str) -> tuple[dict, dict]:
    """A simulated log of ``game_name`` and one real move of each type seen in simulated games."""
    game = next(g for g in all_games() if g.name == game_name)
    moves: dict[str, dict] = {}
    raw = None
    for n in range(game.min_players, game.max_players + 1):
        for options in game.option_sets(n):
            for seed in range(2):
                log = simulate_log(game, n, f"schema-paths-{seed}", options)
                raw = raw or dict(log, moves=log["moves"][:3])  # the head's checks do not read moves
                for move in log["moves"]:
                    moves.setdefault(move["type"], move)
    for kind in game.schema.move_types:  # a kind never simulated: its type and a player
        moves.setdefault(kind, {"type": kind, "player": raw["players"][0]["id"]})
    return raw, moves


def _all_fields() -> list[Field]:
    fields = []
    for game in all_games():
        schema = game.schema
        defs = schema.document["$defs"]
        for where, path, node in reachable_fields(schema.head_document, defs):
            fields.append(Field(game.name, "head", where, path, node))
        for kind in schema.move_types:
            for where, path, node in reachable_fields(defs[f"move.{kind}"], defs, f"/$defs/move.{kind}"):
                fields.append(Field(game.name, kind, where, path, node))
    return fields


FIELDS = _all_fields()
LEAVES = [(game.name, where, node) for game in all_games() for where, node in every_field(game.schema.document)]


def test_the_walk_finds_every_field():
    """Every pattern/integer subschema in the documents is reached from a head or a move."""
    assert {f.game for f in FIELDS} == {g for g, _, _ in LEAVES} == {g.name for g in all_games()}
    reached = {(f.game, f.where) for f in FIELDS}
    assert {(g, w) for g, w, _ in LEAVES} - reached == set(), "fields no log value is checked against"


def values_for(node: dict):
    """Strings and numbers worth trying against one field."""
    strategies = [st.text(max_size=12), st.booleans(), st.none()]
    if "pattern" in node:
        near = st.from_regex(node["pattern"])
        strategies += [near, near.map(lambda s: s + "\n"), near.map(lambda s: "\n" + s),
                       near.map(lambda s: s + "\r"), near.map(lambda s: s + "\u2028"),
                       near.map(lambda s: s.replace("0", "\u0660")), near.map(lambda s: s.upper())]
    if "integer" in _types(node) or "pattern" not in node:
        low, high = node.get("minimum", -1000), node.get("maximum", 1000)
        strategies += [st.integers(min_value=-(2 ** 63), max_value=2 ** 64 - 1),
                       st.integers(min_value=low - 2, max_value=high + 2),
                       st.integers(min_value=low - 2, max_value=high + 2).map(float),
                       st.floats(allow_nan=False, allow_infinity=False)]
    return st.one_of(strategies)


@functools.cache
def leaf_validators(game_name: str, where: str):
    game = next(g for g in all_games() if g.name == game_name)
    node = dict(next(n for g, w, n in LEAVES if g == game_name and w == where))
    node["$defs"] = game.schema.document["$defs"]
    return jsonschema_rs.validator_for(node), strict_validator_class()(node)


@pytest.mark.parametrize("game_name,where,node", LEAVES, ids=[f"{g}:{w}" for g, w, _ in LEAVES])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_each_field_alone_both_validators_agree(game_name, where, node, data):
    fast, full = leaf_validators(game_name, where)
    value = data.draw(values_for(node))
    if type(value) is float and value.is_integer() and "number" not in _types(node) and "integer" in _types(node):
        assert fast.is_valid(value) == fast.is_valid(int(value))  # it cannot tell: hence the float rule
        assert not full.is_valid(value)
        assert any("expected an integer" in e.message for e in full.iter_errors(value))
        return
    assert fast.is_valid(value) == full.is_valid(value), (value, [e.message for e in full.iter_errors(value)])


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f.id)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_each_field_in_a_log_one_verdict(field, data):
    """In place in a real log: the verdict of the fast path, the explanation and parse_log agree."""
    game = next(g for g in all_games() if g.name == field.game)
    schema = game.schema
    raw, moves = samples(field.game)
    value = data.draw(values_for(field.schema))
    assume(KEY_NAME not in field.path or isinstance(value, str))  # a key is a string
    if field.root == "head":
        raw = put(raw, field.path, value)
        verdict = schema.head_ok(raw)
        explained = schema.check_head(raw, "f.json", fallback=False)
        assert verdict == (explained == []), (value, explained)
        # a log written in an older format is read with that format's frozen schema first (it keeps
        # the verdict it had): a current log relabelled "ludolog/1" is judged as a ludolog/1 log
        fmt = raw.get("format")
        frozen = game.format_schemas.get(fmt) if isinstance(fmt, str) else None
        reader = verdict if frozen is None else game_schema(frozen).head_ok(raw)
        try:
            log = parse_log(orjson.dumps(raw), "f.json")
        except LogError:  # e.g. no known game named, or an older log that cannot be migrated
            assert not reader or frozen is not None
        else:
            assert reader == (not [v for v in log.violations if v.move_index is None and v.code == "CORE.SCHEMA"])
    else:
        move = put(moves[field.root], field.path, value)
        verdict = schema.move_ok(move)
        explained = schema.explain_move(0, move, "f.json", fallback=False)
        assert verdict == (explained == []), (move, explained)
        one = dict(raw, moves=[move])
        one.pop("claimed", None)
        log = parse_log(orjson.dumps(one), "f.json")
        at_move = [v for v in log.violations if v.move_index == 0]
        assert verdict == (not at_move), (move, at_move)
        assert verdict == (log.first_bad_move is None)
    if holds_float(value) and "integer" in _types(field.schema) and "number" not in _types(field.schema):
        assert not verdict, f"{value!r} passed as an integer"


# -- each known failure mode ----------------------------------------------------------------------

def _raw(game="entdecker", seed="paths"):
    return simulate_log(game, 2, seed)


def _first(raw, kind):
    return next(i for i, m in enumerate(raw["moves"]) if m["type"] == kind)


def _check(data):
    log = parse_log(data if isinstance(data, bytes) else orjson.dumps(data), "f.json")
    return replay(log)


@pytest.mark.parametrize("field,kind", [("cell", "place"), ("player", "place"), ("tile", "draw"), ("at", "start")])
def test_trailing_newline_is_rejected_at_its_move(field, kind):
    raw = _raw()
    i = _first(raw, kind)
    raw["moves"][i][field] += "\n"
    result = _check(raw)
    assert result.status == "invalid" and result.applied == i
    first = result.violations[0]
    assert (first.code, first.move_index, first.pointer) == ("CORE.SCHEMA", i, f"/moves/{i}/{field}")
    assert " is not a " in first.message and "\\n" in first.message  # said in words (the value quoted)


def test_trailing_newline_in_a_player_id_is_rejected():
    raw = _raw()
    raw["players"][0]["id"] += "\n"
    result = _check(raw)
    assert result.status == "invalid" and result.violations[0].pointer == "/players/0/id"


@pytest.mark.parametrize("text", [b"4.0", b"4e0", b"4E0", b"0.4e1", b"40e-1"])
def test_whole_float_is_not_an_integer(text):
    raw = _raw()
    i = _first(raw, "draw")
    data = orjson.dumps(raw).replace(orjson.dumps(raw["moves"][i]),
                                     orjson.dumps(raw["moves"][i]).replace(b'"pile":%d' % raw["moves"][i]["pile"],
                                                                           b'"pile":' + text))
    assert text in data
    result = _check(data)
    assert result.status == "invalid" and result.applied == i
    first = result.violations[0]
    assert (first.move_index, first.pointer) == (i, f"/moves/{i}/pile")
    assert first.message == "expected an integer, got 4.0"


def test_an_integer_beyond_64_bits_is_rejected_not_rounded():
    raw = _raw()
    data = orjson.dumps(raw).replace(b'"piles":[', b'"piles":[123456789012345678901234567890,', 1)
    result = _check(data)
    assert result.status == "invalid" and result.violations[0].pointer == "/setup/piles/0"


def test_whole_float_in_an_enum_of_integers_is_rejected():
    raw = _raw()
    i = _first(raw, "place")
    raw["moves"][i]["rotation"] = float(raw["moves"][i]["rotation"])
    result = _check(raw)
    assert result.status == "invalid" and result.violations[0].pointer == f"/moves/{i}/rotation"


@pytest.mark.parametrize("where", ["setup", "claimed"])
def test_whole_float_outside_the_moves_is_rejected(where):
    raw = _raw()
    if where == "setup":
        raw["setup"]["piles"][0] = float(raw["setup"]["piles"][0])
    else:
        raw["claimed"]["final"]["ana"] = float(raw["claimed"]["final"]["ana"])
    result = _check(raw)
    assert result.status == "invalid" and result.applied == 0
    assert result.violations[0].message.startswith("expected an integer, got ")


def test_floats_where_the_schema_allows_any_value_are_fine():
    raw = _raw()
    raw["meta"]["rating"] = 4.5
    raw["meta"]["place"] = "table 1.5, room 2e-3"
    assert _check(raw).status == "valid"


def test_duplicate_key_in_a_move_is_rejected_with_its_pointer():
    raw = _raw()
    i = _first(raw, "draw")
    move = orjson.dumps(raw["moves"][i])
    data = orjson.dumps(raw).replace(move, move.replace(b'"pile":', b'"pile":1,"pile":'), 1)
    result = _check(data)
    assert result.status == "invalid" and result.applied == i
    dup = [v for v in result.violations if v.code == "CORE.JSON.DUPLICATE_KEY"]
    assert [(v.move_index, v.pointer) for v in dup] == [(i, f"/moves/{i}/pile")]


@pytest.mark.parametrize("edit,pointer", [
    ((b'"game":', b'"game":"entdecker","game":'), "/game"),
    ((b'"id":"ana"', b'"id":"ana","id":"ana"'), "/players/0/id"),
    ((b'"final":{', b'"final":{"ana":0,'), "/claimed/final/ana"),
    ((b'"meta":{', b'"meta":{"source":"a:b","x":"\\u003a",'), "/meta/source"),
])
def test_duplicate_key_outside_the_moves_is_rejected(edit, pointer):
    data = orjson.dumps(_raw()).replace(*edit, 1)
    result = _check(data)
    assert result.status == "invalid" and result.applied == 0
    dup = [v for v in result.violations if v.code == "CORE.JSON.DUPLICATE_KEY"]
    assert [v.pointer for v in dup] == [pointer]


def test_an_escaped_colon_is_not_mistaken_for_a_duplicate():
    data = orjson.dumps(_raw()).replace(b'"meta":{', b'"meta":{"date":"12\\u003a30",', 1)
    assert _check(data).status == "valid"


def test_duplicate_keys_in_whitespace_and_nested_arrays_are_found():
    raw = _raw()
    raw["meta"]["notes"] = [[{"a": 1}]]
    data = orjson.dumps(raw, option=orjson.OPT_INDENT_2).replace(b'"a": 1', b'"a" : 1 ,\n "a":\t2', 1)
    result = _check(data)
    assert [v.pointer for v in result.violations] == ["/meta/notes/0/0/a"]


def test_when_the_explainer_finds_nothing_the_fast_path_speaks(monkeypatch):
    """A disagreement that slipped through must still reject the move with a violation."""
    raw = _raw()
    i = _first(raw, "place")
    raw["moves"][i]["cell"] = "B3\n"
    schema = next(g for g in all_games() if g.name == "entdecker").schema
    silent = type("Silent", (), {"iter_errors": lambda self, move: iter(()), "is_valid": lambda self, m: True})()
    monkeypatch.setitem(schema._move_full, "place", silent)
    result = _check(raw)
    assert result.status == "invalid" and result.applied == i
    first = result.violations[0]
    assert (first.move_index, first.pointer, first.code) == (i, f"/moves/{i}/cell", "CORE.SCHEMA")


def test_messages_are_bounded_whatever_the_value():
    raw = _raw()
    raw["moves"] = raw["moves"] * (100_001 // len(raw["moves"]) + 1)
    raw["meta"]["source"] = 7
    raw["players"][0]["name"] = "é" * 100_000
    result = _check(raw)
    assert result.status == "invalid"
    assert {v.pointer for v in result.violations} >= {"/moves", "/meta/source", "/players/0/name"}
    assert all(len(v.message) <= MAX_MESSAGE_CHARS for v in result.violations)
    assert all(len(str(v)) < 1000 for v in result.violations)


def test_many_bad_moves_the_first_are_explained_the_rest_counted():
    raw = _raw()
    bad = {"type": "draw", "player": "ana", "pile": "x" * 1000, "tile": "sea"}
    raw["moves"] = [raw["moves"][0]] + [bad] * 5_000
    result = _check(raw)
    explained = [v for v in result.violations if v.code == "CORE.SCHEMA"]
    assert len(explained) == EXPLAINED_ERRORS_PER_FILE + 1
    assert {v.move_index for v in explained[:-1]} == set(range(1, EXPLAINED_ERRORS_PER_FILE + 1))
    summary = explained[-1]
    assert summary.move_index == EXPLAINED_ERRORS_PER_FILE + 1
    assert f"{5_000 - EXPLAINED_ERRORS_PER_FILE:,} more moves" in summary.message
    assert result.applied == 1 and result.status == "invalid"


def test_a_duplicate_key_is_listed_in_file_order_with_the_schema_errors():
    raw = _raw()
    draw, place = _first(raw, "draw"), _first(raw, "place")
    raw["moves"][place]["cell"] = "B3\n"
    move = orjson.dumps(raw["moves"][draw])
    data = orjson.dumps(raw).replace(move, move.replace(b'"pile":', b'"pile":1,"pile":'), 1)
    result = _check(data)
    assert [(v.code, v.move_index) for v in result.violations] == sorted(
        [("CORE.JSON.DUPLICATE_KEY", draw), ("CORE.SCHEMA", place)], key=lambda cv: cv[1])
    assert result.applied == min(draw, place)
