"""Log format versions and the migration of older logs to the current one.

Format history (also in the README):

* ``ludolog/1`` - the first format: set-up listed the order of every face-down deck before move 0
  (Kingdom Crossing), Entdecker's set-up gave the size of each tile and plant pile.
* ``ludolog/2`` - hidden components are written when they become visible (a tile drawn, a card
  turned up, a token drawn), a draw into a hand the scorer cannot see may be ``"?"``, pile sizes
  are optional, bots are claimed as ``@id``.

A ``ludolog/1`` log is migrated on every read (:func:`migrate_log`, called by the log reader) and
so still validates with the same outcome; ``ludolog migrate`` writes the migrated form. Each step
is the core's (the envelope's ``format``) chained with the game's :meth:`Game.migrate` hook (its
set-up and moves).
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Callable

import orjson

from .errors import LudologError

if TYPE_CHECKING:
    from .game import Game

FORMATS = ("ludolog/1", "ludolog/2")  #: oldest first
CURRENT_FORMAT = FORMATS[-1]


class MigrationError(LudologError):
    """An older log cannot be rewritten in the current format (its shape is not that format's)."""


def needs_migration(raw: dict) -> bool:
    """Whether ``raw`` is in a known format older than :data:`CURRENT_FORMAT`."""
    fmt = raw.get("format")
    return isinstance(fmt, str) and fmt in FORMATS[:-1]


def migrate_log(raw: dict, game: Game) -> dict:
    """``raw`` rewritten in :data:`CURRENT_FORMAT` (a new dict; ``raw`` is not changed). A log
    already current, or in a format this ludolog does not know, comes back as it is (the envelope
    check reports an unknown format).

    :raises MigrationError: a step of the game's hook cannot read the log (malformed older log).
    """
    if not needs_migration(raw):
        return raw
    out = copy.deepcopy(raw)
    start = FORMATS.index(raw["format"])
    for older, newer in zip(FORMATS[start:], FORMATS[start + 1:]):
        try:
            out = game.migrate(out, older)
        except MigrationError:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            # a malformed older log: say so in one line instead of letting a traceback through
            raise MigrationError(f"this {older} {game.name} log cannot be rewritten as {newer}: "
                                 f"{type(exc).__name__} {exc}") from None
        out["format"] = newer
    return out


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
    fmt, name = raw.get("format"), raw.get("game")
    if fmt not in FORMATS:
        raise MigrationError(f"{file}: format {fmt!r} is not one this ludolog reads ({', '.join(FORMATS)})")
    game = find_game(name) if isinstance(name, str) else None
    if game is None:
        raise MigrationError(f"{file}: unknown game {name!r}")
    try:
        return migrate_log(raw, game), fmt
    except MigrationError as exc:
        raise MigrationError(f"{file}: {exc}") from None
