"""The Wise Eminence in the engine: each test a position and what the rules text's "Solo Mode" makes
of it, worked out by hand (spaces, corners and tiles read off the catalog's data, the rest from the
text). Positions are set up through the log's set-up and moves, or by placing pieces directly."""
from __future__ import annotations

import copy
import random

import orjson
import pytest

from ludolog.replayer.boonlake import GAME_ENGINE as GAME
from ludolog.replayer.boonlake import eminence, solo_turn
from ludolog.replayer.boonlake.state import Piece, Step
from ludolog.replayer.core import chance, parse_log, replay
from ludolog.replayer.core.errors import IllegalMove
from ludolog.replayer.core.game import CHANCE
from ludolog.replayer.core.log import GameLog, Player
from tests.boonlake.make_solo_cases import FIRST_TURNS, SETUP, STRIPS

EM = 1  # the Wise Eminence's internal seat in a 1-player game



def new(difficulty: str = "medium", strips=STRIPS, setup=None):
    setup = copy.deepcopy(setup or SETUP)
    setup["eminence"]["difficulty"] = difficulty
    setup["strips"] = list(strips)
    log = GameLog(file="t", raw={}, game="boonlake", format="ludolog/2", edition="2021", options={},
                  catalog=GAME.catalog_version, players=[Player("ana", "Ana")], setup=setup, seat_of={"ana": 0})
    return GAME.new_state(log)


def play(s, *moves):
    for m in moves:
        GAME.apply(s, m, 0 if "player" in m else None)


def reveal(tile: str, corner: str | None = "upper_left") -> dict:
    return {"type": "eminence", "tile": tile, **({"corner": corner} if corner else {})}


def A(t: str, **kw) -> dict:
    return {"type": t, "player": "ana", **kw}


def houses(s) -> list[tuple[int, int]]:
    return sorted(k for k, (o, p) in s.sites.items() if o == EM and p is Piece.HOUSE)


# -- set-up ----------------------------------------------------------------------------------

def test_solo_set_up():
    s = new()
    assert GAME.min_players == 1
    # "They get the starting player token (so you start with 7 coins)"; "The Wise Eminence and you alternate
    # turns; the Wise Eminence begins": the table reveals their tile first
    assert s.players[0].coins == 7
    assert GAME.to_move(s) == CHANCE and GAME.legal_moves(s)[0]["type"] == "eminence"
    # "Put their ship next to yours on the two-player starting space"; "a marker ... on the first space of the
    # cactus track and another on space "0" of the victory-point track"
    assert s.solo.ship == s.players[0].ship == "1"
    assert s.solo.cactus == 0 and s.solo.ledger.totals == [0]
    assert [b.claim_id for b in GAME.bot_seats(s)] == ["@wise-eminence"]


@pytest.mark.parametrize("level, a, b", [("easy", 5, 1), ("medium", 4, 2), ("challenge", 3, 3), ("difficult", 2, 4),
                                         ("very_difficult", 1, 5)])
def test_difficulty_leaves_six_tiles(level, a, b):
    # "Easy: remove 4 B-tiles; Medium: remove 1 A-tile and 3 B-tiles; Challenge: 2 A-tiles and 2 B-tiles;
    # Difficult: 3 A-tiles and 1 B-tile; Very difficult: remove 4 A-tiles" from 5 A and 5 B; "the remaining 6"
    assert new(level).solo.in_stack == {"A": a, "B": b}


def test_the_eminence_only_in_the_solo_game():
    two = copy.deepcopy(SETUP)
    two["players"]["ben"] = {"hand": ["S27", "D05", "D06", "S10", "N10", "N20"], "scoring_drawn": ["T05", "T07"],
                             "scoring_tile": "T05", "site": "wood"}
    del two["players"]["ana"]["coins"]
    log = GameLog(file="t", raw={}, game="boonlake", format="ludolog/2", edition="2021", options={},
                  catalog=GAME.catalog_version, players=[Player("ana", "Ana"), Player("ben", "Ben")], setup=two,
                  seat_of={"ana": 0, "ben": 1})
    with pytest.raises(IllegalMove) as exc:
        GAME.new_state(log)
    assert (exc.value.code, exc.value.pointer) == ("BOON.SETUP.SOLO", "/setup/eminence")


