"""Every id-valued field of every game's log schema is held to a kind of ``ludolog ids`` that
lists its values.

The schema is walked (not a list kept by hand): each string field whose values are constrained
by an ``enum`` or a ``pattern`` (directly, through a ``$ref``, or as the names of an object's
properties) is an id field, except player ids (the log's own players) and the catalog version.
Each must be named in ``KINDS`` with the kind that lists its values; for an ``enum`` every value
must be listed, and every id listed must match the field's ``pattern``. Then the annotated
examples and the golden logs are validated against the schema with each id field narrowed to the
ids of its kind: a value a real log uses that ``ludolog ids`` does not list fails."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import jsonschema
import jsonschema_rs
import orjson
import pytest

from ludolog.replayer.core import all_games

REPO = Path(__file__).resolve().parent.parent

#: game -> schema path of an id field -> the ``ludolog ids`` kind listing its values. A path is
#: the field's place in the schema: ``$def/property/...``, ``[]`` for an array's items, ``{key}``
#: for the names of an object's properties, ``{value}`` for their values.
KINDS: dict[str, dict[str, str]] = {
    "boonlake": {
        "$setup/strips[]": "strip", "$move.action/strip": "strip", "$move.region/region": "region",
        "$move.eminence/corner": "corner", "$setup/players{value}/site": "resource",
        **{f"$move.{m}/sites[]": "resource" for m in ("develop", "explore", "pasture", "play", "project", "ship")},
        "$setup/tiles{key}": "space", "$setup/tiles{value}": "tile", "$setup/scoring_tiles[]": "scoring-tile",
        "$setup/players{value}/hand[]": "card", "$setup/players{value}/scoring_drawn[]": "scoring-tile",
        "$setup/players{value}/scoring_tile": "scoring-tile", "$setup/eminence/difficulty": "difficulty",
        "$setup/eminence/scoring_tile": "scoring-tile",
        "$move.eminence/tile": "solo-tile", "$move.mound/tile": "tile", "$move.play/card": "card",
        "$move.play/exchange": "exchange", "$move.play/upgrade/to": "piece", "$move.play/reset[]": "lever",
        "$move.discard/card": "card", "$move.explore/tile": "tile", "$move.develop/track": "track",
        "$move.upgrade/to": "piece", "$move.modernize/lever": "lever", "$move.ship/to": "river-space",
        "$move.ship/bonus": "harbor-bonus", "$move.score/tile": "scoring-tile", "$move.score/pay[]": "payment",
        "$move.card/card": "card", "$move.give/card": "card", "$move.lever/lever": "lever",
        "$move.lever/exchange": "exchange", "$move.lever/modernize": "lever", "$move.lever/upgrade/to": "piece",
        "$move.project/tile": "scoring-tile", "$move.project/counts_as": "card-kind",
        "$lever_uses[]/lever": "lever", "$lever_uses[]/take": "lever-take",
    },
}

KF_TILES = ("tile", "home", "summer-boat", "boat", "turn-order")  # a Keyflower move's tile: any hex tile
KINDS["castles-of-burgundy"] = {
    "/edition": "edition", "$options/side": "side", "$estate/board": "board", "$estate/castle": "space",
    "$move.depot/tiles[]": "tile", "$move.black/tile": "tile", "$move.white/removed": "tile",
    "$move.take/tile": "tile", "$move.take/discard": "tile", "$move.place/tile": "tile", "$move.place/space": "space",
    "$move.buy/tile": "tile", "$move.buy/discard": "tile", "$move.trade/tile": "tile", "$move.trade/discard": "tile",
}
KINDS["entdecker"] = {
    "$move.start/at": ("space", "edge"), "$move.draw/tile": "tile", "$move.own_tile/tile": "personal-tile",
    "$move.place/cell": "space", "$move.build/piece": "piece", "$move.build/segment": "segment", "$move.return/cell": "space",
}
KINDS["keyflower"] = {
    "$outbid_from[]": KF_TILES, "$setup/homes[]": "home", "$setup/turn_order{key}": "turn-order",
    "$setup/turn_order{value}": "side", "$setup/winter_tiles[][]": "tile", "$setup/boats[]": "boat",
    "$move.lay/tile": KF_TILES, "$move.lay/side": "side", "$move.load/boat": "boat", "$move.winter/tiles[]": "tile",
    "$move.bid/tile": KF_TILES, "$move.bid/colour": "colour", "$move.bid/from": KF_TILES, "$move.use/tile": KF_TILES,
    "$move.use/from": KF_TILES, "$move.use/resource": "resource", "$move.use/pay": "skill", "$move.use/discard": "colour",
    "$move.carry/from": KF_TILES, "$move.carry/to": KF_TILES, "$move.carry/resource": "resource",
    "$move.upgrade/tile": KF_TILES, "$move.boat/boat": "boat", "$move.place/tile": KF_TILES, "$move.final/flip": KF_TILES,
    "$move.final/allocation/workers{key}": KF_TILES, "$move.final/allocation/workers{value}{key}": ("colour", "skill", "resource"),
    "$move.final/allocation/skills{key}": KF_TILES, "$move.final/allocation/skills{value}{key}": ("colour", "skill", "resource"),
    "$move.final/allocation/resources{key}": KF_TILES, "$move.final/allocation/resources{value}{key}": ("colour", "skill", "resource"),
}
KINDS["kingdom-crossing"] = {
    "/options/difficulty": "difficulty", "/options/paco_decoration": "paco-decoration",
    "$setup/decks{key}": "space", "$setup/decks{value}": "card", "$setup/bridge_goals{key}": "bridge-goal",
    "$setup/bridge_goals{value}": "goal-side", "$setup/favor_display[]": "favor", "$setup/start_pairs[]/card": "starting-card",
    "$setup/start_pairs[]/favor": "favor", "$move.income/source": ("guild", "card", "home"), "$move.work/invest": "invest",
    "$move.work/balloon/to": "region", "$move.work/path[]": "bridge", "$move.hire/space": "space", "$move.hire/card": "card",
    "$move.buy/resource": "resource", "$move.invest/option": "invest", "$move.resource/resource": "resource",
    "$move.resources/resources[]": "resource", "$move.decorate/picture": "picture", "$move.decorate/space": "decoration-space",
    "$move.structure/card": ("card", "home"), "$move.favor/source": "favor-source", "$move.favor/tile": "favor",
    "$move.house/region": "region", "$move.bird/space": "space", "$move.bird/bird": "bird", "$move.claim/goal": "bridge-goal",
    "$move.evening/source": ("guild", "card", "home"), "$move.paco/tile": "solo-tile", "$move.fly/to": "region",
    "$move.reveal/space": "space", "$move.reveal/card": ("card", "empty-deck-tile"), "$move.birds/region": "region",
    "$move.birds/birds{key}": "space", "$move.birds/birds{value}": "bird", "$move.queen/card": "queen-card",
    "$move.refill/tile": "favor",
}

EXCLUDED = re.compile(r"^/(game|catalog|format)$|^/players\[\]/id$|^\$[^/\[{]*$")


def _is_player(node: dict) -> bool:
    return node.get("$ref") == "#/$defs/player"


def id_fields(document: dict) -> dict[str, dict]:
    """Schema path -> the node of every id-valued field (see the module docstring)."""
    defs = document.get("$defs", {})
    found: dict[str, dict] = {}

    def leaf(node: dict) -> bool:
        if _is_player(node):
            return False
        if isinstance(node.get("enum"), list) and all(isinstance(v, str) for v in node["enum"]):
            return True
        if "pattern" in node:
            return True
        ref = node.get("$ref", "")
        return ref.startswith("#/$defs/") and isinstance(defs.get(ref[8:]), dict) and leaf(defs[ref[8:]]) \
            and not defs[ref[8:]].get("properties")

    def walk(node, path: str) -> None:
        if isinstance(node, list):
            for child in node:
                walk(child, path)
            return
        if not isinstance(node, dict):
            return
        if leaf(node) and not EXCLUDED.match(path):
            found[path] = node
        for key, child in node.items():
            if key == "properties":
                for name, prop in child.items():
                    walk(prop, f"{path}/{name}")
            elif key == "items":
                walk(child, path + "[]")
            elif key == "propertyNames":
                if not _is_player_pattern(child):
                    walk(child, path + "{key}")
            elif key in ("additionalProperties", "patternProperties"):
                walk(child if key == "additionalProperties" else list(child.values()), path + "{value}")
            elif key in ("anyOf", "oneOf", "allOf", "prefixItems", "then", "else", "if"):
                walk(child, path)

    def _is_player_pattern(node: dict) -> bool:
        return node.get("pattern") == defs.get("player", {}).get("pattern") or _is_player(node)

    walk({k: v for k, v in document.items() if k != "$defs"}, "")
    for name, node in defs.items():
        walk(node, "$" + name)
    return found


def _ids(game) -> dict:
    return game.catalog_ids()


def _kinds(game_name: str, path: str) -> tuple[str, ...]:
    kind = KINDS[game_name][path]
    return kind if isinstance(kind, tuple) else (kind,)


def _listed(ids: dict, kinds: tuple[str, ...]) -> set[str]:
    return {i for kind in kinds for i in ids[kind]}


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_id_field_has_a_kind_that_lists_its_values(game):
    fields = id_fields(game.schema.document)
    assert sorted(set(fields) - set(KINDS[game.name])) == [], "id fields of the schema no ids kind is named for"
    assert sorted(set(KINDS[game.name]) - set(fields)) == [], "KINDS names fields the schema no longer has"
    ids = _ids(game)
    for path, node in fields.items():
        kinds = _kinds(game.name, path)
        assert all(ids.get(kind) for kind in kinds), f"{path}: ludolog ids {game.name} lists no {kinds}"
        listed = _listed(ids, kinds)
        if isinstance(node.get("enum"), list):
            assert set(node["enum"]) - {"?"} <= listed, f"{path}: schema words not listed under {kinds}"
        pattern = node.get("pattern")
        if pattern:
            assert [i for i in listed if not re.search(pattern, i)] == [], f"{path}: ids of {kinds} the schema refuses"


def _logs(game_name: str) -> list[tuple[str, dict]]:
    logs = []
    for path in sorted((REPO / "schema").glob(f"{game_name}*.example.md")):
        blocks = re.findall(r"```json\n(.*?)\n```", path.read_text(encoding="utf-8"), re.S)
        logs.append((path.name, orjson.loads(blocks[-1])))
    for path in sorted((REPO / "tests" / "golden" / game_name).glob("*.log.json")):
        logs.append((path.name, orjson.loads(path.read_bytes())))
    return logs


def _leaves(errors):
    """The narrowed ``enum`` errors under ``errors`` (inside a oneOf, the branch that failed only by them)."""
    for error in errors:
        if error.validator == "enum":
            yield error
        branches: dict = {}
        for sub in error.context or ():
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        for branch in branches.values():  # a branch failing for another reason is not the move's
            if all(_only_enum(sub) for sub in branch):
                yield from _leaves(branch)


def _only_enum(error) -> bool:
    return error.validator == "enum" or (bool(error.context) and all(_only_enum(s) for s in error.context))


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_logs_use_only_listed_ids(game):
    """The examples and golden logs validate against the schema with each id field narrowed to
    the ids its kind lists (and the unseen ``?``): every id a real log writes is listed."""
    document = copy.deepcopy(game.schema.document)
    ids = _ids(game)
    for path, node in id_fields(document).items():
        node["enum"] = sorted(_listed(ids, _kinds(game.name, path))) + ["?"]
    original, narrowed = (jsonschema_rs.validator_for(d) for d in (game.schema.document, document))
    logs = _logs(game.name)
    assert logs
    for name, log in logs:
        assert original.is_valid(log), name
        if narrowed.is_valid(log):
            continue
        # the slower validator says which value of which field is not listed
        errors = jsonschema.Draft202012Validator(document).iter_errors(log)
        unlisted = {("/".join(map(str, e.absolute_path)), str(e.instance)[:40]) for e in _leaves(errors)}
        assert not unlisted, f"{name}: ids not listed by ludolog ids: {sorted(unlisted)[:5]}"
        pytest.fail(f"{name}: the narrowed schema refuses it")

