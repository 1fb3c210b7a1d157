"""Bridge Goal requirements, the final scoring (every point through the ledger) and the winners."""
from __future__ import annotations

from itertools import compress

from ..core.errors import IllegalMove
from .catalog import GUILDS, RESOURCES, Catalog
from .state import PACO_ID, KCState, Player


#: what a Bridge Goal side asks for: the first item of a compiled goal
RESOURCES_TEST, INVEST_TEST, HOUSES_TEST, STRUCTURES_TEST, SYMBOLS_TEST, BIRDS_TEST = range(6)
_GOAL_TESTS = {"invest_back": INVEST_TEST, "houses_placed": HOUSES_TEST, "structures_at_least": STRUCTURES_TEST,
               "birds_at_least": BIRDS_TEST}


def compile_goal(side: dict, cat: Catalog) -> tuple:
    """A Bridge Goal side as a small tuple (its test, numbers) for :func:`claimable_goals`."""
    k = side["kind"]
    if k == "resources_at_least":
        return (RESOURCES_TEST, tuple((RESOURCES.index(r), n) for r, n in side["need"].items()))
    if k == "symbols_at_least":
        pictures = cat.picture_symbols
        return (SYMBOLS_TEST, pictures["flower"], side["flower"], pictures["sculpture"], side["sculpture"])
    return (_GOAL_TESTS[k], side["n"])


def claimable_goals(s: KCState, seat: int, skip: int | None = None) -> list[int]:
    """The Bridge Goals whose side up ``seat`` meets now, of those not in the bit mask ``skip``
    (default: those ``seat`` has claimed). One loop, not a call per goal: it runs after every turn."""
    p = s.players[seat]
    if skip is None:
        skip = p.goals
    out = []
    for g, test in enumerate(s.goal_tests):
        if skip >> g & 1:
            continue
        k = test[0]
        if k == RESOURCES_TEST:
            res = p.res
            met = True
            for r, n in test[1]:
                if res[r] < n:
                    met = False
                    break
        elif k == SYMBOLS_TEST:
            deco = p.deco
            met = sum(compress(test[1], deco)) >= test[2] and sum(compress(test[3], deco)) >= test[4]
        elif k == INVEST_TEST:
            met = seat < s.n and p.invest >= test[1]
        elif k == HOUSES_TEST:
            met = len(p.houses) >= test[1]
        elif k == STRUCTURES_TEST:
            met = len(p.structures) >= test[1]
        else:
            met = len(p.birds) >= test[1]
        if met:
            out.append(g)
    return out


def requirement_text(s: KCState, seat: int, g: int) -> str:
    """The side up of Bridge Goal ``g`` and where ``seat`` stands, in words (for error messages)."""
    side = s.goal_sides[g]
    p = s.players[seat]
    k = side["kind"]
    if k == "resources_at_least":
        need = " and ".join(f"{n} {r}" for r, n in side["need"].items())
        have = " and ".join(f"{p.res[RESOURCES.index(r)]} {r}" for r in side["need"])
    elif k == "symbols_at_least":
        need = f"{side['flower']} Flower and {side['sculpture']} Sculpture symbols"
        have = f"{p.symbols(s.cat, 'flower')} and {p.symbols(s.cat, 'sculpture')}"
    elif k == "invest_back":
        need, have = f"an Invest marker {side['n']} spaces from the start (it moves back)", f"space {p.invest}"
    elif k == "houses_placed":
        need, have = f"{side['n']} Houses on the board", str(len(p.houses))
    elif k == "structures_at_least":
        need, have = f"{side['n']} Structures (Home card included)", str(len(p.structures))
    else:
        need, have = f"{side['n']} birds met", str(len(p.birds))
    hard = "hard" if s.goal_hard[g] else "easy"
    return f"Bridge Goal {s.cat.goal_ids[g]} ({hard} side) needs {need}; you have {have}"


def place_goal_marker(s: KCState, seat: int, g: int, pointer: str = "/goal") -> bool:
    """``seat`` claims Bridge Goal ``g``: the marker on the leftmost free position (the 3rd for the
    second claimant of a 2-player or solo game), its Prestige, and True when this completes a row
    (a Favor of the Queen is due). Checked first: the state is untouched on error.

    :raises IllegalMove: KC.GOAL.ALREADY or KC.GOAL.REQUIREMENT.
    """
    cat = s.cat
    p = s.players[seat]
    side = s.goal_sides[g]
    if p.goals >> g & 1:
        raise IllegalMove("KC.GOAL.ALREADY", f"you already claimed Bridge Goal {cat.goal_ids[g]}", pointer)
    if not claimable_goals(s, seat, ~(1 << g)):  # every goal skipped but g
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
    return any(h != g and cat.goal_row[h] == row and p.goals >> h & 1 for h in range(len(cat.goals)))


