"""The course of a season: who picks a boat in which order and who starts (pure functions), and
the steps between the moves: a season opened, its layout done, its end, the boats, the next.

Each of spring, summer and autumn opens with the season's tiles laid out one ``lay`` at a time
and each boat loaded (``load``) with workers from the bag and skill tiles from the pile, face up.
Winter opens with every player putting up winter tiles (``winter``, simultaneous). After the
action phase the season ends (supplement 8): losing bids go back; a tile won goes to its winner
with the workers used on it, the winning workers into the bag (green ones too: boat 1a's text
"after all of the workers (including green workers) used in winning bids ... have been placed in
the bag"); an unsold tile leaves the game and the workers used on it go into the bag; workers
used in a village go to its owner; turn-order tiles give the boat order and the start player.
Players then take boats in that order (``boat``) and place the tiles they won (``place``,
simultaneous). After winter: Flipper's free flip and the count behind the screens (``final``,
simultaneous), then the final score.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.simultaneous import SimultaneousWindow
from .actions import win_summer_boat
from .bidding import TileWorkers
from .catalog import Season
from .state import COLOUR_INDEX, SEASONS, KFState, Phase

#: the season index of winter (``s.season`` compared without the season_enum property's call)
WINTER_INDEX = SEASONS.index(Season.WINTER)


@dataclass(slots=True)
class BoatOrder:
    """Who picks a boat in which order, and who starts the next season."""

    order: tuple[int, ...]
    next_start: int


def boat_order(seats: tuple[int, ...], start: int, winners: dict[int, int], start_tile: int) -> BoatOrder:
    """The order of boat choice after a season: "The player who won the number 1 turn order tile takes
    the workers and skill tile(s) from the boat of their choice ... The player(s) who won the number
    two, three and four turn order tiles (if applicable) then do the same, followed in clockwise
    order from the new start player by any of the players who did not win a turn order tile ... A
    player may only take contents of one boat even if they win the bids for more than one turn order
    tile." ``winners``: turn-order tile number -> the player who won it; ``start_tile``: the number of
    the tile showing the start player. "The player to the start player's left" is the next player clockwise.

    When nobody won the start-player tile, the players without a turn-order tile choose clockwise
    from the season's start player, and only then does the player to that player's left become
    start player. Source: the rulebook (RULEBOOK-MD in CATALOG.md), End of season 5a ii
    "If no player bid for the new start player tile, the existing start player remains the start
    player for the purposes of collecting the boat contents", 5a iv "after all of the players have
    taken their workers and skill tile(s), the player to the start player's left becomes the new
    start player", and for winter 5b iii "the existing start player remains the start player for the
    purposes of selecting the boat tiles and then the start player marker passes to the player on
    the start player's left". The supplement's section 7.2, marked [I] (one implementation, KFW),
    reads "clockwise starting from the (new) start player" with the keyple already passed on; the
    rulebook is the more precise text and wins.
    """
    if start not in seats:
        raise ValueError(f"start player {start} is not seated")
    order: list[int] = []
    for number in sorted(winners):
        if winners[number] not in order:
            order.append(winners[number])
    new_start = winners.get(start_tile)
    first = seats.index(new_start if new_start is not None else start)
    for k in range(len(seats)):
        p = seats[(first + k) % len(seats)]
        if p not in order:
            order.append(p)
    if new_start is None:
        new_start = seats[(seats.index(start) + 1) % len(seats)]
    return BoatOrder(tuple(order), new_start)


def first_start_player(home_numbers: dict[int, int]) -> int:
    """"The player who received the lowest numbered home tile takes the purple start player worker."
    ``home_numbers``: player -> home tile number."""
    return min(home_numbers, key=lambda p: home_numbers[p])


# -- a season's steps on the state ----------------------------------------------------------------

def open_season(s: KFState) -> None:
    s.on_tile = {}
    s.passes = 0
    s.actions = 0
    s.auction = []
    s.loaded = []
    s.boat_load = {}
    s.current = s.start
    if s.season == WINTER_INDEX:
        s.phase = Phase.WINTER_CHOICE
        s.window = SimultaneousWindow("the choice of winter tiles", frozenset(range(s.n)), frozenset(("winter",)))
    else:
        s.phase = Phase.LAYOUT
        s.window = None


def workers_due(s: KFState, boat: str) -> int:
    """The workers ``boat`` is loaded with this season. Start of season: "In the unlikely scenario that
    there are insufficient workers in the bag, fill boats in order with one worker at a time, but not
    with more workers than are stated on the tile": the workers the bag held before the first load
    are shared out one at a time in the boats' order, whatever order the loads are written in."""
    loads = s.cat.loads[SEASONS[s.season]]
    wanted = [(b, loads[b].workers if b in loads else 0) for b in s.boats]
    left = s.bag.remaining + sum(sum(s.boat_load[b].workers) for b in s.loaded)
    if left >= sum(n for _, n in wanted):
        return dict(wanted)[boat]
    share = dict.fromkeys(s.boats, 0)
    while left:
        for b, n in wanted:
            if left and share[b] < n:
                share[b] += 1
                left -= 1
    return share[boat]


