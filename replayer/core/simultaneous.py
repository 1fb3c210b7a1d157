"""Decisions made by several players at once (OpenSpiel's simultaneous node).

A game opens a :class:`SimultaneousWindow` when a set of seats decide in parallel ("all players
may ...", an interim scoring step). Each seat in it records one decision, or an explicit pass, in
any order; the window closes when every seat has acted, and only then does the game resolve it.
Meanwhile the game's ``to_move`` returns ``SIMULTANEOUS`` and its ``open_window`` returns the window.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalMove


@dataclass(slots=True)
class SimultaneousWindow:
    """An open simultaneous step: who decides, which move types belong to it, and ``decisions``:
    each seat that acted -> what the game kept of its decision (None for a pass)."""

    label: str  #: what the step is called in messages, e.g. "the interim scoring"
    seats: frozenset[int]
    move_types: frozenset[str]  #: decisions and the pass that belong to this window
    decisions: dict[int, Any] = field(default_factory=dict)

    @property
    def waiting(self) -> frozenset[int]:
        """Seats that have not decided yet."""
        return self.seats - self.decisions.keys()

    @property
    def complete(self) -> bool:
        return len(self.decisions) == len(self.seats)

    def record(self, seat: int, decision: Any = None) -> bool:
        """Keep ``seat``'s decision (after every check passed); True when the window is now complete."""
        self.decisions[seat] = decision
        return self.complete


def _names(seats, names: Sequence[str]) -> str:
    return ", ".join(names[s] if 0 <= s < len(names) else f"seat {s}" for s in sorted(seats))


def check_simultaneous(window: SimultaneousWindow | None, seat: int | None, move_type: str,
                       window_move_types: frozenset[str] | set[str], names: Sequence[str]) -> None:
    """The core's checks for a move while a window may be open (call before changing anything).
    ``window_move_types`` are the game's move types that exist only inside windows; ``names`` the
    player ids in seat order.

    :raises IllegalMove: ``CORE.SIMULTANEOUS.NOT_OPEN`` (a window decision outside a window),
        ``.INCOMPLETE`` (another move while seats still decide), ``.NOT_A_SEAT`` or ``.TWICE``.
    """
    if window is None or window.complete:
        if move_type in window_move_types:
            raise IllegalMove("CORE.SIMULTANEOUS.NOT_OPEN",
                              f"a {move_type!r} is decided by several players at once, and no such step is open now")
        return
    if move_type not in window.move_types:
        waiting = _names(window.waiting, names)
        kinds = " or ".join(map(repr, sorted(window.move_types)))
        who = f"each of them writes {kinds} (in any order)" if len(window.waiting) > 1 else f"{waiting} writes {kinds}"
        raise IllegalMove("CORE.SIMULTANEOUS.INCOMPLETE",
                          f"{window.label} still waits for {waiting}: {who} before anything else, and {move_type!r} "
                          f"is not one of those moves")
    if seat is None or seat not in window.seats:
        who = "a move without a player" if seat is None else names[seat] if 0 <= seat < len(names) else f"seat {seat}"
        raise IllegalMove("CORE.SIMULTANEOUS.NOT_A_SEAT",
                          f"{who} does not decide in {window.label} (it waits for {_names(window.waiting, names)})",
                          "/player")
    if seat in window.decisions:
        raise IllegalMove("CORE.SIMULTANEOUS.TWICE",
                          f"{names[seat]} already decided in {window.label}; it still waits for "
                          f"{_names(window.waiting, names)}", "/player")
