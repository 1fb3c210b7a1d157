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

from .catalog import RoundRiver


@dataclass(frozen=True, slots=True)
class ShipMove:
    destination: str
    locks: tuple[str, ...]  # locks crossed, in river order
    final: bool  # the destination is the round's final space: the round ends


def counted_spaces(rr: RoundRiver, position: str, occupied: Collection[str]) -> tuple[str, ...]:
    """The spaces ahead of ``position`` that count as steps, nearest first: every harbor, and every
    other space no other ship occupies. ``occupied``: the spaces of the other ships."""
    at = rr.index[position]
    return tuple(s for i, s in enumerate(rr.path[at + 1:], at + 1) if rr.harbor[i] or s not in occupied)


def steps_to(rr: RoundRiver, position: str, to: str, occupied: Collection[str]) -> int | None:
    """The counted steps from ``position`` to ``to`` (a space ahead of it), or None when ``to``
    holds another ship and is no harbor: ``counted_spaces(...).index(to) + 1`` without listing every
    space ahead (the ship move's hot path)."""
    at, end = rr.index[position], rr.index[to]
    path, harbor = rr.path, rr.harbor
    if not harbor[end] and to in occupied:
        return None
    return sum(1 for i in range(at + 1, end + 1) if harbor[i] or path[i] not in occupied)


def has_step(rr: RoundRiver, position: str, occupied: Collection[str]) -> bool:
    """Whether ``counted_spaces`` is not empty (the nearest counted space ends the search)."""
    path, harbor = rr.path, rr.harbor
    for i in range(rr.index[position] + 1, len(path)):
        if harbor[i] or path[i] not in occupied:
            return True
    return False


def furthest_move(rr: RoundRiver, start: str, max_steps: int, occupied: Collection[str]) -> ShipMove | None:
    """The Wise Eminence's move: "never wastes steps (unless moving onto the last river space)",
    i.e. the furthest destination; None on the final space."""
    reach = counted_spaces(rr, start, occupied)[:max_steps]
    if not reach:
        return None
    a, b = rr.index[start], rr.index[reach[-1]]
    return ShipMove(reach[-1], tuple(lock for at, lock in rr.locks if a <= at < b), reach[-1] == rr.final)
