"""`ludolog ids keyflower` lists the catalog's components, read here from catalog.json itself."""
from __future__ import annotations

from pathlib import Path

import orjson
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import registry
from ludolog.replayer.keyflower import GAME

CATALOG = orjson.loads((Path(__file__).parent.parent.parent / "replayer" / "keyflower" / "catalog.json").read_bytes())


def _ids(*kind: str) -> dict:
    registered = GAME.name in registry.game_names()
    if not registered:
        registry.register(GAME)
    try:
        result = CliRunner().invoke(app, ["ids", "keyflower", *kind, "--format", "json"])
    finally:
        if not registered:
            registry.unregister(GAME.name)
    assert result.exit_code == 0, result.output
    return orjson.loads(result.output)["ids"]


def test_every_tile_id_of_the_catalog_is_listed_by_kind():
    ids = _ids()
    assert list(ids["tile"]) == [t["id"] for t in CATALOG["village_tiles"]]
    assert list(ids["home"]) == [t["id"] for t in CATALOG["home_tiles"]]
    assert list(ids["summer-boat"]) == [t["id"] for t in CATALOG["summer_boats"]]
    assert list(ids["boat"]) == [t["id"] for t in CATALOG["boats"]]
    assert list(ids["turn-order"]) == [t["id"] for t in CATALOG["turn_order_tiles"]]
    assert list(ids["colour"]) == ["red", "yellow", "blue", "green"]


def test_what_each_id_is_comes_from_its_catalog_entry():
    ids = _ids()
    assert ids["tile"]["keythedral"]["name"] == "Keythedral"
    assert ids["tile"]["keythedral"]["text"].startswith("winter: flat (points 12)")
    assert "2+ players" in ids["boat"]["sea_bastion"]["text"] and "6+ players" in ids["boat"]["white_wind"]["text"]
    assert "side b double transport upgrade (factor 2)" in ids["summer-boat"]["boat_2"]["text"]
    assert list(_ids("boat")) == ["boat"]
