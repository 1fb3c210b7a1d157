"""Applying a move: the checks every move passes (the game not over, the cards owed named first, a
card drawn when one is due, the step's move types, whose decision it is), then each move type handed
to the module that applies it (:mod:`.turn`, :mod:`.levers`, :mod:`.interim`, :mod:`.solo_turn`,
:mod:`.resolve`), then what follows the move (:func:`settle`).

Every rule of a move is checked before anything changes, or the move is applied on a copy-guarded
state: :func:`apply` restores the position when a check after the first change fails, so a rejected
move changes nothing; :func:`apply_unguarded` is the same without the copy (the replay driver
rebuilds the position of a rejected move from the log).
"""
from __future__ import annotations

from ..core.cloning import restore
from ..core.errors import IllegalMove
from ..core.game import CHANCE
from ..core.simultaneous import check_simultaneous
from . import interim, levers, solo_turn, turn
from .render import waiting
from .resolve import give_card, refill_deck, reveal_card
from .state import BoonlakeState, Step
from .state import fast_clone as clone_fields

#: moves whose every check precedes their first change (taking a strip, passing, announcing order;
#: a card drawn too, whenever one is due)
_CHECKED_FIRST = frozenset({"action", "pass", "announce"})
#: move types that exist only inside a simultaneous window
WINDOW_ONLY = frozenset({"score"})


def settle(s: BoonlakeState) -> None:
    """What follows a move once nothing is owed: the deck refilled, then the turn's automatic steps."""
    if s.gives.items:
        return  # the cards given up are named first; what follows the move (draws included) waits
    refill_deck(s)
    if s.solo is not None and s.solo.pending_tiles:
        return  # the gray tiles the Wise Eminence drew are written first ('mound' moves)
    turn.settle(s)


def chance_due(s: BoonlakeState) -> bool:
    """A random outcome is to be written next: a card drawn, or the Wise Eminence's reveals."""
    if s.gives.items:
        return False
    return bool(s.draws) or (s.solo is not None and s.step is not Step.END and turn.expect(s)[0] == CHANCE)


def dispatch(s: BoonlakeState, seat: int, move: dict) -> None:
    """Apply a player's move at the current step (the step and the seat are checked before)."""
    step, t = s.step, move["type"]
    if t == "lever":
        levers.lever_move(s, seat, move)
    elif (step is Step.CARD or step is Step.MIDDLE) and seat != s.current:  # the right side, ahead of the middle
        turn.right_decision(s, seat, move)
    elif step is Step.ACTION:
        turn.take_action(s, seat, move)
    elif step is Step.CARD:
        turn.card_part(s, seat, move)
    elif step is Step.MIDDLE:
        if t == "pass":
            s.middle.pop(0)
        else:
            turn.middle_part(s, seat, move)
    elif step is Step.RIGHT:
        turn.right_decision(s, seat, move)
    elif step is Step.SHIP:
        turn.ship_move(s, seat, move)
    elif step is Step.INTERIM:
        if t == "score":
            interim.score_tile(s, seat, move)
        else:
            interim.interim_action(s, seat, move)


def _check_lever_held(s: BoonlakeState, seat: int, move: dict) -> None:
    """A lever move by a player who owns no lever on that space, or whose lever there is down
    already, is refused for that (not for whose turn it is).

    :raises IllegalMove: BOON.LEVER.NOT_OWNED, BOON.LEVER.USED."""
    space = move.get("lever")
    p = s.players[seat]
    if space not in s.cat.lever_spaces:
        return
    if space not in p.levers:
        raise IllegalMove("BOON.LEVER.NOT_OWNED", f"{s.ids[seat]} has no lever on space {space} (a lever is placed "
                                                  f"there by modernizing first)", "/lever")
    if p.levers[space]:
        raise IllegalMove("BOON.LEVER.USED", f"{s.ids[seat]}'s lever on {space} is already down (used): it moves "
                                             f"back up at the next interim scoring", "/lever")


