"""Catalog integrity: every count the Solo text or the supplement states, the schema, the loader.

Quotes are from rules/supplements/castles-of-burgundy-base.md unless marked as the Solo text.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from ludolog.replayer.castles_of_burgundy.catalog import (
    CATALOG_ENV, Catalog, CatalogError, load_catalog)
from ludolog.replayer.castles_of_burgundy.geometry import Colour
from ludolog.replayer.castles_of_burgundy.effects import DieUse, EffectKind, TieBreak
from ludolog.replayer.castles_of_burgundy.tile_effects import EFFECTS
from ludolog.replayer.core.schemas import load_schema_file


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return load_catalog()


def raw() -> dict:
    return json.loads(resources.files("ludolog.replayer.castles_of_burgundy").joinpath("catalog.json").read_text())


def by_colour(cat: Catalog, back: str) -> Counter:
    out = Counter()
    for kind in cat.hex_kinds.values():
        out[kind.colour] += getattr(kind, f"{back}_back")
    return +out


def test_version_and_reconstruction_flag(cat):
    assert cat.version == "castles-of-burgundy/1"
    assert cat.reconstruction is True
    assert cat.edition == "alea-2011"  # "the 2011 alea edition is the default" (issue 10)


def test_164_hex_tiles_124_normal_40_black(cat):
    # "| Hex tiles | **164** |" and "| **Total** | **124** | **40** | **164** |"
    normal, black = sum(by_colour(cat, "normal").values()), sum(by_colour(cat, "black").values())
    assert (normal, black, normal + black) == (124, 40, 164)


def test_hex_tiles_by_colour_and_back(cat):
    # the breakdown table of section 1.1: (normal back, black back) per kind
    expected = {Colour.BUILDING: (40, 16), Colour.PASTURE: (20, 8), Colour.KNOWLEDGE: (20, 6),
                Colour.CASTLE: (14, 2), Colour.MINE: (10, 2), Colour.SHIP: (20, 6)}
    normal, black = by_colour(cat, "normal"), by_colour(cat, "black")
    assert {c: (normal[c], black[c]) for c in Colour} == expected


def test_eight_building_types_seven_each_five_normal_two_black(cat):
    # "Buildings (beige) | 40 | 16 | 56 | 8 building types x 7 = 5 normal + 2 black per type"
    assert sorted(cat.buildings) == sorted(["warehouse", "carpenter", "church", "market", "boarding-house", "bank",
                                            "watchtower", "city-hall"])
    for building in cat.buildings:
        kinds = [k for k in cat.hex_kinds.values() if k.building == building]
        assert [(k.normal_back, k.black_back) for k in kinds] == [(5, 2)]


def test_building_effects(cat):
    # section 8: warehouse sells one goods type; carpenter takes a building; church a mine, castle or
    # knowledge tile; market a ship or animal; boarding house +4 workers; bank +2 silverlings;
    # city hall places ignoring the die; watchtower +4 VP
    b = cat.buildings
    assert b["warehouse"].effect.kind is EffectKind.SELL_GOODS
    assert b["carpenter"].effect.colours == (Colour.BUILDING,)
    assert set(b["church"].effect.colours) == {Colour.MINE, Colour.CASTLE, Colour.KNOWLEDGE}
    assert set(b["market"].effect.colours) == {Colour.SHIP, Colour.PASTURE}
    assert (b["boarding-house"].effect.kind, b["boarding-house"].effect.amount) == (EffectKind.GAIN_WORKERS, 4)
    assert (b["bank"].effect.kind, b["bank"].effect.amount) == (EffectKind.GAIN_SILVERLINGS, 2)
    assert b["city-hall"].effect.kind is EffectKind.PLACE_IGNORING_DIE
    assert (b["watchtower"].effect.kind, b["watchtower"].effect.amount) == (EffectKind.GAIN_VP, 4)


def test_four_animal_types_with_the_per_type_split(cat):
    # "4 animal types x 7. Per type, normal backs: 2x '2 animals', 2x '3 animals', 1x '4 animals';
    # black backs: 1x '3' and 1x '4'"; "Animal types in 2011: cows, pigs, sheep, chickens (hens)"
    assert sorted(cat.animal_names) == ["chickens", "cows", "pigs", "sheep"]
    for animal in cat.animal_names:
        kinds = [k for k in cat.hex_kinds.values() if k.animal == animal]
        normal = sorted(a for k in kinds for a in [k.animals] * k.normal_back)
        black = sorted(a for k in kinds for a in [k.animals] * k.black_back)
        assert (normal, black) == ([2, 2, 3, 3, 4], [3, 4])


def test_26_knowledge_tiles_and_the_black_backed_ones(cat):
    # "All 26 are different (#1-#26). Black-backed: #7, #12, #14, #15, #24, #25"
    assert sorted(cat.knowledge) == list(range(1, 27))
    black = sorted(n for n, t in cat.knowledge.items() if cat.hex_kinds[t.tile].black_back)
    assert black == [7, 12, 14, 15, 24, 25]
    assert all(cat.hex_kinds[t.tile].normal_back + cat.hex_kinds[t.tile].black_back == 1
               for t in cat.knowledge.values())


# section 9, 2011 numbering: number -> (kind, amount, building or colours)
KNOWLEDGE_2011 = {
    1: ("same_building_in_city", 0, None), 2: ("phase_end_workers_per_mine", 1, None),
    3: ("sale_silverlings", 2, None), 4: ("sale_workers", 1, None), 5: ("ship_adjacent_depot", 0, None),
    6: ("buy_from_numbered_depots", 0, None), 7: ("animal_tile_bonus", 1, None), 8: ("worker_step", 2, None),
    9: ("free_adjust", 1, {"building"}), 10: ("free_adjust", 1, {"ship", "pasture"}),
    11: ("free_adjust", 1, {"castle", "mine", "knowledge"}),
    12: ("free_adjust", 1, {"building", "pasture", "knowledge", "ship", "castle", "mine"}),
    13: ("take_workers_silverlings", 1, None), 14: ("take_workers_count", 4, None),
    15: ("end_vp_per_goods_type_sold", 3, None), 16: ("end_vp_per_building", 4, "warehouse"),
    17: ("end_vp_per_building", 4, "watchtower"), 18: ("end_vp_per_building", 4, "carpenter"),
    19: ("end_vp_per_building", 4, "church"), 20: ("end_vp_per_building", 4, "market"),
    21: ("end_vp_per_building", 4, "boarding-house"), 22: ("end_vp_per_building", 4, "bank"),
    23: ("end_vp_per_building", 4, "city-hall"), 24: ("end_vp_per_animal_type", 4, None),
    25: ("end_vp_per_goods_sold", 1, None), 26: ("end_vp_per_bonus_tile", 2, None),
}


@pytest.mark.parametrize("number", sorted(KNOWLEDGE_2011))
def test_knowledge_effects_2011(cat, number):
    kind, amount, extra = KNOWLEDGE_2011[number]
    effect = cat.knowledge[number].effect
    assert (effect.kind.value, effect.amount) == (kind, amount)
    if isinstance(extra, str):
        assert effect.building == extra
    elif extra is not None:
        assert {c.value for c in effect.colours} == extra
    action = {9: "place", 10: "place", 11: "place", 12: "take"}.get(number)
    assert (effect.action.value if effect.action else None) == action


def test_knowledge_timings(cat):
    # "'End' tiles are scored at game end": #15-#26; #2 acts at the phase end; the rest are ongoing
    kinds = {n: t.effect.kind.value for n, t in cat.knowledge.items()}
    assert {n for n, kind in kinds.items() if kind.startswith("end_vp_per_")} == set(range(15, 27))
    assert {n for n, kind in kinds.items() if kind.startswith("phase_end_")} == {2}


def test_42_goods_six_types_of_seven(cat):
    # "Goods tiles (square) | **42** | 6 types x 7"; "Put 5 face down on each phase space A-E"
    assert cat.goods_count == {d: 7 for d in range(1, 7)}
    assert sum(cat.goods_count.values()) == 42
    assert cat.goods_per_phase * len(cat.phases) == 25
    assert cat.goods_per_player == 3  # "Each player draws **3** goods at random"


def test_twelve_bonus_tiles(cat):
    # "Bonus tiles | 12 | One large and one small tile for each of the 6 colours"
    assert cat.data["bonus_tiles"]["sizes"] == ["large", "small"]
    assert len(cat.data["bonus_tiles"]["sizes"]) * len(Colour) == 12
    assert cat.bonus_vp == {2: (5, 2), 3: (6, 3), 4: (7, 4)}  # "2 players: 5/2; 3 players: 6/3; 4 players: 7/4"


def test_setup_numbers(cat):
    e = cat.economy
    # "Each player takes **1 silverling**"; "Workers by position: **1st player 1, 2nd 2, 3rd 3, 4th 4**"
    assert e.start_silverlings == 1 and e.start_workers_by_seat == (1, 2, 3, 4)
    # "The game has **5 phases (A-E) x 5 rounds = 25 rounds**"
    assert e.phases * e.rounds_per_phase == 25 and cat.phases == ("A", "B", "C", "D", "E")
    # "**Storage has 3 spaces.**"; "a player holds **at most 3 different goods types**"
    assert (e.storage_spaces, e.goods_spaces) == (3, 3)
    # "Pay 2 silverlings"; "Gain **2 worker tiles**"; "Gain **exactly 1 silverling** per sale"
    assert (e.black_purchase_silverlings, cat.data["economy"]["purchases_per_turn"], e.take_workers,
            e.sale_silverlings) == (2, 1, 2, 1)


def test_schema_effect_enum_is_the_python_vocabulary():
    """The schema admits only the kinds the engine implements: a catalog naming another is refused on load."""
    assert EFFECTS.names() == sorted(k.value for k in EffectKind)
    schema = load_schema_file("castles-of-burgundy.catalog.schema.json")
    kinds = schema["$defs"]["effect"]["properties"]["kind"]["enum"]
    assert sorted(kinds) == sorted(k.value for k in EffectKind) and len(kinds) == len(set(kinds))
    rules = {r["if"]["properties"]["kind"]["const"] for r in schema["$defs"]["effect"]["allOf"]}
    assert rules == {k.value for k in EffectKind}
    assert sorted(schema["$defs"]["effect"]["properties"]["action"]["enum"]) == sorted(u.value for u in DieUse)
    assert schema["$defs"]["tie_break"]["enum"] == [t.value for t in TieBreak]


def broken(change) -> dict:
    data = copy.deepcopy(raw())
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d.__setitem__("version", "burgundy-1"), "version"),
    (lambda d: d["knowledge_tiles"][15]["effect"].__setitem__("building", "tavern"), "knowledge_tiles"),
    (lambda d: d["knowledge_tiles"][0]["effect"].__setitem__("n", 2), "knowledge_tiles/0/effect"),
    (lambda d: d["hex_tiles"]["kinds"].append({"id": "ship", "colour": "ship", "normal_back": 1, "black_back": 0}),
     "hex tile kind 'ship' is listed twice"),
    (lambda d: d["hex_tiles"]["kinds"][0].__setitem__("building", "bank"), "must give exactly"),
    (lambda d: d["knowledge_tiles"].pop(), r"knowledge tiles \[26\]"),
    (lambda d: d["boards"][10]["land_links"].append(["A0", "A99"]), "unknown space 'A99'"),
    (lambda d: d["boards"][10]["land_links"].append(["A1", "A0"]), "repeats"),
    (lambda d: d["boards"][10]["spaces"][0].__setitem__("area", "NW"), "area labels"),
    (lambda d: d["boards"][3].__setitem__("start_castle", "centre"), "centre, which is not a castle"),
    (lambda d: d["boards"][0]["rows"].__setitem__(0, "G6 C5 C4"), "rows of"),
    (lambda d: d["region_vp"].__setitem__("by_size", [1, 3, 6, 10, 15, 21, 28]), "region of 8 spaces"),
    (lambda d: d["depots"]["solo_removal_order"]["order"][0].__setitem__("spaces", ["1a", "1c"]), "solo removal"),
    (lambda d: d["depots"]["exceptions"][0].__setitem__("space", "6e"), "exceptions"),
    (lambda d: d["editions"][1].__setitem__("default", True), "exactly one edition"),
    (lambda d: d["colours"][0].__setitem__("letter", "G"), "letter B"),
    (lambda d: d["boards"][1].__setitem__("copies", {"alea-2012": 1}), "copies for unknown edition"),
    (lambda d: d["boards"][1].__setitem__("copies", {"alea-2011": 0}), "copies"),
])
def test_broken_catalogs_are_rejected_with_a_reason(change, message):
    with pytest.raises(CatalogError, match=message):
        Catalog(broken(change))


def test_replaceable_through_the_environment_variable(tmp_path, monkeypatch):
    data = raw()
    data["version"] = "castles-of-burgundy/2"
    data["solo"]["target_start"] = 60
    path = tmp_path / "official.json"
    path.write_text(json.dumps(data))
    monkeypatch.setenv(CATALOG_ENV, str(path))
    load_catalog.cache_clear()
    try:
        replaced = load_catalog()
        assert (replaced.version, replaced.solo.target_start) == ("castles-of-burgundy/2", 60)
    finally:
        load_catalog.cache_clear()


def test_unreadable_catalogs_are_one_line_errors(tmp_path):
    with pytest.raises(CatalogError, match="cannot read"):
        load_catalog(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CatalogError, match="not valid JSON"):
        load_catalog(str(bad))


def test_edition_2019_changes(cat):
    # section 14: "2019 uses goats instead of chickens"; "zzooppii (2019): 16 carpenter, 17 watchtower,
    # 18 boarding house, 19 church, 20 market, 21 city hall, 22 bank, 23 warehouse"; "SE (and
    # zzooppii) give 2 VP per goods type sold (#15) and 3 VP per bonus tile (#26)"
    c = load_catalog(edition="alea-2019")
    assert c.animal_names["goats"] == "goats" and "chickens" not in c.animal_names
    assert sorted(k for k in c.hex_kinds if k.startswith("goats-")) == ["goats-2", "goats-3", "goats-4"]
    assert not [k for k in c.hex_kinds if k.startswith("chickens")]
    assert "chickens-3" in cat.hex_kinds
    assert [c.knowledge[n].effect.building for n in range(16, 24)] == [
        "carpenter", "watchtower", "boarding-house", "church", "market", "city-hall", "bank", "warehouse"]
    assert (c.knowledge[15].effect.amount, c.knowledge[26].effect.amount) == (2, 3)
    assert c.knowledge[6].effect.kind is EffectKind.WORKERS_AS_SILVERLINGS
    assert cat.knowledge[6].effect.kind is EffectKind.BUY_FROM_NUMBERED_DEPOTS  # the default is untouched


def test_edition_se_changes():
    # "funbinary (SE ...): 16 carpenter, 17 watchtower, 18 church, 19 city hall, 20 market, 21 boarding
    # house, 22 bank, 23 warehouse"; "SE: a different effect entirely (pay 2 workers for a building from
    # a numbered depot)"; "SE board: 6 black-depot tiles with 3-4 players and 4 with 2 players"
    c = load_catalog(edition="awaken-realms-2023")
    assert [c.knowledge[n].effect.building for n in range(16, 24)] == [
        "carpenter", "watchtower", "church", "city-hall", "market", "boarding-house", "bank", "warehouse"]
    assert (c.knowledge[6].effect.kind, c.knowledge[6].effect.amount) == (EffectKind.BUY_BUILDING_FOR_WORKERS, 2)
    assert c.black_depot == {2: 4, 3: 6, 4: 6}
    assert [t.value for t in c.economy.tie_break] == ["fewer_empty_spaces", "later_in_turn_order"]
    assert c.board_numbers == {"33": "solo-A", "34": "solo-B"}  # "SE numbering of the solo board: #33 = A side, #34 = B side"


def test_unknown_edition():
    with pytest.raises(CatalogError, match="unknown edition 'alea-1999'"):
        load_catalog(edition="alea-1999")


def test_uncertain_facts_are_marked_in_the_data(cat):
    # supplement 15, "Uncertainty list": each point the catalog carries is flagged where it lives
    data = cat.data
    assert data["bonus_tiles"]["status"] == "uncertain"  # 1. colour-bonus values
    boards = {b["id"]: b.get("status") for b in data["boards"]}
    # 3. "Whether 2011 boards #2-#9 equal zzooppii's 2019 boards 2-9. Board 6 is confirmed"
    assert {b for b, s in boards.items() if s == "uncertain"} == {"2", "3", "4", "5", "7", "8", "9", "2019-2", "solo-B"}
    assert boards["1"] == boards["6"] == boards["solo-A"] == "confirmed"
    # 4. "The animal face split per type (2,2,3,3,4 normal; 3,4 black), confirmed by 2 sources."
    assert all(k.get("status") == "uncertain" for k in data["hex_tiles"]["kinds"] if k["colour"] == "pasture")
    assert data["economy"]["tie_break_status"] == "uncertain"  # 6. the tie-break
    # ludolog's own readings where the Solo text is silent
    assert data["depots"]["solo_removal_order"]["status"] == "reconstruction"
    assert data["solo"]["target_minimum_status"] == data["solo"]["sale_vp_status"] == "reconstruction"
    assert {"solo-text", "supplement"} <= {s["id"] for s in data["provenance"]["sources"]}
