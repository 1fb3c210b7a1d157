"""Die arithmetic, depot set-up by player count and phase, and the base game's scoring tables.

Quotes are from rules/supplements/castles-of-burgundy-base.md (the rules text covers only the Solo
amendments); every expectation is the sentence's number or a computation made here by hand.
"""
from __future__ import annotations

from collections import Counter

import pytest

from ludolog.replayer.castles_of_burgundy.answers import workers_needed
from ludolog.replayer.castles_of_burgundy.catalog import load_catalog
from ludolog.replayer.castles_of_burgundy.geometry import Colour
from ludolog.replayer.castles_of_burgundy.depots import (
    phase_spaces, ring_neighbours, supplies)
from ludolog.replayer.castles_of_burgundy.scoring import (
    EstateSummary, Standing, animal_vp, colour_bonus_vp, knowledge_vp, ranking, region_vp, sale_vp)

B, G, K, S, C, M = (Colour.BUILDING, Colour.PASTURE, Colour.KNOWLEDGE, Colour.SHIP, Colour.CASTLE, Colour.MINE)


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def tiles_by_colour(cat, players: int, phase: str) -> Counter:
    """Colour -> tiles the numbered depots take at the start of ``phase``."""
    return Counter(s.colour for spaces in phase_spaces(cat, players, phase).values() for s in spaces)


# --- dice (supplement 6.1) -------------------------------------------------------------------------

@pytest.mark.parametrize("a, b, workers", [(1, 1, 0), (6, 1, 1), (1, 6, 1), (2, 5, 3), (1, 4, 3), (5, 1, 2), (3, 1, 2)])
def test_worker_cost_is_the_wrapped_distance(a, b, workers):
    # "Each worker changes that die by +-1, and the numbers wrap around (6 -> 1 and 1 -> 6)."
    # "Cost to turn value a into b: d = min(|a-b|, 6-|a-b|) workers."
    assert workers_needed(a, b) == workers


def test_worker_cost_with_knowledge_8_and_the_free_adjustments():
    # "With knowledge #8, each worker moves the die by up to 2, so the cost is ceil(d/2)."
    assert workers_needed(1, 4, step=2) == 2  # d = 3
    assert workers_needed(1, 3, step=2) == 1  # d = 2
    # "Knowledge #9-#12 give a free +-1 ... the cost becomes ceil(max(0, d-1)/step)"
    assert workers_needed(1, 2, free=1) == 0
    assert workers_needed(1, 4, free=1) == 2
    assert workers_needed(1, 4, step=2, free=1) == 1


# --- depots (supplement 3.1, 3.2) --------------------------------------------------------------------

