"""Where a tile may go, whether a pending decision can be answered now, the purchases possible and
what a ship may take: the checks both the moves (a decision nobody can answer is skipped; a city
hall waiting for a purchase may be declined) and the listing of legal moves need, so that neither
imports the other for them."""
from __future__ import annotations

from typing import NamedTuple

from .geometry import Colour, placeable_spaces
from .state import BLACK_TILE, GOODS_TYPES, CobState, Estate, PlaceAnyDie, PlaceBlack, SellAny, TakeTile, TradeOffer

EXTRA = "extra"  #: the die of an extra action (castle, Solo target): any number, no workers
FACES = 6


class ShipChoice(NamedTuple):
    """The goods types a ship may take from one depot."""

    forced: set  #: types already held: always taken
    choice: set  #: new types on the depot: taken as far as free goods spaces allow
    free: int  #: how many new types fit (99 in the Solo game: no limit on types)


def workers_needed(rolled: int, wanted: int, step: int = 1, free: int = 0) -> int:
    """Worker tiles to turn ``rolled`` into ``wanted`` when each worker moves up to ``step`` pips and
    ``free`` pips come without a worker. Supplement 6.1: "Each worker changes that die by +-1, and the
    numbers wrap around (6 -> 1 and 1 -> 6)"; several workers may go on one die; knowledge #8 lets each
    worker move the die by up to 2, and #9-#12 give a free +-1 for some actions, so the cost is
    ``ceil(max(0, d - free) / step)`` for the wrapped distance ``d``. Workers never change the white die."""
    d = abs(rolled - wanted)
    rest = max(0, min(d, FACES - d) - free)
    return -(-rest // step)


def placeable_reason(s: CobState, e: Estate, tile: str, index: int) -> tuple[str, str] | None:
    """Why ``tile`` cannot go on space ``index`` (die number aside): (code, sentence), or None."""
    board = e.board
    space = board.spaces[index]
    if e.filled >> index & 1:
        return "COB.PLACE.OCCUPIED", f"space {space.id} is already filled"
    if tile != BLACK_TILE:
        kind = s.cat.hex_kinds[tile]
        if kind.colour is not space.colour:
            return "COB.PLACE.COLOUR", f"a {kind.colour.value} tile cannot go on the {space.colour.value} space {space.id}"
    if not (board.land[index] | board.river[index]) & e.filled:
        how = " by land or across a river" if board.solo else ""
        return "COB.PLACE.NOT_ADJACENT", f"space {space.id} touches no filled space{how}"
    if tile != BLACK_TILE and not e.same_building:
        building = s.cat.hex_kinds[tile].building
        if building is not None:
            region = board.regions[board.region_of[index]]
            for i in region.spaces:
                other = e.tiles[i]
                if other is not None and other != BLACK_TILE and s.cat.hex_kinds[other].building == building:
                    return "COB.PLACE.SAME_BUILDING", f"the city of space {space.id} already has a {building}"
    return None


def numbered_tiles(s: CobState):
    """(depot, tile kind) for every distinct tile in depots 1-6."""
    for depot in range(1, 7):
        tiles = dict.fromkeys(s.depots.get(space) for space, _colour in s.depot_spaces[depot])  # in order, once
        yield from ((depot, tile) for tile in tiles if tile is not None)


def spaces_for(s: CobState, e: Estate, tile: str):
    """Spaces ``tile`` may go on, die number aside."""
    colour = None if tile == BLACK_TILE else s.cat.hex_kinds[tile].colour
    return [i for i in placeable_spaces(e.board, e.filled, colour) if placeable_reason(s, e, tile, i) is None]


def answerable(s: CobState, seat: int, d) -> bool:
    e = s.estates[seat]
    if isinstance(d, SellAny):
        return e.goods_total() > 0
    if isinstance(d, TakeTile):
        return any(s.cat.hex_kinds[t].colour in d.colours for _d, t in numbered_tiles(s))
    if isinstance(d, PlaceAnyDie):
        return any(spaces_for(s, e, t) for t in set(e.storage)) or waits_for_purchase(s, seat, d)
    if isinstance(d, PlaceBlack):
        return any(spaces_for(s, e, t) for t in set(s.black))
    if isinstance(d, TradeOffer):
        return e.goods_total() >= s.cat.solo.goods_for_black_tile and bool(s.black)
    return True  # an extra action, a ship's goods


def waits_for_purchase(s: CobState, seat: int, d) -> bool:
    """A city hall with no stored tile it can place, in an edition whose purchase may come inside an
    action (2019), while a purchase could bring one: it stays pending and may be declined ('pass')."""
    if not isinstance(d, PlaceAnyDie) or not s.cat.economy.purchase_during_action:
        return False
    e = s.estates[seat]
    if any(spaces_for(s, e, t) for t in set(e.storage)):
        return False
    return any(spaces_for(s, e, m["tile"]) for m in purchase_moves(s, seat, e))


def discards(s: CobState, e: Estate, move: dict) -> list[dict]:
    if len(e.storage) < s.cat.economy.storage_spaces:
        return [move]
    return [{**move, "discard": d} for d in sorted(set(e.storage))]


def purchase_moves(s: CobState, seat: int, e: Estate) -> list[dict]:
    """The once-per-turn purchase, every way it can be made now (tile, depot, payment, discard)."""
    pid = s.ids[seat]
    out: list[dict] = []
    price = s.cat.economy.black_purchase_silverlings
    if not s.bought:
        pays = [w for w in range(0, (price if e.workers_pay else 0) + 1) if price - w <= e.silverlings and w <= e.workers]
        for w in pays:
            base = {"type": "buy", "player": pid, **({"workers": w} if w else {})}
            for tile in sorted(set(s.black)):
                out += discards(s, e, {**base, "tile": tile})
            if e.buy_numbered:
                for depot, tile in numbered_tiles(s):
                    out += discards(s, e, {**base, "depot": depot, "tile": tile})
        n = e.building_for_workers  # the SE's knowledge #6: a building from a numbered depot for n workers
        if n and e.workers >= n:
            for depot, tile in numbered_tiles(s):
                if s.cat.hex_kinds[tile].colour is Colour.BUILDING:
                    out += discards(s, e, {"type": "buy", "player": pid, "workers": n, "depot": depot, "tile": tile})
    return out


def ship_choice(s: CobState, e: Estate, on_depot: set) -> ShipChoice:
    """What a ship may take of the goods types ``on_depot``."""
    held = {t for t in GOODS_TYPES if e.goods[t]}
    forced = on_depot & held
    choice = on_depot - held
    if s.solo:  # "no restriction for the number of different types"
        return ShipChoice(forced, choice, 99)
    return ShipChoice(forced, choice, max(0, s.cat.economy.goods_spaces - len(held)))
