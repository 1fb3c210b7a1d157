"""JSON Schemas from the ``schema/`` package data: loaded and compiled once, explained on failure.

A log is checked by compiled validators (jsonschema-rs); only when something fails does the Python
``jsonschema`` validator run again to explain every error with its JSON pointer. The two must give
one verdict, so the Python side (:func:`strict_validator_class`) reads the schemas exactly as the
compiled side does, with one deliberate strictness both lack:

* ``pattern`` uses ECMA-262 semantics: ``$`` matches only at the very end of the string
  (Python's ``re`` also matches before a final newline, so ``"B3\\n"`` passed ``^[A-Z][0-9]$``).
* an ``integer`` is a JSON integer, written without a fraction or an exponent: ``1.0`` (which
  the JSON Schema specification and jsonschema-rs accept as an integer) is rejected, and so is a
  whole float in an ``enum``/``const`` of integers. The compiled side cannot tell ``1`` from
  ``1.0``, so a log that holds any float is also checked by the Python side
  (:func:`ludolog.replayer.core.strict_json.may_hold_floats` finds them at memchr speed).

When the explaining side finds nothing where the compiled side rejects, the compiled side's own
errors are reported, so a rejected part always has a violation.
"""
from __future__ import annotations

import functools
import itertools
import os
import pkgutil
import re

import jsonschema_rs
import orjson

from .errors import Violation, bounded, quote
from .schema_words import KEYWORDS, in_words, resolved, schema_error, still_to_fill, unfilled
from .schema_words import PLACEHOLDER  # noqa: F401 - where ludolog new and the recorder import it from
from .strict_json import holds_float, same_json

ENVELOPE_FILE = "log.schema.json"

#: Schema errors explained in full per file (bad moves, or errors outside the moves); one more
#: violation counts the rest, so a log with 100,000 bad moves is reported in time linear in its size.
EXPLAINED_ERRORS_PER_FILE = 50


def package_data(package: str, name: str) -> bytes:
    """The bytes of the data file ``name`` of the installed ``package``, read through the package's
    loader (a folder or a zip file). :mod:`pkgutil` rather than :mod:`importlib.resources`, whose
    import (tempfile, shutil, compression modules) is a visible part of a plain validate's start-up.

    :raises OSError: no such file.
    """
    return pkgutil.get_data(package, name)


def json_copy(document):
    """A deep copy of JSON data as orjson reads it (dicts with string keys, lists, strings, numbers,
    booleans, None), some thirty times faster than :func:`copy.deepcopy`: a game's schema is copied
    twice while it is compiled, at every start of a command."""
    return orjson.loads(orjson.dumps(document))


def load_schema_file(name: str) -> dict:
    """Read ``schema/<name>`` from the installed package data (or an absolute path, for plug-ins)."""
    if os.path.isabs(name):
        with open(name, "rb") as fh:
            return orjson.loads(fh.read())
    return orjson.loads(package_data("ludolog.schema", name))


def pointer(parts) -> str:
    """RFC 6901 pointer from path parts."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


# -- the explaining validator: jsonschema, read as the compiled validator reads it --------------

@functools.lru_cache(maxsize=None)
def ecma_regex(pattern: str) -> re.Pattern:
    """``pattern`` compiled for Python's ``re`` with ECMA-262's ``$`` (end of input only): every
    ``$`` that is not escaped and not inside a character class becomes ``\\Z``."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            char = r"\Z"
        out.append(char)
        i += 1
    return re.compile("".join(out))


def _is_json_integer(_checker, value) -> bool:
    return type(value) is int  # bool is a subclass of int, a float is never one


_KIND_WORDS = {"integer": "an integer", "number": "a number", "string": "a string", "object": "an object",
               "array": "an array", "boolean": "true or false", "null": "null"}


def _json_kind(value) -> str:
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "array",
            dict: "object"}.get(type(value), "null" if value is None else type(value).__name__)


def _type(validator, types, instance, schema):
    types = [types] if isinstance(types, str) else types
    if not any(validator.is_type(instance, kind) for kind in types):
        expected = " or ".join(_KIND_WORDS.get(kind, kind) for kind in types)
        if unfilled(instance):
            yield schema_error(f"{still_to_fill(instance)} ({expected})")
            return
        yield schema_error(f"expected {expected}, got {quote(instance)}")