# "| Depot | used with 2 players | + added with 3 players | + added with 4 players |"
DEPOT_TABLE = {1: ([B, S], K, G), 2: ([K, C], B, B), 3: ([G, B], S, K), 4: ([S, B], G, M), 5: ([M, K], B, B),
               6: ([B, G], C, S)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_depot_spaces_by_player_count_phase_a(cat, players):
    layout = phase_spaces(cat, players, "A")
    for depot, (two, three, four) in DEPOT_TABLE.items():
        expected = two + [three] * (players >= 3) + [four] * (players == 4)
        assert Counter(s.colour for s in layout[depot]) == Counter(expected), depot


def test_tiles_per_phase(cat):
    # "Tiles per phase in depots 1-6: 2 players = 12, 3 players = 18, 4 players = 24."
    assert [sum(tiles_by_colour(cat, n, "A").values()) for n in (2, 3, 4)] == [12, 18, 24]


def test_three_player_exception(cat):
    # "in phases B and D, the 3-player space of depot 6 gets a mine instead of a castle. In phases A, C
    # and E it gets a castle. ... In a 4-player game that space always holds a castle."
    for phase, colour in zip("ABCDE", [C, M, C, M, C]):
        assert [s.colour for s in phase_spaces(cat, 3, phase)[6]] == [B, G, colour], phase
        assert [s.colour for s in phase_spaces(cat, 4, phase)[6]] == [B, G, C, S], phase


def test_four_player_game_uses_every_normal_tile(cat):
    # "With 4 players, depots 1-6 take exactly 24 normal-back tiles per phase, i.e. 120 over 5 phases.
    # That is 40 buildings, 20 ships, 20 knowledge, 20 animals, 10 castles and 10 mines. Adding the 4
    # starting castles gives the 124 normal-back tiles."
    total = Counter()
    for phase in cat.phases:
        total += tiles_by_colour(cat, 4, phase)
    assert total == {B: 40, S: 20, K: 20, G: 20, C: 10, M: 10}
    normal = Counter()
    for kind in cat.hex_kinds.values():
        normal[kind.colour] += kind.normal_back
    total[C] += 4
    assert total == normal


def test_black_depot_by_player_count(cat):
    # "**2 players: 4, 3 players: 6, 4 players: 8**"; "The black depot takes 8 tiles per phase with 4
    # players, i.e. 40 over 5 phases = all black-back tiles."
    assert [cat.black_depot[n] for n in (2, 3, 4)] == [4, 6, 8]
    assert cat.black_depot[4] * len(cat.phases) == 40


def test_depot_ring(cat):
    # "the six depots form a ring around the black depot, so 1-2-3-4-5-6-1. ... The ring includes 6-1"
    assert [ring_neighbours(cat, d)[1] for d in range(1, 7)] == [2, 3, 4, 5, 6, 1]  # the next one clockwise
    assert ring_neighbours(cat, 1) == (6, 2) and ring_neighbours(cat, 6) == (5, 1)



# --- scoring (supplement 10, 11, 6.4, 8, 5.3) ------------------------------------------------------

def test_region_vp_table(cat):
    # "| VP | 1 | 3 | 6 | 10 | 15 | 21 | 28 | 36 |" "(the formula is size*(size+1)/2), **plus** a phase
    # bonus: | A | B | C | D | E | -> 10 | 8 | 6 | 4 | 2"
    assert [region_vp(cat, n, "E") - 2 for n in range(1, 9)] == [1, 3, 6, 10, 15, 21, 28, 36]
    assert [region_vp(cat, n, "E") - 2 for n in range(1, 9)] == [n * (n + 1) // 2 for n in range(1, 9)]
    assert [region_vp(cat, 1, p) - 1 for p in "ABCDE"] == [10, 8, 6, 4, 2]
    assert region_vp(cat, 3, "A") == 16 and region_vp(cat, 8, "E") == 38


def test_colour_bonus_first_and_second(cat):
    # "The **first** player ... takes that colour's **large** bonus tile; the **second** player takes the
    # **small** one. Values: large = **N+3** and small = **N** ... Later finishers get nothing."
    for n in (2, 3, 4):
        assert [colour_bonus_vp(cat, n, rank) for rank in (1, 2, 3, 4)] == [n + 3, n, 0, 0]


def test_sale_vp_is_players_per_tile(cat):
    # "Gain **exactly 1 silverling** per sale, whatever the quantity, plus **N VP per tile sold**"
    assert sale_vp(cat, 3, 2) == 6 and sale_vp(cat, 3, 4) == 12 and sale_vp(cat, 1, 3) == 3


def test_animal_scoring_rulebook_example():
    # "The rulebook example: a 4-cow tile next to a 3-cow tile scores 7; a later second 4-cow tile there
    # scores 4+4+3 = 11."
    assert animal_vp(4, [3]) == 7
    assert animal_vp(4, [4, 3]) == 11
    # "With #7: +1 VP for each tile of that type counted, including the new one."
    assert animal_vp(4, [4, 3], bonus_per_tile=1) == 14
    assert animal_vp(2, []) == 2


def test_end_of_game_knowledge_vp(cat):
    estate = EstateSummary(buildings={"warehouse": 2, "bank": 1}, animal_types=3, goods_types_sold=4,
                           goods_sold=11, bonus_tiles=2)
    k = cat.knowledge
    assert knowledge_vp(k[16].effect, estate) == 8  # "4 VP per warehouse"
    assert knowledge_vp(k[22].effect, estate) == 4  # "4 VP per bank"
    assert knowledge_vp(k[17].effect, estate) == 0  # no watchtower
    assert knowledge_vp(k[15].effect, estate) == 12  # "3 VP per **different goods type** the player has sold"
    assert knowledge_vp(k[24].effect, estate) == 12  # "4 VP per **different animal type**"
    assert knowledge_vp(k[25].effect, estate) == 11  # "1 VP per **goods tile sold**"
    assert knowledge_vp(k[26].effect, estate) == 4  # "2 VP per **bonus tile**"
    assert knowledge_vp(k[1].effect, estate) == 0  # not a scoring tile


def test_tie_break(cat):
    standings = [Standing("ann", 150, 3, 0), Standing("bob", 150, 3, 2), Standing("cy", 150, 1, 1),
                 Standing("di", 160, 9, 3)]
    # Board Game Arena: "If there is a tie, the player with the most unused hex spaces in their duchy wins"; then
    # (its forum, zzooppii's 2019 ranking) the tied player further back in turn order: bob (2) before ann (0)
    assert ranking(standings, cat.economy.tie_break) == (("di",), ("bob",), ("ann",), ("cy",))
    assert ranking(standings, tuple(cat.economy.tie_break)[:1]) == (("di",), ("ann", "bob"), ("cy",))
    # "the SE implementation uses first fewer empty estate spaces, then the player further back in turn order"
    se = load_catalog(edition="awaken-realms-2023").economy.tie_break
    assert ranking(standings, se) == (("di",), ("cy",), ("bob",), ("ann",))
    assert ranking(standings, ()) == (("di",), ("ann", "bob", "cy"))


def test_supplies_by_back(cat):
    # "Sort the hex tiles by back colour into face-down supplies (6 colour stacks plus a black stack)."
    sizes = {name: sum(kinds.values()) for name, kinds in supplies(cat).items()}
    assert sizes == {"building": 40, "pasture": 20, "knowledge": 20, "ship": 20, "castle": 14, "mine": 10, "black": 40}
    assert supplies(cat)["black"]["knowledge-7"] == 1 and "knowledge-7" not in supplies(cat)["knowledge"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_game_needs_more_tiles_than_a_supply_holds(cat, players):
    # five phases of depot set-ups plus one starting castle per player (independent sum per colour)
    need = Counter()
    for phase in cat.phases:
        need += tiles_by_colour(cat, players, phase)
    need[C] += players
    pools = supplies(cat)
    assert all(need[c] <= sum(pools[c.value].values()) for c in Colour)
    assert cat.black_depot[players] * len(cat.phases) <= sum(pools["black"].values())
