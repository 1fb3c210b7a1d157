"""What produced a stored game: digests of the rules engine and of the catalog in effect.

A game row records both (``games.engine_digest``, ``games.catalog_digest``), so that after an
engine or catalog change ``ludolog ingest --stale`` replays exactly the games whose results may
differ, and a plain re-ingest can skip every unchanged file before any replay.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
from importlib import resources

from ludolog.replayer.core import get_game

CORE_PACKAGE = "ludolog.replayer.core"


def catalog_env_var(game_name: str) -> str:
    """``kingdom-crossing`` -> ``LUDOLOG_KINGDOM_CROSSING_CATALOG`` (each game's replaceable catalog)."""
    return "LUDOLOG_" + re.sub(r"[^A-Z0-9]", "_", game_name.upper()) + "_CATALOG"


def _package_of(game) -> str:
    return type(game).__module__.rpartition(".")[0]


@functools.cache
def engine_digest(package: str) -> str:
    """SHA-256 over the code and data files of the core and of the game's package (as ``make
    bench`` fingerprints its corpus): any change to the rules engine gives a new digest."""
    digest = hashlib.sha256()
    for name in (CORE_PACKAGE, package):
        root = resources.files(name)
        for entry in sorted(root.iterdir(), key=lambda e: e.name):
            if entry.name.endswith((".py", ".json")):
                digest.update(entry.name.encode() + b"\0")
                digest.update(entry.read_bytes())
    return digest.hexdigest()


@functools.cache
def _catalog_digest(package: str, override: str | None) -> str | None:
    try:
        if override:
            with open(override, "rb") as fh:
                return hashlib.sha256(fh.read()).hexdigest()
        return hashlib.sha256(resources.files(package).joinpath("catalog.json").read_bytes()).hexdigest()
    except OSError:
        return None  # no catalog file (or it is gone): the game could not have loaded it either


def catalog_digest(game) -> str | None:
    """SHA-256 of the catalog file the game reads: the one named by its environment variable
    (``LUDOLOG_<GAME>_CATALOG``) or the package's own ``catalog.json``; None without one."""
    return _catalog_digest(_package_of(game), os.environ.get(catalog_env_var(game.name)) or None)


def game_digests(game) -> tuple[str, str | None]:
    """(engine digest, catalog digest) of ``game`` as this process would replay it."""
    return engine_digest(_package_of(game)), catalog_digest(game)


def current_digests(name: str, cache: dict) -> tuple[str, str | None] | None:
    """:func:`game_digests` of the game ``name``, kept in ``cache``; None when its engine does not
    load here (a game that no longer loads, or one only a cluster's workers know)."""
    if name not in cache:
        try:
            cache[name] = game_digests(get_game(name))
        except Exception:  # noqa: BLE001 - whatever a game package raises as it loads
            cache[name] = None
    return cache[name]
