"""Every number the tile texts state that issue 11 names, beyond tests/keyflower/test_scoring.py: the
Keythedral's 12 scored once, whatever else is held; the Key Guild, the Apothecary and the Windmill at
and around their group sizes; the Sea Bastion's loop (a ring, a spur, a figure of eight, a tree);
White Wind's workers scored once among the worker tiles; workers used in the own village in winter
counted at the end. Expectations are the texts' numbers worked by hand (../shared/rules/keyflower-tiles.txt)."""
from __future__ import annotations

import pytest

from ludolog.replayer.keyflower import GAME
from ludolog.replayer.keyflower.geometry import PlacedTile, Village
from ludolog.replayer.keyflower.hands import unknown_workers
from ludolog.replayer.keyflower.scoring import Holdings, final_score
from ludolog.replayer.keyflower.state import Phase

from .conftest import catalog_with_edges
from .test_scoring import points, score

ROADS = "RRRRRR"
LOOP_TILES = ("keywood", "key_mine", "stable", "woodcutter", "miner", "quarryman", "gold_mine", "alehouse")
CAT = catalog_with_edges({"home_1": "WRRRRR", **{t: ROADS for t in LOOP_TILES}})
#: the six neighbours of a hex in axial coordinates, in order around it
AROUND = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _ring(centre, tiles):
    q, r = centre
    return [PlacedTile(t, (q + dq, r + dr)) for t, (dq, dr) in zip(tiles, AROUND)]


def _bastion(placed) -> int:
    v = Village(CAT, [PlacedTile("home_1", (0, 0)), PlacedTile("sea_bastion", (-8, 8)), *placed])
    return points(final_score(v, Holdings()), "sea_bastion")


def test_keythedral_scores_12_once_whatever_else_is_held():
    # "The owner scores 12 points." "For all of the scoring tiles except the Keythedral, the game end
    # bonuses may be scored multiple times": workers, skills and resources change nothing
    s = score(["keythedral"], workers=[("red", 20), ("green", 5)], skills=[("saw", 10)], home_resources=(5, 5, 5, 5))
    assert points(s, "keythedral") == 12
    assert sum(1 for line in s.lines if line.source == "keythedral") == 1


