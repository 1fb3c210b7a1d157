"""Using levers: each lever space's effect kind implemented once through the core's registry (the
modernize-once and upgrade-once levers beside the actions they do, in :mod:`.building`).

Rules text, "Lever Effects": "You may use lever effects at any suitable moment, including during
other actions and interim scorings ... Move the lever down to use it; move it up at the next interim
scoring to reuse it." A lever is written in one of two ways, by what its effect needs:

- attached: in the ``levers`` list of the move it modifies (``{"lever": "m10", "take": "joker"}``):
  the free upstream boat move and the card levers (joker, coins or cards) on a ``play``; the eased
  settlement on an upgrade to a settlement (an ``upgrade`` move, or the upgrade a card or the top-row
  lever grants); the inhabitant for a placed tile on ``explore`` and ``pasture``;
- a ``lever`` move, where the lever is a decision of its own (a top-row, forgo or region-scoring
  lever in place of the seat's decision, the discard lever beside it; which decisions: the package
  docstring's reading of the levers' moments, :func:`moment`).

"If you have more than one of these 3 top-row levers and forgo that part, you may use only 1 of
them": one ``lever`` move answers the decision, and ``forgone`` remembers the seats that forwent
this action's part (BOON.LEVER.ONE_TOP_ROW).
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from .board import region_scoring_coins
from .catalog import LeverSpace
from .effects import EffectKind, StripPart
from .resolve import (EFFECTS, Choices, draw_cards, gain_vp, give_up_cards, pay_vases, take_inhabitants)
from .state import BoonlakeState, Step

#: attached lever kinds -> the hosts they modify ("play", "settlement": an upgrade to a settlement, "tile")
ATTACHED_HOSTS: dict[EffectKind, str] = {
    EffectKind.BOAT_UPSTREAM_FREE: "play", EffectKind.CARD_JOKER_OR_COINS_OR_CARDS: "play",
    EffectKind.CARD_JOKER_AND_COINS: "play", EffectKind.UPGRADE_SETTLEMENT_EASED: "settlement",
    EffectKind.TILE_PLACED_INHABITANT: "tile"}
#: the ``take`` an attached lever offers (the first is what the lever gives besides its coins)
TAKES: dict[EffectKind, tuple[str, ...]] = {EffectKind.CARD_JOKER_OR_COINS_OR_CARDS: ("joker", "coins", "cards"),
                                            EffectKind.CARD_JOKER_AND_COINS: ("joker", "coins")}
FORGO_KINDS = frozenset({EffectKind.FORGO_CARD_COINS, EffectKind.FORGO_CARD_COINS_PER_SITE})
#: the choices a ``lever`` move may carry, per kind
MOVE_CHOICES: dict[EffectKind, frozenset[str]] = {
    EffectKind.VASE_OR_COINS: frozenset({"exchange"}), EffectKind.MODERNIZE_ONCE: frozenset({"modernize"}),
    EffectKind.UPGRADE_ONCE: frozenset({"upgrade", "levers"})}
#: right-side parts that offer playing a card (a forgo lever may answer them)
_PLAY_PARTS = frozenset({StripPart.DEVELOP_OR_UPGRADE_OR_PLAY_ANY, StripPart.PLACE_CATTLE_OR_PLAY_ANY,
                         StripPart.PLAY_ANY})


def lever_down(s: BoonlakeState, seat: int, space: str, pointer: str) -> LeverSpace:
    """The seat's unused lever on ``space``, moved down now.

    :raises IllegalMove: BOON.LEVER.SPACE, BOON.LEVER.NOT_OWNED, BOON.LEVER.USED.
    """
    lever = s.cat.lever_spaces.get(space)
    if lever is None:
        raise IllegalMove("BOON.LEVER.SPACE", f"the modernization spaces are {', '.join(s.cat.lever_spaces)}, not {space!r}",
                          pointer)
    p = s.players[seat]
    if space not in p.levers:
        raise IllegalMove("BOON.LEVER.NOT_OWNED", f"{s.ids[seat]} has no lever on space {space} (modernize first)", pointer)
    if p.levers[space]:
        raise IllegalMove("BOON.LEVER.USED", f"{s.ids[seat]}'s lever on {space} is already down: it moves back up at the "
                                             f"next interim scoring", pointer)
    p.levers[space] = True
    return lever


def use_attached(s: BoonlakeState, seat: int, move: dict, hosts: frozenset[str], ch: Choices, base: str = "") -> None:
    """The levers written in ``move['levers']``, each modifying this move (``hosts``: what it does).

    :raises IllegalMove: BOON.LEVER.* (not owned, used, not for this move, the take), BOON.CHOICE.UNUSED.
    """
    for i, use in enumerate(move.get("levers", ())):
        at = f"{base}/levers/{i}"
        lever = lever_down(s, seat, use["lever"], f"{at}/lever")
        kind = lever.effect.kind
        host = ATTACHED_HOSTS.get(kind)
        if host is None or host not in hosts:
            raise IllegalMove("BOON.LEVER.MOMENT", _moment_text(lever), f"{at}/lever")
        takes = TAKES.get(kind)
        take = use.get("take")
        if takes is not None and take not in takes:
            raise IllegalMove("BOON.LEVER.TAKE", f"lever {lever.id} gives {' or '.join(takes)}: write 'take'", f"{at}/take"
                              if take is not None else at)
        if takes is None and take is not None:
            raise IllegalMove("BOON.CHOICE.UNUSED", f"lever {lever.id} has no 'take' choice", f"{at}/take")
        ch.take = take
        ch.attached = True
        EFFECTS[kind.value](s, seat, lever.effect, ch)
        ch.attached = False


#: when each lever is used, by its attached host or its kind
_MOMENTS = {"play": "when playing a card: write it in that play's 'levers'",
            "settlement": "when upgrading a house to a settlement: write it in that upgrade's 'levers'",
            "tile": "when placing a building tile or a pasture: write it in that move's 'levers'",
            **{kind: "when forgoing to play or discard a card: in place of such a decision" for kind in FORGO_KINDS},
            EffectKind.REGION_SCORING_VP: "at a region scoring, as the decision of its right-side part"}


def _moment_text(lever: LeverSpace) -> str:
    kind = lever.effect.kind
    when = _MOMENTS.get(ATTACHED_HOSTS.get(kind) or kind)
    return f"lever {lever.id} is used {when}" if when else f"lever {lever.id} cannot be used now"


def moment(s: BoonlakeState, seat: int) -> str:
    """What the seat is deciding now, for the levers: "card" (may play or discard a card), "right"
    (a fresh right-side decision), "right_play" (one that also offers a card), "region" (a region
    scoring's), "interim" (an interim scoring's), or "other"."""
    step = s.step
    if step is Step.INTERIM:
        return "interim"
    ahead = (step is Step.CARD or step is Step.MIDDLE) and seat != s.current and s.ahead is not None
    if ahead or step is Step.RIGHT:  # the right side (ahead of the active player's middle, or open for all)
        part = s.cat.strips[s.strip].right[0]
        pending = s.pending.get(seat)
        if part is StripPart.SCORE_OTHER_REGIONS:
            return "region"
        if pending is not None:
            return "card" if pending == "play_any" else "other"
        return "right_play" if part in _PLAY_PARTS else "right"
    if step is Step.CARD or (step is Step.MIDDLE and s.middle[0] == StripPart.PLAY_ANY_OR_DRAW_2.value):
        return "card"
    return "other"


def lever_move(s: BoonlakeState, seat: int, move: dict) -> None:
    """A ``lever`` move: the lever's effect at the seat's current decision (see the module docstring).

    :raises IllegalMove: BOON.LEVER.* , BOON.INTERIM.TWICE, BOON.CHOICE.*, and the codes of the
        effect's own checks.
    """
    lever = lever_down(s, seat, move["lever"], "/lever")
    kind = lever.effect.kind
    for name in ("exchange", "modernize", "upgrade", "levers"):
        if name in move and name not in MOVE_CHOICES.get(kind, ()):
            raise IllegalMove("BOON.CHOICE.UNUSED", f"lever {lever.id}'s effect has no '{name}' choice", f"/{name}")
    now = moment(s, seat)
    ch = Choices(move)
    if kind is EffectKind.DISCARD_CARDS_FOR_INHABITANT_VP:  # any moment; it answers nothing
        EFFECTS[kind.value](s, seat, lever.effect, ch)
        ch.finish()
        return
    if lever.top_row:
        if now not in ("right", "right_play", "region"):
            raise IllegalMove("BOON.LEVER.TOP_ROW", f"a top-row lever ({lever.id}) is used only by forgoing the all-players "
                                                    f"part of an action (the right side of the strip), in place of "
                                                    f"{s.ids[seat]}'s decision there", "/lever")
        s.forgone.add(seat)
    elif kind in FORGO_KINDS:
        if now not in ("card", "right_play", "interim"):
            raise IllegalMove("BOON.LEVER.MOMENT", _moment_text(lever), "/lever")
        if now == "interim" and s.interim_actions.get(seat, 0) >= 2:
            raise IllegalMove("BOON.INTERIM.TWICE", "at an interim scoring each player plays or upgrades at most twice; "
                                                    "a forgo lever takes the place of one of them", "/type")
    elif kind is EffectKind.REGION_SCORING_VP:
        if now != "region":
            raise IllegalMove("BOON.LEVER.MOMENT", _moment_text(lever), "/lever")
        s.players[seat].coins += region_scoring_coins(s.cat, s.region_chosen, s.presences(seat))
    else:
        raise IllegalMove("BOON.LEVER.MOMENT", _moment_text(lever), "/lever")
    EFFECTS[kind.value](s, seat, lever.effect, ch)
    ch.finish()
    _answer(s, seat, now)


def _answer(s: BoonlakeState, seat: int, now: str) -> None:
    """The decision the lever took the place of is made."""
    if now == "interim":
        s.interim_actions[seat] = s.interim_actions.get(seat, 0) + 1
    elif s.step is not Step.RIGHT and seat != s.current and s.ahead is not None:  # the right side, ahead
        s.pending.pop(seat, None)
        s.ahead.record(seat, "lever")
    elif s.step is Step.CARD:
        s.step = Step.MIDDLE
    elif s.step is Step.MIDDLE:
        s.middle.pop(0)
    elif s.window is not None:
        s.pending.pop(seat, None)
        s.window.record(seat, "lever")
    else:
        s.queue.pop(0)


def reset_levers(s: BoonlakeState, seat: int, move: dict, n: int) -> None:
    """A card's "move 1 lever back up": the used levers named in ``reset`` (none: wasted).

    :raises IllegalMove: BOON.LEVER.NOT_OWNED, BOON.LEVER.NOT_USED, BOON.CHOICE.UNUSED.
    """
    named = move.get("reset", [])
    if len(named) > n:
        raise IllegalMove("BOON.CHOICE.UNUSED", f"this card moves {n} lever(s) back up, not {len(named)}", f"/reset/{n}")
    p = s.players[seat]
    for i, space in enumerate(named):
        if space not in p.levers:
            raise IllegalMove("BOON.LEVER.NOT_OWNED", f"{s.ids[seat]} has no lever on space {space}", f"/reset/{i}")
        if not p.levers[space]:
            raise IllegalMove("BOON.LEVER.NOT_USED", f"{s.ids[seat]}'s lever on {space} is up: only a used lever moves "
                                                     f"back up", f"/reset/{i}")
        p.levers[space] = False


def region_lever_holder(s: BoonlakeState, seat: int) -> bool:
    """The seat may use a lever at this region scoring (a top-row lever or the region-scoring one, unused)."""
    cat = s.cat
    return any(not used and (cat.lever_spaces[k].top_row or cat.lever_spaces[k].effect.kind is EffectKind.REGION_SCORING_VP)
               for k, used in s.players[seat].levers.items())


# -- the lever kinds (each once, through the registry) -----------------------------------------

@EFFECTS.effect(EffectKind.VASE_OR_COINS.value)
def _vase_or_coins(s, seat, eff, ch):
    how = ch.move.get("exchange")
    p = s.players[seat]
    if how is None:
        p.vases += eff.get("vases")
    elif how == "give":
        pay_vases(s, seat, eff.get("vases"), "/exchange", "this lever")
        p.coins += eff.get("coins")
    else:
        raise IllegalMove("BOON.CHOICE.EXCHANGE", "this lever takes a vase, or gives one up ('give') for coins", "/exchange")


@EFFECTS.effect(EffectKind.FORGO_CARD_COINS_PER_SITE.value)
def _forgo_per_site(s, seat, eff, ch):
    p = s.players[seat]
    p.coins += sum(p.sites)  # "1 coin per production site built (level-2 sites count double)"


@EFFECTS.effect(EffectKind.REGION_SCORING_VP.value)
def _region_vp(s, seat, eff, ch):
    """"get 1 victory point in addition to 1 coin per presence": n VP per presence in the regions
    scored (the package docstring's reading)."""
    presences = region_scoring_coins(s.cat, s.region_chosen, s.presences(seat))
    gain_vp(s, seat, eff.get("n") * presences, "levers", f"a lever at a region scoring: {presences} presence(s)")


@EFFECTS.effect(EffectKind.BOAT_UPSTREAM_FREE.value)
def _boat_free(s, seat, eff, ch):
    ch.free_upstream += 1


@EFFECTS.effect(EffectKind.CARD_JOKER_OR_COINS_OR_CARDS.value)
def _joker_or(s, seat, eff, ch):
    if ch.take == "joker":
        ch.jokers += 1
    elif ch.take == "coins":
        s.players[seat].coins += eff.get("coins")
    else:
        draw_cards(s, seat, eff.get("cards"))


@EFFECTS.effect(EffectKind.CARD_JOKER_AND_COINS.value)
def _joker_and(s, seat, eff, ch):
    if ch.take == "joker":
        ch.jokers += 1
    s.players[seat].coins += eff.get("coins")


@EFFECTS.effect(EffectKind.DISCARD_CARDS_FOR_INHABITANT_VP.value)
def _discard_for_inhabitant_vp(s, seat, eff, ch):
    give_up_cards(s, seat, eff.get("cards"), "/lever", f"lever {ch.move['lever']}")
    take_inhabitants(s, seat, eff.get("inhabitants"))
    gain_vp(s, seat, eff.get("vp"), "levers", f"{eff.get('cards')} cards discarded by a lever")
