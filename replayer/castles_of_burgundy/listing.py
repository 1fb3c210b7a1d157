"""Every move the engine accepts in a position (the conformance suite holds the two together), and
the odds of each outcome chance decides (for random play)."""
from __future__ import annotations

import itertools

from .answers import (EXTRA, discards, numbered_tiles, purchase_moves, ship_choice, spaces_for, waits_for_purchase,
                      workers_needed)
from .depots import BLACK_SUPPLY, GOODS_POOL, ring_neighbours, solo_hex_to_remove
from .state import (BLACK_TILE, GOODS_TYPES, CobState, Estate, ExtraAction, PlaceBlack, SellAny,
                    ShipGoods, Step, TakeTile, TradeOffer)


def _die_moves(s: CobState, seat: int, e: Estate, values, extra: bool) -> list[dict]:
    pid = s.ids[seat]
    out: list[dict] = []
    step = e.worker_step

    def cost(v, wanted, free):
        return 0 if extra else workers_needed(v, wanted, step, free)

    for v in values:
        die = EXTRA if extra else v
        out.append({"type": "workers", "player": pid, "die": die})
        for depot, tile in numbered_tiles(s):
            c = cost(v, depot, e.free_take)
            if c <= e.workers:
                out += discards(s, e, {"type": "take", "player": pid, "die": die, "workers": c, "depot": depot, "tile": tile})
        for tile in sorted(set(e.storage)):
            for i in spaces_for(s, e, tile):
                space = e.board.spaces[i]
                free = 0 if tile == BLACK_TILE else e.free_place.get(space.colour, 0)
                c = cost(v, space.die, free)
                if c <= e.workers:
                    out.append({"type": "place", "player": pid, "die": die, "workers": c, "tile": tile, "space": space.id})
        for t in GOODS_TYPES:
            if e.goods[t]:
                c = cost(v, t, 0)
                if c <= e.workers:
                    out.append({"type": "sell", "player": pid, "die": die, "workers": c, "goods": t})
    return out


def _decision_moves(s: CobState, seat: int, e: Estate, d) -> list[dict]:
    pid = s.ids[seat]
    if isinstance(d, ExtraAction):
        out = _die_moves(s, seat, e, [1], extra=True)
        if d.optional:
            out.append({"type": "pass", "player": pid})
        return out
    if isinstance(d, ShipGoods):
        depots = ring_neighbours(s.cat, d.adjacent_to) if d.adjacent_to else range(1, 7)
        out = []
        for depot in depots:
            on = {t for t in GOODS_TYPES if s.depot_goods[depot][t]}
            forced, choice, free = ship_choice(s, e, on)
            for new in itertools.combinations(sorted(choice), min(free, len(choice))):
                out.append({"type": "goods", "player": pid, "depot": depot, "types": sorted(forced | set(new))})
        return out
    if isinstance(d, SellAny):
        return [{"type": "sell", "player": pid, "goods": t} for t in GOODS_TYPES if e.goods[t]]
    if isinstance(d, TradeOffer):
        need = s.cat.solo.goods_for_black_tile
        held = [t for t in GOODS_TYPES for _ in range(e.goods[t])]
        out = []
        for combo in sorted(set(itertools.combinations(held, need))):
            goods = {str(t): combo.count(t) for t in sorted(set(combo))}
            for tile in sorted(set(s.black)):
                out += discards(s, e, {"type": "trade", "player": pid, "goods": goods, "tile": tile})
        return out + [{"type": "pass", "player": pid}]
    if isinstance(d, TakeTile):
        out = []
        for depot, tile in numbered_tiles(s):
            if s.cat.hex_kinds[tile].colour in d.colours:
                out += discards(s, e, {"type": "take", "player": pid, "depot": depot, "tile": tile})
        return out
    tiles = sorted(set(s.black)) if isinstance(d, PlaceBlack) else sorted(set(e.storage))
    out = [{"type": "place", "player": pid, "tile": t, "space": e.board.spaces[i].id}
           for t in tiles for i in spaces_for(s, e, t)]
    if waits_for_purchase(s, seat, d):
        out.append({"type": "pass", "player": pid})
    return out


def _free_moves(s: CobState, seat: int, e: Estate) -> list[dict]:
    """The purchase, the Solo trade and VP purchase, the end of the turn."""
    pid = s.ids[seat]
    out = purchase_moves(s, seat, e)
    if s.solo:
        out += [{"type": "buy_vp", "player": pid, "vp": vp} for vp in range(1, e.silverlings // s.cat.solo.silverlings_per_vp + 1)]
    if not s.unused:
        out.append({"type": "end", "player": pid})
    return out


def legal_moves(s: CobState) -> list[dict]:
    if s.step != Step.TURN:
        return [move for move, _odds in chance_outcomes(s)]
    seat = s.current
    e = s.estates[seat]
    top = s.stack.top()
    if top is not None:
        inside = purchase_moves(s, seat, e) if s.cat.economy.purchase_during_action else []
        return _decision_moves(s, seat, e, top) + inside
    return _die_moves(s, seat, e, sorted(set(s.unused)), extra=False) + _free_moves(s, seat, e)


def chance_outcomes(s: CobState) -> list[tuple[dict, float]]:
    """At a step chance decides (a depot's tiles, a black-depot tile, a player's dice, the white
    die and the goods tile): each possible move with its odds. Tiles are drawn unseen without
    replacement (a depot's spaces one after another from the pool of its colour), goods tiles by
    how many of each are left, dice uniformly."""
    step = s.step
    if step == Step.DEPOTS:
        spaces = s.depot_spaces[s.next_depot]
        left = {colour: {k: v for k, v in s.pools[colour.value].unaccounted.items()
                         if v > 0 and s.cat.hex_kinds[k].colour is colour} for _sp, colour in spaces}
        out = []
        for combo in itertools.product(*(sorted(left[colour]) for _sp, colour in spaces)):
            pools = {colour: dict(kinds) for colour, kinds in left.items()}
            odds = 1.0
            for (_sp, colour), k in zip(spaces, combo):
                pool = pools[colour]
                if not pool[k]:  # more of a kind than the supply still holds
                    break
                odds *= pool[k] / sum(pool.values())
                pool[k] -= 1
            else:
                out.append(({"type": "depot", "depot": s.next_depot, "tiles": list(combo)}, odds))
        return out
    if step == Step.BLACK:
        return [({"type": "black", "tile": k}, v) for k, v in sorted(s.pools[BLACK_SUPPLY].unaccounted.items()) if v > 0]
    if step == Step.ROLL:
        pid = s.ids[s.order[s.index]]
        return [({"type": "roll", "player": pid, "dice": [a, b]}, 1.0) for a in range(1, 7) for b in range(1, 7)]
    if step == Step.WHITE:
        goods = sorted((k, v) for k, v in s.pools[GOODS_POOL].unaccounted.items() if v > 0)
        out = []
        for w in range(1, 7):
            removed = {}
            if s.solo:
                space = solo_hex_to_remove(s.cat, w, [sp for sp, t in s.depots.items() if t is not None])
                removed = {"removed": s.depots[space] if space else None}
            out += [({"type": "white", "white": w, "goods": int(g), **removed}, v) for g, v in goods]
        return out
    return []