def test_solo_set_up_reports_every_wrong_value_at_once():
    # Two starting tiles on spaces a 1-2 player game does not use ("1 or 2 players: ... on the 6
    # matching gameboard spaces": 6 9 14 19 24 27) and the Wise Eminence given Ana's own scoring tile
    # ("Reveal a random scoring tile for them", so one of the other tiles in play: T05 T09 T13)
    setup = copy.deepcopy(SETUP)
    setup["tiles"] = {"6": "B01", "9": "B02", "14": "B03", "19": "B04", "25": "B05", "28": "B06"}
    setup["eminence"]["scoring_tile"] = "T01"
    log = GameLog(file="t", raw={}, game="boonlake", format="ludolog/2", edition="2021", options={},
                  catalog=GAME.catalog_version, players=[Player("ana", "Ana")], setup=setup, seat_of={"ana": 0})
    result = replay(log)
    found = [(v.code, v.pointer) for v in result.violations]
    assert ("BOON.SETUP.TILES", "/setup/tiles/25") in found and ("BOON.SETUP.TILES", "/setup/tiles/28") in found
    assert ("BOON.SETUP.SOLO_TILE", "/setup/eminence/scoring_tile") in found
    solo = next(v.message for v in result.violations if v.code == "BOON.SETUP.SOLO_TILE")
    assert "T01 was drawn by ana" in solo and solo.endswith("write T05 or T09 or T13")


def test_solo_set_up_without_the_eminence_names_what_to_write():
    setup = copy.deepcopy(SETUP)
    del setup["eminence"]
    log = GameLog(file="t", raw={}, game="boonlake", format="ludolog/2", edition="2021", options={},
                  catalog=GAME.catalog_version, players=[Player("ana", "Ana")], setup=setup, seat_of={"ana": 0})
    [v] = replay(log).violations
    assert (v.code, v.pointer) == ("BOON.SETUP.SOLO", "/setup") and "write 'eminence'" in v.message


# -- their turn ------------------------------------------------------------------------------

def test_first_turn_bottom_strip_furthest_action_location_and_ship():
    s = new()
    play(s, FIRST_TURNS[0])
    # A) bottommost strip Builder: "Any other action: advance 1 on the cactus track" (A-tile)
    assert s.solo.cactus == 1
    # B) solo-A5 shows progress (row 6), region scoring (row 4), settle (row 2): "the action whose strip is
    # furthest up" is Settle, moved to the bottom
    assert s.strips == ["pioneer", "cattle_breeding", "region_scoring", "hire", "progress", "builder", "settle"]
    # Settle: 1 structure; no house on the board, so a house; location 15 (upper left) -> 16, 17, 18 hold no
    # tile, 19 does: "upper site if 2"
    assert houses(s) == [(19, 0)] and s.solo.houses_left == 5
    # "then you may carry out the strip's right-side part": Settle's is Ana's to decide
    assert GAME.to_move(s) == 0
    play(s, A("pass"))
    # the ship: row 2 allows 5 steps, never wasted: river 2 3 4 5 6; no reward for them
    assert s.solo.ship == "6" and s.solo.ledger.totals == [0]
    assert s.current == 0 and s.step is Step.ACTION


def test_settle_at_the_bottom_on_a_b_tile_builds_two_houses_then_a_settlement():
    s = new(strips=["builder", "pioneer", "cattle_breeding", "region_scoring", "hire", "progress", "settle"])
    # solo-B1 (hire, builder, cattle breeding): Builder is furthest up: "advance 1 on the cactus track (2 on a B-tile)";
    # bottom strip Settle: "build 1 structure (2 structures on a B-tile)"; location 1 (upper right)
    play(s, reveal("solo-B1", "upper_right"))
    assert s.solo.cactus == 2
    # 1-5 hold no tile, 6 (one site) takes the first house; still "no more than 1 house": the second from 1 again,
    # 6 is full, 9 is the next tile
    assert houses(s) == [(6, 0), (9, 0)] and s.solo.houses_left == 4
    # "If they already have 2+ houses on the board, they replace one of their houses with a settlement": from 8 on, 9
    eminence.build_structure(s, 8)
    assert houses(s) == [(6, 0)] and s.sites[(9, 0)] == (EM, Piece.SETTLEMENT)
    assert s.solo.settlements_left == 3 and s.solo.houses_left == 4  # the house is removed from the game


