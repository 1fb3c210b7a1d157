"""Entdecker rules that change the game state (not rejections): each replayed from a small log."""
import orjson

from ludolog.replayer.core import get_game, parse_log, replay, simulate_log
from ludolog.replayer.entdecker.islands import explorable, fill_from_reserve, put_tile
from tests.entdecker_builder import CAPE_EAST, CAPE_WEST, EntdeckerLog, island_points


def _ok(log: EntdeckerLog, **kw):
    result = log.replay(**kw)
    assert result.violations == [], result.violations[0]
    return result


def test_starting_on_an_opponents_construction_costs_its_value():
    log = EntdeckerLog(2)
    log.start("ana", "N-B", 1).draw_place("ana", "cape", "B1", 180).add({"type": "build", "player": "ana", "piece": "post"})
    log.filler_turn("ben").filler_turn("ana")
    log.start("ben", "B1", 1)  # ana's trading post stands on B1: ben pays 1 more
    result = _ok(log)
    # ben: 4 + 5 - 1 = 8, + 5 = 12 (the cap) at season 2, then 1 for ana's post and 1 declared
    assert result.state.wealth[1] == 10


def test_an_enclosed_space_is_filled_from_the_matching_reserve_pile():
    log = EntdeckerLog(2)
    log.start("ana", "N-B", 1).draw_place("ana", "sea", "B1", 0).add({"type": "end", "player": "ana"})
    log.start("ben", "W-2", 1).draw_place("ben", "sea", "A2", 0).add({"type": "end", "player": "ben"})
    state = _ok(log).state
    a1 = state.faces[0]
    assert a1 is not None and a1.kind == "reserve-1"  # all four sides known to be sea
    assert state.reserve[1] == 3


