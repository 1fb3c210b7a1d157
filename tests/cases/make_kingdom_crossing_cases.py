"""Writes tests/cases/kingdom-crossing/*.json: one small ludolog/2 log per Kingdom Crossing rule code,
each breaking that rule once with its last move (or its set-up). ``meta.expect`` says which code, at
which move and JSON pointer, the replay must report; ``meta.rule`` quotes the rulebook sentence the
case enforces. Both are written here by hand, from the rules text - never taken from the engine.

Most cases continue the annotated example game (schema/kingdom-crossing.example.md), whose position
is known move by move: after its 14 opening moves Ana (pinewood, 7 coins) plays her first Action
tile; Ben (island, 4 coins) follows. A few rules need positions a short game does not reach (the
Invest marker on its last space, a Favor stack running out, two Bridge Goals met at once); there the
prefix is written by a small scripted player that always makes the first move the engine lists
until the stated position is reached - any legal play will do, only the last move is the case.

Run from the repository root: ``.venv/bin/python -m tests.cases.make_kingdom_crossing_cases``. The
files are committed so that a referee can read them; tests/test_rule_cases.py replays them.
"""
from __future__ import annotations

import copy
from pathlib import Path

from ludolog.replayer.kingdom_crossing import GAME
from ludolog.replayer.kingdom_crossing.state import CLAIM
from tests.cases.writing import build_cases as shared_build_cases, case_log, case_registry, write_cases
from tests.cases.writing import played_until as shared_played_until

OUT = Path(__file__).parent / "kingdom-crossing"
IDS = ("ana", "ben", "cleo", "dev")

#: the example game's set-up (schema/kingdom-crossing.example.md)
SETUP = {
    "decks": {"I1": "TRN-03", "I2": "COL-03", "I3": "SCU-08", "O1": "LUM-10", "O2": "SPO-01", "O3": "MER-05",
              "P1": "FAR-10", "P2": "MAS-01", "M1": "BLD-09", "M2": "FLO-04"},
    "bridge_goals": {"G1": "hard", "G2": "easy", "G3": "hard", "G4": "easy", "G5": "easy", "G6": "easy"},
    "favor_display": ["F11", "F06", "F15"],
    "start_pairs": [{"card": "S1a", "favor": "F08"}, {"card": "S2b", "favor": "F02"}],
}
MORNING_BIRDS = [
    {"type": "birds", "region": "island", "birds": {"I1": "red-07", "I2": "red-02", "I3": "red-01"}},
    {"type": "birds", "region": "orchard", "birds": {"O1": "yellow-03", "O2": "yellow-01", "O3": "yellow-05"}},
    {"type": "birds", "region": "pinewood", "birds": {"P1": "green-03", "P2": "green-04"}},
    {"type": "birds", "region": "marsh", "birds": {"M1": "blue-04", "M2": "blue-03"}},
]
#: the example's moves 0-13: starting pairs, the Home income, birds and Queen of round 1
OPENING = [
    {"type": "start", "player": "ben", "pair": 0},
    {"type": "invest", "player": "ben", "option": "cash"},
    {"type": "decorate", "player": "ben", "picture": "flower", "stars": 2, "space": "lumber-a"},
    {"type": "start", "player": "ana", "pair": 1},
    {"type": "decorate", "player": "ana", "picture": "flower", "stars": 2, "space": "sap-a"},
    {"type": "income", "player": "ana", "source": "home"},
    {"type": "invest", "player": "ana", "option": "advance"},
    {"type": "income", "player": "ben", "source": "home"},
    {"type": "invest", "player": "ben", "option": "cash"},
    *MORNING_BIRDS,
    {"type": "queen", "card": "Q4"},
]
#: the example's moves 14-21: Ana's three-bridge turn to the island, Ben's market turn to pinewood
ANA_FIRST = [
    {"type": "work", "player": "ana", "tile": 4, "path": ["B5", "B4", "B3"]},
    {"type": "hire", "player": "ana", "space": "I3", "card": "SCU-08"},
    {"type": "decorate", "player": "ana", "picture": "sculpture", "stars": 2, "space": "sap-b"},
    {"type": "reveal", "space": "I3", "card": "SCU-03"},
]
BEN_FIRST = [
    {"type": "work", "player": "ben", "tile": 2, "path": ["B5"]},
    {"type": "hire", "player": "ben", "space": "P2", "card": "MAS-01"},
    {"type": "reveal", "space": "P2", "card": "MAS-10"},
    {"type": "buy", "player": "ben", "resource": "food"},
]

