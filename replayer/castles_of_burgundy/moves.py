"""Applying each move: :func:`apply` checks that the step expects the move's type, then hands a
chance move to :mod:`.rounds` and a player's move to its handler here, which checks every rule
before it changes anything (the Game contract); what follows a placement runs in :mod:`.tile_effects`."""
from __future__ import annotations

from ..core.errors import IllegalMove
from . import rounds
from .answers import EXTRA, answerable, placeable_reason, ship_choice, waits_for_purchase, workers_needed
from .geometry import Colour
from .depots import ring_neighbours
from .render import describe_decision
from .scoring import sale_vp
from .state import (BLACK_TILE, GOODS_TYPES, CobState, Estate, ExtraAction, PlaceAnyDie, PlaceBlack, SellAny,
                    ShipGoods, Step, TakeTile, TradeOffer)
from .tile_effects import gain, place

#: the move type that answers each pending decision (an extra action: any die action, with "die": "extra")
ANSWERED_BY = {ShipGoods: "goods", SellAny: "sell", TakeTile: "take", PlaceAnyDie: "place", PlaceBlack: "place",
               TradeOffer: "trade"}


# -- helpers -------------------------------------------------------------------------------------

def die_kind(s: CobState, move: dict):
    """What the move's ``die`` field stands for: an int (a rolled die), EXTRA, or None (an effect's
    action). Checks the die against the pending decision and the dice not used yet.

    :raises IllegalMove: COB.TURN.PENDING, COB.DIE.FIELD, COB.DIE.NOT_ROLLED.
    """
    die = move.get("die")
    top = s.stack.top()
    t = move["type"]
    if top is not None and not isinstance(top, ExtraAction) and ANSWERED_BY[type(top)] != t:
        raise IllegalMove("COB.TURN.PENDING", f"{describe_decision(top)} comes first", "/type")
    if die is None:
        if top is None or isinstance(top, ExtraAction):
            raise IllegalMove("COB.DIE.FIELD", f"a {t!r} die action names the die it uses", "/die")
        return None
    if top is not None and not isinstance(top, ExtraAction):
        raise IllegalMove("COB.DIE.FIELD", f"this {t!r} answers {describe_decision(top)}: it names no die", "/die")
    if die == EXTRA:
        if top is None:
            raise IllegalMove("COB.DIE.NOT_ROLLED", "no extra die action is due (a castle or the Solo target gives one)",
                              "/die")
        return EXTRA
    if isinstance(top, ExtraAction):
        raise IllegalMove("COB.TURN.PENDING", f"the extra die action ({top.why}) comes first: write \"die\": \"extra\"",
                          "/die")
    if die not in s.unused:
        have = ", ".join(map(str, s.unused)) or "none"
        raise IllegalMove("COB.DIE.NOT_ROLLED", f"no unused die shows {die} (unused dice: {have})", "/die")
    return die


def check_workers(e: Estate, move: dict, kind, wanted: int, free: int) -> int:
    """The workers the die change needs, checked against those written and held.

    :raises IllegalMove: COB.DIE.WORKERS, COB.DIE.NOT_ENOUGH_WORKERS.
    """
    written = move.get("workers", 0)
    need = 0 if kind == EXTRA else workers_needed(kind, wanted, e.worker_step, free)
    if written != need:
        if kind == EXTRA:
            raise IllegalMove("COB.DIE.WORKERS", "an extra action's die shows any number: it needs no workers", "/workers")
        if kind == wanted:  # no change: the die used as rolled
            raise IllegalMove("COB.DIE.WORKERS", f"the {kind} is used as rolled: that takes no workers, not {written}; "
                                                 f"write 'workers' 0",
                              "/workers")
        raise IllegalMove("COB.DIE.WORKERS", f"turning the {kind} into a {wanted} takes {need} worker"
                                             f"{'s' if need != 1 else ''}, not {written}", "/workers")
    if need > e.workers:
        held = f"{e.workers} worker tile is" if e.workers == 1 else f"{e.workers} worker tiles are"
        raise IllegalMove("COB.DIE.NOT_ENOUGH_WORKERS", f"turning the {kind} into a {wanted} needs {need} workers; "
                                                        f"only {held} held: use the die as rolled, or another action",
                          "/workers")
    return need


