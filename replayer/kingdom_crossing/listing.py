"""The legal moves of a Kingdom Crossing position, and its chance outcomes.

The position waits either for a pending decision (its answers: :func:`.answers.options`, less
those that would leave no card to buy) or for a step's move (:func:`step_moves`). An optional window
nobody writes down (a Bridge Goal not claimed, the market purchase not made at the end of the turn)
is declined by whatever comes next, so the moves after declining it are legal too.
"""
from __future__ import annotations

from ..core.game import CHANCE
from ..core.errors import IllegalMove
from . import buying, reveals, solo
from .buying import affordable, flights, market_keeps_a_card
from .catalog import GUILDS, RESOURCES, Catalog
from .answers import ANSWERS, options
from .flow import DECLINABLE, decline
from .moves import plan_work
from .scoring import claimable_goals
from .state import BUY_END, CARD, CLAIM, END, EVENING, INCOME, START, TURN, KCState

#: the move types of each step the game may wait in (a pending decision has its own: ``ANSWERS``)
STEP_TYPES = {START: ("start",), INCOME: ("income",), CARD: ("hire", "buy", "fly"), BUY_END: ("buy", "pass"),
              CLAIM: ("claim", "pass"), EVENING: ("evening",)}


def expect(s: KCState) -> tuple[int, tuple[str, ...]]:
    """The seat whose decision is next (CHANCE for a component turned face up or Paco & Paca's
    solo tiles) and the move types it may make."""
    if s.tasks:
        task = s.tasks.top()
        return task.seat, ANSWERS[task.kind]
    step = s.step
    if step == TURN:
        if s.current >= s.n:
            return CHANCE, ("paco",)
        return s.current, ("rest", "work")
    return s.current, STEP_TYPES.get(step, ())


def legal_moves(s: KCState) -> list[dict]:
    """Every move the log may write next, with its ``player`` (none for a chance move)."""
    if s.step == END:
        return []
    seat, types = expect(s)
    if seat == CHANCE:
        if s.tasks:
            return reveals.chance_options(s, s.tasks.top())
        return [{"type": "paco", "tile": t} for t in solo.remaining_tiles(s)]
    pid = s.ids[seat]
    if s.tasks:
        out = options(s, s.tasks.top())
        if buying.pending_pay(s):
            out = [m for m in out if buying.keeps_card_affordable(s, m)]
        elif s.step == CARD:
            out = [m for m in out if buying.keeps_a_card(s, m)]
    else:
        out = step_moves(s, seat)
    out = [{"type": m["type"], "player": pid, **{k: v for k, v in m.items() if k != "type"}} for m in out]
    if not s.tasks and s.step in DECLINABLE:  # or decline silently: whatever may come next
        after = s.lookahead()
        decline(after)
        out += legal_moves(after)
    return out


def chance_outcomes(s: KCState, move: dict | None = None) -> list[tuple[dict, float]]:
    """The table's reveals (each listed outcome equally likely: a shuffled pile, birds placed
    at random) and Paco & Paca's next tile (each tile left equally likely)."""
    if move is not None or s.step == END or expect(s)[0] != CHANCE:
        return []
    return [(m, 1.0) for m in legal_moves(s)]


def step_moves(s: KCState, seat: int) -> list[dict]:
    """Moves (without ``player``) for the step the game waits in."""
    cat = s.cat
    p = s.players[seat]
    step = s.step
    if step == START:
        return [{"type": "start", "pair": i} for i, taken in enumerate(s.pair_taken) if not taken]
    if step == INCOME:
        out = [{"type": "income", "source": g} for g, k in zip(GUILDS, p.income_guild) if k > 0]
        return out + [{"type": "income", "source": c} for c in dict.fromkeys(p.income_structs)]
    if step == TURN:
        rests = [{"type": "rest", "tile": t, "coins": cat.tiles[t][1 if p.improved[t] else 0]["rest"]}
                 for t in range(6) if not p.played[t]]
        rests += [{"type": "rest", "tile": t} for t in range(6) if not p.played[t]]  # coins may be left to the engine
        return rests + work_candidates(s, seat)
    if step == CARD:
        out = []
        for sp in cat.region_spaces[p.region]:
            top = s.space_card[sp] or s.space_tile[sp]
            if top and affordable(s, seat, sp, p.coins, p.paws, s.bird_twice):
                out.append({"type": "hire", "space": cat.spaces[sp], "card": top})
        if s.market_cost >= 0 and p.coins >= s.market_cost:
            out += [{"type": "buy", "resource": r} for i, r in enumerate(RESOURCES) if market_keeps_a_card(s, seat, i)]
        return out + [{"type": "fly", "to": s.cat.regions[r]} for r in flights(s, seat)]
    if step == BUY_END:
        return [{"type": "buy", "resource": r} for r in RESOURCES] + [{"type": "pass"}]
    if step == CLAIM:
        return [{"type": "claim", "goal": cat.goal_ids[g]} for g in claimable_goals(s, seat)] + [{"type": "pass"}]
    if step == EVENING:
        out = [{"type": "evening", "source": g} for g, k in zip(GUILDS, p.guild) if k >= 2]
        return out + [{"type": "evening", "source": c} for c in dict.fromkeys(p.structures)]
    return []


def work_candidates(s: KCState, seat: int) -> list[dict]:
    cat = s.cat
    p = s.players[seat]
    out = []
    for tile in range(6):
        if p.played[tile]:
            continue
        side = cat.sides[tile][1 if p.improved[tile] else 0]
        if side.queen:
            if s.queen_available:
                out.append({"type": "work", "tile": tile})
            continue
        n = side.bridges
        invests = [None]
        if side.invest_first:
            invests = ["advance", "cash"] if p.invest < cat.invest_last else ["cash"]
        starts = [(p.region, None)] + [(r, {"to": cat.regions[r]}) for r in range(len(cat.regions)) if r != p.region]
        for inv in invests:
            for start, before in starts:
                for path in _paths(cat, start, p.crossed, n):
                    m = {"type": "work", "tile": tile}
                    if inv:
                        m["invest"] = inv
                    if before:
                        m["balloon"] = before
                    m["path"] = path
                    out.append(m)
    good = []
    for m in out:
        try:
            plan_work(s, seat, m)
        except IllegalMove:
            continue
        good.append(m)
    return good


def _paths(cat: Catalog, region: int, crossed: int, n: int):
    """Each way of crossing ``n`` bridges from ``region``, none of the bit mask ``crossed`` and none twice."""
    if n == 0:
        yield []
        return
    for b in cat.region_bridges[region]:
        if crossed >> b & 1:
            continue
        a, c = cat.bridge_ends[b]
        nxt = c if region == a else a
        for rest in _paths(cat, nxt, crossed | 1 << b, n - 1):
            yield [cat.bridges[b]] + rest
