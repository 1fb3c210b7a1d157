"""How the shipped ``catalog.json`` was built: the documented reconstruction, as a program.

The rules text gives counts and structure but no per-component numbers, and no public source had
them (rules/supplements/boonlake-components.md, "Bottom line"). Every table here is therefore
either stated by the rules text (marked in the table's ``provenance.confirmed``) or reconstructed
by the simple, stated construction below, so that the catalog is internally consistent and an
engine can run on it. ``python -m ludolog.replayer.boonlake.reconstruction > catalog.json``
rebuilds the file; the tests check that the shipped file is exactly this output while it still
says ``"reconstruction": true``. Official data replaces the file (or is named by
``LUDOLOG_BOONLAKE_CATALOG``) through the same schema; this program is then no longer used.
"""
from __future__ import annotations

import sys

import orjson

VERSION = "boonlake/1"
RESOURCES = ("stone", "iron", "loam", "wood")
REGIONS = ("unknown", "new_hope", "boonlake", "southern")  # north to south (solo tie-break)
CARD_KINDS = ("day", "sunset", "night")

SOURCES = [
    {"id": "rules", "what": "rules/boonlake.txt: the complete rulebook text, symbol overview and solo mode (dlp games / Capstone 2021, English translation)",
     "used_for": "every count, every structural fact and every number the text states; it wins over every other source"},
    {"id": "supplement", "what": "rules/supplements/boonlake-components.md: what public reviews report about the components",
     "used_for": "confirmation of region names, 7 rows with VP costs on the two bottom rows, 2 boats, 4 resource types; it found no per-component numbers (NOT FOUND)"},
    {"id": "search", "what": "the search tools of this project (code, pages, repositories), 2026-12-01",
     "used_for": "nothing: no repository, data file or card list of Boonlake was found (find_repos 'boonlake': none)"},
]


def prov(confirmed: list[str], reconstructed: str | None) -> dict:
    out = {"reconstruction": reconstructed is not None, "confirmed": confirmed}
    if reconstructed:
        out["reason"] = reconstructed
    return out


def fx(kind: str, **params) -> dict:
    return {"kind": kind, **params}


# ---------------------------------------------------------------- the gameboard: 33 building spaces
# A 6 x 6 hex grid in odd-row offset coordinates, one 3 x 3 quarter per region, three corners cut:
# 8 + 8 + 9 + 8 = 33 spaces numbered in reading order. Land adjacency is hex adjacency inside a
# region; regions touch only through the bridges and fords listed.
QUARTER = {(0, 0): "unknown", (0, 1): "new_hope", (1, 0): "boonlake", (1, 1): "southern"}
CUT = {(0, 0), (0, 5), (5, 5)}
BRIDGES = [((1, 2), (1, 3)), ((2, 0), (3, 0)), ((2, 5), (3, 5)), ((4, 2), (4, 3))]
FORDS = [((2, 2), (3, 2)), ((2, 3), (3, 3))]
START_SYMBOL = {(1, 1): "players-2", (1, 4): "players-2", (4, 1): "players-2", (4, 4): "players-2",
                (3, 2): "players-2", (2, 3): "players-2", (2, 1): "players-3", (3, 4): "players-3",
                (0, 2): "players-4", (5, 2): "players-4"}
# explore rewards, cycled over the spaces in number order (coins, cards, inhabitant, sites)
SPACE_REWARDS = [fx("take_coins", n=2), fx("draw_cards", n=1), fx("build_production_site", resource="stone"),
                 fx("take_coins", n=3), fx("take_inhabitants", n=1), fx("draw_cards", n=2),
                 fx("build_production_site", resource="iron"), fx("take_coins", n=1), fx("draw_cards", n=1),
                 fx("build_production_site", resource="loam"), fx("take_coins", n=2),
                 fx("build_production_site", resource="wood")]
REGION_LABELS = {"unknown": fx("draw_cards", n=3), "new_hope": fx("take_coins", n=5),
                 "boonlake": fx("gain_vp", n=4), "southern": fx("gain_vp", n=3)}