#: the annotation on a ``pattern`` saying in words what it accepts (every pattern of a game's log
#: schema has one: tests/test_schema_words.py)
EXPECTED = "x-expected"


def _pattern(validator, pattern, instance, schema):
    if validator.is_type(instance, "string") and not ecma_regex(pattern).search(instance):
        expected = schema.get(EXPECTED)
        if unfilled(instance):
            yield schema_error(still_to_fill(instance))
        elif expected:
            yield schema_error(f"{quote(instance)} is not {expected}")
        else:
            yield schema_error(f"{quote(instance)} does not match the pattern {pattern}")


def _words_for(validator, subschema) -> str:
    """What a property holds, in words: its ``description`` or ``x-expected`` (through one ``$ref``), or ""."""
    node = resolved(validator, subschema)
    return (node.get("description") or node.get(EXPECTED) or "") if isinstance(node, dict) else ""


def _required(validator, required, instance, schema):
    if not validator.is_type(instance, "object"):
        return
    properties = schema.get("properties", {})
    for key in required:
        if key not in instance:
            words = _words_for(validator, properties.get(key))
            yield schema_error(f"{quote(key)} is missing" + (f" ({words})" if words else ""))


def _enum(validator, enums, instance, schema):
    if not any(same_json(each, instance) for each in enums):
        if unfilled(instance):
            yield schema_error(still_to_fill(instance))
            return
        from .suggest import did_you_mean

        yield schema_error(f"{quote(instance)} is not one of {quote(enums)}{did_you_mean(instance, enums)}")


def _const(validator, const, instance, schema):
    if not same_json(const, instance):
        yield schema_error(f"expected {quote(const)}, got {quote(instance)}")


def _size(kind: str, noun: str, most: bool):
    """minItems/maxItems/minLength/maxLength/minProperties/maxProperties with a short message."""
    def check(validator, limit, instance, schema):
        size = len(instance) if validator.is_type(instance, kind) else None
        if size is not None and (size > limit if most else size < limit):
            bound = "at most" if most else "at least"
            what = quote(instance) if isinstance(instance, str) else f"the {_json_kind(instance)}"
            counted = noun[:-1] if size == 1 else noun  # "1 item", "2 items"
            yield schema_error(f"{what} has {size:,} {counted}; {bound} {limit:,} allowed")
    return check


def _additional_properties(validator, allowed, instance, schema):
    if not validator.is_type(instance, "object"):
        return
    known = schema.get("properties", {})
    patterns = [ecma_regex(p) for p in schema.get("patternProperties", {})]
    extras = [k for k in instance if k not in known and not any(p.search(k) for p in patterns)]
    if validator.is_type(allowed, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], allowed, path=extra)
    elif not allowed and extras:
        shown = ", ".join(quote(k) for k in extras[:5])
        more = f" and {len(extras) - 5:,} more" if len(extras) > 5 else ""
        expected = ", ".join(sorted(known)) or "none"
        from .suggest import did_you_mean

        hint = did_you_mean(extras[0], [k for k in known if k not in instance]) if len(extras) == 1 else ""
        yield schema_error(f"unexpected key {shown}{more}{hint} (allowed keys: {expected})")


def _pattern_properties(validator, patterns, instance, schema):
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        regex = ecma_regex(pattern)
        for key, value in instance.items():
            if regex.search(key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def strict_validator_class():
    """The explaining validator (see the module docstring). Its messages quote values shortened.

    Built on first use: importing jsonschema costs about 50 ms, and a log that matches its schema
    (and holds no float) never needs an explanation, so ``ludolog validate`` starts without it.
    """
    import jsonschema

    return jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        validators={**KEYWORDS, "type": _type, "pattern": _pattern, "required": _required, "enum": _enum, "const": _const,
                    "minItems": _size("array", "items", False), "maxItems": _size("array", "items", True),
                    "minLength": _size("string", "characters", False), "maxLength": _size("string", "characters", True),
                    "minProperties": _size("object", "keys", False), "maxProperties": _size("object", "keys", True),
                    "additionalProperties": _additional_properties, "patternProperties": _pattern_properties},
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_json_integer),
    )


# -- one game's schema ------------------------------------------------------------------------

#: the key every move of every game may carry (a free comment; its schema is the envelope's ``$defs/note``)
NOTE = "note"