def use_die(s: CobState, e: Estate, kind, workers: int) -> None:
    """Spend the die (an effect's action or an extra action: its pending decision) and the workers."""
    if kind is None or kind == EXTRA:
        s.stack.pop()
    else:
        s.unused.remove(kind)
    e.workers -= workers


def check_storage(s: CobState, e: Estate, move: dict) -> None:
    """:raises IllegalMove: COB.STORAGE.DISCARD."""
    discard = move.get("discard")
    capacity = s.cat.economy.storage_spaces
    if len(e.storage) < capacity:
        if discard is not None:
            raise IllegalMove("COB.STORAGE.DISCARD", f"a storage space is free ({len(e.storage)} of {capacity} used): "
                                                     f"nothing is discarded", "/discard")
    elif discard is None:
        raise IllegalMove("COB.STORAGE.DISCARD", f"all {capacity} storage spaces are full: name the stored tile to "
                                                 f"discard (\"discard\")", "/discard")
    elif discard not in e.storage:
        raise IllegalMove("COB.STORAGE.DISCARD", f"{discard!r} is not in storage ({', '.join(e.storage)})", "/discard")


def store(s: CobState, e: Estate, tile: str, discard: str | None) -> None:
    if discard is not None:
        e.storage.remove(discard)
    e.storage.append(tile)


def depot_space_with(s: CobState, depot: int, tile: str) -> str | None:
    for space, _colour in s.depot_spaces[depot]:
        if s.depots.get(space) == tile:
            return space
    return None


def settle(s: CobState, seat: int, after: list | tuple = ()) -> None:
    """Push the decisions a move caused (``after``, first answered first); pending decisions with no
    possible answer are skipped ("When an effect is impossible ... it is skipped")."""
    s.stack.push_all(after)
    while s.stack and not answerable(s, seat, s.stack.top()):
        s.stack.pop()


# -- the moves -----------------------------------------------------------------------------------

def take(s: CobState, seat: int, move: dict) -> None:
    e = s.estates[seat]
    kind = die_kind(s, move)
    tile, depot = move["tile"], move["depot"]
    if kind is None:  # a building's take effect (die_kind: the decision pending is a TakeTile)
        decision = s.stack.top()
        colour = s.cat.hex_kinds[tile].colour if tile in s.cat.hex_kinds else None
        if colour not in decision.colours:
            raise IllegalMove("COB.TAKE.COLOUR", f"the {decision.building} takes a "
                                                 f"{' or '.join(c.value for c in decision.colours)} tile, not {tile!r}", "/tile")
    space = depot_space_with(s, depot, tile)
    if space is None:
        held = [s.depots[sp] for sp, _c in s.depot_spaces[depot] if s.depots.get(sp)]
        raise IllegalMove("COB.TAKE.NO_TILE", f"depot {depot} holds no {tile!r} ({', '.join(held) or 'it is empty'})", "/tile")
    workers = check_workers(e, move, kind, depot, e.free_take) if kind is not None else 0
    check_storage(s, e, move)
    use_die(s, e, kind, workers)
    s.depots[space] = None
    store(s, e, tile, move.get("discard"))
    settle(s, seat)


