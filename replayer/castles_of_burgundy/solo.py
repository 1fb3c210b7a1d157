"""The numbers of the Solo mini expansion as pure functions: the victory point target marker,
buying VP with silverlings, trading goods for a black-depot tile, and the win.

Solo text: "Place one of your pieces on a space 0 of the victory point track as a victory point
counter and the other piece on the 50 as target marker." "When your victory point counter reaches
the target victory point marker, put it back on space 0 (any remaining victory points are lost),
then move the target marker down 5 space (e.g. from 50 to 45, next time to 40 etc). Immediately
after resetting the victory point counter you may carry out a dice action of your choice."
"Each victory point costs 1 Silverling." "exchange any 5 of your goods for a single tile from the
black depot". "You win the game if you manage to occupy all 37 hex spaces of your estate within
25 rounds."

The text does not say where the target stops; the catalog's ``target_minimum`` (5) is ludolog's
reading (a target of 0 would be reached at once).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .catalog import SoloRules


def target_sequence(rules: SoloRules) -> tuple[int, ...]:
    """The targets in the order the marker shows them: 50, 45, 40 ... down to the minimum."""
    return tuple(range(rules.target_start, rules.target_minimum - 1, -rules.target_step))


@dataclass(frozen=True, slots=True)
class VpGain:
    """The VP counter and target after a gain, and whether the target was reached."""

    counter: int
    target: int
    reached: bool  # the counter went back to 0: the player may take one extra die action now
    lost: int  # VP beyond the target, lost by the reset


def gain_vp(rules: SoloRules, counter: int, target: int, vp: int) -> VpGain:
    """Move the VP counter ``vp`` spaces; on reaching the target it goes back to 0 and the target
    moves down one step (never below the minimum).

    :raises ValueError: ``vp`` is negative, or the counter is not below the target.
    """
    if vp < 0:
        raise ValueError(f"a gain of {vp} VP is not a gain")
    if not 0 <= counter < target:
        raise ValueError(f"the VP counter ({counter}) is always below the target marker ({target})")
    moved = counter + vp
    if moved < target:
        return VpGain(moved, target, False, 0)
    return VpGain(0, max(rules.target_minimum, target - rules.target_step), True, moved - target)


def vp_price(rules: SoloRules, vp: int) -> int:
    """Silverlings that buy ``vp`` victory points.

    :raises ValueError: ``vp`` < 1.
    """
    if vp < 1:
        raise ValueError(f"buy at least 1 VP, not {vp}")
    return vp * rules.silverlings_per_vp


def trade_for_black_tile(rules: SoloRules, held: Mapping[int, int], given: Mapping[int, int]) -> dict[int, int]:
    """The goods left after giving ``given`` (die number -> tiles) for one black-depot tile: any mix
    of exactly ``goods_for_black_tile`` tiles the player holds.

    :raises ValueError: the count is not exactly 5, or the player does not hold what is given.
    """
    total = sum(given.values())
    if total != rules.goods_for_black_tile or any(n < 0 for n in given.values()):
        raise ValueError(f"a black tile costs exactly {rules.goods_for_black_tile} goods, not {total}")
    short = sorted(d for d, n in given.items() if n > held.get(d, 0))
    if short:
        raise ValueError(f"not enough goods of type {', '.join(map(str, short))} to give")
    left = {d: held.get(d, 0) - given.get(d, 0) for d in set(held) | set(given)}
    return {d: n for d, n in sorted(left.items()) if n}


def solo_won(rules: SoloRules, filled_spaces: int, rounds_played: int) -> bool:
    """Whether the estate is full within the Solo game's rounds."""
    return filled_spaces >= rules.spaces_to_win and rounds_played <= rules.rounds
