"""The turn's sequence: which seat decides what at each step of phase A (the strip, the card part,
the middle effects, the right-side part), phase B (the ship) and phase C (the strips pushed
together), the steps that need no decision, and what follows a turn (interim scorings, the end of a
round, the end of the game). The moves of each part are applied in :mod:`.moves`.

Rules text: "Course of the Game", "Phase A", "Phase B", "Phase C", "The Actions". The right-side
part is a simultaneous window of the core (each seat decides once, in any order) except Settle and
Cattle-breeding, which go clockwise from the active player; the other players may decide a parallel
one ahead of the active player's middle (:func:`ahead_window`, the package docstring's reading).
Order is announced when the part opens for everybody, before any decision (an early decision has
begun the part: BOON.ORDER.STARTED). The solo game has no other player.
"""
from __future__ import annotations

from ..core.game import CHANCE, SIMULTANEOUS
from ..core.simultaneous import SimultaneousWindow
from .board import region_scoring_coins, tile_spaces
from .effects import StripPart
from .eminence import score_other_regions
from .interim import INTERIM_MOVES, after_scorings, open_interim
from .levers import region_lever_holder
from .resolve import take_inhabitants
from .river import furthest_move, has_step
from .state import BoonlakeState, Step

#: the moves that answer each middle part (``pass`` omits it)
MIDDLE_MOVES: dict[str, tuple[str, ...]] = {
    StripPart.EXPLORE.value: ("explore",), StripPart.DEVELOP_OR_UPGRADE.value: ("develop", "upgrade"),
    StripPart.PLACE_PASTURE.value: ("pasture",), StripPart.REGION_LABEL.value: ("region",),
    StripPart.MODERNIZE.value: ("modernize",), StripPart.PLAY_ANY_OR_DRAW_2.value: ("play", "project", "draw"),
}
#: the moves that answer each right-side part (``pass`` declines it)
RIGHT_MOVES: dict[str, tuple[str, ...]] = {
    StripPart.DRAW_2_THEN_PLAY_ANY.value: ("draw",),
    StripPart.DEVELOP_OR_UPGRADE_OR_PLAY_ANY.value: ("develop", "upgrade", "play", "project", "discard"),
    StripPart.PLACE_CATTLE_OR_PLAY_ANY.value: ("cattle", "play", "project", "discard"),
    StripPart.BUY_INHABITANTS.value: ("hire",),
    StripPart.MODERNIZE_FOR_INHABITANT_OR_DRAW.value: ("modernize", "draw"),
    StripPart.PLAY_ANY.value: ("play", "project", "discard"),
    StripPart.SCORE_OTHER_REGIONS.value: (),  # a window only for lever holders: 'pass' takes the coins
}
#: what a seat must still do inside a window after a first decision
PENDING_MOVES = {"play_any": ("play", "project", "discard", "pass", "lever")}
REGION_TYPES = frozenset({"pass", "lever"})
DRAW_COUNTS = {StripPart.PLAY_ANY_OR_DRAW_2.value: 2, StripPart.DRAW_2_THEN_PLAY_ANY.value: 2,
               StripPart.MODERNIZE_FOR_INHABITANT_OR_DRAW.value: 1}
WINDOW_TYPES = frozenset({"draw", "hire", "modernize", "play", "discard", "pass", "score", "upgrade", "develop", "cattle",
                          "lever", "project"})


def right_part(s: BoonlakeState) -> str:
    return s.cat.strips[s.strip].right[0]._value_  # the member's value (enum's documented attribute)


