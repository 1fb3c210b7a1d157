"""Announcing order ("General Rules for Effects"): "Players normally act in parallel during an action
(exceptions: Settle and Cattle-breeding are one after another). To act in order during a partial
action, a player must announce it; then players resolve that partial action clockwise, starting
with the player who chose the strip." """
from __future__ import annotations

import random


from ludolog.replayer.boonlake.interim import open_interim
from ludolog.replayer.boonlake.state import Step

from .test_engine import GAME, SETUP, play, state_of
from .test_levers import A, B, refused

ANA, BEN, CLEO = 0, 1, 2



def C(t: str, **kw) -> dict:
    return {"type": t, "player": "cleo", **kw}


def three_players():
    setup = GAME.random_setup(random.Random(3), 3, {})  # ana, ben, cleo
    setup["strips"] = SETUP["strips"]  # Pioneer on row 1
    return state_of(setup, ids=("ana", "ben", "cleo"))


def test_hire_in_parallel_until_someone_announces_order():
    s = play(state_of(), A("action", strip="hire"), A("pass"), A("pass"))
    assert s.window is not None and s.window.seats == frozenset({ANA, BEN})
    play(s, B("announce"))  # Ben announces: clockwise from Ana, who chose the strip
    assert s.window is None and s.queue == [ANA, BEN]
    refused(s, B("pass"), "BOON.TURN.NOT_YOURS", "/player")
    play(s, A("pass"), B("pass"))
    assert s.step is Step.SHIP


def test_pioneers_others_in_order_each_draws_then_plays_before_the_next():
    s = three_players()
    play(s, A("action", strip="pioneer"), A("pass"), A("pass"), A("pass"), A("pass"))
    assert s.window.seats == frozenset({BEN, CLEO})  # "the right side applies only to others"
    play(s, C("announce"))
    assert s.queue == [BEN, CLEO]
    play(s, B("draw"))
    for _ in range(2):
        play(s, {"type": "card", "card": "?"})
    refused(s, C("pass"), "BOON.TURN.NOT_YOURS", "/player")  # Ben still plays or discards one of them
    play(s, B("pass"))
    assert s.queue == [CLEO]


def test_order_is_announced_before_anybody_decides_and_only_in_a_parallel_part():
    s = play(state_of(), A("action", strip="hire"))
    refused(s, A("announce"), "BOON.ORDER.NOT_PARALLEL", "/type")  # the card part is Ana's alone
    play(s, A("pass"), A("pass"), A("pass"))
    refused(s, B("announce"), "BOON.ORDER.STARTED", "/type")
    s = play(state_of(), A("action", strip="settle"), A("pass"), A("pass"))  # Settle is clockwise already
    assert s.queue == [ANA, BEN]
    refused(s, A("announce"), "BOON.ORDER.NOT_PARALLEL")
    s = state_of()
    open_interim(s)  # interim scoring steps are "resolved by all players simultaneously"
    refused(s, A("announce"), "BOON.ORDER.NOT_PARALLEL")
