"""The colour rule, bidding and outbidding, and the increasing workers of later uses (at most six)."""
import pytest

from ludolog.replayer.core.errors import IllegalMove
from ludolog.replayer.keyflower.bidding import TileWorkers, bid, use, withdraw

EMPTY = TileWorkers()
A, B, C = 0, 1, 2


def code_of(fn, *args, **kwargs):
    with pytest.raises(IllegalMove) as e:
        fn(*args, **kwargs)
    return e.value.code


def test_the_first_workers_set_the_colour_for_bids_and_uses():
    # "All workers used in bidding for a tile must be of the same colour as any other workers
    #  surrounding the tile (as part of a bid) or on the tile (which have been placed to use that tile)"
    t = bid(EMPTY, A, "red", 1)
    assert t.colour() == "red"
    assert code_of(bid, t, B, "blue", 2) == "KEY.BID.COLOUR"
    assert code_of(use, t, B, {"blue": 1}) == "KEY.USE.COLOUR"
    used = use(EMPTY, A, {"yellow": 1})
    assert used.colour() == "yellow" and code_of(bid, used, B, "red", 1) == "KEY.BID.COLOUR"


def test_green_workers_lock_a_tile_like_any_colour():
    t = bid(EMPTY, A, "green", 1)
    assert code_of(bid, t, B, "red", 2) == "KEY.BID.COLOUR"
    assert bid(t, B, "green", 2).highest().player == B


def test_an_outbid_needs_more_workers_of_the_same_colour():
    # "If the tile has already been bid for by another player then the bid must be with a greater number of workers"
    t = bid(EMPTY, A, "red", 2)
    assert code_of(bid, t, B, "red", 2) == "KEY.BID.NOT_ENOUGH"
    t = bid(t, B, "red", 3)
    assert t.highest().player == B
    # the outbid player may add to their own bid; the total must beat the highest
    assert code_of(bid, t, A, "red", 1) == "KEY.BID.NOT_ENOUGH"
    t = bid(t, A, "red", 2)
    assert t.highest().player == A and t.bid_of(A).count == 4
    # "A player's turn may consist of adding more workers to a winning bid."
    assert bid(t, A, "red", 1).bid_of(A).count == 5
    assert code_of(bid, t, A, "blue", 1) == "KEY.BID.COLOUR"


def test_winning_workers_stay_and_outbid_workers_move_together():
    t = bid(bid(EMPTY, A, "blue", 1), B, "blue", 2)
    # "A player cannot remove workers if they are winning a bid."
    assert code_of(withdraw, t, B) == "KEY.BID.WINNING"
    assert code_of(withdraw, t, C) == "KEY.BID.NONE"
    rest, group = withdraw(t, A)
    assert group.count == 1 and group.colour == "blue" and rest.bid_of(A) is None


def test_each_use_needs_more_workers_than_the_previous_and_six_at_most():
    # "Each use of a tile requires at least one more worker than the previous use."
    t = use(EMPTY, A, {"red": 1})
    assert code_of(use, t, B, {"red": 1}) == "KEY.USE.TOO_FEW"
    t = use(t, B, {"red": 2})
    t = use(t, C, {"red": 3})
    assert t.used_workers() == 6
    assert code_of(use, t, A, {"red": 4}) == "KEY.USE.FULL"


def test_rulebook_example_first_use_with_two_workers():
    # "if the initial usage is with 2 workers, not 1 worker, then the next usage will cost a minimum of
    #  three workers, a total of 5 workers. In this instance the tile cannot be used for a third time in
    #  that season as the maximum number of workers allowed on a tile in one season is 6."
    t = use(EMPTY, A, {"yellow": 2})
    assert code_of(use, t, B, {"yellow": 2}) == "KEY.USE.TOO_FEW"
    t = use(t, B, {"yellow": 3})
    assert t.used_workers() == 5 and code_of(use, t, C, {"yellow": 3}) == "KEY.USE.TOO_FEW"
    assert code_of(use, t, C, {"yellow": 4}) == "KEY.USE.FULL"


