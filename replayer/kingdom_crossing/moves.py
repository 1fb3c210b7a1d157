"""Set-up checking and the player moves of Kingdom Crossing (each checked fully before it acts)."""
from __future__ import annotations

import random

from ..core.errors import IllegalMove
from .catalog import GUILDS, RESOURCES, Catalog
from .buying import affordable, keeps_a_card, keeps_card_affordable, market_keeps_a_card, pending_pay
from .effects import RES_INDEX, answer, gain, guild_income, push, run_effect
from .flow import claim_done, claim_goal, claimable
from .scoring import compile_goal
from .state import ACTION, BUY_END, CARD, CLAIM, EVENING, EVENING_ACTION, INCOME, START, START_ACTION, TURN, KCState


# -- set-up ---------------------------------------------------------------------------------------
def _bad(code: str, message: str, pointer: str) -> IllegalMove:
    return IllegalMove(code, message, pointer)


def load_setup(s: KCState, setup: dict, seats: int) -> None:
    cat = s.cat
    decks = setup["decks"]
    if sorted(decks) != sorted(cat.spaces):
        raise _bad("KC.SETUP.DECKS", f"decks must be given for exactly the spaces {', '.join(cat.spaces)}", "/setup/decks")
    by_content = {ids: d for d, ids in cat.decks.items()}
    used = set()
    for sp in cat.spaces:
        order = decks[sp]
        deck = by_content.get(tuple(sorted(order)))
        if deck is None or len(set(order)) != len(order):
            raise _bad("KC.SETUP.DECKS", f"the deck on {sp} is not one whole deck of the catalog", f"/setup/decks/{sp}")
        if deck in used:
            raise _bad("KC.SETUP.DECKS", f"the {deck} deck lies on two spaces", f"/setup/decks/{sp}")
        used.add(deck)
    s.decks = [list(decks[sp]) for sp in cat.spaces]
    s.deck_pos = [0] * len(cat.spaces)
    s.space_tile = [None] * len(cat.spaces)
    s.space_bird = [None] * len(cat.spaces)
    birds = setup["birds"]
    if sorted(birds) != sorted(cat.regions):
        raise _bad("KC.SETUP.BIRDS", f"bird stacks must be given for the regions {', '.join(cat.regions)}", "/setup/birds")
    for reg, name in enumerate(cat.regions):
        if sorted(birds[name]) != list(cat.region_birds[reg]):
            raise _bad("KC.SETUP.BIRDS", f"the {name} stack must hold exactly the {len(cat.region_birds[reg])} {cat.region_colour[reg]} birds",
                       f"/setup/birds/{name}")
    s.bird_stacks = [list(birds[name]) for name in cat.regions]
    s.bird_pos = [0] * len(cat.regions)
    queen = setup["queen_deck"]
    if len(queen) != cat.rounds or len(set(queen)) != len(queen) or not set(queen) <= set(cat.queen_ids):
        raise _bad("KC.SETUP.QUEEN_DECK", f"the Queen deck holds {cat.rounds} different Queen cards of {', '.join(cat.queen_ids)}", "/setup/queen_deck")
    s.queen_deck = list(queen)
    goals = setup["bridge_goals"]
    if sorted(goals) != sorted(cat.goal_ids):
        raise _bad("KC.SETUP.BRIDGE_GOALS", f"a side must be given for each Bridge Goal {', '.join(cat.goal_ids)}", "/setup/bridge_goals")
    s.goal_hard = [goals[g] == "hard" for g in cat.goal_ids]
    s.goal_sides = [goal["hard" if hard else "easy"] for goal, hard in zip(cat.goals, s.goal_hard)]
    s.goal_tests = [compile_goal(side) for side in s.goal_sides]
    s.goal_slots = [[-1, -1, -1, -1] for _ in cat.goal_ids]
    pairs = setup["start_pairs"]
    if len(pairs) != seats:
        raise _bad("KC.SETUP.START_PAIRS", f"{seats} starting pairs are laid out for this game, not {len(pairs)}", "/setup/start_pairs")
    physical = set()
    for i, pair in enumerate(pairs):
        start = cat.starting.get(pair["card"])
        if start is None or start["card"] in physical:
            raise _bad("KC.SETUP.START_PAIRS", f"{pair['card']} is not a starting card side, or its card is already laid out",
                       f"/setup/start_pairs/{i}/card")
        physical.add(start["card"])
    s.pairs = [(p["card"], p["favor"]) for p in pairs]
    s.pair_taken = [False] * len(pairs)
    stacks = setup["favor_stacks"]
    display = setup["favor_display"]
    if len(stacks) != cat.favor_stacks or len(display) != cat.favor_stacks:
        raise _bad("KC.SETUP.FAVORS", f"there are {cat.favor_stacks} Favor stacks, each with one face-up tile", "/setup/favor_stacks")
    every = [f for st in stacks for f in st] + list(display) + [p["favor"] for p in pairs]
    if sorted(every) != sorted(cat.favors):
        raise _bad("KC.SETUP.FAVORS", "the Favor stacks, display and starting pairs must hold every Favor of the Queen exactly once",
                   "/setup/favor_stacks")
    short = _uneven_favor_stacks(len(cat.favors), [len(st) for st in stacks], len(pairs))
    if short is not None:
        raise _bad("KC.SETUP.FAVOR_STACKS", short, "/setup/favor_stacks")
    s.favor_stacks = [list(st) for st in stacks]
    s.favor_display = list(display)
    empties = setup["empty_deck_tiles"]
    if sorted(empties) != sorted(cat.empty_tiles):
        raise _bad("KC.SETUP.EMPTY_TILES", f"the empty-deck tiles {', '.join(sorted(cat.empty_tiles))} each appear once",
                   "/setup/empty_deck_tiles")
    s.empty_tiles = list(empties)
    s.supply = {k: v[1] for k, v in cat.tokens.items()}


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
    decks = list(cat.decks)
    rng.shuffle(decks)
    setup_decks = {}
    for sp, deck in zip(cat.spaces, decks):
        cards = list(cat.decks[deck])
        rng.shuffle(cards)
        setup_decks[sp] = cards
    birds = {}
    for reg, name in enumerate(cat.regions):
        stack = list(cat.region_birds[reg])
        rng.shuffle(stack)
        birds[name] = stack
    queen = rng.sample(list(cat.queen_ids), cat.rounds)
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
    empties = list(cat.empty_tiles)
    rng.shuffle(empties)
    return {"decks": setup_decks, "birds": birds, "queen_deck": queen, "bridge_goals": goals, "favor_display": display,
            "favor_stacks": stacks, "start_pairs": pairs, "empty_deck_tiles": empties}


