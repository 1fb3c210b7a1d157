"""JSON Schemas from the ``schema/`` package data: loaded and compiled once, explained on failure.

The schema files are the single source of truth. For speed the replay checks each move with a
compiled validator chosen by the move's ``type`` (jsonschema-rs, well under a microsecond a
move); only when something fails does the full Python ``jsonschema`` validator run again to
explain every error with its JSON pointer.
"""
from __future__ import annotations

import copy
import functools
import os
from importlib import resources

import jsonschema
import jsonschema_rs
import orjson

from .errors import Violation

ENVELOPE_FILE = "log.schema.json"


def load_schema_file(name: str) -> dict:
    """Read ``schema/<name>`` from the installed package data (or an absolute path, for plug-ins)."""
    if os.path.isabs(name):
        with open(name, "rb") as fh:
            return orjson.loads(fh.read())
    return orjson.loads(resources.files("ludolog.schema").joinpath(name).read_bytes())


def pointer(parts) -> str:
    """RFC 6901 pointer from path parts."""
    out = []
    for p in parts:
        out.append("/" + str(p).replace("~", "~0").replace("/", "~1"))
    return "".join(out)


def _bundle(game_doc: dict, envelope: dict) -> dict:
    """Replace the game's ``{"$ref": "log.schema.json"}`` with the envelope itself: one document."""
    doc = copy.deepcopy(game_doc)
    env = {k: v for k, v in envelope.items() if k not in ("$schema", "$id")}
    doc["allOf"] = [env if part == {"$ref": ENVELOPE_FILE} else part for part in doc.get("allOf", [])]
    return doc


class GameSchema:
    """The compiled schema of one game's logs."""

    def __init__(self, schema_file: str):
        self.file = schema_file
        self.document = _bundle(load_schema_file(schema_file), load_schema_file(ENVELOPE_FILE))
        defs = self.document["$defs"]
        self.move_types: tuple[str, ...] = tuple(
            k.removeprefix("move.") for k in defs if k.startswith("move."))
        # Envelope + options + setup, with moves only required to be objects that name a type.
        head = copy.deepcopy(self.document)
        head.get("properties", {}).pop("moves", None)
        for part in head.get("allOf", []):  # each move is checked (and explained) on its own
            part.get("properties", {}).get("moves", {}).pop("items", None)
        self._head_fast = jsonschema_rs.validator_for(head)
        self._head_full = jsonschema.Draft202012Validator(head)
        self._move_fast = {
            t: jsonschema_rs.validator_for({"$ref": f"#/$defs/move.{t}", "$defs": defs})
            for t in self.move_types}
        self._move_full = {
            t: jsonschema.Draft202012Validator({"$ref": f"#/$defs/move.{t}", "$defs": defs})
            for t in self.move_types}

    def check_head(self, raw: dict, file: str) -> list[Violation]:
        """Every schema error outside the moves (envelope, options, setup, claims)."""
        if self._head_fast.is_valid(raw):
            return []
        return [_violation(file, None, list(err.absolute_path), err.message)
                for err in sorted(self._head_full.iter_errors(raw), key=lambda e: list(map(str, e.absolute_path)))]

    def move_ok(self, move) -> bool:
        """Fast check of one move against the schema of its kind."""
        if type(move) is not dict:
            return False
        kind = move.get("type")
        validator = self._move_fast.get(kind) if type(kind) is str else None
        return validator is not None and validator.is_valid(move)

    def explain_move(self, index: int, move, file: str) -> list[Violation]:
        base = ["moves", index]
        if not isinstance(move, dict):
            return [_violation(file, index, base, f"a move must be a JSON object, not {type(move).__name__}")]
        kind = move.get("type")
        if not isinstance(kind, str) or kind not in self._move_full:
            expected = ", ".join(self.move_types)
            return [_violation(file, index, base + ["type"],
                               f"unknown move type {kind!r}; this game's moves are: {expected}")]
        return [_violation(file, index, base + list(err.absolute_path), err.message)
                for err in self._move_full[kind].iter_errors(move)]


def _violation(file: str, move_index, path: list, message: str) -> Violation:
    return Violation(file=file, move_index=move_index, pointer=pointer(path), code="CORE.SCHEMA",
                     message=message, rule_ref="schema/")


@functools.cache
def game_schema(schema_file: str) -> GameSchema:
    return GameSchema(schema_file)


@functools.cache
def catalog_validator(schema_file: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(load_schema_file(schema_file))