REGION_NAMES = {"unknown": "Unknown", "new_hope": "New Hope", "boonlake": "Boonlake", "southern": "Southern"}


def hex_neighbours(r: int, c: int) -> list[tuple[int, int]]:
    odd = r % 2
    cand = [(r, c - 1), (r, c + 1), (r - 1, c - 1 + odd), (r - 1, c + odd), (r + 1, c - 1 + odd), (r + 1, c + odd)]
    return [(a, b) for a, b in cand if 0 <= a < 6 and 0 <= b < 6 and (a, b) not in CUT]


def region_of(cell: tuple[int, int]) -> str:
    return QUARTER[(cell[0] // 3, cell[1] // 3)]


def board() -> dict:
    cells = [(r, c) for r in range(6) for c in range(6) if (r, c) not in CUT]
    number = {cell: i + 1 for i, cell in enumerate(cells)}
    spaces = []
    for cell in cells:
        land = sorted(number[n] for n in hex_neighbours(*cell) if region_of(n) == region_of(cell))
        spaces.append({"number": number[cell], "region": region_of(cell), "neighbours": land,
                       "start_symbol": START_SYMBOL.get(cell), "reward": SPACE_REWARDS[(number[cell] - 1) % len(SPACE_REWARDS)]})
    for s in spaces:
        if s["start_symbol"] is None:
            del s["start_symbol"]
    return {
        "provenance": prov(
            ["33 building spaces numbered 1-33 (solo: 'from space 33 skip to space 1')",
             "4 regions Boonlake, Southern, New Hope, Unknown, 'the 4 areas connected by bridges'",
             "bridges and fords make spaces adjacent; explore rewards are coins, cards, 1 inhabitant or a production site",
             "6 / 8 / 10 starting spaces by the back symbols for 1-2 / 3 / 4 players",
             "region-label rewards are coins, cards or victory points"],
            "NOT FOUND (supplement section 2): the layout is a 6 x 6 hex grid with one quarter per region, "
            "four bridges and two fords between regions, explore rewards cycled over a fixed list, and the "
            "north-to-south order Unknown, New Hope, Boonlake, Southern"),
        "regions": [{"id": r, "name": REGION_NAMES[r], "north_rank": i + 1, "label_reward": REGION_LABELS[r]}
                    for i, r in enumerate(REGIONS)],
        "spaces": spaces,
        "bridges": [sorted((number[a], number[b])) for a, b in BRIDGES],
        "fords": [sorted((number[a], number[b])) for a, b in FORDS],
        "start_symbols": {"1": ["players-2"], "2": ["players-2"], "3": ["players-2", "players-3"],
                          "4": ["players-2", "players-3", "players-4"]},
    }


# ---------------------------------------------------------------- the river
TRUNK_REWARDS = [None, fx("take_coins", n=2), None, fx("draw_cards", n=1), fx("take_vases", n=1),
                 fx("take_coins", n=3), fx("gain_vp", n=1), None, fx("take_inhabitants", n=1),
                 fx("draw_cards", n=2), fx("vase_or_production_site"), fx("take_coins", n=2),
                 fx("gain_vp", n=2), fx("draw_cards", n=1), fx("take_coins", n=4), None]
ARM_REWARDS = {
    "U": [fx("take_coins", n=2), fx("draw_cards", n=1), fx("take_inhabitants", n=1), fx("gain_vp", n=2),
          fx("take_vases", n=1), fx("take_coins", n=3), fx("draw_cards", n=2), None,
          fx("vase_or_production_site"), fx("gain_vp", n=3), fx("take_coins", n=4), fx("take_inhabitants", n=1),
          fx("draw_cards", n=2), fx("take_vases", n=1), fx("gain_vp", n=4), fx("gain_vp", n=2)],
    "L": [fx("draw_cards", n=1), fx("take_coins", n=2), fx("take_vases", n=1), fx("gain_vp", n=2),
          fx("take_inhabitants", n=1), fx("draw_cards", n=2), fx("take_coins", n=3), None,
          fx("gain_vp", n=3), fx("vase_or_production_site"), fx("take_inhabitants", n=1), fx("take_coins", n=4),
          fx("gain_vp", n=3), fx("draw_cards", n=2), fx("gain_vp", n=4), fx("gain_vp", n=2)],
}
HARBORS = {"1", "3", "8", "16", "U8", "U16", "L8", "L16"}


def river() -> dict:
    spaces = []
    trunk = [str(i) for i in range(1, 17)]
    for i, sid in enumerate(trunk):
        nxt = {"next": [trunk[i + 1]]} if i + 1 < len(trunk) else {"next": ["U1", "L1"], "fork": {"1": "U1", "2": "L1"}}
        spaces.append({"id": sid, "harbor": sid in HARBORS, "reward": TRUNK_REWARDS[i], **nxt})
    for arm, rewards in ARM_REWARDS.items():
        for i in range(16):
            sid = f"{arm}{i + 1}"
            spaces.append({"id": sid, "harbor": sid in HARBORS, "reward": rewards[i],
                           "next": [f"{arm}{i + 2}"] if i < 15 else []})
    for s in spaces:
        if s["reward"] is None:
            del s["reward"]
    return {
        "provenance": prov(
            ["ships start on the first river space (1-2 players) or the third (3-4 players)",
             "3 locks, which are not spaces; a fork: the upper arm in round 1, the lower arm in round 2",
             "harbors hold any number of ships and are always counted",
             "rewards: X coins, X cards, X inhabitants, 1 vase, X VP, a vase or a production site",
             "round 2 starts back on the starting space, further ahead with 4 players than with 2 or 3"],
            "NOT FOUND (supplement section 2): 16 trunk spaces and two arms of 16; lock 1 on the trunk before "
            "its last space (crossed in both rounds), locks 2 and 3 right before each arm's final space, so "
            "that each round has exactly two interim scorings as the text says; harbors at the start spaces, "
            "mid-way and the final spaces; rewards from a fixed list"),
        "spaces": spaces,
        "locks": [{"id": "lock-1", "after": "15", "before": "16"},
                  {"id": "lock-2", "after": "U15", "before": "U16"},
                  {"id": "lock-3", "after": "L15", "before": "L16"}],
        "start": {"1": {"1": "1", "2": "1", "3": "3", "4": "3"}, "2": {"1": "1", "2": "1", "3": "1", "4": "3"}},
        "final": {"1": "U16", "2": "L16"},
    }


# ---------------------------------------------------------------- action board and strips
def action_board() -> dict:
    return {
        "provenance": prov(["7 rows; the row a strip is taken from gives the ship's maximum steps, at least 1",
                            "only the two bottom rows cost victory points (supplement: two reviews agree)"],
                           "NOT FOUND: steps 6 5 4 3 3 2 1 from the top and VP costs 1 and 2 on the two bottom rows (the supplement's own guess)"),
        "rows": [{"row": i + 1, "steps": s, "vp_cost": v}
                 for i, (s, v) in enumerate(zip((6, 5, 4, 3, 3, 2, 1), (0, 0, 0, 0, 0, 1, 2)))],
    }


def strips() -> dict:
    def strip(sid, name, card, middle, right, who="all", order="parallel"):
        return {"id": sid, "name": name, "card": card, "middle": middle, "right": right, "right_players": who, "right_order": order}
    return {
        "provenance": prov(["the 7 actions and their three parts are the rules text's 'The Actions'",
                            "discarding gives 2 coins; Builder gives 3 coins instead of playing or discarding"],
                           "NOT FOUND: which card kind each strip shows; here two strips per kind"),
        "strips": [
            strip("pioneer", "Pioneer", "day", ["explore", "explore", "develop_or_upgrade"], ["draw_2_then_play_any"], who="others"),
            strip("settle", "Settle", "day", ["develop_or_upgrade"], ["develop_or_upgrade_or_play_any"], order="clockwise"),
            strip("cattle_breeding", "Cattle-breeding", "sunset", ["place_pasture"], ["place_cattle_or_play_any"], order="clockwise"),
            strip("region_scoring", "Region scoring", "sunset", ["region_label"], ["score_other_regions"]),
            strip("hire", "Hire", "night", ["take_inhabitant", "explore"], ["buy_inhabitants"]),
            strip("progress", "Progress", "night", ["modernize"], ["modernize_for_inhabitant_or_draw"]),
            strip("builder", "Builder", "builder", ["play_any_or_draw_2"], ["play_any"]),
        ],
        "discard_coins": 2, "builder_coins": 3,
    }


# ---------------------------------------------------------------- the player board
def player_board() -> dict:
    def rec(rid, piece, coins, vp):
        return {"id": rid, "piece": piece, "income": {"coins": coins, "vp": vp}}
    tiers = [
        {"tier": 1, "final_vp": 0, "bonus_inhabitant": rec("i1", "inhabitant", 2, 0),
         "recesses": [rec("h1", "house", 1, 0), rec("h2", "house", 1, 0), rec("c1", "cattle", 0, 1)]},
        {"tier": 2, "final_vp": 0, "bonus_inhabitant": rec("i2", "inhabitant", 0, 2),
         "recesses": [rec("h3", "house", 2, 0), rec("h4", "house", 1, 1), rec("s1", "settlement", 0, 2), rec("c2", "cattle", 1, 1)]},
        {"tier": 3, "final_vp": 2, "recesses": [rec("h5", "house", 2, 1), rec("s2", "settlement", 1, 2), rec("c3", "cattle", 0, 2)]},
        {"tier": 4, "final_vp": 4, "recesses": [rec("h6", "house", 2, 2), rec("s3", "settlement", 1, 3), rec("c4", "cattle", 1, 2)]},
        {"tier": 5, "final_vp": 6, "recesses": [rec("s4", "settlement", 0, 4), rec("c5", "cattle", 0, 3)]},
    ]
    top = [("m1", 2, fx("vase_or_coins", vases=1, coins=6)), ("m2", 3, fx("modernize_once")), ("m3", 4, fx("upgrade_once"))]
    rest = [("m4", 0, fx("forgo_card_coins_per_site")), ("m5", 1, fx("forgo_card_coins", n=3)),
            ("m6", 1, fx("region_scoring_vp", n=1)), ("m7", 2, fx("boat_upstream_free")),
            ("m8", 2, fx("upgrade_settlement_eased", n=1)), ("m9", 3, fx("tile_placed_inhabitant", n=1)),
            ("m10", 3, fx("card_joker_or_coins_or_cards", coins=2, cards=2)), ("m11", 4, fx("card_joker_and_coins", coins=5)),
            ("m12", 5, fx("discard_cards_for_inhabitant_vp", cards=2, inhabitants=1, vp=3))]
    levers = [{"id": i, "row": 1, "top_row": True, "cost": c, "effect": e} for i, c, e in top]
    levers += [{"id": i, "row": 2 + k // 3, "top_row": False, "cost": c, "effect": e} for k, (i, c, e) in enumerate(rest)]
    return {
        "provenance": prov(
            ["tier 1 holds 2 houses and 1 cattle, tiers 1-2 together 4 houses, 1 settlement and 2 cattle; a tier-bonus inhabitant left of each",
             "6 houses, 4 settlements, 5 cattle per player, taken from the topmost non-vacated tier",
             "final scoring: 2 / 4 / 6 VP per vacated recess of tiers 3 / 4 / 5",
             "4 production sites (stone, iron, loam, wood), level 1 or 2; 2 boats start in the wood area; upstream costs 2 coins",
             "the 3 top-row levers and the other lever effects of the symbol overview"],
            "NOT FOUND: tiers 3-5 (1 house, 1 settlement, 1 cattle; 1 house, 1 settlement, 1 cattle; 1 settlement, 1 cattle: "
            "the rest of the pieces, top to bottom), the coins and VP under each recess, the canal's 8 spaces "
            "(2 of each resource: wood, loam, stone, iron from upstream), the 12 lever spaces' rows and coin costs"),
        "tiers": tiers,
        "inhabitants": {"ranch": 3, "recesses": 2, "supply": 5},
        "production_sites": {"types": list(RESOURCES), "max_level": 2},
        "canal": {"spaces": ["wood", "wood", "loam", "loam", "stone", "stone", "iron", "iron"], "boat_start": [1, 2],
                  "upstream_coins": 2},
        "lever_spaces": levers,
    }


def track(incomes, vps, rewards) -> list[dict]:
    out = []
    for i, (inc, vp) in enumerate(zip(incomes, vps)):
        space = {"position": i, "income": inc, "vp": vp}
        if i in rewards:
            space["reward"] = rewards[i]
        out.append(space)
    return out


def income_tracks() -> dict:
    vps = (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6)
    return {
        "provenance": prov(["a coin track and a card track; markers start showing 2 coins and 2 cards",
                            "rewards crossed are gained at once; one of them builds a production site (level 1 or 2)",
                            "2 VP per step wasted on the last space"],
                           "NOT FOUND: 15 spaces each, the income and VP of each space and the four rewards per track"),
        "coin": track((2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10), vps,
                      {3: fx("take_vases", n=1), 6: fx("build_production_site", resource="any"), 9: fx("take_inhabitants", n=1), 12: fx("gain_vp", n=3)}),
        "card": track((2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6), vps,
                      {3: fx("take_inhabitants", n=1), 6: fx("take_vases", n=1), 9: fx("take_coins", n=4), 12: fx("gain_vp", n=3)}),
        "wasted_step_vp": 2,
    }


# ---------------------------------------------------------------- building tiles
SITES = [
    [fx("free")], [fx("take_coins", n=2)], [fx("draw_cards", n=1)], [fx("pay_coins", n=2), fx("gain_vp", n=3)],
    [fx("discard_cards", n=1), fx("advance_coin_track", n=1)], [fx("pay_coins", n=1), fx("advance_card_track", n=1)],
    [fx("take_coins", n=1), fx("settlement_vp", n=3)], [fx("take_coins", n=4), fx("lose_vp", n=2)],
    [fx("pay_coins", n=3), fx("advance_either_track", n=3)], [fx("discard_cards", n=2), fx("coin_track_income")],
    [fx("pay_coins", n=2), fx("card_track_income")], [fx("pay_coins", n=2), fx("take_vases", n=1)],
    [fx("draw_cards", n=2), fx("settlement_penalty", n=5)], [fx("free"), fx("settlement_vp", n=2)],
]


def building_tiles() -> dict:
    tiles, k = [], 0
    backs = ["players-2"] * 6 + ["players-3"] * 2 + ["players-4"] * 2 + ["pasture"] * 7 + ["gray"] * 25
    for i, back in enumerate(backs):
        tid = f"B{i + 1:02d}"
        if back == "pasture":
            tiles.append({"id": tid, "back": back, "pasture": True, "sites": []})
            continue
        n_sites = 2 if i % 2 else 1
        sites = []
        for _ in range(n_sites):
            sites.append({"effects": SITES[k % len(SITES)]})
            k += 1
        tiles.append({"id": tid, "back": back, "pasture": False, "sites": sites})
    return {
        "provenance": prov(["42 building tiles: 10 starting tiles (6 / 2 / 2 by the back symbols for 2, 3 and 4 players), "
                            "7 cattle pastures on both sides, the rest with gray backs",
                            "1 or 2 sites per tile; site costs, rewards and tile effects from the symbol overview"],
                           "NOT FOUND: which sites each tile shows; odd-numbered tiles have 1 site, even ones 2, "
                           "the sites cycling over a fixed list of 14 (cost or reward plus at most one effect)"),
        "tiles": tiles,
    }


# ---------------------------------------------------------------- scoring tiles
def scoring_tiles() -> dict:
    pairs = [[2, 1], [3, 2], [4, 3], [5, 4]]
    conds = [
        {"kind": "two_regions", "regions": ["boonlake", "southern"], "values": pairs},
        {"kind": "two_regions", "regions": ["new_hope", "unknown"], "values": pairs},
        {"kind": "two_regions", "regions": ["boonlake", "new_hope"], "values": pairs},
        {"kind": "track_advanced", "track": "coin", "values": [2, 4, 6, 8]},
        {"kind": "track_advanced", "track": "card", "values": [2, 4, 6, 8]},
        {"kind": "lower_track_advanced", "values": [1, 3, 5, 7]},
        {"kind": "production_sites", "values": [2, 3, 4, 5]},
        {"kind": "adjacent_tiles_with_presence", "values": [2, 3, 4, 5]},
        {"kind": "levers", "values": [1, 3, 5, 7]},
        {"kind": "cattle_removed", "values": [1, 2, 3, 4]},
        {"kind": "settlements_removed", "values": [1, 2, 3, 4]},
        {"kind": "bridge_presences", "values": [1, 2, 3, 4]},
        {"kind": "pay_inhabitant_or_coins", "coins": 5, "vp": 2, "values": [1, 2, 3, 4]},
        {"kind": "pay_vase_or_coins", "coins": 5, "vp": 2, "values": [1, 2, 3, 4]},
        {"kind": "pay_coins", "coins": 2, "vp": 1, "values": [2, 3, 4, 5]},
        {"kind": "played_kinds", "kinds": ["day", "sunset"], "values": pairs},
    ]
    tiles = []
    for i, cond in enumerate(conds):
        res = {RESOURCES[i % 4]: 2 + i % 2, RESOURCES[(i + 1) % 4]: 1 + (i // 4) % 2}
        tiles.append({"id": f"T{i + 1:02d}", "project": {"coins": 2 + i % 4, "resources": res, "vp": 4 + i % 4,
                                                         "track": ("coin", "card")[i % 2]},
                      "condition": cond})
    return {
        "provenance": prov(["16 scoring tiles; 4 in play; a special project on top (coins + resources, 2 inhabitants, 1 income step, VP) "
                            "and a condition with 4 values for the 4 interim scorings below",
                            "the 12 condition categories of the symbol overview"],
                           "NOT FOUND: which tiles exist and their numbers; here the 12 categories, three two-region "
                           "pairs and both income tracks make 16, with values rising over the four scorings and project "
                           "costs and VP from a fixed pattern"),
        "tiles": tiles,
    }


# ---------------------------------------------------------------- project cards
IMMEDIATE = [
    (fx("advance_coin_track", n=1), 2), (fx("advance_coin_track", n=2), 4), (fx("advance_card_track", n=1), 2),
    (fx("advance_card_track", n=2), 4), (fx("take_coins", n=3), 1), (fx("take_coins", n=5), 2), (fx("take_coins", n=7), 3),
    (fx("take_inhabitants", n=2), 3), (fx("take_vases", n=1), 2),
    (fx("discard_cards_for_inhabitants", cards=3, inhabitants=2), 1), (fx("swap_cards_coins", cards=2, coins=4), 1),
    (fx("swap_cards_vase_coins", cards=3, vases=1, coins=2), 1), (fx("swap_cards_vp", cards=5, vp=4), 1),
    (fx("discard_cards_for_vp", cards=2, vp=3), 1), (fx("discard_cards_for_vp", cards=2, vp=4), 2),
    (fx("inhabitant_for_coins", inhabitants=1, coins=8), 1), (fx("vases_for_vp", vases=2, vp=4), 1),
    (fx("reset_lever", n=1), 2), (fx("upgrade_house_free"), 3), (fx("upgrade_settlement_eased", n=1), 3),
]
GAME_END = [(fx("vp_per_presence_in_region", region=r), 3) for r in REGIONS] + [
    (fx("vp_per_production_site"), 3), (fx("vp_per_house_removed", n=1), 3), (fx("vp_per_cattle_removed", n=1), 3),
    (fx("vp_per_settlement_removed", n=2), 3),
    (fx("vp_threshold", measure="coin_track", low=6, low_vp=3, high=10, high_vp=6), 3),
    (fx("vp_threshold", measure="card_track", low=6, low_vp=3, high=10, high_vp=6), 3),
    (fx("vp_threshold", measure="levers", low=4, low_vp=2, high=7, high_vp=5), 3),
    (fx("vp_threshold", measure="cattle_removed", low=3, low_vp=3, high=5, high_vp=6), 3),
    (fx("vp_threshold", measure="houses_removed", low=4, low_vp=3, high=6, high_vp=6), 3),
    (fx("vp_threshold", measure="settlements_removed", low=2, low_vp=3, high=4, high_vp=7), 3),
]
PERMANENT = [(fx("lever_discount", n=1), 2), (fx("lever_discount", n=2), 3), (fx("card_coin_discount", n=1), 3)] + [
    (fx("discard_bonus", card_kind=k, n=1), 2) for k in CARD_KINDS] + [
    (fx("coin_space_bonus", n=1), 2), (fx("harbor_bonus", n=2), 2), (fx("cattle_inhabitant_discount", n=1), 3),
    (fx("cattle_coins", n=2), 2), (fx("vase_space_bonus", n=1), 2)]
TEMPLATES = ([("immediate", e, w) for e, w in IMMEDIATE] + [("game_end", e, w) for e, w in GAME_END]
             + [("permanent", e, w) for e, w in PERMANENT])


def project_cards() -> dict:
    cards = []
    per_kind = 55
    for k, kind in enumerate(CARD_KINDS):
        for j in range(per_kind):
            timing, effect, worth = TEMPLATES[(j + 15 * k) % len(TEMPLATES)]
            vp = (j * 7 + k) % 5
            budget = worth + vp + 1
            vases = 1 if budget >= 5 and j % 4 == 0 else 0
            rest = budget - 2 * vases
            coins = rest // 2
            n_res = rest - coins
            first, second = RESOURCES[(j + k) % 4], RESOURCES[(j + k + 1) % 4]
            resources = {first: min(n_res, 3)}
            if n_res > 3:
                resources[second] = n_res - 3
            resources = {r: n for r, n in resources.items() if n}
            cards.append({"id": f"{kind[0].upper()}{j + 1:02d}", "kind": kind,
                          "cost": {"coins": coins, "vases": vases, "resources": resources},
                          "vp": vp, "timing": timing, "effect": effect})
    return {
        "provenance": prov(["165 project cards of three kinds (day, sunset, night)",
                            "costs combine vases, coins and resources; one top effect, immediate, game-end or permanent, "
                            "from the symbol overview's lists; a VP number on the card's symbol"],
                           "NOT FOUND: the cards themselves. 55 of each kind; card j of kind k carries effect template "
                           "(j + 15k) mod 45 of the overview's 45 effects; VP (7j + k) mod 5; its cost budget is the "
                           "effect's worth + VP + 1, paid with 1 vase (worth 2) on every fourth card when the budget is "
                           "at least 5, half the rest in coins and the rest in one or two resource types (at most 3 of one)"),
        "cards": cards,
    }


# ---------------------------------------------------------------- solo mode
SOLO_TILES = [
    ("A", ["pioneer", "settle", "builder"], (5, 17, 29, 11)), ("A", ["cattle_breeding", "hire", "progress"], (2, 14, 26, 20)),
    ("A", ["region_scoring", "settle", "hire"], (8, 32, 23, 13)), ("A", ["builder", "cattle_breeding", "pioneer"], (30, 6, 18, 25)),
    ("A", ["progress", "region_scoring", "settle"], (15, 27, 3, 9)),
    ("B", ["hire", "builder", "cattle_breeding"], (21, 1, 12, 33)), ("B", ["settle", "pioneer", "region_scoring"], (10, 24, 31, 4)),
    ("B", ["progress", "hire", "pioneer"], (19, 7, 28, 16)), ("B", ["region_scoring", "cattle_breeding", "builder"], (22, 33, 5, 14)),
    ("B", ["settle", "progress", "cattle_breeding"], (27, 12, 20, 1)),
]


def solo() -> dict:
    corners = ("upper_left", "upper_right", "lower_right", "lower_left")
    tiles, count = [], {"A": 0, "B": 0}
    for grade, actions, nums in SOLO_TILES:
        count[grade] += 1
        tiles.append({"id": f"solo-{grade}{count[grade]}", "grade": grade, "actions": actions,
                      "corners": dict(zip(corners, nums))})
    return {
        "provenance": prov(["10 solo tiles; difficulty removes 4 B / 1 A + 3 B / 2 A + 2 B / 3 A + 1 B / 4 A, so 5 of each grade; 6 are used",
                            "each tile: a corner number for each of its 4 orientations and 3 actions; B-tiles do more",
                            "the bottom-strip check, the solo effects of each strip and the 10 VP fallbacks (rules text)"],
                           "NOT FOUND: the tiles' actions and corner numbers (each strip 4-5 times over the ten tiles, corners "
                           "spread over 1-33) and the VP on the solo board's house, settlement, cattle and cactus spaces"),
        "tiles": tiles,
        "difficulty": {"easy": {"A": 0, "B": 4}, "medium": {"A": 1, "B": 3}, "challenge": {"A": 2, "B": 2},
                       "difficult": {"A": 3, "B": 1}, "very_difficult": {"A": 4, "B": 0}},
        "stack_size": 6,
        "board": {"houses": [1, 2, 3, 4, 5, 6], "settlements": [3, 5, 7, 9], "cattle": [1, 2, 3, 4, 5],
                  "cactus": [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10]},
        "bottom_strip": {"settle": {"A": {"structures": 1}, "B": {"structures": 2}},
                         "cattle_breeding": {"A": {"cattle": 1}, "B": {"cattle": 1, "cactus": 1}},
                         "other": {"A": {"cactus": 1}, "B": {"cactus": 2}}},
        "region_scoring": {"label_vp": {"boonlake": 4, "other": 3}, "presence_vp": {"A": 1, "B": 2}},
        "fallback_vp": {"no_structure": 10, "no_cattle": 10, "unrevealed_b_tile": 10},
        "player_coins": 7,
    }


def materials() -> dict:
    return {
        "provenance": prov(["the rules text's 'Game Materials' and set-up"], None),
        "project_cards": 165, "building_tiles": 42, "starting_tiles": 10, "pastures": 7, "scoring_tiles": 16,
        "vases": 14, "coins": {"1": 41, "5": 15, "20": 6}, "levers": 36, "region_markers": 4, "solo_tiles": 10,
        "per_player": {"inhabitants": 10, "houses": 6, "settlements": 4, "cattle": 5, "boats": 2, "ships": 1,
                       "player_markers": 3, "production_sites": 4, "scoring_markers": 4},
        "starting_hand": 6, "starting_coins_by_seat": [6, 7, 8, 8], "track_start": {"coin": 2, "card": 2},
        "scoring_tiles_in_play": 4, "scoring_tiles_drawn": 2, "rounds": 2, "interim_scorings": 4,
    }


def catalog() -> dict:
    return {
        "version": VERSION,
        "title": "Boonlake (dlp games / Capstone 2021) component data",
        "reconstruction": True,
        "provenance": {
            "sources": SOURCES,
            "notes": ["RECONSTRUCTION: every table says in its provenance what the rules text confirms and what was "
                      "reconstructed and how (replayer/boonlake/reconstruction.py builds this file).",
                      "Replace this file with official data through schema/boonlake.catalog.schema.json, or name it "
                      "with LUDOLOG_BOONLAKE_CATALOG; give it a new version."]},
        "materials": materials(),
        "board": board(),
        "river": river(),
        "action_board": action_board(),
        "strips": strips(),
        "player_board": player_board(),
        "income_tracks": income_tracks(),
        "building_tiles": building_tiles(),
        "scoring_tiles": scoring_tiles(),
        "levers": {"provenance": prov(["36 lever tiles, placed on the modernization spaces; the effect is the space's"], None),
                   "count": 36},
        "project_cards": project_cards(),
        "solo": solo(),
    }


def render() -> bytes:
    """The catalog as the shipped file holds it (two-space indentation, a final newline)."""
    return orjson.dumps(catalog(), option=orjson.OPT_INDENT_2) + b"\n"


if __name__ == "__main__":
    sys.stdout.buffer.write(render())