#: a 4-player set-up (the example's, with two more starting pairs)
SETUP_4 = {**SETUP, "start_pairs": SETUP["start_pairs"] + [{"card": "S3a", "favor": "F03"}, {"card": "S4b", "favor": "F04"}]}

CASES: dict[str, tuple] = {}


case = case_registry(CASES)


def log(moves=(), setup=None, players=2, options=None) -> dict:
    return case_log("kingdom-crossing", "2025", "kingdom-crossing/1", IDS, setup or SETUP, moves, players, options)


def opened(*more) -> dict:
    return log(OPENING + list(more))


def played_until(raw: dict, done, prefer=None, players_seed: str = "case", tries: int = 200) -> dict:
    """``raw`` continued by a scripted player until ``done(state)`` holds (see writing.played_until):
    the engine's random moves, as ``ludolog simulate`` plays."""
    return shared_played_until(GAME, raw, done, prefer, players_seed, tries)


def _advance(s, moves):
    """Steer: Invest actions advance."""
    return next((m for m in moves if m.get("option") == "advance"), None)


# -- set-up -----------------------------------------------------------------------------------------
@case("KC.SETUP.DECKS", "/setup/decks/O1", "Randomly place one deck on each of the 10 matching spaces on the game board. "
      "Then reveal the top card of each deck face up.", setup_error=True)
def _():
    setup = copy.deepcopy(SETUP)
    setup["decks"]["I1"] = "LUM-02"  # the Lumberjacks on the island and in the orchard (O1: LUM-10)
    return log(setup=setup)


@case("KC.SETUP.BRIDGE_GOALS", "/setup/bridge_goals", "Take the 6 Bridge Goal tiles and place each of them, "
      "random side up, on the 6 matching spaces on the tree board.", setup_error=True)
def _():
    setup = copy.deepcopy(SETUP)
    del setup["bridge_goals"]["G6"]
    return log(setup=setup)


@case("KC.SETUP.FAVORS", "/setup/favor_display/2", "Reveal 1 Favor of the Queen from each stack and lay it face up "
      "to the right of each stack.", setup_error=True)
def _():
    setup = copy.deepcopy(SETUP)
    setup["favor_display"] = ["F11", "F06", "F11"]
    return log(setup=setup)


@case("KC.SETUP.FAVOR_STACKS", "/setup/favor_stacks", "Shuffle the 26 Favor of the Queen tiles and make 3 roughly "
      "equal-sized face-down stacks from them.", setup_error=True)
def _():
    setup = copy.deepcopy(SETUP)
    setup["favor_stacks"] = [9, 7, 5]  # 21 face down, but 9 cannot be what is left of a stack of at most 9
    return log(setup=setup)


@case("KC.SETUP.START_PAIRS", "/setup/start_pairs", "Take the 4 starting cards and lay out as many of them "
      "(random side up) next to the game board as there are players.", setup_error=True)
def _():
    setup = copy.deepcopy(SETUP)
    setup["start_pairs"].append({"card": "S3a", "favor": "F01"})
    return log(setup=setup)


@case("KC.SETUP.OPTIONS", "/options/difficulty", "Difficulty Levels (Solo Mode Rules): Beginner, Advanced, "
      "Expert, Master Builder.", setup_error=True)
def _():
    return log(options={"difficulty": "expert"})


# -- turn order and vocabulary ------------------------------------------------------------------------
@case("KC.TURN.NOT_YOURS", "/player", "In every round, starting with the first player, you carry out 4 actions "
      "(one after another, in clockwise order).")
def _():
    return opened({"type": "rest", "player": "ben", "tile": 0})


@case("KC.TURN.WRONG_STEP", "/type", "When it's your turn, you must choose one of your Action tiles to the left "
      "of your player board and decide whether you will rest or work.")