def expect(s: BoonlakeState, seat: int | None = None) -> tuple[int, tuple[str, ...]]:
    """(the seat to decide, SIMULTANEOUS, or CHANCE for a card drawn; the move types that seat -
    or, in a window, ``seat`` - may make now). Cards owed come first: the seat that gave them up
    names them (``give``) before anything else, the cards its move drew included."""
    if s.gives.items:
        return s.gives.items[-1].seat, ("give",)
    if s.draws:
        return CHANCE, ("card",)
    step = s.step
    if s.solo is not None and (s.solo.pending_tiles or (step is Step.ACTION and s.current == s.n)):
        return CHANCE, ("mound",) if s.solo.pending_tiles else ("eminence",)  # the Wise Eminence's reveals
    if step is Step.ACTION:
        return s.current, ("action", "lever")
    if (step is Step.CARD or step is Step.MIDDLE) and seat is not None and seat != s.current and ahead_waits(s, seat):
        return SIMULTANEOUS, ahead_types(s, seat)
    if step is Step.CARD:
        return s.current, ("play", "project", "discard", "pass", "lever")
    if step is Step.MIDDLE:
        return s.current, MIDDLE_MOVES[s.middle[0]] + ("pass", "lever")
    if step is Step.SHIP:
        return s.current, ("ship", "lever")
    if step is Step.RIGHT and s.window is None:
        return s.queue[0], seat_types(s, s.queue[0])
    if seat is None:
        return SIMULTANEOUS, tuple(sorted(s.window.move_types))
    return SIMULTANEOUS, seat_types(s, seat)


def ahead_waits(s: BoonlakeState, seat: int) -> bool:
    """Whether ``seat`` may still decide the right-side part ahead of the active player's middle."""
    ahead = s.ahead
    return ahead is not None and seat in ahead.seats and seat not in ahead.decisions


def ahead_types(s: BoonlakeState, seat: int) -> tuple[str, ...]:
    """What ``seat`` may do in the right-side part ahead (no ``announce``: order is announced when
    the part opens for everybody)."""
    pending = s.pending.get(seat)
    if pending is not None:
        return PENDING_MOVES[pending]
    return RIGHT_MOVES[right_part(s)] + ("pass", "lever")


def ahead_window(s: BoonlakeState) -> SimultaneousWindow | None:
    """The right-side part the other players may decide while the active player resolves the left
    of the arrow, or None where it waits (clockwise strips, Region scoring, the solo game)."""
    strip = s.cat.strips[s.strip]
    if s.solo is not None or strip.right_order == "clockwise" or strip.right[0] is StripPart.SCORE_OTHER_REGIONS:
        return None
    seats = frozenset((s.current + k) % s.n for k in range(1, s.n))
    return SimultaneousWindow(f"the right-side part of {strip.name}", seats, WINDOW_TYPES) if seats else None


def seat_types(s: BoonlakeState, seat: int) -> tuple[str, ...]:
    """What ``seat`` may do in the open window."""
    if s.step is Step.INTERIM:
        return INTERIM_MOVES  # a third play or upgrade is refused by interim_action (BOON.INTERIM.TWICE)
    if s.window is not None and not s.window.decisions and seat not in s.pending:  # order may be announced
        return ahead_types(s, seat) + ("announce",)
    return ahead_types(s, seat)


# -- the end of a turn ------------------------------------------------------------------------

def after_ship(s: BoonlakeState, crossed: list[str], final: bool) -> None:
    """The locks crossed and the final space reached by the active ship (the package docstring's
    reading of the locks), then the end of the turn."""
    last_lock = None
    if final and s.rnd == 2:  # the lock between the last two spaces of round 2's river, if there is one there
        rr = s.cat.river[2]
        last_lock = next((lock for at, lock in rr.locks if at == rr.index[rr.final] - 1), None)
    for lock in crossed:
        if lock in s.crossed:
            continue
        s.crossed.add(lock)
        if lock == last_lock:
            continue  # the last interim scoring waits until everybody has had as many turns
        s.scorings_due += 1
    if final and s.rnd == 1:
        s.round_over = True
    if final and s.rnd == 2 and not s.end_triggered:
        s.end_triggered = True
    end_turn(s)


# -- what happens without a decision ---------------------------------------------------------

