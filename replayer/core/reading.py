"""Reading logs with the registry: :func:`parse_log` and :func:`read_log` of :mod:`.log` with the
game looked up by the log's ``game`` name unless one is given.

:mod:`.log` itself never imports the registry (which imports the games, which import the log
types): that is the import cycle this module keeps out.
"""
from __future__ import annotations

import os

from . import log as _log
from .log import GameLog, GameSource
from .registry import find_game


def parse_log(data: bytes, file: str, game: GameSource | None = None) -> GameLog:
    """:func:`.log.parse_log`, the game found in the registry by default.

    :raises LogError: see :func:`.log.parse_log`.
    """
    return _log.parse_log(data, file, find_game if game is None else game)


def read_log(source: str | os.PathLike | bytes, file: str | None = None, game: GameSource | None = None) -> GameLog:
    """:func:`.log.read_log`, the game found in the registry by default.

    :raises LogError: see :func:`.log.read_log`.
    """
    return _log.read_log(source, file, find_game if game is None else game)