def _():
    return opened({"type": "hire", "player": "ana", "space": "P1", "card": "FAR-10"})


@case("KC.MOVE.UNKNOWN_ID", "/path/0", "The game board is divided into 4 regions connected by 7 bridges.")
def _():
    return opened({"type": "work", "player": "ana", "tile": 0, "path": ["B9"]})


@case("KC.START.PAIR_TAKEN", "/pair", "Starting with the last player, and continuing in reverse turn order, "
      "each player chooses a pair.")
def _():
    return log(OPENING[:3] + [{"type": "start", "player": "ana", "pair": 0}])


@case("KC.INCOME.SOURCE", "/source", "During the first Income phase of the game, you only resolve the effect of "
      "your starting Home.")
def _():
    return log(OPENING[:5] + [{"type": "income", "player": "ana", "source": "boars"}])


# -- components turned face up ---------------------------------------------------------------------------
@case("KC.BIRDS.SPACES", "/birds", "Place one bird face up on every card (Character or Structure) in its region.")
def _():
    return log(OPENING[:9] + [{"type": "birds", "region": "island", "birds": {"I1": "red-07", "I2": "red-02"}}])


@case("KC.REVEAL.SPACE", "/space", "Character: Spend the coins shown (if any), then immediately resolve its effect "
      "and place the card in the matching guild column above your player board. Then reveal the next card from the "
      "deck face up.")
def _():
    return opened(*ANA_FIRST[:3], {"type": "reveal", "space": "I2", "card": "COL-04"})


# -- resting and working ------------------------------------------------------------------------------
@case("KC.REST.COINS", "/coins", "Rest: Move the Action tile to the right of your player board and gain the coins "
      "shown in the 'rest' part in the tile's upper-right corner. (Base: Rest: Gain 5 coins.)")
def _():
    return opened({"type": "rest", "player": "ana", "tile": 0, "coins": 8})


@case("KC.TILE.PLAYED", "/tile", "You must choose one of your Action tiles to the left of your player board.")
def _():
    return opened(*ANA_FIRST, *BEN_FIRST, {"type": "rest", "player": "ana", "tile": 4})


@case("KC.WORK.FIELDS", "", "Your Beaver must cross exactly two bridges.")
def _():
    return opened({"type": "work", "player": "ana", "tile": 3})


@case("KC.BRIDGE.COUNT", "/path", "Your Beaver must cross exactly two bridges.")
def _():
    return opened({"type": "work", "player": "ana", "tile": 3, "path": ["B5"]})


@case("KC.BRIDGE.NOT_CONNECTED", "/path/0", "Crossing the exact number of bridges you have not yet crossed this round "
      "that connect to the region your Beaver currently occupies.")
def _():
    return opened({"type": "work", "player": "ana", "tile": 0, "path": ["B1"]})  # B1 joins island and orchard


@case("KC.BRIDGE.ALREADY_CROSSED", "/path/1", "Players' Beavers move from one region to another by crossing bridges "
      "they have not yet crossed during the round.")
def _():
    return opened({"type": "work", "player": "ana", "tile": 3, "path": ["B5", "B5"]})


@case("KC.BALLOON.COST", "/balloon", "If the balloon is in the same region as your Beaver, using it costs 3 coins. "
      "If it is not, using it costs 10 coins.")
def _():  # Ben (4 coins) is on the island, the balloon in pinewood
    return opened(*ANA_FIRST, {"type": "work", "player": "ben", "tile": 1, "balloon": {"to": "marsh"}, "path": ["B3"]})


@case("KC.BALLOON.SAME_REGION", "/balloon/to", "Move your Beaver and the balloon to a region of your choice.")
def _():
    return opened({"type": "work", "player": "ana", "tile": 1, "balloon": {"to": "pinewood"}, "path": ["B5"]})


@case("KC.BALLOON.ONCE", "/to", "You may only use the balloon if you have chosen the Work action, and only before OR "
      "after placing your Paw markers while crossing bridges, but never in the middle of your move.")
def _():
    return opened({"type": "work", "player": "ana", "tile": 1, "balloon": {"to": "marsh"}, "path": ["B3"]},
                  {"type": "fly", "player": "ana", "to": "orchard"})


