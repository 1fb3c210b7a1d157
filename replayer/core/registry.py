"""The game registry: game name -> engine. Games load lazily; others can register.

Installed games are found through the entry point group ``ludolog.games`` (the built-ins
included, see pyproject.toml): a third party ships a game with

    [project.entry-points."ludolog.games"]
    my-game = "my_package:GAME"

and ``pip install`` makes it known; the entry point's name is the game's log name and its object
a :class:`Game` instance, imported the first time that game is asked for.

Development plug-ins: the environment variable ``LUDOLOG_PLUGINS`` lists extra engines as comma-separated
``module:ATTRIBUTE`` entries (e.g. ``tests.toygame:GAME``), each naming a :class:`Game` instance.
They are registered the first time the registry is asked for a game, in every process - which is
one way for worker processes of a parallel ingest (started fresh, not forked) to see games
registered outside the built-in list; the ingest also passes them :func:`plugin_specs`.
"""
from __future__ import annotations

import functools
import importlib
import os
import sys
from importlib.metadata import EntryPoint, entry_points

from .game import Game

ENTRY_POINT_GROUP = "ludolog.games"
#: the games this distribution ships; used only when its entry points are not installed (a source
#: tree on sys.path without ``pip install``), so the built-ins never depend on packaging metadata
_BUILTIN_FALLBACK = {
    "entdecker": "ludolog.replayer.entdecker:GAME",
    "kingdom-crossing": "ludolog.replayer.kingdom_crossing:GAME",
    "castles-of-burgundy": "ludolog.replayer.castles_of_burgundy:GAME",
    "keyflower": "ludolog.replayer.keyflower:GAME",
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
        if name in installed_games():  # a fresh process finds it through its entry point
            continue
        module = sys.modules.get(type(game).__module__)
        if module is None or module.__name__ == "__main__":
            continue
        attribute = next((key for key, value in vars(module).items() if value is game), None)
        if attribute is not None:
            specs.append(f"{module.__name__}:{attribute}")
    return specs


@functools.cache
def installed_games() -> dict[str, str]:
    """Game name -> ``module:ATTRIBUTE`` of every game installed under ``ludolog.games``."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    for name, value in _BUILTIN_FALLBACK.items():
        found.setdefault(name, value)
    return found


def _load_installed(name: str) -> Game:
    """:raises TypeError: the entry point names something that is not a :class:`Game` of that name."""
    game = EntryPoint(name, installed_games()[name], ENTRY_POINT_GROUP).load()
    if not isinstance(game, Game) or game.name != name:
        raise TypeError(f"entry point {name!r} of {ENTRY_POINT_GROUP} is not the Game named {name!r}")
    return game


def register(game: Game) -> None:
    """Add a game engine (a plug-in or a test game) under ``game.name``."""
    _GAMES[game.name] = game


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def game_names() -> list[str]:
    _load_plugins()
    return sorted(set(installed_games()) | set(_GAMES))


def get_game(name: str) -> Game:
    """:raises KeyError: no such game."""
    _load_plugins()
    if name not in _GAMES:
        if name not in installed_games():
            raise KeyError(name)
        _GAMES[name] = _load_installed(name)
    return _GAMES[name]


def find_game(name: str) -> Game | None:
    """The engine of ``name``, or None for an unknown game."""
    try:
        return get_game(name)
    except KeyError:
        return None


find_game.names = game_names  # type: ignore[attr-defined]  # parse_log lists the known games


def all_games() -> list[Game]:
    return [get_game(n) for n in game_names()]
