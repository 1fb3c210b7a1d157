"""What using a tile does: one function per catalog action kind, through the core's EffectRegistry.

Each function checks everything its kind asks of the move and of the player, changes nothing,
and returns the commit that carries the effect out (called once the whole move has been checked).
Draws are never made by the engine: an effect that draws pushes a :class:`~.state.Draw`, answered
by the next ``draw`` move as the table wrote it. A transport tile pushes a
:class:`~.state.Transport`, answered by ``carry``, ``upgrade`` and ``done`` moves.

Where products go (rules text): "Any resources generated in a player's own village are placed on
the tile generating the resources. Any resources generated in another player's village or from a
tile being bid for are placed on the player's home tile." Every "if available" takes what the
stock has.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.components import UNKNOWN
from ..core.decisions import EffectRegistry
from ..core.errors import IllegalMove
from .catalog import SKILLS, AbilityKind, Action
from .geometry import PlacedTile
from .hands import check_skill, check_take, skill_to_pile, take, take_skill
from .rules import refuse
from .state import COLOUR_INDEX, RESOURCE_INDEX, Draw, KFState, Transport

Commit = Callable[[], None]


@dataclass(slots=True)
class UseContext:
    """One use being checked: who, which tile and its action, where the products go, what the
    placement itself takes from behind the screen (so that a payment is checked on top of it).
    Never changed."""

    seat: int
    tile: str
    action: Action
    target: str  #: the tile resources are put on: the used tile in the own village, else the home tile
    placed: dict  #: colour -> workers the placement takes from behind the screen
    held: dict  #: summer boat abilities of the player: kind -> count or factor


EFFECTS: EffectRegistry = EffectRegistry("keyflower")
# enum members read at every transport use, as module constants (a global lookup is faster)
_DOUBLE, _ACROSS_FIELDS, _UPGRADE_ANY_RESOURCE = (AbilityKind.DOUBLE_TRANSPORT_UPGRADE, AbilityKind.CROSS_FIELDS_FREE_PLACEMENT,
                                            AbilityKind.UPGRADE_ANY_RESOURCE)

#: the move fields each action kind asks for, besides those every use has
PARAMS: dict[str, tuple[str, ...]] = {
    "resource_choice": ("resource",),
    "skill_swap": ("pay",),
    "skill_for_workers": ("pay",),
    "worker_for_workers": ("discard",),
}


def add_resources(s: KFState, seat: int, tile: str, gain: dict[str, int]) -> None:
    """Put ``gain`` (type -> n) from the stock onto ``tile`` of ``seat``'s village, as far as the stock lasts."""
    p = s.players[seat]
    coord = p.coords[tile]
    placed = p.village.tiles[coord]
    res = list(placed.resources)
    for r, n in gain.items():
        k = RESOURCE_INDEX[r]
        got = min(n, s.supply[k])
        s.supply[k] -= got
        res[k] += got
    p.village = p.village.replaced(PlacedTile(placed.tile, coord, placed.rotation, placed.side, tuple(res)))


@EFFECTS.effect("resources")
def _resources(s: KFState, ctx: UseContext, move: dict) -> Commit:
    gain = dict(ctx.action.gain)
    return lambda: add_resources(s, ctx.seat, ctx.target, gain)


@EFFECTS.effect("resource_choice")
def _resource_choice(s: KFState, ctx: UseContext, move: dict) -> Commit:
    choice = move["resource"]
    if choice not in ctx.action.choices:
        raise refuse("KEY.USE.PARAMS", f"this tile gives one of {', '.join(ctx.action.choices)}, not {choice}", "/resource")
    count = ctx.action.count
    return lambda: add_resources(s, ctx.seat, ctx.target, {choice: count})


def _draw(s: KFState, ctx: UseContext, what: str, count: int, **extra) -> Commit:
    return lambda: s.tasks.push(Draw(ctx.seat, what, count, ctx.tile, **extra))


@EFFECTS.effect("random_workers")
def _random_workers(s: KFState, ctx: UseContext, move: dict) -> Commit:
    return _draw(s, ctx, "workers", ctx.action.count)


@EFFECTS.effect("random_skills")
def _random_skills(s: KFState, ctx: UseContext, move: dict) -> Commit:
    return _draw(s, ctx, "skills", ctx.action.count)


def _check_pay_skill(s: KFState, ctx: UseContext, move: dict) -> str:
    skill = move["pay"]
    if skill not in SKILLS and skill != UNKNOWN:
        raise refuse("KEY.USE.PARAMS", f"a skill tile is a saw, a pickaxe or an anvil (or '?' when unseen), not {skill!r}", "/pay")
    check_skill(s, ctx.seat, skill, "/pay")
    return skill