def test_ten_vp_instead_of_a_structure_or_cattle():
    s = new()
    s.solo.houses_left = s.solo.settlements_left = 0
    eminence.build_structure(s, 1)
    s.solo.cattle_left = 0
    eminence.place_cattle(s, 1)
    # "If no structure remains on their board, they earn 10 VP instead"; "If all 5 of their cattle are on the
    # board, they earn 10 VP instead"
    assert [e.delta for e in s.solo.ledger.events] == [10, 10]


def test_cattle_on_the_single_highest_difference_then_fewest_cattle_then_corner():
    s = new()
    cat = s.cat
    assert 13 in cat.spaces[6].adjacent and 20 in cat.spaces[27].adjacent  # the position's premises
    assert 6 not in cat.spaces[20].adjacent and 27 not in cat.spaces[13].adjacent
    for space in (13, 20):
        s.tiles[space] = "pasture"
        s.cattle[space] = []
    s.sites[(6, 0)] = (0, Piece.HOUSE)  # next to pasture 13
    s.sites[(27, 0)] = (0, Piece.SETTLEMENT)  # next to pasture 20
    # both: 1 structure - 0 cattle; fewest cattle tie too; then the corner number: from 15 on, 20 comes first
    eminence.place_cattle(s, 15)
    assert s.cattle[20] == [EM]
    # now 20 has 1 - 1 = 0, 13 has 1: the single highest difference
    eminence.place_cattle(s, 15)
    assert s.cattle[13] == [EM] and s.solo.cattle_left == 3
    # 13: 1 structure - 1 cattle = 0; a second house next to 20 makes it 2 - 1 = 1: the highest again
    s.sites[(27, 1)] = (0, Piece.HOUSE)
    eminence.place_cattle(s, 1)
    assert s.cattle[20] == [EM, EM]


def _regions_position(s):
    # Ana: 2 in Boonlake (19, 24), 2 in New Hope (9, 14); the Wise Eminence: 1 in New Hope (9, site 2)
    for site in ((19, 0), (24, 0), (9, 0), (14, 0)):
        s.sites[site] = (0, Piece.INHABITANT)
    s.sites[(9, 1)] = (EM, Piece.HOUSE)


@pytest.mark.parametrize("tile, label_vp, presence_vp, cactus", [("solo-A3", 4, 1, 1), ("solo-B4", 4, 2, 2)])
def test_their_region_scoring(tile, label_vp, presence_vp, cactus):
    s = new(strips=["region_scoring", "pioneer", "settle", "cattle_breeding", "hire", "progress", "builder"])
    _regions_position(s)
    coins = s.players[0].coins
    play(s, reveal(tile))
    # yours minus theirs: Boonlake 2, New Hope 2 - 1 = 1, the others 0: "the region with the highest difference";
    # "earn VP (4 for Boonlake, otherwise 3)"; the other 3: "you get 1 coin per presence [New Hope: 2]; they get
    # 1 VP per presence, or 2 on a B-tile [New Hope: 1]"
    assert s.covered == {"boonlake"}
    assert [e.delta for e in s.solo.ledger.events] == [label_vp, presence_vp]
    assert s.players[0].coins == coins + 2 and s.solo.cactus == cactus


def test_their_region_scoring_tie_goes_north_and_skips_covered():
    s = new(strips=["region_scoring", "pioneer", "settle", "cattle_breeding", "hire", "progress", "builder"])
    s.covered.add("unknown")
    play(s, reveal("solo-A3"))
    # every difference 0: "ties: the most northern" - Unknown is covered ("skip regions whose rewards are already
    # covered"), so New Hope, the next to the north: 3 VP ("otherwise 3")
    assert s.covered == {"unknown", "new_hope"} and s.solo.ledger.totals == [3]


def test_your_region_scoring_gives_them_1_vp_per_presence():
    s = new()
    _regions_position(s)
    s.sites[(27, 0)] = (EM, Piece.HOUSE)  # Southern
    s.current, s.step = 0, Step.ACTION  # Ana's turn
    play(s, A("action", strip="region_scoring"), A("pass"), A("region", region="southern"))
    # "they earn 1 VP per presence in the three scored regions": New Hope 1 (Southern is not scored)
    assert s.solo.ledger.totals == [1]


