"""The player's answers to pending choices: what each accepts, and checking then resolving one.

Also the Favors of the Queen, taken from the display or drawn from a stack (a hidden pool of three
piles whose sizes the log may give).
"""
from __future__ import annotations

from collections.abc import Iterator

from ..core.errors import IllegalMove
from .catalog import RESOURCES
from .decisions import (DecorationChoice, Decision, FavorChoice, RefillDisplay, ResolveEffect, RestockStack,
                        StructureChoice)
from .effects import BOTH, RES_INDEX, gain, push, run_effect
from .state import KCState

#: chance kinds (answered by a move without player)
CHANCE_TASKS = frozenset({"reveal", "birds", "queen", "refill", "restock"})
#: move types that answer each choice and each chance decision
ANSWERS = {"reveal": ("reveal",), "birds": ("birds",), "queen": ("queen",), "refill": ("refill",),
           "restock": ("restock",), "invest": ("invest",), "resource": ("resource",), "resources": ("resources",),
           "decor": ("decorate",), "res_or_decor": ("resource", "decorate"), "upgrade": ("upgrade",),
           "structure": ("structure", "pass"), "favor": ("favor",), "house": ("house",), "take_bird": ("bird",)}


# -- favors -------------------------------------------------------------------------------------
def needs_restock(s: KCState, stack: int) -> bool:
    """"If one stack runs out, refill it with a tile from one of the other stacks": only countable
    when the log gave the stack sizes; a donor keeps at least one tile."""
    sizes = s.favor_pool.pile_sizes
    return sizes is not None and sizes[stack] == 0 and any(n > 1 for j, n in enumerate(sizes) if j != stack)


def restock_after_draw(s: KCState, stack: int) -> None:
    """A face-down tile left stack ``stack`` (a draw or a display refill): restock it if it ran out."""
    if needs_restock(s, stack):
        s.tasks.items.append(RestockStack(stack=stack))


def stack_has_tiles(s: KCState, stack: int) -> bool:
    pool = s.favor_pool
    if pool.in_pool <= 0:
        return False
    return pool.pile_sizes is None or pool.pile_sizes[stack] > 0


def refill_source(s: KCState, task) -> int | None:
    """The face-down stack a display refill comes from (-1: some stack, sizes not recorded), or None
    when no tile can be turned up (an empty stack, or every Favor seen)."""
    if s.favor_pool.in_pool <= 0:
        return None
    source = task.source
    sizes = s.favor_pool.pile_sizes
    if sizes is None:
        return -1
    if source >= 0:
        return source if sizes[source] > 0 else None
    order = range(len(sizes) - 1, -1, -1) if source == -1 else range(len(sizes))  # -1: last, -2: first non-empty
    return next((i for i in order if sizes[i] > 0), None)


def take_favor(s: KCState, seat: int, source: str, index: int, tile: str) -> None:
    """``seat`` takes ``tile``: face up from display slot ``index`` (which is refilled from its stack,
    a chance move), or drawn from stack ``index`` (the tile named is turned face up)."""
    if source == "display":
        s.favor_display[index] = None
        if stack_has_tiles(s, index):
            s.tasks.items.append(RefillDisplay(slot=index, source=index))
    else:
        s.favor_pool.reveal(tile, index + 1, "/tile", "/index")
        restock_after_draw(s, index)
    s.players[seat].favors.append(tile)


def favor_options(s: KCState) -> list[dict]:
    out = [{"type": "favor", "source": "display", "index": i, "tile": t} for i, t in enumerate(s.favor_display) if t]
    unseen = s.favor_pool.possible()
    for i in range(len(s.favor_display)):
        if stack_has_tiles(s, i):
            out += [{"type": "favor", "source": "stack", "index": i, "tile": t} for t in unseen]
    return out


# -- options -------------------------------------------------------------------------------------
def decor_options(s: KCState, seat: int, pics, sizes) -> Iterator[dict]:
    """The decorations of the pictures ``pics`` and symbol numbers ``sizes`` ``seat`` may place now."""
    cat = s.cat
    deco = s.players[seat].deco
    for (pic, stars), (symbols, _count) in cat.tokens.items():
        if pic not in pics or symbols not in sizes or s.supply[(pic, stars)] <= 0:
            continue
        for sp in cat.deco_spaces:
            if sp.picture == pic and sp.symbols == symbols and not deco[sp.index]:
                yield {"type": "decorate", "picture": pic, "stars": stars, "space": sp.id}


