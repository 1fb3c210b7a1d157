"""Where products go, who picks a boat in which order, and who starts next."""
from ludolog.replayer.keyflower.seasons import Where, boat_order, first_start_player, resources_go_to_used_tile

SEATS = (0, 1, 2, 3)  # clockwise


def test_products_go_to_the_tile_in_the_own_village_else_home():
    # "Any resources generated in a player's own village are placed on the tile generating the resources.
    #  Any resources generated in another player's village or from a tile being bid for are placed on the
    #  player's home tile."
    assert resources_go_to_used_tile(Where.OWN_VILLAGE)
    assert not resources_go_to_used_tile(Where.OTHER_VILLAGE) and not resources_go_to_used_tile(Where.AUCTION)


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


def test_summer_boats_1a_and_1b_add_workers_to_each_boat_pick(cat):
    from ludolog.replayer.keyflower.catalog import AbilityKind
    from ludolog.replayer.keyflower.geometry import PlacedTile, Village
    from ludolog.replayer.keyflower.scoring import abilities
    from ludolog.replayer.keyflower.seasons import boat_bonus
    # 1a: "takes two additional workers from the bag"; 1b: "additionally takes one green worker"
    v_a = Village(cat, [PlacedTile("home_1", (0, 0)), PlacedTile("boat_1", (0, -1), side="a")])
    v_b = Village(cat, [PlacedTile("home_1", (0, 0)), PlacedTile("boat_1", (0, -1), side="b")])
    assert boat_bonus(abilities(v_a)) == (2, 0)
    assert boat_bonus(abilities(v_b)) == (0, 1)
    assert boat_bonus({}) == (0, 0)
    assert AbilityKind.BOAT_DRAW_WORKERS in abilities(v_a)