#: a set-up whose island cards are dear (Merchants I1, Collectors I2, Farmers I3) and birds give no coins
DEAR_ISLAND = {**SETUP, "decks": {"I1": "MER-03", "I2": "COL-05", "I3": "FAR-05", "O1": "LUM-10", "O2": "SPO-01",
                                  "O3": "SCU-08", "P1": "TRN-03", "P2": "MAS-01", "M1": "BLD-09", "M2": "FLO-04"}}
DEAR_OPENING = [m if m.get("region") != "island" else
                {"type": "birds", "region": "island", "birds": {"I1": "red-01", "I2": "red-04", "I3": "red-07"}}
                for m in OPENING]


@case("KC.WORK.NOTHING_TO_BUY", "", "Remember that at the end of your move you must buy a card from the region where "
      "you stopped. If you cannot, you must choose to rest instead of working (or move somewhere else).")
def _():
    # Ana (7 coins) crosses B5 to the island: 8, 10 and 10 coins, birds of lumber, stone and sap; the balloon
    # (left in pinewood) would cost 10 to fly on.
    return log(DEAR_OPENING + [{"type": "work", "player": "ana", "tile": 1, "path": ["B5"]}], setup=DEAR_ISLAND)


@case("KC.QUEEN.TAKEN", "/tile", "Since only one Queen card is available each round, only one player (across all "
      "players) may visit the Queen per round.")
def _():
    rest = [{"type": "work", "player": "ana", "tile": 3, "path": ["B2", "B1"]},
            {"type": "hire", "player": "ana", "space": "I3", "card": "SCU-03"},
            {"type": "decorate", "player": "ana", "picture": "sculpture", "stars": 1, "space": "stone-a"},
            {"type": "reveal", "space": "I3", "card": "SCU-04"},
            {"type": "work", "player": "ben", "tile": 5}, {"type": "upgrade", "player": "ben", "tile": 3},
            {"type": "work", "player": "ana", "tile": 5}]
    return opened(*ANA_FIRST, *BEN_FIRST, *rest)


# -- the card bought -------------------------------------------------------------------------------------
@case("KC.CARD.WRONG_REGION", "/space", "Choose a card to buy (Character or Structure). Remember that at the end of "
      "your move you must buy a card from the region where you stopped.")
def _():
    return opened(ANA_FIRST[0], {"type": "hire", "player": "ana", "space": "P1", "card": "FAR-10"})


@case("KC.CARD.MISMATCH", "/card", "Then reveal the top card of each deck face up: the card bought is the one face up.")
def _():
    return opened(ANA_FIRST[0], {"type": "hire", "player": "ana", "space": "I3", "card": "SCU-03"})


@case("KC.CARD.UNAFFORDABLE", "/card", "Hire the Character or use the Structure by paying its cost (in coins).")
def _():  # Ben, 4 coins, crosses to pinewood: the Mason (3) is affordable, the Farmer (10) is not
    return opened(*ANA_FIRST, {"type": "work", "player": "ben", "tile": 3, "path": ["B1", "B6"]},
                  {"type": "hire", "player": "ben", "space": "P1", "card": "FAR-10"})


@case("KC.BUY.NOT_AVAILABLE", "/resource", "Your Beaver must cross 1 bridge, then at any point during this turn you "
      "may spend 4 coins to gain one resource of your choice (only once) - the market tile only.")
def _():
    return opened(ANA_FIRST[0], {"type": "buy", "player": "ana", "resource": "stone"})


@case("KC.BUY.UNAFFORDABLE", "/resource", "At the end of your move you must buy a card from the region where you "
      "stopped: the market purchase cannot spend the coins the card needs.")
def _():  # the Merchant MER-01 (6 coins) on I1: Ana can pay it with her 7 coins, not after a 4-coin resource
    setup = {**DEAR_ISLAND, "decks": {**DEAR_ISLAND["decks"], "I1": "MER-01"}}
    return log(DEAR_OPENING + [{"type": "work", "player": "ana", "tile": 2, "path": ["B5"]},
                               {"type": "buy", "player": "ana", "resource": "sap"}], setup=setup)


@case("KC.INVEST.COINS", "/coins", "Take the coins shown at your marker's position, then return it to the leftmost "
      "space of the track.")
