"""The per-player figures written to ``keyflower_player_states``: each column worked out by hand from
the moves of a short spring (tests/cases/make_keyflower_cases.py: SETUP, SPRING_PLAYED) and the
rules of the end of a season, never read back from the engine."""
from __future__ import annotations

from ludolog.replayer.keyflower import GAME
from tests.cases.make_keyflower_cases import SPRING_PLAYED

from .test_engine import bid, passes, play, step

COLUMNS = ["score", "workers", "red", "yellow", "blue", "green", "unseen_workers", "wood", "stone", "iron", "gold",
           "skills", "saw", "pickaxe", "anvil", "unseen_skills", "village_tiles", "upgraded_tiles", "winter_tiles",
           "transport_capacity", "start_player"]


def _rows(s) -> list[dict]:
    return [dict(zip([c for c, _ in GAME.state_columns], row)) for row in GAME.player_rows(s)]


def test_the_columns_are_those_the_issue_names():
    # VP, workers by colour, resources by type, skill tiles, village tiles, transport capacity (issue 11, item 4)
    assert [c for c, _ in GAME.state_columns] == COLUMNS
    assert dict(GAME.state_columns)["start_player"] == "bool"
    assert {t for c, t in GAME.state_columns if c != "start_player"} == {"int"}


def test_the_figures_after_a_short_spring():
    ana, ben = _rows(play(SPRING_PLAYED))
    # Ana: 5 red 2 yellow 1 blue; her winning red bid goes into the bag, the red she used on the Woodcutter
    # comes back with it (5 - 1 = 4 red); the Keyflower boat adds 3 red, 2 yellow, 2 blue and a saw.
    # The Woodcutter used while on offer put its 2 wood on her home tile. Home 1: transport 1.
    assert ana == {"score": 0, "workers": 14, "red": 7, "yellow": 4, "blue": 3, "green": 0, "unseen_workers": 0,
                   "wood": 2, "stone": 0, "iron": 0, "gold": 0, "skills": 1, "saw": 1, "pickaxe": 0, "anvil": 0,
                   "unseen_skills": 0, "village_tiles": 1, "upgraded_tiles": 0, "winter_tiles": 0,
                   "transport_capacity": 1, "start_player": False}
    # Ben: 4 red 2 yellow 1 blue and one unseen; his winning red bid into the bag (3 red); the Sea Bastion
    # adds 2 red, 2 yellow, 2 blue, a pickaxe and an anvil. Nobody bid for the start-player tile, so the
    # player left of Ana starts summer.
    assert ben == {"score": 0, "workers": 13, "red": 5, "yellow": 4, "blue": 3, "green": 0, "unseen_workers": 1,
                   "wood": 0, "stone": 0, "iron": 0, "gold": 0, "skills": 2, "saw": 0, "pickaxe": 1, "anvil": 1,
                   "unseen_skills": 0, "village_tiles": 1, "upgraded_tiles": 0, "winter_tiles": 0,
                   "transport_capacity": 1, "start_player": True}


def _summer(first_lay: dict):
    lays = [first_lay] + [{"type": "lay", "tile": t} for t in ("brewer", "carpenter", "mason", "smelter", "farrier")]
    loads = [{"type": "load", "boat": "keyflower", "workers": {"red": 7}, "skills": {"saw": 1}},
             {"type": "load", "boat": "sea_bastion", "workers": {"red": 6}, "skills": {"saw": 2}}]
    return play(SPRING_PLAYED + lays + loads)


def test_an_upgrade_moves_resources_and_counts_the_flipped_tile():
    s = _summer({"type": "lay", "tile": "store"})
    step(s, {"type": "pass", "player": "ben"})
    step(s, {"type": "use", "player": "ana", "tile": "home_1", "workers": {"red": 1}})
    step(s, {"type": "carry", "player": "ana", "from": "home_1", "to": "woodcutter", "resource": "wood", "count": 1})
    step(s, {"type": "upgrade", "player": "ana", "tile": "woodcutter", "resources": {}, "skills": {"saw": 1}})
    ana = _rows(s)[0]
    # one wood carried onto the Woodcutter stays there (the saw paid the upgrade), one on the home tile;
    # the saw went back to the pile; the red worker stands on her home tile, not behind the screen
    assert (ana["wood"], ana["skills"], ana["saw"], ana["upgraded_tiles"], ana["red"], ana["workers"]) == (2, 0, 0, 1, 6, 13)


def test_summer_boat_2b_doubles_the_transport_capacity_from_the_moment_it_is_won():
    # Boat 2b: "All of a player's transport capacity and upgrade ability is doubled."
    s = _summer({"type": "lay", "tile": "boat_2", "side": "b"})
    step(s, bid("ben", "boat_2", "red", 1))
    for m in passes("ana", "ben"):
        step(s, m)
    ana, ben = _rows(s)
    assert ana["transport_capacity"] == 1 and ben["transport_capacity"] == 2
