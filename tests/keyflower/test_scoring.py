"""Final scoring of every tile as the texts state, and the 'each item scored once' allocation.

Expectations are the texts' numbers worked by hand; the allocation search is also checked against
an independent brute force that tries every assignment of every single item.
"""
import itertools
import random

import pytest

from ludolog.replayer.core.errors import IllegalMove
from ludolog.replayer.keyflower.allocation import Rule, best_allocation, check_allocation
from ludolog.replayer.keyflower.catalog import ITEM_TYPES
from ludolog.replayer.keyflower.geometry import PlacedTile, Village
from ludolog.replayer.keyflower.scoring import Holdings, final_score

from .conftest import catalog_with_edges

CAT = catalog_with_edges({"home_1": "WRRRRR", "keywood": "RRRRRR", "key_mine": "RRRRRR", "stable": "RRRRRR",
                          "boat_1": "WFFWFF", "boat_2": "WFFWFF", "sea_breese": "WFFWFF", "turn_order_1": "RRRRRR"})
# coordinates around the home tile far enough apart that no geometry scoring is involved
SPOTS = [(3 * k, 0) for k in range(1, 20)]


def score(tiles, workers=(), skills=(), purple=False, home_resources=(0, 0, 0, 0)):
    placed = [PlacedTile("home_1", (0, 0), resources=home_resources)]
    for spot, t in zip(SPOTS, tiles):
        placed.append(t if isinstance(t, PlacedTile) else PlacedTile(t, spot))
    return final_score(Village(CAT, placed), Holdings(tuple(workers), tuple(skills), purple))


def points(result, source):
    return sum(line.points for line in result.lines if line.source == source)


def test_keythedral_scores_12():
    # "Keythedral: The owner scores 12 points."
    assert points(score(["keythedral"]), "keythedral") == 12


