"""Engines being built but not registered yet (users must not meet a half game), held to the
conformance suite as they grow. A game package joins by defining ``GAME``; once a game is
registered through the ``ludolog.games`` entry points it is found by ``all_games()`` and this list
skips it."""
from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager

from ludolog.replayer.core import all_games, registry

PACKAGES = (
    "ludolog.replayer.boonlake",
    "ludolog.replayer.castles_of_burgundy",
    "ludolog.replayer.keyflower",
)


def in_progress_games() -> list:
    """The ``GAME`` objects of the packages above that exist and are not registered."""
    registered = {game.name for game in all_games()}
    games = []
    for name in PACKAGES:
        game = getattr(importlib.import_module(name), "GAME", None)
        if game is not None and game.name not in registered:
            games.append(game)
    return games


@contextmanager
def registered(games: list) -> Iterator[None]:
    """``games`` registered in the core's registry for the block (a test's engines being built)."""
    for game in games:
        registry.register(game)
    try:
        yield
    finally:
        for game in games:
            registry.unregister(game.name)
