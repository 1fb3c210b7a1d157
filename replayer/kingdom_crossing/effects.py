"""Named effect kinds, implemented once; cards, birds, tiles and tracks refer to them by name.

Each kind of the catalog schema is one function registered in :data:`EFFECTS` (the core's
:class:`~ludolog.replayer.core.decisions.EffectRegistry`). An effect either acts at once (coins,
Prestige, resources) or pushes the choices it needs onto the position's decision stack
(:mod:`.decisions`), which the player's next moves answer.
"""
from __future__ import annotations

from enum import IntEnum

from ..core.decisions import EffectRegistry
from .catalog import GUILDS, PICTURES, RESOURCES
from .decisions import (INVEST_CHOICE, RESOURCE_CHOICE, DecorationChoice, DifferentResources, FavorChoice,
                        ResolveEffect, ResourceOrDecoration, StructureChoice, TakeBird, UpgradeChoice)
from .state import KCState

RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
BOTH = PICTURES

#: effect kind -> ``function(state, seat, effect, category, why)``
EFFECTS: EffectRegistry = EffectRegistry("kingdom-crossing")


def push(s: KCState, *decisions) -> None:
    """Push decisions so that the first one given is answered first (DecisionStack.push_all)."""
    s.tasks.items.extend(decisions[::-1])


def run_effect(s: KCState, seat: int, eff: dict, category: str, why: str) -> None:
    """Resolve one effect for ``seat``: act now or push the choices it needs."""
    _EFFECT_FUNCTIONS[eff["kind"]](s, seat, eff, category, why)


# -- immediate helpers -------------------------------------------------------------------------
def gain(s: KCState, seat: int, r: int, n: int, why: str) -> None:
    """Advance resource ``r`` by ``n`` (never past the last space) and trigger the track bonuses passed."""
    p = s.players[seat]
    old = p.res[r]
    new = min(s.cat.track_length, old + n)
    if new == old:
        return
    p.res[r] = new
    hits = [ResolveEffect(seat, eff, "track", f"{RESOURCES[r]} track bonus")
            for at, eff in s.cat.track_bonus[r] if old < at <= new]
    if hits:
        s.tasks.items.extend(hits[::-1])  # DecisionStack.push_all: the first hit is answered first


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


#: the five guilds, numbered as their columns (``catalog.GUILDS``): Guild.FOXES, OWLS, BEARS, BOARS, DEER
Guild = IntEnum("Guild", [g.upper() for g in GUILDS], start=0)


def guild_income(s: KCState, seat: int, g: int, why: str) -> None:
    """One guild income (the reward for 2 cards in that column)."""
    if g == Guild.FOXES:
        s.score(seat, 2, "guild_income", f"Foxes guild income ({why})")
    elif g == Guild.OWLS:
        s.tasks.items.append(INVEST_CHOICE[seat])
    elif g == Guild.BEARS:
        s.tasks.items.append(StructureChoice(seat, False, (), 0, True))  # bears=True
    elif g == Guild.BOARS:
        s.tasks.items.append(UpgradeChoice(seat, 2))  # fallback=2
    else:
        s.tasks.items.append(RESOURCE_CHOICE[seat])


def _pictures(eff: dict) -> tuple[str, ...]:
    picture = eff.get("picture", "any")
    return BOTH if picture == "any" else (picture,)


