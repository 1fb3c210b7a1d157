"""The game registry: game name -> engine. Built-in games load lazily; others can register.

Plug-ins: the environment variable ``LUDOLOG_PLUGINS`` lists extra engines as comma-separated
``module:ATTRIBUTE`` entries (e.g. ``tests.toygame:GAME``), each naming a :class:`Game` instance.
They are registered the first time the registry is asked for a game, in every process - which is
how worker processes of a parallel ingest (started fresh, not forked) see games registered outside
the built-in list.
"""
from __future__ import annotations

import importlib
import os

from .game import Game

_BUILTIN = {
    "entdecker": "ludolog.replayer.entdecker",
}
_GAMES: dict[str, Game] = {}
PLUGINS_ENV = "LUDOLOG_PLUGINS"
_loaded_plugins: set[str] = set()


def _load_plugins() -> None:
    """Register the engines named in ``LUDOLOG_PLUGINS`` that this process has not loaded yet."""
    for spec in os.environ.get(PLUGINS_ENV, "").split(","):
        spec = spec.strip()
        if not spec or spec in _loaded_plugins:
            continue
        _loaded_plugins.add(spec)
        module_name, _, attribute = spec.partition(":")
        game = getattr(importlib.import_module(module_name), attribute or "GAME")
        register(game)


def register(game: Game) -> None:
    """Add a game engine (a plug-in or a test game) under ``game.name``."""
    _GAMES[game.name] = game


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def game_names() -> list[str]:
    _load_plugins()
    return sorted(set(_BUILTIN) | set(_GAMES))


def get_game(name: str) -> Game:
    """:raises KeyError: no such game."""
    _load_plugins()
    if name not in _GAMES:
        if name not in _BUILTIN:
            raise KeyError(name)
        _GAMES[name] = importlib.import_module(_BUILTIN[name]).GAME
    return _GAMES[name]


def all_games() -> list[Game]:
    return [get_game(n) for n in game_names()]
