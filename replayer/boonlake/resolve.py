"""The effect kinds that give or take something, each implemented once through the core's registry.

A move carries the choices its effects need: ``sites`` (the production sites built where an effect
lets the player choose); :class:`Choices` hands them out in order and checks at the end that none
is left over. Cards drawn are ``card`` moves of the table's right after the move (the draw pile is
a hidden pool of the core); cards given up by count are named by ``give`` moves of the seat's
(:func:`give_up_cards` queues them; the package docstring's reading).
"""
from __future__ import annotations

from collections.abc import Callable

from ..core.components import UNKNOWN
from ..core.decisions import EffectRegistry
from ..core.errors import IllegalMove
from .catalog import RESOURCES, Effect
from .effects import EffectKind
from .scoring import advance_track
from .state import BoonlakeState, Give

Effector = Callable[[BoonlakeState, int, Effect, "Choices"], None]
EFFECTS: EffectRegistry[Effector] = EffectRegistry("boonlake")


class Choices:
    """The choice lists of one move, consumed in order by the effects that need them."""

    __slots__ = ("move", "sites", "sited", "track_used", "take", "attached", "jokers",
                 "free_upstream", "eased")

    def __init__(self, move: dict):
        self.move = move
        self.sites: list = move.get("sites", [])
        self.sited = 0
        self.track_used = False
        # what the levers attached to the move contribute (levers.use_attached)
        self.take: str | None = None  #: the attached lever's 'take' while it resolves
        self.attached = False  #: an attached lever is resolving (a kind shared with a card modifies, not acts)
        self.jokers = 0  #: resources waived on the card played
        self.free_upstream = 0  #: boats moved upstream for free
        self.eased = 0  #: "give up 1 fewer inhabitant and require 1 fewer adjacent presence"

    def next_site(self) -> str:
        if self.sited >= len(self.sites):
            raise IllegalMove("BOON.CHOICE.MISSING", "this move builds a production site of your choice: name it in 'sites'", "/sites")
        self.sited += 1
        return self.sites[self.sited - 1]

    def finish(self) -> None:
        """:raises IllegalMove: a choice was written that no effect of the move used."""
        if "track" in self.move and not self.track_used:
            raise IllegalMove("BOON.CHOICE.UNUSED", "no effect of this move lets you choose a track", "/track")
        if self.sited < len(self.sites):
            raise IllegalMove("BOON.CHOICE.UNUSED", f"the move names {len(self.sites)} production site"
                                                    f"{'s' if len(self.sites) != 1 else ''} in 'sites', but its effects "
                                                    f"place {self.sited}: "
                                                    + ("leave 'sites' out" if not self.sited else
                                                       f"name only the first {self.sited}"), f"/sites/{self.sited}")


# -- basic gains and losses ------------------------------------------------------------------

def draw_cards(s: BoonlakeState, seat: int, n: int) -> None:
    """``n`` cards to be drawn by ``seat``: each is a ``card`` move of the table's that follows."""
    if not s.draws:
        s.drawn = 0
    s.draws.extend([seat] * n)


def reveal_card(s: BoonlakeState, card: str) -> None:
    """The next pending card drawn, as written (``"?"``: unseen into the hand).

    :raises IllegalMove: BOON.CARD.UNKNOWN, or the core's CORE.HIDDEN.* codes.
    """
    if card != UNKNOWN and card not in s.cat.cards:
        from ..core.suggest import did_you_mean

        raise IllegalMove("BOON.CARD.UNKNOWN", f"there is no project card {card!r}{did_you_mean(card, s.cat.cards)} "
                                               f"({draw_words(s)}; write its id, or '?' when it is not seen)", "/card")
    seat = s.draws[0]
    s.deck.draw(seat, card, pointer="/card")
    s.draws.pop(0)
    s.drawn = s.drawn + 1 if s.draws else 0
    if card != UNKNOWN:
        s.players[seat].hand.append(card)


