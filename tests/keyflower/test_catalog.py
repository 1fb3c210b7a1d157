"""The Keyflower catalog: its counts against the rulebook, its schema, its cross-checks, its replacement.

Counts are quoted from the rulebook transcription (RULEBOOK-MD in the catalog's provenance), the
tile texts (keyflower-tiles.txt) and the supplement (keyflower-base.md).
"""
import copy
import json
from importlib import resources

import pytest

from ludolog.replayer.core.catalogs import read_catalog
from ludolog.replayer.keyflower.catalog import (
    CATALOG_ENV, AbilityKind, ActionKind, Catalog, CatalogError, Edge, ScoringKind, Season, TileGroup, default_catalog,
    load_catalog)


def _data() -> dict:
    return json.loads(resources.files("ludolog.replayer.keyflower").joinpath("catalog.json").read_text())


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return default_catalog()


def test_sixty_four_hex_tiles(cat):
    # "64 large hexagonal tiles: 4 Turn order tiles, 6 Boat tiles, 6 Home tiles,
    #  48 Village tiles (including 4 summer boat tiles)."
    groups = {g: len(ids) for g, ids in cat.by_group.items()}
    assert len(cat.tiles) == 64
    assert groups[TileGroup.TURN_ORDER] == 4 and groups[TileGroup.BOAT] == 6 and groups[TileGroup.HOME] == 6
    assert groups[TileGroup.VILLAGE] + groups[TileGroup.SUMMER_BOAT] == 48 and groups[TileGroup.SUMMER_BOAT] == 4


def test_twelve_tiles_per_season(cat):
    # "Sort the large hexagonal tiles by type: home (6), boat (6), turn order (4), spring (12),
    #  summer (12), autumn (12) and winter (12)."
    assert {s: len(ids) for s, ids in cat.season_tiles.items()} == {s: 12 for s in Season}
    assert cat.data["tiles_per_season"] == 12


def test_tile_names_by_season(cat):
    # the seed's tile texts and the supplement's season lists (MTJ + ultrafoodmess)
    names = {s: sorted(cat.tiles[t].name for t in ids) for s, ids in cat.season_tiles.items()}
    assert names[Season.SPRING] == sorted(["Alehouse", "Apprentice Hall", "Gold Mine", "Key Mine", "Keystone Quarry", "Keywood",
                                           "Miner", "Quarryman", "Woodcutter", "Peddler", "Stable", "Workshop"])
    assert names[Season.SUMMER] == sorted(["Brewer", "Carpenter", "Mason", "Smelter", "Farrier", "Hiring Fair", "Store",
                                           "Tavern", "Summer boat 1", "Summer boat 2", "Summer boat 3", "Summer boat 4"])
    assert names[Season.AUTUMN] == sorted(["Inn", "Barn", "Blacksmith", "Stone Yard", "Timber Yard", "Fair", "Wainwright",
                                           "Forge", "Goldsmith", "Sawmill", "Sculptor", "Well"])
    assert names[Season.WINTER] == sorted(["Apothecary", "Craftsman's Guild", "Jeweller", "Key Guild", "Keythedral", "Key Market",
                                           "Mercer's Guild", "Scholar", "Scribes", "Village Hall", "Watermill", "Windmill"])


def test_components(cat):
    # "48 skill tokens: 16 anvils, 16 pick axes, 16 saws"
    assert cat.skill_supply == {"saw": 16, "pickaxe": 16, "anvil": 16}
    # "120 octagonal wooden resource counters: 48 gold (yellow), 24 iron (black), 24 stone (grey), 24 wood (brown)"
    assert cat.resource_supply == {"gold": 48, "iron": 24, "stone": 24, "wood": 24}
    assert sum(cat.resource_supply.values()) == 120
    # "141 wooden workers ('keyples'): 40 blue, 20 green, 40 red, 40 yellow" (+ the purple start player worker)
    assert cat.worker_supply == {"blue": 40, "green": 20, "red": 40, "yellow": 40}
    assert sum(cat.worker_supply.values()) + cat.data["start_player_keyple"]["count"] == 141
    # "Place the blue, red and yellow workers in the cloth bag. Place the green workers together at the side"
    assert set(cat.bag_colours) == {"red", "yellow", "blue"}
    # "Each player draws eight workers at random"; "No more than six workers may be placed on a tile in one season."
    assert cat.starting_workers == 8 and cat.max_workers_per_tile == 6
    # Carpenter saw/wood, Mason pick-axe/stone, Smelter anvil/iron ("a skill tile of the type shown")
    assert cat.skill_resource == {"saw": "wood", "pickaxe": "stone", "anvil": "iron"}


