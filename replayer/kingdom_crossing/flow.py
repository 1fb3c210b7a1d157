"""The course of a game: rounds and phases, the task runner, and Bridge Goal claims.

After every move the engine calls :func:`settle`, which resolves automatic tasks and phase
changes until the game waits for a decision (a pending choice task or a step's move).
"""
from __future__ import annotations

from . import solo
from .catalog import GUILDS
from .answers import answer, has_options, needs_restock, options, refill_source, skip_empty
from .decisions import CHANCE_SEAT, CHECK_HOUSES, BirdsLand, Decision, HousePlacement, QueenWakes
from .effects import push, run_effect
from .scoring import claimable_goals, final_scoring
from .state import (ACTION, BUY_END, CLAIM, END, EVENING, EVENING_ACTION, INCOME, MORNING, START, START_ACTION,
                    TURN, KCState)


def settle(s: KCState) -> None:
    """Resolve automatic decisions and phase changes until a choice, a chance move or a step's move is due."""
    items = s.tasks.items  # the stack's own list: read on every turn of this loop
    while True:
        while items:
            task = items[-1]
            family = task.family
            if family == "choice":
                if has_options(s, task):
                    return
                items.pop()
                skip_empty(s, task)
                continue
            if family == "chance":
                if chance_due(s, task):
                    return
                items.pop()
                continue
            items.pop()
            _auto(s, task)
        step = s.step
        if step == START_ACTION:
            _next_starter(s)
        elif step == INCOME:
            if _income_waits(s):
                return
            s.evening_index += 1
            _income_at(s)
        elif step == ACTION:
            if s.market_cost >= 0 and s.players[s.current].coins >= s.market_cost:
                s.step = BUY_END
                return
            if _claim_check(s, s.current, TURN):
                return
        elif step == CLAIM:
            if claimable_goals(s, s.current):
                return
            claim_done(s)
        elif step == EVENING_ACTION:
            if _end_evening_income(s):
                return
        elif step == MORNING:
            _noon(s)
        else:  # START, TURN, CARD, BUY_END, EVENING, END wait for a move
            return


def _auto(s: KCState, task: Decision) -> None:
    kind, seat = task.kind, task.seat
    cat = s.cat
    p = s.players[seat] if seat >= 0 else None
    if kind == "eff":
        run_effect(s, seat, task.effect, task.category, task.why)
    elif kind == "pay":
        space, cid = task.space, task.card
        card = cat.cards[cid]
        p.coins -= card.cost
        if card.structure:
            p.structures.append(cid)
        else:
            p.cards.append(cid)
            p.guild[card.guild] += 1
        s.space_card[space] = None
        # "Then reveal the next card from the deck face up": after the effect and the card's placing.
        # The effect resolves now, as its ResolveEffect on top of these two would: what it asks for
        # goes above them.
        s.tasks.items += (s.reveal_tasks[space], CHECK_HOUSES[seat])
        run_effect(s, seat, card.effect, "card", f"effect of {cid}")
    elif kind == "place_queen":
        card = cat.cards[task.card]
        p.cards.append(card.id)
        p.guild[card.guild] += 1
        s.tasks.items.append(CHECK_HOUSES[seat])
    elif kind == "houses":
        while p.houses_due < 1 + min(2, *p.guild):  # the starting House, one per full row of guild cards
            p.houses_due += 1
            s.tasks.items.append(HousePlacement(seat, p.houses_due == cat.houses))
    elif kind == "paco_favor_drawn":
        solo.paco_favor(s)
    elif kind == "paco_end":
        solo.end_of_turn(s)
    elif kind == "next_turn":
        next_turn(s)
    else:
        raise ValueError(kind)


def chance_due(s: KCState, task: Decision) -> bool:
    """Is a component still to be turned face up for this chance decision (or has the pile run out)?"""
    kind = task.kind
    if kind == "reveal":
        return s.deck_pools[task.space].in_pool > 0 or s.empty_pool.in_pool > 0
    if kind == "birds":
        return bool(task.regions)
    if kind == "refill":
        return refill_source(s, task) is not None
    if kind == "restock":
        return needs_restock(s, task.stack)
    return True  # queen: four of the five cards are always left for four rounds


def pay_feasible(s: KCState, leaf=None) -> bool:
    """Resolve the pending tasks in every possible way (on copies of ``s``, which this consumes):
    True if one of them leaves enough coins for the next card payment, or, without a payment
    pending, reaches a state where ``leaf(state)`` holds (no ``leaf``: True)."""
    tasks = s.tasks
    while tasks:
        task = tasks.top()
        kind = task.kind
        if kind == "pay":
            return s.players[task.seat].coins >= s.cat.cards[task.card].cost
        if task.family == "chance":  # a component turned face up gives nobody coins
            tasks.pop()
            continue
        if task.family == "choice":
            opts = options(s, task)
            if kind == "favor":  # which Favor is taken never changes the coins
                opts = opts[:1]
            elif kind == "invest":  # cashing with or without the coins written is the same choice
                opts = [o for o in opts if o["option"] == "advance" or "coins" in o]
            if not opts:
                tasks.pop()
                skip_empty(s, task)
                continue
            last = len(opts) - 1
            for k, opt in enumerate(opts):
                c = s if k == last else s.lookahead(task.seat)  # the last answer may consume ``s`` itself
                answer(c, c.tasks.top(), opt)
                if pay_feasible(c, leaf):
                    return True
            return False
        tasks.pop()
        _auto(s, task)
    return leaf is None or leaf(s)


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


def _birds_and_queen(s: KCState) -> None:
    """B) the birds of the previous round go back to the box and new ones land on every card;
    C) the Queen wakes: both are chance moves (``birds`` per region, ``queen``), then noon begins."""
    s.space_bird = [None] * len(s.space_bird)
    s.queen_card = None
    s.queen_available = False
    regions = tuple(reg for reg, spaces in enumerate(s.cat.region_spaces)
                    if s.bird_pools[reg].in_pool > 0 and any(s.space_card[sp] for sp in spaces))
    s.step = MORNING
    push(s, BirdsLand(CHANCE_SEAT, regions), QueenWakes())


def _noon(s: KCState) -> None:
    s.turn = 0
    s.noon_first = s.first
    _turn_at(s)


# -- noon ---------------------------------------------------------------------------------------
def _turn_at(s: KCState) -> None:
    s.current = (s.noon_first + s.turn) % s.seats
    s.step = TURN
    s.market_cost = -1
    s.bird_twice = False
    s.balloon_used = False
    s.paco_tiles = 0


def next_turn(s: KCState) -> None:
    s.turn += 1
    if s.turn >= s.cat.actions_per_round * s.seats:
        s.evening_index = 0
        _evening_at(s)
    else:
        _turn_at(s)


# -- claims -------------------------------------------------------------------------------------
def _claim_check(s: KCState, seat: int, then: int) -> bool:
    """Open the Bridge Goal window for ``seat`` if a goal can be claimed (True), else go on."""
    s.claim_then = then
    if claimable_goals(s, seat):
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


#: optional decisions a table does not write down: any other move declines them
DECLINABLE = (CLAIM, BUY_END)


def decline(s: KCState) -> None:
    """Close an optional window (Bridge Goals, the market purchase at the end of the turn) as a ``pass`` would."""
    if s.step == BUY_END:
        s.market_cost = -1
        s.step = ACTION
    else:
        claim_done(s)
    settle(s)


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
            s.paco_reveals = []  # after the last round nothing more is turned face up
        final_scoring(s)
        s.step = END
    else:
        begin_round(s, s.round + 1)
