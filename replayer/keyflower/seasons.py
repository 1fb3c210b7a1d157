"""Season bookkeeping as pure functions: where products go and who picks a boat in which order.

Rules text and rulebook: "Any resources generated in a player's own village are placed on the tile
generating the resources. Any resources generated in another player's village or from a tile being
bid for are placed on the player's home tile." End of season, turn order tiles: "The player who
won the number 1 turn order tile takes the workers and skill tile(s) from the boat of their choice
... The player(s) who won the number two, three and four turn order tiles (if applicable) then do
the same, followed in clockwise order from the new start player by any of the players who did not
win a turn order tile. If no player bid for the new start player tile, the existing start player
remains the start player for the purposes of collecting the boat contents ... A player may only
take contents of one boat even if they win the bids for more than one turn order tile." and "If no
player bid for the turn order tile with the start player icon then, after all of the players have
taken their workers and skill tile(s), the player to the start player's left becomes the new start
player".
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from .catalog import AbilityKind


class Where(enum.Enum):
    """Where the tile a player uses lies."""

    OWN_VILLAGE = "own_village"
    OTHER_VILLAGE = "other_village"
    AUCTION = "auction"


def resources_go_to_used_tile(where: Where) -> bool:
    """True: produced resources lie on the tile used; False: they go onto the actor's home tile."""
    return where is Where.OWN_VILLAGE


@dataclass(slots=True)
class BoatOrder:
    """Who picks a boat in which order, and who starts the next season."""

    order: tuple[int, ...]
    next_start: int


def boat_order(seats: tuple[int, ...], start: int, winners: dict[int, int], start_tile: int) -> BoatOrder:
    """The order of boat choice after a season.

    ``seats``: players clockwise; ``start``: the start player of the season ending; ``winners``:
    turn-order tile number -> the player who won it; ``start_tile``: the number of the tile showing
    the start player. "The player to the start player's left" is the next player clockwise.

    When nobody won the start-player tile, the players without a turn-order tile choose clockwise
    from the season's start player, and only then does the player to that player's left become
    start player. Source: the rulebook (RULEBOOK-MD of the package docstring), End of season 5a ii
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



def boat_bonus(held: dict[AbilityKind, int]) -> tuple[int, int]:
    """Extra workers with each boat pick from the summer boats a player holds (``held``: ability kind
    -> its count, as :func:`.scoring.abilities` gives): (drawn from the bag, green from the stock),
    each "if available".

    Boat 1a: "When taking workers from the boats at the end of summer and autumn, the player takes
    two additional workers from the bag ... When taking a boat tile at the end of winter, the player
    takes two workers from the bag." Boat 1b: "additionally takes one green worker from the supply
    ... When taking a boat tile at the end of winter, the player also takes one green worker". The
    numbers are the same at every pick; a summer boat won this summer counts at this summer's pick
    (the text names the end of summer, before the won tiles are placed).
    """
    return held.get(AbilityKind.BOAT_DRAW_WORKERS, 0), held.get(AbilityKind.BOAT_GREEN_WORKER, 0)
