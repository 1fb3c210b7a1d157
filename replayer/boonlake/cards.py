"""Playing and discarding project cards: the cost (coins, vases, resources shown by production sites
and boats), the boats moved for it, and the card's top effect through the core's registry.

A ``play`` move names the card and, where its effect asks, the choices: ``boats`` (both boats'
canal positions after moving them for this payment; downstream free, upstream 2 coins per boat),
``exchange`` (an exchange effect used: "discard" cards for something, "draw" cards for something,
"give" an inhabitant or vases), ``upgrade`` (the upgrade a card grants), ``draw``, ``sites``; the
cards an exchange gives up follow as ``give`` moves (the package docstring's reading). An effect
not asked for goes to waste ("You may allow partial effects to go to waste").
"""
from __future__ import annotations

from itertools import permutations

from ..core.errors import IllegalMove
from .building import upgrade
from .catalog import Card
from .costs import discounted, missing_resources, resources_available
from .effects import EffectKind, Timing
from .resolve import (EFFECTS, Choices, advance, discard_named, draw_cards, gain_vp, give_up_cards, give_up_inhabitants,
                      pay_coins, pay_vases, take_from_hand, take_inhabitants)
from .levers import reset_levers, use_attached
from .state import BoonlakeState


def boat_cost(current: list[int], wanted: list[int], upstream_coins: int, free: int = 0) -> int:
    """Coins to bring the two boats from ``current`` to ``wanted`` (positions as a multiset: the
    cheaper assignment), 2 coins per boat moved upstream; ``free`` upstream moves cost nothing (the
    lever "Move 1 boat upstream (left) any number of steps for free")."""
    best = None
    for order in permutations(wanted):
        ups = sum(1 for a, b in zip(current, order) if b < a)
        best = ups if best is None else min(best, ups)
    return upstream_coins * max(0, (best or 0) - free)


def card_coins(s: BoonlakeState, seat: int, coins: int) -> int:
    """A card's or a special project's coins after the seat's card discounts."""
    return discounted(coins, s.players[seat].permanent.get(EffectKind.CARD_COIN_DISCOUNT.value, 0))


def check_boats(s: BoonlakeState, seat: int, move: dict, free: int = 0) -> tuple[list[int], int]:
    """The boats' positions after the move and the coins their moving costs.

    :raises IllegalMove: BOON.BOATS.CANAL (off the canal) or BOON.BOATS.UNCHANGED.
    """
    p = s.players[seat]
    if "boats" not in move:
        return p.boats, 0
    wanted = sorted(move["boats"])
    length = len(s.cat.canal)
    for i, pos in enumerate(move["boats"]):
        if not 1 <= pos <= length:
            raise IllegalMove("BOON.BOATS.CANAL", f"the canal has spaces 1-{length}, not {pos}", f"/boats/{i}")
    if wanted != list(move["boats"]) or wanted == p.boats:
        raise IllegalMove("BOON.BOATS.UNCHANGED", "write 'boats' only when they move, as the two positions in "
                                                  f"ascending order (now {p.boats[0]} and {p.boats[1]})", "/boats")
    return wanted, boat_cost(p.boats, wanted, s.cat.upstream_coins, free)


def resources_shown(s: BoonlakeState, seat: int, boats: list[int]) -> tuple[int, ...]:
    p = s.players[seat]
    return resources_available(p.sites, boats, s.cat.canal, list(s.cat.site_types))


def _card(s: BoonlakeState, move: dict, kind: str | None, verb: str) -> Card:
    """The card the move names, of ``kind`` (any kind when None): BOON.CARD.UNKNOWN, BOON.CARD.KIND."""
    cid = move["card"]
    card = s.cat.cards.get(cid)
    if card is None:
        raise IllegalMove("BOON.CARD.UNKNOWN", f"there is no project card {cid!r}", "/card")
    if kind is not None and card.kind != kind:
        raise IllegalMove("BOON.CARD.KIND", f"this part {verb} a {kind} card; {cid} is a {card.kind} card", "/card")
    return card


def play_card(s: BoonlakeState, seat: int, move: dict, kind: str | None) -> None:
    """Lay out a card from hand (of ``kind``, or any kind when None), paying its cost, then its top effect.

    :raises IllegalMove: the card is not of the kind, not in hand, or its cost cannot be paid.
    """
    card = _card(s, move, kind, "plays")
    cid = card.id
    ch = Choices(move)
    eases = (card.timing is Timing.IMMEDIATE and card.effect.kind is EffectKind.UPGRADE_SETTLEMENT_EASED
             and move.get("upgrade", {}).get("to") == "settlement")
    boats, boat_coins = _resources_proof(s, seat, move, ch, card.resources, cid, "/card", eases)
    take_from_hand(s, seat, cid, "/card")
    p = s.players[seat]
    pay_coins(s, seat, boat_coins, "/boats", "moving boats upstream")
    p.boats = boats
    pay_coins(s, seat, card_coins(s, seat, card.coins), "/card", f"card {cid}")
    pay_vases(s, seat, card.vases, "/card", f"card {cid}")
    p.played.append(cid)
    eff = card.effect
    if card.timing is Timing.PERMANENT:
        key = eff.kind.value if eff.kind is not EffectKind.DISCARD_BONUS else f"discard_bonus:{eff.get('card_kind')}"
        p.permanent[key] = p.permanent.get(key, 0) + eff.get("n")
    elif card.timing is Timing.IMMEDIATE:
        EFFECTS[eff.kind.value](s, seat, eff, ch)
    used = "exchange" if eff.kind in EXCHANGES else _USES.get(eff.kind)
    for name in ("exchange", "upgrade", "reset"):
        if name in move and not (card.timing is Timing.IMMEDIATE and name == used):
            raise IllegalMove("BOON.CHOICE.UNUSED", f"{cid}'s effect has no '{name}' choice", f"/{name}")
    ch.finish()


