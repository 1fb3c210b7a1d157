"""Reading logs with the registry: :func:`parse_log` and :func:`read_log` of :mod:`.log`, the game
looked up by the log's ``game`` name unless one is given. :mod:`.log` cannot import the registry
(which imports :mod:`.game`, which imports :mod:`.log`)."""
from __future__ import annotations

import os

from . import log as _log
from .log import GameLog, GameSource
from .registry import find_game


def parse_log(data: bytes, file: str, game: GameSource | None = None) -> GameLog:
    """:raises LogError: see :func:`.log.parse_log`."""
    return _log.parse_log(data, file, find_game if game is None else game)


def read_log(source: str | os.PathLike | bytes, file: str | None = None, game: GameSource | None = None) -> GameLog:
    """:raises LogError: see :func:`.log.read_log`."""
    return _log.read_log(source, file, find_game if game is None else game)
