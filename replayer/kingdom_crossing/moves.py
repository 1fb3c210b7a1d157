"""The player moves of Kingdom Crossing, each checked fully before it acts."""
from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import IllegalMove
from .catalog import GUILDS, Catalog, TileSide
from .buying import affordable, can_finish, fly, keeps_a_card, keeps_card_affordable, market_keeps_a_card, pending_pay
from .answers import answer
from .decisions import DecorationChoice, FavorChoice, InvestChoice, PayForCard, PlaceQueenCard, ResolveEffect
from .effects import RES_INDEX, gain, guild_income, push, run_effect
from .flow import decline
from .scoring import place_goal_marker
from .solo import take_pair
from .state import ACTION, BUY_END, CARD, EVENING_ACTION, START_ACTION, KCState


# -- work planning ------------------------------------------------------------------------------
@dataclass(slots=True)  # not frozen: made on every work move, and a frozen __init__ costs a call per field
class WorkPlan:
    """What a checked work move does: the Beaver's move (nothing moves for the Queen tile)."""

    side: TileSide
    coins: int = 0
    invest: int = 0
    region: int = -1
    balloon: int = -1
    crossed: int = 0
    steps: int = 0
    flew: bool = False


def _move_beaver(s: KCState, seat: int, plan: WorkPlan) -> None:
    """Carry out a planned move of the Beaver: coins, Invest, region, bridges and Paw markers."""
    p = s.players[seat]
    p.coins, p.invest, p.region, p.crossed = plan.coins, plan.invest, plan.region, plan.crossed
    s.balloon = plan.balloon
    s.balloon_used = plan.flew
    paw_bonus = s.cat.paw_bonus
    for _ in range(plan.steps):
        p.paws += 1
        bonus = paw_bonus.get(p.paws)
        if bonus:
            s.score(seat, bonus, "paws", f"Paw marker number {p.paws} placed")
    s.bird_twice = plan.side.bird_twice
    s.market_cost = plan.side.buy_cost
    s.step = CARD


def balloon_flight(cat: Catalog, to_name: str, region: int, balloon: int, coins: int, pointer: str) -> tuple[int, int]:
    """Check a flight: (the region reached, the coins left)."""
    cost = cat.balloon_same if balloon == region else cat.balloon_elsewhere
    if coins < cost:
        raise IllegalMove("KC.BALLOON.COST", f"the balloon costs {cost} coins here and you have {coins}", pointer)
    to = cat.region_index[to_name]
    if to == region:
        raise IllegalMove("KC.BALLOON.SAME_REGION", f"the Beaver is already in {to_name}", pointer + "/to")
    return to, coins - cost