def _resources_proof(s: BoonlakeState, seat: int, move: dict, ch: Choices, resources, what: str, pointer: str,
                     eases: bool = False) -> tuple[list[int], int]:
    """The levers used with a play (jokers, a free boat move, coins, cards), then the boats' new
    positions and their coins, and the resources shown against the cost.

    :raises IllegalMove: BOON.LEVER.*, BOON.BOATS.*, BOON.CARD.RESOURCES.
    """
    if "levers" in move:
        use_attached(s, seat, move, _PLAY_AND_SETTLEMENT if eases else _PLAY, ch)
    boats, boat_coins = check_boats(s, seat, move, ch.free_upstream)
    missing = missing_resources(resources, resources_shown(s, seat, boats)) - ch.jokers
    if missing > 0:
        raise IllegalMove("BOON.CARD.RESOURCES", f"{what} needs {missing} more resource(s) than {s.ids[seat]}'s production "
                                                 f"sites and boats show" + (" and the jokers cover" if ch.jokers else ""),
                          pointer)
    return boats, boat_coins


def play_project(s: BoonlakeState, seat: int, move: dict) -> None:
    """A special project on a scoring tile in play, instead of a card ("Each project counts as all 3
    kinds"): its coins (card discounts apply) and resources, 2 inhabitants of which 1 goes above the
    tile, its VP (doubled on the player's own tile), 1 step on its income track. Once per player and
    tile; ``counts_as`` is the kind it counts as for a scoring tile's played cards.

    :raises IllegalMove: BOON.PROJECT.TILE, BOON.PROJECT.DONE, the payment's codes.
    """
    tid = move["tile"]
    if tid not in s.scoring_tiles:
        raise IllegalMove("BOON.PROJECT.TILE", f"the scoring tiles in play are {', '.join(s.scoring_tiles)}, not {tid!r}",
                          "/tile")
    p = s.players[seat]
    if tid in p.projects:
        raise IllegalMove("BOON.PROJECT.DONE", f"{s.ids[seat]} already realized the special project of {tid}: each "
                                               f"project only once per game", "/tile")
    project = s.cat.scoring_tiles[tid].project
    ch = Choices(move)
    boats, boat_coins = _resources_proof(s, seat, move, ch, project.resources, f"the special project of {tid}", "/tile")
    pay_coins(s, seat, boat_coins, "/boats", "moving boats upstream")
    p.boats = boats
    pay_coins(s, seat, card_coins(s, seat, project.coins), "/tile", f"the special project of {tid}")
    taken = min(PROJECT_INHABITANTS, p.supply)  # make do: 1 of those taken marks the project
    p.supply -= taken
    p.ranch += max(0, taken - 1)
    p.projects[tid] = move["counts_as"]
    own = s.owner_tile[seat] == tid
    gain_vp(s, seat, project.vp * (2 if own else 1), "projects",  # "you gain twice as many victory points"
            f"the special project of {tid}{' (own tile, doubled)' if own else ''}")
    advance(s, seat, project.track, 1, ch)
    ch.finish()


def discard_card(s: BoonlakeState, seat: int, move: dict, kind: str | None) -> None:
    """Put a card from hand on the discard pile for 2 coins (+1 per discard bonus of its kind).

    :raises IllegalMove: the card is not of the kind or not in hand.
    """
    discard_named(s, seat, _card(s, move, kind, "discards").id, "/card")  # with the discard bonuses of its kind
    s.players[seat].coins += s.cat.discard_coins


# -- immediate card effects (what the lightning symbol does), in the one registry -------------

#: the exchange effects: the ways each may be used ('exchange' in the play)
EXCHANGES = {EffectKind.DISCARD_CARDS_FOR_INHABITANTS: ("discard",), EffectKind.DISCARD_CARDS_FOR_VP: ("discard",),
             EffectKind.SWAP_CARDS_COINS: ("discard", "draw"), EffectKind.SWAP_CARDS_VASE_COINS: ("discard", "draw"),
             EffectKind.SWAP_CARDS_VP: ("discard", "draw"), EffectKind.INHABITANT_FOR_COINS: ("give",),
             EffectKind.VASES_FOR_VP: ("give",)}
#: the immediate effects using a choice other than 'exchange'
_USES = {EffectKind.UPGRADE_HOUSE_FREE: "upgrade", EffectKind.UPGRADE_SETTLEMENT_EASED: "upgrade",
         EffectKind.RESET_LEVER: "reset"}