def test_pioneer_two_tiles_a_house_on_the_second_and_their_ship():
    s = new()
    # solo-B3 (progress, hire, pioneer): Pioneer is on row 1; location 7 (upper right)
    play(s, reveal("solo-B3", "upper_right"))
    # "draw and place a building tile twice (adjacent to >=1 tile)": 7 is next to 6; then 7 is taken, 8 is next to 9
    assert GAME.to_move(s) == CHANCE and [m["type"] for m in GAME.legal_moves(s)] == ["mound"] * 25
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(GAME.clone(s), A("pass"), 0)
    assert exc.value.code == "BOON.TURN.WRONG_STEP"
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(GAME.clone(s), {"type": "mound", "tile": "B01"}, None)
    assert exc.value.code == "BOON.EXPLORE.TILE"
    play(s, {"type": "mound", "tile": "B27"}, {"type": "mound", "tile": "B28"})
    assert s.tiles[7] == "B27" and s.tiles[8] == "B28"
    # "then place their top house on the second tile placed (upper site if 2)"
    assert houses(s) == [(8, 0)]
    # "On a B-tile, +1 on the cactus track", after the bottom strip Builder's 2
    assert s.solo.cactus == 3
    # Pioneer's right side ("all the others") is Ana's; then their ship: 6 steps, river 7, whose 1 VP they do not take
    assert GAME.acting_seats(s) == frozenset({0})
    play(s, A("pass"))
    assert s.solo.ship == "7" and s.solo.ledger.totals == [0]


@pytest.mark.parametrize("tile, corner, space, cactus", [("solo-A2", "upper_left", 2, 1 + 1), ("solo-B1", "upper_right", 1, 2 + 2)])
def test_hire_one_tile_and_the_cactus_track(tile, corner, space, cactus):
    s = new(strips=["hire", "pioneer", "settle", "cattle_breeding", "region_scoring", "progress", "builder"])
    play(s, reveal(tile, corner), {"type": "mound", "tile": "B30"})
    # "draw a building tile, choose a location (adjacent to >=1 tile), then advance 1 on the cactus track (2 on a
    # B-tile)" (after the bottom strip's 1 or 2)
    assert s.tiles[space] == "B30" and s.solo.cactus == cactus


def test_cattle_breeding_lays_a_pasture_then_a_cattle():
    s = new(strips=["cattle_breeding", "pioneer", "settle", "region_scoring", "hire", "progress", "builder"])
    pastures = s.pastures_left
    play(s, reveal("solo-A4", "lower_left"))
    # location 25, open and next to 19 and 24: the pasture; the only pasture takes their cattle
    assert s.tiles[25] == "pasture" and s.cattle[25] == [EM] and s.pastures_left == pastures - 1
    assert s.solo.cattle_left == 4 and s.solo.cactus == 1  # no cactus step on an A-tile, 1 for the bottom Builder


def test_the_stack_depleted_upper_left_then_remixed():
    s = new("very_difficult")  # 1 A-tile and 5 B-tiles
    s.solo.revealed = ["solo-B1", "solo-B2", "solo-B3", "solo-B4", "solo-A1"]
    s.solo.known = list(s.solo.revealed)
    # the sixth and last: only solo-B5 can it be, and no corner is written
    assert GAME.legal_moves(s) == [{"type": "eminence", "tile": "solo-B5"}]
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(GAME.clone(s), reveal("solo-B5", "lower_left"), None)
    assert (exc.value.code, exc.value.pointer) == ("BOON.SOLO.CORNER", "/corner")
    play(s, reveal("solo-B5", None))
    # "If the stack is depleted, they always use the number in the upper-left corner": 27 (solo-B5); Settle on a
    # B-tile twice: both sites of the tile on 27
    assert houses(s) == [(27, 0), (27, 1)]
    play(s, A("pass"))  # Settle's right side; then their ship, and "remix the 6 tiles ... as a new stack"
    assert s.solo.revealed == [] and s.solo.stacks == 2
    assert sorted(solo_turn.possible_tiles(s)) == sorted(s.solo.known) and len(s.solo.known) == 6
    with pytest.raises(IllegalMove) as exc:
        solo_turn.check_reveal(s, reveal("solo-A2"))
    assert exc.value.code == "BOON.SOLO.REMOVED"


def test_their_lock_triggers_an_interim_scoring_with_their_income():
    s = new()
    s.solo.ship = "13"
    play(s, FIRST_TURNS[0], A("pass"))
    # 5 steps from 13: 14 15 | lock 1 | 16 U1 U2 - "If they cross a lock before you, they trigger an interim scoring"
    assert s.solo.ship == "U2" and s.step is Step.INTERIM
    play(s, A("score", tile="T09"))
    # "The Wise Eminence only does the income phase": 1 house removed (the first house space) + cactus position 1
    board = s.cat.solo_board
    assert s.solo.ledger.by_category(0) == {"income": board["houses"][0] + board["cactus"][1]}