def plan_work(s: KCState, seat: int, move: dict) -> WorkPlan:
    """Check a work move completely; return what it does without changing the state."""
    cat = s.cat
    p = s.players[seat]
    tile = move["tile"]
    if p.played[tile]:
        raise IllegalMove("KC.TILE.PLAYED", f"Action tile {tile} was already played this round", "/tile")
    side = cat.sides[tile][1 if p.improved[tile] else 0]
    if side.queen:
        extra = [k for k in ("path", "balloon", "invest") if k in move]
        if extra:
            raise IllegalMove("KC.WORK.FIELDS", "with the Queen tile the Beaver stays in its region (no path, balloon or Invest)", f"/{extra[0]}")
        if not s.queen_available:
            raise IllegalMove("KC.QUEEN.TAKEN", "the Queen card was already taken this round", "/tile")
        return WorkPlan(side)
    path = move.get("path")
    if path is None:
        raise IllegalMove("KC.WORK.FIELDS", f"Action tile {tile} needs the path of {side.bridges} bridge(s)", "")
    invest_first = side.invest_first
    if invest_first != ("invest" in move):
        raise IllegalMove("KC.WORK.FIELDS", "the improved two-bridge tile needs its Invest choice first" if invest_first
                          else f"Action tile {tile} gives no Invest action", "/invest" if not invest_first else "")
    # The tile's coins come with activating it ("Work: Gain 2 coins. Your Beaver must cross a
    # bridge.", appendix), so they can pay for the balloon as well as for the card.
    coins, invest = p.coins + side.work_coins, p.invest
    if invest_first:
        if move["invest"] == "advance":
            if invest >= cat.invest_last:
                raise IllegalMove("KC.INVEST.TRACK_END", "your Invest marker is on the last space; take its coins", "/invest")
            invest += 1
        else:
            coins += cat.invest_coins[invest]
            invest = 0
    region, balloon = p.region, s.balloon
    fly = move.get("balloon")
    if fly is not None:  # before the Paw markers; a flight after them is a move of its own ("fly")
        region, coins = balloon_flight(cat, fly["to"], region, balloon, coins, "/balloon")
        balloon = region
    if len(path) != side.bridges:
        raise IllegalMove("KC.BRIDGE.COUNT", f"Action tile {tile} crosses exactly {side.bridges} bridge(s), not {len(path)}", "/path")
    crossed = p.crossed
    bridge_index, bridge_ends = cat.bridge_index, cat.bridge_ends
    for i, bid in enumerate(path):
        b = bridge_index[bid]
        if crossed >> b & 1:
            raise IllegalMove("KC.BRIDGE.ALREADY_CROSSED", f"you already crossed bridge {bid} this round", f"/path/{i}")
        a, c = bridge_ends[b]
        if region == a:
            region = c
        elif region == c:
            region = a
        else:
            raise IllegalMove("KC.BRIDGE.NOT_CONNECTED", f"bridge {bid} does not connect to {cat.regions[region]}", f"/path/{i}")
        crossed |= 1 << b
    paws = p.paws + len(path)
    plan = WorkPlan(side, coins, invest, region, balloon, crossed, len(path), fly is not None)
    spaces = cat.region_spaces[region]
    cards, space_card, space_tile, space_bird = cat.cards, s.space_card, s.space_tile, s.space_bird
    for sp in spaces:  # first what affordable() decides without trying choices: a tile, or a card with no bird
        top = space_card[sp]
        if top is None:
            if space_tile[sp] is not None:
                return plan
        elif not space_bird[sp] and coins >= cards[top].cost:
            return plan
    for sp in spaces:
        if affordable(s, seat, sp, coins, paws, side.bird_twice, invest):
            return plan
    # Not here and now: a market purchase, a flight after the Paw markers, or both, may still lead to
    # a card ("If you cannot, you must choose to rest instead of working (or move somewhere else)").
    c = s.lookahead(seat)
    c.players[seat].played[tile] = True
    _move_beaver(c, seat, plan)
    if can_finish(c, seat):
        return plan
    raise IllegalMove("KC.WORK.NOTHING_TO_BUY", f"you could not buy any card in {cat.regions[region]}, nor fly to one "
                      "you could buy; rest instead", "")


def fly_after(s: KCState, seat: int, move: dict) -> None:
    """The balloon after the Paw markers, before the card: checked (a card must stay within reach), then flown."""
    cat = s.cat
    p = s.players[seat]
    if s.balloon_used:
        raise IllegalMove("KC.BALLOON.ONCE", "the balloon already flew this turn (before the Paw markers)", "/to")
    to, coins = balloon_flight(cat, move["to"], p.region, s.balloon, p.coins, "")
    c = s.lookahead(seat)
    fly(c, seat, to, coins)
    if not can_finish(c, seat):
        raise IllegalMove("KC.WORK.NOTHING_TO_BUY", f"you could not buy any card in {move['to']} after this flight", "/to")
    fly(s, seat, to, coins)


# -- moves --------------------------------------------------------------------------------------
#: move type -> (its field naming a catalog id, what that id is, the catalog's index of those ids)
_NAMED_ID = {"fly": ("to", "region", "region_index"), "hire": ("space", "deck space", "space_index"),
             "bird": ("space", "deck space", "space_index"), "house": ("region", "region", "region_index"),
             "claim": ("goal", "Bridge Goal", "goal_index")}
ID_MOVES = frozenset({"work", *_NAMED_ID})


