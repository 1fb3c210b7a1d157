"""The game registry: game name -> engine, each game imported the first time it is asked for.

Installed games are found through the entry point group ``ludolog.games``: a third party ships a
game with ``my-game = "my_package:GAME"`` under ``[project.entry-points."ludolog.games"]``, and
``pip install`` makes it known. The built-in names are reserved: they are read with the engines
this distribution ships (:data:`BUILTIN_GAMES`, the same its entry points declare) without scanning
the installed distributions, which is slow; a third-party entry point under a built-in name is ignored.

``LUDOLOG_PLUGINS`` lists extra engines as comma-separated ``module:ATTRIBUTE`` entries (e.g.
``tests.toygame:GAME``), registered the first time the registry is asked for a game, in every
process: so fresh worker processes of a parallel ingest see them too (the ingest also passes them
:func:`plugin_specs`).
"""
from __future__ import annotations

import functools
import importlib
import os
import sys

from .errors import LudologError
from .game import Game

ENTRY_POINT_GROUP = "ludolog.games"
#: the games this distribution ships (as its entry points declare them): found without packaging
#: metadata, also from a source tree on sys.path without ``pip install``
BUILTIN_GAMES = {
    "entdecker": "ludolog.replayer.entdecker:GAME",
    "kingdom-crossing": "ludolog.replayer.kingdom_crossing:GAME",
    "castles-of-burgundy": "ludolog.replayer.castles_of_burgundy:GAME",
    "keyflower": "ludolog.replayer.keyflower:GAME",
    "boonlake": "ludolog.replayer.boonlake:GAME",
}
_GAMES: dict[str, Game] = {}
PLUGINS_ENV = "LUDOLOG_PLUGINS"
_loaded_plugins: set[str] = set()


class PluginError(LudologError):
    """An engine named in ``LUDOLOG_PLUGINS`` cannot be loaded (a setting of the user's, not a bug)."""


def _load_plugins() -> None:
    """Register the engines named in ``LUDOLOG_PLUGINS`` that this process has not loaded yet.

    :raises PluginError: one of them cannot be imported or is not a :class:`Game` (every time).
    """
    for spec in os.environ.get(PLUGINS_ENV, "").split(","):
        spec = spec.strip()
        if not spec or spec in _loaded_plugins:
            continue
        try:
            game = _import_object(spec)
        except (ImportError, AttributeError, ValueError) as exc:
            raise PluginError(f"{PLUGINS_ENV} names {spec!r}, which cannot be loaded ({type(exc).__name__}: {exc}); "
                              f"fix or unset {PLUGINS_ENV}") from None
        if not isinstance(game, Game):
            raise PluginError(f"{PLUGINS_ENV} names {spec!r}, which is a {type(game).__name__}, not a game engine; "
                              f"fix or unset {PLUGINS_ENV}")
        register(game)
        _loaded_plugins.add(spec)


def load_plugin(spec: str) -> Game:
    """Import ``module:ATTRIBUTE`` (ATTRIBUTE defaults to GAME) and register that engine."""
    game = _import_object(spec)
    register(game)
    return game


def _import_object(spec: str, default_attribute: str | None = "GAME"):
    """The object ``module:ATTRIBUTE`` names, read as an entry point's value is: ATTRIBUTE may be
    dotted, extras in brackets are ignored, and without ATTRIBUTE it is ``default_attribute``
    (None: the module itself)."""
    module_name, _, attribute = spec.partition("[")[0].partition(":")
    found = importlib.import_module(module_name.strip())
    attribute = attribute.strip() or default_attribute
    for part in attribute.split(".") if attribute else ():
        found = getattr(found, part)
    return found


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
    """Game name -> ``module:ATTRIBUTE`` of every game installed under ``ludolog.games`` (the
    built-in names always the built-in engines)."""
    from importlib.metadata import entry_points  # only here: slow to import, and to scan

    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    found.update(BUILTIN_GAMES)
    return found


def register(game: Game) -> None:
    """Add a game engine (a plug-in or a test game) under ``game.name``."""
    _GAMES[game.name] = game


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def game_names() -> list[str]:
    _load_plugins()
    return sorted(set(installed_games()) | set(_GAMES))


def get_game(name: str) -> Game:
    """:raises KeyError: no such game. :raises TypeError: its entry point names no Game of that name."""
    _load_plugins()
    if name not in _GAMES:
        spec = BUILTIN_GAMES.get(name) or installed_games().get(name)  # entry points only if not built in
        if spec is None:
            raise KeyError(name)
        game = _import_object(spec, default_attribute=None)
        if not isinstance(game, Game) or game.name != name:
            raise TypeError(f"entry point {name!r} of {ENTRY_POINT_GROUP} is not the Game named {name!r}")
        _GAMES[name] = game
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