def test_their_income_last_vacated_spaces_cactus_and_cattle_next_to_settlements():
    s = new()
    board = s.cat.solo_board
    # "scoring VP for houses, settlements, cattle, and the cactus track (the VP shown on each last-vacated space),
    # plus 1 VP per adjacent settlement for each of their cattle"
    assert eminence.income(s) == board["cactus"][0]
    s.solo.houses_left, s.solo.settlements_left, s.solo.cactus = len(board["houses"]) - 2, len(board["settlements"]) - 1, 3
    pasture = next(n for n in range(1, 34) if n not in s.tiles and len(s.cat.spaces[n].adjacent) >= 2)
    s.tiles[pasture], s.cattle[pasture] = "pasture", [EM]
    for m in s.cat.spaces[pasture].adjacent[:2]:  # a settlement of any owner on each of two adjacent tiles
        s.tiles.setdefault(m, "B01")
        s.sites[(m, 0)] = (0, Piece.SETTLEMENT)
    assert eminence.income(s) == board["houses"][1] + board["settlements"][0] + board["cactus"][3] + 2


def test_their_ship_ends_the_first_round_both_ships_back():
    s = new()
    s.scorings, s.crossed = 1, {"lock-1"}
    s.solo.ship, s.players[0].ship = "U15", "U10"
    play(s, FIRST_TURNS[0], A("pass"))
    # only U16 lies ahead: "never wastes steps (unless moving onto the last river space)"; lock 2 -> interim 2
    assert s.solo.ship == "U16" and s.step is Step.INTERIM
    play(s, A("score", tile="T09"))
    # "if it ends the first round, put both ships back on the first river space, then it's your turn"
    assert s.rnd == 2 and s.solo.ship == s.players[0].ship == "1" and s.current == 0


def test_final_scoring_income_once_more_and_unrevealed_b_tiles():
    s = new("medium")  # 4 A and 2 B in the stack
    s.solo.revealed = ["solo-B1", "solo-A1"]
    s.solo.houses_left, s.solo.settlements_left, s.solo.cactus = 4, 3, 0
    eminence.final_scoring(s)
    board = s.cat.solo_board
    # "the Wise Eminence gets their income one more time" (2 houses, 1 settlement removed); "for every
    # yet-unrevealed B-tile, they score 10 VP" (2 - 1)
    assert [e.delta for e in s.solo.ledger.events] == [board["houses"][1] + board["settlements"][0], 10]


def test_the_player_wins_on_equal_points():
    s = new()
    s.ledger.add(0, 50, "t", "t")
    s.solo.ledger.add(0, 50, "t", "t")
    # "If you have the same or more victory points as the Wise Eminence, you win"
    assert GAME.winners(s) == [0] and GAME.bot_winners(s) == []
    s.solo.ledger.add(0, 1, "t", "t")
    assert GAME.winners(s) == [] and GAME.bot_winners(s) == ["wise-eminence"]


# -- legal moves and random play -------------------------------------------------------------

def test_first_reveal_listing_every_tile_and_corner():
    s = new()
    moves = GAME.legal_moves(s)
    assert len(moves) == 10 * 4  # any of the 10 may lie on top; the next tile in any of 4 orientations
    for m in moves:
        GAME.apply(GAME.clone(s), m, None)


def test_random_reveals_have_the_stacks_odds():
    s = new("medium")  # 4 of the 6 are A-tiles, whichever they are
    rng = random.Random(3)
    outcomes = GAME.chance_outcomes(s)
    grades = [s.cat.solo_tiles[chance.pick(outcomes, rng)["tile"]].grade for _ in range(3000)]
    assert 0.62 < grades.count("A") / 3000 < 0.71


