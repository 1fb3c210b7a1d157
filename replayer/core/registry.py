"""The game registry: game name -> engine. Built-in games load lazily; others can register.

Plug-ins: the environment variable ``LUDOLOG_PLUGINS`` lists extra engines as comma-separated
``module:ATTRIBUTE`` entries (e.g. ``tests.toygame:GAME``), each naming a :class:`Game` instance.
They are registered the first time the registry is asked for a game, in every process - which is
one way for worker processes of a parallel ingest (started fresh, not forked) to see games
registered outside the built-in list; the ingest also passes them :func:`plugin_specs`.
"""
from __future__ import annotations

import importlib
import os
import sys

from .game import Game

_BUILTIN = {
    "entdecker": "ludolog.replayer.entdecker",
    "kingdom-crossing": "ludolog.replayer.kingdom_crossing",
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
        load_plugin(spec)


def load_plugin(spec: str) -> Game:
    """Import ``module:ATTRIBUTE`` (ATTRIBUTE defaults to GAME) and register that engine."""
    module_name, _, attribute = spec.partition(":")
    game = getattr(importlib.import_module(module_name), attribute or "GAME")
    register(game)
    return game


def plugin_specs() -> list[str]:
    """``module:ATTRIBUTE`` of every registered engine that is not built in, when it can be imported
    by name - what a fresh worker process needs to register the same games."""
    specs = []
    for name, game in sorted(_GAMES.items()):
        if name in _BUILTIN:
            continue
        module = sys.modules.get(type(game).__module__)
        if module is None or module.__name__ == "__main__":
            continue
        attribute = next((key for key, value in vars(module).items() if value is game), None)
        if attribute is not None:
            specs.append(f"{module.__name__}:{attribute}")
    return specs


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
