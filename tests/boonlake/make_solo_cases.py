"""Writes tests/boonlake/cases/solo/*.json: one small solo log per rule code of the Wise Eminence,
each breaking that rule once with its last move (or its set-up). ``meta.expect`` (code, move,
pointer) and ``meta.rule`` (the sentence of the rules text's "Solo Mode") are written here by hand,
never taken from the engine. (Moved to tests/cases/boonlake/ with the others at registration.)

Run from the repository root: ``.venv/bin/python -m tests.boonlake.make_solo_cases``.
"""
from __future__ import annotations

import copy
from pathlib import Path

from ludolog.replayer.boonlake import GAME_ENGINE as GAME
from tests.cases.writing import build_cases, write_cases

OUT = Path(__file__).parents[1] / "cases" / "boonlake" / "solo"
#: strips top to bottom: Pioneer row 1 (6 steps), Settle row 2 (5), ..., Builder row 7 (1 step, 2 VP)
STRIPS = ["pioneer", "settle", "cattle_breeding", "region_scoring", "hire", "progress", "builder"]
#: the two-player starting spaces; Ana plays alone (7 coins: the Wise Eminence holds the starting player token)
SETUP = {
    "tiles": {"6": "B01", "9": "B02", "14": "B03", "19": "B04", "24": "B05", "27": "B06"},
    "strips": STRIPS,
    "scoring_tiles": ["T01", "T05", "T09", "T13"],
    "players": {"ana": {"hand": ["D01", "D02", "D03", "S01", "S04", "N01"], "scoring_drawn": ["T01", "?"],
                        "scoring_tile": "T01", "site": "stone", "coins": 7}},
    "eminence": {"difficulty": "very_difficult", "scoring_tile": "T05"},
}
CASES: dict[str, tuple] = {}


def A(t: str, **kw) -> dict:
    return {"type": t, "player": "ana", **kw}


def log(moves, setup=SETUP) -> dict:
    return {"format": "ludolog/2", "game": "boonlake", "edition": "2021", "catalog": GAME.catalog_version,
            "players": [{"id": "ana", "name": "Ana"}], "setup": setup, "moves": list(moves)}


def case(code: str, moves: list, pointer: str, rule: str, setup=SETUP, setup_error: bool = False) -> None:
    assert code not in CASES, code
    CASES[code] = (lambda: log(moves, setup), pointer, rule, setup_error)


def _setup(edit) -> dict:
    s = copy.deepcopy(SETUP)
    edit(s)
    return s


# The first two turns, by hand. The Wise Eminence reveals solo-A5 (progress, region scoring, settle):
# Settle is furthest up (row 2). Bottom strip Builder: 1 step on the cactus track (A-tile). Settle on
# an A-tile builds 1 structure: no house on the board yet, so a house from location 15 (upper left,
# the corner the next tile marks) on the next higher space with a free site: 19. Ana passes Settle's
# right side; their ship goes the 5 steps of row 2 (river 2-6). Ana takes Pioneer (row 1), passes its
# card, both explores and the develop, and moves 1 step to river 2.
FIRST_TURNS = [
    {"type": "eminence", "tile": "solo-A5", "corner": "upper_left"},
    A("pass"),
    A("action", strip="pioneer"), A("pass"), A("pass"), A("pass"), A("pass"), A("ship", to="2"),
]

case("BOON.SETUP.SOLO", [], "/setup", "Solo Set-Up: set up as for the two-player game, with these differences for the "
     "Wise Eminence (a difficulty chosen, a random scoring tile revealed for them).",
     _setup(lambda s: s.pop("eminence")), setup_error=True)
case("BOON.SETUP.SOLO_TILE", [], "/setup/eminence/scoring_tile", "Reveal a random scoring tile for them during set-up "
     "(T02 is not one of the 4 in play).", _setup(lambda s: s["eminence"].update(scoring_tile="T02")), setup_error=True)
case("BOON.SOLO.TILE", [{"type": "eminence", "tile": "solo-C1", "corner": "upper_left"}], "/tile",
     "10 solo tiles (solo game only): A- and B-tiles; there is no C-tile.")
case("BOON.SOLO.CORNER", [{"type": "eminence", "tile": "solo-A5"}], "/corner",
     "Using the number in the corner of the solo tile that matches their position on the top tile of the stack "
     "(5 tiles stay face down: the corner is written).")
case("BOON.SOLO.REVEALED", FIRST_TURNS + [{"type": "eminence", "tile": "solo-A5", "corner": "lower_left"}], "/tile",
     "On each of their turns, reveal the top solo tile (solo-A5 lies face up already).")
case("BOON.SOLO.REMOVED", FIRST_TURNS + [{"type": "eminence", "tile": "solo-A2", "corner": "lower_left"}], "/tile",
     "Very difficult: remove 4 A-tiles (the stack holds a single A-tile, solo-A5, revealed already).")

if __name__ == "__main__":
    write_cases(OUT, build_cases(CASES, "tests/boonlake/make_solo_cases.py"))
