"""Set-up as recorded, checked against the catalog's table for the player count (pure functions).

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

from collections.abc import Sequence

from .catalog import Catalog, Season, TileGroup
from .rules import refuse


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


def check_season_tiles(cat: Catalog, players: int, season: Season, tiles: Sequence[str]) -> None:
    """The tiles laid out at the start of spring, summer or autumn.

    :raises IllegalMove: KEY.SETUP.SEASON_TILES unless there are as many as the table says, all
        different and all of that season.
    """
    pc = cat.setup(players)
    if len(tiles) != pc.season_tiles:
        raise refuse("KEY.SETUP.SEASON_TILES", f"{players} players lay out {pc.season_tiles} {season.value} tiles, not {len(tiles)}")
    for t in tiles:
        if t not in cat.tiles or cat.tiles[t].season is not season:
            raise refuse("KEY.SETUP.SEASON_TILES", f"{t!r} is not a {season.value} tile")
    if len(set(tiles)) != len(tiles):
        raise refuse("KEY.SETUP.SEASON_TILES", f"each {season.value} tile exists once: a tile is laid out twice")


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


def check_winter_choice(hand: Sequence[str], chosen: Sequence[str]) -> None:
    """:raises IllegalMove: KEY.WINTER.CHOICE unless the player puts up at least one of their own winter tiles, each once."""
    if not chosen:
        raise refuse("KEY.WINTER.CHOICE", "each player selects one or more of the winter tiles they received")
    if len(set(chosen)) != len(chosen) or any(t not in hand for t in chosen):
        raise refuse("KEY.WINTER.CHOICE", f"only winter tiles of the player's own hand ({', '.join(hand)}) can be selected, each once")


def check_starting_workers(cat: Catalog, drawn: int) -> None:
    """:raises IllegalMove: KEY.SETUP.WORKERS unless a player drew the eight starting workers."""
    if drawn != cat.starting_workers:
        raise refuse("KEY.SETUP.WORKERS", f"each player draws {cat.starting_workers} workers at random, not {drawn}")
