"""State cloning that cannot silently drop a field, and deep snapshots for the conformance suite.

:func:`clone_fields` copies a dataclass state field by field over :func:`dataclasses.fields`, so a
field added to the state is cloned without anyone remembering to (no constructor with forty
positional arguments). Values are copied by type: immutable values (numbers, strings, tuples of
them, frozen dataclasses, enums) are shared; lists, dicts and sets are copied; nested mutable
dataclasses are cloned the same way; objects with a ``clone()`` method clone themselves; anything
else is deep-copied. A field declared ``field(metadata=SHARED)`` (an immutable catalog) is shared
by reference.

:func:`snapshot` turns a state into plain nested tuples for comparison: what the conformance test
uses to prove that a rejected move left the state unchanged.
"""
from __future__ import annotations

import copy
import dataclasses
import enum
from typing import Any, TypeVar

S = TypeVar("S")

#: metadata for a field whose value is immutable shared data (a catalog): never copied
SHARED = {"ludolog_shared": True}

_ATOMS = frozenset((int, float, str, bool, type(None), bytes, complex))
_PLANS: dict[type, tuple[tuple[str, bool], ...]] = {}


def _plan(cls: type) -> tuple[tuple[str, bool], ...]:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = tuple((f.name, bool(f.metadata.get("ludolog_shared"))) for f in dataclasses.fields(cls))
        _PLANS[cls] = plan
    return plan


def _frozen(cls: type) -> bool:
    params = getattr(cls, "__dataclass_params__", None)
    return params is not None and params.frozen


def copy_value(value: Any) -> Any:
    """A copy of ``value`` that shares nothing mutable with it (see the module docstring)."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is list:
        if all(type(x) in _ATOMS for x in value):
            return value.copy()
        return [copy_value(x) for x in value]
    if t is dict:
        return {k: copy_value(v) for k, v in value.items()}
    if t is set:
        return set(value)
    if t is tuple:
        return value if all(type(x) in _ATOMS for x in value) else tuple(copy_value(x) for x in value)
    if t is frozenset or isinstance(value, enum.Enum) or _frozen(t):
        return value
    if dataclasses.is_dataclass(t):
        return clone_fields(value)
    clone = getattr(value, "clone", None)
    if callable(clone):
        return clone()
    return copy.deepcopy(value)


def clone_fields(state: S) -> S:
    """A clone of the dataclass ``state``: every field, present and future, copied by :func:`copy_value`.

    :raises TypeError: ``state`` is not a dataclass instance.
    """
    cls = type(state)
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"clone_fields needs a dataclass, not {cls.__name__}")
    new = object.__new__(cls)
    setter = object.__setattr__  # also for frozen dataclasses
    for name, shared in _plan(cls):
        value = getattr(state, name)
        setter(new, name, value if shared else copy_value(value))
    return new


def _slot_names(cls: type) -> tuple[str, ...]:
    slots = cls.__dict__.get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def snapshot(value: Any, _depth: int = 0) -> Any:
    """``value`` as comparable plain data: dataclass fields, ``__slots__`` and ``__dict__`` by name,
    containers recursively (sets and dict items in a stable order). Shared fields are compared by
    identity (they must not change at all)."""
    if _depth > 60:
        raise ValueError("snapshot: the state nests too deeply (a cycle?)")
    t = type(value)
    if t in _ATOMS or isinstance(value, enum.Enum):
        return value
    d = _depth + 1
    if t in (list, tuple):
        return (t.__name__, tuple(snapshot(x, d) for x in value))
    if t is dict:
        return ("dict", tuple(sorted(((repr(k), snapshot(v, d)) for k, v in value.items()), key=lambda kv: kv[0])))
    if t in (set, frozenset):
        return ("set", tuple(sorted(repr(x) for x in value)))
    if dataclasses.is_dataclass(t):
        return (t.__name__, tuple((name, ("shared", id(getattr(value, name))) if shared
                                   else snapshot(getattr(value, name), d)) for name, shared in _plan(t)))
    slots = [s for k in t.__mro__ for s in _slot_names(k) if s not in ("__weakref__", "__dict__")]
    if slots:
        return (t.__name__, tuple((s, snapshot(getattr(value, s, None), d)) for s in slots))
    if hasattr(value, "__dict__"):
        return (t.__name__, tuple(sorted((k, snapshot(v, d)) for k, v in vars(value).items())))
    return repr(value)
