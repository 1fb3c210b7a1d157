"""Writes tests/cases/entdecker/*.json: one small log per Entdecker rule code, each breaking that rule
once. ``meta.expect`` says which code, at which move and JSON pointer, the replay must report.
Entdecker's piles and its plant draws are checked by the core (``CORE.HIDDEN.*``,
``CORE.SIMULTANEOUS.*``): those cases are named ``<core code>.<what>.json``.

Run from the repository root: ``.venv/bin/python -m tests.cases.make_entdecker_cases``. The files are
committed so that a referee can read them; tests/test_rule_cases.py replays them.
"""
from __future__ import annotations

from pathlib import Path

from ludolog.replayer.entdecker.catalog import load_catalog
from tests.entdecker_builder import BRIDGE_EW, CAPE_EAST, CAPE_WEST, EntdeckerLog, piles_run_out
from tests.cases.writing import write_cases

OUT = Path(__file__).with_name("entdecker")
CASES: dict[str, tuple] = {}


def case(code: str, pointer: str, setup_error: bool = False, name: str = ""):
    def register(fn):
        CASES[name or code] = (code, fn, pointer, setup_error)
        return fn
    return register


def opened(n=2, **kw) -> EntdeckerLog:
    log = EntdeckerLog(n, **kw)
    log.add({"type": "income", "player": "ana", "spin": 5})
    log.turns = 0
    return log


def started(at="N-B", explore=2, **kw) -> EntdeckerLog:
    log = EntdeckerLog(2, **kw)
    return log.start("ana", at, explore)


@case("CORE.HIDDEN.SIZE", "/setup/piles", setup_error=True, name="CORE.HIDDEN.SIZE.piles")
def _():
    raw = EntdeckerLog(2).log()
    raw["setup"]["piles"] = [20, 19, 19, 19, 18]
    return raw


@case("CORE.HIDDEN.SIZE", "/setup/plant_piles", setup_error=True, name="CORE.HIDDEN.SIZE.plant_piles")
def _():
    raw = EntdeckerLog(2).log()
    raw["setup"]["plant_piles"] = [10, 9]
    return raw


@case("ENT.SETUP.FIRST_PLAYER", "/setup/first_player", setup_error=True)
def _():
    raw = EntdeckerLog(2).log()
    raw["setup"]["first_player"] = "zoe"
    return raw


@case("ENT.TURN.NOT_YOURS", "/player")
def _():
    return opened().add({"type": "start", "player": "ben", "at": "N-B", "explore": 1})


@case("ENT.TURN.ENDED", "/player")
def _():
    log = started().draw_place("ana", "cape", "B1", 180).add({"type": "build", "player": "ana", "piece": "post"})
    return log.add({"type": "draw", "player": "ana", "pile": 2, "tile": "sea"})


@case("ENT.INCOME.REQUIRED", "")
def _():
    return EntdeckerLog(2).add({"type": "start", "player": "ana", "at": "N-B", "explore": 1})


@case("ENT.INCOME.NOT_NOW", "")
def _():
    return opened().add({"type": "income", "player": "ana", "spin": 3})


@case("ENT.INCOME.NOT_FIRST_PLAYER", "/player")
def _():
    return EntdeckerLog(2).add({"type": "income", "player": "ben", "spin": 3})


@case("ENT.INCOME.VALUE", "/spin")
def _():
    return EntdeckerLog(2).add({"type": "income", "player": "ana", "spin": 6})


@case("ENT.START.REQUIRED", "")
def _():
    return opened().add({"type": "draw", "player": "ana", "pile": 1, "tile": "sea"})


@case("ENT.START.FIRST_ROUND_EDGE", "/at")
def _():
    return opened().add({"type": "start", "player": "ana", "at": "C4", "explore": 1})


@case("ENT.START.UNDISCOVERED", "/at")
def _():
    log = EntdeckerLog(2).filler_turn("ana").filler_turn("ben")
    log.add({"type": "income", "player": "ana", "spin": 2})
    return log.add({"type": "start", "player": "ana", "at": "C4", "explore": 1})


@case("ENT.START.NO_FREE_LANE", "/at")
def _():
    log = started(explore=1).draw_place("ana", "sea", "B1", 0).add({"type": "end", "player": "ana"})
    return log.add({"type": "start", "player": "ben", "at": "N-B", "explore": 1})