def apply(s: BoonlakeState, move: dict, seat: int | None) -> None:
    """:raises IllegalMove: the move breaks a rule; the state is unchanged (restored from a copy
    made before a move whose checks do not all precede its first change)."""
    if s.draws or move["type"] in _CHECKED_FIRST:  # a card drawn, taking a strip, passing, announcing
        apply_unguarded(s, move, seat)
        return
    before = clone_fields(s)
    try:
        apply_unguarded(s, move, seat)
    except IllegalMove:
        restore(s, before)
        raise


def apply_unguarded(s: BoonlakeState, move: dict, seat: int | None) -> None:
    """:raises IllegalMove: the move breaks a rule; ``s`` may be half-changed (see
    Game.apply_unguarded)."""
    if s.step is Step.END:
        raise IllegalMove("BOON.TURN.WRONG_STEP", "the game is over", "/type")
    t = move["type"]
    if s.gives.items:
        owed = s.gives.items[-1].seat
        if t != "give":
            raise IllegalMove("BOON.TURN.WRONG_STEP", f"no {t!r} move can come now: {waiting(s, owed)}", "/type")
        if seat != owed:
            raise IllegalMove("BOON.TURN.NOT_YOURS", f"the cards owed are {s.ids[owed]}'s to name, not "
                                                     f"{move.get('player')}'s", "/player")
        give_card(s, seat, move)  # every check precedes the change
        settle(s)
        return
    if t == "give":
        raise IllegalMove("BOON.TURN.WRONG_STEP", "no card is owed now; 'give' moves follow a move that gives up "
                                                  "cards", "/type")
    if s.draws:
        if t != "card":
            raise IllegalMove("BOON.TURN.WRONG_STEP", f"no {t!r} move can come now: {waiting(s, s.draws[0])}", "/type")
        reveal_card(s, move["card"])
        settle(s)
        return
    if t == "card":
        raise IllegalMove("BOON.TURN.WRONG_STEP", "no card is being drawn now; 'card' moves follow the effect that draws",
                          "/type")
    if t == "announce":  # every check precedes the change
        turn.announce_order(s, seat)
        return
    if t == "lever" and seat in s.forgone and move["lever"] in s.cat.lever_spaces \
            and s.cat.lever_spaces[move["lever"]].top_row:
        raise IllegalMove("BOON.LEVER.ONE_TOP_ROW", f"{s.ids[seat]} already forwent this action's all-players part for "
                                                    f"a top-row lever: only 1 of them per action", "/lever")
    check_simultaneous(s.window, seat, t, WINDOW_ONLY, s.ids)
    ahead = s.ahead
    if ahead is not None and seat in ahead.decisions and t in ahead.move_types \
            and (s.step is Step.CARD or s.step is Step.MIDDLE):
        raise IllegalMove("CORE.SIMULTANEOUS.TWICE", f"{s.ids[seat]} already decided {ahead.label}; "
                                                     f"{waiting(s, s.current)}", "/player")
    want, types = turn.expect(s, seat)
    if t not in types:
        who = None if want == CHANCE else seat if want < 0 else want  # chance: the table writes it
        words = waiting(s, who)
        # the table's move names its type already ("(an 'eminence' move)"): not twice
        tail = (f"{words[:-1]}, round {s.rnd})" if words.endswith(" move)")
                else f"{words} (write {' or '.join(map(repr, types))}; round {s.rnd})")
        raise IllegalMove("BOON.TURN.WRONG_STEP", f"no {t!r} move is possible now: {tail}", "/type")
    if want == CHANCE:  # the Wise Eminence's reveals (cards drawn are handled above)
        solo_turn.apply(s, move)
    else:
        if want >= 0 and seat != want:
            if t == "lever" and seat is not None:  # the lever's own fault names the real reason
                _check_lever_held(s, seat, move)
            raise IllegalMove("BOON.TURN.NOT_YOURS", f"it is {s.ids[want]}'s decision, not {move.get('player')}'s: "
                                                     f"{waiting(s, want)}", "/player")
        dispatch(s, seat, move)
    settle(s)
