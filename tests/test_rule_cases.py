"""Every declared rule code is raised by some test log (tests/cases/<game>/*.json), at the expected
move and JSON pointer; the core's own codes are raised by the malformed-log cases below."""
from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import CORE_RULES, LogError, all_games, parse_log, replay, simulate_log

from .in_progress import in_progress_games, registered

CASES = Path(__file__).parent / "cases"
CASE_FILES = sorted(CASES.glob("*/*.json")) + sorted(CASES.glob("*/solo/*.json"))
IN_PROGRESS = in_progress_games()  # engines being built are held to their cases too


@pytest.fixture(autouse=True)
def _in_progress_registered():
    """Case logs of engines being built (tests/in_progress.py) replay through them too."""
    with registered(IN_PROGRESS):
        yield


def _first_violation(data: bytes, name: str):
    try:
        result = replay(parse_log(data, name))
    except LogError as exc:
        return exc.violations[0]
    return result.violations[0] if result.violations else None


@pytest.mark.parametrize("path", CASE_FILES, ids=[f"{p.parent.name}/{p.stem}" for p in CASE_FILES])
def test_case_is_rejected_where_expected(path):
    raw = orjson.loads(path.read_bytes())
    expect = raw["meta"]["expect"]
    first = _first_violation(path.read_bytes(), path.name)
    assert first is not None, f"{path.name}: the log replays without a violation"
    assert (first.code, first.move_index, first.pointer) == (expect["code"], expect["move_index"], expect["pointer"]), \
        first.message
    assert first.message and first.rule_ref, "a violation needs a sentence and a rules reference"


@pytest.mark.parametrize("game", all_games() + IN_PROGRESS, ids=lambda g: g.name)
def test_every_declared_rule_code_has_a_case(game):
    covered = {orjson.loads(p.read_bytes())["meta"]["expect"]["code"]  # a variant's own folder too (boonlake/solo/)
               for pattern in (f"{game.name}/*.json", f"{game.name}/solo/*.json") for p in CASES.glob(pattern)}
    declared = {rule.code for rule in game.rules}
    assert declared - covered == set(), "rule codes never raised by a test log"
    # a game's cases may also expect core codes: its piles and simultaneous steps are the core's checks
    core = {rule.code for rule in CORE_RULES}
    assert covered - declared - core == set(), "cases expect codes the game does not declare"


def _valid_raw() -> dict:
    return simulate_log("entdecker", 2, "core-cases")


def _core_cases() -> dict[str, bytes]:
    def edit(fn):
        raw = _valid_raw()
        fn(raw)
        return orjson.dumps(raw)

    def unfinished(raw):
        del raw["moves"][-5:]

    return {
        "CORE.JSON.SYNTAX": b'{"format": "ludolog/1", "game": ',
        "CORE.JSON.DUPLICATE_KEY": orjson.dumps(_valid_raw()).replace(b'"spin":', b'"spin":3,"spin":', 1),
        "CORE.JSON.TOO_DEEP": orjson.dumps(_valid_raw()).replace(b'"spin":', b'"x":' + b"[" * 300 + b"]" * 300 + b',"spin":', 1),
        "CORE.SCHEMA": edit(lambda r: r["moves"][0].update(spin="five")),
        "CORE.GAME.UNKNOWN": edit(lambda r: r.update(game="chess")),
        "CORE.FORMAT.UNSUPPORTED": edit(lambda r: r.update(format="ludolog/9")),
        "CORE.CATALOG.MISMATCH": edit(lambda r: r.update(catalog="entdecker/7")),
        "CORE.PLAYERS.DUPLICATE": edit(lambda r: r["players"].append(dict(r["players"][0]))),
        "CORE.PLAYERS.COUNT": edit(lambda r: r.update(players=r["players"][:1])),
        "CORE.MOVE.UNKNOWN_PLAYER": edit(lambda r: r["moves"][1].update(player="zoe")),
        "CORE.MOVE.AFTER_END": edit(lambda r: r["moves"].append(dict(r["moves"][-1]))),
        "CORE.CLAIM.FINAL_MISMATCH": edit(lambda r: r["claimed"]["final"].update(ana=r["claimed"]["final"]["ana"] + 1)),
        "CORE.CLAIM.UNFINISHED": edit(unfinished),
        "CORE.CLAIM.EVENT_MISMATCH": edit(lambda r: r["claimed"].update(events=[{"after": 3, "scores": {"ana": 5}}])),
        "CORE.CLAIM.UNKNOWN_PLAYER": edit(lambda r: r["claimed"]["final"].update(zoe=3)),
        **_toy_cases(),
    }


