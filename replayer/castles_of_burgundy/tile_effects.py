"""What a tile does when it enters an estate, and the scoring that follows the placement (in the
order the package docstring reads from supplement 6.3): every catalog effect kind implemented once,
through the core's :class:`EffectRegistry`. The decisions the effects ask for (``state.ExtraAction``
...) are collected in answer order and pushed together."""
from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.decisions import EffectRegistry
from . import scoring
from .catalog import Effect, HexKind, SoloRules
from .effects import EffectKind
from .geometry import bit, colour_completed_by, region_completed_by
from .state import (BLACK_TILE, CobState, Estate, ExtraAction, PlaceAnyDie, PlaceBlack, SellAny, ShipGoods,
                    TakeTile)
from .turns import advance


@dataclass(slots=True)
class Placed:
    """The tile being placed, and the decisions its effects ask for (in answer order)."""

    s: CobState
    seat: int
    estate: Estate
    kind: HexKind
    space: int
    after: list


EFFECTS: EffectRegistry = EffectRegistry("castles-of-burgundy")


@dataclass(frozen=True, slots=True)
class VpGain:
    """The Solo VP counter and target after a gain, and whether the target was reached."""

    counter: int
    target: int
    reached: bool  # the counter went back to 0: the player may take one extra die action now


def gain_vp(rules: SoloRules, counter: int, target: int, vp: int) -> VpGain:
    """Move the Solo VP counter ``vp`` spaces. Solo text: "Place one of your pieces on a space 0 of the
    victory point track as a victory point counter and the other piece on the 50 as target marker."
    "When your victory point counter reaches the target victory point marker, put it back on space 0
    (any remaining victory points are lost), then move the target marker down 5 space (e.g. from 50 to
    45, next time to 40 etc). Immediately after resetting the victory point counter you may carry out
    a dice action of your choice." Where the target stops: see the package docstring (``target_minimum``)."""
    moved = counter + vp
    if moved < target:
        return VpGain(moved, target, False)
    return VpGain(0, max(rules.target_minimum, target - rules.target_step), True)


def gain(s: CobState, seat: int, vp: int, category: str, reason: str, after: list) -> None:
    """Score ``vp`` into the ledger; in the Solo game the VP counter moves too, and reaching the target
    marker resets it, moves the target down 5 and offers one die action (added to ``after``)."""
    if vp <= 0:
        return
    s.ledger.add(seat, vp, category, reason)
    if s.solo:
        e = s.estates[seat]
        result = gain_vp(s.cat.solo, e.counter, e.target, vp)
        e.counter, e.target = result.counter, result.target
        if result.reached:
            after.append(ExtraAction(optional=True, why="target"))


# -- tiles of a colour ---------------------------------------------------------------------------

@EFFECTS.effect(EffectKind.EXTRA_ACTION.value)
def _extra_action(p: Placed, effect: Effect) -> None:
    p.after.append(ExtraAction(optional=False, why="castle"))


@EFFECTS.effect(EffectKind.PHASE_END_INCOME.value)
def _mine(p: Placed, effect: Effect) -> None:
    p.estate.mines += 1  # pays at every phase end (scoring.phase_end)


@EFFECTS.effect(EffectKind.SHIP.value)
def _ship(p: Placed, effect: Effect) -> None:
    s = p.s
    s.track = advance(s.track, s.ids[p.seat], max(1, effect.amount))
    p.after.append(ShipGoods(adjacent_to=0, clear_after=s.solo and not p.estate.ship_adjacent))


@EFFECTS.effect(EffectKind.SCORE_ANIMALS.value)
def _animals(p: Placed, effect: Effect) -> None:
    e, board, kind = p.estate, p.estate.board, p.kind
    region = board.regions[board.region_of[p.space]]
    others = []
    for i in region.spaces:
        if i != p.space and not e.face_down >> i & 1 and e.tiles[i] is not None:
            other = p.s.cat.hex_kinds[e.tiles[i]]
            if other.animal == kind.animal:
                others.append(other.animals)
    vp = scoring.animal_vp(kind.animals, others, e.animal_bonus)
    name = p.s.cat.animal_names.get(kind.animal, kind.animal)
    gain(p.s, p.seat, vp, "animals", f"{kind.animals} {name} placed with {sum(others)} more of that type in the "
                                     f"pasture" + (f" and knowledge #7 (+{e.animal_bonus} a tile)" if e.animal_bonus else ""),
         p.after)