# -- work planning ------------------------------------------------------------------------------
def _move_beaver(s: KCState, seat: int, plan: tuple) -> None:
    """Carry out a planned move of the Beaver: coins, Invest, region, bridges and Paw markers."""
    _, side, coins, invest, region, balloon, crossed, steps = plan
    p = s.players[seat]
    p.coins, p.invest, p.region, p.crossed = coins, invest, region, crossed
    s.balloon = balloon
    paw_bonus = s.cat.paw_bonus
    for _ in range(steps):
        p.paws += 1
        bonus = paw_bonus.get(p.paws)
        if bonus:
            s.score(seat, bonus, "paws", f"Paw marker number {p.paws} placed")
    s.bird_twice = side.bird_twice
    s.market_cost = side.buy_cost
    s.step = CARD


def _use_balloon(cat: Catalog, fly: dict, region: int, balloon: int, coins: int) -> tuple[int, int, int]:
    cost = cat.balloon_same if balloon == region else cat.balloon_elsewhere
    if coins < cost:
        raise IllegalMove("KC.BALLOON.COST", f"the balloon costs {cost} coins here and you have {coins}", "/balloon")
    to = cat.region_index[fly["to"]]
    if to == region:
        raise IllegalMove("KC.BALLOON.SAME_REGION", f"the Beaver is already in {fly['to']}", "/balloon/to")
    return to, to, coins - cost


def plan_work(s: KCState, seat: int, move: dict):
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
        return ("queen", side.queen)
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
    if fly is not None and fly["when"] == "before":
        region, balloon, coins = _use_balloon(cat, fly, region, balloon, coins)
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
    if fly is not None and fly["when"] == "after":
        region, balloon, coins = _use_balloon(cat, fly, region, balloon, coins)
    paws = p.paws + len(path)
    plan = ("move", side, coins, invest, region, balloon, crossed, len(path))
    for sp in cat.region_spaces[region]:
        if affordable(s, seat, sp, coins, paws, side.bird_twice, invest):
            return plan
    if side.buy_cost >= 0 and coins >= side.buy_cost:
        # A market purchase may reach a track bonus that pays for a card: try it on a copy.
        c = s.clone()
        c.players[seat].played[tile] = True
        _move_beaver(c, seat, plan)
        if any(market_keeps_a_card(c, seat, r) for r in range(len(RESOURCES))):
            return plan
    raise IllegalMove("KC.WORK.NOTHING_TO_BUY", f"you could not buy any card in {cat.regions[region]}; rest instead", "")


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
        starts = [(p.region, None)] + [(r, {"when": "before", "to": cat.regions[r]}) for r in range(len(cat.regions)) if r != p.region]
        for inv in invests:
            for start, before in starts:
                for path, end in _paths(cat, start, p.crossed, n):
                    afters = [None] if before else [None] + [{"when": "after", "to": cat.regions[r]} for r in range(len(cat.regions)) if r != end]
                    for fly in afters:
                        m = {"type": "work", "tile": tile}
                        if inv:
                            m["invest"] = inv
                        if before or fly:
                            m["balloon"] = before or fly
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
ID_MOVES = frozenset({"work", "hire", "bird", "house", "claim"})