def _toy_cases() -> dict[str, bytes]:
    """The hidden-deck and simultaneous codes, on the toy game with cards (tests/toygame.py)."""
    def log(moves, setup=None, **extra):
        return orjson.dumps({"format": "ludolog/2", "game": "toy", "edition": "1", "options": {"cards": True},
                             "catalog": "toy/1", "players": [{"id": "ana"}, {"id": "ben"}], "setup": setup or {},
                             "moves": moves, **extra})

    def roll(p, die=1):
        return {"type": "roll", "player": p, "die": die}

    def draw(p, card, pile=1):
        return {"type": "draw", "player": p, "pile": pile, "card": card}

    def play(p, card):
        return {"type": "play", "player": p, "card": card}

    round_ = [roll("ana"), draw("ana", "c1"), roll("ben"), draw("ben", "c1")]
    unseen = [roll("ana"), draw("ana", "?"), roll("ben"), draw("ben", "?")]
    return {
        "CORE.HIDDEN.NOT_IN_POOL": log(round_ + [play("ana", "c1"), play("ben", "c1")] + round_[:1] + [draw("ana", "c9")]),
        "CORE.HIDDEN.EMPTY": log(round_[:1] + [draw("ana", "c1", pile=2)], setup={"deck_piles": [12, 0]}),
        "CORE.HIDDEN.SIZE": log(round_, setup={"deck_piles": [12, 1]}),
        "CORE.HIDDEN.NOT_HELD": _not_held(log, unseen),
        "CORE.HIDDEN.NO_PILE": log(round_[:1] + [draw("ana", "c1", pile=3)]),
        "CORE.SIMULTANEOUS.NOT_OPEN": log([roll("ana"), {"type": "pass", "player": "ana"}]),
        "CORE.SIMULTANEOUS.NOT_A_SEAT": _not_a_seat(),
        "CORE.SIMULTANEOUS.TWICE": log(round_ + [{"type": "pass", "player": "ben"}, {"type": "pass", "player": "ben"}]),
        "CORE.SIMULTANEOUS.INCOMPLETE": log(round_ + [{"type": "pass", "player": "ben"}, roll("ana")]),
        "CORE.FORMAT.MIGRATION": orjson.dumps({"format": "ludolog/1", "game": "toy", "edition": "1",
                                               "options": {"goal": 5, "target": 9}, "catalog": "toy/1",
                                               "players": [{"id": "ana"}], "setup": {}, "moves": []}),
    }


def _not_a_seat() -> bytes:
    """After six rounds the deck is empty; ben has played every card, ana kept one: the seventh
    round's window is hers alone, and ben's pass is out of place. (ana rolls 3s, so she leads
    whenever ben plays a c3.)"""
    moves = []
    for k in range(6):
        moves += [{"type": "roll", "player": "ana", "die": 3}, {"type": "draw", "player": "ana", "pile": 1, "card": "c1" if k < 4 else "c2"},
                  {"type": "roll", "player": "ben", "die": 1}, {"type": "draw", "player": "ben", "pile": 2, "card": "c3" if k < 4 else "c2"},
                  {"type": "pass" if k == 0 else "play", "player": "ana", **({} if k == 0 else {"card": "c1" if k < 4 else "c2"})},
                  {"type": "play", "player": "ben", "card": "c3" if k < 4 else "c2"}]
    moves += [{"type": "roll", "player": "ana", "die": 1}, {"type": "roll", "player": "ben", "die": 1},
              {"type": "pass", "player": "ben"}]
    return orjson.dumps({"format": "ludolog/2", "game": "toy", "edition": "1", "options": {"cards": True, "target": 100},
                         "catalog": "toy/1", "players": [{"id": "ana"}, {"id": "ben"}], "setup": {}, "moves": moves})


def _not_held(log, unseen) -> bytes:
    """ana's hand holds no unseen card any more, yet a second one is identified from it."""
    return log(unseen + [{"type": "play", "player": "ana", "card": "c1"}, {"type": "pass", "player": "ben"},
                         {"type": "roll", "player": "ana", "die": 1}, {"type": "draw", "player": "ana", "card": "c2", "pile": 1},
                         {"type": "roll", "player": "ben", "die": 1}, {"type": "draw", "player": "ben", "card": "c2", "pile": 1},
                         {"type": "play", "player": "ben", "card": "c1"}, {"type": "play", "player": "ana", "card": "c1"}])


@pytest.mark.parametrize("code", sorted(rule.code for rule in CORE_RULES))
def test_core_rule_is_raised(code, toy):
    cases = _core_cases()
    assert set(cases) == {rule.code for rule in CORE_RULES}
    first = _first_violation(cases[code], "case.json")
    assert first is not None and first.code == code, first
    assert first.message