def test_an_all_land_gap_is_filled_with_land_reserve_tiles():
    game = get_game("entdecker")
    state = game.new_state(parse_log(orjson.dumps(EntdeckerLog(2).log()), "x"))
    cat = state.cat
    # a 1 x 2 gap (C3, D3) enclosed by land on every side
    ring = {"C2": 180, "D2": 180, "C4": 0, "D4": 0}  # capes showing land towards row 3
    for name, rot in ring.items():
        put_tile(state, cat.parse_cell(name), cat.tiles["cape"].faces[rot // 90])
    for name, rot in {"B3": 90, "E3": 270}.items():
        put_tile(state, cat.parse_cell(name), cat.tiles["cape"].faces[rot // 90])
    filled = fill_from_reserve(state)
    assert sorted(cat.cell_name(c) for c in filled) == ["C3", "D3"]
    assert state.reserve[6] == 4
    assert {state.faces[cat.parse_cell(c)].kind for c in ("C3", "D3")} == {"reserve-6"}


def test_a_storm_ends_the_turn_at_once_and_its_end_closes_it():
    # "Storm: The player's turn ends immediately. The player may not place a construction or carry
    # out further exploration." Every turn is closed by its player's build, pass or end: after a
    # storm, only the end.
    log = EntdeckerLog(2)
    log.start("ana", "N-B", 3).draw_place("ana", "storm-sea", "B1", 0)
    for after_storm in ({"type": "draw", "player": "ana", "pile": 1, "tile": "sea"},
                        {"type": "build", "player": "ana", "piece": "post"}):
        bad = EntdeckerLog(2)
        bad.moves = log.moves + [after_storm]
        v = bad.replay().violations[0]
        assert (v.code, v.move_index) == ("ENT.TURN.ENDED", 4)
    early = EntdeckerLog(2)
    early.moves = log.moves + [{"type": "start", "player": "ben", "at": "N-C", "explore": 1}]
    v = early.replay().violations[0]
    assert (v.code, v.move_index) == ("ENT.TURN.NOT_YOURS", 4) and "storm" in v.message
    log.add({"type": "end", "player": "ana"})
    state = _ok(log).state
    assert state.current == 1 and state.turn == 2  # ben's turn, ana's unused explorations are lost
    assert state.wealth[0] == 6


def test_hostile_natives_double_the_building_cost():
    log = EntdeckerLog(2)
    log.start("ana", "N-B", 2).draw_place("ana", "hostile-cape", "B1", 180)
    log.add({"type": "build", "player": "ana", "piece": "fort"})
    assert _ok(log).state.wealth[0] == 1  # 9 - 2 declared - 6 for the fort


def test_welcoming_natives_give_a_plant_token_without_points():
    log = EntdeckerLog(2)
    log.start("ana", "N-B", 2).draw_place("ana", "welcoming-bay", "B1", 90)
    log.plant("ana", 3).add({"type": "build", "player": "ana", "piece": "post"})
    state = _ok(log).state
    assert state.plants == [[3], []]
    assert state.ledger.totals == [0, 0]


def test_a_forced_stop_still_allows_building():
    log = EntdeckerLog(2)
    log.start("ana", "N-B", 3).draw_place("ana", "shore", "B1", 90)  # no white line leads on
    log.add({"type": "build", "player": "ana", "piece": "fort"})
    assert _ok(log).state.pieces[0] == [3, 1, 1]


def test_a_returned_trading_post_takes_no_part_in_the_island():
    log = EntdeckerLog(2)
    log.island_turn("ana", "B", CAPE_EAST, "post").filler_turn("ben")
    log.add({"type": "return", "player": "ana", "cell": "B2"})  # at any time, here between turns
    log.filler_turn("ana").island_turn("ben", "C", CAPE_WEST, "post")
    result = _ok(log)
    assert island_points(result) == {"ana": 0, "ben": 2}
    assert result.state.pieces[0][0] == 3


def test_the_first_player_changes_each_season_in_the_variant():
    log = EntdeckerLog(3, options={"change_first_player": True})
    log.filler_turn("ana").filler_turn("ben").filler_turn("cleo")
    log.start("ben", "S-D", 1)  # the builder wrote ben's income spin before this start
    assert log.moves[-2] == {"type": "income", "player": "ben", "spin": 5}
    _ok(log)
    log.moves[-2]["player"] = "ana"
    assert log.replay().violations[0].code == "ENT.INCOME.NOT_FIRST_PLAYER"


def _c1_needs_land_east_and_west(options=None) -> EntdeckerLog:
    log = EntdeckerLog(2, options=options)
    log.start("ana", "N-B", 1).draw_place("ana", "cape", "B1", 90).add({"type": "end", "player": "ana"})
    log.start("ben", "N-D", 1).draw_place("ben", "cape", "D1", 270).add({"type": "end", "player": "ben"})
    log.start("ana", "N-C", 2).add({"type": "draw", "player": "ana", "pile": 1, "tile": "sea"})
    return log.add({"type": "discard", "player": "ana"})


def test_an_unplaceable_tile_leaves_the_game():
    state = _ok(_c1_needs_land_east_and_west()).state
    assert state.reserve[1] == 4
    assert state.wealth[0] == 10  # 4 + 5 - 1, + 5 capped at 12, - 2 declared: the lost tile is not refunded


def test_translators_option_puts_unplaceable_tiles_in_the_reserve():
    state = _ok(_c1_needs_land_east_and_west({"unplaceable_to_reserve": True})).state
    assert state.reserve[1] == 5


def test_personal_tiles_cost_two_of_the_declared_gold():
    log = EntdeckerLog(2, options={"personal_tiles": True})
    log.start("ana", "N-B", 3).add({"type": "own_tile", "player": "ana", "tile": "open-sea"})
    log.add({"type": "place", "player": "ana", "cell": "B1", "rotation": 0})
    state = _ok(log).state
    assert state.credits == 1 and state.personal_left[0] == {"three-sea", "strait", "corner"}


def test_simulated_endings_follow_the_rules():
    """Over many random games: the end condition holds, every construction went home, the Grand
    Inventor bonus equals the token count of the players with the most tokens, and the ledger sums."""
    game = get_game("entdecker")
    for seed in range(24):
        raw = simulate_log(game, 2 + seed % 3, f"ending-{seed}", {"personal_tiles": True} if seed % 4 == 0 else {})
        result = replay(parse_log(orjson.dumps(raw), "x"))
        s = result.state
        assert result.status == "valid"
        assert s.placed == s.cat.cells or s.tiles.remaining == 0 or not explorable(s)
        assert s.constructions == {}
        counts = [len(p) for p in s.plants]
        inventor = {e.seat: e.delta for e in s.ledger.events if e.category == "grand_inventor"}
        best = max(counts)
        assert inventor == ({i: c for i, c in enumerate(counts) if c == best} if best else {})
        for seat in range(s.n):
            assert sum(s.ledger.by_category(seat).values()) == s.ledger.totals[seat]


def test_the_welcoming_natives_token_may_be_declined_but_not_taken_later():
    log = EntdeckerLog(2)
    log.start("ana", "N-B", 2).draw_place("ana", "welcoming-bay", "B1", 90)
    log.add({"type": "build", "player": "ana", "piece": "post"})  # declines the token
    state = _ok(log).state
    assert state.plants == [[], []]
    late = EntdeckerLog(2)
    late.start("ana", "N-B", 3).draw_place("ana", "welcoming-bay", "B1", 90).draw_place("ana", "sea", "A1", 0)
    late.plant("ana", 3)
    first = late.replay().violations[0]
    assert (first.code, first.move_index) == ("ENT.PLANT.NOT_DUE", len(late.moves) - 1)


def _tied_island() -> EntdeckerLog:
    """ana's fort on B2, ben's fort on C2 closes the island B2-C2: both are greatest discoverers."""
    log = EntdeckerLog(2)
    log.island_turn("ana", "B", CAPE_EAST, "fort")
    return log.island_turn("ben", "C", CAPE_WEST, "fort")


def test_tied_greatest_discoverers_draw_their_plant_tokens_in_any_order():
    # "The greatest discoverer (or the greatest discoverers, in case of a tie) takes a plant token
    # from one of the piles": no order is given, so either may draw first.
    outcomes = []
    for order in (("ana", "ben"), ("ben", "ana")):
        log = _tied_island()
        log.plant(order[0], 3).plant(order[1], 1)
        result = _ok(log)
        outcomes.append((result.state.ledger.totals, result.state.plants))
        # the island is worth 2 tiles + the highest token 3 = 5 to each tied discoverer
        assert result.state.ledger.totals == [5, 5]
    assert outcomes[0][0] == outcomes[1][0]
    twice = _tied_island().plant("ben", 3).plant("ben", 1)
    v = twice.replay().violations[0]
    assert (v.code, v.pointer) == ("CORE.SIMULTANEOUS.TWICE", f"/moves/{len(twice.moves) - 1}/player")
    early = _tied_island().plant("ana", 3).add({"type": "start", "player": "ana", "at": "N-D", "explore": 1})
    v = early.replay().violations[0]
    assert v.code == "CORE.SIMULTANEOUS.INCOMPLETE" and "ben" in v.message


def test_pile_sizes_are_optional():
    log = _tied_island().plant("ana", 3).plant("ben", 1)
    raw = log.log()
    del raw["setup"]["piles"], raw["setup"]["plant_piles"]
    result = replay(parse_log(orjson.dumps(raw), "uncounted.json"))
    assert result.violations == [] and result.state.ledger.totals == [5, 5]
    assert result.state.tiles.pile_sizes is None
    assert result.state.tiles.remaining == get_game("entdecker").cat.discovery_total - 4  # four tiles turned over
