"""The position before the first move: set-up as recorded, checked against the catalog's table for
the player count, and a random set-up as a table records it.

Set-up (log ``setup``): home tiles in seat order (the lowest number starts: "The player who
received the lowest numbered home tile takes the purple start player worker"), turn-order tiles
with their sides, the winter tiles dealt (``"?"`` where unseen) and the eight starting workers of
each player (colour -> n, ``"?"`` for workers drawn behind the screen).

Rulebook set-up: "Each player receives a home tile at random"; "The number of boat tiles used is
equal to the number of players" (each "marked on the initial face up side to indicate in which
games it is used"); the turn-order tiles "with the side marked for the number of players in the
game face up"; the spring tiles laid out (6, 7, 8, 9 or 10 for 2-6 players); "each player receives
two or three face-down winter tiles"; "Each player draws eight workers at random". Summer and
autumn tiles are drawn the same way at the start of their season; the summer boats' side "is
chosen at random when the summer tiles are introduced". In winter "each player selects one or
more of the winter tiles that they received".

A winter tile dealt face down may be recorded as unknown (``None``) until it is played.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.components import UNKNOWN, HiddenPool
from ..core.errors import IllegalMove, SetupProblems
from ..core.ledger import Ledger
from .catalog import COLOURS, Catalog, Season, TileGroup
from .geometry import HOME, PlacedTile, Village
from .rules import refuse
from .seasons import first_start_player, open_season
from .state import COLOUR_INDEX, KFState, Player


def check_home_tiles(cat: Catalog, players: int, homes: Sequence[str]) -> None:
    """:raises IllegalMove: KEY.SETUP.HOMES unless each player has a different home tile."""
    pc = cat.setup(players)
    if len(homes) != pc.home_tiles:
        raise refuse("KEY.SETUP.HOMES", f"{players} players receive {pc.home_tiles} home tiles, not {len(homes)}")
    for h in homes:
        if h not in cat.tiles or cat.tiles[h].group is not TileGroup.HOME:
            raise refuse("KEY.SETUP.HOMES", f"{h!r} is not a home tile ({', '.join(cat.home_ids)})")
    if len(set(homes)) != len(homes):
        raise refuse("KEY.SETUP.HOMES", f"two players cannot receive the same home tile ({', '.join(homes)} written; "
                     f"the home tiles are {', '.join(cat.home_ids)})")


def check_boats(cat: Catalog, players: int, boats: Sequence[str]) -> None:
    """:raises IllegalMove: KEY.SETUP.BOATS unless the boats are exactly those marked for this player count."""
    wanted = cat.boats_for(players)
    if sorted(boats) != sorted(wanted):
        raise refuse("KEY.SETUP.BOATS", f"{players} players use the boats {', '.join(wanted)}, not {', '.join(boats) or 'none'}")


def check_turn_order(cat: Catalog, players: int, tiles: dict[str, str]) -> None:
    """``tiles``: turn-order tile id -> the side shown.

    :raises IllegalMove: KEY.SETUP.TURN_ORDER unless they are the tiles and sides marked for this player count.
    """
    wanted = {tid: side.side for tid, side in cat.turn_order_for(players)}
    if tiles != wanted:
        shown = ", ".join(f"{t} side {s}" for t, s in sorted(wanted.items()))
        written = ", ".join(f"{t} side {s}" for t, s in sorted(tiles.items())) or "none"
        raise refuse("KEY.SETUP.TURN_ORDER", f"{players} players lay out the turn-order tiles {shown}, not {written}: "
                                             f"write those tiles with those sides")


def check_summer_boat_side(cat: Catalog, tile: str, side: str) -> None:
    """:raises IllegalMove: KEY.SETUP.SUMMER_BOAT_SIDE unless ``side`` is one of the summer boat's two sides."""
    boat = cat.tiles.get(tile)
    if boat is None or boat.group is not TileGroup.SUMMER_BOAT or side not in boat.abilities:
        raise refuse("KEY.SETUP.SUMMER_BOAT_SIDE", f"a summer boat shows side a or b: {tile!r} side {side!r} is neither")


def check_winter_dealt(cat: Catalog, players: int, dealt: Sequence[Sequence[str | None]]) -> None:
    """``dealt``: per player the winter tiles received face down (``None`` where still unknown).

    :raises IllegalMove: KEY.SETUP.WINTER_DEALT unless each player has the number the table says
        and the known tiles are different winter tiles.
    """
    pc = cat.setup(players)
    if len(dealt) != players:
        raise refuse("KEY.SETUP.WINTER_DEALT", f"winter tiles are dealt to each of the {players} players")
    known = []
    for hand in dealt:
        if len(hand) != pc.winter_tiles_each:
            raise refuse("KEY.SETUP.WINTER_DEALT", f"with {players} players each player receives {pc.winter_tiles_each} winter tiles, "
                         f"not {len(hand)}")
        for t in hand:
            if t is None:
                continue
            if t not in cat.tiles or cat.tiles[t].season is not Season.WINTER:
                raise refuse("KEY.SETUP.WINTER_DEALT", f"{t!r} is not a winter tile")
            known.append(t)
    if len(set(known)) != len(known):
        twice = sorted({t for t in known if known.count(t) > 1})
        raise refuse("KEY.SETUP.WINTER_DEALT", f"each winter tile exists once: {', '.join(twice)} "
                     f"{'is' if len(twice) == 1 else 'are'} dealt twice (write '?' for a tile not seen)")


def check_starting_workers(cat: Catalog, drawn: int) -> None:
    """:raises IllegalMove: KEY.SETUP.WORKERS unless a player drew the eight starting workers."""
    if drawn != cat.starting_workers:
        raise refuse("KEY.SETUP.WORKERS", f"each player draws {cat.starting_workers} workers at random, not {drawn}")