def options(s: KCState, task: Decision) -> list[dict]:
    """Every answer to a choice, as moves without ``player``."""
    kind, seat = task.kind, task.seat
    p = s.players[seat]
    cat = s.cat
    if kind == "invest":
        opts = [{"type": "invest", "option": "cash", "coins": cat.invest_coins[p.invest]}, {"type": "invest", "option": "cash"}]
        if p.invest < cat.invest_last:
            opts.insert(0, {"type": "invest", "option": "advance"})
        return opts
    if kind == "resource":
        return [{"type": "resource", "resource": r} for r in RESOURCES]
    if kind == "resources":
        combos = [[]]
        for r in RESOURCES:
            combos += [c + [r] for c in combos if len(c) < task.n]
        return [{"type": "resources", "resources": c} for c in combos if len(c) == task.n]
    if kind == "decor":
        return list(decor_options(s, seat, task.pictures, task.sizes))
    if kind == "res_or_decor":
        return [{"type": "resource", "resource": r} for r in RESOURCES] + list(decor_options(s, seat, BOTH, (1,)))
    if kind == "upgrade":
        return [{"type": "upgrade", "tile": i} for i in range(6) if not p.improved[i]]
    if kind == "structure":
        used = p.bears_used if task.bears else task.exclude
        opts = [{"type": "structure", "card": c} for c in dict.fromkeys(p.structures) if c not in used]
        if task.optional:
            opts.append({"type": "pass"})
        return opts
    if kind == "favor":
        return favor_options(s)
    if kind == "house":
        return [{"type": "house", "region": r} for i, r in enumerate(cat.regions) if i not in p.houses]
    if kind == "take_bird":
        return [{"type": "bird", "space": cat.spaces[i], "bird": b} for i, b in enumerate(s.space_bird) if b]
    raise ValueError(kind)


def has_options(s: KCState, task: Decision) -> bool:
    """``bool(options(s, task))``, without building the moves for all but the rarest choices (the
    task runner asks this of every choice it meets).

    :raises ValueError: ``task`` is not a choice.
    """
    kind = task.kind
    if kind in _ALWAYS_ANSWERABLE:
        return True
    p = s.players[task.seat]
    if kind == "decor":
        return next(decor_options(s, task.seat, task.pictures, task.sizes), None) is not None
    if kind == "upgrade":
        return not all(p.improved)
    if kind == "structure":
        used = p.bears_used if task.bears else task.exclude
        return task.optional or any(c not in used for c in p.structures)
    if kind == "favor":
        return any(s.favor_display) or (bool(s.favor_pool.possible())
                                        and any(stack_has_tiles(s, i) for i in range(len(s.favor_display))))
    return bool(options(s, task))  # the rare ones: a House, a bird taken, different resources


#: choices that always have an answer: cashing the Invest track, any of the four resources
_ALWAYS_ANSWERABLE = frozenset({"invest", "resource", "res_or_decor"})


def skip_empty(s: KCState, task: Decision) -> None:
    """A choice with no possible answer is skipped ("if possible"); the Boar income then gives 2 Prestige."""
    if task.kind == "upgrade" and task.fallback:
        s.score(task.seat, task.fallback, "guild_income", "Wild Boars guild income with every Action tile improved")


