"""The course of a game: rounds and phases, the task runner, and Bridge Goal claims.

After every move the engine calls :func:`settle`, which resolves automatic tasks and phase
changes until the game waits for a decision (a pending choice task or a step's move).
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from . import solo
from .catalog import GUILDS
from .effects import CHOICES, answer, options, push, run_effect, skip_empty
from .scoring import claimable_goals, final_scoring, goal_met, requirement_text
from .state import (ACTION, BUY_END, CLAIM, END, EVENING, EVENING_ACTION, INCOME, START, START_ACTION, TURN,
                    KCState)


def settle(s: KCState) -> None:
    tasks = s.tasks
    while True:
        while tasks:
            task = tasks[-1]
            kind = task[0]
            if kind in CHOICES:
                if options(s, task):
                    return
                tasks.pop()
                skip_empty(s, task)
                continue
            tasks.pop()
            _auto(s, task)
        step = s.step
        if step == START_ACTION:
            _next_starter(s)
        elif step == INCOME:
            if _income_waits(s):
                return
            _next_income(s)
        elif step == ACTION:
            if s.market_cost >= 0 and s.players[s.current].coins >= s.market_cost:
                s.step = BUY_END
                return
            if _claim_check(s, s.current, TURN):
                return
        elif step == CLAIM:
            if claimable(s, s.current):
                return
            claim_done(s)
        elif step == EVENING_ACTION:
            if _end_evening_income(s):
                return
        else:  # START, TURN, CARD, BUY_END, EVENING, END wait for a move
            return


def _auto(s: KCState, task) -> None:
    kind, seat = task[0], task[1]
    cat = s.cat
    p = s.players[seat]
    if kind == "eff":
        run_effect(s, seat, task[2], task[3], task[4])
    elif kind == "pay":
        _, _, space, cid = task
        card = cat.cards[cid]
        p.coins -= card.cost
        if card.structure:
            p.structures.append(cid)
        else:
            p.cards.append(cid)
            p.guild[card.guild] += 1
        reveal_next(s, space)
        push(s, ("eff", seat, card.effect, "card", f"effect of {cid}"), ("houses", seat))
    elif kind == "place_queen":
        card = cat.cards[task[2]]
        p.cards.append(card.id)
        p.guild[card.guild] += 1
        s.tasks.append(("houses", seat))
    elif kind == "houses":
        rows = min(p.guild)
        due = 1 + (rows >= 1) + (rows >= 2)
        while p.houses_due < due:
            p.houses_due += 1
            s.tasks.append(("house", seat, p.houses_due == cat.houses))
    else:
        raise ValueError(kind)


def pay_feasible(s: KCState, leaf=None) -> bool:
    """Resolve the pending tasks in every possible way (on copies of ``s``, which this consumes):
    True if one of them leaves enough coins for the next card payment, or, without a payment
    pending, reaches a state where ``leaf(state)`` holds (no ``leaf``: True)."""
    tasks = s.tasks
    while tasks:
        task = tasks[-1]
        kind = task[0]
        if kind == "pay":
            return s.players[task[1]].coins >= s.cat.cards[task[3]].cost
        if kind in CHOICES:
            opts = options(s, task)
            if not opts:
                tasks.pop()
                skip_empty(s, task)
                continue
            for opt in opts:
                c = s.clone()
                answer(c, c.tasks[-1], opt)
                if pay_feasible(c, leaf):
                    return True
            return False
        tasks.pop()
        _auto(s, task)
    return leaf is None or leaf(s)


def reveal_next(s: KCState, space: int) -> None:
    """The card of ``space`` was taken: the next one is revealed, or an empty-deck tile covers the space."""
    s.deck_pos[space] += 1
    if s.top(space) is None and s.empty_tiles:
        s.space_tile[space] = s.empty_tiles.pop(0)


# -- start of game -------------------------------------------------------------------------------
def _next_starter(s: KCState) -> None:
    if s.start_order:
        s.current = s.start_order.pop(0)
        s.step = START
        return
    if s.solo:
        solo.take_last_pair(s)
    s.balloon = s.players[s.first].region
    begin_round(s, 1)


# -- morning ------------------------------------------------------------------------------------
def begin_round(s: KCState, r: int) -> None:
    s.round = r
    s.solo_revealed = []
    for seat in range(s.n):
        p = s.players[seat]
        p.played = [False] * 6
        p.crossed = 0
        p.paws = 0
        p.bears_used = []
        if r == 1:  # first income phase: the Home card only
            p.income_guild = [0] * len(GUILDS)
            p.income_structs = ["home"]
        else:
            p.income_guild = [c // 2 for c in p.guild]
            p.income_structs = list(dict.fromkeys(p.structures))
    s.evening_index = 0
    s.step = INCOME
    _income_at(s)


def _income_at(s: KCState) -> None:
    while s.evening_index < s.seats:
        seat = (s.first + s.evening_index) % s.seats
        if seat < s.n:
            s.current = seat
            if _income_waits(s):
                return
        s.evening_index += 1
    _birds_and_queen(s)


def _income_waits(s: KCState) -> bool:
    p = s.players[s.current]
    return bool(p.income_structs) or any(p.income_guild)


def _next_income(s: KCState) -> None:
    s.evening_index += 1
    _income_at(s)


def _birds_and_queen(s: KCState) -> None:
    cat = s.cat
    keep_up_to = 2 if s.solo else s.n
    for reg in range(len(cat.regions)):
        spaces = cat.region_spaces[reg]
        for sp in spaces:
            s.space_bird[sp] = None
        stack = s.bird_stacks[reg]
        pos = s.bird_pos[reg]
        for sp in spaces:
            if s.top(sp) is None:
                continue
            while pos < len(stack) and cat.birds[stack[pos]]["back"] > keep_up_to:
                pos += 1  # a token whose back shows more players than play is discarded
            if pos < len(stack):
                s.space_bird[sp] = stack[pos]
                pos += 1
        s.bird_pos[reg] = pos
    s.queen_card = s.queen_deck[s.round - 1]
    s.queen_available = True
    s.turn = 0
    s.noon_first = s.first
    _turn_at(s)


# -- noon ---------------------------------------------------------------------------------------
def _turn_at(s: KCState) -> None:
    s.current = (s.noon_first + s.turn) % s.seats
    s.step = TURN
    s.market_cost = -1
    s.turn_tile = -1
    s.bird_twice = False


def next_turn(s: KCState) -> None:
    s.turn += 1
    if s.turn >= s.cat.actions_per_round * s.seats:
        s.evening_index = 0
        _evening_at(s)
    else:
        _turn_at(s)


# -- claims -------------------------------------------------------------------------------------
claimable = claimable_goals


def _claim_check(s: KCState, seat: int, then: int) -> bool:
    """Open the Bridge Goal window for ``seat`` if a goal can be claimed (True), else go on."""
    s.claim_then = then
    if claimable(s, seat):
        s.step = CLAIM
        s.current = seat
        return True
    claim_done(s)
    return False


def claim_done(s: KCState) -> None:
    if s.claim_then == TURN:
        next_turn(s)
    else:
        s.evening_index += 1
        _evening_at(s)


def claim_goal(s: KCState, seat: int, g: int, pointer: str = "/goal") -> None:
    """Put ``seat``'s marker on goal ``g`` (checks first; the state is untouched on error)."""
    cat = s.cat
    p = s.players[seat]
    side = s.goal_sides[g]
    if p.goals >> g & 1:
        raise IllegalMove("KC.GOAL.ALREADY", f"you already claimed Bridge Goal {cat.goal_ids[g]}", pointer)
    if not goal_met(s, seat, g):
        raise IllegalMove("KC.GOAL.REQUIREMENT", requirement_text(s, seat, g), pointer)
    slots = s.goal_slots[g]
    taken = sum(1 for x in slots if x >= 0)
    pos = 2 if (s.n == 2 or s.solo) and taken == 1 else slots.index(-1)
    slots[pos] = seat
    p.goals |= 1 << g
    if side["kind"] == "invest_back":
        p.invest -= side["n"]
    s.score(seat, side["prestige"][pos], "bridge_goal", f"Bridge Goal {cat.goal_ids[g]} claimed on position {pos + 1}")
    row = cat.goal_row[g]
    if any(h != g and cat.goal_row[h] == row and p.goals >> h & 1 for h in range(len(cat.goals))):
        if seat < s.n:
            s.tasks.append(("favor", seat))
        else:
            solo.paco_favor(s)


# -- evening ------------------------------------------------------------------------------------
def _evening_at(s: KCState) -> None:
    while s.evening_index < s.seats:
        seat = (s.first + s.evening_index) % s.seats
        if seat < s.n:
            p = s.players[seat]
            s.current = seat
            if p.region in p.houses:
                p.bears_used = []
                s.step = EVENING
                return
            _end_evening_income(s)
            return
        s.evening_index += 1
    _end_round(s)


def _end_evening_income(s: KCState) -> bool:
    p = s.players[s.current]
    p.played = [False] * 6  # B) the Action tiles return
    p.crossed = 0  # C) the Paw markers return
    p.paws = 0
    return _claim_check(s, s.current, EVENING)  # D) Bridge Goals


def _end_round(s: KCState) -> None:
    if s.round >= s.cat.rounds:
        if s.solo:
            solo.paco_claims(s)
        final_scoring(s)
        s.step = END
    else:
        begin_round(s, s.round + 1)
