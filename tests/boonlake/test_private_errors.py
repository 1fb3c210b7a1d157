"""No log reaches an error of the Boonlake package's pure functions (board, river, scoring, solo,
action board): every rule a log can break is refused by the engine's own check, an IllegalMove with
a BOON.* code, before a pure function is called with what the log wrote. Anything else would surface
as CORE.INTERNAL ("this is a bug in ludolog").

The test tries what a log can write into the fields those functions read - spaces, sites, river
spaces, strips, regions, corners, substitutions, payments, hiring counts, levers, tiles - as
single-field variations of the legal moves of simulated games of 1-4 players, and asks that each is
accepted or refused as an IllegalMove, never anything else.
"""
from __future__ import annotations

import copy
import random

import orjson

from ludolog.replayer.boonlake import GAME_ENGINE as GAME
from ludolog.replayer.core import IllegalMove, parse_log, replay, simulate_log


def _values() -> dict[str, list]:
    cat = GAME.cat
    return {"space": list(range(-1, cat.space_count + 4)), "site": [-1, 0, 1, 2, 3], "substitute": [0, 1, 2, 3, 4, 9],
            "coins": [0, 1, 5, 40], "cards": [0, 1, 5, 40], "to": sorted(cat.river_spaces) + ["0", "zz"],
            "region": [r.id for r in cat.regions] + ["nowhere"], "strip": sorted(cat.strips),
            "corner": ["upper_left", "upper_right", "lower_left", "lower_right"],
            "pay": [[], ["coins"], ["coins"] * 6, ["vase"], ["inhabitant"] * 4, ["vase", "coins"]],
            "lever": sorted(cat.lever_spaces) + ["zz"], "tile": sorted(cat.building_tiles)[:6] + ["zz"],
            "to_": ["house", "settlement"]}


def test_no_log_reaches_the_pure_functions_errors():
    rng = random.Random(11)
    values = _values()
    escaped: dict[str, dict] = {}
    tried = 0
    for players in (1, 2, 3, 4):
        raw = simulate_log(GAME, players, f"private-errors-{players}")
        log = parse_log(orjson.dumps(raw), "p.json")
        s = replay(log, to=0).state
        for move in raw["moves"]:
            if rng.random() < 0.4:
                legal = GAME.legal_moves(s)
                for base in rng.sample(legal, min(4, len(legal))):
                    for _ in range(3):
                        candidate = copy.deepcopy(base)
                        keys = [k for k in values if k in candidate] or list(values)
                        key = rng.choice(keys)
                        candidate["to" if key == "to_" else key] = rng.choice(values[key])
                        try:
                            GAME.apply(GAME.clone(s), candidate, log.seat_of.get(candidate.get("player")))
                        except IllegalMove:
                            pass
                        except Exception as exc:  # noqa: BLE001 - anything but IllegalMove is a bug
                            escaped.setdefault(f"{type(exc).__name__}: {exc}", candidate)
                        tried += 1
            GAME.apply(s, move, log.seat_of.get(move.get("player")))
    assert tried > 2000 and not escaped, (tried, escaped)