def check_ids(cat: Catalog, move: dict) -> None:
    """Regions, deck spaces, bridges and goals named by a move exist in the catalog (in the order
    the move names them; the pointer and message are made only for an unknown id)."""
    t = move["type"]
    if t != "work":
        key, what, index = _NAMED_ID[t]
        known = getattr(cat, index)
        if move[key] not in known:
            _unknown_id(cat, what, move[key], known, f"/{key}")
        return
    for i, b in enumerate(move.get("path", ())):
        if b not in cat.bridge_index:
            _unknown_id(cat, "bridge", b, cat.bridge_index, f"/path/{i}")
    if "balloon" in move and move["balloon"]["to"] not in cat.region_index:
        _unknown_id(cat, "region", move["balloon"]["to"], cat.region_index, "/balloon/to")


def _unknown_id(cat: Catalog, what: str, value, known, pointer: str) -> None:
    """:raises IllegalMove: always, KC.MOVE.UNKNOWN_ID, with the nearest of the ``known`` ids."""
    from ..core.suggest import did_you_mean  # the error path only

    raise IllegalMove("KC.MOVE.UNKNOWN_ID", f"there is no {what} {value!r} in catalog {cat.version}"
                      f"{did_you_mean(value, known)}", pointer)


def dispatch(s: KCState, seat: int, move: dict) -> None:
    items = s.tasks.items
    if items:
        if pending_pay(s):
            if not keeps_card_affordable(s, move):
                raise IllegalMove("KC.CARD.UNAFFORDABLE", "with this choice you could no longer pay for the card you are buying", "")
        elif s.step == CARD and not keeps_a_card(s, move):
            raise IllegalMove("KC.CARD.UNAFFORDABLE", "with this choice you could no longer buy any card in "
                              f"{s.cat.regions[s.players[seat].region]}, which working obliges you to", "")
        answer(s, items[-1], move)
        return
    t = move["type"]
    p = s.players[seat]
    cat = s.cat
    if t == "start":
        i = move["pair"]
        if i >= len(s.pairs) or s.pair_taken[i]:
            why = "was already chosen" if i < len(s.pairs) else f"does not exist ({len(s.pairs)} pairs are laid out)"
            raise IllegalMove("KC.START.PAIR_TAKEN", f"starting pair {i} {why}", "/pair")
        start = take_pair(s, seat, i)
        p.coins += start["coins"]
        for r, k in start["resources"].items():
            gain(s, seat, RES_INDEX[r], k, "starting card")
        tasks = []
        if start["invest"]:
            tasks.append(InvestChoice(seat))
        if start["decoration"]:
            tasks.append(DecorationChoice(seat, (start["decoration"],)))
        push(s, *tasks)
        s.step = START_ACTION
    elif t == "income":
        src = move["source"]
        if src in GUILDS:
            g = GUILDS.index(src)
            if p.income_guild[g] <= 0:
                raise IllegalMove("KC.INCOME.SOURCE", f"no {src} income is left this morning (one per 2 cards)"
                                  + (" - in round 1 only the Home card gives income" if s.round == 1 else ""), "/source")
            p.income_guild[g] -= 1
            guild_income(s, seat, g, "morning")
        else:
            if src not in p.income_structs:
                raise IllegalMove("KC.INCOME.SOURCE", f"{src} is not one of your Structures whose income is still due"
                                  + (" (round 1: only the Home card)" if s.round == 1 else ""), "/source")
            p.income_structs.remove(src)
            run_effect(s, seat, cat.cards[src].effect, "structure", f"income of Structure {src}")
    elif t == "rest":
        tile = move["tile"]
        if p.played[tile]:
            raise IllegalMove("KC.TILE.PLAYED", f"Action tile {tile} was already played this round", "/tile")
        rest = cat.sides[tile][1 if p.improved[tile] else 0].rest
        written = move.get("coins")  # the engine knows the amount; when written, it must be right
        if written is not None and written != rest:
            raise IllegalMove("KC.REST.COINS", f"resting with Action tile {tile} gives {rest} coins, not {written}", "/coins")
        p.played[tile] = True
        p.coins += rest
        s.step = ACTION
    elif t == "work":
        plan = plan_work(s, seat, move)
        tile = move["tile"]
        p.played[tile] = True
        if plan.side.queen:
            s.queen_available = False
            s.first = seat
            q = s.queen_card
            eff = cat.cards[q].effect
            push(s, *[ResolveEffect(seat, eff, "queen", f"Queen card {q}")] * plan.side.queen,
                 PlaceQueenCard(seat, q))
            s.step = ACTION
            return
        _move_beaver(s, seat, plan)
        for eff in plan.side.work:
            run_effect(s, seat, eff, "action_tile", f"work on Action tile {tile}")
    elif t == "hire":
        _hire(s, seat, move)
    elif t == "fly":
        fly_after(s, seat, move)
    elif t == "buy":
        r = move["resource"]
        if s.market_cost < 0:
            raise IllegalMove("KC.BUY.NOT_AVAILABLE", "only the market tile buys a resource, once per turn", "/resource")
        cost = s.market_cost
        if p.coins < cost or (s.step == CARD and not market_keeps_a_card(s, seat, RES_INDEX[r])):
            raise IllegalMove("KC.BUY.UNAFFORDABLE", f"buying a resource for {cost} coins must leave enough coins to buy a card", "/resource")
        p.coins -= cost
        s.market_cost = -1
        if s.step == BUY_END:
            s.step = ACTION
        gain(s, seat, RES_INDEX[r], 1, "market tile purchase")
    elif t == "pass":  # no market purchase, or no (further) Bridge Goal now
        decline(s)
    elif t == "claim":
        if place_goal_marker(s, seat, cat.goal_index[move["goal"]]):  # a row completed brings a Favor of the Queen
            s.tasks.items.append(FavorChoice(seat))
    elif t == "evening":
        src = move["source"]
        if src in GUILDS:
            g = GUILDS.index(src)
            if p.guild[g] < 2:
                raise IllegalMove("KC.EVENING.SOURCE", f"the {src} guild gives income only with at least 2 cards", "/source")
            for _ in range(p.guild[g] // 2):
                guild_income(s, seat, g, "evening")
        else:
            if src not in p.structures:
                raise IllegalMove("KC.EVENING.SOURCE", f"{src} is not one of your Structures", "/source")
            run_effect(s, seat, cat.cards[src].effect, "structure", f"evening income of Structure {src}")
        s.step = EVENING_ACTION
    else:
        raise ValueError(t)


def _hire(s: KCState, seat: int, move: dict) -> None:
    cat = s.cat
    p = s.players[seat]
    sp = cat.space_index[move["space"]]
    if cat.space_region[sp] != p.region:
        raise IllegalMove("KC.CARD.WRONG_REGION", f"space {move['space']} is not in {cat.regions[p.region]}, where your Beaver stopped", "/space")
    top, tile = s.space_card[sp], s.space_tile[sp]
    named = move["card"]
    if top is None and tile is None:
        raise IllegalMove("KC.CARD.MISMATCH", f"space {move['space']} shows no card and no empty-deck tile", "/card")
    if named != (top or tile):
        raise IllegalMove("KC.CARD.MISMATCH", f"the face-up card on {move['space']} is {top or tile}, not {named}", "/card")
    if top is None:
        s.step = ACTION
        s.tasks.items.append(ResolveEffect(seat, cat.empty_tiles[tile], "empty_deck", f"empty-deck tile {tile}"))
        return
    if not affordable(s, seat, sp, p.coins, p.paws, s.bird_twice):
        raise IllegalMove("KC.CARD.UNAFFORDABLE", f"{top} costs {cat.cards[top].cost} coins; you have {p.coins}", "/card")
    s.step = ACTION
    bird = s.space_bird[sp]
    tasks = []
    if bird:
        s.space_bird[sp] = None
        p.birds.append(bird)
        tasks += [ResolveEffect(seat, cat.birds[bird]["effect"], "bird", f"bird {bird}")] * (2 if s.bird_twice else 1)
    tasks.append(PayForCard(seat, sp, top))
    push(s, *tasks)
