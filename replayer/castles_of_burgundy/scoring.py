"""Scoring: the formulas and tables of the base game as pure functions over the catalog's numbers,
and, over the state, the phase end's income, the final scoring and the winners.

Sources (supplement sections): region completion 10.1 (size table 1, 3, 6, 10, 15, 21, 28, 36 plus
the phase bonus 10/8/6/4/2), colour bonus tiles 10.2 (first and second player), goods sale 6.4,
animals 8, mine income 5.3, final scoring 11 (goods, silverlings, workers, knowledge #15-#26) and
the tie-break (UNCERTAIN; see the catalog's ``economy.tie_break_note``).
"""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .catalog import Catalog, Effect
from .effects import EffectKind, TieBreak
from .geometry import Colour, empty_count
from .state import BLACK_TILE, CobState, Estate
from .turns import turn_order


def region_vp(catalog: Catalog, size: int, phase: str) -> int:
    """VP for completing a region of ``size`` spaces during ``phase``: the size table plus the phase bonus."""
    return catalog.region_vp_by_size[size - 1] + catalog.phase_bonus[phase]


def colour_bonus_vp(catalog: Catalog, players: int, rank: int) -> int:
    """VP of the bonus tile for the ``rank``-th player (1 = first, 2 = second) to fill every space of a
    colour; later players get nothing."""
    large, small = catalog.bonus_vp[players]
    return large if rank == 1 else small if rank == 2 else 0


def sale_vp(catalog: Catalog, tiles: int, players: int) -> int:
    """VP for selling ``tiles`` goods tiles of one type: the number of players per tile in the base
    game (supplement 6.4), the Solo reading's number in a Solo game (``players=1``)."""
    if players == 1:
        return tiles * catalog.solo.sale_vp_per_tile
    per_tile = catalog.economy.sale_vp_per_tile
    return tiles * (players if per_tile is None else per_tile)


def animal_vp(new_tile_animals: int, same_type_in_region: Sequence[int], bonus_per_tile: int = 0) -> int:
    """VP for placing an animal tile: its animals plus the animals of every tile of the same type
    already in the same pasture region, plus ``bonus_per_tile`` for each tile counted (knowledge #7)."""
    counted = 1 + len(same_type_in_region)
    return new_tile_animals + sum(same_type_in_region) + bonus_per_tile * counted


@dataclass(frozen=True, slots=True)
class EstateSummary:
    """The counts the end-of-game knowledge tiles score."""

    buildings: Mapping[str, int] = field(default_factory=dict)  # building type -> tiles in the estate
    animal_types: int = 0  # different animal types in the estate
    goods_types_sold: int = 0
    goods_sold: int = 0  # goods tiles sold
    bonus_tiles: int = 0


#: end-of-game knowledge effect kind -> the count of :class:`EstateSummary` it scores
_COUNTED = {EffectKind.END_VP_PER_ANIMAL_TYPE: "animal_types", EffectKind.END_VP_PER_GOODS_TYPE_SOLD: "goods_types_sold",
            EffectKind.END_VP_PER_GOODS_SOLD: "goods_sold", EffectKind.END_VP_PER_BONUS_TILE: "bonus_tiles"}


def knowledge_vp(effect: Effect, estate: EstateSummary) -> int:
    """VP an end-of-game knowledge effect scores for ``estate``; 0 for every other kind."""
    if effect.kind is EffectKind.END_VP_PER_BUILDING:
        return effect.amount * estate.buildings.get(effect.building or "", 0)
    counted = _COUNTED.get(effect.kind)
    return effect.amount * getattr(estate, counted) if counted else 0


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's final result, with what the tie-break compares."""

    player: str
    vp: int
    empty_spaces: int
    turn_position: int  # 0 = first in the final turn order


_TIE_KEYS = {TieBreak.MORE_EMPTY_SPACES: lambda s: -s.empty_spaces,
             TieBreak.FEWER_EMPTY_SPACES: lambda s: s.empty_spaces,
             TieBreak.LATER_IN_TURN_ORDER: lambda s: -s.turn_position,
             TieBreak.EARLIER_IN_TURN_ORDER: lambda s: s.turn_position}


def ranking(standings: Sequence[Standing], tie_break: Sequence[TieBreak]) -> tuple[tuple[str, ...], ...]:
    """Players from first place down; players the tie-break cannot separate share a place."""
    keys = [_TIE_KEYS[criterion] for criterion in tie_break]

    def key(s: Standing) -> tuple:
        return (-s.vp, *(k(s) for k in keys))

    return tuple(tuple(s.player for s in place) for _key, place in itertools.groupby(sorted(standings, key=key), key))


# -- the game's state: its phase ends, its end and its winners ---------------------------------------

def summary(s: CobState, e: Estate) -> EstateSummary:
    """The counts the game-end knowledge tiles score (face-down Solo tiles count for nothing)."""
    kinds = [s.cat.hex_kinds[tile] for tile in e.tiles if tile is not None and tile != BLACK_TILE]
    return EstateSummary(Counter(k.building for k in kinds if k.building), len({k.animal for k in kinds if k.animal}),
                         sum(1 for t in range(1, 7) if e.sold[t]), sum(e.sold), e.bonus_tiles)


def phase_end(s: CobState) -> None:
    """5.3: 1 silverling per mine (face-down Solo tiles are no mines), knowledge #2 a worker per mine too."""
    effect = s.cat.colour_effect.get(Colour.MINE)
    per_mine = effect.amount if effect is not None else 0
    for e in s.estates:
        e.silverlings += e.mines * per_mine
        e.workers += e.mines * e.mine_workers


def final_scoring(s: CobState) -> None:
    """11: 1 VP per unsold goods tile, 1 per silverling, 1 per 2 worker tiles (rounded down), knowledge #15-#26."""
    econ = s.cat.economy
    for seat, e in enumerate(s.estates):
        s.ledger.add(seat, e.goods_total() * econ.final_vp_per_goods, "goods", f"{e.goods_total()} unsold goods tiles")
        s.ledger.add(seat, e.silverlings * econ.final_vp_per_silverling, "silverlings", f"{e.silverlings} silverlings")
        s.ledger.add(seat, e.workers // econ.final_workers_per_vp, "workers", f"{e.workers} worker tiles (1 VP per 2)")
        counts = summary(s, e)
        for number, effect in e.end_effects:
            vp = knowledge_vp(effect, counts)
            s.ledger.add(seat, vp, "knowledge", f"knowledge #{number} at the end of the game")


def winners(s: CobState) -> list[int]:
    if s.solo:
        e = s.estates[0]
        return [0] if e.filled == e.board.full else []
    order = [s.ids.index(p) for p in turn_order(s.track)]
    standings = [Standing(s.ids[seat], s.ledger.totals[seat], empty_count(e.board, e.filled), order.index(seat))
                 for seat, e in enumerate(s.estates)]
    first = ranking(standings, s.cat.economy.tie_break)[0]
    return [s.ids.index(p) for p in first]