# -- buildings -----------------------------------------------------------------------------------

@EFFECTS.effect(EffectKind.SELL_GOODS.value)
def _warehouse(p: Placed, effect: Effect) -> None:
    p.after.append(SellAny())


@EFFECTS.effect(EffectKind.TAKE_TILE.value)
def _take_tile(p: Placed, effect: Effect) -> None:
    p.after.append(TakeTile(colours=effect.colours, building=p.kind.building or ""))


@EFFECTS.effect(EffectKind.PLACE_IGNORING_DIE.value)
def _city_hall(p: Placed, effect: Effect) -> None:
    p.after.append(PlaceAnyDie())


@EFFECTS.effect(EffectKind.GAIN_VP.value)
def _watchtower(p: Placed, effect: Effect) -> None:
    gain(p.s, p.seat, effect.amount, "watchtower", f"a watchtower gives {effect.amount} VP", p.after)


# -- effects that change one number or flag of the estate (knowledge tiles: in force once placed) --

class EstateUpdate(enum.Enum):
    """How an effect that changes only one number or flag of the placing player's estate changes it."""

    ADD = "add"  #: the number grows by the effect's amount (tiles of one kind add up)
    AT_LEAST = "at_least"  #: the number becomes at least the effect's amount (the best tile counts)
    SET = "set"  #: the number becomes the effect's amount
    FLAG = "flag"  #: the flag is set: the ability is in force from now on


@dataclass(frozen=True, slots=True)
class EstateEffect:
    """The implementation of an effect kind that changes only ``attribute`` of the estate."""

    attribute: str
    update: EstateUpdate

    def __call__(self, p: Placed, effect: Effect) -> None:
        before = getattr(p.estate, self.attribute)
        if self.update is EstateUpdate.ADD:
            after = before + effect.amount
        elif self.update is EstateUpdate.AT_LEAST:
            after = max(before, effect.amount)
        elif self.update is EstateUpdate.SET:
            after = effect.amount
        else:
            after = True
        setattr(p.estate, self.attribute, after)


#: the effect kinds that change only one number or flag of the estate: two buildings, and the
#: knowledge tiles whose ability the later actions read from the estate
ESTATE_EFFECTS: dict[EffectKind, EstateEffect] = {
    EffectKind.GAIN_WORKERS: EstateEffect("workers", EstateUpdate.ADD),  # boarding house
    EffectKind.GAIN_SILVERLINGS: EstateEffect("silverlings", EstateUpdate.ADD),  # bank
    EffectKind.SAME_BUILDING_IN_CITY: EstateEffect("same_building", EstateUpdate.FLAG),
    EffectKind.PHASE_END_WORKERS_PER_MINE: EstateEffect("mine_workers", EstateUpdate.ADD),
    EffectKind.SALE_SILVERLINGS: EstateEffect("sale_silverlings", EstateUpdate.AT_LEAST),
    EffectKind.SALE_WORKERS: EstateEffect("sale_workers", EstateUpdate.ADD),
    EffectKind.SHIP_ADJACENT_DEPOT: EstateEffect("ship_adjacent", EstateUpdate.FLAG),
    EffectKind.BUY_FROM_NUMBERED_DEPOTS: EstateEffect("buy_numbered", EstateUpdate.FLAG),
    EffectKind.WORKERS_AS_SILVERLINGS: EstateEffect("workers_pay", EstateUpdate.FLAG),
    EffectKind.BUY_BUILDING_FOR_WORKERS: EstateEffect("building_for_workers", EstateUpdate.SET),
    EffectKind.ANIMAL_TILE_BONUS: EstateEffect("animal_bonus", EstateUpdate.ADD),
    EffectKind.WORKER_STEP: EstateEffect("worker_step", EstateUpdate.AT_LEAST),
    EffectKind.TAKE_WORKERS_SILVERLINGS: EstateEffect("take_workers_silverlings", EstateUpdate.ADD),
    EffectKind.TAKE_WORKERS_COUNT: EstateEffect("take_workers_count", EstateUpdate.AT_LEAST),
}
for _kind, _implementation in ESTATE_EFFECTS.items():
    EFFECTS.effect(_kind.value)(_implementation)