@pytest.mark.parametrize("level", ["easy", "medium", "challenge", "difficult", "very_difficult"])
def test_random_solo_games_replay_valid_at_every_difficulty(level):
    rng = random.Random(level)
    setup = GAME.random_setup(rng, 1, {})
    setup["eminence"]["difficulty"] = level
    raw = {"format": "ludolog/2", "game": "boonlake", "edition": "2021", "catalog": GAME.catalog_version, "options": {},
           "players": [{"id": "ana", "name": "Ana"}], "setup": setup, "moves": []}
    s = new(level, setup["strips"], setup)
    while not GAME.is_terminal(s):
        assert len(raw["moves"]) < 5000
        move = GAME.random_move(s, rng)
        s.ledger.move_index = s.solo.ledger.move_index = len(raw["moves"])
        play(s, move)
        raw["moves"].append(move)
    raw["claimed"] = {"final": {"ana": s.ledger.totals[0], "@wise-eminence": s.solo.ledger.totals[0]}}
    result = replay(parse_log(orjson.dumps(raw), "solo.json"))
    assert result.status == "valid" and result.violations == []
    assert result.bot_scores == {"wise-eminence": s.solo.ledger.totals[0]}
    assert any(m["type"] == "eminence" for m in raw["moves"])


# -- their pieces on the board and the player's rules ------------------------------------------

def test_their_structures_ignore_tile_effects_and_the_three_presences():
    s = new()
    # space 14 holds B03 (pay 2 coins, gain 3 VP): "ignoring all building-tile effects"
    eminence.build_structure(s, 14)
    assert houses(s) == [(14, 0)] and s.solo.ledger.totals == [0]
    eminence.build_structure(s, 24)  # B05 on 24 (1 coin; 3 VP for a settlement there)
    # 2 houses: the next structure is a settlement on the first of their houses from 20 on: 24, with no presence
    # around it ("ignoring the 3-presence rule") and, read alike, without the site's settlement VP
    eminence.build_structure(s, 20)
    assert s.sites[(24, 0)] == (EM, Piece.SETTLEMENT) and s.solo.ledger.totals == [0]


def test_your_ship_skips_theirs():
    s = new()
    play(s, *FIRST_TURNS[:7])  # their ship on river 6; Ana has taken Pioneer (6 steps) and passed its parts
    assert s.step is Step.SHIP and s.solo.ship == "6"
    # "Spaces occupied by other ships are skipped over and not counted": 2 3 4 5 (6 skipped) 7 8
    for to, code in (("6", "BOON.SHIP.OCCUPIED"), ("9", "BOON.SHIP.TOO_FAR")):
        with pytest.raises(IllegalMove) as exc:
            GAME.apply(GAME.clone(s), A("ship", to=to), 0)
        assert exc.value.code == code
    play(s, A("ship", to="8"))
    assert s.players[0].ship == "8"


def test_their_pieces_are_presences_and_houses_for_your_rules():
    from ludolog.replayer.boonlake import building

    s = new()
    assert 15 in s.cat.spaces[9].adjacent
    s.sites[(9, 0)] = (0, Piece.HOUSE)
    s.sites[(9, 1)] = (EM, Piece.HOUSE)
    s.tiles[15], s.cattle[15] = "pasture", [EM, EM]
    p = s.players[0]
    p.ranch, coins = 6, p.coins
    # "2 coins for each house (any owner) on a building tile adjacent to the chosen pasture": theirs and Ana's on 9
    building.place_cattle(s, 0, {"type": "cattle", "player": "ana", "space": 15})
    assert p.coins == coins + 4 and p.ranch == 3  # a pasture holding 2 cattle: 3 inhabitants
    # "adjacent to at least 3 presences ... any owner": their house on the same tile and their 2 cattle next to it
    building.upgrade(s, 0, {"type": "upgrade", "player": "ana", "space": 9, "site": 1, "to": "settlement"})
    assert s.sites[(9, 0)] == (0, Piece.SETTLEMENT)


def test_an_empty_mound_or_no_house_left_wastes_the_effect():
    s = new(strips=["hire", "pioneer", "settle", "cattle_breeding", "region_scoring", "progress", "builder"])
    for tile in sorted(s.mound.possible()):
        s.mound.reveal(tile)
    tiles = dict(s.tiles)
    play(s, reveal("solo-A2", "upper_left"))
    # no gray tile left to draw: nothing placed, no 'mound' move due; the cactus steps still count (1 + 1)
    assert s.tiles == tiles and not s.solo.pending_tiles and s.solo.cactus == 2 and GAME.acting_seats(s) == {0}
    s = new()
    s.solo.houses_left = 0
    play(s, reveal("solo-B3", "upper_right"), {"type": "mound", "tile": "B27"}, {"type": "mound", "tile": "B28"})
    # Pioneer's "top house" with none left on their board: the two tiles only
    assert s.tiles[7] == "B27" and s.tiles[8] == "B28" and houses(s) == []
