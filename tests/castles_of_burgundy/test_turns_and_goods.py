"""The turn-order track, from the supplement's sentences."""
from __future__ import annotations

import pytest

from ludolog.replayer.castles_of_burgundy.turns import advance, start_track, turn_order


def test_turn_order_track():
    # "All turn-order markers start on the first space of the track, stacked with the start player on top";
    # "Turn order is the rightmost (most advanced) space first; inside a stack, the top marker goes first."
    track = start_track(["ann", "bob", "cy", "di"])
    assert turn_order(track) == ("ann", "bob", "cy", "di")
    # "Move the turn-order marker **1 space forward**. If that space is occupied, put the marker **on top**"
    track = advance(track, "cy")
    assert turn_order(track) == ("cy", "ann", "bob", "di")
    track = advance(track, "di")
    assert turn_order(track) == ("di", "cy", "ann", "bob")
    track = advance(track, "cy")
    assert turn_order(track) == ("cy", "di", "ann", "bob")
    with pytest.raises(ValueError):
        advance(track, "eve")


def test_turn_track_positions():
    track = advance(start_track(["ann", "bob"]), "bob", 2)
    assert track.spaces == (("ann",), (), ("bob",))
    assert (track.position("ann"), track.position("bob")) == (0, 2)
    assert advance(track, "ann").spaces == ((), ("ann",), ("bob",))
