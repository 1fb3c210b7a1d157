"""The scoresheet's set-up form: the fields of a game's set-up and the set-up a filled form makes.

The game's set-up schema is walked together with a set-up the engine draws: the schema names each
key and what it may hold (an ``enum``, ``"?"``, optional or required), the drawn set-up gives list
lengths, the keys of maps keyed by data and which catalog list an id comes from. Any registered
game gets its form without code of its own.
"""
from __future__ import annotations

import random
from typing import Any

from ludolog.replayer.core.schemas import PLACEHOLDER
from ludolog.replayer.core.simulate import setup_for

from ..common import catalog_ids
from ..new import resolve_ref
from .choices import Names


def fields(game, players: list[str], options: dict, names) -> list[dict]:
    """The set-up's fields, in the schema's order: ``pointer`` (JSON pointer inside ``setup``),
    ``path``, ``kind`` (str, int, bool), ``options`` (the ids it may hold, with names), ``required``,
    ``label``, the schema's ``description``, ``group`` (the set-up's key it is under) and
    ``group_description``; optional keys are fields that may stay empty."""
    shape = setup_for(game, random.Random(0), players, options)
    doc = game.schema.document
    node = doc.get("properties", {}).get("setup", {})
    out: list[dict] = []
    _walk(shape, node, doc, [], out, True, catalog_ids(game), names, players)
    # each field names its group (the set-up's top-level key) and the group's description, which
    # the form shows once above the group: "decks: Deck space -> the card face up on top of its deck"
    properties = resolve_ref(doc, node).get("properties") or {}
    for f in out:
        top = str(f["path"][0][1]) if f["path"] else ""
        f["group"] = top
        f["group_description"] = resolve_ref(doc, properties.get(top, {})).get("description", "") if top else ""
    return out


def _catalog_options(entries: dict[str, dict], kind: str) -> list[dict]:
    """A catalog list's ids as a field's options, named by that list alone (the same id may name
    another component in another list: Castles of Burgundy's board 1 and goods type 1)."""
    names = Names.of_entries(entries)
    return [{"id": int(i) if kind == "int" else i, "label": names.word(i), "detail": names.description(i)}
            for i in entries]


def _walk(shape: Any, node: Any, doc: dict, path: list, out: list[dict], required: bool, ids: dict, names,
          players: list[str], hint: Any = None) -> None:
    node = resolve_ref(doc, node)
    if isinstance(shape, dict):
        properties = node.get("properties") or {}
        needed = set(node.get("required") or ())
        keys = list(properties) + [k for k in shape if k not in properties] if properties else list(shape)
        for key in keys:
            blank = 0 if resolve_ref(doc, properties.get(key, {})).get("type") == "integer" else ""
            child = shape.get(key, blank)
            extra = node.get("additionalProperties")
            child_node = properties.get(key, extra if isinstance(extra, dict) else {})
            here = not properties or key in needed  # this key itself must be written
            _walk(child, child_node, doc, [*path, ("map", key, here)], out, required and here,
                  ids, names, players)
        return
    if isinstance(shape, list):
        items = node.get("items", {})
        # an item drawn as "?" takes its choices from its known siblings (or cousins: lists of lists)
        known = [v for v in _flat(shape) if isinstance(v, str) and v != "?"]
        # a list with one item per player "in seat order" (Keyflower's homes, winter tiles,
        # workers): each item is labelled by its player's id, not by a number
        how = "seat" if len(shape) == len(players) and "seat order" in str(node.get("description", "")).lower() \
            else "list"
        for i, value in enumerate(shape):
            _walk(value, items, doc, [*path, (how, i, True)], out, required, ids, names, players,
                  known[0] if known else hint)
        return
    alts = [resolve_ref(doc, n) for n in (node.get("anyOf") or node.get("oneOf") or [])]
    kind = "bool" if isinstance(shape, bool) else "int" if isinstance(shape, int) else "str"
    if node.get("type") == "integer":
        kind = "int"
    enum = node.get("enum") or [v for a in alts for v in (a.get("enum") or [])]
    unknown = any(a.get("const") == "?" for a in alts) or shape == "?"
    options: list[dict] = []
    if enum:
        options = [{"id": v, "label": names.word(v), "detail": names.description(v)} for v in enum]
    elif kind == "str":
        probe = shape if shape != "?" or hint is None else hint
        if probe in players:
            options = [{"id": p, "label": p, "detail": ""} for p in players]
        else:
            for entries in ids.values():
                if probe in entries:
                    options = _catalog_options(entries, kind)
                    break
    # a number under a key named as a catalog list is one of its ids (Castles of Burgundy's goods 1-6)
    key = next((str(k) for how, k, _ in reversed(path) if how == "map"), "")
    if kind == "int" and str(shape) in ids.get(key, ()):
        options = _catalog_options(ids[key], kind)
    if unknown and not any(o["id"] == "?" for o in options):
        options.insert(0, {"id": "?", "label": "? (not seen)", "detail": ""})
    pointer = "".join(f"/{k}" for _, k, _ in path)
    out.append({"pointer": pointer, "path": path, "kind": kind, "options": options, "required": required,
                "label": " ".join(str(k + 1) if how == "list" else players[k] if how == "seat" else str(k)
                                  for how, k, _ in path), "description": node.get("description", "")})


def _flat(value: Any) -> list:
    if isinstance(value, list):
        return [leaf for v in value for leaf in _flat(v)]
    return [value]


def value_at(value: Any, path: list) -> Any:
    for _, key, _ in path:
        if isinstance(value, dict):
            value = value.get(key)
        elif isinstance(value, list) and isinstance(key, int) and key < len(value):
            value = value[key]
        else:
            return None
    return value


def fill(fields: list[dict], values: dict[str, Any]) -> dict:
    """The set-up the form's ``values`` (JSON pointer -> value) make: a placeholder where a
    required field is empty, an empty optional field left out; numbers written as text become
    numbers where the field holds one."""
    root: dict = {}
    for f in fields:
        value = values.get(f["pointer"])
        path = f["path"]
        depth_made = len(path)  # how deep to write: the whole path, the value included
        if value is None or value == "":
            if not f["required"]:
                # an empty optional field is left out, and so is each container only it would make,
                # from its first key that may be left out (a map of optional counts in a required
                # list stays {}; an optional list of empty items goes)
                depth_made = next(d for d, (_, _, needed) in enumerate(path) if not needed)
            value = f"{PLACEHOLDER}: {f['label']}>"
        elif f["kind"] == "int" and isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                pass
        elif f["kind"] == "bool":
            value = value in (True, "true", "yes", "1", 1)
        node: Any = root
        for depth, (_, key, _) in enumerate(path):
            if depth >= depth_made:
                break
            last = depth == len(path) - 1
            nxt = None if last else ({} if path[depth + 1][0] == "map" else [])
            if isinstance(node, list):
                node.extend([None] * (key + 1 - len(node)))
            if last:
                node[key] = value
            else:
                if (node[key] if isinstance(node, list) else node.get(key)) is None:
                    node[key] = nxt
                node = node[key]
    return _compact(root)


def _compact(value: Any) -> Any:
    """Lists without the holes left by empty optional items."""
    if isinstance(value, dict):
        return {k: _compact(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_compact(v) for v in value if v is not None]
    return value
