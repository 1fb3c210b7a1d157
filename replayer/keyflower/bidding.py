"""The workers on one tile during a season: the colour rule, bids, outbids and uses, as pure functions.

Rulebook passages (supplement 4.1-4.3 and the rules text):

- "All workers used in bidding for a tile must be of the same colour as any other workers
  surrounding the tile (as part of a bid) or on the tile (which have been placed to use that
  tile)". Green is a colour like the others; the colour is set by the first workers placed.
- "If the tile has already been bid for by another player then the bid must be with a greater
  number of workers than the previous bid." "A player's turn may consist of adding more workers
  to a winning bid." "A player cannot remove workers if they are winning a bid."
- "Each use of a tile requires at least one more worker than the previous use" and "No more than
  six workers may be placed on a tile in one season" (bids do not count toward the six).
- Boat 4a: against a red, yellow or blue bid of another player its owner may counter-bid with one
  other colour (green included), lying down; when every other bid has moved away and nobody uses
  the tile, the lying workers stand up and their colour becomes the tile's colour.
- Boat 4b: on a tile already bid for or used, its owner may use any colours at once; workers not of
  the standing colour lie down and still count toward the six.

A :class:`TileWorkers` is a value: never changed in place, every change returns a new one (not a
frozen dataclass, which is slower to make at every bid and use, so the core's clone copies them).
"""
from __future__ import annotations

from dataclasses import dataclass

from .catalog import COLOURS
from .rules import counted, refuse


@dataclass(slots=True)
class Bid:
    """One player's bid on a tile: ``count`` workers of ``colour``; ``lying`` when made under boat 4a."""

    player: int
    colour: str
    count: int
    lying: bool = False


@dataclass(slots=True)
class Use:
    """One use of a tile: ``standing`` and ``lying`` workers as ``(colour, n)`` pairs (lying only under 4b)."""

    player: int
    standing: tuple[tuple[str, int], ...]
    lying: tuple[tuple[str, int], ...] = ()

    @property
    def count(self) -> int:
        return sum(k for _, k in self.standing) + sum(k for _, k in self.lying)


@dataclass(slots=True)
class TileWorkers:
    bids: tuple[Bid, ...] = ()
    uses: tuple[Use, ...] = ()

    def colour(self) -> str | None:
        """The tile's colour this season: that of its standing workers, bid or use (None: no standing worker)."""
        for bid in self.bids:
            if not bid.lying:
                return bid.colour
        for use in self.uses:
            if use.standing:
                return use.standing[0][0]
        return None

    def highest(self) -> Bid | None:
        """The winning bid (bids never tie: each must beat the highest; the first of equals, as ``max``)."""
        top = None
        for bid in self.bids:
            if top is None or bid.count > top.count:
                top = bid
        return top

    def bid_of(self, player: int) -> Bid | None:
        for bid in self.bids:
            if bid.player == player:
                return bid
        return None

    def used_workers(self) -> int:
        return sum(u.count for u in self.uses)


def bid(state: TileWorkers, player: int, colour: str, added: int, counter_bid: bool = False, village_tile: bool = True) -> TileWorkers:
    """``player`` adds ``added`` workers of ``colour`` to their bid on this tile (a new bid if none).

    ``counter_bid``: the player owns summer boat 4a; it applies to village tiles ("bid for a
    village tile"), not to turn-order tiles.

    :raises IllegalMove: KEY.BID.COLOUR or KEY.BID.NOT_ENOUGH.
    """
    if colour not in COLOURS:
        raise ValueError(f"unknown worker colour {colour!r}")
    if added < 1:
        raise refuse("KEY.BID.NOT_ENOUGH", "a bid places at least one worker")
    # one walk over the bids: the player's own, the best of the others', the others' in order
    own = None
    best_other = 0
    kept = []
    for b in state.bids:
        if b.player == player:
            if own is None:
                own = b
        else:
            kept.append(b)
            if b.count > best_other:
                best_other = b.count
    lying = False
    if own is not None:
        if colour != own.colour:
            raise refuse("KEY.BID.COLOUR", f"workers added to a bid must be {own.colour} like the bid, not {colour}")
        lying = own.lying
    else:
        locked = state.colour()
        if locked is not None and colour != locked:
            others = [b for b in state.bids if b.player != player and not b.lying]
            if not (counter_bid and village_tile and others and locked != "green"):
                why = ("; summer boat 4a only counters a red, yellow or blue bid on a village tile" if counter_bid else "")
                raise refuse("KEY.BID.COLOUR", f"this tile's workers are {locked}: a bid must be {locked}, not {colour}{why}")
            lying = True
    total = added + (own.count if own else 0)
    if total <= best_other:
        raise refuse("KEY.BID.NOT_ENOUGH", f"a bid of {counted(total, 'worker')} does not beat the highest bid of {best_other}")
    kept.append(Bid(player, colour, total, lying))
    return TileWorkers(tuple(kept), state.uses)


