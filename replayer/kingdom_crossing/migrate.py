"""ludolog/1 -> ludolog/2: pre-declared orders become reveals at the moves that revealed them.

A ``ludolog/1`` log wrote every face-down pile in full before move 0 (the ten decks, the bird
stacks, the Queen deck, the Favor stacks, the empty-deck tiles). The migration replays it through
the engine with those orders as an oracle: wherever the engine waits for a component to be turned
face up, the oracle's next component is written as a chance move, exactly where the rules reveal
it; ``setup`` keeps only what the table sees. Other changes of form:

- Paco & Paca's ``{"type": "paco", "tiles": [a, b]}`` becomes one ``paco`` move per tile;
- a work move's ``balloon`` with ``"when": "after"`` becomes a ``fly`` move after it;
- solo logs get ``options.paco_decoration = "most_stars"``, the reading ``ludolog/1`` replayed with;
- a Favor stack that ran out was refilled from the fullest other stack: that choice is written as a
  ``restock`` move (``ludolog/1`` could not record it).

The replay of the migrated log gives the same scores, ledger and per-move rows; each migrated move
knows the ``ludolog/1`` move it came from (chance moves: the move whose resolution revealed them).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from ..core.errors import IllegalMove
from ..core.log import GameLog, Player
from ..core.migrate import Migrated
from .answers import refill_source
from .state import KCState

V2 = "ludolog/2"


@dataclass(slots=True)
class _Oracle:
    """The ``ludolog/1`` orders, consumed as the engine reveals components."""

    decks: list[list[str]]  # per space, the cards below the face-up one, top first
    empties: list[str]
    birds: list[list[str]]  # per region, top first
    queens: list[str]
    stacks: list[list[str]]  # Favor stacks, top first, kept in step with the engine


def _check_orders(cat, setup: dict) -> None:
    """The rules only a ``ludolog/1`` set-up can break: every pre-declared pile is whole.

    :raises IllegalMove: KC.SETUP.DECKS, KC.SETUP.BIRDS, KC.SETUP.QUEEN_DECK, KC.SETUP.FAVORS or
        KC.SETUP.EMPTY_TILES with the set-up pointer.
    """
    decks = setup.get("decks") or {}
    by_content = {ids: d for d, ids in cat.decks.items()}
    for sp in cat.spaces:
        order = decks.get(sp)
        if not isinstance(order, list) or not order:
            continue  # missing spaces are reported by the set-up check of the migrated log
        if by_content.get(tuple(sorted(order))) is None or len(set(order)) != len(order):
            raise IllegalMove("KC.SETUP.DECKS", f"the deck on {sp} is not one whole deck of the catalog",
                              f"/setup/decks/{sp}")
    birds = setup.get("birds") or {}
    if sorted(birds) != sorted(cat.regions):
        raise IllegalMove("KC.SETUP.BIRDS", f"bird stacks must be given for the regions {', '.join(cat.regions)}",
                          "/setup/birds")
    for reg, name in enumerate(cat.regions):
        if sorted(birds[name]) != list(cat.region_birds[reg]):
            raise IllegalMove("KC.SETUP.BIRDS", f"the {name} stack must hold exactly the {len(cat.region_birds[reg])} "
                              f"{cat.region_colour[reg]} birds", f"/setup/birds/{name}")
    queen = setup.get("queen_deck") or []
    if len(queen) != cat.rounds or len(set(queen)) != len(queen) or not set(queen) <= set(cat.queen_ids):
        raise IllegalMove("KC.SETUP.QUEEN_DECK", f"the Queen deck holds {cat.rounds} different Queen cards of "
                          f"{', '.join(cat.queen_ids)}", "/setup/queen_deck")
    stacks = setup.get("favor_stacks") or []
    display = setup.get("favor_display") or []
    pairs = setup.get("start_pairs") or []
    every = [f for st in stacks for f in st] + list(display) + [p["favor"] for p in pairs]
    if len(stacks) != cat.favor_stacks or sorted(every) != sorted(cat.favors):
        raise IllegalMove("KC.SETUP.FAVORS", "the Favor stacks, display and starting pairs must hold every Favor of "
                          "the Queen exactly once", "/setup/favor_stacks")
    empties = setup.get("empty_deck_tiles") or []
    if sorted(empties) != sorted(cat.empty_tiles):
        raise IllegalMove("KC.SETUP.EMPTY_TILES", f"the empty-deck tiles {', '.join(sorted(cat.empty_tiles))} each "
                          "appear once", "/setup/empty_deck_tiles")


def _v2_setup(setup: dict) -> dict:
    out = {"decks": {sp: order[0] if isinstance(order, list) and order else order
                     for sp, order in (setup.get("decks") or {}).items()},
           "bridge_goals": setup.get("bridge_goals"), "favor_display": setup.get("favor_display"),
           "start_pairs": setup.get("start_pairs")}
    if isinstance(setup.get("favor_stacks"), list):
        out["favor_stacks"] = [len(st) for st in setup["favor_stacks"]]
    return {k: v for k, v in out.items() if v is not None}


def _static(move: dict) -> list[dict]:
    """The ``ludolog/2`` form of one move, without the position (after the first rejected move)."""
    if not isinstance(move, dict):
        return [move]
    t = move.get("type")
    if t == "paco" and isinstance(move.get("tiles"), list) and "tile" not in move:
        return [{"type": "paco", "tile": tile} for tile in move["tiles"]] or [{"type": "paco"}]
    if t == "work" and isinstance(move.get("balloon"), dict):
        fly = move["balloon"]
        work = {k: v for k, v in move.items() if k != "balloon"}
        if fly.get("when") == "after":
            return [work, {"type": "fly", "player": move.get("player"), "to": fly.get("to")}]
        return [{**work, "balloon": {"to": fly.get("to")}}] if "to" in fly else [move]
    return [move]


def migrate(game, raw: dict) -> Migrated:
    """The ``ludolog/2`` form of a ``ludolog/1`` Kingdom Crossing log.

    A log the ``ludolog/1`` rules reject stays rejected: the moves are migrated through the engine up to
    the first rejected one, the rest by form only, so the migrated replay stops at the same move with
    the same rule code.

    :raises IllegalMove: the log breaks a rule that only its pre-declared orders show (a set-up pile
        that is not whole, a Favor drawn that was not the top of its stack); the pointer is in the
        ``ludolog/1`` log.
    """
    cat = game.cat
    setup = raw.get("setup") or {}
    players = raw.get("players") or []
    out = copy.deepcopy({k: v for k, v in raw.items() if k not in ("moves", "setup")})
    out["format"] = V2
    out["setup"] = _v2_setup(setup)
    options = dict(raw.get("options") or {})
    if len(players) == 1:
        options.setdefault("paco_decoration", "most_stars")
        out["options"] = options
    moves = raw.get("moves") or []
    result = Migrated(out, [], len(moves))
    _check_orders(cat, setup)
    ids = [p.get("id") for p in players]
    log = GameLog(file="<migration>", raw=out, game=game.name, players=[Player(i, i) for i in ids],
                  setup=out["setup"], options=options, seat_of={pid: k for k, pid in enumerate(ids)})
    new_moves: list[dict] = []
    origin = result.origin
    try:
        state = game.new_state(log)
    except IllegalMove:
        state = None  # the migrated set-up is rejected by the replay itself
    oracle = _Oracle(decks=[list(setup["decks"][sp][1:]) for sp in cat.spaces],
                     empties=list(setup["empty_deck_tiles"]),
                     birds=[list(setup["birds"][name]) for name in cat.regions],
                     queens=list(setup["queen_deck"]),
                     stacks=[list(st) for st in setup["favor_stacks"]])
    k = 0
    rest: list[dict] = []  # parts of the first rejected move, from the rejected one on
    while state is not None and k < len(moves):
        move = moves[k]
        parts = _static(move)
        owner = k - 1  # reveals before a move's first part belong to the move before it
        try:
            while parts:
                part = parts[0]
                _reveal_pending(game, state, oracle, new_moves, origin, owner)
                owner = k  # between its parts (a Paco & Paca tile that emptied a space): to the move itself
                _check_v1_only(state, oracle, part, k)
                state.ledger.move_index = len(new_moves)
                seat = log.seat_of.get(part.get("player")) if isinstance(part, dict) else None
                if isinstance(part, dict) and "player" in part and seat is None:
                    raise IllegalMove("CORE.MOVE.UNKNOWN_PLAYER", "unknown player")
                game.apply(state, part, seat)
                _follow(state, oracle, part)
                new_moves.append(part)
                origin.append(k)
                parts.pop(0)
        except IllegalMove as exc:
            if exc.pointer.startswith("/moves/"):  # a rule only the ludolog/1 form shows
                raise
            rest = parts
            break
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            rest = parts
            break  # a malformed move: the schema check of the migrated log explains it
        k += 1
    if state is not None and k == len(moves):
        _reveal_pending(game, state, oracle, new_moves, origin, k - 1)
    for part in rest:
        new_moves.append(part)
        origin.append(k)
    for j in range(k + 1 if rest else k, len(moves)):
        for part in _static(moves[j]):
            new_moves.append(part)
            origin.append(j)
    out["moves"] = new_moves
    return result


def _reveal_pending(game, s: KCState, oracle: _Oracle, new_moves: list, origin: list, source: int) -> None:
    """Write every chance move the position waits for, taken from the ``ludolog/1`` orders."""
    while s.tasks and s.tasks.top().family == "chance":
        task = s.tasks.top()
        move = _from_oracle(s, oracle, task)
        s.ledger.move_index = len(new_moves)
        game.apply(s, move, None)
        new_moves.append(move)
        origin.append(max(source, 0))


def _from_oracle(s: KCState, oracle: _Oracle, task) -> dict:
    cat = s.cat
    kind = task.kind
    if kind == "reveal":
        sp = task.space
        if oracle.decks[sp]:
            return {"type": "reveal", "space": cat.spaces[sp], "card": oracle.decks[sp].pop(0)}
        return {"type": "reveal", "space": cat.spaces[sp], "card": oracle.empties.pop(0)}
    if kind == "birds":
        reg = task.regions[0]
        stack = oracle.birds[reg]
        placed = {}
        for sp in cat.region_spaces[reg]:
            if not s.space_card[sp]:
                continue
            while stack and cat.birds[stack[0]]["back"] > s.bird_keep:
                stack.pop(0)  # discarded: its back shows more players than play
            if stack:
                placed[cat.spaces[sp]] = stack.pop(0)
        return {"type": "birds", "region": cat.regions[reg], "birds": placed}
    if kind == "queen":
        return {"type": "queen", "card": oracle.queens.pop(0)}
    if kind == "refill":
        source = refill_source(s, task)
        return {"type": "refill", "tile": oracle.stacks[source].pop(0)}
    if kind == "restock":
        empty = task.stack
        donors = [j for j in range(len(oracle.stacks)) if j != empty and len(oracle.stacks[j]) > 1]
        donor = max(donors, key=lambda d: (len(oracle.stacks[d]), -d))  # ludolog/1: the fullest other stack
        oracle.stacks[empty].append(oracle.stacks[donor].pop(0))
        return {"type": "restock", "from": donor}
    raise ValueError(kind)


def _check_v1_only(s: KCState, oracle: _Oracle, move: dict, k: int) -> None:
    """Rules of the ``ludolog/1`` form the ``ludolog/2`` form relaxed: a Favor drawn from a stack is the
    top of that stack; cashing the Invest track writes its coins."""
    if (move.get("type") == "invest" and move.get("option") == "cash" and "coins" not in move
            and s.tasks and s.tasks.top().kind == "invest"):
        raise IllegalMove("KC.INVEST.COINS", "cashing the Invest track writes the coins shown at your marker as 'coins' "
                          "(ludolog/1)", f"/moves/{k}/coins")
    if move.get("type") != "favor" or move.get("source") != "stack" or not s.tasks or s.tasks.top().kind != "favor":
        return
    i = move.get("index")
    stack = oracle.stacks[i] if isinstance(i, int) and 0 <= i < len(oracle.stacks) else None
    if stack and move.get("tile") != stack[0]:
        raise IllegalMove("KC.FAVOR.MISMATCH", f"the Favor at stack {i} is {stack[0]}, not {move.get('tile')}",
                          f"/moves/{k}/tile")


def _follow(s: KCState, oracle: _Oracle, move: dict) -> None:
    """Keep the oracle's Favor stacks in step with a Favor drawn from a stack."""
    if move.get("type") == "favor" and move.get("source") == "stack":
        oracle.stacks[move["index"]].pop(0)
