"""Help for a person writing a log: the nearest valid names, and the nearest legal moves.

Everything here runs only on the error path (a name that is not known, a move that breaks a rule)
and is bounded: at most :data:`MAX_CANDIDATES` names are compared and at most
:data:`MAX_SUGGESTIONS` suggested, so a huge catalog or a position with thousands of legal moves
costs a bounded time once per reported violation, never per move.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

#: names compared with the unknown one (the first ones given, in their order)
MAX_CANDIDATES = 5000
#: suggestions offered at most (names or legal moves)
MAX_SUGGESTIONS = 3
#: legal moves looked at when looking for the nearest ones
MAX_LEGAL_MOVES = 20000
#: how alike (difflib ratio of the normalised spellings) a name must be to be suggested
CUTOFF = 0.6

_SEPARATORS = re.compile(r"[\s_.\-]+")
_DIGITS = re.compile(r"\d+")


def _normal(name: str) -> str:
    """A spelling without the differences a hand makes: case, separators, leading zeros
    (``FAR-6`` and ``far_06`` are one name)."""
    text = _SEPARATORS.sub("", name.casefold())
    return _DIGITS.sub(lambda m: str(int(m.group())), text)


def nearest_names(value: Any, candidates: Iterable[Any], limit: int = MAX_SUGGESTIONS) -> list[str]:
    """The valid names nearest to ``value`` (at most ``limit``), best first; [] when none is near.

    A name equal up to case, separators and leading zeros comes first; then names alike in
    spelling (difflib ratio of at least :data:`CUTOFF`).
    """
    if not isinstance(value, str) or not value:
        return []
    names = [c for c in itertools.islice(candidates, MAX_CANDIDATES) if isinstance(c, str) and c != value]
    if not names:
        return []
    import difflib  # only a log with a mistake needs it

    wanted = _normal(value)
    exact = [c for c in names if _normal(c) == wanted]
    if exact:  # the same name written another way: nothing else is as near
        return exact[:limit]
    by_normal: dict[str, str] = {}
    for name in names:
        by_normal.setdefault(_normal(name), name)
    return [by_normal[c] for c in difflib.get_close_matches(wanted, list(by_normal), n=limit, cutoff=CUTOFF)]


def did_you_mean(value: Any, candidates: Iterable[Any]) -> str:
    """``"; did you mean 'bay'?"`` (or ``'bay' or 'bays'``) to append to a message, or ``""``."""
    names = nearest_names(value, candidates)
    if not names:
        return ""
    quoted = [repr(n) for n in names]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f"; did you mean {listed}?"


# -- legal moves near an illegal one --------------------------------------------------------------

_NOT_SHOWN = ("type", "player", "note")
#: fields naming a place: shown without their name (``B3``, not ``cell B3``) and always shown
_PLACES = ("cell", "at", "space", "to", "region")


def _empty(value: Any) -> bool:
    return isinstance(value, (list, dict)) and not value


def _field_text(key: str, value: Any) -> str:
    """A field as a hint names it: ``key value``; a field written empty (``"types": []``,
    ``"skills": {}``) as ``no types``, ``no skills``: never a bare bracket pair or nothing at all."""
    if _empty(value):
        return f"no {key}"
    return f"{key} {value if isinstance(value, str) else _value_text(value)}"


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    # no commas inside a value: suggestions are listed with commas between them
    if isinstance(value, list):
        return "[" + " ".join(_value_text(v) if not isinstance(v, str) else v for v in value) + "]"
    if isinstance(value, dict):
        return " ".join(f"{k}={_value_text(v) if not isinstance(v, str) else v}" for k, v in value.items())
    return str(value)


def _distance(move: dict, legal: dict) -> tuple[int, int, int]:
    """How far ``legal`` is from the move as written: another type first, then the fields of
    another value (or missing on one side), then how many of those are missing, not just other."""
    keys = (set(move) | set(legal)) - {"note"}
    differing = [k for k in keys if move.get(k) != legal.get(k)]
    return (int(move.get("type") != legal.get("type")), len(differing),
            sum(1 for k in differing if k not in move or k not in legal))


def _likeness(move: dict, legal: dict) -> tuple[float, float]:
    """How unlike the differing values are: text by spelling (0 the same, 1 nothing alike), numbers
    by how far apart they are. Among moves as far from the written one, the one whose values are
    most like it comes first (``spin 6`` is nearer to 5 than 2, ``cap`` to ``cape`` than ``sea``)."""
    import difflib

    texts, numbers = [], []
    for key, value in legal.items():
        written = move.get(key, value)
        if written == value or type(written) is not type(value):
            continue
        if isinstance(value, str):
            texts.append(1.0 - difflib.SequenceMatcher(None, written, value).ratio())
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            numbers.append(abs(written - value))
    return (min(texts) if texts else 1.0, sum(numbers))


#: moves as near as the nearest that are compared by spelling (bounds the tie-break)
_TIED = 500


def nearest_legal_moves(game: Game, state: Any, move: Any, limit: int = MAX_SUGGESTIONS) -> tuple[list[dict], int]:
    """The legal moves of ``state`` nearest to the illegal ``move``, at most ``limit``: those of the
    same type and player when there are any, else of the same type, else any; fewest fields
    changed first. [] when the listing fails (a suggestion must never hide the violation). With
    them, how many legal moves there are in all (capped at :data:`MAX_LEGAL_MOVES`)."""
    if not isinstance(move, dict):
        return [], 0
    try:
        listed = [m for m in itertools.islice(game.legal_moves(state), MAX_LEGAL_MOVES) if isinstance(m, dict)]
    except Exception:  # noqa: BLE001 - the violation is reported whatever the listing does
        return [], 0
    kind, player = move.get("type"), move.get("player")
    same_type = [m for m in listed if m.get("type") == kind]
    same_seat = [m for m in same_type if player is None or m.get("player") in (None, player)]
    pool = same_seat or same_type or listed
    if not pool:
        return [], len(listed)
    ranked = sorted(pool, key=lambda m: _distance(move, m))
    best = _distance(move, ranked[0])
    tied = [m for m in ranked[:_TIED] if _distance(move, m) == best]
    if len(tied) > limit:
        tied.sort(key=lambda m: _likeness(move, m))
        return tied[:limit], len(listed)
    return ranked[:limit], len(listed)


def suggestion_text(legal: dict, written: dict | None = None) -> str:
    """One legal move as a hint reads it, the correction to make: its type, then the fields in which
    it differs from the move ``written`` plus its place (every field when the type or only the
    player differs, or nothing was written), each named (``roll die 6``) except a text place, shown
    bare and first (``place B3 rotation 90``), and a field named like the type (``card D01``); a
    field written that the legal move has not reads ``without exchange``. Another player's move
    starts with the player (``ben: pass``)."""
    written = written if isinstance(written, dict) else {}
    kind = str(legal.get("type", ""))
    keys = [k for k in legal if k not in _NOT_SHOWN]
    if written.get("type") == legal.get("type") and written:
        # a field left out where the legal move has it empty says the same: not a change to make
        shown = [k for k in keys if (written.get(k) != legal.get(k) or k in _PLACES)
                 and not (k not in written and _empty(legal[k]))]
        if legal.get("player") != written.get("player") and all(written.get(k) == legal.get(k) for k in keys):
            # only the player differs: the whole move, as that player writes it
            shown = keys
    else:
        shown = keys
    shown.sort(key=lambda k: k not in _PLACES)  # the place first: "place B8 workers 1", not "place workers 1 B8"
    parts = [kind] if kind else []
    for key in shown:
        value = legal[key]
        text = value if isinstance(value, str) else _value_text(value)
        # a place reads bare when its name shows it is one (B8, I1, pinewood); a number is named
        if key == kind or (key in _PLACES and key != "to" and isinstance(value, str) and not value.isdigit()):
            parts.append(text)
        else:
            parts.append(_field_text(key, value))
    if written.get("type") == legal.get("type"):  # a field written that the legal move leaves out
        parts += [f"without {key}" for key in written if key not in legal and key not in _NOT_SHOWN]
    text = " ".join(parts)
    if "player" in legal and legal.get("player") != written.get("player"):
        text = f"{legal['player']}: {text}"
    return text


def legal_here(game: Game, state: Any, move: Any, after: str = "") -> str:
    """``"; legal here: place B3 rotation 90, place B3 rotation 270"`` to append to the message
    ``after``, or ``""`` (``" Legal here: ..."`` after a did-you-mean question), each suggestion
    in the words of :func:`suggestion_text`, and how many more moves are legal than are shown."""
    found, total = nearest_legal_moves(game, state, move)
    if not found:
        return ""
    unique = list(dict.fromkeys(t for t in (suggestion_text(legal, move) for legal in found) if t))
    if not unique:
        return ""
    more = total - len(found)
    tail = f", and {more} more (ludolog next lists them)" if more > 0 else ""
    return f"{' Legal' if after.endswith('?') else '; legal'} here: {', '.join(unique)}{tail}"
