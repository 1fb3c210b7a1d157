"""Every number the Solo text states (rules/castles-of-burgundy-solo.txt), quoted in each test."""
from __future__ import annotations

import pytest

from ludolog.replayer.castles_of_burgundy.catalog import load_catalog
from ludolog.replayer.castles_of_burgundy.depots import phase_spaces, solo_hex_to_remove
from ludolog.replayer.castles_of_burgundy.scoring import sale_vp
from ludolog.replayer.castles_of_burgundy.tile_effects import gain_vp


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


@pytest.fixture(scope="module")
def rules(cat):
    return cat.solo


def test_setup_numbers(cat, rules):
    # "Take one Silverling and 2 worker tiles, plus a starting castle." "Take 3 random goods"
    # "In solo game there is no restriction for the number of different types (= colors) of goods"
    assert (rules.start_silverlings, rules.start_workers, rules.start_goods) == (1, 2, 3)
    assert cat.data["solo"]["goods_type_limit"] is None
    # "take both playing pieces and dice of that color, plus the white die" -> 3 dice; "You are playing 25 rounds."
    assert (cat.data["solo"]["dice"], rules.rounds) == (3, 25)


def test_setup_as_a_two_player_game(cat, rules):
    # "Continue setting up the game as usual for a 2-player game (hex tiles, goods, etc.)"
    assert rules.setup_players == 2
    assert sum(map(len, phase_spaces(cat, rules.setup_players, "A").values())) == 12
    assert cat.black_depot[rules.setup_players] == 4


def test_any_castle_space_for_the_start(cat):
    # "Place the castle on any castle space on your player board"
    for side in ("solo-A", "solo-B"):
        board = cat.boards[side]
        assert {board.spaces[i].id for i in board.start_spaces} == {
            s.id for s in board.spaces if s.colour.value == "castle"}
        assert len(board.start_spaces) == 4


def test_target_marker_50_45_40(rules):
    # "the other piece on the 50 as target marker"; "move the target marker down 5 space (e.g. from 50 to
    # 45, next time to 40 etc)"
    targets = [rules.target_start]
    while (g := gain_vp(rules, 0, targets[-1], targets[-1])).target != targets[-1]:
        targets.append(g.target)
    assert targets[:3] == [50, 45, 40]
    assert all(a - b == 5 for a, b in zip(targets, targets[1:]))
    assert targets[-1] == 5  # ludolog's reading: the target stops at 5


def test_reaching_the_target_resets_the_counter_and_lowers_the_target(rules):
    # "When your victory point counter reaches the target victory point marker, put it back on space 0 (any
    # remaining victory points are lost), then move the target marker down 5 space"
    g = gain_vp(rules, 48, 50, 5)  # the 3 VP beyond the target are lost
    assert (g.counter, g.target, g.reached) == (0, 45, True)
    g = gain_vp(rules, 40, 45, 5)  # exactly reaching it counts
    assert (g.counter, g.target, g.reached) == (0, 40, True)
    g = gain_vp(rules, 10, 50, 7)
    assert (g.counter, g.target, g.reached) == (17, 50, False)
    g = gain_vp(rules, 0, 50, 120)  # one reset per gain: the rest is lost
    assert (g.counter, g.target) == (0, 45)
    assert gain_vp(rules, 3, 5, 2).target == 5  # the minimum holds


def test_one_silverling_per_vp_and_five_goods_for_a_black_tile(rules):
    # "you may buy now further victory points. Each victory point costs 1 Silverling."; "you now (and only
    # now!) have the option to exchange any 5 of your goods for a single tile from the black depot"
    assert (rules.silverlings_per_vp, rules.goods_for_black_tile) == (1, 5)


def test_win_needs_all_37_spaces_within_25_rounds(cat, rules):
    # "You win the game if you manage to occupy all 37 hex spaces of your estate within 25 rounds."
    assert (cat.data["solo"]["spaces_to_win"], rules.rounds) == (37, 25)


def test_sale_vp_reading(cat):
    # "perform your 2 dice actions as usual, with the same effects and victory point gains as in the base
    # game" in a game set up "as usual for a 2-player game": ludolog's reading is 2 VP per goods tile
    assert sale_vp(cat, 3, 1) == 6


def test_hex_removal_order(cat):
    # "remove a hex tile from that depot from the game, starting from the top to bottom (depots 2, 3, 4, 5
    # and 6) or left to right (depots 1 and 4) respectively. If a depot is empty, remove a hex tile from
    # the next depot in clockwise order etc."
    full = {f"{d}{x}" for d in range(1, 7) for x in "ab"}
    assert solo_hex_to_remove(cat, 2, full) == "2a"
    assert solo_hex_to_remove(cat, 2, full - {"2a"}) == "2b"
    assert solo_hex_to_remove(cat, 2, full - {"2a", "2b"}) == "3a"
    assert solo_hex_to_remove(cat, 6, full - {"6a", "6b"}) == "1a"  # clockwise after 6 comes 1
    assert solo_hex_to_remove(cat, 5, {"4b"}) == "4b"  # 5, 6, 1, 2, 3 empty: on round to 4
    assert solo_hex_to_remove(cat, 1, set()) is None


def test_a_gain_of_nothing_moves_nothing(rules):
    g = gain_vp(rules, 12, 50, 0)
    assert (g.counter, g.target, g.reached) == (12, 50, False)
