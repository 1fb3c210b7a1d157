"""The position in words: one line (``describe``, for messages and ``ludolog next``) and a few lines
with the depots and every estate's tiles (``render``); a pending decision in words (also for the
moves' messages)."""
from __future__ import annotations

from .geometry import empty_count
from .state import GOODS_TYPES, CobState, ExtraAction, PlaceAnyDie, SellAny, ShipGoods, Step, TakeTile, TradeOffer


def describe_decision(d) -> str:
    """A pending decision in words, with the move that answers it (for messages and :func:`describe`)."""
    if isinstance(d, ExtraAction):
        return "the castle's extra die action" if d.why == "castle" else "the die action of the Solo target"
    if isinstance(d, ShipGoods):
        return "the ship's goods (a 'goods' move)" if not d.adjacent_to else \
            f"knowledge #5: the goods of a depot next to depot {d.adjacent_to} (a 'goods' move)"
    if isinstance(d, SellAny):
        return "the warehouse's sale (a 'sell' move without a die)"
    if isinstance(d, TakeTile):
        return f"the {d.building or 'building'}'s tile ('take' without a die: {'/'.join(c.value for c in d.colours)})"
    if isinstance(d, PlaceAnyDie):
        return "the city hall's placement (a 'place' without a die)"
    if isinstance(d, TradeOffer):
        return "the Solo ship's trade of 5 goods for a black-depot tile ('trade', or 'pass')"
    return "the Solo colour bonus: a black-depot tile placed at once (a 'place' without a die)"


def describe(s: CobState) -> str:
    """The position in one line: phase, round and step, who acts with which dice and what is pending,
    and each player's VP, silverlings, workers, goods, storage and spaces filled."""
    cat = s.cat
    parts = [f"phase {cat.phases[min(s.phase, len(cat.phases) - 1)]} round {s.round + 1} {s.step.name.lower()}"]
    if s.step == Step.TURN:
        dice = " and ".join(map(str, s.unused)) or "all used"
        parts.append(f"{s.ids[s.current]} to act, dice {dice}"
                     + (f", pending {describe_decision(s.stack.top())}" if s.stack else ""))
    for seat, e in enumerate(s.estates):
        goods = "".join(str(t) * e.goods[t] for t in GOODS_TYPES) or "-"
        parts.append(f"{s.ids[seat]}: {s.ledger.totals[seat]}VP {e.silverlings}s {e.workers}w goods {goods} "
                     f"storage {','.join(e.storage) or '-'} {e.filled.bit_count()}/{len(e.board.spaces)} filled"
                     + (f" counter {e.counter}/{e.target}" if s.solo else ""))
    return "; ".join(parts)


def render(s: CobState) -> str:
    """:func:`describe`, then the depots, the black depot and every tile of each estate, a line each."""
    lines = [describe(s)]
    for d in range(1, 7):
        tiles = [s.depots.get(sp) or "-" for sp, _c in s.depot_spaces[d]] if s.depot_spaces else []
        goods = "".join(str(t) * s.depot_goods[d][t] for t in GOODS_TYPES) or "-"
        lines.append(f"  depot {d}: {' '.join(tiles)} | goods {goods}")
    lines.append(f"  black depot: {' '.join(s.black) or '-'}")
    for seat, e in enumerate(s.estates):
        placed = ", ".join(f"{e.board.spaces[i].id}={tile}" for i, tile in enumerate(e.tiles) if tile)
        lines.append(f"  {s.ids[seat]} ({empty_count(e.board, e.filled)} empty): {placed}")
    return "\n".join(lines)
