"""The Boonlake catalog: the counts the rules text states, strict schema, cross-checks, replacement.

Every count below is quoted from rules/boonlake.txt; none is read back from the catalog under test.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import orjson
import pytest

from ludolog.replayer.boonlake import catalog as catalog_module
from ludolog.replayer.boonlake.catalog import Catalog, CatalogError, default_catalog, load_catalog
from ludolog.replayer.boonlake.effects import TIMING_KINDS, ConditionKind, EffectKind, StripPart, Timing


def raw() -> dict:
    return json.loads(resources.files("ludolog.replayer.boonlake").joinpath("catalog.json").read_text())


def schema() -> dict:
    return json.loads(resources.files("ludolog.schema").joinpath("boonlake.catalog.schema.json").read_text())


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return default_catalog()


def test_game_materials_counts(cat):
    # "165 project cards (kinds: day, sunset, night)"
    assert len(cat.cards) == 165 and {c.kind for c in cat.cards.values()} == {"day", "sunset", "night"}
    # "42 building tiles (including 10 starting tiles and 7 cattle pastures)"
    assert len(cat.building_tiles) == 42
    assert sum(t.pasture for t in cat.building_tiles.values()) == 7
    assert sum(t.back.startswith("players-") for t in cat.building_tiles.values()) == 10
    # "16 scoring tiles", "36 levers", "10 solo tiles (solo game only)", "4 region markers", "14 vases"
    assert len(cat.scoring_tiles) == 16 and cat.data["levers"]["count"] == 36 and len(cat.solo_tiles) == 10
    m = cat.materials
    assert (m["region_markers"], m["vases"]) == (4, 14)
    # "62 coins (41x value 1, 15x value 5, 6x value 20)"
    assert m["coins"] == {"1": 41, "5": 15, "20": 6} and sum(m["coins"].values()) == 62
    # "10 inhabitants - 6 houses - 4 settlements - 5 cattle - 2 boats - 1 ship - 3 player markers ... 4 production sites ... 4 scoring markers"
    assert m["per_player"] == {"inhabitants": 10, "houses": 6, "settlements": 4, "cattle": 5, "boats": 2, "ships": 1,
                               "player_markers": 3, "production_sites": 4, "scoring_markers": 4}
    # "the next player clockwise gets 7 coins; in the 3- or 4-player game, everybody else gets 8 coins"
    assert m["starting_coins_by_seat"] == [6, 7, 8, 8] and m["starting_hand"] == 6


def test_starting_tiles_by_player_count(cat):
    # "1 or 2 players: ... the 6 building tiles showing the matching back symbol"; "3 players: ... the 8";
    # "4 players: ... the 10 building tiles showing one of the three matching symbols ... on the 10 matching spaces"
    for players, tiles in ((1, 6), (2, 6), (3, 8), (4, 10)):
        symbols = cat.start_symbols[players]
        assert sum(len(cat.tiles_by_back[s]) for s in symbols) == tiles
        assert sum(1 for s in cat.spaces.values() if s.start_symbol in symbols) == tiles
    # "Mix the building tiles with the gray backs and put them out as a face-down mound": 42 - 10 - 7
    assert len(cat.tiles_by_back["gray"]) == 25


def test_board_spaces_regions_and_adjacency(cat):
    # "Each number is a specific gameboard space ... from space 33 skip to space 1"
    assert sorted(cat.spaces) == list(range(1, 34))
    # "the 4 areas connected by bridges": Boonlake, Southern, New Hope, Unknown
    assert {r.name for r in cat.regions} == {"Boonlake", "Southern", "New Hope", "Unknown"}
    for n, s in cat.spaces.items():
        for m in s.adjacent:
            assert n in cat.spaces[m].adjacent  # adjacency is mutual
            assert cat.adjacent_mask[n] >> m & 1
        # regions meet only across bridges and fords
        assert all(cat.spaces[m].region == s.region for m in set(s.adjacent) - set(s.bridged + s.forded))
        assert all(cat.spaces[m].region != s.region for m in s.bridged + s.forded)
    # every region reaches every other one through bridges alone
    linked = {frozenset((s.region, cat.spaces[m].region)) for s in cat.spaces.values() for m in s.bridged}
    regions = {r.id for r in cat.regions}
    reached, todo = {"boonlake"}, ["boonlake"]
    while todo:
        here = todo.pop()
        for pair in linked:
            if here in pair:
                (other,) = pair - {here}
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
    assert reached == regions


def test_region_label_rewards_are_coins_cards_or_vp(cat):
    # "Put a region marker on that reward and gain it (coins, cards, or victory points)"
    assert {r.label_reward.kind for r in cat.regions} <= {EffectKind.TAKE_COINS, EffectKind.DRAW_CARDS, EffectKind.GAIN_VP}


def test_explore_rewards(cat):
    # "take X coins, draw X cards, take 1 inhabitant, or build 1 production site next to the resource shown"
    for s in cat.spaces.values():
        r = s.reward
        assert r.kind in {EffectKind.TAKE_COINS, EffectKind.DRAW_CARDS, EffectKind.TAKE_INHABITANTS, EffectKind.BUILD_PRODUCTION_SITE}
        if r.kind is EffectKind.TAKE_INHABITANTS:
            assert r.get("n") == 1
        if r.kind is EffectKind.BUILD_PRODUCTION_SITE:
            assert r.get("resource") in ("stone", "iron", "loam", "wood")


def test_river_structure(cat):
    # "There are 3 locks along the river."
    assert len(cat.locks) == 3
    # "ship, placed on the first river space (1-2 players) or the third river space (3-4 players)"
    path = cat.river[1].path
    assert {p: cat.river[1].index[cat.river_start[1][p]] for p in (1, 2, 3, 4)} == {1: 0, 2: 0, 3: 2, 4: 2}
    # "(in the 4-player game, ships start further ahead than with 2 or 3 players)"
    r2 = cat.river[2]
    assert r2.index[cat.river_start[2][4]] > r2.index[cat.river_start[2][2]] == r2.index[cat.river_start[2][3]]
    # solo: "if it ends the first round, put both ships back on the first river space"
    assert r2.index[cat.river_start[2][1]] == 0
    # "At the river's fork, take the upper arm in the first round and the lower arm in the second round."
    fork = next(s for s in cat.river_spaces.values() if len(s.next) == 2)
    i = path.index(fork.id)
    assert path[i + 1] != r2.path[i + 1] and path[: i + 1] == r2.path[: i + 1]
    # "Over the game there are 4 interim scorings (2 per round)": one lock crossing plus the final space per
    # round; the lock before each final space is that same event
    for rnd in (1, 2):
        rr = cat.river[rnd]
        locks = [at for at, _ in rr.locks]
        assert len(locks) == 2 and locks[-1] == len(rr.path) - 2


def test_river_rewards_are_the_listed_kinds(cat):
    allowed = {EffectKind.TAKE_COINS, EffectKind.DRAW_CARDS, EffectKind.TAKE_INHABITANTS, EffectKind.TAKE_VASES,
               EffectKind.GAIN_VP, EffectKind.VASE_OR_PRODUCTION_SITE}
    for s in cat.river_spaces.values():
        assert s.reward is None or s.reward.kind in allowed
        if s.reward and s.reward.kind is EffectKind.TAKE_VASES:
            assert s.reward.get("n") == 1  # "Take 1 vase."


def test_action_board(cat):
    # "If you choose one of the two bottom strips, first move your victory-point marker back"
    assert [r.vp_cost > 0 for r in cat.rows] == [False] * 5 + [True] * 2
    # "you must advance at least 1 step"; higher rows give more steps (supplement [C])
    assert all(r.steps >= 1 for r in cat.rows)
    assert [r.steps for r in cat.rows] == sorted((r.steps for r in cat.rows), reverse=True)


def test_strips(cat):
    assert {s.name for s in cat.strips.values()} == {"Pioneer", "Settle", "Cattle-breeding", "Region scoring", "Hire",
                                                     "Progress", "Builder"}
    # "(Exception: with the "Pioneer" action, only the other players may carry out the right-side effect.)"
    assert [s.id for s in cat.strips.values() if s.right_players == "others"] == ["pioneer"]
    # "exceptions: "Settle" and "Cattle-breeding" are one after another"
    assert sorted(s.id for s in cat.strips.values() if s.right_order == "clockwise") == ["cattle_breeding", "settle"]
    # "Then you may explore twice, then either develop once or upgrade once."
    assert cat.strips["pioneer"].middle == (StripPart.EXPLORE, StripPart.EXPLORE, StripPart.DEVELOP_OR_UPGRADE)
    # "Instead of playing/discarding a card, you get 3 coins"; "put it on the discard pile to get 2 coins"
    assert cat.strips["builder"].card == "builder" and (cat.builder_coins, cat.discard_coins) == (3, 2)
    kinds = Counter(s.card for s in cat.strips.values() if s.card != "builder")
    assert set(kinds) == {"day", "sunset", "night"}


def test_player_board_tiers(cat):
    def pieces(tier):
        return Counter(r.piece for r in cat.tiers[tier - 1][0])
    # "the top tier of your player board (2 houses and 1 cattle)"
    assert pieces(1) == {"house": 2, "cattle": 1}
    # "once you empty the second tier (4 houses, 1 settlement, and 2 cattle removed)"
    assert pieces(1) + pieces(2) == {"house": 4, "settlement": 1, "cattle": 2}
    # "6 houses, 4 settlements, and 5 cattle, covering the recesses"
    assert sum((pieces(t) for t in range(1, 6)), Counter()) == {"house": 6, "settlement": 4, "cattle": 5}
    # tier bonus inhabitants beside the first two tiers; "2 in the two recesses next to the houses"
    assert [b is not None for _, b in cat.tiers] == [True, True, False, False, False]
    # "For each recess in the third/fourth/fifth tier from which you removed a piece: 2/4/6 VP."
    assert [cat.tiers[t][0][0].final_vp for t in range(5)] == [0, 0, 2, 4, 6]
    # "3 on the ranch ..., 2 in the two recesses next to the houses, and 5 in the supply" = 10 inhabitants
    assert cat.start_inhabitants == {"ranch": 3, "recesses": 2, "supply": 5}


def test_canal_and_production_sites(cat):
    # "4 production sites (stone, iron, loam, and wood)"; "the level cannot exceed 2"
    assert sorted(cat.site_types) == ["iron", "loam", "stone", "wood"] and cat.site_max_level == 2
    # "At game start you have 3 resources available: 1 of your production-site type plus 2 wood"
    assert [cat.canal[p - 1] for p in cat.boat_start] == ["wood", "wood"]
    # "moving a boat upstream (left) any number of steps costs 2 coins"
    assert cat.upstream_coins == 2


def test_lever_spaces(cat):
    top = [m for m in cat.lever_spaces.values() if m.top_row]
    # "Special condition for the 3 levers in the top row"; "Take 1 vase, or give up a vase to get 6 coins.
    # - Modernize once. - Upgrade once (not develop)."
    assert len(top) == 3
    assert {m.effect.kind for m in top} == {EffectKind.VASE_OR_COINS, EffectKind.MODERNIZE_ONCE, EffectKind.UPGRADE_ONCE}
    vase = next(m.effect for m in top if m.effect.kind is EffectKind.VASE_OR_COINS)
    assert (vase.get("vases"), vase.get("coins")) == (1, 6)
    # "7 or more" levers score 3 VP each: a board holds at least 7
    assert len(cat.lever_spaces) >= 7
    others = {m.effect.kind for m in cat.lever_spaces.values() if not m.top_row}
    assert others == {EffectKind.FORGO_CARD_COINS_PER_SITE, EffectKind.FORGO_CARD_COINS, EffectKind.REGION_SCORING_VP,
                      EffectKind.BOAT_UPSTREAM_FREE, EffectKind.UPGRADE_SETTLEMENT_EASED, EffectKind.TILE_PLACED_INHABITANT,
                      EffectKind.CARD_JOKER_OR_COINS_OR_CARDS, EffectKind.CARD_JOKER_AND_COINS,
                      EffectKind.DISCARD_CARDS_FOR_INHABITANT_VP}


def test_income_tracks(cat):
    # "one on the coin track (showing 2 coins), one on the card track (showing 2 cards)"
    assert cat.tracks["coin"][0].income == 2 and cat.tracks["card"][0].income == 2
    # "One reward on the track lets you immediately build 1 production site (level 1 or 2)."
    sites = [s for t in cat.tracks.values() for s in t if s.reward and s.reward.kind is EffectKind.BUILD_PRODUCTION_SITE]
    assert len(sites) == 1 and sites[0].reward.get("resource") == "any"
    # "you earn 2 victory points per forfeited step"
    assert cat.wasted_step_vp == 2


def test_cards_effects_follow_the_symbol_overview(cat):
    for c in cat.cards.values():
        assert c.effect.kind in TIMING_KINDS[c.timing]
        assert c.coins >= 0 and c.vases >= 0 and all(n >= 0 for n in c.resources)


def test_scoring_tiles(cat):
    for t in cat.scoring_tiles.values():
        values = t.condition.values
        assert len(values) == 4  # "4 values referring to the 4 interim scorings"
        # "it gets harder over the game"
        assert list(values) == sorted(values)
        assert t.project.track in ("coin", "card")


def test_solo_tiles_and_difficulty(cat):
    # "Easy: remove 4 B-tiles - Medium: remove 1 A-tile and 3 B-tiles - Challenge: remove 2 A-tiles and 2 B-tiles
    # - Difficult: remove 3 A-tiles and 1 B-tile - Very difficult: remove 4 A-tiles"
    assert cat.difficulty == {"easy": (0, 4), "medium": (1, 3), "challenge": (2, 2), "difficult": (3, 1),
                              "very_difficult": (4, 0)}
    # "Mix the remaining 6 solo tiles"
    assert cat.solo_stack_size == 6
    grades = Counter(t.grade for t in cat.solo_tiles.values())
    assert grades["A"] >= 4 and grades["B"] >= 4 and sum(grades.values()) == 10
    # "They get the starting player token (so you start with 7 coins)."
    assert cat.solo_player_coins == 7
    # "If no structure remains on their board, they earn 10 VP instead." etc.
    assert cat.solo_fallback_vp == {"no_structure": 10, "no_cattle": 10, "unrevealed_b_tile": 10}
    # "(4 for Boonlake, otherwise 3)"; "they get 1 VP per presence, or 2 on a B-tile"
    assert cat.solo_region_scoring == {"label_vp": {"boonlake": 4, "other": 3}, "presence_vp": {"A": 1, "B": 2}}
    assert all(len(set(t.actions)) == 3 for t in cat.solo_tiles.values())


def test_solo_bottom_strip_check(cat):
    # "Settle": build 1 structure (2 structures on a B-tile). "Cattle-breeding": place 1 cattle (and, on a B-tile,
    # advance 1 on the cactus track). Any other action: advance 1 on the cactus track (2 on a B-tile).
    assert cat.solo_bottom_strip == {"settle": {"A": {"structures": 1}, "B": {"structures": 2}},
                                     "cattle_breeding": {"A": {"cattle": 1}, "B": {"cattle": 1, "cactus": 1}},
                                     "other": {"A": {"cactus": 1}, "B": {"cactus": 2}}}


# -------------------------------------------------------------- the schema and the vocabulary
def test_schema_effect_vocabulary_is_the_python_one():
    effect = schema()["$defs"]["effect"]
    assert set(effect["properties"]["kind"]["enum"]) == {k.value for k in EffectKind}
    assert {rule["if"]["properties"]["kind"]["const"] for rule in effect["allOf"]} == {k.value for k in EffectKind}
    conds = {v["properties"]["kind"]["const"] for v in schema()["$defs"]["condition"]["oneOf"]}
    assert conds == {k.value for k in ConditionKind}
    assert set(schema()["properties"]["project_cards"]["properties"]["cards"]["items"]["properties"]["timing"]["enum"]) == {
        t.value for t in Timing}


def test_every_kind_has_a_line_of_meaning_in_its_docstring():
    for vocabulary in (EffectKind, ConditionKind, StripPart, Timing):
        doc = vocabulary.__doc__
        for kind in vocabulary:
            line = next((ln for ln in doc.splitlines() if f"- ``{kind.value}``: " in ln), None)
            assert line and len(line.split(": ", 1)[1]) > 5, f"{vocabulary.__name__}.{kind.name} has no meaning line"


def test_every_reconstructed_table_says_why():
    data = raw()
    for name, table in data.items():
        if isinstance(table, dict) and "provenance" in table and name != "provenance":
            prov = table["provenance"]
            assert prov["confirmed"], name
            assert not prov["reconstruction"] or prov["reason"], name


BREAKAGES = [
    ("unknown effect kind", lambda d: d["board"]["spaces"][0]["reward"].update(kind="teleport"), "reward"),
    ("missing effect parameter", lambda d: d["board"]["spaces"][0]["reward"].pop("n"), "reward"),
    ("extra effect parameter", lambda d: d["board"]["spaces"][0]["reward"].update(m=1), "reward"),
    ("unknown top-level table", lambda d: d.update(extra={}), "extra"),
    ("bad card id", lambda d: d["project_cards"]["cards"][0].update(id="X1"), "X1"),
    ("unknown resource", lambda d: d["project_cards"]["cards"][0]["cost"]["resources"].update(gold=1), "gold"),
    ("reconstruction without reason", lambda d: d["board"]["provenance"].pop("reason"), "reason"),
    ("eight action rows", lambda d: d["action_board"]["rows"].append({"row": 8, "steps": 1, "vp_cost": 3}), "rows"),
    ("asymmetric neighbours", lambda d: d["board"]["spaces"][0]["neighbours"].remove(2), "not the other way round"),
    ("land across regions", lambda d: (d["board"]["spaces"][1]["neighbours"].append(3), d["board"]["spaces"][2]["neighbours"].append(2)),
     "different regions"),
    ("bridge inside a region", lambda d: d["board"]["bridges"].append([1, 2]), "must join two regions"),
    ("gap in the numbers", lambda d: d["board"]["spaces"][-1].update(number=40), "numbered 1 to their count"),
    ("lock between distant spaces", lambda d: d["river"]["locks"][0].update(before="5"), "consecutive"),
    ("river loop end", lambda d: d["river"]["final"].update({"1": "L16"}), "final space"),
    ("start space not a harbor", lambda d: d["river"]["start"]["1"].update({"3": "2"}), "harbor"),
    ("card effect of the wrong timing", lambda d: d["project_cards"]["cards"][0].update(timing="permanent"), "not a permanent effect"),
    ("duplicate card id", lambda d: d["project_cards"]["cards"][1].update(id=d["project_cards"]["cards"][0]["id"]), "twice"),
    ("card id letter of another kind", lambda d: d["project_cards"]["cards"][0].update(id="N99"), "kind"),
    ("pasture with a site", lambda d: next(t for t in d["building_tiles"]["tiles"] if t["pasture"]).update(sites=[{"effects": [{"kind": "free"}]}]),
     "pasture"),
    ("starting tiles and spaces disagree", lambda d: d["building_tiles"]["tiles"][0].update(back="gray"), "players-2"),
    ("seven houses", lambda d: d["player_board"]["tiers"][4]["recesses"].append(
        {"id": "h7", "piece": "house", "income": {"coins": 0, "vp": 0}}), "houses recesses"),
    ("difficulty leaving 7 tiles", lambda d: d["solo"]["difficulty"].update(easy={"A": 0, "B": 3}), "must leave"),
    ("solo tile on space 40", lambda d: d["solo"]["tiles"][0]["corners"].update(upper_left=40), "space 40"),
    ("top-row lever outside row 1", lambda d: d["player_board"]["lever_spaces"][0].update(row=2), "row 1"),
]


@pytest.mark.parametrize("name, breakage, words", BREAKAGES, ids=[b[0] for b in BREAKAGES])
def test_broken_catalogs_are_refused_with_a_reason(name, breakage, words):
    data = copy.deepcopy(raw())
    breakage(data)
    with pytest.raises(CatalogError) as err:
        Catalog(data)
    assert words in str(err.value)


def test_the_environment_variable_replaces_the_catalog(tmp_path, monkeypatch):
    data = raw()
    data["version"] = "boonlake/2"
    data["action_board"]["rows"][0]["steps"] = 7
    path = tmp_path / "official.json"
    path.write_bytes(orjson.dumps(data))
    monkeypatch.setenv(catalog_module.CATALOG_ENV, str(path))
    default_catalog.cache_clear()
    try:
        replaced = default_catalog()
        assert replaced.version == "boonlake/2" and replaced.rows[0].steps == 7
    finally:
        default_catalog.cache_clear()
    assert load_catalog(str(path)).version == "boonlake/2"


def test_a_missing_or_broken_replacement_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv(catalog_module.CATALOG_ENV, str(tmp_path / "absent.json"))
    default_catalog.cache_clear()
    try:
        with pytest.raises(CatalogError, match="cannot read the Boonlake catalog"):
            default_catalog()
        bad = tmp_path / "bad.json"
        bad.write_text("{")
        monkeypatch.setenv(catalog_module.CATALOG_ENV, str(bad))
        with pytest.raises(CatalogError, match="not valid JSON"):
            default_catalog()
    finally:
        default_catalog.cache_clear()


def test_both_validators_accept_the_shipped_catalog():
    from ludolog.replayer.core.catalogs import check_catalog
    check_catalog(raw(), catalog_module.SCHEMA_FILE, "Boonlake")  # the explaining validator agrees with the fast one


def test_every_cost_can_be_shown_with_the_resources_a_player_can_have(cat):
    # a type is available at most from a level-2 site ("the level cannot exceed 2") and the 2 boats
    most = cat.site_max_level + cat.materials["per_player"]["boats"]
    for c in cat.cards.values():
        assert max(c.resources) <= most, c.id
        assert c.vases <= cat.materials["vases"]
    for t in cat.scoring_tiles.values():
        assert max(t.project.resources) <= most, t.id
