"""Shared helpers: a catalog whose tiles used by the geometry tests have sides the test states itself
(the shipped road layouts are a reconstruction, so tests never depend on them)."""
import json
from importlib import resources

import pytest

from ludolog.replayer.keyflower.catalog import Catalog, default_catalog


def catalog_with_edges(edges: dict[str, str]) -> Catalog:
    data = json.loads(resources.files("ludolog.replayer.keyflower").joinpath("catalog.json").read_text())
    for group in ("home_tiles", "village_tiles", "summer_boats", "boats", "turn_order_tiles"):
        for entry in data[group]:
            if entry["id"] in edges:
                entry["edges"] = edges[entry["id"]]
    return Catalog(data)


@pytest.fixture(scope="session")
def cat() -> Catalog:
    return default_catalog()
