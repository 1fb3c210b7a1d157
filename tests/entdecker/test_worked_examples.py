"""The worked examples of rules/entdecker.txt, each replayed from a small log."""
from tests.entdecker_builder import BRIDGE_EW, CAPE_EAST, CAPE_WEST, EntdeckerLog, island_points


def _six_tile_island(log: EntdeckerLog, builds: list[tuple[str, str | None]]) -> EntdeckerLog:
    """Island B2-G2 (cape, four bridges, cape), tile k laid by builds[k] = (player, piece or None)."""
    tiles = [CAPE_EAST] + [BRIDGE_EW] * 4 + [CAPE_WEST]
    for column, tile, (player, piece) in zip("BCDEFG", tiles, builds):
        log.island_turn(player, column, tile, piece)
    return log


def test_island_scores_halve_down_the_ranks_10_5_3_2():
    # colony > fort + post > fort > post; 6 tiles + plant 4 = 10 -> 10, 5, 3, 2
    log = _six_tile_island(EntdeckerLog(4), [("ana", "colony"), ("ben", "fort"), ("cleo", "fort"), ("dev", "post"),
                                             ("ana", None), ("ben", "post")])
    log.plant("ana", 4)
    result = log.replay()
    assert result.violations == []
    assert island_points(result) == {"ana": 10, "ben": 5, "cleo": 3, "dev": 2}


def test_tie_for_first_then_third_scores_a_quarter():
    # Albert and Beatrice tied first score 10; Charles scores 3 = (10:2):2
    log = _six_tile_island(EntdeckerLog(3), [("ana", "fort"), ("ben", "fort"), ("cleo", "post"),
                                             ("ana", None), ("ben", None), ("cleo", None)])
    log.plant("ana", 4).plant("ben", 1)  # both tied greatest discoverers draw; the higher token counts
    result = log.replay()
    assert result.violations == []
    assert island_points(result) == {"ana": 10, "ben": 10, "cleo": 3}
    assert sorted(result.state.plants[0] + result.state.plants[1]) == [1, 4]


def test_tie_for_second_then_fourth_scores_an_eighth():
    # Albert 10; Beatrice and Charles tied second 5; Denise 2 = ((10:2):2):2
    log = _six_tile_island(EntdeckerLog(4), [("ana", "colony"), ("ben", "fort"), ("cleo", "fort"), ("dev", "post"),
                                             ("ana", None), ("ben", None)])
    log.plant("ana", 4)
    result = log.replay()
    assert result.violations == []
    assert island_points(result) == {"ana": 10, "ben": 5, "cleo": 5, "dev": 2}


def test_a_single_fort_beats_three_trading_posts():
    log = EntdeckerLog(2)
    log.island_turn("ana", "B", CAPE_EAST, "fort").island_turn("ben", "C", BRIDGE_EW, "post")
    log.island_turn("ana", "D", BRIDGE_EW, None).island_turn("ben", "E", BRIDGE_EW, "post")
    log.filler_turn("ana").island_turn("ben", "F", CAPE_WEST, "post")
    log.plant("ana", 1)
    result = log.replay()
    assert result.violations == []
    # 5 tiles + plant 1 = 6: the fort is the greatest discoverer, three posts come second
    assert island_points(result) == {"ana": 6, "ben": 3}


def test_colony_fort_two_posts_beats_colony_fort_one_post():
    log = EntdeckerLog(2)
    tiles = [CAPE_EAST] + [BRIDGE_EW] * 6 + [CAPE_WEST]
    builds = [("ana", "colony"), ("ben", "colony"), ("ana", "fort"), ("ben", "fort"),
              ("ana", "post"), ("ben", "post"), ("ana", "post"), ("ben", None)]
    for column, tile, (player, piece) in zip("BCDEFGHI", tiles, builds):
        log.island_turn(player, column, tile, piece)
    log.plant("ana", 2)
    result = log.replay()
    assert result.violations == []
    assert island_points(result) == {"ana": 10, "ben": 5}  # 8 tiles + plant 2


def test_island_of_only_trading_posts_gives_no_plant():
    log = EntdeckerLog(2)
    log.island_turn("ana", "B", CAPE_EAST, "post").island_turn("ben", "C", CAPE_WEST, "post")
    result = log.replay()
    assert result.violations == []
    assert island_points(result) == {"ana": 2, "ben": 2}  # tied at 2 tiles, no plant drawn
    assert result.state.plants == [[], []]
    # and the pieces came back to their owners
    assert result.state.pieces[0][0] == 3 and result.state.pieces[1][0] == 3


def test_pirates_take_half_the_gold_rounded_against_the_player():
    log = EntdeckerLog(2)
    log.start("ana", "N-B", 2).draw_place("ana", "pirates-sea", "B1", 0)
    result = log.replay()
    assert result.violations == []
    # 4 + 5 income - 2 declared = 7; pirates take 4 (half of 7, rounded up)
    assert result.state.wealth[0] == 3


def test_gold_is_capped_at_twelve_and_ruins_score_three():
    log = EntdeckerLog(2, spin=5)
    log.start("ana", "N-B", 1).draw_place("ana", "ruins-cape", "B1", 180).add({"type": "end", "player": "ana"})
    log.start("ben", "N-D", 1).draw_place("ben", "gold-cape", "D1", 180).add({"type": "end", "player": "ben"})
    log.start("ana", "N-F", 1)  # season 2: ana 8 + 5 = 13 -> capped at 12, then 1 declared
    result = log.replay()
    assert result.violations == []
    assert result.state.ledger.by_category(0) == {"ruins": 3}
    # ben: 4 + 5 - 1 + 3 gold = 11; the season-2 income of 5 is capped at 12 for both players
    assert result.state.wealth == [11, 12]