def _bundle(game_doc: dict, envelope: dict) -> dict:
    """Replace the game's ``{"$ref": "log.schema.json"}`` with the envelope itself: one document.
    Each move schema (``$defs/move.*``) gets the envelope's ``note``, so that every move of every
    game may carry one, in both the compiled and the explaining validator (they read this document)."""
    doc = json_copy(game_doc)
    env = {k: v for k, v in envelope.items() if k not in ("$schema", "$id", "$defs")}
    doc["allOf"] = [env if part == {"$ref": ENVELOPE_FILE} else part for part in doc.get("allOf", [])]
    note = envelope.get("$defs", {}).get(NOTE)
    if note is not None:
        for name, move in doc.get("$defs", {}).items():
            if name.startswith("move.") and isinstance(move, dict) and isinstance(move.get("properties"), dict):
                move["properties"].setdefault(NOTE, json_copy(note))
    return doc


class GameSchema:
    """The compiled schema of one game's logs: a fast verdict and an explanation that agree."""

    def __init__(self, schema_file: str):
        self.file = schema_file
        self.ref = schema_ref(schema_file)  #: the reference of its violations
        self.document = _bundle(load_schema_file(schema_file), load_schema_file(ENVELOPE_FILE))
        defs = self.document["$defs"]
        self.move_types: tuple[str, ...] = tuple(
            k.removeprefix("move.") for k in defs if k.startswith("move."))
        # Envelope + options + setup, with moves only required to be objects that name a type.
        head = json_copy(self.document)
        head.get("properties", {}).pop("moves", None)
        for part in head.get("allOf", []):  # each move is checked (and explained) on its own
            part.get("properties", {}).get("moves", {}).pop("items", None)
        self.head_document = head
        self._head_fast = jsonschema_rs.validator_for(head)
        self.move_documents = {t: {"$ref": f"#/$defs/move.{t}", "$defs": defs} for t in self.move_types}

    @functools.cached_property
    def _move_fast(self) -> dict:
        """One compiled validator per move type, built on first use: a valid log is checked by
        :attr:`_all_moves_fast` alone, and compiling these is a visible part of a one-log validate."""
        return {t: jsonschema_rs.validator_for(doc) for t, doc in self.move_documents.items()}

    # The explaining validators are built when first needed (a float, or an error to explain).
    @functools.cached_property
    def _head_full(self):
        return strict_validator_class()(self.head_document)

    @functools.cached_property
    def _move_full(self) -> dict:
        validator = strict_validator_class()
        return {t: validator(doc) for t, doc in self.move_documents.items()}

    # -- verdicts --------------------------------------------------------------------------
    def head_ok(self, raw, *, floats: bool = True) -> bool:
        """Whether everything outside the moves matches. ``floats=False`` promises that the head
        holds no float, so the compiled check alone decides."""
        if not self._head_fast.is_valid(raw):  # so raw is an object
            return False
        head_floats = floats and any(holds_float(value) for key, value in raw.items() if key != "moves")
        return not head_floats or self._head_full.is_valid(raw)

    def move_ok_fast(self, move) -> bool:
        """The compiled check of one move; the whole verdict only for a move that holds no float."""
        if type(move) is not dict:
            return False
        kind = move.get("type")
        validator = self._move_fast.get(kind) if type(kind) is str else None
        return validator is not None and validator.is_valid(move)

    @functools.cached_property
    def _all_moves_fast(self):
        """One compiled check of a whole move list, when every move schema pins its own ``type``
        (``required`` and ``const``): a move then matches one of the schemas exactly when it matches
        the schema of its type, so "any of them" is the dispatch on ``type``. None otherwise."""
        defs = self.document["$defs"]
        for t in self.move_types:
            move = defs[f"move.{t}"]
            if "type" not in move.get("required", ()) or move.get("properties", {}).get("type") != {"const": t}:
                return None
        return jsonschema_rs.validator_for({"type": "array", "$defs": defs,
                                            "items": {"anyOf": [{"$ref": f"#/$defs/move.{t}"} for t in self.move_types]}})

    def all_moves_ok_fast(self, moves: list) -> bool:
        """Whether :meth:`move_ok_fast` holds for every move of ``moves``: in one call into the
        compiled side when it can (see :attr:`_all_moves_fast`, true of every built-in game)."""
        whole = self._all_moves_fast
        if whole is not None:
            return whole.is_valid(moves)
        return all(self.move_ok_fast(move) for move in moves)

    def move_ok(self, move) -> bool:
        """The verdict on one move against the schema of its kind."""
        if not self.move_ok_fast(move):
            return False
        return not holds_float(move) or self._move_full[move["type"]].is_valid(move)

    # -- explanations ----------------------------------------------------------------------
    def check_head(self, raw: dict, file: str, *, floats: bool = True, limit: int = EXPLAINED_ERRORS_PER_FILE,
                   fallback: bool = True) -> list[Violation]:
        """Every schema error outside the moves (envelope, options, setup, claims), at most
        ``limit`` of them in full and one more violation counting the rest; [] when it matches.
        ``fallback=False`` (for tests) returns only what the explaining side found."""
        if self.head_ok(raw, floats=floats):
            return []
        errors = self._head_full.iter_errors(raw)
        shown = sorted(itertools.islice(errors, limit), key=lambda e: list(map(str, e.absolute_path)))
        out = [_violation(file, None, list(err.absolute_path), err.message, self.ref) for err in shown]
        rest = sum(1 for _ in errors)
        if rest:
            out.append(_violation(file, None, [], f"{rest:,} more schema errors outside the moves are not "
                                                  f"listed (only the first {limit} are)", self.ref))
        if not out and fallback:  # the explaining side found nothing: the compiled side's own words
            out = _fast_errors(self._head_fast, raw, file, None, [], self.ref)
        return out

    def explain_move(self, index: int, move, file: str, *, fallback: bool = True) -> list[Violation]:
        """Why move ``index`` fails its schema: at least one violation, never none (unless
        ``fallback=False``, for tests: then only what the explaining side found)."""
        base = ["moves", index]
        if not isinstance(move, dict):
            return [_violation(file, index, base, f"a move must be a JSON object, not {quote(move)}", self.ref)]
        kind = move.get("type")
        if not isinstance(kind, str) or kind not in self.move_documents:
            expected = ", ".join(self.move_types)
            if "type" not in move:
                what = "the move has no \"type\""
            else:
                from .suggest import did_you_mean

                what = f"unknown move type {quote(kind)}{did_you_mean(kind, self.move_types)}"
            return [_violation(file, index, base + ["type"], f"{what} (this game's moves: {expected})", self.ref)]
        out = [_violation(file, index, base + list(err.absolute_path), err.message, self.ref)
               for err in itertools.islice(self._move_full[kind].iter_errors(move), EXPLAINED_ERRORS_PER_FILE)]
        if out or not fallback:
            return out
        return _fast_errors(self._move_fast[kind], move, file, index, base, self.ref)


