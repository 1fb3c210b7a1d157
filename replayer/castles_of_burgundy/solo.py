"""The Solo mini expansion's victory point counter and target marker.

Solo text: "Place one of your pieces on a space 0 of the victory point track as a victory point
counter and the other piece on the 50 as target marker." "When your victory point counter reaches
the target victory point marker, put it back on space 0 (any remaining victory points are lost),
then move the target marker down 5 space (e.g. from 50 to 45, next time to 40 etc). Immediately
after resetting the victory point counter you may carry out a dice action of your choice."
"Each victory point costs 1 Silverling." "exchange any 5 of your goods for a single tile from the
black depot". "You win the game if you manage to occupy all 37 hex spaces of your estate within
25 rounds." Where the target stops: see the package docstring (``target_minimum``).
"""
from __future__ import annotations

from dataclasses import dataclass

from .catalog import SoloRules


@dataclass(frozen=True, slots=True)
class VpGain:
    """The VP counter and target after a gain, and whether the target was reached."""

    counter: int
    target: int
    reached: bool  # the counter went back to 0: the player may take one extra die action now


def gain_vp(rules: SoloRules, counter: int, target: int, vp: int) -> VpGain:
    """Move the VP counter ``vp`` spaces; on reaching the target it goes back to 0 (the VP beyond it
    are lost) and the target moves down one step (never below the minimum)."""
    moved = counter + vp
    if moved < target:
        return VpGain(moved, target, False)
    return VpGain(0, max(rules.target_minimum, target - rules.target_step), True)
