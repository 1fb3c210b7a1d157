"""Can the player still buy a card? The obligation that comes with working, checked strictly.

"At the end of your move you must buy a card from the region where you stopped. If you cannot, you
must choose to rest instead." Coins a bird, a track bonus or a market purchase will give count;
where they depend on a choice (an Invest action cashed, a Structure resolved), every way of
answering is tried on copies of the state, and an answer that would leave nothing to buy is refused.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..core.decisions import DecisionStack
from .answers import answer
from .decisions import PayForCard, ResolveEffect
from .effects import RES_INDEX, fixed_coins, gain
from .flow import pay_feasible
from .state import KCState


def affordable(s: KCState, seat: int, sp: int, coins: int, paws: int, twice: bool, invest: int | None = None) -> bool:
    """Can ``seat`` pay for the card of ``sp`` with ``coins`` after meeting its bird (or use its empty-deck tile)?"""
    top = s.space_card[sp]
    if top is None:
        return s.space_tile[sp] is not None
    cost = s.cat.cards[top].cost
    bird = s.space_bird[sp]
    if not bird:
        return coins >= cost
    effect = s.cat.birds[bird]["effect"]
    if coins + fixed_coins(effect, paws) * (2 if twice else 1) >= cost:
        return True
    if not _may_give_more_coins(s, seat, effect, twice):
        return False
    # The bird may still pay for the card through a choice (an Invest action cashed, a Structure
    # resolved, a track bonus reached): try every way of resolving it on a copy.
    c = s.lookahead(seat)
    p = c.players[seat]
    p.coins, p.paws = coins, paws
    if invest is not None:
        p.invest = invest
    c.space_bird[sp] = None
    p.birds.append(bird)
    c.tasks = DecisionStack([PayForCard(seat, sp, top)] + [ResolveEffect(seat, effect, "bird", f"bird {bird}")] * (2 if twice else 1))
    return pay_feasible(c)


#: effect kinds that never give coins, whatever is chosen
_NEVER_COINS = frozenset({"prestige", "prestige_per_bridges", "prestige_per_guild", "prestige_per_structure",
                          "upgrade", "favor", "decoration", "decoration_set", "decoration_if_paws",
                          "decoration_if_bridges", "sculpture_per_paws"})
#: ... and those whose coins fixed_coins counts in full: no choice of theirs gives more
_NO_MORE_COINS = _NEVER_COINS | {"coins", "coins_per_paw", "coins_per_bridge", "coins_minus_paws", "coins_minus_bridges"}


def _may_give_more_coins(s: KCState, seat: int, effect: dict, twice: bool) -> bool:
    """Could resolving ``effect`` give coins beyond :func:`fixed_coins` (a quick, safe pre-check
    before trying every choice on copies)?"""
    kind = effect["kind"]
    if kind in _NO_MORE_COINS:
        return False
    if kind == "gain":  # only through a track bonus it reaches
        r = RES_INDEX[effect["resource"]]
        old = s.players[seat].res[r]
        new = old + effect["n"] * (2 if twice else 1)
        return any(old < at <= new and eff["kind"] not in _NEVER_COINS for at, eff in s.cat.track_bonus[r])
    return True


def pending_pay(s: KCState):
    """The card payment waiting below the current choices, if the coins for it are not yet there."""
    for task in reversed(s.tasks.items):  # from the next decision down
        if task.kind == "pay":
            return task if s.players[task.seat].coins < s.cat.cards[task.card].cost else None
    return None


def keeps_card_affordable(s: KCState, move: dict) -> bool:
    """Answering the current choice with ``move`` still leaves a way to pay for the card being bought."""
    c = s.lookahead(s.tasks.top().seat)
    answer(c, c.tasks.top(), move)
    return pay_feasible(c)


def fly(s: KCState, seat: int, to: int, coins: int) -> None:
    """The balloon takes the Beaver to region ``to``; ``coins`` are left after paying for it."""
    p = s.players[seat]
    p.region, p.coins = to, coins
    s.balloon = to
    s.balloon_used = True


def can_finish(s: KCState, seat: int) -> bool:
    """After the Paw markers, before the card: can ``seat`` still buy a card - here and now, after
    the market purchase (whose track bonus may pay), after a balloon flight, or after both in
    either order?"""
    if can_buy_card(s, seat):
        return True
    p = s.players[seat]
    if s.market_cost >= 0 and p.coins >= s.market_cost:
        if any(market_keeps_a_card(s, seat, r) for r in range(len(p.res))):
            return True
    return next(flights(s, seat), None) is not None


def flights(s: KCState, seat: int) -> Iterator[int]:
    """The regions a balloon flight after the Paw markers may reach keeping a card within reach."""
    if s.balloon_used:
        return
    cat = s.cat
    p = s.players[seat]
    cost = cat.balloon_same if s.balloon == p.region else cat.balloon_elsewhere
    if p.coins < cost:
        return
    for r in range(len(cat.regions)):
        if r != p.region:
            c = s.lookahead(seat)
            fly(c, seat, r, p.coins - cost)
            if can_finish(c, seat):
                yield r


def can_buy_card(s: KCState, seat: int) -> bool:
    """Can ``seat`` buy some card (or use an empty-deck tile) in the region where the Beaver stands?"""
    p = s.players[seat]
    return any(affordable(s, seat, sp, p.coins, p.paws, s.bird_twice) for sp in s.cat.region_spaces[p.region])


def market_keeps_a_card(s: KCState, seat: int, r: int) -> bool:
    """Buying resource ``r`` on the market tile before the card leaves a card to buy (maybe after a
    balloon flight still to come); coins from a track bonus the purchase reaches (lumber's 3 coins,
    an Invest cashed, a Structure) count."""
    p = s.players[seat]
    cost = s.market_cost
    if p.coins < cost:
        return False
    if any(affordable(s, seat, sp, p.coins - cost, p.paws, s.bird_twice) for sp in s.cat.region_spaces[p.region]):
        return True
    c = s.lookahead(seat)
    c.players[seat].coins -= cost
    c.market_cost = -1
    gain(c, seat, r, 1, "market tile purchase")
    return pay_feasible(c, lambda x: can_finish(x, seat))


def keeps_a_card(s: KCState, move: dict) -> bool:
    """Before the card is chosen (choices of a track bonus reached by a market purchase), answering
    with ``move`` still leaves a card to buy in the Beaver's region."""
    seat = s.tasks.top().seat
    if can_buy_card(s, seat):
        return True  # none of these choices takes coins or cards away
    c = s.lookahead(seat)
    answer(c, c.tasks.top(), move)
    return pay_feasible(c, lambda x: can_finish(x, seat))
