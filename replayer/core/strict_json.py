"""JSON read the way a referee must read it: one meaning, whatever the parser.

orjson (like most parsers) silently keeps the last of two equal keys in an object, and it reads
``1.0``, ``1e2`` and integers beyond 64 bits as floats. Both are legal JSON, yet a log whose
meaning depends on them cannot be judged. This module finds them cheaply:

* duplicate keys: outside strings a ``:`` only follows a key, so the input and ``orjson.dumps`` of
  what was parsed hold the same number of colons unless a pair was dropped (a dropped pair takes
  its own colon and every colon of its value with it). The only way to write a colon that the
  count would miss is the escape ``\\u003a``; an input holding such an escape, or whose counts
  differ, is re-read slowly with :func:`json.loads` to name each duplicate key with its pointer.
* floats: ``orjson.dumps`` writes every float with a ``.`` or an exponent, right after ``:``,
  ``,`` or ``[``; integers never. Only when that text occurs are the parsed values walked.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

# orjson.dumps writes a float as digits then "." or "e+"/"e-" (it always signs the exponent). With
# every digit read as 0 and every letter but "e" as "a", a float shows as "0." or "0e+"/"0e-",
# which bytes.__contains__ finds at memchr speed; inside strings it can only give a false alarm.
_SHAPE = bytes.maketrans(b"0123456789abcdfghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                         b"0" * 10 + b"a" * 51)
_DIGITS = frozenset(b"0123456789")
_E = ord("e")
#: a call of ``bytes.find`` per sign costs about what the two-byte search costs over this many bytes
_BYTES_PER_SIGN = 200
_COLON_ESCAPE = b"\\u003"  # \u003a / \u003A (and, harmlessly, the other \u003x escapes)


@dataclass(slots=True)
class DuplicateKey:
    """A key written more than once in one JSON object."""

    path: list  # from the document root to the key (keys and array indexes)
    key: str
    count: int


def duplicate_keys(data: bytes, dumped: bytes) -> list[DuplicateKey]:
    """Every key written twice or more in one object of ``data`` (the JSON text, without a BOM),
    given ``dumped`` = ``orjson.dumps`` of what orjson parsed from it. Fast when there is none."""
    counts_differ = data.count(b":") != dumped.count(b":")
    # a backslash is found at memchr speed and most logs have none; the five-byte escape is not
    if not counts_differ and (b"\\" not in data or _COLON_ESCAPE not in data):
        return []
    return locate_duplicate_keys(data, certain=counts_differ)


class _Object(dict):
    """A parsed object that remembers which of its keys were repeated (slow path only)."""

    __slots__ = ("repeated",)


def _remember_repeats(pairs: list) -> _Object:
    obj = _Object()
    repeated: dict[str, int] = {}
    for key, value in pairs:
        if key in obj:
            repeated[key] = repeated.get(key, 1) + 1
        obj[key] = value
    obj.repeated = repeated
    return obj


def locate_duplicate_keys(data: bytes, certain: bool = True) -> list[DuplicateKey]:
    """The slow, exact search: parse again with a hook that sees every pair, then walk to each
    repeated key. A document too deeply nested for :mod:`json` is reported as one duplicate at
    the root when ``certain`` (the colon count proved a pair was lost) rather than not at all."""
    try:
        root = json.loads(data.decode("utf-8"), object_pairs_hook=_remember_repeats)
    except (RecursionError, ValueError):
        return [DuplicateKey([], "", 2)] if certain else []
    found: list[DuplicateKey] = []
    stack: list[tuple[object, list]] = [(root, [])]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _Object):
            for key, count in value.repeated.items():
                found.append(DuplicateKey(path + [key], key, count))
            stack.extend((child, path + [key]) for key, child in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((child, path + [i]) for i, child in reversed(list(enumerate(value))))
    return found


def may_hold_floats(dumped: bytes) -> bool:
    """False when the parsed document certainly holds no float (``dumped`` = ``orjson.dumps`` of
    it); True when it may (a string can look like a number: :func:`holds_float` decides)."""
    if b"." not in dumped:  # then only an exponent can make a float: a digit right before "e+" or "e-"
        return _exponent(dumped, b"+") or _exponent(dumped, b"-")
    shape = dumped.translate(_SHAPE)
    return b"0." in shape or b"0e+" in shape or b"0e-" in shape


def _exponent(dumped: bytes, sign: bytes) -> bool:
    """Whether ``dumped`` holds a digit, "e", ``sign``. The signs are found one by one with
    ``bytes.find`` of one byte (memchr: "+" is rare in a log, "-" mostly a few hyphens in ids);
    a search for the two bytes "e+" is several times slower, as "e" is frequent in strings. After
    one sign per :data:`_BYTES_PER_SIGN` bytes (a log full of hyphens, where one call per sign
    would cost more) the two-byte search takes over."""
    at = dumped.find(sign)
    for _ in range(len(dumped) // _BYTES_PER_SIGN + 1):
        if at == -1:
            return False
        if at >= 2 and dumped[at - 1] == _E and dumped[at - 2] in _DIGITS:
            return True
        at = dumped.find(sign, at + 1)
    if at == -1:
        return False
    marker = b"e" + sign
    at = dumped.find(marker, max(at - 1, 0))  # from the sign not looked at yet
    while at != -1:
        if at and dumped[at - 1] in _DIGITS:
            return True
        at = dumped.find(marker, at + 2)
    return False


def holds_float(value) -> bool:
    """Whether a float occurs anywhere in the parsed JSON ``value`` (iterative: any depth)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is float:
            return True
        if kind is dict:
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
    return False


#: how deeply lists and objects may nest in a log: the most orjson writes back (it refuses a
#: 255th level with a TypeError, and reads no more than 1,024). A log of any game needs fewer than ten.
MAX_DEPTH = 254


def too_deep(value: object, limit: int = MAX_DEPTH) -> list | None:
    """The path (keys and indexes from the root) of the first list or object nested deeper than
    ``limit`` levels (the root is level 1), or None. Walked without recursion, so any depth can
    be measured."""
    stack: list[tuple[object, list]] = [(value, [])]
    while stack:
        item, path = stack.pop()
        if isinstance(item, dict):
            children = list(item.items())
        elif isinstance(item, list):
            children = list(enumerate(item))
        else:
            continue
        if len(path) >= limit:
            return path
        stack.extend((child, [*path, key]) for key, child in reversed(children))
    return None


def same_json(one, two) -> bool:
    """JSON equality that keeps integers and floats apart (``1 != 1.0``) and booleans from numbers."""
    if type(one) is not type(two):
        return False
    if type(one) is list:
        return len(one) == len(two) and all(same_json(a, b) for a, b in zip(one, two))
    if type(one) is dict:
        return one.keys() == two.keys() and all(same_json(v, two[k]) for k, v in one.items())
    return one == two