def place_move(s: CobState, seat: int, move: dict) -> None:
    e = s.estates[seat]
    kind = die_kind(s, move)
    tile = move["tile"]
    # without a die: the city hall or the Solo colour bonus (die_kind: the decision pending answers to 'place')
    from_black = kind is None and isinstance(s.stack.top(), PlaceBlack)
    if from_black:
        if tile not in s.black:
            raise IllegalMove("COB.PLACE.NOT_STORED", f"the black depot holds no {tile!r} "
                                                      f"({', '.join(s.black) or 'it is empty'})", "/tile")
    elif tile not in e.storage:
        raise IllegalMove("COB.PLACE.NOT_STORED", f"{tile!r} is not in storage ({', '.join(e.storage) or 'it is empty'})",
                          "/tile")
    index = e.board.index.get(move["space"])
    if index is None:
        names = list(e.board.index)
        numbers = sorted(int(n) for n in names if str(n).isdigit())
        spaces = f"{numbers[0]}-{numbers[-1]}" if numbers and len(numbers) == len(names) else ", ".join(map(str, names))
        raise IllegalMove("COB.PLACE.NO_SPACE", f"the estate has no space {move['space']!r}: its spaces are {spaces}",
                          "/space")
    why = placeable_reason(s, e, tile, index)
    if why is not None:
        raise IllegalMove(why[0], why[1], "/space")
    space = e.board.spaces[index]
    free = 0 if tile == BLACK_TILE else e.free_place.get(space.colour, 0)
    workers = check_workers(e, move, kind, space.die, free) if kind is not None else 0
    use_die(s, e, kind, workers)
    if from_black:
        s.black.remove(tile)
    else:
        e.storage.remove(tile)  # the flag: set by place
    after: list = []
    place(s, seat, tile, index, after)
    settle(s, seat, after)


def sale(s: CobState, seat: int, goods_type: int, after: list) -> None:
    e = s.estates[seat]
    tiles = e.goods[goods_type]
    econ = s.cat.economy
    e.goods[goods_type] = 0
    e.sold[goods_type] += tiles
    e.silverlings += max(econ.sale_silverlings, e.sale_silverlings)
    e.workers += e.sale_workers
    gain(s, seat, sale_vp(s.cat, tiles, s.n), "sale", f"sells {tiles} goods tile{'s' if tiles != 1 else ''} of type {goods_type}",
         after)


def sell(s: CobState, seat: int, move: dict) -> None:
    e = s.estates[seat]
    kind = die_kind(s, move)  # without a die: the warehouse
    goods_type = move["goods"]
    if not e.goods[goods_type]:
        held = ", ".join(str(t) for t in GOODS_TYPES if e.goods[t]) or "none"
        raise IllegalMove("COB.SELL.NO_GOODS", f"{s.ids[seat]} holds no goods of type {goods_type}: sell one of "
                                              f"the types held ({held})", "/goods")
    workers = check_workers(e, move, kind, goods_type, 0) if kind is not None else 0
    use_die(s, e, kind, workers)
    after: list = []
    sale(s, seat, goods_type, after)
    settle(s, seat, after)


def take_workers(s: CobState, seat: int, move: dict) -> None:
    e = s.estates[seat]
    kind = die_kind(s, move)
    use_die(s, e, kind, 0)
    e.workers += max(s.cat.economy.take_workers, e.take_workers_count)
    e.silverlings += e.take_workers_silverlings
    settle(s, seat)


def _no_pending(s: CobState, what: str) -> None:
    top = s.stack.top()
    if top is not None:
        raise IllegalMove("COB.TURN.PENDING", f"{describe_decision(top)} comes before {what}", "/type")


