"""Catalog files: component data a game reads from JSON, checked against its schema, replaceable.

Each game ships a reconstruction as package data and lets the user point an environment variable
at official data with the same schema. This module holds what every game does with them once.
"""
from __future__ import annotations

import os

import orjson

from .errors import LudologError
from .schemas import catalog_validator, package_data


class CatalogError(LudologError):
    """A catalog file cannot be read or does not match its schema or its own cross-references."""


def check_catalog(data: dict, schema_file: str, title: str) -> None:
    """:raises CatalogError: ``data`` does not match ``schema/<schema_file>`` (first errors quoted)."""
    errors = sorted(catalog_validator(schema_file).iter_errors(data), key=str)
    if errors:
        raise CatalogError(f"invalid {title} catalog: " + "; ".join(
            f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5]))


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
