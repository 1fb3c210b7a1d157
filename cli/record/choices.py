"""The choice tree of the scoresheet: how the page narrows a position's legal moves to one.

The scorer picks among the engine's legal moves (:meth:`Game.legal_moves`) in steps, as an
electronic chess scoresheet does (piece, then square):

* when few moves remain (at most :data:`WHOLE`) they are offered whole, one tap records one;
* otherwise the player first where several decide at once (a simultaneous window), then the move
  type, then each field in the order the engine writes it; a field whose remaining moves all hold
  the same value is filled in by itself and never asked;
* the step that leaves a single move records it: the last choice is the last tap.

The page calls :func:`step` through the server for every step and :func:`taps` counts the choices
the same function asks for, so the figures ``make bench`` reports are the page's own.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from ..common import catalog_ids

#: at most this many remaining moves are offered whole (buttons), one tap each
WHOLE = 10
#: the log format's unknown: what the scorer could not see
UNKNOWN = "?"
ABSENT = "\x00absent"  # a field a move does not have (moves of one type may differ in fields)
#: a move field whose schema description says this holds a place in a list of the log; the page
#: shows it counted from 1, as a player counts and as the set-up form numbers the list's items
FROM_ZERO = "counted from 0"


def value_key(value: Any) -> str:
    """A value as the text that identifies it in a choice (canonical JSON)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def field_key(move: dict, field: str) -> str:
    return value_key(move[field]) if field in move else ABSENT


@dataclass(frozen=True)
class Names:
    """Component id -> (printed name, name and printed facts), for labels (from :meth:`Game.catalog_ids`);
    ``from_zero``: the (move type, field) pairs whose values are places counted from 0 (:data:`FROM_ZERO`)."""

    table: dict[str, tuple[str, str]]
    from_zero: frozenset[tuple[str, str]] = frozenset()

    @classmethod
    def of(cls, game) -> "Names":
        kinds = catalog_ids(game)
        table: dict[str, tuple[str, str]] = {}
        for entries in reversed(kinds.values()):  # an id in several lists: the first list's name
            table.update(cls.of_entries(entries).table)
        moves = {name.removeprefix("move."): node for name, node in game.schema.document.get("$defs", {}).items()
                 if name.startswith("move.")}
        return cls(table, frozenset((kind, field) for kind, node in moves.items()
                                    for field, spec in (node.get("properties") or {}).items()
                                    if FROM_ZERO in spec.get("description", "")))

    @classmethod
    def of_entries(cls, entries: dict[str, dict]) -> "Names":
        """The names of one catalog list's entries."""
        return cls({str(cid): (entry["name"][:40], ", ".join(p for p in (entry["name"], entry.get("text", "")) if p))
                    for cid, entry in entries.items() if entry.get("name")})

    def word(self, value: Any) -> str:
        """A leaf value in words: an id with its name (``N08 Lighthouse``), ``?`` as not seen."""
        if value == UNKNOWN:
            return "? (not seen)"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str):
            named = self.table.get(value)
            if not named or not named[0]:
                return value
            short, plain = _plain(named[0]), _plain(value)
            if short == plain:
                return named[0]  # the printed name (Keystone Quarry for keystone_quarry)
            if plain in short:
                return value  # the name only repeats the id (yellow: yellow worker colour)
            return f"{value} {named[0]}"
        return str(value)

    def text(self, value: Any) -> str:
        """Any value in words: lists joined, mappings as ``key value``; the items of a list or a
        mapping of several are named by their ids only (a label stays one line on a phone)."""
        if isinstance(value, list):
            if len(value) == 1:
                return self.text(value[0])
            return ", ".join(self._id(v) for v in value) if value else "none"
        if isinstance(value, dict):
            if len(value) == 1:
                [(k, v)] = value.items()
                return f"{self._id(k)} {self.text(v)}"
            return " · ".join(f"{self._id(k)} {self._id(v)}" for k, v in value.items()) if value else "none"
        return self.word(value)

    def field_text(self, kind: str | None, field: str, value: Any) -> str:
        """A move's field value in words (:meth:`text`); a place counted from 0 as a player counts."""
        if (kind, field) in self.from_zero and type(value) is int:
            return str(value + 1)
        return self.text(value)

    def _id(self, value: Any) -> str:
        if isinstance(value, (list, dict)):
            return self.text(value)
        return "?" if value == UNKNOWN else self.word(value) if isinstance(value, bool) else str(value)

    def move_text(self, move: dict, shown: list[str] | None = None) -> str:
        """A move in words, the player left out (the page says whose move it is)."""
        keys = [k for k in move if k not in ("type", "player", "note")] if shown is None else shown
        # a field named as the move type is not named twice: "boat Sea Bastion", "white 1"
        kind = move.get("type")
        parts = [self.field_text(kind, k, move[k]) if k in ("cell", "at", "space", "to", "region", "tile", "card", kind)
                 else f"{k} {self.field_text(kind, k, move[k])}" for k in keys if k in move]
        head = move.get("type", "")
        return f"{head} {' '.join(parts)}".strip() if parts else head

    def description(self, value: Any) -> str:
        return self.table.get(value, ("", ""))[1] if isinstance(value, str) else ""


def _plain(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())


def narrow(moves: list[dict], picks: list[tuple[str, str]]) -> list[dict]:
    """The moves whose fields hold every picked value (``picks``: (field, value key) pairs)."""
    return [m for m in moves if all(field_key(m, f) == v for f, v in picks)]


def _fields(moves: list[dict]) -> list[str]:
    """Every field of ``moves``, in the order the engine writes them (type first)."""
    return list(dict.fromkeys(k for m in moves for k in m))


