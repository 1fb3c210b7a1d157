"""Board geometry; expectations from the rules text and from the catalog's raw JSON read independently."""
from __future__ import annotations

import json
from importlib import resources

import pytest

from ludolog.replayer.boonlake.board import (largest_adjacent_group, next_to, presences_around, presences_next_to_bridges,
                                             region_presences, region_scoring_coins, tile_spaces)
from ludolog.replayer.boonlake.catalog import default_catalog


def raw_board() -> dict:
    return json.loads(resources.files("ludolog.replayer.boonlake").joinpath("catalog.json").read_text())["board"]


def raw_adjacency() -> dict[int, set[int]]:
    b = raw_board()
    adj = {s["number"]: set(s["neighbours"]) for s in b["spaces"]}
    for a, c in b["bridges"] + b["fords"]:
        adj[a].add(c)
        adj[c].add(a)
    return adj


@pytest.fixture(scope="module")
def cat():
    return default_catalog()


def test_bridges_and_fords_make_spaces_adjacent(cat):
    # "connected via a bridge to an already-placed tile"; "(Spaces connected by a ford are also considered adjacent.)"
    b = raw_board()
    for a, c in b["bridges"] + b["fords"]:
        assert c in cat.spaces[a].adjacent and a in cat.spaces[c].adjacent
    region = {s["number"]: s["region"] for s in b["spaces"]}
    pairs = {frozenset(p) for p in b["bridges"] + b["fords"]}
    for a in range(1, 34):
        for c in range(1, 34):
            if a != c and region[a] != region[c] and frozenset((a, c)) not in pairs:
                assert c not in cat.spaces[a].adjacent


def test_explore_goes_next_to_a_placed_tile(cat):
    # "Place it on an unoccupied gameboard space that is adjacent to another building tile"
    adj = raw_adjacency()
    tiled = {6, 27}
    assert set(tile_spaces(cat, tiled)) == (adj[6] | adj[27]) - tiled
    assert tile_spaces(cat, range(1, 34)) == ()  # "If all gameboard spaces are already occupied"


def test_presences_around_a_house(cat):
    # "Presences on the same tile and on neighboring tiles (including across bridges) count as adjacent."
    a, c = raw_board()["bridges"][0]
    far = next(n for n in range(1, 34) if n != a and n not in raw_adjacency()[a])
    presences = {a: 2, c: 1, far: 5}  # the house and a second piece on its tile, one across the bridge
    assert presences_around(cat, a, presences) == 2


def test_presences_next_to_bridges(cat):
    # "building tiles next to bridges (spaces interconnecting regions)": the bridges' ends, not the fords'
    ends = sorted({n for pair in raw_board()["bridges"] for n in pair})
    inland = next(n for n in range(1, 34) if n not in ends)
    assert presences_next_to_bridges(cat, {ends[0]: 2, ends[1]: 1, inland: 4}) == 3


def test_largest_adjacent_group(cat):
    adj = raw_adjacency()
    a = 24
    b = next(iter(sorted(adj[a])))
    c = next(n for n in sorted(adj[b]) if n not in (a,))
    far = next(n for n in range(1, 34) if not ({n} | adj[n]) & {a, b, c})
    assert largest_adjacent_group(cat, {a, b, c, far}) == 3
    assert largest_adjacent_group(cat, set()) == 0


def test_region_scoring_pays_for_the_other_three_regions(cat):
    # "everybody gets 1 coin for each of their presences ... in those 3 regions"
    region = {s["number"]: s["region"] for s in raw_board()["spaces"]}
    presences = {1: 1, 3: 2, 17: 3, 20: 4}
    by_region = {}
    for n, k in presences.items():
        by_region[region[n]] = by_region.get(region[n], 0) + k
    assert region_presences(cat, presences) == {r: by_region.get(r, 0) for r in ("unknown", "new_hope", "boonlake", "southern")}
    assert region_scoring_coins(cat, region[17], presences) == 1 + 2 + 4


def test_cattle_next_to_settlements_and_houses(cat):
    # "for each of your cattle on the gameboard, earn 1 victory point per settlement on the adjacent building tiles"
    adj = raw_adjacency()
    pasture = 24
    near = sorted(adj[pasture])
    far = next(n for n in range(1, 34) if n != pasture and n not in adj[pasture])
    assert next_to(cat, pasture, {near[0]: 1, near[1]: 2, far: 3}) == 3
    # "Take 2 coins for each house (any owner) on a building tile adjacent to the chosen pasture." (counted here)
    assert next_to(cat, pasture, {near[0]: 2, far: 1}) == 2
