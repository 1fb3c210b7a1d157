"""State cloning that cannot silently drop a field, and deep snapshots for the conformance suite.

:func:`clone_fields` copies a dataclass state field by field over :func:`dataclasses.fields`, so a
field added to the state is cloned without anyone remembering to (no constructor with forty
positional arguments). Values are copied by type: immutable values (numbers, strings, tuples of
them, frozen dataclasses, enums) are shared; lists, dicts and sets are copied; nested mutable
dataclasses are cloned the same way; objects with a ``clone()`` method clone themselves; anything
else is deep-copied. A field declared ``field(metadata=SHARED)`` (an immutable catalog) is shared
by reference.

:func:`restore` puts a state back to such a clone in place (the rollback of a refused move), and
:func:`guarded` does both around a move.

:func:`snapshot` turns a state into plain nested tuples for comparison: what the conformance test
uses to prove that a rejected move left the state unchanged.

:func:`field_copier` makes the same field-complete copy with each field's rule chosen once per
class: for a copy made many times a move (an engine's look-ahead), where :func:`copy_value`'s look
at every value is the cost.
"""
from __future__ import annotations

import copy
import dataclasses
import enum
import operator
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .errors import IllegalMove
from .ledger import Ledger

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


def restore(state: Any, before: Any) -> None:
    """Put the dataclass ``state`` back to ``before``, a clone of it made before a move changed it:
    every field of ``before`` set on ``state``, in place, except that a
    :class:`~ludolog.replayer.core.ledger.Ledger` is refilled rather than replaced, so the ledger
    objects the replay driver holds stay the ones the state scores into.

    The rollback of a move whose checks do not all come before its first change: copy, apply, and
    restore on :class:`~ludolog.replayer.core.errors.IllegalMove`.
    """
    setter = object.__setattr__  # also for frozen dataclasses
    for f in dataclasses.fields(state):
        value = getattr(before, f.name)
        if isinstance(value, Ledger):
            mine = getattr(state, f.name)
            mine.events[:] = value.events
            mine.totals[:] = value.totals
            mine.move_index = value.move_index
        else:
            setter(state, f.name, value)


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


#: annotations whose values are immutable (shared by a copier) or flat lists of such values (sliced)
_ATOM_ANNOTATIONS = frozenset({"int", "float", "str", "bool", "bytes", "None", "int | None", "str | None",
                               "bool | None", "float | None"})
_FLAT_LIST_ANNOTATIONS = frozenset(f"list[{a}]" for a in _ATOM_ANNOTATIONS)
#: ... or such a list or None (``list[int] | None``): sliced unless None
_OPTIONAL_FLAT_LIST_ANNOTATIONS = frozenset(f"{a} | None" for a in _FLAT_LIST_ANNOTATIONS)
_COPY_KINDS: dict[str, Callable[[Any], Any] | None] = {
    "share": None, "slice": lambda v: v[:], "optional_slice": lambda v: None if v is None else v[:], "dict": dict,
    "rows": lambda v: [x[:] for x in v], "clone": lambda v: None if v is None else v.clone(), "copy": copy_value}


def _annotation(f: dataclasses.Field) -> str:
    return f.type if isinstance(f.type, str) else getattr(f.type, "__name__", repr(f.type))


def field_copier(cls: type[S], how: Mapping[str, str | Callable[[Any], Any]] | None = None) -> Callable[[S], S]:
    """A function copying an instance of the dataclass ``cls`` field by field, each field by a rule
    chosen once here rather than by :func:`copy_value`'s look at every value.

    Every field of ``cls`` is copied (a field added later too): by ``how[name]`` when given - one of
    ``"share"`` (the same object), ``"slice"`` (a flat list), ``"optional_slice"`` (a flat list or
    None), ``"dict"`` (a dict of immutable values), ``"rows"`` (a list of flat lists), ``"clone"`` (its
    ``clone()``, or None), ``"copy"`` (:func:`copy_value`) or a function of the value; else a ``SHARED``
    field is shared, a field annotated as an immutable atom (``int``, ``str | None``, ...) is shared,
    one annotated as a flat list of them (``list[int]``, or ``list[int] | None``) is sliced, and
    anything else goes through :func:`copy_value`, so an unforeseen shape is never shared by mistake.

    :raises TypeError: ``cls`` is not a dataclass, or ``how`` names an unknown field or kind.
    """
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"field_copier needs a dataclass, not {cls!r}")
    how = dict(how or {})
    fields = dataclasses.fields(cls)
    unknown = set(how) - {f.name for f in fields}
    if unknown:
        raise TypeError(f"field_copier: {cls.__name__} has no field {', '.join(sorted(unknown))}")
    rules: list[Callable[[Any], Any] | None] = []
    for f in fields:
        rule = how.get(f.name)
        if callable(rule):
            rules.append(rule)
        elif rule is not None:
            if rule not in _COPY_KINDS:
                raise TypeError(f"field_copier: unknown copy kind {rule!r} for {cls.__name__}.{f.name}")
            rules.append(list.copy if rule == "slice" and _annotation(f).startswith("list[") else _COPY_KINDS[rule])
        elif f.metadata.get("ludolog_shared") or _annotation(f) in _ATOM_ANNOTATIONS:
            rules.append(None)
        elif _annotation(f) in _FLAT_LIST_ANNOTATIONS:
            rules.append(list.copy)
        elif _annotation(f) in _OPTIONAL_FLAT_LIST_ANNOTATIONS:
            rules.append(_COPY_KINDS["optional_slice"])
        else:
            rules.append(copy_value)
    names = [f.name for f in fields]
    values = operator.attrgetter(*names) if len(names) > 1 else lambda src: tuple(getattr(src, n) for n in names)
    plan = tuple(zip(names, rules))
    copied = tuple((i, rule) for i, rule in enumerate(rules) if rule is not None)
    if all(f.init and not f.kw_only for f in fields) and not hasattr(cls, "__post_init__"):
        # the class's own __init__ takes every field in order: the shared values go in as read
        def copy_instance(src: S) -> S:
            args = list(values(src))
            for i, rule in copied:
                args[i] = rule(args[i])
            return cls(*args)
    else:
        new, setter = object.__new__, object.__setattr__  # also for frozen dataclasses

        def copy_instance(src: S) -> S:
            out = new(cls)
            for (name, rule), v in zip(plan, values(src)):
                setter(out, name, v if rule is None else rule(v))
            return out

    copy_instance.__qualname__ = copy_instance.__name__ = f"copy_{cls.__name__}"
    return copy_instance


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


def guarded(apply: Callable[[S, dict, int | None], None], state: S, move: dict, seat: int | None,
            clone: Callable[[S], S] = clone_fields) -> None:
    """``apply(state, move, seat)`` so that an :class:`~ludolog.replayer.core.errors.IllegalMove`
    leaves ``state`` as it was: copied first with ``clone``, put back with :func:`restore`. No copy
    when ``state.ledger.rollback`` is False: its owner rebuilds the position itself (the replay
    driver, from the log) or throws the state away; the exception then says so (``unrestored``)."""
    if not state.ledger.rollback:
        try:
            apply(state, move, seat)
        except IllegalMove as exc:
            exc.unrestored = True
            raise
        return
    before = clone(state)
    try:
        apply(state, move, seat)
    except IllegalMove:
        restore(state, before)
        raise
