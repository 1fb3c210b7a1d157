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


# -- the right side ahead of the middle -----------------------------------------------------------------------
# Phase A: "After that, all players (yourself included) may carry out the effect to the right of the arrow.
# Unless stated otherwise, others may execute this even while the active player is still resolving the effects
# to the left of the arrow."

def _anas(s, t: str) -> dict:
    """One of Ana's legal moves of type ``t`` (the listing's, so the test needs no board geometry)."""
    return next(m for m in GAME.legal_moves(s) if m["type"] == t and m.get("player") == "ana")


def test_others_hire_while_the_active_player_still_explores():
    s = play(state_of(), A("action", strip="hire"))
    ben = s.players[BEN]
    coins, ranch = ben.coins, ben.ranch
    play(s, B("hire", coins=1))  # before Ana's card part: 3 coins for 1 inhabitant ("Hire")
    assert (ben.coins, ben.ranch) == (coins - 3, ranch + 1) and s.step is Step.CARD and s.current == ANA
    play(s, A("pass"))  # the card part; the inhabitant of the middle is taken, then the explore
    assert s.step is Step.MIDDLE
    play(s, _anas(s, "explore"))
    # the part opens for everybody with Ben's decision in it: only Ana's is still to come
    assert s.step is Step.RIGHT and s.window.waiting == frozenset({ANA})
    play(s, A("pass"))
    assert s.step is Step.SHIP


def test_a_log_writing_the_others_hire_before_the_explore_replays_valid():
    from ludolog.replayer.core import parse_log, replay
    import orjson

    from .test_engine import log_of
    s = play(state_of(), A("action", strip="hire"), B("hire", coins=1), A("pass"))
    explore = _anas(s, "explore")
    moves = [A("action", strip="hire"), B("hire", coins=1), A("pass"), explore, A("pass")]
    result = replay(parse_log(orjson.dumps(log_of(SETUP, moves)), "ahead.json"))
    assert result.violations == [] and result.applied == len(moves)


def test_a_decision_ahead_is_made_once_and_begins_the_part():
    s = play(state_of(), A("action", strip="hire"), B("pass"))
    refused(s, B("hire", coins=1), "CORE.SIMULTANEOUS.TWICE", "/player")
    play(s, A("pass"), A("pass"))  # the card part, the explore
    refused(s, A("announce"), "BOON.ORDER.STARTED", "/type")  # Ben's decision began the part


def test_pioneers_others_draw_and_play_ahead_of_the_explores():
    s = three_players()
    play(s, A("action", strip="pioneer"), C("draw"))
    play(s, {"type": "card", "card": "?"}, {"type": "card", "card": "?"})
    assert s.pending == {CLEO: "play_any"} and s.step is Step.CARD
    play(s, C("pass"))  # "then play 1 card of any kind": Cleo declines
    assert s.ahead.decisions == {CLEO: "pass"}
    play(s, A("pass"), A("pass"), A("pass"), A("pass"))  # Ana's card part, two explores, develop or upgrade
    assert s.step is Step.RIGHT and s.window.waiting == frozenset({BEN})  # "only the other players"


def test_where_stated_otherwise_the_others_wait_for_the_middle():
    # Settle: "all players - beginning with you, then clockwise"; Region scoring: "the other 3 regions" are known
    # once the active player has chosen one
    for strip in ("settle", "cattle_breeding", "region_scoring"):
        s = play(state_of(), A("action", strip=strip))
        assert s.ahead is None
        refused(s, B("pass"), "BOON.TURN.NOT_YOURS", "/player")


def test_a_wrong_move_ahead_says_what_may_be_written_there():
    s = play(state_of(), A("action", strip="hire"), A("pass"))
    err = refused(s, B("explore", tile="B20", space=7), "BOON.TURN.WRONG_STEP", "/type")
    assert "ben may decide the right-side part of Hire while ana resolves the left of the arrow" in err.message
    assert "'hire' or 'pass' or 'lever'" in err.message