@pytest.mark.parametrize("skills,expected", [(0, 0), (14, 20), (15, 30)])
def test_key_guild_groups_of_five_skill_tiles_of_any_type(skills, expected):
    # "10 points for every 5 skill tiles": the types mixed, only whole groups of five count
    s = score(["key_guild"], skills=[("saw", skills // 3), ("pickaxe", skills // 3), ("anvil", skills - 2 * (skills // 3))])
    assert points(s, "key_guild") == expected


@pytest.mark.parametrize("workers,expected", [(0, 0), (9, 3), (10, 6)])
def test_apothecary_groups_of_five_workers_of_any_colour(workers, expected):
    # "3 points for every 5 workers (including green)": colours mixed
    mix = [("red", workers // 2), ("blue", workers - workers // 2)]
    assert points(score(["apothecary"], workers=mix), "apothecary") == expected


@pytest.mark.parametrize("resources,windmill,gold", [((1, 1, 1, 0), 0, 0), ((4, 3, 3, 0), 10, 0), ((2, 2, 0, 0), 0, 0),
                                                      ((0, 0, 0, 4), 0, 4)])
def test_windmill_groups_of_five_resources(resources, windmill, gold):
    # "5 points for every 5 resources of any type"; 4 gold alone: no group of 5, each gold its 1 point
    s = score(["windmill"], home_resources=resources)
    assert (points(s, "windmill"), points(s, "gold")) == (windmill, gold)


def test_sea_bastion_ring_of_six_scores_six():
    # six tiles around an empty space, each touching the next by a road: one loop through all six
    assert _bastion(_ring((5, 0), LOOP_TILES[:6])) == 6


def test_sea_bastion_a_spur_off_the_loop_does_not_count():
    ring = _ring((5, 0), LOOP_TILES[:6])
    spur = PlacedTile(LOOP_TILES[6], (7, 0))  # touches only the ring's (6, 0) tile
    assert _bastion([*ring, spur]) == 6


def test_sea_bastion_a_figure_of_eight_counts_each_tile_once():
    # two triangles sharing one tile: five tiles, every one on a loop, the shared one counted once
    q, r = 5, 0
    tiles = [PlacedTile("keywood", (q, r)), PlacedTile("key_mine", (q + 1, r)), PlacedTile("stable", (q, r + 1)),
             PlacedTile("woodcutter", (q - 1, r)), PlacedTile("miner", (q, r - 1))]
    assert _bastion(tiles) == 5


def test_sea_bastion_a_road_tree_scores_nothing():
    # a Y: a centre and three arms on every other side (no two arms touch), and a tile further out on
    # one arm; every tile reachable by road, but no way back without the same road twice
    tiles = [PlacedTile("keywood", (6, 0)), PlacedTile("key_mine", (7, 0)), PlacedTile("stable", (6, -1)),
             PlacedTile("woodcutter", (5, 1)), PlacedTile("miner", (8, -1))]
    assert _bastion(tiles) == 0


def test_white_wind_and_the_other_worker_tiles_score_each_worker_once():
    # 4 red, 1 yellow, 1 blue: Craftsman's Guild 3 per set (one set), Village Hall 1 per worker of one
    # colour (red: 4), White Wind 1 per worker; each of the six workers scores once, at most 1 point
    # each (the set scores 3 for its 3 workers), so the three tiles together score 6, not 3 + 4 + 6
    s = score(["craftsmans_guild", "village_hall", "white_wind"], workers=[("red", 4), ("yellow", 1), ("blue", 1)])
    assert points(s, "craftsmans_guild") + points(s, "village_hall") + points(s, "white_wind") == 6
    # and White Wind alone counts every worker, green included
    assert points(score(["white_wind"], workers=[("red", 4), ("green", 2)]), "white_wind") == 6


def test_workers_used_in_the_own_village_in_winter_count_at_the_end():
    """Apothecary: "this includes workers which were played into the player's own village in winter".
    Ana puts up the Apothecary, wins it with one worker (into the bag at the end of winter) and uses
    her home tile with another (it comes back behind her screen): she ends with her winter workers
    less one, and the Apothecary scores 3 for each 5 of them."""
    from tests.cases.make_keyflower_cases import SPRING_PLAYED, log, played_until

    from .test_engine import step

    raw = played_until(log(SPRING_PLAYED), lambda s: s.phase is Phase.WINTER_CHOICE)
    s = raw["state"]
    step(s, {"type": "winter", "player": "ana", "tiles": ["apothecary"]})
    step(s, {"type": "winter", "player": "ben", "tiles": ["scholar"]})
    if s.current == 1:
        step(s, {"type": "pass", "player": "ben"})
    ana = s.players[0]
    colour = next(c for c, n in zip(("red", "yellow", "blue", "green"), ana.workers) if n >= 2)
    before = sum(ana.workers) + unknown_workers(s, 0)
    step(s, {"type": "bid", "player": "ana", "tile": "apothecary", "colour": colour, "count": 1})
    step(s, {"type": "pass", "player": "ben"})
    step(s, {"type": "use", "player": "ana", "tile": "home_1", "workers": {colour: 1}})
    while s.tasks:
        step(s, {"type": "done", "player": "ana"})
    step(s, {"type": "pass", "player": "ben"})
    step(s, {"type": "pass", "player": "ana"})
    while s.phase is Phase.BOATS:
        step(s, {"type": "boat", "player": s.ids[s.current], "boat": s.boats_left[0]})
    for seat in (0, 1):
        while s.players[seat].pending:
            step(s, next(m for m in GAME.legal_moves(s) if m["player"] == s.ids[seat]))
    after = sum(ana.workers) + unknown_workers(s, 0)
    assert after == before - 1  # the bid went into the bag, the worker used at home came back
    for seat in (0, 1):
        step(s, next(m for m in GAME.legal_moves(s) if m["player"] == s.ids[seat]))
    assert s.phase is Phase.END
    assert s.ledger.by_category(0)["winter_tiles"] == 3 * (after // 5)
