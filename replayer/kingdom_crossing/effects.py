"""Named effect kinds, implemented once; cards, birds, tiles and tracks refer to them by name.

An effect either acts at once (coins, prestige, resources) or pushes *choice tasks* onto the
state's task stack; a choice task waits for the player's next move (``invest``, ``resource``,
``decorate``, ...). Tasks are tuples ``(kind, seat, ...)``; the stack's top is its last item.
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from .catalog import GUILDS, PICTURES, RESOURCES
from .state import KCState

RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
CHOICES = frozenset({"invest", "resource", "resources", "decor", "res_or_decor", "upgrade", "structure", "favor",
                     "house", "take_bird"})
#: move types that answer each choice task
ANSWERS = {"invest": ("invest",), "resource": ("resource",), "resources": ("resources",), "decor": ("decorate",),
           "res_or_decor": ("resource", "decorate"), "upgrade": ("upgrade",), "structure": ("structure", "pass"),
           "favor": ("favor",), "house": ("house",), "take_bird": ("bird",)}
BOTH = PICTURES


def push(s: KCState, *tasks) -> None:
    """Push tasks so that the first one given is resolved first."""
    s.tasks.extend(reversed(tasks))


# -- immediate helpers -------------------------------------------------------------------------
def gain(s: KCState, seat: int, r: int, n: int, why: str) -> None:
    """Advance resource ``r`` by ``n`` (never past the last space) and trigger the track bonuses passed."""
    p = s.players[seat]
    old = p.res[r]
    new = min(s.cat.track_length, old + n)
    if new == old:
        return
    p.res[r] = new
    hits = [eff for at, eff in s.cat.track_bonus[r] if old < at <= new]
    for eff in reversed(hits):
        s.tasks.append(("eff", seat, eff, "track", f"{RESOURCES[r]} track bonus"))


def paws(s: KCState, seat: int) -> int:
    return s.players[seat].paws


def run_effect(s: KCState, seat: int, eff: dict, category: str, why: str) -> None:
    """Resolve one effect for ``seat``: act now or push the choices it needs."""
    k = eff["kind"]
    p = s.players[seat]
    if k == "coins":
        p.coins += eff["n"]
    elif k == "prestige":
        s.score(seat, eff["n"], category, why)
    elif k == "gain":
        gain(s, seat, RES_INDEX[eff["resource"]], eff["n"], why)
    elif k == "gain_choice":
        push(s, *[("resource", seat)] * eff["n"])
    elif k == "gain_distinct":
        push(s, ("resources", seat, eff["n"]))
    elif k == "invest":
        push(s, *[("invest", seat)] * eff["n"])
    elif k == "decoration":
        pics = BOTH if eff["picture"] == "any" else (eff["picture"],)
        push(s, ("decor", seat, pics, (1,), False))
    elif k == "decoration_set":
        push(s, ("decor", seat, (eff["picture"],), (1, 2), True))
    elif k == "sculpture_per_paws":
        if p.paws >= 2 * eff["per"]:
            push(s, ("decor", seat, ("sculpture",), (1, 2), True))
        elif p.paws >= eff["per"]:
            push(s, ("decor", seat, ("sculpture",), (1,), False))
    elif k == "decoration_if_paws" or k == "decoration_if_bridges":
        if p.paws >= eff["min"]:
            pics = BOTH if eff.get("picture", "any") == "any" else (eff["picture"],)
            push(s, ("decor", seat, pics, (1,), False))
    elif k == "coins_per_paw" or k == "coins_per_bridge":
        p.coins += p.paws
    elif k == "coins_minus_paws" or k == "coins_minus_bridges":
        p.coins += max(0, eff["base"] - p.paws)
    elif k == "gain_per_paws":
        gain(s, seat, RES_INDEX[eff["resource"]], p.paws // eff["per"], why)
    elif k == "favor":
        push(s, ("favor", seat))
    elif k == "upgrade":
        push(s, ("upgrade", seat, 0))
    elif k == "structure":
        push(s, ("structure", seat, bool(eff.get("optional")), (), eff["n"] - 1, False))
    elif k == "take_bird":
        push(s, ("take_bird", seat))
    elif k == "gain_choice_per_house":
        push(s, *[("resource", seat)] * len(p.houses))
    elif k == "coins_per_structure":
        p.coins += len(p.structures)
    elif k == "coins_per_symbol":
        p.coins += p.symbols(s.cat)
    elif k == "coins_per_guild":
        p.coins += p.guild[GUILDS.index(eff["guild"])]
    elif k == "coins_per_bird_pair":
        p.coins += len(p.birds) // 2
    elif k == "prestige_per_guild":
        s.score(seat, p.guild[GUILDS.index(eff["guild"])], category, why)
    elif k == "prestige_per_structure":
        s.score(seat, len(p.structures), category, why)
    elif k == "prestige_per_bridges":
        s.score(seat, p.paws // eff["per"], category, why)
    elif k == "gain_or_decoration":
        push(s, *[("res_or_decor", seat)] * eff["n"])
    elif k == "gain_or_decoration_if_paws":
        if p.paws >= eff["min"]:
            push(s, ("res_or_decor", seat))
    elif k == "gain_or_decoration_per_paws":
        push(s, *[("res_or_decor", seat)] * (p.paws // eff["per"]))
    else:  # the catalog schema admits only the kinds above
        raise ValueError(f"unknown effect kind {k!r}")


def fixed_coins(eff: dict, paws_now: int) -> int:
    """Coins an effect surely gives without any choice (counted when checking a card is affordable)."""
    k = eff["kind"]
    if k == "coins":
        return eff["n"]
    if k in ("coins_per_paw", "coins_per_bridge"):
        return paws_now
    if k in ("coins_minus_paws", "coins_minus_bridges"):
        return max(0, eff["base"] - paws_now)
    return 0


def guild_income(s: KCState, seat: int, g: int, why: str) -> None:
    """One guild income (the reward for 2 cards in that column)."""
    if g == 0:
        s.score(seat, 2, "guild_income", f"Foxes guild income ({why})")
    elif g == 1:
        push(s, ("invest", seat))
    elif g == 2:
        push(s, ("structure", seat, False, (), 0, True))
    elif g == 3:
        push(s, ("upgrade", seat, 2))
    else:
        push(s, ("resource", seat))


# -- favors -------------------------------------------------------------------------------------
def _refill_stacks(s: KCState) -> None:
    """An empty stack is refilled with a tile from the fullest other stack (ties: lowest index)."""
    for i, stack in enumerate(s.favor_stacks):
        if not stack:
            donors = [j for j in range(len(s.favor_stacks)) if j != i and len(s.favor_stacks[j]) > 1]
            if donors:
                j = max(donors, key=lambda d: (len(s.favor_stacks[d]), -d))
                stack.append(s.favor_stacks[j].pop(0))


def take_favor(s: KCState, seat: int, source: str, index: int) -> str:
    if source == "display":
        tile = s.favor_display[index]
        stack = s.favor_stacks[index]
        s.favor_display[index] = stack.pop(0) if stack else None
    else:
        tile = s.favor_stacks[index].pop(0)
    _refill_stacks(s)
    s.players[seat].favors.append(tile)
    return tile


def favor_options(s: KCState) -> list[dict]:
    out = [{"type": "favor", "source": "display", "index": i, "tile": t} for i, t in enumerate(s.favor_display) if t]
    out += [{"type": "favor", "source": "stack", "index": i, "tile": st[0]} for i, st in enumerate(s.favor_stacks) if st]
    return out


# -- choice options ------------------------------------------------------------------------------
def decor_options(s: KCState, seat: int, pics, sizes) -> list[dict]:
    cat = s.cat
    p = s.players[seat]
    out = []
    for (pic, stars), (symbols, _count) in cat.tokens.items():
        if pic not in pics or symbols not in sizes or s.supply[(pic, stars)] <= 0:
            continue
        for sp in cat.deco_spaces:
            if sp.picture == pic and sp.symbols == symbols and not p.deco[sp.index]:
                out.append({"type": "decorate", "picture": pic, "stars": stars, "space": sp.id})
    return out


def options(s: KCState, task) -> list[dict]:
    """Every answer to a choice task, as moves without ``player``."""
    kind, seat = task[0], task[1]
    p = s.players[seat]
    cat = s.cat
    if kind == "invest":
        opts = [{"type": "invest", "option": "cash", "coins": cat.invest_coins[p.invest]}]
        if p.invest < cat.invest_last:
            opts.insert(0, {"type": "invest", "option": "advance"})
        return opts
    if kind == "resource":
        return [{"type": "resource", "resource": r} for r in RESOURCES]
    if kind == "resources":
        n = task[2]
        combos = [[]]
        for r in RESOURCES:
            combos += [c + [r] for c in combos if len(c) < n]
        return [{"type": "resources", "resources": c} for c in combos if len(c) == n]
    if kind == "decor":
        return decor_options(s, seat, task[2], task[3])
    if kind == "res_or_decor":
        return [{"type": "resource", "resource": r} for r in RESOURCES] + decor_options(s, seat, BOTH, (1,))
    if kind == "upgrade":
        return [{"type": "upgrade", "tile": i} for i in range(6) if not p.improved[i]]
    if kind == "structure":
        _, _, optional, exclude, _more, bears = task
        used = p.bears_used if bears else exclude
        opts = [{"type": "structure", "card": c} for c in dict.fromkeys(p.structures) if c not in used]
        if optional:
            opts.append({"type": "pass"})
        return opts
    if kind == "favor":
        return favor_options(s)
    if kind == "house":
        return [{"type": "house", "region": r} for i, r in enumerate(cat.regions) if i not in p.houses]
    if kind == "take_bird":
        return [{"type": "bird", "space": cat.spaces[i], "bird": b} for i, b in enumerate(s.space_bird) if b]
    raise ValueError(kind)


def skip_empty(s: KCState, task) -> None:
    """A choice with no possible answer is skipped ("if possible"); the Boar income then gives 2 Prestige."""
    if task[0] == "upgrade" and task[2]:
        s.score(task[1], task[2], "guild_income", "Wild Boars guild income with every Action tile improved")


def answer(s: KCState, task, move: dict) -> None:
    """Check ``move`` against the pending choice ``task``, then resolve it (state untouched on error)."""
    kind, seat = task[0], task[1]
    p = s.players[seat]
    cat = s.cat
    t = move["type"]
    if kind == "invest":
        written = move.get("coins")
        if (move["option"] == "cash") != (written is not None) or (written is not None and written != cat.invest_coins[p.invest]):
            raise IllegalMove("KC.INVEST.COINS", f"cashing the Invest track gives the {cat.invest_coins[p.invest]} coins shown at your "
                              "marker; write them as 'coins' (an advance takes no coins)", "/coins")
        if move["option"] == "advance":
            if p.invest >= cat.invest_last:
                raise IllegalMove("KC.INVEST.TRACK_END", "your Invest marker is on the last space; you can only take its coins", "/option")
            s.tasks.pop()
            p.invest += 1
        else:
            s.tasks.pop()
            p.coins += cat.invest_coins[p.invest]
            p.invest = 0
        return
    if t == "resource":
        s.tasks.pop()
        gain(s, seat, RES_INDEX[move["resource"]], 1, "resource of your choice")
        return
    if kind == "resources":
        rs = move["resources"]
        if len(rs) != task[2] or len(set(rs)) != len(rs):
            raise IllegalMove("KC.CHOICE.RESOURCES", f"this effect gives exactly {task[2]} different resources", "/resources")
        s.tasks.pop()
        for r in rs:
            gain(s, seat, RES_INDEX[r], 1, "different resources")
        return
    if t == "decorate":
        pics, sizes, pair = (task[2], task[3], task[4]) if kind == "decor" else (BOTH, (1,), False)
        pic, stars, space_id = move["picture"], move["stars"], move["space"]
        token = cat.tokens.get((pic, stars))
        if pic not in pics or token is None or token[0] not in sizes:
            allowed = " or ".join(pics)
            raise IllegalMove("KC.DECOR.KIND", f"this effect gives a {allowed} token with {' or '.join(map(str, sizes))} symbol(s), not a {stars}-star {pic}", "/picture")
        if s.supply[(pic, stars)] <= 0:
            raise IllegalMove("KC.DECOR.SUPPLY", f"no {stars}-star {pic} token is left in the supply", "/stars")
        idx = cat.deco_index.get(space_id)
        sp = cat.deco_spaces[idx] if idx is not None else None
        if sp is None or sp.picture != pic or sp.symbols != token[0] or p.deco[idx]:
            raise IllegalMove("KC.DECOR.SPACE", f"{space_id} is not an empty {pic} space for a token with {token[0]} symbol(s)", "/space")
        s.tasks.pop()
        s.supply[(pic, stars)] -= 1
        p.deco[idx] = stars
        if pair and token[0] == 1:
            push(s, ("decor", seat, (pic,), (1,), False))
        return
    if kind == "upgrade":
        i = move["tile"]
        if p.improved[i]:
            raise IllegalMove("KC.UPGRADE.ALREADY", f"Action tile {i} is already improved", "/tile")
        s.tasks.pop()
        p.improved[i] = True
        return
    if kind == "structure":
        _, _, optional, exclude, more, bears = task
        if t == "pass":
            if not optional:
                raise IllegalMove("KC.CHOICE.NOT_OPTIONAL", "this structure ability must be resolved", "")
            s.tasks.pop()
            return
        c = move["card"]
        if c not in p.structures:
            raise IllegalMove("KC.STRUCTURE.NOT_OWNED", f"{c} is not one of your Structures", "/card")
        if c in (p.bears_used if bears else exclude):
            raise IllegalMove("KC.STRUCTURE.REPEATED", f"{c} was already resolved by this effect; each Structure must be different", "/card")
        s.tasks.pop()
        if bears:
            p.bears_used.append(c)
        if more:
            s.tasks.append(("structure", seat, optional, exclude + (c,), more - 1, bears))
        run_effect(s, seat, cat.cards[c].effect, "structure", f"ability of Structure {c}")
        return
    if kind == "favor":
        src, i = move["source"], move["index"]
        avail = s.favor_display[i] if src == "display" else (s.favor_stacks[i][0] if s.favor_stacks[i] else None)
        if avail is None:
            raise IllegalMove("KC.FAVOR.MISMATCH", f"there is no Favor of the Queen at {src} {i}", "/index")
        if move["tile"] != avail:
            raise IllegalMove("KC.FAVOR.MISMATCH", f"the Favor at {src} {i} is {avail}, not {move['tile']}", "/tile")
        s.tasks.pop()
        take_favor(s, seat, src, i)
        return
    if kind == "house":
        r = cat.region_index[move["region"]]
        if r in p.houses:
            raise IllegalMove("KC.HOUSE.REGION", f"you already have a House in {move['region']}", "/region")
        s.tasks.pop()
        p.houses.append(r)
        if task[2]:
            push(s, ("favor", seat))
        return
    if kind == "take_bird":
        sp = cat.space_index[move["space"]]
        bird = s.space_bird[sp]
        if bird is None:
            raise IllegalMove("KC.BIRD.NONE", f"there is no bird on the card at {move['space']}", "/space")
        if move["bird"] != bird:
            raise IllegalMove("KC.BIRD.MISMATCH", f"the bird at {move['space']} is {bird}, not {move['bird']}", "/bird")
        s.tasks.pop()
        s.space_bird[sp] = None
        p.birds.append(bird)
        # "as if it were on this Merchant card": met this turn, so the improved three-bridge tile
        # ("if you would meet a bird this turn, resolve its effect twice") doubles it too.
        effect = cat.birds[bird]["effect"]
        push(s, *[("eff", seat, effect, "bird", f"bird {bird} taken by a Merchant")] * (2 if s.bird_twice else 1))
        return
    raise ValueError(kind)
