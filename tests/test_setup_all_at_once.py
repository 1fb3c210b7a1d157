"""Set-up checks name every wrong set-up value of a log in one run, and accept what the table
cannot see in another order. The log keeps one verdict (invalid); its violations list each wrong
value with its pointer."""
from __future__ import annotations

import orjson

from ludolog.replayer.core import parse_log, replay, simulate_log


def _replayed(raw: dict):
    return replay(parse_log(orjson.dumps(raw), "t.json"))


def test_boonlake_names_every_wrong_starting_tile_at_once():
    # Set-Up: with 2 players the six starting building tiles B01-B06 lie on spaces 6, 9, 14, 19,
    # 24 and 27. Four of them written wrong, and a wrong starting coin count: five violations.
    raw = simulate_log("boonlake", 2, seed=1)
    raw.pop("claimed")
    for space in ("6", "9", "14", "19"):
        raw["setup"]["tiles"][space] = "B99"
    raw["setup"]["players"]["ana"]["coins"] = 99
    result = _replayed(raw)
    assert result.status == "invalid"
    assert [v.pointer for v in result.violations] == ["/setup/tiles/6", "/setup/tiles/9", "/setup/tiles/14",
                                                      "/setup/tiles/19", "/setup/players/ana/coins"]
    assert all(v.move_index is None for v in result.violations)
    assert all("B99" in v.message for v in result.violations[:4])


def test_castles_of_burgundy_takes_a_depots_tiles_in_any_order():
    # 3.1: a depot's spaces each take a tile of their colour; the table sees which tiles lie in a
    # depot, not the order they were laid. Every depot of a whole game written in reverse order:
    # the same game, the same scores.
    raw = simulate_log("castles-of-burgundy", 2, seed=2)
    reference = _replayed(raw)
    assert reference.status == "valid"
    turned = 0
    for move in raw["moves"]:
        if move["type"] == "depot" and len(set(move["tiles"])) > 1:
            move["tiles"] = move["tiles"][::-1]
            turned += 1
    assert turned >= 6
    result = _replayed(raw)
    assert result.status == "valid", result.violations[:1]
    assert result.scores == reference.scores


def test_castles_of_burgundy_names_every_wrong_depot_of_a_phase_at_once():
    raw = simulate_log("castles-of-burgundy", 2, seed=1)
    raw.pop("claimed")
    moves = raw["moves"]
    assert [m["type"] for m in moves[:6]] == ["depot"] * 6
    moves[0]["tiles"] = [moves[0]["tiles"][0], "mine"]  # depot 1 with 2 players: a building and a ship space
    moves[2]["tiles"] = ["mine", "knowledge-12"]  # knowledge-12 exists only with a black back
    moves[4]["tiles"] = moves[4]["tiles"][:1]  # one tile for two spaces
    result = _replayed(raw)
    assert result.status == "invalid"
    found = [(v.move_index, v.pointer, v.code) for v in result.violations]
    assert found == [(0, "/moves/0/tiles/1", "COB.PHASE.COLOUR"), (2, "/moves/2/tiles/0", "COB.PHASE.COLOUR"),
                     (2, "/moves/2/tiles/1", "COB.PHASE.COLOUR"), (4, "/moves/4/tiles", "COB.PHASE.TILES")]
    black = result.violations[2].message
    assert "black back" in black and "black depot" in black
    assert "3-player" not in " ".join(v.rule_ref for v in result.violations)
    assert result.applied == 0  # the replay itself stops at the first: one position, one verdict