# -- the effect kinds ------------------------------------------------------------------------------
#: effects that give coins, and those that give Prestige, counted on the player's board: kind -> the count
_COINS = {"coins": lambda s, p, eff: eff["n"],
          "coins_per_paw": lambda s, p, eff: p.paws,
          "coins_per_bridge": lambda s, p, eff: p.paws,
          "coins_minus_paws": lambda s, p, eff: max(0, eff["base"] - p.paws),
          "coins_minus_bridges": lambda s, p, eff: max(0, eff["base"] - p.paws),
          "coins_per_structure": lambda s, p, eff: len(p.structures),
          "coins_per_symbol": lambda s, p, eff: p.symbols(s.cat),
          "coins_per_guild": lambda s, p, eff: p.guild[GUILDS.index(eff["guild"])],
          "coins_per_bird_pair": lambda s, p, eff: len(p.birds) // 2}
_PRESTIGE = {"prestige": lambda s, p, eff: eff["n"],
             "prestige_per_guild": lambda s, p, eff: p.guild[GUILDS.index(eff["guild"])],
             "prestige_per_structure": lambda s, p, eff: len(p.structures),
             "prestige_per_bridges": lambda s, p, eff: p.paws // eff["per"]}
#: effects that push copies of one choice (all alike: no order to keep): kind -> (the choice of a seat, how many)
_CHOICES = {"gain_choice": (RESOURCE_CHOICE.__getitem__, lambda p, eff: eff["n"]),
            "gain_choice_per_house": (RESOURCE_CHOICE.__getitem__, lambda p, eff: len(p.houses)),
            "invest": (INVEST_CHOICE.__getitem__, lambda p, eff: eff["n"]),
            "gain_or_decoration": (ResourceOrDecoration, lambda p, eff: eff["n"]),
            "gain_or_decoration_if_paws": (ResourceOrDecoration, lambda p, eff: int(p.paws >= eff["min"])),
            "gain_or_decoration_per_paws": (ResourceOrDecoration, lambda p, eff: p.paws // eff["per"]),
            "favor": (FavorChoice, lambda p, eff: 1),
            "upgrade": (UpgradeChoice, lambda p, eff: 1),
            "take_bird": (TakeBird, lambda p, eff: 1)}


def _gives_coins(count):
    def resolve(s, seat, eff, category, why):
        p = s.players[seat]
        p.coins += count(s, p, eff)
    return resolve


def _gives_prestige(count):
    def resolve(s, seat, eff, category, why):
        s.score(seat, count(s, s.players[seat], eff), category, why)
    return resolve


def _pushes(choice, count):
    def resolve(s, seat, eff, category, why):
        s.tasks.items += [choice(seat)] * count(s.players[seat], eff)
    return resolve


for _kind, _count in _COINS.items():
    EFFECTS.effect(_kind)(_gives_coins(_count))
for _kind, _count in _PRESTIGE.items():
    EFFECTS.effect(_kind)(_gives_prestige(_count))
for _kind, (_choice, _count) in _CHOICES.items():
    EFFECTS.effect(_kind)(_pushes(_choice, _count))


@EFFECTS.effect("gain")
def _gain(s, seat, eff, category, why):
    gain(s, seat, RES_INDEX[eff["resource"]], eff["n"], why)


@EFFECTS.effect("gain_distinct")
def _gain_distinct(s, seat, eff, category, why):
    s.tasks.items.append(DifferentResources(seat, eff["n"]))


@EFFECTS.effect("decoration")
def _decoration(s, seat, eff, category, why):
    s.tasks.items.append(DecorationChoice(seat, _pictures(eff)))


@EFFECTS.effect("decoration_set")
def _decoration_set(s, seat, eff, category, why):
    s.tasks.items.append(DecorationChoice(seat, (eff["picture"],), (1, 2), True))


@EFFECTS.effect("sculpture_per_paws")
def _sculpture_per_paws(s, seat, eff, category, why):
    paws = s.players[seat].paws
    if paws >= 2 * eff["per"]:
        s.tasks.items.append(DecorationChoice(seat, ("sculpture",), (1, 2), True))
    elif paws >= eff["per"]:
        s.tasks.items.append(DecorationChoice(seat, ("sculpture",)))


@EFFECTS.effect("decoration_if_paws")
@EFFECTS.effect("decoration_if_bridges")
def _decoration_if_paws(s, seat, eff, category, why):
    if s.players[seat].paws >= eff["min"]:
        s.tasks.items.append(DecorationChoice(seat, _pictures(eff)))


@EFFECTS.effect("gain_per_paws")
def _gain_per_paws(s, seat, eff, category, why):
    gain(s, seat, RES_INDEX[eff["resource"]], s.players[seat].paws // eff["per"], why)


@EFFECTS.effect("structure")
def _structure(s, seat, eff, category, why):
    s.tasks.items.append(StructureChoice(seat, bool(eff.get("optional")), (), eff["n"] - 1))  # optional, exclude, more


#: the registry's table read directly by run_effect (one lookup per effect resolved, not a method call)
_EFFECT_FUNCTIONS = {name: EFFECTS[name] for name in EFFECTS.names()}