@pytest.mark.parametrize("players,home,boats,turn_order,season,winter_each", [
    (2, 2, 2, 1, 6, 3), (3, 3, 3, 2, 7, 3), (4, 4, 4, 3, 8, 3), (5, 5, 5, 4, 9, 2), (6, 6, 6, 4, 10, 2)])
def test_set_up_table(cat, players, home, boats, turn_order, season, winter_each):
    # the rulebook's table: Home 2-6, Boat 2-6, Turn order 1 2 3 4 4, Spring/summer/autumn 6 7 8 9 10,
    # Winter per player 3 3 3 2 2
    pc = cat.setup(players)
    assert (pc.home_tiles, pc.boats, pc.turn_order_tiles, pc.season_tiles, pc.winter_tiles_each) == (
        home, boats, turn_order, season, winter_each)
    assert pc.season_tiles == players + 4  # the supplement: "Season tiles = players + 4"
    assert len(cat.boats_for(players)) == boats == players  # "The number of boat tiles used is equal to the number of players."
    in_play = cat.turn_order_for(players)
    assert len(in_play) == turn_order
    assert sum(side.start_player for _, side in in_play) == 1


def test_boats_by_player_count(cat):
    # "Keyflower (2+ Players)", "Sea Bastion (2+)", "Sea Breese (3+)", "Flipper (4+)", "Ianvincible (5+)", "White Wind (6)"
    assert {b: cat.tiles[b].min_players for b in cat.by_group[TileGroup.BOAT]} == {
        "keyflower": 2, "sea_bastion": 2, "sea_breese": 3, "flipper": 4, "ianvincible": 5, "white_wind": 6}
    assert cat.boats_for(2) == ("keyflower", "sea_bastion")
    assert cat.boats_for(5) == ("keyflower", "sea_bastion", "sea_breese", "flipper", "ianvincible")
    # "No new workers or skill tiles are placed in the boats in winter."
    assert all(cat.boat_load(b, Season.WINTER) is None for b in cat.by_group[TileGroup.BOAT])
    assert all(cat.boat_load(b, s) is not None for b in cat.by_group[TileGroup.BOAT] for s in (Season.SPRING, Season.SUMMER, Season.AUTUMN))


def test_road_counts_by_tile_group(cat):
    # "Note that the home tiles each have five [roads, ... the spring and summer buildings] each have three roads,
    #  the 4 summer boat tiles have no roads, the 12 autumn tiles each have two roads and the 12 winter tiles each
    #  have one road." (the transcription lost a line; the bracket is the reading the catalog follows)
    for tid, tile in cat.tiles.items():
        if tile.group is TileGroup.HOME:
            assert tile.edges.count(Edge.ROAD) == 5 and tile.edges.count(Edge.WATER) == 1, tid
        elif tile.group is TileGroup.SUMMER_BOAT:
            assert tile.edges.count(Edge.ROAD) == 0, tid
        elif tile.group is TileGroup.VILLAGE:
            assert tile.edges.count(Edge.ROAD) == {Season.SPRING: 3, Season.SUMMER: 3, Season.AUTUMN: 2, Season.WINTER: 1}[tile.season], tid


def test_winter_tile_scoring_as_the_texts_state(cat):
    def only(tid):
        (s,) = cat.tiles[tid].sides["front"].scoring
        return s
    # "The owner gets 3 points for every 5 workers (including green)"
    s = only("apothecary")
    assert (s.kind, s.items, s.size, s.points, s.types) == (ScoringKind.PER_GROUP, "workers", 5, 3, ())
    # "10 points for every 5 skill tiles"
    s = only("key_guild")
    assert (s.kind, s.items, s.size, s.points) == (ScoringKind.PER_GROUP, "skills", 5, 10)
    # "The owner scores 12 points."
    s = only("keythedral")
    assert (s.kind, s.points) == (ScoringKind.FLAT, 12)
    # "5 points for every 5 resources of any type"
    s = only("windmill")
    assert (s.kind, s.items, s.size, s.points, s.types) == (ScoringKind.PER_GROUP, "resources", 5, 5, ())
    # "3 points for each set of blue, red and yellow workers"
    s = only("craftsmans_guild")
    assert (s.kind, set(s.types), s.points, s.substitute) == (ScoringKind.DISTINCT_SET, {"blue", "red", "yellow"}, 3, "")
    # "2 points for every gold resource"
    s = only("jeweller")
    assert (s.kind, s.types, s.size, s.points) == (ScoringKind.PER_GROUP, ("gold",), 1, 2)
    # "2 points for each green worker"
    s = only("key_market")
    assert (s.kind, s.types, s.size, s.points) == (ScoringKind.PER_GROUP, ("green",), 1, 2)
    # "5 points for each set of three different resources ... gold can be used in substitution"
    s = only("mercers_guild")
    assert (s.kind, len(s.types), s.points, s.substitute) == (ScoringKind.DISTINCT_SET, 3, 5, "gold")
    # "3 points for each skill tile of that type"; "10 points for each set of three different skill tiles"
    assert (only("scholar").kind, only("scholar").items, only("scholar").points) == (ScoringKind.CHOSEN_TYPE_EACH, "skills", 3)
    assert (only("scribes").kind, len(only("scribes").types), only("scribes").points) == (ScoringKind.DISTINCT_SET, 3, 10)
    # "1 point for each worker of that colour"; "1 point for each resources of that type"
    assert (only("village_hall").items, only("village_hall").points) == ("workers", 1)
    assert (only("watermill").items, only("watermill").points) == ("resources", 1)


