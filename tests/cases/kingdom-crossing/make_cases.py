"""Regenerates the Kingdom Crossing rule-code cases: one small log per declared rule code.

Each case is a valid prefix of a random legal game (played by the engine itself) followed by one
move that breaks exactly the rule named in ``meta.expect`` (or a set-up that breaks a KC.SETUP
rule). Run from the repository root:  .venv/bin/python tests/cases/kingdom-crossing/make_cases.py
The JSON files are kept in git; this script documents how they were made.
"""
from __future__ import annotations

import copy
import pathlib
import random

import orjson

from ludolog.replayer.core import IllegalMove, simulate_log
from ludolog.replayer.core.log import GameLog, Player
from ludolog.replayer.kingdom_crossing import GAME

OUT = pathlib.Path(__file__).parent
CAT = GAME.cat
NAMES = ["ana", "ben", "cleo", "dev"]
VALUES = {
    "player": NAMES,
    "tile": list(range(6)), "pair": list(range(4)), "index": list(range(3)), "stars": [1, 2, 3],
    "space": list(CAT.spaces) + [d.id for d in CAT.deco_spaces] + ["X9"],
    "region": list(CAT.regions) + ["volcano"], "resource": ["lumber", "stone", "sap", "food"],
    "source": ["foxes", "owls", "bears", "boars", "deer", "home", "BLD-01", "TRN-02", "display", "stack"],
    "card": ["home", "BLD-01", "TRN-02", "LUM-02", "SPO-01", "MER-01", "E1"],
    "goal": list(CAT.goal_ids) + ["G7"], "option": ["advance", "cash"], "picture": ["flower", "sculpture"],
    "tile_id": list(CAT.favors)[:4], "bird": ["red-01", "yellow-02", "blue-03", "green-04"],
    "invest": ["advance", "cash"], "coins": list(range(0, 17)),
}


def envelope(n, setup, moves, options=None):
    return {"format": "ludolog/1", "game": GAME.name, "edition": GAME.editions[0], "options": options or {},
            "catalog": GAME.catalog_version, "players": [{"id": i, "name": i.capitalize()} for i in NAMES[:n]],
            "setup": setup, "moves": moves}


def candidates(s, legal, rng):
    """Moves near the legal ones: one field changed, another player, another type."""
    out = []
    for m in rng.sample(legal, min(len(legal), 12)):
        for key in [k for k in m if k != "type"]:
            for _ in range(3):
                c = copy.deepcopy(m)
                pool = VALUES["tile_id"] if (key == "tile" and m["type"] == "favor") else VALUES.get(key)
                if key == "path":
                    c[key] = rng.sample(list(CAT.bridges) + ["B8"], rng.randint(0, 3))
                elif key == "balloon":
                    c[key] = {"when": rng.choice(["before", "after"]), "to": rng.choice(CAT.regions)}
                elif key == "resources":
                    c[key] = [rng.choice(VALUES["resource"]) for _ in range(rng.randint(1, 3))]
                elif key == "tiles":
                    c[key] = [rng.choice(list(CAT.solo_tiles)) for _ in range(2)]
                elif pool:
                    c[key] = rng.choice(pool)
                out.append(c)
        if m["type"] == "work" and m["tile"] != 5:
            c = copy.deepcopy(m)
            c["balloon"] = {"when": "before", "to": rng.choice(CAT.regions)}
            out.append(c)
        if m["type"] == "work" and m["tile"] == 5:
            out.append({**m, "path": ["B1"]})
    pid = legal[0].get("player", "ana")
    for t in ("pass", "start", "income", "rest", "work", "hire", "buy", "claim", "evening", "invest", "structure"):
        c = {"type": t, "player": pid}
        extra = {"start": {"pair": 0}, "income": {"source": "home"}, "rest": {"tile": rng.randint(0, 5), "coins": 3},
                 "work": {"tile": rng.randint(0, 4), "path": rng.sample(list(CAT.bridges), rng.randint(1, 3))},
                 "hire": {"space": rng.choice(CAT.spaces), "card": "LUM-02"}, "buy": {"resource": "sap"},
                 "claim": {"goal": rng.choice(CAT.goal_ids)}, "evening": {"source": rng.choice(VALUES["source"])},
                 "invest": {"option": "advance"}, "structure": {"card": "home"}}.get(t, {})
        out.append({**c, **extra})
    if s.step == 2 and s.current < s.n:  # noon: a known-played tile, the Queen tile
        p = s.players[s.current]
        for t in range(6):
            if p.played[t]:
                out.append({"type": "rest", "player": pid, "tile": t, "coins": 3})
        out.append({"type": "work", "player": pid, "tile": 5})
    if s.tasks and s.tasks[-1][0] == "structure":
        out.append({"type": "pass", "player": pid})
        out += [{"type": "structure", "player": pid, "card": c} for c in s.players[s.tasks[-1][1]].structures]
    if s.tasks and s.tasks[-1][0] == "invest":
        out.append({"type": "invest", "player": pid, "option": "advance"})
        out.append({"type": "invest", "player": pid, "option": "cash"})
    if any(m["type"] == "paco" for m in legal):
        out.append({"type": "paco", "tiles": rng.sample(s.solo_revealed or list(CAT.solo_base), 1) + ["T-crown"]})
    return out


