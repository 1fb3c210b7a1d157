"""The Entdecker catalog: schema-checked, replaceable, and the rules that depend on its numbers."""
import copy
import json
from importlib import resources

import orjson
import pytest

from ludolog.replayer.core import parse_log, registry, replay
from ludolog.replayer.entdecker import Entdecker
from ludolog.replayer.entdecker.catalog import FILES, Catalog, CatalogError, load_catalog
from tests.entdecker_builder import BRIDGE_EW, CAPE_EAST, CAPE_WEST, EntdeckerLog, island_points


def _data() -> dict:
    return json.loads(resources.files("ludolog.replayer.entdecker").joinpath("catalog.json").read_text())


def test_builtin_catalog_matches_the_confirmed_component_counts():
    cat = load_catalog()
    assert (cat.columns, cat.rows) == (10, 7)
    reserve = sum(k.count for k in cat.reserve.values())
    assert cat.discovery_total + reserve == 120
    assert sum(k.count for k in cat.tiles.values() if k.event) == 20
    assert sum(cat.plants.values()) == 20 and set(cat.plants) == {1, 2, 3, 4}
    assert cat.piece_count == (3, 2, 1) and cat.piece_cost == (1, 3, 6)
    assert cat.income_wheel == (2, 3, 4, 5) and (cat.wealth_start, cat.wealth_max) == (4, 12)
    assert cat.data["reconstruction"] is True


def test_reserve_numbers_are_the_six_edge_patterns():
    cat = load_catalog()
    assert [cat.reserve[n].faces[0].pattern for n in range(1, 7)] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("breakage", [
    lambda d: d["tiles"][0].update(edges="WWXW"),
    lambda d: d.pop("plants"),
    lambda d: d["reserve"][2].update(edges="LWLW"),  # No. 3 must be the adjacent-corner pattern
    lambda d: d["tiles"][0].update(event="earthquake"),
    lambda d: d["tiles"][1].update(segments=[]),  # a cape whose land belongs to no segment
    lambda d: d["tiles"][1].update(segments=["NE"]),  # a segment on a sea side
    lambda d: d["tiles"][4].update(segments=["N", "NS"]),  # overlapping segments
])
def test_a_broken_catalog_is_refused(breakage):
    data = _data()
    breakage(data)
    with pytest.raises(CatalogError):
        Catalog(data)


@pytest.fixture
def small_game():
    """Entdecker with a user-supplied catalog: few tiles and a single plant token."""
    data = _data()
    data["catalog"] = "entdecker/1"
    data["plants"] = [{"value": 4, "count": 1}]
    for tile in data["tiles"]:
        tile["count"] = {"sea": 12, "cape": 2, "bridge": 1}.get(tile["id"], 0)
    game = Entdecker(Catalog(copy.deepcopy(data)))
    original = registry.get_game("entdecker")
    registry.register(game)
    yield game
    registry.register(original)


def _small_log(n=3) -> EntdeckerLog:
    log = EntdeckerLog(n)
    log.piles = [3, 3, 3, 3, 3]
    return log


def _raw(log: EntdeckerLog) -> dict:
    raw = log.log()
    raw["setup"]["piles"] = [3, 3, 3, 3, 3]
    raw["setup"]["plant_piles"] = [1, 0]
    return raw


def test_no_plant_when_too_few_tokens_for_the_tied_discoverers(small_game):
    log = _small_log()
    for column, tile, (player, piece) in zip("BCD", [CAPE_EAST, BRIDGE_EW, CAPE_WEST],
                                             [("ana", "fort"), ("ben", "fort"), ("cleo", "post")]):
        log.island_turn(player, column, tile, piece)
    result = replay(parse_log(orjson.dumps(_raw(log)), "small.json"))
    assert result.violations == []
    # one token for two tied greatest discoverers: nobody draws; the island is worth its 3 tiles
    assert island_points(result) == {"ana": 3, "ben": 3, "cleo": 1}
    assert result.state.plants == [[], [], []]


def test_incomplete_board_scores_open_islands_without_plants(small_game):
    log = _small_log(2)
    log.island_turn("ana", "B", CAPE_EAST, "fort")  # an island open to the east
    for player, column in zip(("ben", "ana", "ben", "ana", "ben"), "DEFGH"):
        log.start(player, f"N-{column}", 2)
        log.draw_place(player, "sea", f"{column}1", 0).draw_place(player, "sea", f"{column}2", 0)
        log.add({"type": "end", "player": player})
    # the last three tiles: the board is far from full when the last one is placed
    log.start("ana", "N-I", 3).draw_place("ana", "sea", "I1", 0)
    log.draw_place("ana", "cape", "I2", 180).draw_place("ana", "bridge", "J2", 0)
    log.add({"type": "end", "player": "ana"})
    result = replay(parse_log(orjson.dumps(_raw(log)), "small.json"))
    assert result.violations == [] and result.terminal
    events = [(e.seat, e.delta, e.category) for e in result.state.ledger.events]
    assert events == [(0, 1, "incomplete_island")]  # one tile, no plant token for an open island


def test_a_missing_replacement_catalog_names_the_variable(monkeypatch, tmp_path):
    monkeypatch.setenv("LUDOLOG_ENTDECKER_CATALOG", str(tmp_path / "official.json"))
    FILES.cache_clear()
    try:
        with pytest.raises(CatalogError, match="LUDOLOG_ENTDECKER_CATALOG"):
            load_catalog()
    finally:
        FILES.cache_clear()


def test_a_replacement_catalog_file_is_used(monkeypatch, tmp_path):
    data = _data()
    data["income_wheel"] = [1, 6]
    path = tmp_path / "official.json"
    path.write_text(json.dumps(data))
    monkeypatch.setenv("LUDOLOG_ENTDECKER_CATALOG", str(path))
    FILES.cache_clear()
    try:
        assert load_catalog().income_wheel == (1, 6)
    finally:
        FILES.cache_clear()


def test_every_event_effect_kind_is_implemented_once_and_an_unknown_one_is_refused_on_load():
    from ludolog.replayer.entdecker.events import EFFECTS

    # the schema's vocabulary of effect kinds is exactly what the engine implements
    schema = orjson.loads(resources.files("ludolog.schema").joinpath("entdecker.catalog.schema.json").read_bytes())
    kinds = schema["properties"]["events"]["additionalProperties"]["properties"]["effect"]["enum"]
    assert sorted(kinds) == EFFECTS.names()
    with pytest.raises(CatalogError, match="'tsunami'"):
        EFFECTS.check_catalog([("end_turn", "/events/storm/effect"), ("tsunami", "/events/wave/effect")])