def settle(s: BoonlakeState) -> None:
    """Resolve every step that needs no decision, until one does."""
    while True:
        if s.step is Step.MIDDLE:
            if not s.middle:
                open_right(s)
                continue
            if not _auto_middle(s):
                return
            continue
        if s.step is Step.RIGHT:
            if (s.window is not None and s.window.complete) or (s.window is None and not s.queue):
                s.window = None
                s.step = Step.SHIP
                continue
            return
        if s.step is Step.SHIP:
            if s.current == s.n:  # the Wise Eminence's ship moves by their rule, without a decision
                eminence_ship(s)
                continue
            rr = s.cat.river[s.rnd]
            if not has_step(rr, s.players[s.current].ship, s.other_ships(s.current)):
                end_turn(s)
                continue
            return
        return


def _auto_middle(s: BoonlakeState) -> bool:
    """Resolve the first middle part when it needs no decision (True), else False."""
    part = s.middle[0]
    p = s.players[s.current]
    if part == StripPart.TAKE_INHABITANT:
        take_inhabitants(s, s.current, 1)
    elif part == StripPart.EXPLORE and not tile_spaces(s.cat, s.tiles):
        p.coins += 2  # "If all gameboard spaces are already occupied, you get 2 coins instead"
    elif part == StripPart.PLACE_PASTURE and (s.pastures_left == 0 or not tile_spaces(s.cat, s.tiles)):
        p.coins += 2  # "this effect is wasted and you get 2 coins instead"
    elif not ((part == StripPart.EXPLORE and s.mound.remaining == 0)  # no gray tile left to explore
              or (part == StripPart.REGION_LABEL and len(s.covered) == len(s.cat.regions))):  # all labelled
        return False
    s.middle.pop(0)
    return True


def open_right(s: BoonlakeState) -> None:
    strip = s.cat.strips[s.strip]
    part = strip.right[0]._value_
    s.step = Step.RIGHT
    ahead, s.ahead = s.ahead, None
    if s.solo is not None and part == StripPart.SCORE_OTHER_REGIONS and s.region_chosen:
        score_other_regions(s)  # "the only action where the Wise Eminence also benefits"
    if part == StripPart.SCORE_OTHER_REGIONS:
        s.window = None
        s.queue = []
        if s.region_chosen:  # holders of a lever usable here decide (coins, or a lever); the others are paid
            deciders = frozenset(seat for seat in range(s.n) if region_lever_holder(s, seat))
            for seat in range(s.n):
                if seat not in deciders:
                    s.players[seat].coins += region_scoring_coins(s.cat, s.region_chosen, s.presences(seat))
            if deciders:
                s.window = SimultaneousWindow(f"the region scoring of {strip.name}", deciders, REGION_TYPES)
        return
    seats = [(s.current + k) % s.n for k in range(s.n)]
    if strip.right_players == "others":
        seats = seats[1:]
    if s.current >= s.n:  # the Wise Eminence's strip: the player may carry out its right side (Pioneer's too)
        seats = list(range(s.n))
    if strip.right_order == "clockwise":
        s.window = None
        s.queue = seats
    else:
        s.queue = []
        s.window = SimultaneousWindow(f"the right-side part of {strip.name}", frozenset(seats), WINDOW_TYPES)
        if ahead is not None:  # the decisions written ahead of the middle count here
            s.window.decisions.update(ahead.decisions)


def end_turn(s: BoonlakeState) -> None:
    """Phase C is done (the strip went to the bottom when taken); then interim scorings, the end of
    a round, the next player."""
    s.turn += 1
    s.step = Step.ACTION
    if s.scorings_due:
        open_interim(s)
        return
    after_scorings(s)


def eminence_ship(s: BoonlakeState) -> None:
    """ "the Wise Eminence moves their ship by the normal rules but never wastes steps (unless moving
    onto the last river space). They do not receive the reward of the space where their ship ends";
    a lock crossed first triggers an interim scoring as usual. Then, with the stack depleted, the 6
    tiles are remixed as a new stack."""
    sl = s.solo
    if len(sl.revealed) == s.cat.solo_stack_size:
        sl.revealed = []
        sl.stacks += 1
    move = furthest_move(s.cat.river[s.rnd], sl.ship, s.steps, s.other_ships(s.n))
    if move is None:
        end_turn(s)
        return
    sl.ship = move.destination
    after_ship(s, list(move.locks), move.final)
