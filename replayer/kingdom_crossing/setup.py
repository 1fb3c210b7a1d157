"""The position before the first move: the log's options and set-up checked, all faults at once,
then the state built from them; and a random set-up for generated games.

The set-up holds what the table sees: the face-up top card of each deck space, the Bridge Goal
sides, the face-up Favors, the starting pairs and (optionally) the Favor stack sizes. Everything
face down becomes a pool of unseen components that later reveals draw from.
"""
from __future__ import annotations

import random

from ..core.components import HiddenPool
from ..core.errors import IllegalMove, SetupProblems
from ..core.ledger import Ledger
from .catalog import Catalog
from .decisions import CHANCE_SEAT, RevealCard
from .scoring import compile_goal
from .state import PACO_ID, START, KCState, Player


def new_state(cat: Catalog, log) -> KCState:
    """The position before the first move: the solo options, the seats (solo: Paco & Paca in an
    extra seat, starting first) and the set-up, every wrong value reported together."""
    n = len(log.players)
    opts = log.options or {}
    problems = SetupProblems()  # the options' and the set-up's wrong values, reported together
    for name in ("difficulty", "paco_decoration"):
        if n > 1 and name in opts:
            problems.add("KC.SETUP.OPTIONS", f"the {name} option belongs to the solo game only: leave it out of a "
                                             f"game of {n} players", f"/options/{name}")
    solo_game = n == 1
    rest = cat.difficulty[opts.get("difficulty", "advanced")] if solo_game else 0
    seats = 2 if solo_game else n
    ids = [p.id for p in log.players] + ([PACO_ID] if solo_game else [])
    players = [Player(deco=[0] * len(cat.deco_spaces)) for _ in range(seats)]
    s = KCState(cat=cat, ids=ids, n=n, seats=seats, solo=solo_game, rest_tiles=rest,
                paco_pictured=opts.get("paco_decoration", "pictured") == "pictured", players=players,
                ledger=Ledger(n), paco_ledger=Ledger(1) if solo_game else None)
    load_setup(s, log.setup, seats, problems)
    s.first = 1 if solo_game else 0
    s.start_order = [0] if solo_game else list(range(n - 1, -1, -1))
    s.current = s.start_order.pop(0)
    s.step = START
    return s


def load_setup(s: KCState, setup: dict, seats: int, problems: SetupProblems) -> None:
    """The set-up as the table sees it (see the module docstring) checked and loaded into ``s``;
    ``problems``: those found before (the options), reported with these, every wrong value at once."""
    cat = s.cat
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
        s.reveal_tasks = tuple(RevealCard(CHANCE_SEAT, i) for i in range(len(cat.spaces)))
        s.deck_pools = []
        for sp in cat.spaces:
            pool = cat.deck_pools[cat.cards[tops[sp]].deck].clone()
            pool.what += f" on {sp}"
            pool.reveal(tops[sp])  # "Then reveal the top card of each deck face up."
            s.deck_pools.append(pool)
        s.space_tile = [None] * n_spaces
        s.space_bird = [None] * n_spaces
    s.empty_pool = cat.empty_pool.clone()
    keep = s.bird_keep = max(2, s.n)
    # "If this number is higher than the number of players in the game, discard those Bird tokens."
    s.bird_pools = [HiddenPool.create(f"{cat.region_colour[reg]} bird of {cat.regions[reg]} (backs up to {keep} players)",
                                      {b: 1 for b in cat.region_birds[reg] if cat.birds[b]["back"] <= keep})
                    for reg in range(len(cat.regions))]
    # "randomly return one of them to the box without looking at it": five possible, four in the deck
    s.queen_pool = HiddenPool.create("Queen card", {q: 1 for q in cat.queen_ids}, size=cat.rounds)
    goals = setup["bridge_goals"]
    if sorted(goals) != sorted(cat.goal_ids):
        missing = sorted(set(cat.goal_ids) - set(goals))
        bad("KC.SETUP.BRIDGE_GOALS", f"a side (easy or hard) must be given for each Bridge Goal {', '.join(cat.goal_ids)}"
            + (f"; {', '.join(missing)} {'has' if len(missing) == 1 else 'have'} none" if missing else ""),
            "/setup/bridge_goals")
    else:
        s.goal_hard = [goals[g] == "hard" for g in cat.goal_ids]
        s.goal_sides = [goal["hard" if hard else "easy"] for goal, hard in zip(cat.goals, s.goal_hard)]
        s.goal_tests = [compile_goal(side, cat) for side in s.goal_sides]
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
    seats = max(2, n_players)  # solo: Paco & Paca's pair too
    cards = sorted({v["card"] for v in cat.starting.values()})
    chosen = rng.sample(cards, seats)
    pairs = []
    for i, c in enumerate(chosen):
        side = rng.choice(sorted(sid for sid, v in cat.starting.items() if v["card"] == c))
        stack = stacks[i % k]
        pairs.append({"card": side, "favor": stack.pop(0)})
    return {"decks": tops, "bridge_goals": goals, "favor_display": display, "favor_stacks": [len(st) for st in stacks],
            "start_pairs": pairs}