# -- the other knowledge tiles: in force from the moment they are placed ---------------------------

@EFFECTS.effect(EffectKind.FREE_ADJUST.value)
def _free_adjust(p: Placed, effect: Effect) -> None:
    e = p.estate
    if effect.action is not None and effect.action.value == "take":
        e.free_take = max(e.free_take, effect.amount)
        return
    free = dict(e.free_place)
    for colour in effect.colours:
        free[colour] = max(free.get(colour, 0), effect.amount)
    e.free_place = free


def _end_vp(p: Placed, effect: Effect) -> None:
    """Game-end knowledge: scored at the end of the game; in the Solo game at once ("Victory points
    from a yellow Knowledge tile are added immediately after placing it")."""
    if p.s.solo:
        vp = scoring.knowledge_vp(effect, scoring.summary(p.s, p.estate))
        gain(p.s, p.seat, vp, "knowledge", f"knowledge #{p.kind.knowledge} scores {vp} VP when placed (Solo)", p.after)
    else:
        p.estate.end_effects.append((p.kind.knowledge, effect))


for _kind in (EffectKind.END_VP_PER_GOODS_TYPE_SOLD, EffectKind.END_VP_PER_BUILDING, EffectKind.END_VP_PER_ANIMAL_TYPE,
              EffectKind.END_VP_PER_GOODS_SOLD, EffectKind.END_VP_PER_BONUS_TILE):
    EFFECTS.effect(_kind.value)(_end_vp)


# -- the placement -------------------------------------------------------------------------------

def place(s: CobState, seat: int, tile: str, space: int, after: list) -> None:
    """Put ``tile`` (checked legal by the caller) on ``space`` of ``seat``'s estate and run what follows."""
    e = s.estates[seat]
    board = e.board
    region = region_completed_by(board, e.filled, space)
    colour_full = colour_completed_by(board, e.filled, space)
    e.tiles[space] = tile
    e.filled |= bit(space)
    if tile == BLACK_TILE:
        e.face_down |= bit(space)  # "has no other effects"
    else:
        cat = s.cat
        kind = cat.hex_kinds[tile]
        if kind.knowledge is not None:
            e.knowledge.append(kind.knowledge)
        p = Placed(s, seat, e, kind, space, after)
        for effect in (cat.colour_effect.get(kind.colour),  # by colour, building type, knowledge number
                       cat.buildings[kind.building].effect if kind.building is not None else None,
                       cat.knowledge[kind.knowledge].effect if kind.knowledge is not None else None):
            if effect is not None:
                EFFECTS[effect.kind.value](p, effect)
    phase = s.cat.phases[s.phase]
    if region is not None:
        e.regions += 1
        vp = scoring.region_vp(s.cat, region.size, phase)
        gain(s, seat, vp, "region", f"completes a region of {region.size} {region.colour.value} space"
                                    f"{'s' if region.size != 1 else ''} in phase {phase}", after)
    if colour_full:
        colour = board.spaces[space].colour
        rank = s.colour_done.get(colour, 0) + 1
        s.colour_done = {**s.colour_done, colour: rank}
        if s.solo:
            after.append(PlaceBlack())
        elif rank <= 2:
            vp = scoring.colour_bonus_vp(s.cat, s.n, rank)
            e.bonus_tiles += 1
            gain(s, seat, vp, "bonus", f"{'first' if rank == 1 else 'second'} to fill every {colour.value} space: "
                                       f"the {'large' if rank == 1 else 'small'} bonus tile", after)