def _():  # Ben's marker is on the first space, which shows no coins
    return log(OPENING[:1] + [{"type": "invest", "player": "ben", "option": "cash", "coins": 1}])


@case("KC.DECOR.KIND", "/picture", "Flower/Sculpture: Take a Flower or Sculpture token with 1 symbol (with 1 or 2 "
      "stars) from the general supply - S1a shows a Flower.")
def _():
    return log(OPENING[:2] + [{"type": "decorate", "player": "ben", "picture": "sculpture", "stars": 2, "space": "stone-a"}])


@case("KC.DECOR.SPACE", "/space", "...and place it on any matching space on your player board.")
def _():  # lumber-c takes a token with two symbols
    return log(OPENING[:2] + [{"type": "decorate", "player": "ben", "picture": "flower", "stars": 2, "space": "lumber-c"}])


@case("KC.UPGRADE.ALREADY", "/tile", "Upgrade one of your Action tiles (flip it to its improved side).")
def _():  # Ana visits the Queen (Q4: improve a tile) and improves tile 3; the bird yellow-01 on SPO-01
    # (improve a tile) then cannot improve tile 3 again
    return opened({"type": "work", "player": "ana", "tile": 5}, {"type": "upgrade", "player": "ana", "tile": 3},
                  {"type": "rest", "player": "ben", "tile": 0},
                  {"type": "work", "player": "ana", "tile": 1, "path": ["B6"]},
                  {"type": "hire", "player": "ana", "space": "O2", "card": "SPO-01"},
                  {"type": "upgrade", "player": "ana", "tile": 3})


def _merchant_for_ana(card: str) -> list[dict]:
    """After Ana's first turn Ben crosses to the orchard and takes the Merchant MER-05 on O3; ``card`` is
    turned up there, and Ana (island, 3 coins + 2 from the coins tile) crosses B1 and buys it."""
    return OPENING + ANA_FIRST + [
        {"type": "work", "player": "ben", "tile": 0, "path": ["B2"]},
        {"type": "hire", "player": "ben", "space": "O3", "card": "MER-05"},
        {"type": "decorate", "player": "ben", "picture": "flower", "stars": 1, "space": "stone-b"},
        {"type": "reveal", "space": "O3", "card": card},
        {"type": "work", "player": "ana", "tile": 0, "path": ["B1"]},
        {"type": "hire", "player": "ana", "space": "O3", "card": card}]


@case("KC.CHOICE.RESOURCES", "/resources", "Gain 2 or 3 different resources.")
def _():  # MER-02: gain 2 different resources
    return log(_merchant_for_ana("MER-02") + [{"type": "resources", "player": "ana", "resources": ["stone", "stone"]}])


@case("KC.CHOICE.NOT_OPTIONAL", "", "Bird: Resolve the ability of one of your Structures.")
def _():  # the Building on M1 carries blue-04: resolve one Structure - not optional
    return opened({"type": "work", "player": "ana", "tile": 0, "path": ["B7"]},
                  {"type": "hire", "player": "ana", "space": "M1", "card": "BLD-09"},
                  {"type": "pass", "player": "ana"})


@case("KC.STRUCTURE.NOT_OWNED", "/card", "Resolve the ability of one of your Structures.")
def _():
    return opened({"type": "work", "player": "ana", "tile": 0, "path": ["B7"]},
                  {"type": "hire", "player": "ana", "space": "M1", "card": "BLD-09"},
                  {"type": "structure", "player": "ana", "card": "BLD-09"})  # not hers yet: the bird comes first


@case("KC.STRUCTURE.REPEATED", "/card", "Resolve the ability of up to two of your Structures - each one must be "
      "different.")
def _():  # MER-04 (up to two of your Structures) on O3: Ben resolves his Home, then names it again
    setup = {**SETUP, "decks": {**SETUP["decks"], "O3": "MER-04"}}
    return log(OPENING + ANA_FIRST + [
        {"type": "work", "player": "ben", "tile": 0, "path": ["B2"]},
        {"type": "hire", "player": "ben", "space": "O3", "card": "MER-04"},
        {"type": "structure", "player": "ben", "card": "home"},
        {"type": "invest", "player": "ben", "option": "advance"},
        {"type": "structure", "player": "ben", "card": "home"}], setup=setup)


