"""Sea Bastion's road loops (one depth-first walk for the bridges) against the definition worked
link by link: a tile is on a loop when, for one of its road links, the two tiles stay joined by
roads without that link. Random villages packed close together, their tiles given mostly roads."""
from hypothesis import given, settings
from hypothesis import strategies as st

from ludolog.replayer.keyflower.catalog import TileGroup, default_catalog
from ludolog.replayer.keyflower.geometry import HOME, PlacedTile, Village, links, road_loop_tiles

from .conftest import catalog_with_edges

TILES = sorted(t for t, tile in default_catalog().tiles.items() if tile.group is not TileGroup.HOME)[:18]
#: the tiles' sides: roads mostly, so that loops, spurs and bridges between loops are common
EDGES = st.text(st.sampled_from("RRRRF"), min_size=6, max_size=6)
SPOTS = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2 and (q, r) != HOME]


def on_loops_by_definition(village: Village) -> set:
    graph = links(village)

    def joined_without(a, b) -> bool:
        seen, todo = {a}, [a]
        while todo:
            c = todo.pop()
            for n in graph[c]:
                if {c, n} == {a, b} or n in seen:
                    continue
                if n == b:
                    return True
                seen.add(n)
                todo.append(n)
        return False
    return {c for c, ns in graph.items() if any(joined_without(c, n) for n in ns)}


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(TILES), min_size=1, max_size=len(SPOTS), unique=True),
       st.lists(EDGES, min_size=len(TILES) + 1, max_size=len(TILES) + 1), st.randoms(use_true_random=False))
def test_road_loops_are_the_tiles_on_a_link_that_is_no_bridge(tiles, edges, rng):
    cat = catalog_with_edges({"home_1": "W" + edges[0][1:], **dict(zip(TILES, edges[1:]))})  # the home tile keeps its river
    spots = rng.sample(SPOTS, len(tiles))
    sides = [next(iter(cat.tiles[t].sides)) for t in tiles]  # a side the tile has ("a" for a summer boat)
    village = Village(cat, [PlacedTile("home_1", HOME)] + [PlacedTile(t, spot, side=side)
                                                           for t, spot, side in zip(tiles, spots, sides)])
    assert road_loop_tiles(village) == on_loops_by_definition(village)