def draw_words(s: BoonlakeState) -> str:
    """``"the 2nd of the 2 cards drawn now, ben's"``: which card the next ``card`` move names."""
    total = s.drawn + len(s.draws)
    who = s.ids[s.draws[0]]
    if total == 1:
        return f"the card {who} draws"
    k = s.drawn + 1
    nth = f"{k}{'st' if k % 10 == 1 and k != 11 else 'nd' if k % 10 == 2 and k != 12 else 'rd' if k % 10 == 3 and k != 13 else 'th'}"
    return f"the {nth} of the {total} cards drawn now, {who}'s"


def refill_deck(s: BoonlakeState) -> None:
    """Before a card is drawn from an empty pile: "shuffle the discard pile into a new draw pile";
    with both empty, the draws still pending go empty-handed."""
    if s.draws and s.deck.remaining == 0:
        if s.discard_pile:
            for card in s.discard_pile:
                s.deck.put_back(card)
            s.discard_pile.clear()
        else:
            s.draws.clear()
            s.drawn = 0


def take_from_hand(s: BoonlakeState, seat: int, card: str, pointer: str) -> None:
    """Remove ``card`` from the seat's hand: a card known there, or one of its unknown cards
    identified now (the core checks that it can still be that card).

    :raises IllegalMove: BOON.CARD.NOT_IN_HAND, or the core's CORE.HIDDEN.* codes.
    """
    p = s.players[seat]
    if card in p.hand:
        p.hand.remove(card)
        return
    if card not in s.cat.cards:
        raise IllegalMove("BOON.CARD.UNKNOWN", f"there is no project card {card!r}", pointer)
    if s.deck.unknown_held.get(seat, 0) <= 0:
        raise IllegalMove("BOON.CARD.NOT_IN_HAND", f"{s.ids[seat]} has no card {card} in hand", pointer)
    s.deck.identify(seat, card, pointer)


def give_up_cards(s: BoonlakeState, seat: int, n: int, pointer: str, why: str, code: str = "BOON.PAY.CARDS") -> None:
    """``n`` cards to be given up from the seat's hand: checked against the hand now (cards already
    owed by this move counted), then one pending :class:`Give` each, answered by ``give`` moves.

    :raises IllegalMove: ``code`` (BOON.PAY.CARDS; Hire's BOON.HIRE.CARDS) when the hand holds fewer.
    """
    owed = sum(1 for g in s.gives.items if g.seat == seat)
    held = len(s.players[seat].hand) + s.deck.unknown_held.get(seat, 0) - owed  # known and unknown cards
    if held < n:
        raise IllegalMove(code, f"{why} gives up {n} card(s) from hand; {s.ids[seat]} holds {held}"
                                + (f" besides the {owed} already owed" if owed else ""), pointer)
    s.gives.push_all([Give(seat, why)] * n)


def discard_named(s: BoonlakeState, seat: int, card: str, pointer: str) -> None:
    """A card from hand onto the discard pile, face up (so named: ``"?"`` is refused), with the coins
    of the seat's discard bonuses for its kind: "+1 coin when you discard a card of a given kind
    (cumulative, always applies when discarding such a card)" - every card discarded, for 2 coins or
    given up for Hire, a building site, an exchange card or the discard lever.

    :raises IllegalMove: BOON.CARD.UNKNOWN, BOON.CARD.NOT_IN_HAND or CORE.HIDDEN.*.
    """
    if card == UNKNOWN:
        raise IllegalMove("BOON.CARD.UNKNOWN", "a card given up goes face up on the discard pile: name it", pointer)
    take_from_hand(s, seat, card, pointer)
    s.discard_pile.append(card)
    p = s.players[seat]
    p.coins += p.permanent.get(f"discard_bonus:{s.cat.cards[card].kind}", 0)