def buy(s: CobState, seat: int, move: dict) -> None:
    """The once-per-turn purchase; in an edition that allows it (2019) also while an action's effect is
    pending, which it leaves pending.

    :raises IllegalMove: COB.TURN.PENDING, COB.BUY.*, COB.STORAGE.DISCARD.
    """
    e = s.estates[seat]
    if not s.cat.economy.purchase_during_action:
        _no_pending(s, "a purchase")
    if s.bought:
        raise IllegalMove("COB.BUY.TWICE", f"{s.ids[seat]} already bought a tile this turn (once per turn)", "/type")
    tile, depot = move["tile"], move.get("depot")
    workers = move.get("workers", 0)
    price = s.cat.economy.black_purchase_silverlings
    building_deal = False
    if depot is not None:
        kind = s.cat.hex_kinds.get(tile)
        building_deal = bool(e.building_for_workers) and kind is not None and kind.colour is Colour.BUILDING \
            and workers == e.building_for_workers
        if not e.buy_numbered and not building_deal:
            raise IllegalMove("COB.BUY.DEPOT", f"a purchase comes from the black depot; depot {depot} needs "
                                               f"knowledge #6", "/depot")
        space = depot_space_with(s, depot, tile)
        if space is None:
            raise IllegalMove("COB.BUY.NO_TILE", f"depot {depot} holds no {tile!r}", "/tile")
    elif tile not in s.black:
        raise IllegalMove("COB.BUY.NO_TILE", f"the black depot holds no {tile!r} ({', '.join(s.black) or 'it is empty'})",
                          "/tile")
    if building_deal:
        silverlings = 0
    else:
        if workers and not e.workers_pay:
            raise IllegalMove("COB.BUY.SILVERLINGS", "a purchase is paid in silverlings (workers pay only with the "
                                                     "2019 knowledge #6)", "/workers")
        if workers > price:
            raise IllegalMove("COB.BUY.SILVERLINGS", f"the purchase costs {price}: at most {price} workers pay for it",
                              "/workers")
        silverlings = price - workers
    if silverlings > e.silverlings or workers > e.workers:
        cost = _count(silverlings, "silverling") + (f" and {_count(workers, 'worker')}" if workers else "")
        held = _count(e.silverlings, "silverling") + (f" and {_count(e.workers, 'worker')}" if workers else "")
        raise IllegalMove("COB.BUY.SILVERLINGS", f"this purchase costs {cost}; {s.ids[seat]} has only {held}, so no "
                                                 f"tile can be bought now (write another move, or 'buy' once "
                                                 f"{s.ids[seat]} has {price} silverlings)", "/tile")
    check_storage(s, e, move)
    s.bought = True
    e.silverlings -= silverlings
    e.workers -= workers
    if depot is not None:
        s.depots[depot_space_with(s, depot, tile)] = None
    else:
        s.black.remove(tile)
    store(s, e, tile, move.get("discard"))
    settle(s, seat)  # inside an action (2019) the tile bought may leave the pending effect nothing to do


def ship_goods(s: CobState, seat: int, move: dict) -> None:
    e = s.estates[seat]
    decision = s.stack.top()
    if not isinstance(decision, ShipGoods):
        raise IllegalMove("COB.TURN.PENDING" if decision else "COB.TURN.WRONG_STEP",
                          f"{describe_decision(decision)} comes first" if decision
                          else "no ship is waiting for its goods: a placed ship takes the goods of one depot in the "
                               "one 'goods' move written right after it (its 'place' move), and that has been written "
                               "or there was no ship", "/type")
    depot = move["depot"]
    if decision.adjacent_to and depot not in ring_neighbours(s.cat, decision.adjacent_to):
        raise IllegalMove("COB.SHIP.DEPOT", f"knowledge #5 takes the goods of a depot next to depot "
                                            f"{decision.adjacent_to} ({' or '.join(map(str, ring_neighbours(s.cat, decision.adjacent_to)))}), "
                                            f"not depot {depot}", "/depot")
    on_depot = {t for t in GOODS_TYPES if s.depot_goods[depot][t]}
    taken = set(move["types"])
    forced, choice, free = ship_choice(s, e, on_depot)
    if not taken <= on_depot:
        raise IllegalMove("COB.SHIP.GOODS", f"depot {depot} holds no goods of type "
                                            f"{', '.join(map(str, sorted(taken - on_depot)))}", "/types")
    new = taken - forced
    if not forced <= taken:
        raise IllegalMove("COB.SHIP.GOODS", f"the goods of types already held ({', '.join(map(str, sorted(forced)))}) "
                                            f"are taken too", "/types")
    if len(new) != min(free, len(choice)):
        fit = min(free, len(choice))
        pid = s.ids[seat]
        held = sorted(t for t in GOODS_TYPES if e.goods[t])
        if free >= 99:
            room = "the Solo game takes every type of the depot"
        elif free == 0:
            room = f"{pid}'s goods storage is full (types {', '.join(map(str, held))}): no new type fits"
        else:
            room = (f"{pid}'s storage has room for {_count(free, 'new type')}"
                    + (f" (it holds types {', '.join(map(str, held))})" if held else ""))
        kept = f"types {', '.join(map(str, sorted(forced)))} already held" if forced else "no type already held"
        if not choice:
            new_words = "no new type"
        elif fit == 0:
            new_words = f"none of the new types ({', '.join(map(str, sorted(choice)))})"
        else:
            new_words = f"{fit} of the new types {', '.join(map(str, sorted(choice)))}"
        raise IllegalMove("COB.SHIP.GOODS", f"{room}; from depot {depot} the ship takes {kept} and {new_words}, "
                                            f"not {_count(len(new), 'new type')}", "/types")
    s.stack.pop()
    for t in taken:
        e.goods[t] += s.depot_goods[depot][t]
        s.depot_goods[depot][t] = 0
    if e.ship_adjacent and not decision.adjacent_to:
        s.stack.push(ShipGoods(adjacent_to=depot, clear_after=s.solo))
    elif decision.clear_after:  # Solo: "then immediately remove all other goods from all other depots"
        s.depot_goods = [[0] * 7 for _ in range(7)]
        s.stack.push(TradeOffer())  # "In addition, you now (and only now!) have the option to exchange"
    settle(s, seat)