@pytest.mark.parametrize("skills,expected", [(4, 0), (5, 10), (9, 10), (10, 20), (11, 20)])
def test_key_guild_10_per_5_skill_tiles(skills, expected):
    # "The owner gets 10 points for every 5 skill tiles the player possesses at the end of the game."
    s = score(["key_guild"], skills=[("saw", skills // 2), ("anvil", skills - skills // 2)])
    assert points(s, "key_guild") == expected


@pytest.mark.parametrize("workers,expected", [(4, 0), (5, 3), (14, 6), (15, 9)])
def test_apothecary_3_per_5_workers_including_green(workers, expected):
    # "The owner gets 3 points for every 5 workers (including green)"
    s = score(["apothecary"], workers=[("green", 2), ("red", workers - 2)])
    assert points(s, "apothecary") == expected


def test_windmill_5_per_5_resources_and_the_rest_of_the_gold():
    # "5 points for every 5 resources of any type"; gold not allocated scores 1 each
    s = score(["windmill"], home_resources=(3, 2, 1, 2))  # 8 resources: one group of 5 from wood, stone, iron
    # the group of five takes the six non-gold ones first, so both gold keep their point
    assert points(s, "windmill") == 5 and points(s, "gold") == 2 and s.total == 7


def test_windmill_takes_gold_only_when_it_gains_by_it():
    s = score(["windmill"], home_resources=(2, 0, 0, 3))  # 5 resources: 5 points beat 3 gold points
    assert points(s, "windmill") == 5 and points(s, "gold") == 0


def test_craftsmans_guild_sets_without_green():
    # "3 points for each set of blue, red and yellow workers ... green workers cannot be used in substitution"
    s = score(["craftsmans_guild"], workers=[("blue", 3), ("red", 2), ("yellow", 5), ("green", 4)])
    assert points(s, "craftsmans_guild") == 6


def test_jeweller_gold_scores_twice_instead_of_once():
    # "2 points for every gold resource they own at the end of the game instead of the usual 1 point"
    s = score(["jeweller"], home_resources=(0, 0, 0, 4))
    assert points(s, "jeweller") == 8 and points(s, "gold") == 0 and s.total == 8


def test_key_market_two_per_green_worker():
    s = score(["key_market"], workers=[("green", 3), ("red", 6)])
    assert points(s, "key_market") == 6


def test_mercers_guild_gold_substitutes_and_then_scores_nothing_else():
    # "5 points for each set of three different resources ... gold can be used in substitution of any of the
    #  other types of resource, but if it is used in this way the gold does not then also score 1 point"
    s = score(["mercers_guild"], home_resources=(2, 1, 0, 2))
    # sets: wood + stone + gold(as iron); the second wood needs two more: gold(as stone) + nothing -> 1 set
    assert points(s, "mercers_guild") == 5 and points(s, "gold") == 1 and s.total == 6
    s = score(["mercers_guild"], home_resources=(2, 2, 2, 0))
    assert points(s, "mercers_guild") == 10


def test_scholar_scribes_and_village_hall_choose_a_type():
    # Scholar: "3 points for each skill tile of that type"; Scribes: "10 points for each set of three different"
    s = score(["scholar"], skills=[("saw", 2), ("pickaxe", 4), ("anvil", 1)])
    assert points(s, "scholar") == 12
    s = score(["scribes"], skills=[("saw", 2), ("pickaxe", 4), ("anvil", 3)])
    assert points(s, "scribes") == 20
    # both: 2 sets (20) + the 2 pick-axes left to the Scholar (6) beat 4 pick-axes (12) + 1 set (10)
    s = score(["scholar", "scribes"], skills=[("saw", 2), ("pickaxe", 4), ("anvil", 3)])
    assert points(s, "scribes") == 20 and points(s, "scholar") == 6
    # Village Hall: "1 point for each worker of that colour"
    s = score(["village_hall"], workers=[("red", 2), ("yellow", 7), ("blue", 3)])
    assert points(s, "village_hall") == 7


def test_watermill_one_chosen_resource_type():
    # "1 point for each resources of that type ... no point in the player choosing gold"
    s = score(["watermill"], home_resources=(4, 2, 1, 3))
    assert points(s, "watermill") == 4 and points(s, "gold") == 3


def test_white_wind_scores_only_workers_no_other_tile_scored():
    # "each worker can only be scored once. If the worker is already being scored by the apothecary,
    #  craftsman's guild, Key market or village hall, it cannot also be scored by the White Wind."
    s = score(["key_market", "white_wind"], workers=[("green", 3), ("red", 2)])
    assert points(s, "key_market") == 6 and points(s, "white_wind") == 2 and s.total == 8
    s = score(["apothecary", "white_wind"], workers=[("red", 7)])
    assert points(s, "white_wind") == 7 and points(s, "apothecary") == 0  # 1 each beats 3 per 5


def test_yards_score_what_lies_on_them_and_nothing_else():
    # Timber Yard front: 2 per wood on it (KFW); the stone on it is free for the Watermill
    yard = PlacedTile("timber_yard", (9, 9), resources=(3, 1, 0, 0))
    s = score([yard, "watermill"], home_resources=(1, 0, 0, 0))
    assert points(s, "timber_yard") == 6
    assert points(s, "watermill") == 1  # one wood at home or the stone: wood on the yard is not "counted for the other" tiles
    up = PlacedTile("timber_yard", (9, 9), side="upgraded", resources=(2, 0, 0, 1))
    s = score([up])
    # gold on a yard counts as its resource "the gold does not also score one point for being gold"
    assert points(s, "timber_yard") == 9 and points(s, "gold") == 0
    barn = PlacedTile("barn", (9, 9), resources=(1, 1, 1, 1))
    assert points(score([barn]), "barn") == 4


def test_boat_3b_counts_any_resource_as_any_other():
    # "For game end scoring purposes, gold, iron, stone and wood can be counted in substitution for any other type"
    boat = PlacedTile("boat_3", (9, 9), side="b")
    s = score([boat, "watermill"], home_resources=(2, 2, 1, 0))
    assert points(s, "watermill") == 5
    yard = PlacedTile("stone_yard", (12, 9), resources=(2, 0, 0, 0))
    assert points(score([boat, yard]), "stone_yard") == 4


def test_the_purple_keyple_is_declared_as_whatever_scores_best():
    # "the purple start player marker may be declared ... as a resource, skill or worker of any colour"
    s = score(["key_guild"], skills=[("saw", 4)], purple=True)
    assert points(s, "key_guild") == 10
    s = score(["key_market"], workers=[("green", 1)], purple=True)
    assert points(s, "key_market") == 4
    yard = PlacedTile("blacksmith", (9, 9), side="upgraded", resources=(0, 0, 1, 0))
    assert points(score([yard], purple=True), "blacksmith") == 6  # "placed on the ... blacksmith"


def test_the_purple_keyple_with_nothing_to_join_scores_as_one_gold_counter():
    # Rulebook, Game end scoring: the keyple "may be declared ... as a resource" and "Gold counters are worth one
    # point each if they have not been allocated to any of the scoring tiles": with no tile scoring items, its
    # best declaration is a gold counter, 1 point; without the keyple the same village scores nothing
    assert score([], purple=True).total == 1 and score([]).total == 0
    # declared as a resource it joins the others (3 gold + the keyple: 4 unallocated gold counters)
    assert score([], purple=True, home_resources=(0, 0, 0, 3)).total == 4


def test_the_readings_cite_the_rulebook_for_the_keyple_and_the_boat_order():
    # the two readings the texts and the supplement leave open or state otherwise, each with its source sentence
    import ludolog.replayer.keyflower as package
    from ludolog.replayer.keyflower import scoring
    from ludolog.replayer.keyflower.seasons import boat_order, end_season

    words = " ".join(scoring.__doc__.split())
    assert ("may be declared by the player who successfully bid for it as a resource, skill or worker of any colour"
            in words) and "Game end scoring" in words
    assert "the player winning the tile depicting the purple start player worker" in " ".join(end_season.__doc__.split())
    doc = " ".join(boat_order.__doc__.split())
    assert "End of season 5a ii" in doc and "5a iv" in doc and "the rulebook is the more precise text and wins" in doc
    assert "the existing start player remains the start player for the purposes of collecting the boat contents" in doc
    package_words = " ".join(package.__doc__.split())
    assert ":mod:`.scoring`, item 5" in package_words and "``seasons.boat_order``" in package_words


def test_the_ledger_names_the_purple_keyple_where_it_is_declared():
    # "may be declared ... as a resource ... and placed on the barn, blacksmith, stone yard or timber yard": the
    # line of the yard it lies on says so, as the line of an item class does when it is counted there
    yard = PlacedTile("blacksmith", (9, 9), side="upgraded", resources=(0, 0, 1, 0))
    line = next(line for line in score([yard], purple=True).lines if line.source == "blacksmith")
    assert line.points == 6 and "purple keyple" in line.why and "iron" in line.why
    s = score(["key_market"], workers=[("green", 1)], purple=True)
    line = next(line for line in s.lines if line.source == "key_market")
    assert line.points == 4 and "purple keyple counted as one green" in line.why
    # no keyple, no mention
    assert not any("purple" in line.why for line in score([yard]).lines)


def test_keyflower_boat_counts_transport_capacity_doubled_by_2b():
    # home T1 + upgraded Stable T4 (ALS) = 5; "This total can be doubled if the player also owns the summer boat 2b"
    stable = PlacedTile("stable", (9, 9), side="upgraded")
    assert Village(CAT, [PlacedTile("home_1", (0, 0)), stable]).figures[6] == 5  # the transport numbers
    assert points(score([stable, "keyflower"]), "keyflower") == 5
    assert points(score([stable, "keyflower", PlacedTile("boat_2", (12, 9), side="b")]), "keyflower") == 10


def test_sea_bastion_one_point_per_tile_on_a_road_loop():
    v = Village(CAT, [PlacedTile("home_1", (0, 0)), PlacedTile("keywood", (0, 1)), PlacedTile("key_mine", (1, 0)),
                      PlacedTile("sea_bastion", (-5, 5))])
    s = final_score(v, Holdings())
    assert points(s, "sea_bastion") == 3


def test_sea_breese_scores_the_boats_joined_by_river():
    v = Village(CAT, [PlacedTile("home_1", (0, 0)), PlacedTile("boat_1", (0, -1), side="a"),
                      PlacedTile("sea_breese", (0, -2)), PlacedTile("boat_2", (4, 4), side="a")])
    s = final_score(v, Holdings())
    expected = CAT.tiles["boat_1"].river_points + CAT.tiles["sea_breese"].river_points  # boat 2 lies apart
    assert points(s, "sea_breese") == expected


def test_turn_order_tile_one_point_per_touching_tile():
    # "the owner of each tile gets 1 point for each other tile that the turn order tile is connected to"
    v = Village(CAT, [PlacedTile("home_1", (0, 0)), PlacedTile("keywood", (0, 1)), PlacedTile("turn_order_1", (1, 0))])
    assert points(final_score(v, Holdings()), "turn_order_1") == 2


def test_flat_boats_and_printed_vp():
    # "Flipper ... In addition they score 2 points."; "Ianvincible (5+) 5 points"; upgraded Stable 5 VP (ALS)
    s = score(["flipper", "ianvincible", PlacedTile("stable", (9, 9), side="upgraded")])
    assert points(s, "flipper") == 2 and points(s, "ianvincible") == 5 and points(s, "stable") == 5


def test_ties_are_shared():
    # "If players have an equal number of points the players are tied": the engine breaks no tie
    from types import SimpleNamespace

    from ludolog.replayer.core.ledger import Ledger
    from ludolog.replayer.keyflower.engine import Keyflower
    for totals, expected in (((40, 52, 52), [1, 2]), ((40, 39), [0])):
        ledger = Ledger(len(totals))
        for seat, points in enumerate(totals):
            ledger.add(seat, points, "tiles", "printed VP")
        assert Keyflower().winners(SimpleNamespace(ledger=ledger)) == expected


# ---- the allocation search against an independent brute force ----

def _rule_value(rule, bag, any_resource):
    s, types = rule.scoring, ITEM_TYPES[rule.scoring.items]

    def fits(item, want):
        return item == want or (s.items == "resources" and any_resource) or (s.substitute and item == s.substitute)
    if s.kind.value == "per_group":
        ok = sum(1 for x in bag if not s.types or any(fits(x, w) for w in s.types))
        return ok // s.size * s.points
    if s.kind.value == "chosen_type_each":
        return max(sum(1 for x in bag if fits(x, t)) for t in types) * s.points
    # distinct_set: most sets that the bag's items can fill, each item in one slot
    best = 0
    for k in range(len(bag) // len(s.types), 0, -1):
        slots = [w for w in s.types for _ in range(k)]
        if any(all(fits(x, w) for x, w in zip(perm, slots)) for perm in itertools.permutations(bag, len(slots))):
            best = k
            break
    return best * s.points


def brute_force(items, counts, rules, any_resource):
    bag = [t for t, n in counts.items() for _ in range(n)]
    best = 0
    seen: dict = {}

    def value(k, part):
        key = (k, tuple(sorted(part)))
        if key not in seen:
            seen[key] = _rule_value(rules[k], list(part), any_resource)
        return seen[key]
    for owners in itertools.product(range(len(rules) + 1), repeat=len(bag)):
        total = sum(value(k, [x for x, o in zip(bag, owners) if o == k]) for k in range(len(rules)))
        total += sum(1 for x, o in zip(bag, owners) if o == len(rules) and x == "gold")
        best = max(best, total)
    return best


def _rules(*tile_ids):
    return [Rule(t, s) for t in tile_ids for s in CAT.tiles[t].sides["front"].scoring]


@pytest.mark.parametrize("items,tiles", [
    ("workers", ("apothecary", "craftsmans_guild", "white_wind")),
    ("workers", ("key_market", "village_hall", "white_wind")),
    ("skills", ("scholar", "scribes", "key_guild")),
    ("resources", ("mercers_guild", "jeweller", "windmill")),
    ("resources", ("watermill", "mercers_guild")),
])
@pytest.mark.parametrize("seed", range(4))
def test_allocation_is_the_best_of_every_assignment(items, tiles, seed):
    rng = random.Random(f"{items}{tiles}{seed}")
    types = ITEM_TYPES[items]
    counts = {t: 0 for t in types}
    for _ in range(7):
        counts[rng.choice(types)] += 1
    rules = _rules(*tiles)
    for any_resource in ((False, True) if items == "resources" else (False,)):
        got = best_allocation(items, counts, rules, any_resource)
        assert got.points == brute_force(items, counts, rules, any_resource), (counts, any_resource)
        assert sum(p for _, p in got.by_owner) + got.gold_points == got.points


def test_a_declared_allocation_scores_each_item_once():
    rules = _rules("key_market", "white_wind")
    counts = {"green": 3, "red": 2}
    got = check_allocation("workers", counts, rules, {"key_market": {"green": 3}, "white_wind": {"red": 2}})
    assert dict(got.by_owner) == {"key_market": 6, "white_wind": 2} and got.points == 8
    with pytest.raises(IllegalMove) as e:  # the same green workers for both tiles
        check_allocation("workers", counts, rules, {"key_market": {"green": 3}, "white_wind": {"green": 3, "red": 2}})
    assert e.value.code == "KEY.SCORE.ALLOCATION"
    with pytest.raises(IllegalMove) as e:
        check_allocation("workers", counts, rules, {"apothecary": {"red": 2}})
    assert e.value.code == "KEY.SCORE.ALLOCATION"
    # gold kept back keeps its point; gold given to the Mercer's Guild does not ("does not then also score")
    res = check_allocation("resources", {"wood": 1, "stone": 1, "gold": 2}, _rules("mercers_guild"),
                           {"mercers_guild": {"wood": 1, "stone": 1, "gold": 1}})
    assert res.points == 5 + 1 and res.gold_points == 1


def test_a_whole_village_worked_by_hand():
    # home (0,0) T1; upgraded Stable south (0,1) T4 and 5 VP; key mine (1,0): home, stable and key mine
    # touch pairwise by roads (a loop of 3); the Keyflower boat north on the river; a Timber Yard (front,
    # 2 per wood) far away holding 2 wood and 1 stone; Key Guild; White Wind is not owned.
    v = Village(CAT, [
        PlacedTile("home_1", (0, 0), resources=(0, 0, 0, 3)),
        PlacedTile("stable", (0, 1), side="upgraded"),
        PlacedTile("key_mine", (1, 0), resources=(0, 0, 2, 0)),
        PlacedTile("keyflower", (0, -1)),
        PlacedTile("sea_bastion", (0, -2)),
        PlacedTile("timber_yard", (6, 6), resources=(2, 1, 0, 0)),
        PlacedTile("key_guild", (9, 9)),
    ])
    s = final_score(v, Holdings(workers=(("red", 4),), skills=(("saw", 3), ("anvil", 3))))
    expected = {
        "stable": 5,          # printed VP of the upgraded Stable
        "keyflower": 1 + 4,   # transport capacity: home 1 + Stable 4
        "sea_bastion": 3,     # home, Stable, Key Mine on the road loop
        "timber_yard": 2 * 2,  # the stone on it scores nothing there
        "key_guild": 10,      # 6 skill tiles: one group of 5
        "gold": 3,            # three gold left unallocated
    }
    for source, pts in expected.items():
        assert points(s, source) == pts, source
    assert s.total == sum(expected.values())
