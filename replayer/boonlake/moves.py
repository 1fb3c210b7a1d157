"""Applying a move: the checks every move passes (the game not over, the cards owed named first, a
card drawn when one is due, the step's move types, whose decision it is), the turn's own moves
(rules text, "Phase A", "Phase B"), then what follows (:func:`settle`). A move whose checks do not
all precede its first change goes through the core's :func:`~ludolog.replayer.core.cloning.guarded`,
so a rejected move changes nothing.
"""
from __future__ import annotations

from ..core.cloning import guarded
from ..core.errors import IllegalMove
from ..core.game import CHANCE
from ..core.simultaneous import check_simultaneous
from . import building, cards, interim, levers, solo_turn, turn
from .action_board import take_strip
from .board import region_scoring_coins
from .effects import EffectKind, StripPart
from .render import waiting
from .resolve import (Choices, apply_effect, draw_cards, gain_vp, give_card, give_up_inhabitants, refill_deck,
                      reveal_card)
from .river import steps_to
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
    elif step is Step.RIGHT or ((step is Step.CARD or step is Step.MIDDLE) and seat != s.current):
        # the right side: open for all, or decided ahead of the active player's middle
        right_decision(s, seat, move)
    elif step is Step.ACTION:
        take_action(s, seat, move)
    elif step is Step.CARD:
        card_part(s, seat, move)
    elif step is Step.MIDDLE:
        if t == "region":
            s.region_chosen = building.region_label(s, seat, move)
        elif t != "pass":
            effect_move(s, seat, move, s.middle[0])
        s.middle.pop(0)
    elif step is Step.SHIP:
        ship_move(s, seat, move)
    elif step is Step.INTERIM:
        if t == "score":
            interim.score_tile(s, seat, move)
        else:
            interim.interim_action(s, seat, move)


# -- each move type --------------------------------------------------------------------------

def announce_order(s: BoonlakeState, seat: int) -> None:
    """"To act in order during a partial action, a player must announce it; then players resolve
    that partial action clockwise, starting with the player who chose the strip." The open
    right-side window becomes a clockwise queue of its seats.

    :raises IllegalMove: BOON.ORDER.NOT_PARALLEL (no parallel part of an action open for the seat),
        BOON.ORDER.STARTED (a decision was already made in it).
    """
    window = s.window
    if s.step is not Step.RIGHT or window is None or seat not in window.seats:
        raise IllegalMove("BOON.ORDER.NOT_PARALLEL", "order is announced for a part of an action the players resolve in "
                                                     f"parallel, that {s.ids[seat]} takes part in; none is open now", "/type")
    if window.decisions:
        raise IllegalMove("BOON.ORDER.STARTED", f"{window.label} has begun in parallel "
                                                f"({', '.join(s.ids[k] for k in window.decisions)} decided): order is "
                                                f"announced before anybody decides", "/type")
    s.queue = [(s.current + k) % s.n for k in range(s.n) if (s.current + k) % s.n in window.seats]
    s.window = None


# -- phase A ---------------------------------------------------------------------------------

def take_action(s: BoonlakeState, seat: int, move: dict) -> None:
    strip = move["strip"]  # one of the 7 (the schema's enum)
    taken = take_strip(s.cat, s.strips, strip)
    gain_vp(s, seat, -taken.vp_cost, "action_rows", f"{s.cat.strips[strip].name} taken from row {taken.row}")
    s.strip, s.steps = strip, taken.steps
    s.strips = list(taken.order)  # phase C's result: the strip at the bottom, the others pushed up
    s.middle = [p._value_ for p in s.cat.strips[strip].middle]
    s.region_chosen = ""
    s.forgone.clear()
    s.pending.clear()
    s.ahead = turn.ahead_window(s)
    if s.cat.strips[strip].card == "builder":
        s.players[seat].coins += s.cat.builder_coins
        s.step = Step.MIDDLE
    else:
        s.step = Step.CARD


def card_part(s: BoonlakeState, seat: int, move: dict) -> None:
    kind = s.cat.strips[s.strip].card
    if move["type"] == "play":
        cards.play_card(s, seat, move, kind)
    elif move["type"] == "project":  # "Each project counts as all 3 kinds"
        cards.play_project(s, seat, move)
    elif move["type"] == "discard":
        cards.discard_card(s, seat, move, kind)
    s.step = Step.MIDDLE


#: the moves that resolve one effect of a strip the same way wherever it is offered (middle or right side)
_EFFECT_MOVES = {"explore": building.explore, "develop": building.develop, "upgrade": building.upgrade,
                 "pasture": building.place_pasture, "cattle": building.place_cattle, "hire": building.hire,
                 "project": cards.play_project}


def effect_move(s: BoonlakeState, seat: int, move: dict, part: str) -> None:
    """A move resolving one effect of the strip's ``part``: a board effect, a card of any kind, the
    part's cards drawn, a lever placed (its costs are the part's own: the caller's)."""
    t = move["type"]
    if t in _EFFECT_MOVES:
        _EFFECT_MOVES[t](s, seat, move)
    elif t == "play":
        cards.play_card(s, seat, move, None)
    elif t == "draw":
        draw_cards(s, seat, turn.DRAW_COUNTS[part])
    elif t == "modernize":
        building.modernize(s, seat, move["lever"])


