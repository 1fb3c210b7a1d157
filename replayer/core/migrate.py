"""Log format versions and the migration of older logs to the current one (history: docs/log-format.md).

A ``ludolog/1`` log is migrated on every read and keeps its verdict: it is first checked against
the schema of the format it was written in (:attr:`Game.format_schemas`), so what the old schema
rejects stays rejected, and every violation is reported at the move and pointer of the file as
written (:attr:`Migrated.origin`). Each step is the core's (the envelope's ``format``) chained with
the game's :meth:`Game.migrate` hook (its set-up and moves); a hook never changes the log it is given.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import orjson

from .errors import LudologError, Violation
from .strict_json import MAX_DEPTH, too_deep

if TYPE_CHECKING:
    from .game import Game

FORMATS = ("ludolog/1", "ludolog/2")  #: oldest first
CURRENT_FORMAT = FORMATS[-1]


class MigrationError(LudologError):
    """An older log cannot be rewritten in the current format (its shape is not that format's)."""


@dataclass(slots=True)
class Migrated:
    """A log rewritten in a newer format, and for each of its moves the index of the move of the
    file as written that it comes from (a move inserted by the migration, such as a reveal, belongs
    to the move whose resolution produced it). ``origin`` is non-decreasing."""

    raw: dict
    origin: list[int] = field(default_factory=list)
    source_moves: int = 0  #: how many moves the file as written has


def needs_migration(raw: dict) -> bool:
    """Whether ``raw`` is in a known format older than :data:`CURRENT_FORMAT`."""
    fmt = raw.get("format")
    return isinstance(fmt, str) and fmt in FORMATS[:-1]


def migrate_log(raw: dict, game: Game) -> dict:
    """``raw`` rewritten in :data:`CURRENT_FORMAT` (see :func:`migrate_traced`)."""
    return migrate_traced(raw, game).raw


def migrate_traced(raw: dict, game: Game) -> Migrated:
    """``raw`` rewritten in :data:`CURRENT_FORMAT` with the map of its moves (a new dict: ``raw``
    is not changed). A log already current, or in a format this ludolog does not know, comes back
    as it is, each move its own origin (the envelope check reports an unknown format).

    :raises MigrationError: a step of the game's hook cannot read the log (malformed older log).
    """
    moves = raw.get("moves")
    count = len(moves) if isinstance(moves, list) else 0
    origin = list(range(count))
    if not needs_migration(raw):
        return Migrated(raw, origin, count)
    out = dict(raw)  # the hooks build new parts and leave the given ones alone: no deep copy
    start = FORMATS.index(raw["format"])
    for older, newer in zip(FORMATS[start:], FORMATS[start + 1:]):
        try:
            step = game.migrate(out, older)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            # a malformed older log: say so in one line instead of letting a traceback through
            raise MigrationError(f"this {older} {game.name} log cannot be rewritten as {newer}: "
                                 f"{type(exc).__name__} {exc}") from None
        if isinstance(step, Migrated):  # chain the maps: new move -> previous form's move -> file's
            origin = [origin[k] if k < len(origin) else count for k in step.origin]
            out = step.raw
        else:  # a hook that keeps the moves one for one
            out = step
        out = dict(out)
        out["format"] = newer
    if origin != list(range(count)):
        out = _claims_follow_moves(out, origin, count)
    return Migrated(out, origin, count)


def _claims_follow_moves(raw: dict, origin: list[int], count: int) -> dict:
    """``raw`` with each ``claimed.events[].after`` (the envelope's only move index) following its
    move: a claim after move ``i`` of the file goes after the last migrated move that comes from
    ``i`` (in the older format its reveals were part of that move, and so were their points). An
    index past the end of the file stays past the end (the claim check reports it)."""
    claimed = raw.get("claimed")
    if not isinstance(claimed, dict) or not isinstance(claimed.get("events"), list):
        return raw
    last_of = [-1] * count
    for k, i in enumerate(origin):
        if 0 <= i < count:
            last_of[i] = k
    events = []
    for event in claimed["events"]:
        after = event.get("after") if isinstance(event, dict) else None
        if isinstance(after, int) and not isinstance(after, bool) and after >= 0:
            if after < count and last_of[after] >= 0:
                event = dict(event, after=last_of[after])
            elif after >= count:
                event = dict(event, after=after - count + len(origin))
        events.append(event)
    return dict(raw, claimed=dict(claimed, events=events))


def source_index(index: int, migrated: Migrated) -> int:
    """The move of the file as written that migrated move ``index`` comes from (the end of the
    file for the position after the last move)."""
    origin = migrated.origin
    return origin[index] if 0 <= index < len(origin) else migrated.source_moves


def migrated_index(source: int, migrated: Migrated) -> int:
    """The first migrated move that comes from move ``source`` of the file or a later one (where
    the replay must stop when that move of the file is bad)."""
    for k, origin in enumerate(migrated.origin):
        if origin >= source:
            return k
    return len(migrated.origin)


def to_source(violation: Violation, migrated: Migrated) -> Violation:
    """``violation`` found in the migrated log, located in the file as written: its move index and
    its ``/moves/<i>`` pointer prefix."""
    index = violation.move_index
    if index is None:
        return violation
    source = source_index(index, migrated)
    pointer = violation.pointer
    prefix = f"/moves/{index}"
    if pointer == prefix or pointer.startswith(prefix + "/"):
        pointer = f"/moves/{source}" + pointer[len(prefix):]
    return dataclasses.replace(violation, move_index=source, pointer=pointer)


def migrate_data(data: bytes, file: str, find_game: Callable[[str], Game | None]) -> tuple[dict, str]:
    """The log in ``data`` rewritten in :data:`CURRENT_FORMAT`, and the format it was written in.

    :raises MigrationError: not a JSON object, an unknown game or format, or a hook that cannot
        read it - every message one line naming ``file``.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        raw = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise MigrationError(f"{file}: not valid JSON ({exc})") from None
    if not isinstance(raw, dict):
        raise MigrationError(f"{file}: a log must be a JSON object")
    if too_deep(raw) is not None:
        raise MigrationError(f"{file}: lists and objects are nested more than {MAX_DEPTH} levels deep "
                             f"[CORE.JSON.TOO_DEEP]; a log may nest at most {MAX_DEPTH} levels")
    fmt, name = raw.get("format"), raw.get("game")
    if fmt not in FORMATS:
        raise MigrationError(f"{file}: format {fmt!r} is not one this ludolog reads ({', '.join(FORMATS)})")
    game = find_game(name) if isinstance(name, str) else None
    if game is None:
        raise MigrationError(f"{file}: unknown game {name!r}")
    try:
        return migrate_traced(raw, game).raw, fmt
    except MigrationError as exc:
        raise MigrationError(f"{file}: {exc}") from None
