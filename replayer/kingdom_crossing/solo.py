"""Paco & Paca, the solo opponents: their set-up, their tile-driven turns and their scoring.

They are not a player of the log: they sit in the internal seat ``s.n`` (1), score into
``s.paco_ledger``, and their turns are two chance moves ``{"type": "paco", "tile": t}``, one per
solo tile revealed. Everything they do follows from those tiles.
"""
from __future__ import annotations

from ..core.bots import BotSeat
from ..core.errors import IllegalMove
from .decisions import CHANCE_SEAT, NextTurn, PacoEndOfTurn, PacoTakesDrawnFavor, RefillDisplay, RevealCard
from .scoring import claimable_goals, place_goal_marker
from .state import PACO_ID, KCState

#: Paco & Paca, the solo opponents: a bot seat of the core (claimed as "@paco-paca")
PACO = BotSeat(PACO_ID, "Paco & Paca", plural=True)


def remaining_tiles(s: KCState) -> list[str]:
    """The solo tiles of this round's stack not yet revealed."""
    seen = set(s.solo_revealed)
    return [t for t in s.cat.solo_base + s.cat.solo_rest[:s.rest_tiles] if t not in seen]


def take_pair(s: KCState, seat: int, i: int) -> dict:
    """``seat`` takes starting pair ``i``: its Favor, its card in its guild column and a House in the
    card's region, where the Beaver stands; returns the starting card's catalog entry."""
    s.pair_taken[i] = True
    card_id, favor = s.pairs[i]
    p = s.players[seat]
    start = s.cat.starting[card_id]
    p.favors.append(favor)
    p.region = s.cat.region_index[start["region"]]
    p.houses.append(p.region)
    p.cards.append(card_id)
    p.guild[s.cat.cards[card_id].guild] += 1
    return start


def take_last_pair(s: KCState) -> None:
    """Paco & Paca take the pair the player left: its Favor, and their House in the card's region
    (their card's coins, resources and choices are not theirs to have)."""
    take_pair(s, s.n, s.pair_taken.index(False))


def apply_paco(s: KCState, move: dict) -> None:
    """One solo tile revealed and resolved ("reveal and resolve one first, then reveal and resolve
    the second"); what it turns face up (the next card, Favors) follows as chance moves, in order."""
    tile = move["tile"]
    if tile not in remaining_tiles(s):
        why = ("was already revealed this round" if tile in s.solo_revealed else
               f"is not in the stack ({s.rest_tiles} rest tile(s) at this difficulty)" if tile in s.cat.solo_tiles
               else "is not a solo tile of the catalog")
        raise IllegalMove("KC.SOLO.TILE", f"solo tile {tile} {why}", "/tile")
    s.solo_revealed.append(tile)
    s.paco_tiles += 1
    _resolve_tile(s, tile)
    then = [PacoEndOfTurn()] if s.paco_tiles >= s.cat.solo_tiles_per_turn else []
    _push_reveals(s, then)


def _push_reveals(s: KCState, then: list) -> None:
    """What their resolution turned face up, as chance decisions in the order it happened, then ``then``."""
    s.tasks.push_all(s.paco_reveals + then)
    s.paco_reveals = []


def end_of_turn(s: KCState) -> None:
    """After their second tile (and what it revealed): Bridge Goals, then the next turn."""
    paco_claims(s)
    _push_reveals(s, [NextTurn()])


def _resolve_tile(s: KCState, tile_id: str) -> None:
    cat = s.cat
    seat = s.n
    p = s.players[seat]
    tile = cat.solo_tiles[tile_id]
    if tile["kind"] == "card":
        sp = cat.space_index[tile["space"]]
        cid = s.space_card[sp]
        if cid is None:
            return  # an empty-deck tile: they come away empty-handed
        bird = s.space_bird[sp]
        if bird:
            s.space_bird[sp] = None
            p.birds.append(bird)
        card = cat.cards[cid]
        s.space_card[sp] = None
        s.paco_reveals.append(RevealCard(CHANCE_SEAT, sp))  # the next card of the deck is turned face up
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
    while p.houses_due < 1 + min(2, *p.guild):  # as flow's CheckHouses: one per full row of guild cards
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
            stars = _matching_token(s, sp)
            if stars:
                s.supply[(sp.picture, stars)] -= 1
                p.deco[sp.index] = stars
    if p.res[r] == cat.track_length:
        paco_favor(s)


def _matching_token(s: KCState, sp) -> int:
    """Stars of "the matching tile" Paco & Paca take for a decoration space they pass (0: none left).

    Option ``paco_decoration``: ``pictured`` (default) takes the token pictured on the space
    (catalog ``pictured_stars``), if one is left; ``most_stars`` the matching token (same picture and
    number of symbols) with the most stars still in the supply (the ``ludolog/1`` reading)."""
    cat = s.cat
    if s.paco_pictured:
        stars = sp.pictured_stars
        return stars if s.supply.get((sp.picture, stars), 0) > 0 else 0
    for stars in (3, 2, 1):
        token = cat.tokens.get((sp.picture, stars))
        if token and token[0] == sp.symbols and s.supply[(sp.picture, stars)] > 0:
            return stars
    return 0


def paco_favor(s: KCState) -> None:
    """They take the face-up Favor closest to the Queen; the others slide up and one is revealed
    (a ``refill`` chance move) from the last stack that has tiles."""
    p = s.players[s.n]
    shown = [t for t in s.favor_display if t]
    slots = len(s.favor_display)
    if not shown:  # nothing face up: the first stack with tiles turns one up for them
        if s.favor_pool.remaining > 0:
            s.paco_reveals += [RefillDisplay(slot=-1, source=-2), PacoTakesDrawnFavor()]
        return
    p.favors.append(shown.pop(0))
    s.favor_display = shown + [None] * (slots - len(shown))
    pending = sum(1 for t in s.paco_reveals if t.kind == "refill")
    for _ in range(slots - len(shown) - pending):  # every empty slot is filled ("reveal another")
        s.paco_reveals.append(RefillDisplay(slot=-1, source=-1))


def paco_claims(s: KCState) -> None:
    """Paco & Paca claim every Bridge Goal they meet (all but the Invest goal); a claim changes
    none of the requirements."""
    for g in claimable_goals(s, s.n):
        if s.cat.goals[g].get("solo_claimable", True) and place_goal_marker(s, s.n, g):
            paco_favor(s)