@case("ENT.START.AT_LEAST_ONE", "/explore")
def _():
    return opened().add({"type": "start", "player": "ana", "at": "N-B", "explore": 0})


@case("ENT.START.CANNOT_AFFORD", "/explore")
def _():
    return opened().add({"type": "start", "player": "ana", "at": "N-B", "explore": 10})


@case("ENT.START.ONCE", "")
def _():
    return started().add({"type": "start", "player": "ana", "at": "N-C", "explore": 1})


@case("ENT.START.PASS_NOT_ALLOWED", "")
def _():
    return opened().add({"type": "pass", "player": "ana"})


@case("ENT.DRAW.NO_CREDIT", "")
def _():
    return started(explore=1).draw_place("ana", "sea", "B1", 0).add(
        {"type": "draw", "player": "ana", "pile": 2, "tile": "sea"})


@case("ENT.DRAW.FORCED_STOP", "")
def _():
    # a shore with its only sea side to the north edge: no white line leads on
    return started().draw_place("ana", "shore", "B1", 90).add(
        {"type": "draw", "player": "ana", "pile": 2, "tile": "sea"})


@case("CORE.HIDDEN.EMPTY", "/pile", name="CORE.HIDDEN.EMPTY.tile_pile")
def _():
    raw = started().add({"type": "draw", "player": "ana", "pile": 5, "tile": "sea"}).log()
    raw["setup"]["piles"] = [24, 24, 23, 23, 0]
    return raw


@case("CORE.HIDDEN.NOT_IN_POOL", "/tile", name="CORE.HIDDEN.NOT_IN_POOL.tile")
def _():
    return started().add({"type": "draw", "player": "ana", "pile": 1, "tile": "dragon"})


@case("ENT.DRAW.PENDING_TILE", "")
def _():
    return started().add({"type": "draw", "player": "ana", "pile": 1, "tile": "sea"}).add(
        {"type": "draw", "player": "ana", "pile": 1, "tile": "sea"})


@case("ENT.PLACE.NOTHING_DRAWN", "")
def _():
    return started().add({"type": "place", "player": "ana", "cell": "B1", "rotation": 0})


@case("ENT.PLACE.NOT_ADJACENT", "/cell")
def _():
    return started().add({"type": "draw", "player": "ana", "pile": 1, "tile": "sea"}).add(
        {"type": "place", "player": "ana", "cell": "C3", "rotation": 0})


@case("ENT.PLACE.OCCUPIED", "/cell")
def _():
    return started().draw_place("ana", "sea", "B1", 0).draw_place("ana", "sea", "B1", 0)


@case("ENT.PLACE.EDGE_MISMATCH", "/rotation")
def _():
    return started().draw_place("ana", "cape", "B1", 0)  # land facing the board's (sea) edge


@case("ENT.PLACE.MUST_PLACE", "")
def _():
    return started().add({"type": "draw", "player": "ana", "pile": 1, "tile": "sea"}).add(
        {"type": "discard", "player": "ana"})


@case("ENT.PERSONAL.NOT_IN_VARIANT", "/tile")
def _():
    return started().add({"type": "own_tile", "player": "ana", "tile": "open-sea"})


@case("ENT.PERSONAL.NOT_OWNED", "/tile")
def _():
    return started(options={"personal_tiles": True}).add({"type": "own_tile", "player": "ana", "tile": "dragon"})


@case("ENT.PERSONAL.ONE_PER_TURN", "")
def _():
    log = started(explore=5, options={"personal_tiles": True})
    log.add({"type": "own_tile", "player": "ana", "tile": "open-sea"}).add(
        {"type": "place", "player": "ana", "cell": "B1", "rotation": 0})
    return log.add({"type": "own_tile", "player": "ana", "tile": "three-sea"})


@case("ENT.PERSONAL.NO_CREDIT", "")
def _():
    return started(explore=1, options={"personal_tiles": True}).add(
        {"type": "own_tile", "player": "ana", "tile": "open-sea"})