def next_field(moves: list[dict], player_first: bool = False) -> str | None:
    """The first field on which the remaining ``moves`` differ, in the engine's order; the player
    first with ``player_first`` (several players deciding at once: the scorer says whose decision
    it is)."""
    fields = _fields(moves)
    if player_first and "player" in fields:
        fields.remove("player")
        fields.insert(0, "player")
    for field in fields:
        first = field_key(moves[0], field)
        if any(field_key(m, field) != first for m in moves[1:]):
            return field
    return None


def step(moves: list[dict], picks: list[tuple[str, str]], names: Names, players: list[str] | None = None,
         simultaneous: bool = False) -> dict:
    """What the page offers after ``picks``: one of

    * ``{"kind": "move", "move": m}`` - the picks leave one move: it is the scorer's;
    * ``{"kind": "whole", "options": [...]}`` - few moves remain: each offered whole;
    * ``{"kind": "field", "field": f, "options": [...]}`` - the next field to choose;
    * ``{"kind": "none"}`` - no legal move has these values (a stale or forged pick).

    Each option has ``label`` (words), ``detail`` (the description of the component chosen; for a
    whole move, of the first component that tells it from the others) and either ``move`` (whole)
    or ``value`` (the value key to send back as the next pick).
    """
    remaining = narrow(moves, picks)
    if not remaining:
        return {"kind": "none", "remaining": 0}
    if len(remaining) == 1 and picks:
        return {"kind": "move", "move": remaining[0], "label": names.move_text(remaining[0]), "remaining": 1}
    if len(remaining) <= WHOLE:
        several = len({m.get("player") for m in remaining}) > 1  # a simultaneous window: say whose
        differing = _differing(remaining)
        options = [{"label": _whole_label(m, remaining, names), "move": m, "key": value_key(m),
                    "unknown": _has_unknown(m), "player": m.get("player") if several else None,
                    "detail": next((d for f in differing if (d := names.description(m.get(f)))), "")}
                   for m in remaining]
        options.sort(key=lambda o: not o["unknown"])  # the unknown first, as in a field's choices
        return {"kind": "whole", "options": options, "remaining": len(remaining)}
    field = next_field(remaining, simultaneous)
    if field is None:  # equal moves listed twice: one of them is the move
        return {"kind": "move", "move": remaining[0], "label": names.move_text(remaining[0]), "remaining": 1}
    groups: dict[str, list[dict]] = {}
    for m in remaining:
        groups.setdefault(field_key(m, field), []).append(m)
    options = []
    for key, group in groups.items():
        value = group[0].get(field)
        if key == ABSENT:
            label = f"without {field}"
        elif field == "player" and players is not None:
            label = str(value)
        else:
            label = names.field_text(group[0].get("type"), field, value)
        options.append({"label": label, "value": key, "count": len(group), "unknown": value == UNKNOWN,
                        "detail": names.description(value)})
    options.sort(key=lambda o: not o["unknown"])  # the unknown first: one tap where the scorer saw nothing
    return {"kind": "field", "field": field, "options": options, "remaining": len(remaining)}


def _has_unknown(move: dict) -> bool:
    """Whether the move writes the unknown somewhere (a value ``"?"`` or a count of ``"?"``)."""
    return b'"?"' in orjson.dumps(move)


def _differing(remaining: list[dict]) -> list[str]:
    """The fields (other than type and player) that tell the moves still offered apart."""
    return [f for f in _fields(remaining) if f not in ("type", "player")
            and len({field_key(m, f) for m in remaining}) > 1]


def _whole_label(move: dict, remaining: list[dict], names: Names) -> str:
    """A whole move named by the fields that tell it from the others still offered."""
    differing = _differing(remaining)
    types = {m.get("type") for m in remaining}
    shown = differing or None
    text = names.move_text(move, shown)
    if len(types) == 1 and shown:
        text = f"{move.get('type', '')} {text.removeprefix(move.get('type', '')).strip()}".strip()
    return text


def choose(offer_after, target: dict) -> tuple[dict, int]:
    """Walk the page's choices to ``target``: the move the last choice records and the choices made,
    at least one (a lone legal move is still confirmed). ``offer_after(picks)`` is :func:`step`
    after ``picks``. :raises ValueError: ``target`` cannot be chosen (not legal here)."""
    picks: list[tuple[str, str]] = []
    key = value_key(target)
    while True:
        offer = offer_after(picks)
        if offer["kind"] == "move":
            chosen = offer["move"]
            break
        if offer["kind"] == "whole":
            chosen = next((o["move"] for o in offer["options"] if o["key"] == key), None)
            if chosen is None:
                raise ValueError("it is not among the moves the page offers here")
            picks.append(("", key))  # the tap on the whole move
            break
        if offer["kind"] == "none":
            raise ValueError("no legal move here holds its values")
        if offer["kind"] != "field":
            raise ValueError(f"the page offers no choices ({offer.get('phase', offer['kind'])})")
        picks.append((offer["field"], field_key(target, offer["field"])))
    if value_key(chosen) != key:
        raise ValueError(f"the choices led to {value_key(chosen)}")
    return chosen, len(picks)


def taps(moves: list[dict], target: dict, names: Names | None = None, simultaneous: bool = False) -> int:
    """The choices the page asks for to record ``target`` among its legal ``moves`` (:func:`choose`).
    :raises ValueError: ``target`` is not among ``moves``."""
    names = names or Names({})
    return choose(lambda picks: step(moves, picks, names, simultaneous=simultaneous), target)[1]