@EFFECTS.effect("skill_swap")
def _skill_swap(s: KFState, ctx: UseContext, move: dict) -> Commit:
    """Hiring Fair: the tile set aside next to the pile is mixed in after the draw."""
    skill = _check_pay_skill(s, ctx, move)
    draw = _draw(s, ctx, "skills", ctx.action.count, skill_back=skill)

    def commit() -> None:
        take_skill(s, ctx.seat, skill)
        draw()
    return commit


@EFFECTS.effect("skill_for_workers")
def _skill_for_workers(s: KFState, ctx: UseContext, move: dict) -> Commit:
    """Brewer: the skill tile goes face down into the pile, then workers are drawn."""
    skill = _check_pay_skill(s, ctx, move)
    draw = _draw(s, ctx, "workers", ctx.action.count)

    def commit() -> None:
        take_skill(s, ctx.seat, skill)
        skill_to_pile(s, skill)
        draw()
    return commit


@EFFECTS.effect("skill_for_resources")
def _skill_for_resources(s: KFState, ctx: UseContext, move: dict) -> Commit:
    """Carpenter, Mason, Smelter: a skill tile of the type shown into the pile, then the resources."""
    skill = ctx.action.pay
    check_take(s, ctx.seat, s.skill_pile, {skill: 1}, "/tile")
    gain = dict(ctx.action.gain)

    def commit() -> None:
        take(s, ctx.seat, s.skill_pile, {skill: 1})
        skill_to_pile(s, skill)
        add_resources(s, ctx.seat, ctx.target, gain)
    return commit


def _with_placement(ctx: UseContext, colour: str) -> dict[str, int]:
    wanted = dict(ctx.placed)
    wanted[colour] = wanted.get(colour, 0) + 1
    return wanted


@EFFECTS.effect("worker_for_green")
def _worker_for_green(s: KFState, ctx: UseContext, move: dict) -> Commit:
    """Peddler, Store, Fair: an additional worker of the colour shown into the bag, then green workers from the stock."""
    colour = ctx.action.pay
    try:
        check_take(s, ctx.seat, s.bag, _with_placement(ctx, colour), "/tile")
    except IllegalMove as exc:
        if exc.code == "KEY.WORKERS.NOT_ENOUGH":
            raise refuse("KEY.EFFECT.PAY", f"using this tile puts an additional {colour} worker into the bag: "
                         f"{s.ids[ctx.seat]} has none left behind the screen", "/tile") from None
        raise
    count = ctx.action.count

    def commit() -> None:
        take(s, ctx.seat, s.bag, {colour: 1})
        s.bag.put_back(colour)
        got = min(count, s.green_stock)
        s.green_stock -= got
        s.players[ctx.seat].workers[COLOUR_INDEX["green"]] += got
    return commit


@EFFECTS.effect("worker_for_workers")
def _worker_for_workers(s: KFState, ctx: UseContext, move: dict) -> Commit:
    """Tavern: a discarded worker goes into the bag after the draw (it cannot make up a shortfall)."""
    colour = move["discard"]
    if colour not in COLOUR_INDEX:
        raise refuse("KEY.USE.PARAMS", f"a worker is red, yellow, blue or green, not {colour!r}", "/discard")
    try:
        check_take(s, ctx.seat, s.bag, _with_placement(ctx, colour), "/discard")
    except IllegalMove as exc:
        if exc.code == "KEY.WORKERS.NOT_ENOUGH":
            raise refuse("KEY.EFFECT.PAY", f"{s.ids[ctx.seat]} has no {colour} worker left behind the screen to discard",
                         "/discard") from None
        raise
    draw = _draw(s, ctx, "workers", ctx.action.count, discard=colour)

    def commit() -> None:
        take(s, ctx.seat, s.bag, {colour: 1})
        draw()
    return commit


@EFFECTS.effect("transport_upgrade")
def _transport_upgrade(s: KFState, ctx: UseContext, move: dict) -> Commit:
    """Home tiles, Stable, Farrier, Wainwright: carries and upgrades in the player's own village follow.
    Boat 2b: "All of a players transport capacity and upgrade ability is doubled"."""
    held = ctx.held
    factor = held.get(_DOUBLE, 1) if held else 1
    task = Transport(ctx.seat, ctx.tile, ctx.action.transport * factor, ctx.action.upgrades * factor,
                     _ACROSS_FIELDS in held, _UPGRADE_ANY_RESOURCE in held)
    return lambda: s.tasks.push(task)

