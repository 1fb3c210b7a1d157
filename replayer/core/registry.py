"""The game registry: game name -> engine. Games load lazily; others can register.

Installed games are found through the entry point group ``ludolog.games`` (the built-ins
included, see pyproject.toml): a third party ships a game with

    [project.entry-points."ludolog.games"]
    my-game = "my_package:GAME"

and ``pip install`` makes it known; the entry point's name is the game's log name and its object
a :class:`Game` instance, imported the first time that game is asked for.

The built-in names are reserved: a log of a built-in game is read with the engine this
distribution ships (the same ``module:GAME`` its own entry points declare, which
``tests/test_core_types.py`` checks), without reading any entry point. Reading them means
importing :mod:`importlib.metadata` and scanning every installed distribution, about a sixth of a
plain ``ludolog validate``'s start-up; it happens only for a name that is not built in and for
the list of every game. A third-party entry point under a built-in name is ignored (before, which
of two declarations of one name won depended on the order of sys.path).

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

    :raises PluginError: one of them cannot be imported or is not a :class:`Game` (asked again
        each time, so that every log gets the same answer).
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


def _installed_spec(name: str) -> str | None:
    """``module:ATTRIBUTE`` of the installed game ``name``, reading entry points only for a name
    that is not built in."""
    return BUILTIN_GAMES.get(name) or installed_games().get(name)


def _load_installed(name: str, spec: str) -> Game:
    """:raises TypeError: the entry point names something that is not a :class:`Game` of that name."""
    game = _import_object(spec, default_attribute=None)
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
        spec = _installed_spec(name)
        if spec is None:
            raise KeyError(name)
        _GAMES[name] = _load_installed(name, spec)
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