# -- answers -------------------------------------------------------------------------------------
def answer(s: KCState, task: Decision, move: dict) -> None:
    """Check ``move`` against the pending choice ``task``, then resolve it (state untouched on error).

    :raises IllegalMove: the move breaks a rule of that choice.
    """
    kind, seat = task.kind, task.seat
    p = s.players[seat]
    cat = s.cat
    t = move["type"]
    if kind == "invest":
        written = move.get("coins")  # the engine knows the amount; when written, it must be right
        if written is not None and (move["option"] != "cash" or written != cat.invest_coins[p.invest]):
            raise IllegalMove("KC.INVEST.COINS", f"cashing the Invest track gives the {cat.invest_coins[p.invest]} coins shown "
                              "at your marker" if move["option"] == "cash" else "an advance on the Invest track takes no coins",
                              "/coins")
        if move["option"] == "advance":
            if p.invest >= cat.invest_last:
                raise IllegalMove("KC.INVEST.TRACK_END", "your Invest marker is on the last space; you can only take its coins", "/option")
            s.tasks.items.pop()
            p.invest += 1
        else:
            s.tasks.items.pop()
            p.coins += cat.invest_coins[p.invest]
            p.invest = 0
        return
    if t == "resource":
        s.tasks.items.pop()
        gain(s, seat, RES_INDEX[move["resource"]], 1, "resource of your choice")
        return
    if kind == "resources":
        rs = move["resources"]
        if len(rs) != task.n or len(set(rs)) != len(rs):
            raise IllegalMove("KC.CHOICE.RESOURCES", f"this effect gives exactly {task.n} different resources", "/resources")
        s.tasks.items.pop()
        for r in rs:
            gain(s, seat, RES_INDEX[r], 1, "different resources")
        return
    if t == "decorate":
        if kind == "decor":
            pics, sizes, pair = task.pictures, task.sizes, task.pair
        else:
            pics, sizes, pair = BOTH, (1,), False
        _decorate(s, seat, pics, sizes, pair, move)
        return
    if kind == "upgrade":
        i = move["tile"]
        if p.improved[i]:
            raise IllegalMove("KC.UPGRADE.ALREADY", f"Action tile {i} is already improved", "/tile")
        s.tasks.items.pop()
        p.improved[i] = True
        return
    if kind == "structure":
        _structure(s, task, move)
        return
    if kind == "favor":
        src, i, tile = move["source"], move["index"], move["tile"]
        if src == "display":
            avail = s.favor_display[i]
            if avail is None:
                raise IllegalMove("KC.FAVOR.MISMATCH", f"display slot {i} shows no Favor of the Queen", "/index")
            if tile != avail:
                raise IllegalMove("KC.FAVOR.MISMATCH", f"the Favor in display slot {i} is {avail}, not {tile}", "/tile")
        else:
            s.favor_pool.check_reveal(tile, i + 1, "/tile", "/index")
        s.tasks.items.pop()
        take_favor(s, seat, src, i, tile)
        return
    if kind == "house":
        r = cat.region_index[move["region"]]
        if r in p.houses:
            raise IllegalMove("KC.HOUSE.REGION", f"you already have a House in {move['region']}", "/region")
        s.tasks.items.pop()
        p.houses.append(r)
        if task.last:
            s.tasks.items.append(FavorChoice(seat))
        return
    if kind == "take_bird":
        sp = cat.space_index[move["space"]]
        bird = s.space_bird[sp]
        if bird is None:
            raise IllegalMove("KC.BIRD.NONE", f"there is no bird on the card at {move['space']}", "/space")
        if move["bird"] != bird:
            raise IllegalMove("KC.BIRD.MISMATCH", f"the bird at {move['space']} is {bird}, not {move['bird']}", "/bird")
        s.tasks.items.pop()
        s.space_bird[sp] = None
        p.birds.append(bird)
        # "as if it were on this Merchant card": met this turn, so the improved three-bridge tile
        # ("if you would meet a bird this turn, resolve its effect twice") doubles it too.
        effect = cat.birds[bird]["effect"]
        push(s, *[ResolveEffect(seat, effect, "bird", f"bird {bird} taken by a Merchant")] * (2 if s.bird_twice else 1))
        return
    raise ValueError(kind)


def _decorate(s: KCState, seat: int, pics, sizes, pair: bool, move: dict) -> None:
    cat = s.cat
    p = s.players[seat]
    pic, stars, space_id = move["picture"], move["stars"], move["space"]
    token = cat.tokens.get((pic, stars))
    if pic not in pics or token is None or token[0] not in sizes:
        raise IllegalMove("KC.DECOR.KIND", f"this effect gives a {' or '.join(pics)} token with "
                          f"{' or '.join(map(str, sizes))} symbol(s), not a {stars}-star {pic}", "/picture")
    if s.supply[(pic, stars)] <= 0:
        raise IllegalMove("KC.DECOR.SUPPLY", f"no {stars}-star {pic} token is left in the supply", "/stars")
    idx = cat.deco_index.get(space_id)
    sp = cat.deco_spaces[idx] if idx is not None else None
    if sp is None or sp.picture != pic or sp.symbols != token[0] or p.deco[idx]:
        raise IllegalMove("KC.DECOR.SPACE", f"{space_id} is not an empty {pic} space for a token with {token[0]} symbol(s)", "/space")
    s.tasks.items.pop()
    s.supply[(pic, stars)] -= 1
    p.deco[idx] = stars
    if pair and token[0] == 1:
        s.tasks.items.append(DecorationChoice(seat, (pic,)))


def _structure(s: KCState, task: StructureChoice, move: dict) -> None:
    p = s.players[task.seat]
    if move["type"] == "pass":
        if not task.optional:
            raise IllegalMove("KC.CHOICE.NOT_OPTIONAL", "this structure ability must be resolved", "")
        s.tasks.items.pop()
        return
    c = move["card"]
    if c not in p.structures:
        raise IllegalMove("KC.STRUCTURE.NOT_OWNED", f"{c} is not one of your Structures", "/card")
    if c in (p.bears_used if task.bears else task.exclude):
        raise IllegalMove("KC.STRUCTURE.REPEATED", f"{c} was already resolved by this effect; each Structure must be different", "/card")
    s.tasks.items.pop()
    if task.bears:
        p.bears_used.append(c)
    if task.more:
        s.tasks.items.append(StructureChoice(task.seat, task.optional, task.exclude + (c,), task.more - 1, task.bears))
    run_effect(s, task.seat, s.cat.cards[c].effect, "structure", f"ability of Structure {c}")
