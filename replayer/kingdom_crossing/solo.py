"""Paco & Paca, the solo opponents: their set-up, their tile-driven turns and their scoring.

They are not a player of the log: they sit in the internal seat ``s.n`` (1), score into
``s.paco_ledger``, and their turns are chance moves ``{"type": "paco", "tiles": [a, b]}`` that
record the two solo tiles revealed. Everything they do follows from those tiles.
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from .state import KCState


def round_stack(s: KCState) -> list[str]:
    return list(s.cat.solo_base) + list(s.cat.solo_rest[:s.rest_tiles])


def remaining_tiles(s: KCState) -> list[str]:
    seen = set(s.solo_revealed)
    return [t for t in round_stack(s) if t not in seen]


def take_last_pair(s: KCState) -> None:
    """Paco & Paca take the pair the player left: its Favor, and their House in the card's region."""
    i = s.pair_taken.index(False)
    s.pair_taken[i] = True
    card_id, favor = s.pairs[i]
    p = s.players[s.n]
    start = s.cat.starting[card_id]
    p.favors.append(favor)
    p.region = s.cat.region_index[start["region"]]
    p.houses.append(p.region)
    p.cards.append(card_id)
    p.guild[s.cat.cards[card_id].guild] += 1


def check_paco(s: KCState, move: dict) -> list[str]:
    tiles = move["tiles"]
    left = remaining_tiles(s)
    if len(tiles) != s.cat.solo_tiles_per_turn:
        raise IllegalMove("KC.SOLO.TILE", f"Paco & Paca reveal {s.cat.solo_tiles_per_turn} tiles per turn", "/tiles")
    for i, t in enumerate(tiles):
        if t not in left or t in tiles[:i]:
            why = ("was already revealed this round" if t in s.solo_revealed or t in tiles[:i] else
                   f"is not in the stack ({s.rest_tiles} rest tile(s) at this difficulty)" if t in s.cat.solo_tiles
                   else "is not a solo tile of the catalog")
            raise IllegalMove("KC.SOLO.TILE", f"solo tile {t} {why}", f"/tiles/{i}")
    return tiles


def apply_paco(s: KCState, move: dict) -> None:
    tiles = check_paco(s, move)
    for t in tiles:
        s.solo_revealed.append(t)
        _resolve_tile(s, t)
    paco_claims(s)


def _resolve_tile(s: KCState, tile_id: str) -> None:
    cat = s.cat
    seat = s.n
    p = s.players[seat]
    tile = cat.solo_tiles[tile_id]
    if tile["kind"] == "card":
        sp = cat.space_index[tile["space"]]
        cid = s.top(sp)
        if cid is None:
            return  # an empty-deck tile: they come away empty-handed
        bird = s.space_bird[sp]
        if bird:
            s.space_bird[sp] = None
            p.birds.append(bird)
        card = cat.cards[cid]
        from .flow import reveal_next  # late: flow imports this module

        reveal_next(s, sp)
        if card.structure:
            p.structures.append(cid)
        else:
            _take_guild_card(s, cid)
    elif tile["kind"] == "crown":
        if s.queen_available:
            s.queen_available = False
            s.first = seat
            _take_guild_card(s, s.queen_card)
        s.balloon = cat.clockwise_next[s.balloon]


def _take_guild_card(s: KCState, cid: str) -> None:
    cat = s.cat
    p = s.players[s.n]
    g = cat.cards[cid].guild
    p.cards.append(cid)
    p.guild[g] += 1
    r = cat.resource_of_guild.get(g)
    if r is None:  # Deer: the marker furthest behind, ties in the printed order
        candidates = [i for i in cat.deer_order if p.res[i] < cat.track_length]
        if candidates:
            low = min(p.res[i] for i in candidates)
            r = next(i for i in candidates if p.res[i] == low)
    if r is not None:
        paco_advance(s, r)
    rows = min(p.guild)
    due = 1 + (rows >= 1) + (rows >= 2)
    while p.houses_due < due:
        p.houses_due += 1
        p.houses.append(-1)  # anywhere on the map: their Houses' regions have no effect
        if p.houses_due == cat.houses:
            paco_favor(s)


def paco_advance(s: KCState, r: int) -> None:
    """One space on track ``r``: a passed empty decoration space is filled, the last space gives a Favor."""
    cat = s.cat
    p = s.players[s.n]
    if p.res[r] >= cat.track_length:
        return
    p.res[r] += 1
    for sp in cat.deco_spaces:
        if sp.track == r and sp.after == p.res[r] - 1 and not p.deco[sp.index]:
            for stars in (3, 2, 1):  # the matching token with the most stars still in the supply
                token = cat.tokens.get((sp.picture, stars))
                if token and token[0] == sp.symbols and s.supply[(sp.picture, stars)] > 0:
                    s.supply[(sp.picture, stars)] -= 1
                    p.deco[sp.index] = stars
                    break
    if p.res[r] == cat.track_length:
        paco_favor(s)


def paco_favor(s: KCState) -> None:
    """They take the face-up Favor closest to the Queen; the others slide up and one is revealed."""
    from .effects import _refill_stacks

    p = s.players[s.n]
    display = [t for t in s.favor_display if t]
    if display:
        p.favors.append(display.pop(0))
    else:
        stack = next((st for st in s.favor_stacks if st), None)
        if stack is None:
            return
        p.favors.append(stack.pop(0))
    while len(display) < len(s.favor_display):
        stack = next((st for st in reversed(s.favor_stacks) if st), None)
        if stack is None:
            break
        display.append(stack.pop(0))
    s.favor_display = display + [None] * (len(s.favor_display) - len(display))
    _refill_stacks(s)


def paco_claims(s: KCState) -> None:
    """Paco & Paca claim every Bridge Goal they meet (all but the Invest goal)."""
    from .flow import claim_goal
    from .scoring import goal_met

    seat = s.n
    p = s.players[seat]
    for g, goal in enumerate(s.cat.goals):
        if p.goals >> g & 1 or not goal.get("solo_claimable", True):
            continue
        if goal_met(s, seat, g):
            claim_goal(s, seat, g)