def test_boat_and_turn_order_scoring(cat):
    front = {t: cat.tiles[t].sides["front"].scoring for t in (*cat.by_group[TileGroup.BOAT], *cat.by_group[TileGroup.TURN_ORDER])}
    assert front["ianvincible"][0].kind is ScoringKind.FLAT and front["ianvincible"][0].points == 5  # "Ianvincible (5+) 5 points"
    assert front["flipper"][0].points == 2 and cat.tiles["flipper"].before_scoring == "free_upgrade"  # "flip one tile ... score 2 points"
    assert (front["white_wind"][0].items, front["white_wind"][0].size, front["white_wind"][0].points) == ("workers", 1, 1)
    assert front["keyflower"][0].kind is ScoringKind.TRANSPORT_CAPACITY and front["keyflower"][0].points_each == 1
    assert front["sea_bastion"][0].kind is ScoringKind.ROAD_LOOP and front["sea_bastion"][0].points_each == 1
    assert front["sea_breese"][0].kind is ScoringKind.RIVER_BOATS
    # "the owner of each tile gets 1 point for each other tile that the turn order tile is connected to"
    for n in range(1, 5):
        (s,) = front[f"turn_order_{n}"]
        assert s.kind is ScoringKind.ADJACENT_TILES and s.points_each == 1


def test_summer_boat_abilities(cat):
    abilities = {(b, side): a for b in cat.by_group[TileGroup.SUMMER_BOAT] for side, a in cat.tiles[b].abilities.items()}
    assert abilities[("boat_1", "a")].kind is AbilityKind.BOAT_DRAW_WORKERS and abilities[("boat_1", "a")].count == 2  # "two additional workers"
    assert abilities[("boat_1", "b")].kind is AbilityKind.BOAT_GREEN_WORKER and abilities[("boat_1", "b")].count == 1  # "one green worker"
    assert abilities[("boat_2", "a")].kind is AbilityKind.CROSS_FIELDS_FREE_PLACEMENT
    assert abilities[("boat_2", "b")].kind is AbilityKind.DOUBLE_TRANSPORT_UPGRADE and abilities[("boat_2", "b")].factor == 2  # "doubled"
    assert abilities[("boat_3", "a")].kind is AbilityKind.UPGRADE_ANY_RESOURCE
    assert abilities[("boat_3", "b")].kind is AbilityKind.SCORE_ANY_RESOURCE
    assert abilities[("boat_4", "a")].kind is AbilityKind.COUNTER_BID_OTHER_COLOUR
    assert abilities[("boat_4", "b")].kind is AbilityKind.USE_ANY_COLOUR
    # "The tile is never upgraded or flipped over."
    assert not any(cat.tiles[b].upgradable for b in cat.by_group[TileGroup.SUMMER_BOAT])


def test_tile_texts_that_state_numbers(cat):
    hiring = cat.tiles["hiring_fair"]
    # "takes two (or three if the hiring fair tile has been upgraded) skill tiles"
    assert (hiring.sides["front"].action.kind, hiring.sides["front"].action.count, hiring.sides["upgraded"].action.count) == (
        ActionKind.SKILL_SWAP, 2, 3)
    workshop = cat.tiles["workshop"]
    # "takes one of the three resources indicated ... If this tile has been upgraded ... takes all three"
    assert workshop.sides["front"].action.kind is ActionKind.RESOURCE_CHOICE and workshop.sides["front"].action.count == 1
    assert dict(workshop.sides["upgraded"].action.gain) == {"wood": 1, "stone": 1, "iron": 1}
    # the home tiles, Farrier, Stable and Wainwright transport and upgrade; "upgrade ... (one or two)"
    for tid in ("home_1", "stable", "farrier", "wainwright"):
        for side in cat.tiles[tid].sides.values():
            assert side.action.kind is ActionKind.TRANSPORT_UPGRADE and side.action.upgrades in (1, 2)
    # "Forge, Goldsmith, Sawmill, Sculptor and Well: These tiles only generate points at the end of the game."
    for tid in ("forge", "goldsmith", "sawmill", "sculptor", "well"):
        assert all(side.action is None for side in cat.tiles[tid].sides.values())