def after_layout(s: KFState) -> None:
    # the player count was checked at set-up: its row is read without setup()'s check
    if len(s.auction) == s.cat.player_counts[s.n].season_tiles and len(s.loaded) == len(s.boats):
        s.phase = Phase.ACTIONS
        s.current = s.start


def _use_colours(workers: TileWorkers) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in workers.uses:
        for c, n in (*u.standing, *u.lying):
            out[c] = out.get(c, 0) + n
    return out


def _give(known: list[int], used: dict[str, int]) -> None:
    """Workers used on a tile back behind a screen (``known``: that player's counts by colour)."""
    for c, n in used.items():
        known[COLOUR_INDEX[c]] += n


def end_season(s: KFState) -> None:
    """Everything after the last pass, up to the first boat choice (supplement 8, steps 1-6).

    After winter the winner of the start-player turn-order tile holds the purple keyple (tile text: "At
    the end of winter the player winning the tile depicting the purple start player worker also takes
    the purple start player worker"); nobody declares it when nobody bid for that tile.
    """
    winter = s.season == WINTER_INDEX
    winners: dict[int, int] = {}
    players = s.players
    put_back = s.bag.put_back_many
    turn_order, auction = s.turn_order, s.auction
    for tile_id, workers in s.on_tile.items():
        top = workers.highest()
        for b in workers.bids:
            if b is not top:  # losing bids go back behind their players' screens
                players[b.player].workers[COLOUR_INDEX[b.colour]] += b.count
        used = _use_colours(workers) if workers.uses else None
        if tile_id in turn_order:
            if top is not None:
                put_back(top.colour, top.count)
                winners[s.cat.tiles[tile_id].number] = top.player
                if winter:
                    players[top.player].pending.append(tile_id)
                    if tile_id == s.start_tile:
                        players[top.player].purple = True
        elif tile_id in auction:
            if top is not None:
                put_back(top.colour, top.count)
                winner = players[top.player]
                if used:
                    _give(winner.workers, used)
                winner.pending.append(tile_id)
                if tile_id in s.summer_sides:
                    win_summer_boat(s, top.player, tile_id)
            elif used:
                for c, n in used.items():
                    put_back(c, n)
        elif used:
            _give(players[s.owner[tile_id]].workers, used)
    s.on_tile = {}
    s.auction = []
    order = boat_order(tuple(range(s.n)), s.start, winners, s.cat.tiles[s.start_tile].number)
    s.boat_order = list(order.order)
    s.next_start = order.next_start
    s.boat_turn = 0
    s.boats_left = list(s.boats)
    s.phase = Phase.BOATS
    s.current = s.boat_order[0]


def after_boat(s: KFState) -> None:
    """The next boat choice, or the placing of won tiles once every player has taken one."""
    if s.boat_turn < len(s.boat_order):
        s.current = s.boat_order[s.boat_turn]
        return
    s.start = s.next_start
    placing = frozenset(seat for seat in range(s.n) if s.players[seat].pending)
    if placing:
        s.phase = Phase.PLACE
        s.window = SimultaneousWindow(f"the placing of the {s.season_enum.value} tiles won", placing, frozenset(("place",)))
    else:
        next_season(s)


def next_season(s: KFState) -> None:
    if s.season == WINTER_INDEX:
        s.phase = Phase.FINAL
        s.window = SimultaneousWindow("the final count behind the screens", frozenset(range(s.n)), frozenset(("final",)))
        return
    s.season += 1
    open_season(s)


def owns_flipper(s: KFState, seat: int) -> bool:
    return any(s.cat.tiles[t].before_scoring == "free_upgrade" for t in s.players[seat].coords)
