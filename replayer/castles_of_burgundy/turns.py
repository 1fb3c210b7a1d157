"""The turn-order track: markers stack on a space; the most advanced space goes first and inside a
stack the top marker goes first.

Supplement 3.3: "Turn order is the rightmost (most advanced) space first; inside a stack, the top
marker goes first." Set-up (4.5): "All turn-order markers start on the first space of the track,
stacked with the start player on top, then the 2nd, and so on." Ship (8): "Move the turn-order
marker 1 space forward. If that space is occupied, put the marker on top of the stack."
The track's printed length is not known; the track here has no end (ships per player stay far
below any printed length).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TurnTrack:
    """``spaces[k]``: the markers on space k (0 = first space), bottom of the stack first."""

    spaces: tuple[tuple[str, ...], ...]

    def position(self, player: str) -> int:
        """:raises ValueError: the player has no marker on the track."""
        for k, stack in enumerate(self.spaces):
            if player in stack:
                return k
        raise ValueError(f"{player!r} has no turn-order marker")


def start_track(seats: Sequence[str]) -> TurnTrack:
    """All markers on the first space, the start player (``seats[0]``) on top."""
    return TurnTrack((tuple(reversed(seats)),))


def advance(track: TurnTrack, player: str, steps: int = 1) -> TurnTrack:
    """The track after ``player``'s marker moves ``steps`` spaces forward, on top of any stack there."""
    start = track.position(player)
    spaces = [tuple(p for p in stack if p != player) for stack in track.spaces]
    target = start + steps
    spaces.extend(() for _ in range(target + 1 - len(spaces)))
    spaces[target] = (*spaces[target], player)
    return TurnTrack(tuple(spaces))


def turn_order(track: TurnTrack) -> tuple[str, ...]:
    """Players in the order they take their turns."""
    return tuple(p for stack in reversed(track.spaces) for p in reversed(stack))
