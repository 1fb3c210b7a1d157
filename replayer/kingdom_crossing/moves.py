"""Set-up checking and the player moves of Kingdom Crossing (each checked fully before it acts)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.components import HiddenPool
from ..core.errors import IllegalMove, SetupProblems
from .catalog import GUILDS, RESOURCES, Catalog, TileSide
from .buying import affordable, can_finish, fly, keeps_a_card, keeps_card_affordable, market_keeps_a_card, pending_pay
from .choices import answer
from .decisions import (CHANCE_SEAT, DecorationChoice, InvestChoice, PayForCard, PlaceQueenCard, ResolveEffect,
                        RevealCard, effect_task, shared)
from .effects import RES_INDEX, gain, guild_income, push, run_effect
from .flow import claim_done, claim_goal, claimable
from .scoring import compile_claimable, compile_goal
from .state import ACTION, BUY_END, CARD, CLAIM, EVENING, EVENING_ACTION, INCOME, START, START_ACTION, TURN, KCState


# -- set-up ---------------------------------------------------------------------------------------
def _bad(code: str, message: str, pointer: str) -> IllegalMove:
    return IllegalMove(code, message, pointer)


def load_setup(s: KCState, setup: dict, seats: int, problems: SetupProblems | None = None) -> None:
    """Set-up as the table sees it: the face-up top card of each deck space, the Bridge Goal sides,
    the face-up Favors, the starting pairs and (optionally) how many Favors lie in each stack.
    Everything face down becomes the pools of unseen components that later reveals draw from.
    ``problems``: those found before (the options), reported with these."""
    cat = s.cat
    problems = SetupProblems() if problems is None else problems  # every wrong set-up value at once
    bad = problems.add
    tops = setup["decks"]
    decks_ok = sorted(tops) == sorted(cat.spaces)
    if not decks_ok:
        bad("KC.SETUP.DECKS", f"the face-up card of every deck space {', '.join(cat.spaces)} is written", "/setup/decks")
    used = {}
    for sp in cat.spaces if decks_ok else ():
        card = cat.cards.get(tops[sp])
        if card is None or card.deck not in cat.decks:
            from ..core.suggest import did_you_mean  # the error path only

            deck_cards = [c for deck in cat.decks.values() for c in deck]
            bad("KC.SETUP.DECKS", f"{tops[sp]} on {sp} is not a card of a Character or Structure deck"
                f"{did_you_mean(tops[sp], deck_cards)}", f"/setup/decks/{sp}")
            decks_ok = False
        elif card.deck in used:
            bad("KC.SETUP.DECKS", f"the {card.deck} deck lies on {used[card.deck]} and {sp}: each deck lies on one space",
                f"/setup/decks/{sp}")
            decks_ok = False
        else:
            used[card.deck] = sp
    if decks_ok:
        n_spaces = len(cat.spaces)
        s.space_card = [tops[sp] for sp in cat.spaces]
        s.reveal_tasks = tuple(shared(RevealCard, CHANCE_SEAT, i) for i in range(len(cat.spaces)))
        s.deck_pools = [_fresh_pool(cat, ("deck", sp, tops[sp]), lambda sp=sp: HiddenPool.create(
            f"card of the {cat.cards[tops[sp]].deck} deck on {sp}",
            {c: 1 for c in cat.decks[cat.cards[tops[sp]].deck] if c != tops[sp]})) for sp in cat.spaces]
        s.space_tile = [None] * n_spaces
        s.space_bird = [None] * n_spaces
    s.empty_pool = _fresh_pool(cat, ("empty",), lambda: HiddenPool.create("empty-deck tile", {t: 1 for t in cat.empty_tiles}))
    keep = s.bird_keep = max(2, s.n)
    # "If this number is higher than the number of players in the game, discard those Bird tokens."
    s.bird_pools = [_fresh_pool(cat, ("birds", reg, keep), lambda reg=reg: HiddenPool.create(
        f"{cat.region_colour[reg]} bird of {cat.regions[reg]} (backs up to {keep} players)",
        {b: 1 for b in cat.region_birds[reg] if cat.birds[b]["back"] <= keep})) for reg in range(len(cat.regions))]
    # "randomly return one of them to the box without looking at it": five possible, four in the deck
    s.queen_pool = _fresh_pool(cat, ("queen",), lambda: HiddenPool.create("Queen card", {q: 1 for q in cat.queen_ids},
                                                                          size=cat.rounds))
    goals = setup["bridge_goals"]
    if sorted(goals) != sorted(cat.goal_ids):
        missing = sorted(set(cat.goal_ids) - set(goals))
        bad("KC.SETUP.BRIDGE_GOALS", f"a side (easy or hard) must be given for each Bridge Goal {', '.join(cat.goal_ids)}"
            + (f"; {', '.join(missing)} {'has' if len(missing) == 1 else 'have'} none" if missing else ""),
            "/setup/bridge_goals")
    else:
        s.goal_hard = [goals[g] == "hard" for g in cat.goal_ids]
        s.goal_sides = [goal["hard" if hard else "easy"] for goal, hard in zip(cat.goals, s.goal_hard)]
        memo = cat.memo
        key = ("goal tests", tuple(s.goal_hard))  # compiled once per catalog and combination of sides
        if key not in memo:
            memo[key] = [compile_goal(side) for side in s.goal_sides]
        s.goal_tests = list(memo[key])
        key = ("claimable", tuple(s.goal_hard), s.n)
        if key not in memo:
            memo[key] = (list(s.goal_tests), compile_claimable(s))
        s.goal_claimable = memo[key]
        s.goal_slots = [[-1, -1, -1, -1] for _ in cat.goal_ids]
    pairs = setup["start_pairs"]
    if len(pairs) != seats:
        bad("KC.SETUP.START_PAIRS", f"{seats} starting pairs are laid out for this game, not {len(pairs)}", "/setup/start_pairs")
    physical = set()
    for i, pair in enumerate(pairs):
        start = cat.starting.get(pair["card"])
        if start is None:
            bad("KC.SETUP.START_PAIRS", f"{pair['card']} is not a starting card side ({', '.join(cat.starting)})",
                f"/setup/start_pairs/{i}/card")
        elif start["card"] in physical:
            bad("KC.SETUP.START_PAIRS", f"{pair['card']} is a side of starting card {start['card']}, which is already "
                                        f"laid out in another pair", f"/setup/start_pairs/{i}/card")
        else:
            physical.add(start["card"])
    s.pairs = [(p["card"], p["favor"]) for p in pairs]
    s.pair_taken = [False] * len(pairs)
    display = setup["favor_display"]
    favors_ok = len(display) == cat.favor_stacks
    if not favors_ok:
        bad("KC.SETUP.FAVORS", f"there are {cat.favor_stacks} Favor stacks, each with one face-up tile", "/setup/favor_display")
    shown = list(display) + [p["favor"] for p in pairs]
    for i, f in enumerate(shown):
        if f not in cat.favors or f in shown[:i]:
            where = f"/setup/favor_display/{i}" if i < len(display) else f"/setup/start_pairs/{i - len(display)}/favor"
            bad("KC.SETUP.FAVORS", f"{f} is face up twice: each Favor of the Queen exists once" if f in cat.favors else
                f"{f} is not a Favor of the Queen of the catalog ({min(cat.favors)}-{max(cat.favors)})", where)
            favors_ok = False
    s.favor_display = list(display)
    sizes = setup.get("favor_stacks")
    if favors_ok:
        try:
            s.favor_pool = HiddenPool.create("Favor of the Queen", {f: 1 for f in cat.favors if f not in shown},
                                             piles=cat.favor_stacks, pile_sizes=sizes, pointer="/setup/favor_stacks")
        except IllegalMove as exc:
            problems.add_error(exc)
        else:
            if sizes is not None:
                short = _uneven_favor_stacks(len(cat.favors), list(sizes), len(pairs))
                if short is not None:
                    bad("KC.SETUP.FAVOR_STACKS", short, "/setup/favor_stacks")
    problems.check()
    s.supply = {k: v[1] for k, v in cat.tokens.items()}


def _fresh_pool(cat: Catalog, key: tuple, make) -> HiddenPool:
    """A copy of the pool ``make()`` builds: made once per catalog and ``key`` (every game sets up
    the same few decks, bird stacks and Queen deck), cloned for each game."""
    template = cat.memo.get(key)
    if template is None:
        template = cat.memo[key] = make()
    return template.clone()


def _uneven_favor_stacks(total: int, left: list[int], drawn: int) -> str | None:
    """Why the recorded Favor stacks cannot come from roughly equal stacks, or None if they can.

    The Favors are shuffled into stacks whose sizes differ by at most one (26 = 9 + 9 + 8); each
    stack then gives its face-up tile, and the starting pairs' Favors come "from any
    already-prepared stack" (not recorded). So the recorded stacks fit if some assignment of those
    sizes leaves every stack at most (size - 1) tiles; matching largest with largest decides it.
    """
    k = len(left)
    base, extra = divmod(total, k)
    sizes = sorted([base + 1] * extra + [base] * (k - extra), reverse=True)
    if all(n <= size - 1 for n, size in zip(sorted(left, reverse=True), sizes)):
        return None
    return (f"the {total} Favors are dealt into {k} roughly equal stacks ({' + '.join(map(str, sizes))}); stacks of "
            f"{', '.join(map(str, left))} left after the {k} face-up tiles and {drawn} starting Favors cannot come from them")


def random_setup(cat: Catalog, rng: random.Random, n_players: int) -> dict:
    """What a table sees at set-up, shuffled: the top card of each deck, the Goal sides, three
    face-up Favors, the starting pairs and the sizes of the Favor stacks they came from."""
    decks = list(cat.decks)
    rng.shuffle(decks)
    tops = {sp: rng.choice(cat.decks[deck]) for sp, deck in zip(cat.spaces, decks)}
    goals = {g: rng.choice(["easy", "hard"]) for g in cat.goal_ids}
    favors = list(cat.favors)
    rng.shuffle(favors)
    k = cat.favor_stacks
    stacks = [favors[i::k] for i in range(k)]
    display = [st.pop(0) for st in stacks]
    seats = max(2, n_players) if n_players == 1 else n_players
    cards = sorted({v["card"] for v in cat.starting.values()})
    chosen = rng.sample(cards, seats)
    pairs = []
    for i, c in enumerate(chosen):
        side = rng.choice(sorted(sid for sid, v in cat.starting.items() if v["card"] == c))
        stack = stacks[i % k]
        pairs.append({"card": side, "favor": stack.pop(0)})
    return {"decks": tops, "bridge_goals": goals, "favor_display": display, "favor_stacks": [len(st) for st in stacks],
            "start_pairs": pairs}


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


def fly_options(s: KCState, seat: int) -> list[dict]:
    """Flights after the Paw markers that keep a card within reach."""
    if s.balloon_used:
        return []
    cat = s.cat
    p = s.players[seat]
    cost = cat.balloon_same if s.balloon == p.region else cat.balloon_elsewhere
    if p.coins < cost:
        return []
    out = []
    for r in range(len(cat.regions)):
        if r != p.region:
            c = s.lookahead(seat)
            fly(c, seat, r, p.coins - cost)
            if can_finish(c, seat):
                out.append({"type": "fly", "to": cat.regions[r]})
    return out


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
                for path, _end in _paths(cat, start, p.crossed, n):
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
    if n == 0:
        yield [], region
        return
    for b in cat.region_bridges[region]:
        if crossed >> b & 1:
            continue
        a, c = cat.bridge_ends[b]
        nxt = c if region == a else a
        for rest, end in _paths(cat, nxt, crossed | 1 << b, n - 1):
            yield [cat.bridges[b]] + rest, end


# -- moves --------------------------------------------------------------------------------------
ID_MOVES = frozenset({"work", "hire", "bird", "house", "claim", "fly"})


def check_ids(cat: Catalog, move: dict) -> None:
    """Regions, deck spaces, bridges and goals named by a move exist in the catalog (in the order
    the move names them; the pointer and message are made only for an unknown id)."""
    t = move["type"]
    if t == "work":
        bridge_index = cat.bridge_index
        for i, b in enumerate(move.get("path", ())):
            if b not in bridge_index:
                _unknown_id(cat, "bridge", b, f"/path/{i}")
        if "balloon" in move and move["balloon"]["to"] not in cat.region_index:
            _unknown_id(cat, "region", move["balloon"]["to"], "/balloon/to")
    elif t == "fly":
        if move["to"] not in cat.region_index:
            _unknown_id(cat, "region", move["to"], "/to")
    elif t in ("hire", "bird"):
        if move["space"] not in cat.space_index:
            _unknown_id(cat, "deck space", move["space"], "/space")
    elif t == "house":
        if move["region"] not in cat.region_index:
            _unknown_id(cat, "region", move["region"], "/region")
    elif t == "claim":
        if move["goal"] not in cat.goal_index:
            _unknown_id(cat, "Bridge Goal", move["goal"], "/goal")


def _unknown_id(cat: Catalog, what: str, value, pointer: str) -> None:
    """:raises IllegalMove: always, KC.MOVE.UNKNOWN_ID, with the nearest ids of that kind."""
    from ..core.suggest import did_you_mean  # the error path only

    known = {"bridge": cat.bridge_index, "region": cat.region_index, "deck space": cat.space_index,
             "Bridge Goal": cat.goal_index}.get(what, ())
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
        s.pair_taken[i] = True
        card_id, favor = s.pairs[i]
        start = cat.starting[card_id]
        p.coins += start["coins"]
        p.favors.append(favor)
        for r, k in start["resources"].items():
            gain(s, seat, RES_INDEX[r], k, "starting card")
        p.region = cat.region_index[start["region"]]
        p.houses.append(p.region)
        p.cards.append(card_id)
        p.guild[cat.cards[card_id].guild] += 1
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
        s.turn_tile = tile
        if plan.side.queen:
            s.queen_available = False
            s.first = seat
            q = s.queen_card
            eff = cat.cards[q].effect
            push(s, *[effect_task(cat.memo, ("queen", seat, q), seat, eff, "queen", f"Queen card {q}")] * plan.side.queen,
                 shared(PlaceQueenCard, seat, q))
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
    elif t == "pass":
        if s.step == BUY_END:
            s.market_cost = -1
            s.step = ACTION
        else:  # CLAIM: no (further) Bridge Goal now
            claim_done(s)
    elif t == "claim":
        g = s.cat.goal_index[move["goal"]]
        claim_goal(s, seat, g)
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
        tasks += [effect_task(cat.memo, ("bird", seat, bird), seat, cat.birds[bird]["effect"], "bird",
                              f"bird {bird}")] * (2 if s.bird_twice else 1)
    tasks.append(shared(PayForCard, seat, sp, top))
    push(s, *tasks)


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
            top = s.top(sp) or s.space_tile[sp]
            if top and affordable(s, seat, sp, p.coins, p.paws, s.bird_twice):
                out.append({"type": "hire", "space": cat.spaces[sp], "card": top})
        if s.market_cost >= 0 and p.coins >= s.market_cost:
            out += [{"type": "buy", "resource": r} for i, r in enumerate(RESOURCES) if market_keeps_a_card(s, seat, i)]
        return out + fly_options(s, seat)
    if step == BUY_END:
        return [{"type": "buy", "resource": r} for r in RESOURCES] + [{"type": "pass"}]
    if step == CLAIM:
        return [{"type": "claim", "goal": cat.goal_ids[g]} for g in claimable(s, seat)] + [{"type": "pass"}]
    if step == EVENING:
        out = [{"type": "evening", "source": g} for g, k in zip(GUILDS, p.guild) if k >= 2]
        return out + [{"type": "evening", "source": c} for c in dict.fromkeys(p.structures)]
    return []