def trade(s: CobState, seat: int, move: dict) -> None:
    if not s.solo:
        raise IllegalMove("COB.SOLO.ONLY", "goods are traded for a black-depot tile only in the Solo game", "/type")
    top = s.stack.top()
    if not isinstance(top, TradeOffer):
        _no_pending(s, "a trade")
        need, total = s.cat.solo.goods_for_black_tile, s.estates[seat].goods_total()
        raise IllegalMove("COB.SOLO.TRADE", f"no trade is open: {need} goods buy a black-depot tile only right after "
                                            f"a ship took its goods (\"now (and only now!)\"), and only when the player "
                                            f"then holds at least {need} goods and the black depot a tile; "
                                            f"{s.ids[seat]} holds {total} goods and the black depot "
                                            f"{_count(len(s.black), 'tile')}", "/type")
    e = s.estates[seat]
    given = {int(k): v for k, v in move["goods"].items()}
    total = sum(given.values())
    need = s.cat.solo.goods_for_black_tile
    if total != need:
        raise IllegalMove("COB.SOLO.TRADE", f"a black-depot tile costs exactly {need} goods tiles, not {total}", "/goods")
    for t, count in sorted(given.items()):
        if count > e.goods[t]:
            raise IllegalMove("COB.SOLO.TRADE", f"{s.ids[seat]} holds {e.goods[t]} goods of type {t}, not {count}",
                              f"/goods/{t}")
    tile = move["tile"]
    if tile not in s.black:
        raise IllegalMove("COB.BUY.NO_TILE", f"the black depot holds no {tile!r} ({', '.join(s.black) or 'it is empty'})",
                          "/tile")
    check_storage(s, e, move)
    s.stack.pop()
    for t, count in given.items():
        e.goods[t] -= count
    s.black.remove(tile)
    store(s, e, BLACK_TILE, move.get("discard"))  # "Place that tile face down"
    settle(s, seat)


