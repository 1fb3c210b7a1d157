"""Who picks a boat in which order, and who starts next."""
from ludolog.replayer.keyflower.seasons import boat_order, first_start_player

SEATS = (0, 1, 2, 3)  # clockwise


def test_turn_order_winners_pick_first_then_the_others_clockwise_from_the_new_start_player():
    # tile 1 won by 2, tile 2 by 3, tile 3 (start player icon) by 1; player 0 won nothing
    got = boat_order(SEATS, start=0, winners={1: 2, 2: 3, 3: 1}, start_tile=3)
    assert got.order == (2, 3, 1, 0) and got.next_start == 1


def test_a_player_takes_one_boat_even_with_two_turn_order_tiles():
    # "A player may only take contents of one boat even if they win the bids for more than one turn order tile."
    got = boat_order(SEATS, start=0, winners={1: 2, 2: 2}, start_tile=2)
    assert got.order == (2, 3, 0, 1) and got.next_start == 2


def test_without_a_bid_for_the_start_tile_the_start_player_stays_then_passes_left():
    # "If no player bid for the new start player tile, the existing start player remains the start player
    #  for the purposes of collecting the boat contents"; "the player to the start player's left becomes
    #  the new start player"
    got = boat_order(SEATS, start=2, winners={1: 0}, start_tile=3)
    assert got.order == (0, 2, 3, 1) and got.next_start == 3


def test_lowest_home_tile_starts():
    # "The player who received the lowest numbered home tile takes the purple start player worker."
    assert first_start_player({0: 4, 1: 2, 2: 6}) == 1