@case("ENT.PERSONAL.CANNOT_PLACE", "/tile")
def _():
    log = EntdeckerLog(2, options={"personal_tiles": True})
    log.start("ana", "N-B", 1)
    log.draw_place("ana", CAPE_EAST[0], "B1", CAPE_EAST[1]).add({"type": "end", "player": "ana"})
    log.start("ben", "N-D", 1)
    log.draw_place("ben", CAPE_WEST[0], "D1", CAPE_WEST[1]).add({"type": "end", "player": "ben"})
    log.start("ana", "N-C", 3)  # C1 must show land to the east and west: open sea cannot go there
    return log.add({"type": "own_tile", "player": "ana", "tile": "open-sea"})


@case("ENT.BUILD.NOT_NEW_LAND", "")
def _():
    return started().draw_place("ana", "sea", "B1", 0).add({"type": "build", "player": "ana", "piece": "post"})


@case("ENT.BUILD.NO_PIECE", "/piece")
def _():
    log = EntdeckerLog(2)
    log.island_turn("ana", "B", CAPE_EAST, "colony").filler_turn("ben")
    log.start("ana", "N-D", 2).draw_place("ana", "sea", "D1", 0).draw_place("ana", "cape", "D2", 90)
    return log.add({"type": "build", "player": "ana", "piece": "colony"})


@case("ENT.BUILD.CANNOT_AFFORD", "/piece")
def _():
    # hostile natives double the price: a colony would cost 12
    return started().draw_place("ana", "hostile-cape", "B1", 180).add(
        {"type": "build", "player": "ana", "piece": "colony"})


@case("ENT.BUILD.SEGMENT", "/segment")
def _():
    return started().draw_place("ana", "coasts", "B1", 90).add({"type": "build", "player": "ana", "piece": "post"})


@case("ENT.END.LAST_CARD", "/tile")
def _():
    # every discovery tile has been drawn; ana still has 2 gold of exploration and an own tile
    # (the strait would fit C1), but the game ends with the last card
    log = piles_run_out({k: t.count for k, t in load_catalog().tiles.items()})
    return log.add({"type": "own_tile", "player": "ana", "tile": "strait"})


@case("ENT.END.NOTHING_EXPLORED", "")
def _():
    return started().add({"type": "end", "player": "ana"})


@case("ENT.RETURN.NO_POST", "/cell")
def _():
    return started().add({"type": "return", "player": "ana", "cell": "B1"})


def _island_completed() -> EntdeckerLog:
    log = EntdeckerLog(4)
    for column, tile, (player, piece) in zip("BCDEFG", [CAPE_EAST] + [BRIDGE_EW] * 4 + [CAPE_WEST],
                                             [("ana", "colony"), ("ben", "fort"), ("cleo", "fort"), ("dev", "post"),
                                              ("ana", None), ("ben", "post")]):
        log.island_turn(player, column, tile, piece)
    return log  # ana's plant token is now due


@case("ENT.RETURN.NOT_NOW", "")
def _():
    return _island_completed().add({"type": "return", "player": "dev", "cell": "E2"})


@case("ENT.PLANT.NOT_DUE", "")
def _():
    return started().add({"type": "plant", "player": "ana", "pile": 1, "value": 2})


@case("CORE.SIMULTANEOUS.INCOMPLETE", "", name="CORE.SIMULTANEOUS.INCOMPLETE.plant_due")
def _():
    return _island_completed().add({"type": "start", "player": "cleo", "at": "N-J", "explore": 1})


@case("CORE.HIDDEN.EMPTY", "/pile", name="CORE.HIDDEN.EMPTY.plant_pile")
def _():
    raw = _island_completed().add({"type": "plant", "player": "ana", "pile": 2, "value": 2}).log()
    raw["setup"]["plant_piles"] = [20, 0]
    return raw


@case("CORE.HIDDEN.NOT_IN_POOL", "/value", name="CORE.HIDDEN.NOT_IN_POOL.plant")
def _():
    return _island_completed().add({"type": "plant", "player": "ana", "pile": 1, "value": 9})


def build_cases() -> dict[str, dict]:
    out = {}
    for name, (code, fn, pointer, setup_error) in CASES.items():
        made = fn()
        raw = made if isinstance(made, dict) else made.log()
        index = None if setup_error else len(raw["moves"]) - 1
        full = pointer if setup_error else f"/moves/{index}{pointer}"
        raw["meta"] = {"source": "tests/cases/make_entdecker_cases.py",
                       "expect": {"code": code, "move_index": index, "pointer": full}}
        out[name] = raw
    return out


def main() -> None:
    write_cases(OUT, build_cases())


if __name__ == "__main__":
    main()
