"""What the four die actions, the purchase and the storages give or allow, as pure functions of the
catalog's numbers and the knowledge effects a player has placed.

Sources (supplement sections): die cost 6.1 with knowledge #8-#12; take a tile 6.2 (storage of 3,
discard when full); place a tile 6.3 (the building rule and #1); sell 6.4 (1 silverling per sale
whatever the quantity, #3, #4); take workers 6.5 (2 workers, #13, #14); goods storage and ships 7
(3 goods types; the Solo game has "no restriction for the number of different types").
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from . import dice
from .catalog import Catalog, Effect
from .colours import Colour
from .effects import DieUse, EffectKind
from .scoring import sale_vp


@dataclass(frozen=True, slots=True)
class Reward:
    silverlings: int = 0
    workers: int = 0
    vp: int = 0


def _amounts(effects: Iterable[Effect], kind: EffectKind) -> list[int]:
    return [e.amount for e in effects if e.kind is kind]


def worker_cost(rolled: int, wanted: int, effects: Iterable[Effect], action: DieUse, colour: Colour) -> int:
    """Workers a player with ``effects`` pays to use a die showing ``rolled`` as ``wanted`` to take
    or place (``action``) a tile of ``colour``; the other actions need no number.

    :raises ValueError: a value is not a die number.
    """
    effects = list(effects)
    step = max([1, *_amounts(effects, EffectKind.WORKER_STEP)])
    free = max([0, *(e.amount for e in effects
                     if e.kind is EffectKind.FREE_ADJUST and e.action == action and colour in e.colours)])
    return dice.workers_needed(rolled, wanted, step, free)


def sale_reward(catalog: Catalog, tiles: int, players: int, effects: Iterable[Effect]) -> Reward:
    """Selling all ``tiles`` goods tiles of one type: silverlings (#3 changes the count), workers (#4)
    and VP (players per tile; the Solo reading with ``players=1``).

    :raises ValueError: as :func:`scoring.sale_vp`.
    """
    effects = list(effects)
    silverlings = max([catalog.economy.sale_silverlings, *_amounts(effects, EffectKind.SALE_SILVERLINGS)])
    return Reward(silverlings, sum(_amounts(effects, EffectKind.SALE_WORKERS)), sale_vp(catalog, tiles, players))


def take_workers_reward(catalog: Catalog, effects: Iterable[Effect]) -> Reward:
    """The take-workers action: 2 workers, 4 with #14, plus a silverling with #13."""
    effects = list(effects)
    workers = max([catalog.economy.take_workers, *_amounts(effects, EffectKind.TAKE_WORKERS_COUNT)])
    return Reward(sum(_amounts(effects, EffectKind.TAKE_WORKERS_SILVERLINGS)), workers)


def building_allowed(city: Collection[str], building: str, effects: Iterable[Effect]) -> bool:
    """Whether ``building`` may join a city that already holds the buildings ``city``: not a second
    one of its type, unless the player has knowledge #1."""
    if building not in city:
        return True
    return any(e.kind is EffectKind.SAME_BUILDING_IN_CITY for e in effects)


def storage_after_take(stored: tuple[str, ...], tile: str, capacity: int, discard: str | None = None) -> tuple[str, ...]:
    """The tile storage after taking ``tile``: a full storage first discards one tile already stored.

    :raises ValueError: a discard is missing when full, given when not full, or names no stored tile.
    """
    if len(stored) < capacity:
        if discard is not None:
            raise ValueError("a tile is discarded only when all storage spaces are full")
        return (*stored, tile)
    if discard is None:
        raise ValueError(f"all {capacity} storage spaces are full: discard one stored tile first")
    if discard not in stored:
        raise ValueError(f"{discard!r} is not in storage")
    rest = list(stored)
    rest.remove(discard)
    return (*rest, tile)


def ship_take(held: Mapping[int, int], depot: Mapping[int, int], new_types: Collection[int],
              limit: int | None) -> dict[int, int]:
    """The goods held after a ship takes the goods of one depot.

    Types already held are always taken; ``new_types`` are the other types the player takes, all
    tiles of each. With a type ``limit`` (3 spaces; ``None`` in the Solo game) the player may not
    exceed it nor leave a type behind while a space is free (supplement 7, its "safest model").

    :raises ValueError: a chosen type is not on the depot or already held, the choice overfills the
        storage, or leaves a storable type behind.
    """
    on_depot = {d for d, n in depot.items() if n > 0}
    holding = {d for d, n in held.items() if n > 0}
    chosen = set(new_types)
    wrong = sorted(chosen - (on_depot - holding))
    if wrong:
        raise ValueError(f"goods types {wrong} are not new types lying on that depot")
    if limit is None:
        if chosen != on_depot - holding:
            raise ValueError("without a limit on goods types the ship takes every goods tile of the depot")
    else:
        free = max(0, limit - len(holding))
        if len(chosen) > free:
            raise ValueError(f"only {free} goods storage space(s) are free, not {len(chosen)}")
        if len(chosen) < min(free, len(on_depot - holding)):
            raise ValueError("a free goods storage space is left while a goods type stays on the depot")
    taken = (on_depot & holding) | chosen
    out = {d: held.get(d, 0) + (depot.get(d, 0) if d in taken else 0) for d in holding | taken}
    return {d: n for d, n in sorted(out.items()) if n}