def test_kingdom_crossing_names_every_wrong_set_up_part_at_once():
    raw = simulate_log("kingdom-crossing", 2, seed=1)
    raw.pop("claimed")
    setup = raw["setup"]
    space = sorted(setup["decks"])[0]
    setup["decks"][space] = "XYZ-99"  # no such card
    setup["bridge_goals"].pop("G1")  # every Bridge Goal has a side
    setup["favor_display"][0] = "F99"  # the Favors are F01-F26
    result = _replayed(raw)
    assert [(v.pointer, v.code) for v in result.violations] == [
        (f"/setup/decks/{space}", "KC.SETUP.DECKS"), ("/setup/bridge_goals", "KC.SETUP.BRIDGE_GOALS"),
        ("/setup/favor_display/0", "KC.SETUP.FAVORS")]
    assert "G1 has none" in result.violations[1].message
    assert "face up twice" not in result.violations[2].message


def test_entdecker_names_every_wrong_set_up_value_at_once():
    raw = simulate_log("entdecker", 2, seed=1)
    raw.pop("claimed")
    raw["setup"]["first_player"] = "zoe"
    raw["setup"]["piles"][0] += 1  # the sizes no longer add up to the 94 discovery tiles
    raw["setup"]["plant_piles"][0] += 1  # nor to the 20 plant tokens
    result = _replayed(raw)
    assert sorted(v.pointer for v in result.violations) == ["/setup/first_player", "/setup/piles", "/setup/plant_piles"]
    first = next(v for v in result.violations if v.pointer == "/setup/first_player")
    assert "(ana, ben)" in first.message


def test_keyflower_names_every_wrong_set_up_value_at_once():
    raw = simulate_log("keyflower", 2, seed=1)
    raw.pop("claimed")
    setup = raw["setup"]
    setup["boats"] = ["keyflower", "flipper"]  # 2 players use keyflower and sea_bastion
    setup["workers"][0] = {"red": 9}  # each player draws 8
    setup["workers"][1] = {"green": 8}  # the bag holds no green workers
    setup["winter_tiles"][1][0] = next(t for t in setup["winter_tiles"][0] if t != "?")  # dealt twice
    result = _replayed(raw)
    assert [v.pointer for v in result.violations] == ["/setup/boats", "/setup/winter_tiles", "/setup/workers/0",
                                                      "/setup/workers/1/green"]
    assert setup["winter_tiles"][1][0] in result.violations[1].message


def test_castles_of_burgundy_names_every_wrong_estate_at_once():
    # 3 players: each starts with 3 goods tiles; board 6's starting castle spaces are fixed by the
    # catalog (the castle may not go on space 1); the alea edition prints boards 1-9 and the Solo sides
    raw = simulate_log("castles-of-burgundy", 3, seed=1)
    raw.pop("claimed")
    estates = raw["setup"]["estates"]
    ana, ben, cleo = list(estates)
    estates[ana]["goods"] = estates[ana]["goods"][:2]
    estates[ben]["board"], estates[ben]["castle"] = "6", "1"
    estates[cleo]["board"] = "99"
    raw["setup"]["order"] = [ben, ana]
    result = _replayed(raw)
    assert [(v.pointer, v.code) for v in result.violations] == [
        ("/setup/order", "COB.SETUP.ORDER"), (f"/setup/estates/{ana}/goods", "COB.SETUP.GOODS"),
        (f"/setup/estates/{ben}/castle", "COB.SETUP.CASTLE"), (f"/setup/estates/{cleo}/board", "COB.SETUP.BOARD")]


def test_kingdom_crossing_reports_a_solo_option_with_the_set_up_values():
    # Solo Mode Rules, Difficulty Levels: the difficulty belongs to the solo game; in a 2-player log
    # it is reported together with a wrong deck, not alone
    raw = simulate_log("kingdom-crossing", 2, seed=1)
    raw.pop("claimed")
    raw.setdefault("options", {})["difficulty"] = "advanced"
    space = sorted(raw["setup"]["decks"])[0]
    raw["setup"]["decks"][space] = "XYZ-99"
    result = _replayed(raw)
    assert [(v.pointer, v.code) for v in result.violations] == [
        ("/options/difficulty", "KC.SETUP.OPTIONS"), (f"/setup/decks/{space}", "KC.SETUP.DECKS")]
    assert "leave it out of a game of 2 players" in result.violations[0].message
