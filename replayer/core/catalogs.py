"""Catalog files: component data a game reads from JSON, checked against its schema, replaceable.

Each game ships a reconstruction as package data and lets the user point an environment variable
at official data with the same schema.
"""
from __future__ import annotations

import functools
import os
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import orjson

from .errors import LudologError
from .schemas import catalog_validator, package_data


C = TypeVar("C")


class CatalogError(LudologError):
    """A catalog file cannot be read or does not match its schema or its own cross-references."""


def check_catalog(data: dict, schema_file: str, title: str) -> None:
    """:raises CatalogError: ``data`` does not match ``schema/<schema_file>`` (first errors quoted)."""
    errors = sorted(catalog_validator(schema_file).iter_errors(data), key=str)
    if errors:
        raise CatalogError(f"invalid {title} catalog: " + "; ".join(
            f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5]))


def check_unique(ids, what: str) -> None:
    """:raises CatalogError: an id of ``ids`` (``what`` names them) comes twice."""
    seen = set()
    for i in ids:
        if i in seen:
            raise CatalogError(f"{what} {i!r} is listed twice")
        seen.add(i)


def read_catalog(package: str, env_var: str, title: str, path: str | None = None) -> dict:
    """The catalog JSON named by ``path``, else by ``env_var``, else the package's ``catalog.json``.

    :raises CatalogError: the named file is missing, unreadable or not JSON.
    """
    source = "the file given" if path else env_var
    path = path or os.environ.get(env_var)
    if not path:
        return orjson.loads(package_data(package, "catalog.json"))
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise CatalogError(f"cannot read the {title} catalog {path} (named by {source}): {exc.strerror or exc}") from None
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise CatalogError(f"the {title} catalog {path} is not valid JSON: {exc}") from None


class CatalogFiles(Generic[C]):
    """Where a game's catalog comes from: :meth:`default` is the package's ``catalog.json``, or the
    file the environment variable names, built once per process (and per build option, e.g. an
    edition). ``build(data, **options)`` makes the game's catalog object from the JSON (checking
    it against its schema and its cross-references)."""

    def __init__(self, build: Callable[..., C], package: str, env_var: str, title: str):
        self.build, self.package, self.env_var, self.title = build, package, env_var, title
        self.default = functools.cache(self._default)

    def _default(self, **options: Any) -> C:
        return self.build(read_catalog(self.package, self.env_var, self.title), **options)

    def load(self, path: str | None = None, **options: Any) -> C:
        """The catalog at ``path`` (built each time), else :meth:`default`.

        :raises CatalogError: the file is missing, not JSON, or the catalog is invalid.
        """
        if path is None:
            return self.default(**options)
        return self.build(read_catalog(self.package, self.env_var, self.title, path), **options)

    def cache_clear(self) -> None:
        """Forget the default catalogs built so far (a test names another file through the environment)."""
        self.default.cache_clear()


class CatalogEngine(ABC):
    """Mixin for a :class:`~ludolog.replayer.core.game.Game` whose components come from a catalog:
    :attr:`cat` is the catalog the engine was given, else the default catalog read on first use,
    checked once against the engine's effect kinds before anything reads it (a kind nobody
    implements is refused on load). The engine defines the three hooks below; put the mixin before
    ``Game`` in the bases."""

    _catalog_checked: bool = False

    def __init__(self, catalog: Any = None):
        self._catalog = catalog  # None: the default, read on first use

    @abstractmethod
    def load_default_catalog(self) -> Any:
        """The catalog used when the engine was given none. :raises CatalogError: it cannot be read."""

    @abstractmethod
    def check_catalog_effects(self, catalog: Any) -> None:
        """:raises CatalogError: ``catalog`` names an effect kind the engine does not implement."""

    @abstractmethod
    def ids_of_catalog(self, catalog: Any) -> dict[str, dict[str, dict]]:
        """Kind -> id -> entry (:func:`.idlist.component`) of the components of ``catalog``
        (``ludolog ids``)."""

    @property
    def cat(self) -> Any:
        """:raises CatalogError: the catalog cannot be read, or names an effect kind not implemented."""
        if self._catalog is None:
            self._catalog = self.load_default_catalog()
        if not self._catalog_checked:
            self.check_catalog_effects(self._catalog)
            self._catalog_checked = True
        return self._catalog

    @property
    def catalog_version(self) -> str:
        return self.cat.version

    def catalog_ids(self) -> dict[str, dict[str, dict]]:
        return self.ids_of_catalog(self.cat)
