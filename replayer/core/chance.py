"""The shared chance model and random play (after OpenSpiel's ``chance_outcomes``).

A game says what chance may decide now with :meth:`~ludolog.replayer.core.game.Game.chance_outcomes`;
:func:`random_move` plays from that and the legal moves. A decision's move type is drawn by the
game's weights first because a table passes less often than it bids, although one pass stands
beside a hundred bids in the listing.
"""
from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

#: one outcome of a chance step: the move a log holds, and its weight (relative odds, above 0)
Outcome = tuple[dict, float]


def pick(outcomes: Sequence[Outcome], rng: random.Random) -> dict:
    """One outcome's move, drawn with the outcomes' weights."""
    moves = [m for m, _ in outcomes]
    return rng.choices(moves, [w for _, w in outcomes])[0]


def counted(counts: Mapping[Any, int]) -> list[tuple[Any, int]]:
    """``(key, count)`` of every key still held (count above 0), in sorted key order: one item
    drawn from a pool of these counts is each key with odds ``count``."""
    return [(k, n) for k, n in sorted(counts.items()) if n > 0]


def compositions(total: int, caps: Mapping[Any, int]) -> list[dict]:
    """Every way to make ``total`` items from the kinds in ``caps`` (kind -> most available), as
    ``{kind: how many}`` with zero counts left out; the most of the first kind first."""
    kinds = [k for k, c in caps.items() if c > 0]
    out: list[dict] = []

    def rec(i: int, left: int, acc: dict) -> None:
        if i == len(kinds):
            if left == 0:
                out.append(dict(acc))
            return
        k = kinds[i]
        for n in range(min(left, caps[k]), -1, -1):
            if n:
                acc[k] = n
            rec(i + 1, left - n, acc)
            acc.pop(k, None)
    rec(0, total, {})
    return out


def draws(counts: Mapping[Any, int], n: int) -> list[tuple[dict, float]]:
    """Every way of drawing ``n`` items at once from a pool of ``counts`` (key -> how many), as
    ``({key: how many drawn}, probability)`` (the multivariate hypergeometric distribution); all of
    the pool when it holds fewer than ``n``."""
    held = dict(counted(counts))
    n = min(n, sum(held.values()))
    total = math.comb(sum(held.values()), n)
    return [(taken, math.prod(math.comb(held[k], c) for k, c in taken.items()) / total)
            for taken in compositions(n, held)]


def random_move(game, state, rng: random.Random) -> dict:
    """A legal move: chance's by its odds, else a move type drawn by weight until one has a legal
    move, in it a candidate (:meth:`~ludolog.replayer.core.game.Game.move_candidates`) drawn
    uniformly until one completes to legal moves, and one of those; a random part of that move
    (a draw from the pile it names) is then completed by its odds.

    :raises RuntimeError: no move is legal in a position that is not over (an engine bug).
    """
    outcomes = game.chance_outcomes(state)
    if outcomes:
        return pick(outcomes, rng)
    by_type = game.move_candidates(state)
    types = list(by_type)
    weights = [game.random_play_weights.get(t, 1.0) for t in types]
    while types:
        k = rng.choices(range(len(types)), weights)[0]
        candidates = list(by_type[types[k]])
        while candidates:
            i = rng.randrange(len(candidates))
            moves = game.completions(state, candidates[i])
            if moves:
                chosen = moves[0] if len(moves) == 1 else rng.choice(moves)
                outcomes = game.chance_outcomes(state, chosen)
                return pick(outcomes, rng) if outcomes else chosen
            candidates[i] = candidates[-1]  # refused: drawn again among the others
            candidates.pop()
        del types[k], weights[k]
    raise RuntimeError(f"no legal move in {game.name}: {game.describe(state)}")
