"""Bridge Goal requirements and the final scoring, every point through the ledger."""
from __future__ import annotations

from .catalog import GUILDS, RESOURCES
from .state import KCState, Player


def goal_met(s: KCState, seat: int, side: dict) -> bool:
    p = s.players[seat]
    k = side["kind"]
    if k == "resources_at_least":
        return all(p.res[RESOURCES.index(r)] >= n for r, n in side["need"].items())
    if k == "invest_back":
        return seat < s.n and p.invest >= side["n"]
    if k == "houses_placed":
        return len(p.houses) >= side["n"]
    if k == "structures_at_least":
        return len(p.structures) >= side["n"]
    if k == "symbols_at_least":
        return p.symbols(s.cat, "flower") >= side["flower"] and p.symbols(s.cat, "sculpture") >= side["sculpture"]
    if k == "birds_at_least":
        return len(p.birds) >= side["n"]
    raise ValueError(k)


def stars_passed(s: KCState, p: Player, r: int) -> int:
    """Stars of the decoration tokens on resource track ``r`` that the marker has passed."""
    return sum(stars for sp, stars in zip(s.cat.deco_spaces, p.deco) if stars and sp.track == r and p.res[r] > sp.after)


def favor_points(s: KCState, p: Player, score: dict) -> int:
    cat = s.cat
    k = score["kind"]
    pts = score.get("points", 1)
    if k == "per_favor":
        return pts * len(p.favors)
    if k == "per_symbol":
        return pts * p.symbols(cat)
    if k == "per_symbol_pair":
        return pts * min(p.symbols(cat, "flower"), p.symbols(cat, "sculpture"))
    if k == "per_picture":
        return pts * p.symbols(cat, score["picture"])
    if k == "per_resource":
        return pts * p.res[RESOURCES.index(score["resource"])]
    if k == "per_guild_card":
        return pts * p.guild[GUILDS.index(score["guild"])]
    if k == "per_resource_set":
        return pts * min(p.res)
    if k == "per_bird_colour":
        return pts * sum(1 for b in p.birds if cat.birds[b]["colour"] == score["colour"])
    if k == "per_bird":
        return pts * len(p.birds)
    if k == "per_house":
        return pts * len(p.houses)
    if k == "per_structure":
        return pts * len(p.structures)
    if k == "per_guild_with":
        return pts * sum(1 for c in p.guild if c >= score["min"])
    if k == "invest_position":
        return p.invest
    if k == "per_improved_tile":
        return pts * sum(p.improved)
    if k == "per_bridge_goal":
        return pts * bin(p.goals).count("1")
    raise ValueError(k)


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
        p.final_coins_spent = 5 * steps
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