def _count(n: int, noun: str) -> str:
    """``1 silverling``, ``2 silverlings``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def buy_vp(s: CobState, seat: int, move: dict) -> None:
    if not s.solo:
        raise IllegalMove("COB.SOLO.ONLY", "victory points are bought only in the Solo game", "/type")
    _no_pending(s, "buying victory points")
    e = s.estates[seat]
    vp = move["vp"]
    price = vp * s.cat.solo.silverlings_per_vp
    if price > e.silverlings:
        raise IllegalMove("COB.SOLO.VP", f"{vp} VP cost {price} silverlings; {s.ids[seat]} has {e.silverlings}", "/vp")
    e.silverlings -= price
    after: list = []
    gain(s, seat, vp, "bought", f"buys {vp} VP for {price} silverlings", after)
    settle(s, seat, after)


def decline(s: CobState, seat: int, move: dict) -> None:
    """``pass``: decline the Solo target's die action, the Solo ship's trade, or a city hall that only a
    purchase could feed (2019).

    :raises IllegalMove: COB.EXTRA.NOT_OPTIONAL.
    """
    top = s.stack.top()
    if not (isinstance(top, ExtraAction) and top.optional or isinstance(top, TradeOffer)
            or waits_for_purchase(s, seat, top)):
        what = f"{describe_decision(top)} is pending and must be answered" if top is not None else \
            "nothing is pending, so there is nothing to decline"
        raise IllegalMove("COB.EXTRA.NOT_OPTIONAL", f"only the Solo target's die action, the Solo ship's trade and a "
                                                    f"city hall that only a purchase could feed may be declined "
                                                    f"('pass'); {what}", "/type")
    s.stack.pop()
    settle(s, seat)


def end_turn(s: CobState, seat: int, move: dict) -> None:
    _no_pending(s, "the end of the turn")
    if s.unused:
        raise IllegalMove("COB.TURN.DICE_LEFT", f"the die showing {s.unused[0]} is not used yet: each die is used for "
                                                f"one action", "/type")
    rounds.end_turn(s)


HANDLERS = {"take": take, "place": place_move, "sell": sell, "workers": take_workers, "buy": buy, "goods": ship_goods,
            "trade": trade, "buy_vp": buy_vp, "pass": decline, "end": end_turn}


# -- the dispatch --------------------------------------------------------------------------------

#: the move each step before a player's turn expects, and its handler
_CHANCE = {Step.DEPOTS: ("depot", rounds.reveal_depot), Step.BLACK: ("black", rounds.reveal_black),
           Step.ROLL: ("roll", rounds.roll), Step.WHITE: ("white", rounds.white)}
_STEP_TEXT = {Step.DEPOTS: "the tiles of depot {depot} turned face up (a 'depot' move)",
              Step.BLACK: "the next black-depot tile turned face up (a 'black' move)",
              Step.ROLL: "{player}'s dice (a 'roll' move)",
              Step.WHITE: "the white die and the round's goods tile (a 'white' move)",
              Step.TURN: "{player}'s turn"}


def apply(s: CobState, move: dict, seat: int | None) -> None:
    """Apply ``move`` by ``seat`` (None for chance): the step must expect its type (a chance move at
    a chance step, a player's move in that player's turn), then its handler checks every rule before
    anything changes.

    :raises IllegalMove: COB.TURN.WRONG_STEP, COB.TURN.NOT_YOUR_TURN and every code of the handlers."""
    t = move["type"]
    step = s.step
    if step == Step.END:
        raise IllegalMove("COB.TURN.WRONG_STEP", "the game is over")
    if step != Step.TURN:
        want, handler = _CHANCE[step]
        if t != want:
            raise IllegalMove("COB.TURN.WRONG_STEP", f"no {t!r} move is possible now: the log must write "
                              + waiting(s), "/type")
        handler(s, seat, move)
        return
    if t in ("depot", "black", "roll", "white"):
        raise IllegalMove("COB.TURN.WRONG_STEP", f"no {t!r} move is possible now: it is {waiting(s)}",
                          "/type")
    if seat != s.current:
        raise IllegalMove("COB.TURN.NOT_YOUR_TURN", f"it is {s.ids[s.current]}'s turn, not {move.get('player')}'s", "/player")
    HANDLERS[t](s, seat, move)


def waiting(s: CobState) -> str:
    """What the log must write next, in words (the chance move or whose turn it is)."""
    player = s.ids[s.order[s.index]] if s.step in (Step.ROLL, Step.TURN) else ""
    return _STEP_TEXT[s.step].format(depot=s.next_depot, player=player)