def give_card(s: BoonlakeState, seat: int, move: dict) -> None:
    """A ``give`` move: the next card owed by the seat, named, onto the discard pile.

    :raises IllegalMove: BOON.CARD.UNKNOWN, BOON.CARD.NOT_IN_HAND or CORE.HIDDEN.* (the caller has
        checked that a give of this seat's is pending).
    """
    discard_named(s, seat, move["card"], "/card")
    s.gives.pop()


def gain_vp(s: BoonlakeState, seat: int, n: int, category: str, reason: str) -> None:
    s.ledger.add(seat, n, category, reason)


def take_inhabitants(s: BoonlakeState, seat: int, n: int) -> None:
    """Inhabitants come from the supply; only wooden pieces are limited, so a short supply gives fewer."""
    p = s.players[seat]
    k = min(n, p.supply)
    p.supply -= k
    p.ranch += k


def give_up_inhabitants(s: BoonlakeState, seat: int, n: int, pointer: str, why: str) -> None:
    p = s.players[seat]
    if p.ranch < n:
        raise IllegalMove("BOON.PAY.INHABITANTS", f"{why} gives up {n} inhabitant(s) from the ranch; "
                                                  f"{s.ids[seat]} has {p.ranch} there", pointer)
    p.ranch -= n
    p.supply += n


def pay_coins(s: BoonlakeState, seat: int, n: int, pointer: str, why: str) -> None:
    p = s.players[seat]
    if p.coins < n:
        raise IllegalMove("BOON.PAY.COINS", f"{why} costs {n} coin(s); {s.ids[seat]} has {p.coins}", pointer)
    p.coins -= n


def pay_vases(s: BoonlakeState, seat: int, n: int, pointer: str, why: str) -> None:
    p = s.players[seat]
    if p.vases < n:
        raise IllegalMove("BOON.PAY.VASES", f"{why} costs {n} vase(s); {s.ids[seat]} has {p.vases}", pointer)
    p.vases -= n


def build_site(s: BoonlakeState, seat: int, resource: str) -> None:
    """Place a level-1 site or turn it to level 2; at level 2 the effect is wasted. ``resource`` is
    one of RESOURCES (the catalog's and the log schema's enums)."""
    p = s.players[seat]
    i = RESOURCES.index(resource)
    if p.sites[i] < s.cat.site_max_level:
        p.sites[i] += 1


def advance(s: BoonlakeState, seat: int, track: str, n: int, ch: Choices) -> None:
    """Advance on an income track, gaining each reward reached and 2 VP per wasted step."""
    p = s.players[seat]
    pos = p.coin_track if track == "coin" else p.card_track
    result = advance_track(s.cat.tracks[track], pos, n, s.cat.wasted_step_vp)
    if track == "coin":
        p.coin_track = result.position
    else:
        p.card_track = result.position
    gain_vp(s, seat, result.vp, "income_track", f"{result.wasted} step(s) beyond the end of the {track} track")
    for reward in result.rewards:
        apply_effect(s, seat, reward, ch)


def track_income(s: BoonlakeState, seat: int, track: str) -> None:
    """A track's income now, without advancing: its coins or cards and its VP."""
    p = s.players[seat]
    space = s.cat.tracks[track][p.coin_track if track == "coin" else p.card_track]
    if track == "coin":
        p.coins += space.income
    else:
        draw_cards(s, seat, space.income)
    gain_vp(s, seat, space.vp, "income", f"the {track} track's income received by a building site")


def apply_effect(s: BoonlakeState, seat: int, eff: Effect, ch: Choices) -> None:
    EFFECTS[eff.kind.value](s, seat, eff, ch)


# -- the registry: rewards of spaces, sites, tracks and labels ---------------------------------

@EFFECTS.effect(EffectKind.TAKE_COINS.value)
@EFFECTS.effect(EffectKind.FORGO_CARD_COINS.value)
def _take_coins(s, seat, eff, ch):
    s.players[seat].coins += eff.get("n")