def stars_passed(s: KCState, p: Player, r: int) -> int:
    """Stars of the decoration tokens on resource track ``r`` that the marker has passed."""
    return sum(stars for sp, stars in zip(s.cat.deco_spaces, p.deco) if stars and sp.track == r and p.res[r] > sp.after)


#: what a Favor of the Queen counts on the player's board, by scoring kind (times its ``points``, default 1)
_FAVOR_COUNTS = {"per_favor": lambda cat, p, score: len(p.favors),
                 "per_symbol": lambda cat, p, score: p.symbols(cat),
                 "per_symbol_pair": lambda cat, p, score: min(p.symbols(cat, "flower"), p.symbols(cat, "sculpture")),
                 "per_picture": lambda cat, p, score: p.symbols(cat, score["picture"]),
                 "per_resource": lambda cat, p, score: p.res[RESOURCES.index(score["resource"])],
                 "per_guild_card": lambda cat, p, score: p.guild[GUILDS.index(score["guild"])],
                 "per_resource_set": lambda cat, p, score: min(p.res),
                 "per_bird_colour": lambda cat, p, score: sum(1 for b in p.birds
                                                              if cat.birds[b]["colour"] == score["colour"]),
                 "per_bird": lambda cat, p, score: len(p.birds),
                 "per_house": lambda cat, p, score: len(p.houses),
                 "per_structure": lambda cat, p, score: len(p.structures),
                 "per_guild_with": lambda cat, p, score: sum(1 for c in p.guild if c >= score["min"]),
                 "per_improved_tile": lambda cat, p, score: sum(p.improved),
                 "per_bridge_goal": lambda cat, p, score: p.goals.bit_count()}


def favor_points(s: KCState, p: Player, score: dict) -> int:
    if score["kind"] == "invest_position":  # the Invest marker's space is the Prestige
        return p.invest
    return score.get("points", 1) * _FAVOR_COUNTS[score["kind"]](s.cat, p, score)


def card_scoring(s: KCState, seat: int) -> None:
    """Guild cards times stars passed (Deer excluded) and Structures times the least-advanced resource."""
    cat = s.cat
    p = s.players[seat]
    for r, name in enumerate(RESOURCES):
        g = cat.guild_of_resource[r]
        stars = stars_passed(s, p, r)
        s.score(seat, p.guild[g] * stars, "guild_cards",
                f"{p.guild[g]} {GUILDS[g].capitalize()} card(s) x {stars} star(s) passed on the {name} track")
    least = min(p.res)
    s.score(seat, len(p.structures) * least, "structures",
            f"{len(p.structures)} Structure(s) x {least} (least-advanced resource marker)")


def final_scoring(s: KCState) -> None:
    cat = s.cat
    for seat in range(s.n):
        p = s.players[seat]
        steps = min(p.coins // 5, cat.invest_last - p.invest)
        p.coins -= 5 * steps
        p.invest += steps
        s.score(seat, cat.invest_prestige[p.invest], "invest_track",
                f"Invest marker on space {p.invest} (after spending {5 * steps} coins for {steps} space(s))")
        card_scoring(s, seat)
        for f in p.favors:
            s.score(seat, favor_points(s, p, cat.favors[f]), "favor", f"Favor of the Queen {f} ({cat.favors[f]['kind']})")
    if s.solo:
        seat = s.n
        card_scoring(s, seat)
        per = cat.favor_per_rest * s.rest_tiles
        p = s.players[seat]
        s.score(seat, per * len(p.favors), "favor",
                f"{len(p.favors)} Favor(s) of the Queen x {per} ({s.rest_tiles} rest tile(s) in the solo stack)")


def winners(s: KCState) -> list[int]:
    """Most Prestige; ties broken by remaining coins, then shared. In solo the player must beat
    Paco & Paca (who have no coins), or no seat of the log wins."""
    entries = [(s.ledger.totals[i], s.players[i].coins, i) for i in range(s.n)]
    if s.solo:
        entries.append((s.paco_ledger.totals[0], 0, -1))
    best = max((e[0], e[1]) for e in entries)
    return [i for score, coins, i in entries if (score, coins) == best and i >= 0]


def bot_winners(s: KCState) -> list[str]:
    """Paco & Paca win with more Prestige than the player, or as much when the player has no
    coins left (they have none: the tie-breaker cannot favour the player)."""
    if not s.solo:
        return []
    paco, player = s.paco_ledger.totals[0], s.ledger.totals[0]
    return [PACO_ID] if (paco, 0) >= (player, s.players[0].coins) else []