def right_decision(s: BoonlakeState, seat: int, move: dict) -> None:
    """One seat's right-side decision (a window's or a clockwise one)."""
    part = turn.right_part(s)
    t = move["type"]
    s.pending.pop(seat, None)
    done = True
    if t == "pass":
        if part == StripPart.SCORE_OTHER_REGIONS:  # a lever holder keeps the coins
            s.players[seat].coins += region_scoring_coins(s.cat, s.region_chosen, s.presences(seat))
    elif t == "discard":
        cards.discard_card(s, seat, move, None)
    else:
        if t == "modernize":
            give_up_inhabitants(s, seat, 1, "/lever", "modernizing in the others' part of Progress")
        effect_move(s, seat, move, part)
        if t == "draw" and part == StripPart.DRAW_2_THEN_PLAY_ANY:
            s.pending[seat] = "play_any"
            done = False
    if s.step is not Step.RIGHT:  # ahead of the active player's middle
        if done:
            s.ahead.record(seat, t)
    elif s.window is not None:
        if done:
            s.window.record(seat, t)
    elif done:  # clockwise: Pioneer's others draw, then play, before the next one
        s.queue.pop(0)


# -- phase B ---------------------------------------------------------------------------------

def ship_move(s: BoonlakeState, seat: int, move: dict) -> None:
    cat = s.cat
    rr = cat.river[s.rnd]
    p = s.players[seat]
    to = move["to"]
    if to not in rr.index:
        raise IllegalMove("BOON.SHIP.SPACE", f"river space {to!r} is not on round {s.rnd}'s river", "/to")
    start = p.ship
    if rr.index[to] <= rr.index[start]:
        raise IllegalMove("BOON.SHIP.BACKWARD", f"the ship must advance at least 1 step downstream from {start}; "
                                                f"{to} is not ahead of it", "/to")
    steps = steps_to(rr, start, to, s.other_ships(seat))
    if steps is None:
        raise IllegalMove("BOON.SHIP.OCCUPIED", f"river space {to} holds another ship and is not a harbor", "/to")
    if steps > s.steps:
        raise IllegalMove("BOON.SHIP.TOO_FAR", f"reaching {to} takes {steps} steps; the space the strip was taken from "
                                               f"allows {s.steps}", "/to")
    crossed = [lock for at, lock in rr.locks if rr.index[start] <= at < rr.index[to]]
    p.ship = to
    space = cat.river_spaces[to]
    ch = Choices(move)
    if space.reward is not None:
        apply_effect(s, seat, space.reward, ch)
        kind = space.reward.kind
        if kind is EffectKind.TAKE_COINS:
            p.coins += p.permanent.get(EffectKind.COIN_SPACE_BONUS.value, 0)
        elif kind is EffectKind.TAKE_VASES or (kind is EffectKind.VASE_OR_PRODUCTION_SITE and not ch.sites):
            p.vases += p.permanent.get(EffectKind.VASE_SPACE_BONUS.value, 0)
    bonus = p.permanent.get(EffectKind.HARBOR_BONUS.value, 0)
    if space.harbor and bonus:
        what = move.get("bonus")
        if what not in ("coins", "cards"):
            raise IllegalMove("BOON.CHOICE.HARBOR", f"in a harbor {s.ids[seat]} takes {bonus} coins or {bonus} cards: "
                                                    f"write 'bonus'", "/bonus")
        if what == "coins":
            p.coins += bonus
        else:
            draw_cards(s, seat, bonus)
    elif "bonus" in move:
        raise IllegalMove("BOON.CHOICE.UNUSED", "no harbor bonus applies to this ship move", "/bonus")
    ch.finish()
    turn.after_ship(s, crossed, to == rr.final)


# -- applying a move: the checks every move passes -------------------------------------------

def apply(s: BoonlakeState, move: dict, seat: int | None) -> None:
    """:raises IllegalMove: the move breaks a rule; the state is unchanged (a move whose checks do
    not all precede its first change is guarded by a copy)."""
    if s.draws or move["type"] in _CHECKED_FIRST:  # a card drawn, taking a strip, passing, announcing
        _apply(s, move, seat)
    else:
        guarded(_apply, s, move, seat, clone_fields)


def _apply(s: BoonlakeState, move: dict, seat: int | None) -> None:
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
        announce_order(s, seat)
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
            if t == "lever" and seat is not None and move["lever"] in s.cat.lever_spaces:
                levers.lever_down(s, seat, move["lever"], "/lever")  # the lever's own fault names the real reason
            raise IllegalMove("BOON.TURN.NOT_YOURS", f"it is {s.ids[want]}'s decision, not {move.get('player')}'s: "
                                                     f"{waiting(s, want)}", "/player")
        dispatch(s, seat, move)
    settle(s)