@EFFECTS.effect(EffectKind.DRAW_CARDS.value)
def _draw_cards(s, seat, eff, ch):
    draw_cards(s, seat, eff.get("n"))


@EFFECTS.effect(EffectKind.TAKE_INHABITANTS.value)
@EFFECTS.effect(EffectKind.TILE_PLACED_INHABITANT.value)
def _take_inhabitants(s, seat, eff, ch):
    take_inhabitants(s, seat, eff.get("n"))


@EFFECTS.effect(EffectKind.TAKE_VASES.value)
def _take_vases(s, seat, eff, ch):
    s.players[seat].vases += eff.get("n")


@EFFECTS.effect(EffectKind.GAIN_VP.value)
def _gain_vp(s, seat, eff, ch):
    gain_vp(s, seat, eff.get("n"), "rewards", f"{eff.get('n')} VP shown on a space, site or track")


@EFFECTS.effect(EffectKind.LOSE_VP.value)
def _lose_vp(s, seat, eff, ch):
    gain_vp(s, seat, -eff.get("n"), "rewards", f"{eff.get('n')} VP lost by a building site")


@EFFECTS.effect(EffectKind.PAY_COINS.value)
def _pay_coins(s, seat, eff, ch):
    pay_coins(s, seat, eff.get("n"), "/space", "this building site")


@EFFECTS.effect(EffectKind.DISCARD_CARDS.value)
def _discard_cards(s, seat, eff, ch):
    """A building site's cost (develop): its cards named by ``give`` moves."""
    give_up_cards(s, seat, eff.get("n"), "/site" if "site" in ch.move else "/space", "this building site's cost")


@EFFECTS.effect(EffectKind.BUILD_PRODUCTION_SITE.value)
def _build_site(s, seat, eff, ch):
    resource = eff.get("resource")
    build_site(s, seat, ch.next_site() if resource == "any" else resource)


@EFFECTS.effect(EffectKind.VASE_OR_PRODUCTION_SITE.value)
def _vase_or_site(s, seat, eff, ch):
    """The river's choice: a production site when the move names one in 'sites', else a vase."""
    if ch.sited < len(ch.sites):
        build_site(s, seat, ch.next_site())
    else:
        s.players[seat].vases += 1


@EFFECTS.effect(EffectKind.ADVANCE_COIN_TRACK.value)
@EFFECTS.effect(EffectKind.ADVANCE_CARD_TRACK.value)
def _advance_track(s, seat, eff, ch):
    advance(s, seat, "coin" if eff.kind is EffectKind.ADVANCE_COIN_TRACK else "card", eff.get("n"), ch)


@EFFECTS.effect(EffectKind.ADVANCE_EITHER_TRACK.value)
def _advance_either(s, seat, eff, ch):
    track = ch.move.get("track")
    if track not in ("coin", "card"):
        raise IllegalMove("BOON.CHOICE.TRACK", f"advance {eff.get('n')} spaces on the coin or the card track (not split): "
                                               f"write 'track'", "/track")
    ch.track_used = True
    advance(s, seat, track, eff.get("n"), ch)


@EFFECTS.effect(EffectKind.COIN_TRACK_INCOME.value)
@EFFECTS.effect(EffectKind.CARD_TRACK_INCOME.value)
def _track_income(s, seat, eff, ch):
    track_income(s, seat, "coin" if eff.kind is EffectKind.COIN_TRACK_INCOME else "card")


@EFFECTS.effect(EffectKind.FREE.value)
@EFFECTS.effect(EffectKind.SETTLEMENT_VP.value)
@EFFECTS.effect(EffectKind.SETTLEMENT_PENALTY.value)
def _nothing_now(s, seat, eff, ch):
    """A site without cost or reward; a site's settlement VP or penalty applies the moment a house on
    it becomes a settlement (``building.upgrade``), not at develop."""
    return None