@case("KC.FAVOR.MISMATCH", "/tile", "When you gain a Favor of the Queen, choose one of the 3 face-up tiles.")
def _():  # MER-07 (gain a Favor) on O3: Ben names F11 in the middle slot, which shows F06
    setup = {**SETUP, "decks": {**SETUP["decks"], "O3": "MER-07"}}
    return log(OPENING + ANA_FIRST + [
        {"type": "work", "player": "ben", "tile": 0, "path": ["B2"]},
        {"type": "hire", "player": "ben", "space": "O3", "card": "MER-07"},
        {"type": "favor", "player": "ben", "source": "display", "index": 1, "tile": "F11"}], setup=setup)


@case("KC.BIRD.NONE", "/space", "Take the bird from any card on the game board and resolve its effect as if it were "
      "on this Merchant card.")
def _():  # MER-09 turned up on O3; the card on I3 lost its bird to Ana this turn
    return log(_merchant_for_ana("MER-09") + [{"type": "bird", "player": "ana", "space": "I3", "bird": "red-01"}])


@case("KC.BIRD.MISMATCH", "/bird", "Take the bird from any card on the game board: the bird named is the one there.")
def _():  # I1 carries red-07
    return log(_merchant_for_ana("MER-09") + [{"type": "bird", "player": "ana", "space": "I1", "bird": "red-02"}])


# -- Bridge Goals, Houses, evening ------------------------------------------------------------------------
def _invest_goal_met() -> list[dict]:
    """Ana crosses to marsh and takes the free Building BLD-09 (carry out 1 Invest action), whose bird
    blue-02 (set down this morning) is another Invest action: her marker reaches space 3, which G2 (easy:
    move your Invest marker back 3 spaces) needs - so she may claim it after her action."""
    birds = [m if m.get("region") != "marsh" else {"type": "birds", "region": "marsh", "birds": {"M1": "blue-02", "M2": "blue-03"}}
             for m in OPENING]
    return birds + [{"type": "work", "player": "ana", "tile": 0, "path": ["B7"]},
                    {"type": "hire", "player": "ana", "space": "M1", "card": "BLD-09"},
                    {"type": "invest", "player": "ana", "option": "advance"},
                    {"type": "invest", "player": "ana", "option": "advance"},
                    {"type": "reveal", "space": "M1", "card": "BLD-10"}]


@case("KC.GOAL.REQUIREMENT", "/goal", "You may claim one or more Bridge Goals if you meet the matching requirement "
      "(G5 easy: place at least 2 Flower symbols and 4 Sculpture symbols).")
def _():
    return log(_invest_goal_met() + [{"type": "claim", "player": "ana", "goal": "G5"}])


@case("KC.GOAL.ALREADY", "/goal", "Place one of your Bridge Goal markers on the claimed tile (one marker per goal: "
      "each player claims each Bridge Goal once).")
def _():
    raw = log(_invest_goal_met() + [{"type": "claim", "player": "ana", "goal": "G2"}])

    def another_window(s):  # later, a window in which Ana may claim another goal
        return s.step == CLAIM and not s.tasks and s.current == 0 and s.players[0].goals
    raw = played_until(raw, another_window)
    raw["moves"].append({"type": "claim", "player": "ana", "goal": "G2"})
    return raw


@case("KC.HOUSE.REGION", "/region", "Place your leftmost House in a region where you do not yet have a House.")
def _():
    raw = opened()

    def house_due(s):
        return bool(s.tasks) and s.tasks.top().kind == "house"
    raw = played_until(raw, house_due)
    s = raw["state"]
    seat = s.tasks.top().seat
    raw["moves"].append({"type": "house", "player": IDS[seat], "region": GAME.cat.regions[s.players[seat].houses[0]]})
    return raw


@case("KC.EVENING.SOURCE", "/source", "If your Beaver is in a region with one of your Houses, choose one income you "
      "receive: either the income from one guild (with at least 2 cards) OR the income from one Structure.")