# -- the state before the first move ------------------------------------------------------------

def _at(exc: IllegalMove, pointer: str) -> IllegalMove:
    exc.pointer = exc.pointer or pointer
    return exc


def new_state(cat: Catalog, ids: list[str], setup: dict) -> KFState:
    """The state before the first move: set-up checked against the catalog's table.

    :raises IllegalMove: KEY.SETUP.* or CORE.HIDDEN.* (pointer into ``/setup``).
    """
    n = len(ids)
    homes = setup["homes"]
    problems = SetupProblems()  # every wrong value at once: each check goes on after a refusal
    dealt = [[None if t == UNKNOWN else t for t in hand] for hand in setup["winter_tiles"]]
    for check, pointer in ((lambda: check_home_tiles(cat, n, homes), "/setup/homes"),
                           (lambda: "boats" in setup and check_boats(cat, n, setup["boats"]), "/setup/boats"),
                           (lambda: check_turn_order(cat, n, setup["turn_order"]), "/setup/turn_order"),
                           (lambda: check_winter_dealt(cat, n, dealt), "/setup/winter_tiles")):
        try:
            check()
        except IllegalMove as exc:
            problems.add_error(_at(exc, pointer))
    workers_setup = setup["workers"]
    if len(workers_setup) != n:
        problems.add("KEY.SETUP.WORKERS", f"starting workers are drawn by each of the {n} players", "/setup/workers")
    if any(p.pointer.startswith(("/setup/homes", "/setup/workers")) for p in problems.found):
        problems.check()  # each seat's home and workers are read next
    winter_named = any(p.pointer.startswith("/setup/winter_tiles") for p in problems.found)
    bag = HiddenPool.create("worker", {c: (cat.worker_supply[c] if c in cat.bag_colours else 0) for c in COLOURS})
    skill_pile = HiddenPool.create("skill tile", cat.skill_supply)
    winter_pool = HiddenPool.create("winter tile", {t: 1 for t in cat.season_tiles[Season.WINTER]})
    players = []
    for seat, home in enumerate(homes):
        village = Village(cat, [PlacedTile(home, HOME)])
        p = Player(home=home, village=village, workers=[0] * 4, skills=[0] * 3, coords={home: HOME})
        drawn = workers_setup[seat]
        try:
            check_starting_workers(cat, sum(drawn.values()))
        except IllegalMove as exc:
            problems.add_error(_at(exc, f"/setup/workers/{seat}"))
        for colour, count in drawn.items():
            if colour != UNKNOWN and colour not in cat.bag_colours:
                problems.add("KEY.SETUP.WORKERS", f"starting workers come from the bag, which holds no {colour} workers",
                             f"/setup/workers/{seat}/{colour}")
                continue
            try:
                bag.draw_many(seat, colour, count, f"/setup/workers/{seat}/{colour}")
            except IllegalMove as exc:
                problems.add_error(exc)
                continue
            if colour != UNKNOWN:
                p.workers[COLOUR_INDEX[colour]] += count
        for k, t in enumerate(setup["winter_tiles"][seat]):
            if t == UNKNOWN:
                winter_pool.draw_unknown(seat)
                p.winter_unknown += 1
            else:
                try:
                    winter_pool.reveal(t, pointer=f"/setup/winter_tiles/{seat}/{k}")
                except IllegalMove as exc:
                    if not winter_named:  # a tile dealt twice is named once
                        problems.add_error(exc)
                    continue
                p.winter_hand.append(t)
        players.append(p)
    problems.check()
    owner = {home: seat for seat, home in enumerate(homes)}
    order = cat.turn_order_for(n)
    start_tile = next(tid for tid, side in order if side.start_player)
    start = first_start_player({seat: cat.tiles[h].number for seat, h in enumerate(homes)})
    s = KFState(cat=cat, ids=list(ids), n=n, players=players, ledger=Ledger(n), bag=bag, skill_pile=skill_pile,
                winter_pool=winter_pool, green_stock=cat.worker_supply["green"],
                supply=[cat.resource_supply[r] for r in ("wood", "stone", "iron", "gold")],
                turn_order=tuple(tid for tid, _ in order), boats=cat.boats_for(n), start_tile=start_tile, start=start, current=start, owner=owner)
    open_season(s)
    return s


def random_setup(cat: Catalog, rng: random.Random, n: int) -> dict:
    """A set-up as a table records it, every random outcome drawn with ``rng``."""
    pc = cat.setup(n)
    homes = rng.sample(list(cat.home_ids), n)
    winter = list(cat.season_tiles[Season.WINTER])
    rng.shuffle(winter)
    each = pc.winter_tiles_each
    bag = {c: cat.worker_supply[c] for c in cat.bag_colours}
    workers = []
    for _ in range(n):
        drawn: dict[str, int] = {}
        for _ in range(cat.starting_workers):
            c = rng.choices(list(bag), weights=list(bag.values()))[0]
            bag[c] -= 1
            if rng.random() < 0.25:  # a worker the scorer did not see behind the screen
                c = UNKNOWN
            drawn[c] = drawn.get(c, 0) + 1
        workers.append(drawn)
    hands = [winter[k * each:(k + 1) * each] for k in range(n)]
    for hand in hands:
        if rng.random() < 0.3:  # one tile dealt face down and not seen until it is put up
            hand[0] = UNKNOWN
    return {"homes": homes, "turn_order": {tid: side.side for tid, side in cat.turn_order_for(n)},
            "winter_tiles": hands, "workers": workers}
