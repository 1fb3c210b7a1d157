"""The game registry: game name -> engine. Built-in games load lazily; others can register."""
from __future__ import annotations

import importlib

from .game import Game

_BUILTIN = {
    "entdecker": "ludolog.replayer.entdecker",
}
_GAMES: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add a game engine (a plug-in or a test game) under ``game.name``."""
    _GAMES[game.name] = game


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def game_names() -> list[str]:
    return sorted(set(_BUILTIN) | set(_GAMES))


def get_game(name: str) -> Game:
    """:raises KeyError: no such game."""
    if name not in _GAMES:
        if name not in _BUILTIN:
            raise KeyError(name)
        _GAMES[name] = importlib.import_module(_BUILTIN[name]).GAME
    return _GAMES[name]


def all_games() -> list[Game]:
    return [get_game(n) for n in game_names()]
