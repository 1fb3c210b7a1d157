"""What every case-making script does with its cases: register each case's builder (:func:`case_registry`),
write its log (:func:`case_log`, :func:`played_until`), and write one indented ``<name>.json`` each into
its folder, replacing the cases written before (the folder holds only generated cases; sub-folders
such as ``ludolog-1/`` are not touched)."""
from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import orjson

from ludolog.replayer.core.game import Game
from ludolog.replayer.core.log import GameLog, Player

#: the log format the case logs are written in
CASE_FORMAT = "ludolog/2"


def write_cases(out: Path, cases: dict[str, dict]) -> None:
    out.mkdir(exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    for name, raw in cases.items():
        (out / f"{name}.json").write_bytes(orjson.dumps(raw, option=orjson.OPT_INDENT_2) + b"\n")
    print(f"wrote {len(cases)} cases to {out}")


def build_cases(cases: dict, source: str) -> dict[str, dict]:
    """The case logs of a maker's ``CASES`` (code -> (builder, pointer, rule, setup_error)): each
    log's last move (or its set-up) breaks the rule, and ``meta.expect`` says so by hand."""
    out = {}
    for code, (fn, pointer, rule, setup_error) in cases.items():
        raw = fn()
        raw.pop("state", None)
        index = None if setup_error else len(raw["moves"]) - 1
        full = pointer if setup_error else f"/moves/{index}{pointer}"
        raw["meta"] = {"source": source, "rule": rule, "expect": {"code": code, "move_index": index, "pointer": full}}
        out[code] = raw
    return out


def case_registry(cases: dict[str, tuple]) -> Callable:
    """The ``@case(code, pointer, rule, setup_error=False)`` decorator of a maker: it registers in
    ``cases`` the function writing the case for ``code``, with the pointer inside the last move (or
    the set-up pointer) and the rulebook sentence it enforces, as :func:`build_cases` reads them."""
    def case(code: str, pointer: str, rule: str, setup_error: bool = False):
        def register(fn):
            cases[code] = (fn, pointer, rule, setup_error)
            return fn
        return register
    return case


def case_log(game: str, edition: str, catalog: str, ids: Sequence[str], setup: dict, moves=(), players: int = 2,
             options: dict | None = None) -> dict:
    """A log of ``game`` between the first ``players`` of ``ids`` (named after their ids), with a
    copy of ``setup`` and the ``moves`` given."""
    return {"format": CASE_FORMAT, "game": game, "edition": edition, "options": options or {}, "catalog": catalog,
            "players": [{"id": p, "name": p.capitalize()} for p in ids[:players]],
            "setup": copy.deepcopy(setup), "moves": list(moves)}


def played_until(game: Game, raw: dict, done: Callable, prefer: Callable | None = None, seed: str = "case",
                 tries: int = 200, choose: Callable | None = None) -> dict:
    """``raw`` continued by a scripted player until ``done(state)`` holds: seeded random legal play
    (``choose(state, rng)``, by default the engine's ``random_move`` as ``ludolog simulate`` plays),
    steered by ``prefer(state, legal moves)`` where it returns a move. The moves written are legal by
    construction; the case's last move, and what it must raise, are written by hand. The result
    holds the reached ``state`` too (dropped before writing).

    :raises RuntimeError: no try of ``tries`` reached the position.
    """
    ids = [p["id"] for p in raw["players"]]
    glog = GameLog(file="case", raw=raw, game=game.name, players=[Player(i, i) for i in ids], setup=raw["setup"],
                   options=raw["options"], seat_of={i: k for k, i in enumerate(ids)}, edition=raw.get("edition", ""))
    choose = choose or game.random_move
    for attempt in range(tries):
        rng = random.Random(f"{seed}-{attempt}")
        s = game.new_state(glog)
        moves = list(raw["moves"])
        for m in moves:
            game.apply(s, m, glog.seat_of.get(m.get("player")))
        while not game.is_terminal(s):
            if done(s):
                return {**raw, "moves": moves, "state": s}
            move = (prefer(s, game.legal_moves(s)) if prefer else None) or choose(s, rng)
            game.apply(s, move, glog.seat_of.get(move.get("player")))
            moves.append(move)
    raise RuntimeError("the scripted player never reached the position")