def test_spring_tiles_follow_the_one_data_source(cat):
    # ALS tileinfo.json (supplement section 11.1): Stable T2 U1 -> T4 U2 and 5 VP, cost 1 wood + 1 iron
    stable = cat.tiles["stable"]
    assert (stable.sides["front"].action.transport, stable.sides["front"].action.upgrades) == (2, 1)
    assert (stable.sides["upgraded"].action.transport, stable.sides["upgraded"].action.upgrades, stable.sides["upgraded"].vp) == (4, 2, 5)
    assert dict(stable.upgrade_cost.resources) == {"wood": 1, "iron": 1} and stable.upgrade_cost.skills == ()
    assert dict(cat.tiles["key_mine"].upgrade_cost.skills) == {"anvil": 1}
    assert dict(cat.tiles["workshop"].upgrade_cost.resources) == {"any": 2}


def test_every_reconstruction_says_why():
    data = _data()
    assert data["version"] == "keyflower/1" and data["reconstruction"] is True
    for group in ("home_tiles", "village_tiles", "summer_boats", "boats", "turn_order_tiles"):
        for entry in data[group]:
            if entry["reconstruction"]:
                assert entry["note"], entry["id"]
    # the rules texts fix the winter tiles' scoring: those facts are never a reconstruction
    for entry in data["village_tiles"]:
        if entry["season"] == "winter":
            assert entry["status"]["effect"] == "confirmed"


@pytest.mark.parametrize("breakage,words", [
    (lambda d: d["village_tiles"][0].update(edges="RRRXFF"), "edges"),
    (lambda d: d.pop("boats"), "boats"),
    (lambda d: d["village_tiles"][1].update(id="alehouse"), "used twice"),
    (lambda d: d["boats"][5].update(min_players=5), "boats"),
    (lambda d: d["turn_order_tiles"][0]["sides"][1].update(start_player=True), "start player"),
    (lambda d: d["turn_order_tiles"][1]["sides"][0].update(players=[2, 3]), "turn-order"),
    (lambda d: d["home_tiles"][0].update(edges="RRRRRR"), "water"),
    (lambda d: d["home_tiles"][1].update(number=1), "home tile numbers"),
    (lambda d: d["village_tiles"][40]["front"]["scoring"][0].update(types=["purple"]), "purple"),
    (lambda d: d["village_tiles"][40]["front"].update(action={"kind": "random_workers", "count": 1}), "winter tile"),
    (lambda d: d["village_tiles"][0]["front"]["action"].update(kind="teleport"), "kind"),
    (lambda d: d["village_tiles"][0].update(reconstruction=False), "reconstruction"),
    (lambda d: d["village_tiles"][0].pop("note") and d["village_tiles"][0].update(reconstruction=True), "note"),
    (lambda d: d["player_counts"][0].update(boats=3), "boats"),
    (lambda d: d["village_tiles"][0].pop("upgraded"), "upgrade_cost"),
])
def test_a_broken_catalog_is_refused(breakage, words):
    data = _data()
    breakage(data)
    with pytest.raises(CatalogError) as err:
        Catalog(data)
    assert words in str(err.value)


def test_a_user_catalog_replaces_the_builtin_one(tmp_path, monkeypatch):
    data = _data()
    data["version"] = "keyflower/2"
    data["village_tiles"][10]["upgraded"]["vp"] = 9  # official Stable VP, say
    path = tmp_path / "official.json"
    path.write_text(json.dumps(data))
    assert load_catalog(str(path)).tiles["stable"].sides["upgraded"].vp == 9
    monkeypatch.setenv(CATALOG_ENV, str(path))
    replaced = Catalog(read_catalog("ludolog.replayer.keyflower", CATALOG_ENV, "Keyflower"))
    assert replaced.version == "keyflower/2"


def test_an_unreadable_catalog_file_is_one_clear_error(tmp_path):
    with pytest.raises(CatalogError, match="cannot read the Keyflower catalog"):
        load_catalog(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CatalogError, match="not valid JSON"):
        load_catalog(str(bad))


def test_the_catalog_is_not_mutated_by_loading():
    data = _data()
    before = copy.deepcopy(data)
    Catalog(data)
    assert data == before


def test_unknown_player_count_is_refused(cat):
    with pytest.raises(CatalogError, match="2 to 6 players"):
        cat.setup(7)