def policy(s, rng, bias):
    """Random legal play, biased to reach rare states (Invest track end, 3-star tokens, claims)."""
    legal = GAME.legal_moves(s)
    if bias and legal and "player" in legal[0]:
        for want in ({"type": "invest", "option": "advance"},):
            hit = [m for m in legal if all(m.get(k) == v for k, v in want.items())]
            if hit:
                return hit[0]
        big = [m for m in legal if m["type"] == "decorate" and m["stars"] == 3]
        if big:
            return rng.choice(big)
        inv = [m for m in legal if m["type"] in ("income", "evening") and m["source"] in ("owls", "home")]
        if inv:
            return rng.choice(inv)
    return GAME.random_move(s, rng)


def search(found, n, seed, bias):
    rng = random.Random(f"cases|{n}|{seed}|{bias}")
    setup = GAME.random_setup(rng, n, {})
    log = GameLog(file="case", raw={}, game=GAME.name, players=[Player(i, i) for i in NAMES[:n]], setup=setup,
                  seat_of={i: k for k, i in enumerate(NAMES[:n])})
    s = GAME.new_state(log)
    moves = []
    while not GAME.is_terminal(s):
        legal = GAME.legal_moves(s)
        for bad in candidates(s, legal, rng):
            if "player" in bad and bad["player"] not in log.seat_of:
                continue  # an unknown player is the core's CORE.MOVE.UNKNOWN_PLAYER
            clone = GAME.clone(s)
            try:
                GAME.apply(clone, bad, log.seat_of.get(bad.get("player")))
            except IllegalMove as exc:
                if exc.code.startswith("KC.") and (exc.code not in found or len(found[exc.code][1]["moves"]) > len(moves) + 1):
                    raw = envelope(n, setup, moves + [bad])
                    found[exc.code] = ({"code": exc.code, "move_index": len(moves), "pointer": f"/moves/{len(moves)}{exc.pointer}"},
                                       raw, exc.message)
        m = policy(s, rng, bias)
        s.ledger.move_index = len(moves)
        GAME.apply(s, m, log.seat_of.get(m.get("player")))
        moves.append(m)


def setup_cases(found):
    base = simulate_log(GAME, 2, "setup-cases")
    setup = base["setup"]

    def case(code, pointer, change, options=None, n=2):
        st = copy.deepcopy(setup if n == 2 else simulate_log(GAME, n, "setup-cases")["setup"])
        change(st)
        found[code] = ({"code": code, "move_index": None, "pointer": pointer}, envelope(n, st, [], options), "set-up")

    def swap_deck_card(st):
        a, b = CAT.spaces[0], CAT.spaces[1]
        st["decks"][a][0], st["decks"][b][0] = st["decks"][b][0], st["decks"][a][0]
    case("KC.SETUP.DECKS", f"/setup/decks/{CAT.spaces[0]}", swap_deck_card)
    case("KC.SETUP.BIRDS", "/setup/birds/island", lambda st: st["birds"]["island"].__setitem__(0, "yellow-01"))
    case("KC.SETUP.QUEEN_DECK", "/setup/queen_deck", lambda st: st["queen_deck"].__setitem__(1, st["queen_deck"][0]))
    case("KC.SETUP.BRIDGE_GOALS", "/setup/bridge_goals", lambda st: st["bridge_goals"].pop("G6"))
    case("KC.SETUP.FAVORS", "/setup/favor_stacks", lambda st: st["favor_stacks"][0].__setitem__(0, st["favor_display"][0]))
    def lopsided_stacks(st):
        st["favor_stacks"][0] += st["favor_stacks"][1]  # 14 / 0 / 7: not roughly equal stacks
        st["favor_stacks"][1] = []
    case("KC.SETUP.FAVOR_STACKS", "/setup/favor_stacks", lopsided_stacks)
    def same_card_twice(st):
        first = CAT.starting[st["start_pairs"][0]["card"]]["card"]
        other_side = next(k for k, v in CAT.starting.items() if v["card"] == first and k != st["start_pairs"][0]["card"])
        st["start_pairs"][1]["card"] = other_side  # both sides of one double-sided card
    case("KC.SETUP.START_PAIRS", "/setup/start_pairs/1/card", same_card_twice)
    case("KC.SETUP.EMPTY_TILES", "/setup/empty_deck_tiles", lambda st: st["empty_deck_tiles"].pop())
    case("KC.SETUP.OPTIONS", "/options/difficulty", lambda st: None, options={"difficulty": "expert"})


def main():
    found = {}
    setup_cases(found)
    wanted = {r.code for r in GAME.rules}
    for seed in range(60):
        for n in (2, 4, 1, 3):
            for bias in (False, True):
                search(found, n, seed, bias)
        if wanted <= set(found):
            break
    from ludolog.replayer.core import parse_log, registry, replay

    registry.register(GAME)
    for code, (expect, raw, message) in list(found.items()):
        v = replay(parse_log(orjson.dumps(raw), code)).violations
        if not v or (v[0].code, v[0].move_index, v[0].pointer) != (expect["code"], expect["move_index"], expect["pointer"]):
            print(f"{code}: replay gives {v[:1]}, dropped")
            del found[code]
    for old in OUT.glob("*.json"):
        old.unlink()
    for code, (expect, raw, message) in sorted(found.items()):
        if code not in wanted:
            continue
        raw["meta"] = {"expect": expect, "source": "tests/cases/kingdom-crossing/make_cases.py",
                       "note": f"last move breaks {code}: {message}"}
        name = code.lower().replace(".", "-") + ".json"
        (OUT / name).write_bytes(orjson.dumps(raw, option=orjson.OPT_INDENT_2))
    missing = sorted(wanted - set(found))
    print(f"{len(found)} codes covered; missing: {missing}")


if __name__ == "__main__":
    main()