def test_rulebook_example_first_use_with_three_workers():
    # "If the initial usage is 3 or more workers, then no further use can be made of the tile that season."
    t = use(EMPTY, A, {"blue": 3})
    assert code_of(use, t, B, {"blue": 4}) == "KEY.USE.FULL"


def test_bids_do_not_count_toward_the_six():
    t = bid(EMPTY, A, "red", 5)
    t = use(use(use(t, B, {"red": 1}), C, {"red": 2}), A, {"red": 3})
    assert t.used_workers() == 6


def test_one_colour_per_use():
    assert code_of(use, EMPTY, A, {"red": 1, "blue": 1}) == "KEY.USE.MIXED"
    assert code_of(use, EMPTY, A, {}) == "KEY.USE.NOTHING"


def test_boat_4a_counter_bids_in_another_colour_lying_down():
    # "If another player has bid for a village tile using blue, red or yellow (but not green) workers,
    #  then the owner of this boat may counter bid using a different colour (including green)."
    t = bid(EMPTY, A, "red", 1)
    t = bid(t, B, "green", 2, counter_bid=True)
    assert t.bid_of(B).lying and t.colour() == "red"
    # "Other players" still bid red; the horizontal bid is beaten by count
    assert code_of(bid, t, C, "green", 3) == "KEY.BID.COLOUR"
    t = bid(t, C, "red", 3)
    # not against green, and not on a turn-order tile
    assert code_of(bid, bid(EMPTY, A, "green", 1), B, "red", 2, counter_bid=True) == "KEY.BID.COLOUR"
    assert code_of(bid, bid(EMPTY, A, "red", 1), B, "blue", 2, counter_bid=True, village_tile=False) == "KEY.BID.COLOUR"


def test_boat_4a_lying_workers_stand_up_when_the_others_move_away():
    # "If all of the other players' workers ... are moved elsewhere because they have been outbid and there
    #  are no workers using the tile being bid for, then the workers that are lying horizontal are stood up
    #  and their colour becomes the new bid and usage colour for that tile."
    t = bid(bid(EMPTY, A, "red", 1), B, "yellow", 2, counter_bid=True)
    t, _ = withdraw(t, A)
    assert not t.bid_of(B).lying and t.colour() == "yellow"
    assert use(t, C, {"yellow": 1}).uses[-1].standing == (("yellow", 1),)


def test_boat_4a_workers_stay_lying_while_the_tile_is_used():
    t = use(bid(EMPTY, A, "red", 1), C, {"red": 1})
    t = bid(t, B, "blue", 2, counter_bid=True)
    t, _ = withdraw(t, A)
    assert t.bid_of(B).lying and t.colour() == "red"


def test_boat_4b_uses_any_colours_on_a_tile_already_bid_for_or_used():
    # "the owner of boat 4b does not have to follow the same colour rule (even if green workers have been used)
    #  ... including more than one different colour at the same time"
    t = use(EMPTY, A, {"green": 1})
    t = use(t, B, {"red": 1, "green": 1}, any_colour=True)
    last = t.uses[-1]
    assert last.standing == (("green", 1),) and last.lying == (("red", 1),)
    # "Other players must continue to use the colour of the standing up workers"
    assert code_of(use, t, C, {"red": 3}) == "KEY.USE.COLOUR"
    # "The horizontal workers still count toward the six worker limit"
    assert t.used_workers() == 3 and code_of(use, t, B, {"red": 4}, any_colour=True) == "KEY.USE.FULL"


def test_boat_4b_does_not_apply_to_an_untouched_tile():
    # "If a tile has not previously been used or bid for, then this does not apply ... if more than one,
    #  they must be of the same colour as each other."
    assert code_of(use, EMPTY, B, {"red": 1, "blue": 1}, any_colour=True) == "KEY.USE.MIXED"
    assert use(EMPTY, B, {"blue": 2}, any_colour=True).colour() == "blue"
