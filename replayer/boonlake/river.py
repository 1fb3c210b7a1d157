"""Ship movement along the river (Phase B), as pure functions over one round's river.

Rules text, Phase B: "You may move up to as many steps as the number on the just-uncovered
action-board space shows. Steps may go to waste, but you must advance at least 1 step." "Spaces
occupied by other ships are skipped over and not counted - unless it is a harbor (harbor spaces
are always counted)." "You may move only from the top down, never turning around. You cannot move
beyond the final space." "At the river's fork, take the upper arm in the first round and the
lower arm in the second round" (the catalog's :class:`RoundRiver` already follows it). "Locks are
not considered spaces." A ship can only end on a counted space, so it never shares a non-harbor.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .catalog import Catalog, RoundRiver


class ShipMoveError(ValueError):
    """A ship move the rules forbid; the message says why in a player's words.

    The engine's ship move (``moves.ship_move``) checks a log's ``to`` itself first (BOON.SHIP.SPACE,
    BACKWARD, OCCUPIED, TOO_FAR) and asks these functions only about spaces of the round's river;
    the Wise Eminence's ship (``furthest_move``) goes as far as the strip allows from where it
    stands. So a log never reaches this error (tests/boonlake/test_private_errors.py); it guards
    the pure functions' own callers."""


@dataclass(frozen=True, slots=True)
class ShipMove:
    start: str
    destination: str
    steps: int  # counted steps (occupied non-harbor spaces skipped and not counted)
    locks: tuple[str, ...]  # locks crossed, in river order
    final: bool  # the destination is the round's final space: the round ends


def river_for_round(cat: Catalog, rnd: int) -> RoundRiver:
    """:raises ShipMoveError: ``rnd`` is not 1 or 2 ("Boonlake is played over 2 rounds")."""
    try:
        return cat.river[rnd]
    except KeyError:
        raise ShipMoveError(f"Boonlake has rounds 1 and 2, not {rnd}") from None


def start_space(cat: Catalog, rnd: int, players: int) -> str:
    """The space every ship starts the round on.

    :raises ShipMoveError: no such round or player count (1-4).
    """
    river_for_round(cat, rnd)
    try:
        return cat.river_start[rnd][players]
    except KeyError:
        raise ShipMoveError(f"Boonlake is played by 1-4 players, not {players}") from None


def _index(rr: RoundRiver, space: str) -> int:
    try:
        return rr.index[space]
    except KeyError:
        raise ShipMoveError(f"river space {space} is not on round {rr.round}'s river") from None


def counted_spaces(rr: RoundRiver, position: str, occupied: Collection[str]) -> tuple[str, ...]:
    """The spaces ahead of ``position`` that count as steps, nearest first: every harbor, and every
    other space no other ship occupies. ``occupied``: the spaces of the other ships.

    :raises ShipMoveError: ``position`` is not on this round's river.
    """
    at = _index(rr, position)
    taken = set(occupied)
    return tuple(s for i, s in enumerate(rr.path[at + 1:], at + 1) if rr.harbor[i] or s not in taken)


def steps_to(rr: RoundRiver, position: str, to: str, occupied: Collection[str]) -> int | None:
    """The counted steps from ``position`` to ``to`` (a space ahead of it), or None when ``to``
    holds another ship and is no harbor: ``counted_spaces(...).index(to) + 1`` without listing every
    space ahead (the ship move's hot path).

    :raises ShipMoveError: either space is not on this round's river.
    """
    at, end = _index(rr, position), _index(rr, to)
    path, harbor = rr.path, rr.harbor
    if not harbor[end] and to in occupied:
        return None
    return sum(1 for i in range(at + 1, end + 1) if harbor[i] or path[i] not in occupied)


def has_step(rr: RoundRiver, position: str, occupied: Collection[str]) -> bool:
    """Whether ``counted_spaces`` is not empty (the nearest counted space ends the search).

    :raises ShipMoveError: ``position`` is not on this round's river.
    """
    path, harbor = rr.path, rr.harbor
    for i in range(_index(rr, position) + 1, len(path)):
        if harbor[i] or path[i] not in occupied:
            return True
    return False


def destinations(rr: RoundRiver, position: str, max_steps: int, occupied: Collection[str]) -> tuple[str, ...]:
    """Where the ship may end with 1 up to ``max_steps`` counted steps (index k-1: k steps).
    Empty only on the final space, where no step is possible.

    :raises ShipMoveError: ``position`` is not on this round's river or ``max_steps`` is below 1.
    """
    if max_steps < 1:
        raise ShipMoveError(f"an action-board space allows at least 1 step, not {max_steps}")
    return counted_spaces(rr, position, occupied)[:max_steps]


def locks_between(rr: RoundRiver, start: str, destination: str) -> tuple[str, ...]:
    """The locks a ship passes moving from ``start`` down to ``destination`` (locks are not spaces).

    :raises ShipMoveError: either space is not on this round's river.
    """
    a, b = _index(rr, start), _index(rr, destination)
    return tuple(lock for at, lock in rr.locks if a <= at < b)


def move_ship(rr: RoundRiver, start: str, destination: str, max_steps: int, occupied: Collection[str]) -> ShipMove:
    """Check and describe a ship's move from ``start`` to ``destination``.

    :raises ShipMoveError: the move goes nowhere or backwards, ends on a space another ship holds
        (not a harbor), needs more steps than ``max_steps``, or leaves this round's river.
    """
    ahead = counted_spaces(rr, start, occupied)
    if destination == start:
        raise ShipMoveError("the ship must advance at least 1 step")
    if _index(rr, destination) < _index(rr, start):
        raise ShipMoveError(f"ships move only downstream; {destination} lies behind {start}")
    if destination not in ahead:
        raise ShipMoveError(f"river space {destination} is taken by another ship and is not a harbor")
    steps = ahead.index(destination) + 1
    if steps > max_steps:
        raise ShipMoveError(f"reaching {destination} takes {steps} steps; the action-board space allows {max_steps}")
    return ShipMove(start, destination, steps, locks_between(rr, start, destination), destination == rr.final)


def furthest_move(rr: RoundRiver, start: str, max_steps: int, occupied: Collection[str]) -> ShipMove | None:
    """The Wise Eminence's move: "never wastes steps (unless moving onto the last river space)",
    i.e. the furthest destination; None on the final space.

    :raises ShipMoveError: as :func:`destinations`.
    """
    reach = destinations(rr, start, max_steps, occupied)
    return move_ship(rr, start, reach[-1], max_steps, occupied) if reach else None


def triggering_locks(move: ShipMove, crossed_this_round: Collection[str]) -> tuple[str, ...]:
    """The locks whose crossing by this move triggers an interim scoring: those no ship has crossed
    yet this round ("If another player has already crossed that lock this round, you do not trigger
    a scoring")."""
    done = set(crossed_this_round)
    return tuple(lock for lock in move.locks if lock not in done)