def check_ids(cat: Catalog, move: dict) -> None:
    """Regions, deck spaces, bridges and goals named by a move exist in the catalog."""
    t = move["type"]
    checks = []
    if t == "work":
        checks += [(f"/path/{i}", b, cat.bridge_index, "bridge") for i, b in enumerate(move.get("path", ()))]
        if "balloon" in move:
            checks.append(("/balloon/to", move["balloon"]["to"], cat.region_index, "region"))
    elif t in ("hire", "bird"):
        checks.append(("/space", move["space"], cat.space_index, "deck space"))
    elif t == "house":
        checks.append(("/region", move["region"], cat.region_index, "region"))
    elif t == "claim":
        checks.append(("/goal", move["goal"], cat.goal_index, "Bridge Goal"))
    for pointer, value, table, what in checks:
        if value not in table:
            raise IllegalMove("KC.MOVE.UNKNOWN_ID", f"there is no {what} {value!r} in catalog {cat.version}", pointer)


def dispatch(s: KCState, seat: int, move: dict) -> None:
    if s.tasks:
        if pending_pay(s):
            if not keeps_card_affordable(s, move):
                raise IllegalMove("KC.CARD.UNAFFORDABLE", "with this choice you could no longer pay for the card you are buying", "")
        elif s.step == CARD and not keeps_a_card(s, move):
            raise IllegalMove("KC.CARD.UNAFFORDABLE", "with this choice you could no longer buy any card in "
                              f"{s.cat.regions[s.players[seat].region]}, which working obliges you to", "")
        answer(s, s.tasks[-1], move)
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
            tasks.append(("invest", seat))
        if start["decoration"]:
            tasks.append(("decor", seat, (start["decoration"],), (1,), False))
        push(s, *tasks)
        s.step = START_ACTION
    elif t == "income":
        src = move["source"]
        if src in GUILDS:
            g = GUILDS.index(src)
            if p.income_guild[g] <= 0:
                raise IllegalMove("KC.INCOME.SOURCE", f"no {src} income is left this morning (one per 2 cards)", "/source")
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
        if move["coins"] != rest:
            raise IllegalMove("KC.REST.COINS", f"resting with Action tile {tile} gives {rest} coins, not {move['coins']}", "/coins")
        p.played[tile] = True
        p.coins += rest
        s.step = ACTION
    elif t == "work":
        plan = plan_work(s, seat, move)
        tile = move["tile"]
        p.played[tile] = True
        s.turn_tile = tile
        if plan[0] == "queen":
            s.queen_available = False
            s.first = seat
            q = s.queen_card
            eff = cat.cards[q].effect
            push(s, *[("eff", seat, eff, "queen", f"Queen card {q}")] * plan[1], ("place_queen", seat, q))
            s.step = ACTION
            return
        _move_beaver(s, seat, plan)
        for eff in plan[1].work:
            run_effect(s, seat, eff, "action_tile", f"work on Action tile {tile}")
    elif t == "hire":
        _hire(s, seat, move)
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
    top, tile = s.top(sp), s.space_tile[sp]
    named = move["card"]
    if top is None and tile is None:
        raise IllegalMove("KC.CARD.MISMATCH", f"space {move['space']} shows no card and no empty-deck tile", "/card")
    if named != (top or tile):
        raise IllegalMove("KC.CARD.MISMATCH", f"the face-up card on {move['space']} is {top or tile}, not {named}", "/card")
    if top is None:
        s.step = ACTION
        s.tasks.append(("eff", seat, cat.empty_tiles[tile], "empty_deck", f"empty-deck tile {tile}"))
        return
    if not affordable(s, seat, sp, p.coins, p.paws, s.bird_twice):
        raise IllegalMove("KC.CARD.UNAFFORDABLE", f"{top} costs {cat.cards[top].cost} coins; you have {p.coins}", "/card")
    s.step = ACTION
    bird = s.space_bird[sp]
    tasks = []
    if bird:
        s.space_bird[sp] = None
        p.birds.append(bird)
        tasks += [("eff", seat, cat.birds[bird]["effect"], "bird", f"bird {bird}")] * (2 if s.bird_twice else 1)
    tasks.append(("pay", seat, sp, top))
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
        return rests + work_candidates(s, seat)
    if step == CARD:
        out = []
        for sp in cat.region_spaces[p.region]:
            top = s.top(sp) or s.space_tile[sp]
            if top and affordable(s, seat, sp, p.coins, p.paws, s.bird_twice):
                out.append({"type": "hire", "space": cat.spaces[sp], "card": top})
        if s.market_cost >= 0 and p.coins >= s.market_cost:
            out += [{"type": "buy", "resource": r} for i, r in enumerate(RESOURCES) if market_keeps_a_card(s, seat, i)]
        return out
    if step == BUY_END:
        return [{"type": "buy", "resource": r} for r in RESOURCES] + [{"type": "pass"}]
    if step == CLAIM:
        return [{"type": "claim", "goal": cat.goal_ids[g]} for g in claimable(s, seat)] + [{"type": "pass"}]
    if step == EVENING:
        out = [{"type": "evening", "source": g} for g, k in zip(GUILDS, p.guild) if k >= 2]
        return out + [{"type": "evening", "source": c} for c in dict.fromkeys(p.structures)]
    return []
