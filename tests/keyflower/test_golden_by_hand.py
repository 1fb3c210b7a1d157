"""The final scoring lines of the two-player golden playthrough (tests/golden/keyflower/), worked out
again from the tile texts and the players' holdings at the end - not from the engine's scoring.

Ana's village holds the Keyflower boat, the Watermill and the Scribes (and tiles without final
points); Ben's the Sea Bastion, summer boats 1a and 2b, the Jeweller, the Craftsman's Guild and
the Scholar. Neither holds the purple keyple."""
from __future__ import annotations

from pathlib import Path

import orjson

from ludolog.replayer.core import parse_log, registry, replay
from ludolog.replayer.keyflower import GAME
from ludolog.replayer.keyflower.geometry import road_loop_tiles

GOLDEN = Path(__file__).parent.parent / "golden" / "keyflower" / "keyflower-2p-0.log.json"


def test_the_two_player_golden_scores_as_the_tile_texts_say():
    raw = orjson.loads(GOLDEN.read_bytes())
    registered = GAME.name in registry.game_names()
    if not registered:
        registry.register(GAME)
    try:
        s = replay(parse_log(orjson.dumps(raw), GOLDEN.name)).state
    finally:
        if not registered:
            registry.unregister(GAME.name)
    ana, ben = s.players
    assert not ana.purple and not ben.purple
    resources = [sum(p.resources[k] for p in ana.village.tiles.values()) for k in range(4)]  # wood stone iron gold
    red, yellow, blue, _green = ben.workers
    lines = sorted((s.ids[e.seat], e.reason.split(":")[0], e.delta) for e in s.ledger.events)
    assert lines == sorted([
        # Keyflower: "1 point for each of the player's transport capacity" (her home tile: 1; no boat 2b)
        ("ana", "Keyflower", 1),
        # Watermill: "1 point for each resource of [one chosen] type": the most of one type
        ("ana", "Watermill", max(resources[:3])),
        # Craftsman's Guild: "3 points for each set of blue, red and yellow workers"
        ("ben", "Craftsman's Guild", 3 * min(red, yellow, blue)),
        # Scholar: "3 points for each skill tile of that [chosen] type"
        ("ben", "Scholar", 3 * max(ben.skills)),
    ])
    # what scores nothing: Ana's Scribes (no set of three different skill tiles), Ben's Jeweller (no
    # gold), his Sea Bastion (no road loop), gold counters (none)
    assert min(ana.skills) == 0 and resources[3] == 0
    assert sum(p.resources[3] for p in ben.village.tiles.values()) == 0 and not road_loop_tiles(ben.village)
    assert s.ledger.totals == [4, 12] and (ana.skills, ben.workers, ben.skills) == ([3, 0, 2], [2, 3, 7, 2], [1, 0, 2])