def _fast_errors(validator, instance, file: str, index, base: list, ref: str = "") -> list[Violation]:
    """The compiled validator's own errors, for when the explaining side finds none."""
    out = [_violation(file, index, base + list(err.instance_path), err.message, ref)
           for err in itertools.islice(validator.iter_errors(instance), EXPLAINED_ERRORS_PER_FILE)]
    return out or [_violation(file, index, base, "does not match its schema", ref)]


def schema_ref(schema_file: str) -> str:
    """The reference of a schema error: the game's schema as a user gets it (``ludolog schema GAME``)."""
    game = os.path.basename(schema_file).removesuffix(".json").removesuffix(".schema")
    return f"the {game} log schema (`ludolog schema {game}` prints it)"


def _violation(file: str, move_index, path: list, message: str, ref: str = "") -> Violation:
    return Violation(file=file, move_index=move_index, pointer=pointer(path), code="CORE.SCHEMA",
                     message=bounded(in_words(message)), rule_ref=ref or "the game's log schema (`ludolog schema GAME` prints it)")


@functools.cache
def game_schema(schema_file: str) -> GameSchema:
    return GameSchema(schema_file)


class CatalogValidator:
    """A catalog's schema: the compiled verdict first, the explaining validator only on failure.

    A catalog that holds a float is always read by the explaining side too (see the module
    docstring: the compiled side takes ``1.0`` for an integer).
    """

    def __init__(self, document: dict):
        self.document = document
        self._fast = jsonschema_rs.validator_for(document)

    @functools.cached_property
    def _full(self):
        return strict_validator_class()(self.document)

    def iter_errors(self, data):
        """Every error of ``data`` against the schema (jsonschema ``ValidationError`` objects)."""
        if self._fast.is_valid(data) and not holds_float(data):
            return iter(())
        return self._full.iter_errors(data)


@functools.cache
def catalog_validator(schema_file: str) -> CatalogValidator:
    return CatalogValidator(load_schema_file(schema_file))