def _():
    raw = opened()

    def evening(s):
        from ludolog.replayer.kingdom_crossing.state import EVENING
        return s.step == EVENING and not s.tasks
    raw = played_until(raw, evening)
    s = raw["state"]
    guild = next(g for g, k in zip(("foxes", "owls", "bears", "boars", "deer"), s.players[s.current].guild) if k < 2)
    raw["moves"].append({"type": "evening", "player": IDS[s.current], "source": guild})
    return raw


@case("KC.INVEST.TRACK_END", "/option", "Advance one space on the Invest track - there is none past the last.")
def _():
    raw = opened()

    def at_the_end(s):
        return bool(s.tasks) and s.tasks.top().kind == "invest" and s.players[s.tasks.top().seat].invest == GAME.cat.invest_last
    raw = played_until(raw, at_the_end, prefer=_advance)
    s = raw["state"]
    raw["moves"].append({"type": "invest", "player": IDS[s.tasks.top().seat], "option": "advance"})
    return raw


def _one_star_flowers(s, moves):
    """Steer: decorations take 1-star Flowers while there are any."""
    return next((m for m in moves if m["type"] == "decorate" and (m["picture"], m["stars"]) == ("flower", 1)), None)


@case("KC.DECOR.SUPPLY", "/stars", "20 Flower tokens (8x, 8x, 4x): a token is taken from the general supply while "
      "one is left.")
def _():
    raw = log(setup=SETUP_4, players=4)

    def flower_pair_gone(s):  # a decoration is due, and the 1-star Flowers are all taken
        return bool(s.tasks) and s.tasks.top().kind == "decor" and "flower" in s.tasks.top().pictures \
            and 1 in s.tasks.top().sizes and s.supply[("flower", 1)] == 0 and any(
                not s.players[s.tasks.top().seat].deco[sp.index] for sp in GAME.cat.deco_spaces
                if sp.picture == "flower" and sp.symbols == 1)
    raw = played_until(raw, flower_pair_gone, prefer=_one_star_flowers)
    s = raw["state"]
    pic, stars = "flower", 1
    space = next(sp.id for sp in GAME.cat.deco_spaces if sp.picture == pic and sp.symbols == 1
                 and not s.players[s.tasks.top().seat].deco[sp.index])
    raw["moves"].append({"type": "decorate", "player": IDS[s.tasks.top().seat], "picture": pic, "stars": stars, "space": space})
    return raw


@case("KC.FAVOR.RESTOCK", "/from", "If one stack runs out, refill it with a tile from one of the other stacks.")
def _():
    setup = {**SETUP_4, "favor_stacks": [8, 8, 3]}  # the four starting Favors came from the third stack
    raw = log(setup=setup, players=4)

    def ran_out(s):
        return bool(s.tasks) and s.tasks.top().kind == "restock"

    def third_stack(s, moves):  # Favors are taken from the third stack (or its face-up tile)
        return next((m for m in moves if m["type"] == "favor" and m["index"] == 2), None)
    raw = played_until(raw, ran_out, prefer=third_stack)
    s = raw["state"]
    raw["moves"].append({"type": "restock", "from": s.tasks.top().stack})  # the empty stack cannot give itself a tile
    return raw


@case("KC.SOLO.TILE", "/tile", "During Paco & Paca's turn, reveal the top 2 tiles of the stack (Master Builder: 11 "
      "solo tiles, no rest tile).")
def _():
    setup = copy.deepcopy(SETUP)
    moves = [{"type": "start", "player": "ana", "pair": 1},
             {"type": "decorate", "player": "ana", "picture": "flower", "stars": 2, "space": "sap-a"},
             {"type": "income", "player": "ana", "source": "home"},
             {"type": "invest", "player": "ana", "option": "advance"},
             *MORNING_BIRDS, {"type": "queen", "card": "Q4"},
             {"type": "paco", "tile": "T-rest1"}]  # Paco & Paca begin; no rest tile at this level
    return log(moves, setup=setup, players=1, options={"difficulty": "master"})


def build_cases() -> dict[str, dict]:
    return shared_build_cases(CASES, "tests/cases/make_kingdom_crossing_cases.py")


def main() -> None:
    write_cases(OUT, build_cases())


if __name__ == "__main__":
    main()