_PLAY = frozenset({"play"})
PROJECT_INHABITANTS = 2  #: "you take 2 inhabitants from the supply ... Then place 1 of the 2 inhabitants ... above the project"
_PLAY_AND_SETTLEMENT = frozenset({"play", "settlement"})


def _exchange(eff, move: dict) -> str | None:
    how = move.get("exchange")
    allowed = EXCHANGES[eff.kind]
    if how is not None and how not in allowed:
        raise IllegalMove("BOON.CHOICE.EXCHANGE", f"this card exchanges by {' or '.join(map(repr, allowed))}, not {how!r}",
                          "/exchange")
    return how


def _give_up(s: BoonlakeState, seat: int, eff) -> None:
    give_up_cards(s, seat, eff.get("cards"), "/exchange", "this card's exchange")


@EFFECTS.effect(EffectKind.DISCARD_CARDS_FOR_INHABITANTS.value)
def _discard_for_inhabitants(s, seat, eff, ch):
    if _exchange(eff, ch.move):
        _give_up(s, seat, eff)
        take_inhabitants(s, seat, eff.get("inhabitants"))


@EFFECTS.effect(EffectKind.SWAP_CARDS_COINS.value)
def _swap_coins(s, seat, eff, ch):
    how = _exchange(eff, ch.move)
    if how == "discard":
        _give_up(s, seat, eff)
        s.players[seat].coins += eff.get("coins")
    elif how == "draw":
        pay_coins(s, seat, eff.get("coins"), "/exchange", "this exchange")
        draw_cards(s, seat, eff.get("cards"))


@EFFECTS.effect(EffectKind.SWAP_CARDS_VASE_COINS.value)
def _swap_vase_coins(s, seat, eff, ch):
    how = _exchange(eff, ch.move)
    p = s.players[seat]
    if how == "discard":
        _give_up(s, seat, eff)
        p.vases += eff.get("vases")
        p.coins += eff.get("coins")
    elif how == "draw":
        pay_vases(s, seat, eff.get("vases"), "/exchange", "this exchange")
        pay_coins(s, seat, eff.get("coins"), "/exchange", "this exchange")
        draw_cards(s, seat, eff.get("cards"))


@EFFECTS.effect(EffectKind.SWAP_CARDS_VP.value)
@EFFECTS.effect(EffectKind.DISCARD_CARDS_FOR_VP.value)
def _swap_vp(s, seat, eff, ch):
    how = _exchange(eff, ch.move)
    if how == "discard":
        _give_up(s, seat, eff)
        gain_vp(s, seat, eff.get("vp"), "cards", f"{eff.get('cards')} cards discarded by a card's effect")
    elif how == "draw":
        gain_vp(s, seat, -eff.get("vp"), "cards", f"VP given up for {eff.get('cards')} cards by a card's effect")
        draw_cards(s, seat, eff.get("cards"))


@EFFECTS.effect(EffectKind.INHABITANT_FOR_COINS.value)
def _inhabitant_for_coins(s, seat, eff, ch):
    if _exchange(eff, ch.move):
        give_up_inhabitants(s, seat, eff.get("inhabitants"), "/exchange", "this exchange")
        s.players[seat].coins += eff.get("coins")


@EFFECTS.effect(EffectKind.VASES_FOR_VP.value)
def _vases_for_vp(s, seat, eff, ch):
    if _exchange(eff, ch.move):
        pay_vases(s, seat, eff.get("vases"), "/exchange", "this exchange")
        gain_vp(s, seat, eff.get("vp"), "cards", f"{eff.get('vases')} vases given up by a card's effect")


@EFFECTS.effect(EffectKind.RESET_LEVER.value)
def _reset_lever(s, seat, eff, ch):
    """Move n used levers back up: those named in the play's ``reset`` (none named: wasted)."""
    reset_levers(s, seat, ch.move, eff.get("n"))


def _card_upgrade(s, seat, ch, to: str, what: str, **how) -> None:
    """The play's ``upgrade``, which must be to ``to`` (none written: the effect is not used)."""
    spec = ch.move.get("upgrade")
    if spec is not None:
        if spec.get("to") != to:
            raise IllegalMove("BOON.CHOICE.UPGRADE", f"this card upgrades {what}", "/upgrade/to")
        upgrade(s, seat, spec, "/upgrade", **how)


@EFFECTS.effect(EffectKind.UPGRADE_HOUSE_FREE.value)
def _upgrade_house_free(s, seat, eff, ch):
    _card_upgrade(s, seat, ch, "house", "an inhabitant to a house", free_house=True)


@EFFECTS.effect(EffectKind.UPGRADE_SETTLEMENT_EASED.value)
def _upgrade_settlement_eased(s, seat, eff, ch):
    """The card upgrades a house to a settlement, eased; the lever of the same kind (attached to the
    move that upgrades) only eases that upgrade ("cumulative with other such effects")."""
    if ch.attached:
        ch.eased += eff.get("n")
        return
    _card_upgrade(s, seat, ch, "settlement", "a house to a settlement", eased=eff.get("n") + ch.eased)