def withdraw(state: TileWorkers, player: int) -> tuple[TileWorkers, Bid]:
    """``player`` takes their outbid group away to bid or use elsewhere ("they can be moved elsewhere
    but must remain together"); returns the tile without it and the group moved.

    :raises IllegalMove: KEY.BID.NONE (no bid of theirs here) or KEY.BID.WINNING.
    """
    own = state.bid_of(player)
    if own is None:
        raise refuse("KEY.BID.NONE", "this player has no bid on this tile to move")
    if state.highest() is own:
        raise refuse("KEY.BID.WINNING", f"the bid of {counted(own.count, own.colour + ' worker')} is winning and cannot be moved")
    rest = TileWorkers(tuple(b for b in state.bids if b.player != player), state.uses)
    return stand_up(rest), own


def stand_up(state: TileWorkers) -> TileWorkers:
    """Boat 4a: "If all of the other players' workers ... are moved elsewhere ... and there are no workers
    using the tile ... the workers that are lying horizontal are stood up and their colour becomes the
    new bid and usage colour for that tile"."""
    if state.uses or any(not b.lying for b in state.bids) or not state.bids:
        return state
    return TileWorkers(tuple(Bid(b.player, b.colour, b.count, False) for b in state.bids), state.uses)


def use(state: TileWorkers, player: int, workers: dict[str, int], any_colour: bool = False, limit: int = 6) -> TileWorkers:
    """``player`` uses the tile with ``workers`` (colour -> n). ``any_colour``: the player owns summer boat 4b.

    :raises IllegalMove: KEY.USE.NOTHING, KEY.USE.TOO_FEW, KEY.USE.FULL, KEY.USE.MIXED or KEY.USE.COLOUR.
    :raises ValueError: a colour that is not a worker colour.
    """
    placed = {c: n for c, n in workers.items() if n}
    count = 0
    for c, n in placed.items():
        if c not in COLOURS:
            raise ValueError(f"unknown worker colour {c!r}")
        count += n
    return use_placed(state, player, placed, count, any_colour, limit)


def use_placed(state: TileWorkers, player: int, placed: dict[str, int], count: int, any_colour: bool = False,
               limit: int = 6) -> TileWorkers:
    """:func:`use` of workers already known to be of worker colours, none zero: ``placed`` (colour ->
    n) of ``count`` workers in all (what a use move has checked before it asks the tile).

    :raises IllegalMove: KEY.USE.NOTHING, KEY.USE.TOO_FEW, KEY.USE.FULL, KEY.USE.MIXED or KEY.USE.COLOUR.
    """
    if count < 1:
        raise refuse("KEY.USE.NOTHING", "a use places at least one worker on the tile")
    uses = state.uses
    bids = state.bids
    minimum = uses[-1].count + 1 if uses else 1
    used = sum(u.count for u in uses) if uses else 0
    if count < minimum:
        raise refuse("KEY.USE.TOO_FEW", f"the previous use of this tile placed {counted(minimum - 1, 'worker')}: this use needs "
                     f"at least {minimum}, not {count}")
    if used + count > limit:
        raise refuse("KEY.USE.FULL", f"{counted(used, 'worker')} already {'uses' if used == 1 else 'use'} this tile: {count} more would pass "
                     f"the limit of {limit} a season")
    locked = state.colour() if bids or uses else None
    if any_colour and (bids or uses):
        # 4b: workers of the standing colour stand, the others lie down
        standing = tuple((c, n) for c, n in placed.items() if c == locked)
        lying = tuple((c, n) for c, n in placed.items() if c != locked)
        if locked is None:  # only lying workers so far: the first colour placed stands
            first = next(iter(placed))
            standing, lying = ((first, placed[first]),), tuple((c, n) for c, n in placed.items() if c != first)
        return TileWorkers(bids, uses + (Use(player, standing, lying),))
    if len(placed) > 1:
        why = " (summer boat 4b frees this only on a tile already bid for or used)" if any_colour else ""
        raise refuse("KEY.USE.MIXED", f"the workers using a tile must all be of one colour, not {' and '.join(placed)}{why}")
    (colour, n), = placed.items()
    if locked is not None and colour != locked:
        raise refuse("KEY.USE.COLOUR", f"this tile's workers are {locked}: it must be used with {locked} workers, not {colour}")
    return TileWorkers(bids, uses + (Use(player, ((colour, n),)),))
