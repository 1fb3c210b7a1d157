"""Writes tests/cases/castles-of-burgundy/*.json: one small ludolog/2 log per Castles of Burgundy rule
code, each breaking that rule once with its last move (or its set-up). ``meta.expect`` says which code,
at which move and JSON pointer, the replay must report; ``meta.rule`` quotes the rule the case enforces.
Both are written here by hand, from the rules texts - never taken from the engine.

Most cases continue one hand-written 2-player opening on board #1 (OPENING below: phase A laid out,
round 1 rolled; Ana, first in turn order with 1 worker and 1 silverling, rolled 3 and 5; Ben rolled 6
and 1). Rules that need a later position (a ship placed, knowledge #5, a full storage) are reached by
a scripted player steered towards it (``played_until``); its moves are legal by construction and only
the last move, with what it must raise, is the case.

Run from the repository root: ``.venv/bin/python -m tests.cases.make_castles_of_burgundy_cases``.
"""
from __future__ import annotations

import copy
from pathlib import Path

from ludolog.replayer.castles_of_burgundy import GAME
from ludolog.replayer.castles_of_burgundy.state import ShipGoods, Step
from tests.cases.writing import build_cases as shared_build_cases, case_log, case_registry, write_cases
from tests.cases.writing import played_until as shared_played_until

OUT = Path(__file__).parent / "castles-of-burgundy"
IDS = ("ana", "ben", "cleo", "dev")
_B = "rules/supplements/castles-of-burgundy-base.md"

SETUP = {"order": ["ana", "ben"],
         "estates": {"ana": {"board": "1", "goods": [1, 2, 3]}, "ben": {"board": "1", "goods": [4, 5, 6]}}}
PHASE_A = [
    {"type": "depot", "depot": 1, "tiles": ["warehouse", "ship"]},
    {"type": "depot", "depot": 2, "tiles": ["knowledge-5", "castle"]},
    {"type": "depot", "depot": 3, "tiles": ["cows-3", "bank"]},
    {"type": "depot", "depot": 4, "tiles": ["ship", "bank"]},
    {"type": "depot", "depot": 5, "tiles": ["mine", "knowledge-8"]},
    {"type": "depot", "depot": 6, "tiles": ["city-hall", "pigs-2"]},
    {"type": "black", "tile": "castle"}, {"type": "black", "tile": "knowledge-7"},
    {"type": "black", "tile": "ship"}, {"type": "black", "tile": "market"},
]
ROUND_1 = [{"type": "roll", "player": "ana", "dice": [3, 5]}, {"type": "roll", "player": "ben", "dice": [6, 1]},
           {"type": "white", "white": 2, "goods": 4}]
OPENING = PHASE_A + ROUND_1  # moves 0-12; move 13 is Ana's first action
ANA = 13

SOLO_SETUP = {"estates": {"ana": {"castle": "A6", "goods": [1, 2, 3]}}}
SOLO_ROUND_1 = [{"type": "roll", "player": "ana", "dice": [2, 4]}]  # the white move follows (move 11)

CASES: dict[str, tuple] = {}


case = case_registry(CASES)


def log(moves=(), setup=None, players=2, options=None) -> dict:
    return case_log("castles-of-burgundy", "alea-2011", "castles-of-burgundy/1", IDS, setup or SETUP, moves, players,
                    options)


def opened(*more) -> dict:
    return log(OPENING + list(more))


def ana(move: dict) -> dict:
    return {"player": "ana", **move}


def played_until(raw: dict, done, prefer=None, seed: str = "case", tries: int = 300) -> dict:
    """``raw`` continued by a scripted player until ``done(state)`` holds (see writing.played_until):
    uniform over the legal moves. Only the case's last move is hand-written."""
    return shared_played_until(GAME, raw, done, prefer, seed, tries, choose=lambda s, rng: rng.choice(GAME.legal_moves(s)))


def _first(pred):
    def prefer(s, moves):
        return next((m for m in moves if pred(s, m)), None)
    return prefer


# -- set-up -----------------------------------------------------------------------------------------
@case("COB.SETUP.OPTIONS", "/options/side", "Solo: the A side is better for beginners, the B side for advanced "
      "players (a Solo board only).", setup_error=True)
def _():
    return log(options={"side": "B"})


@case("COB.SETUP.ORDER", "/setup/order", "Pick a random turn order: every player's marker on the first space.",
      setup_error=True)
def _():
    return log(setup={**SETUP, "order": ["ana", "cleo"]})


@case("COB.SETUP.ESTATES", "/setup/estates", "Each player takes an estate board.", setup_error=True)
def _():
    return log(setup={**SETUP, "estates": {"ana": SETUP["estates"]["ana"]}})


@case("COB.SETUP.BOARD", "/setup/estates/ben/board", "The 2011 box holds estate boards #1-#9.", setup_error=True)
def _():
    setup = copy.deepcopy(SETUP)
    setup["estates"]["ben"]["board"] = "12"
    return log(setup=setup)


@case("COB.SETUP.BOARD_TAKEN", "/setup/estates/ben/board", "Estate boards: 4 sides show board #1; the other 8 "
      "sides show boards #2-#9, one each (the 2011 box).", setup_error=True)
def _():
    setup = copy.deepcopy(SETUP)
    setup["estates"]["ana"].update(board="6", castle="3")
    setup["estates"]["ben"].update(board="6", castle="3")
    return log(setup=setup)


@case("COB.SETUP.CASTLE", "/setup/estates/ana/castle", "On board #1 the basic game puts the starting castle on "
      "the centre castle space.", setup_error=True)
def _():
    setup = copy.deepcopy(SETUP)
    setup["estates"]["ana"]["castle"] = "2"  # a castle space, but not the centre
    return log(setup=setup)


@case("COB.SETUP.GOODS", "/setup/estates/ben/goods", "Each player draws 3 goods at random into their goods storage.",
      setup_error=True)
def _():
    setup = copy.deepcopy(SETUP)
    setup["estates"]["ben"]["goods"] = [4, 5]
    return log(setup=setup)


# -- chance moves -----------------------------------------------------------------------------------
@case("COB.PHASE.DEPOT", "/depot", "Refill each active depot space ... fill the black depot.")
def _():
    return log([{"type": "depot", "depot": 2, "tiles": ["knowledge-5", "castle"]}])


@case("COB.PHASE.TILES", "/tiles", "With 2 players depot 1 uses its building and ship spaces.")
def _():
    return log([{"type": "depot", "depot": 1, "tiles": ["warehouse", "ship", "knowledge-3"]}])


@case("COB.PHASE.COLOUR", "/tiles/1", "Refill each active depot space with a random tile from the matching colour supply.")
def _():
    return log([{"type": "depot", "depot": 1, "tiles": ["warehouse", "mine"]}])  # 1b is a ship space


@case("COB.ROLL.ORDER", "/player", "All players roll their 2 dice (Ana is first in turn order).")
def _():
    return log(PHASE_A + [{"type": "roll", "player": "ben", "dice": [6, 1]}])


@case("COB.SOLO.REMOVED", "/removed", "Then remove a hex tile from that depot from the game, starting from the top "
      "(depot 3: its pasture space first).")
def _():
    return log(PHASE_A + SOLO_ROUND_1 + [{"type": "white", "white": 3, "goods": 6, "removed": "bank"}],
               setup=SOLO_SETUP, players=1)


# -- the turn ---------------------------------------------------------------------------------------
@case("COB.TURN.WRONG_STEP", "/type", "The player who is first in turn order also rolls the white die.")
def _():
    return log(PHASE_A + ROUND_1[:2] + [ana({"type": "workers", "die": 3})])


@case("COB.TURN.NOT_YOUR_TURN", "/player", "Players take turns in turn order: Ana first.")
def _():
    return opened({"type": "workers", "player": "ben", "die": 6})


@case("COB.TURN.DICE_LEFT", "/type", "A player uses each of their 2 dice for exactly one action.")
def _():
    return opened(ana({"type": "workers", "die": 3}), ana({"type": "end"}))


@case("COB.TURN.PENDING", "/type", "Castle: immediately take one extra action.")
def _():
    raw = played_until(opened(), lambda s: s.step == Step.TURN and s.stack and type(s.stack.top()).__name__ == "ExtraAction",
                       _first(lambda s, m: m["type"] in ("take", "place", "buy") and m["tile"] == "castle"), seed="castle")
    s = raw["state"]
    raw["moves"].append({"type": "end", "player": s.ids[s.current]})
    return raw


# -- dice and workers -------------------------------------------------------------------------------
@case("COB.DIE.NOT_ROLLED", "/die", "Each player uses their own 2 dice (Ana rolled 3 and 5).")
def _():
    return opened(ana({"type": "workers", "die": 4}))


@case("COB.DIE.FIELD", "/die", "A die action: take a hex tile from the depot whose number the die shows.")
def _():
    return opened(ana({"type": "take", "depot": 3, "tile": "bank"}))


@case("COB.DIE.WORKERS", "/workers", "Each worker changes that die by +-1: turning a 3 into a 4 takes one worker.")
def _():
    return opened(ana({"type": "take", "die": 3, "workers": 0, "depot": 4, "tile": "ship"}))


@case("COB.DIE.NOT_ENOUGH_WORKERS", "/workers", "Workers spent <= workers held (Ana, first player, holds 1).")
def _():
    return opened(ana({"type": "take", "die": 3, "workers": 2, "depot": 1, "tile": "ship"}))


# -- take, storage ----------------------------------------------------------------------------------
@case("COB.TAKE.NO_TILE", "/tile", "The player chooses any one tile in that depot (depot 3: cows and a bank).")
def _():
    return opened(ana({"type": "take", "die": 3, "workers": 0, "depot": 3, "tile": "ship"}))


@case("COB.TAKE.COLOUR", "/tile", "Market: take 1 ship or animal tile from any numbered depot.")
def _():
    def market_pending(s):
        return s.step == Step.TURN and s.stack and type(s.stack.top()).__name__ == "TakeTile"
    raw = played_until(opened(), market_pending,
                       _first(lambda s, m: m.get("tile") == "market" and m["type"] in ("buy", "place", "take")), seed="market")
    s = raw["state"]
    tile = next(t for sp, t in s.depots.items() if t and s.cat.hex_kinds[t].colour.value not in
                [c.value for c in s.stack.top().colours])
    depot = int(next(sp for sp, t in s.depots.items() if t == tile)[0])
    raw["moves"].append({"type": "take", "player": s.ids[s.current], "depot": depot, "tile": tile})
    return raw


@case("COB.STORAGE.DISCARD", "/discard", "If storage is full, the player first discards one tile; not otherwise.")
def _():
    return opened(ana({"type": "take", "die": 3, "workers": 0, "depot": 3, "tile": "bank", "discard": "mine"}))


# -- place ------------------------------------------------------------------------------------------
_BANK = [ana({"type": "take", "die": 3, "workers": 0, "depot": 3, "tile": "bank"})]  # move 13: the bank to storage


@case("COB.PLACE.NOT_STORED", "/tile", "The tile is in the player's storage.")
def _():
    return opened(*_BANK, ana({"type": "place", "die": 5, "workers": 0, "tile": "mine", "space": "25"}))


@case("COB.PLACE.NO_SPACE", "/space", "Board #1 has 37 spaces.")
def _():
    return opened(*_BANK, ana({"type": "place", "die": 5, "workers": 0, "tile": "bank", "space": "38"}))


@case("COB.PLACE.OCCUPIED", "/space", "The target space is empty (19 holds the starting castle).")
def _():
    return opened(*_BANK, ana({"type": "place", "die": 5, "workers": 0, "tile": "bank", "space": "19"}))


@case("COB.PLACE.COLOUR", "/space", "The tile's colour = the space's colour (20 is a ship space).")
def _():
    return opened(*_BANK, ana({"type": "place", "die": 5, "workers": 0, "tile": "bank", "space": "20"}))


@case("COB.PLACE.NOT_ADJACENT", "/space", "The space is adjacent to at least one filled space (32 is not).")
def _():
    return opened(*_BANK, ana({"type": "place", "die": 5, "workers": 0, "tile": "bank", "space": "32"}))


@case("COB.PLACE.SAME_BUILDING", "/space", "The target city does not already contain a building of the same type.")
def _():
    # round 1: both banks (depot 3 with the 3, depot 4 with the 5 and Ana's worker); round 2 Ana places one on
    # 26 (B3) and the other may not join it on 27 (B1): same city R11
    moves = [*_BANK, ana({"type": "take", "die": 5, "workers": 1, "depot": 4, "tile": "bank"}), ana({"type": "end"}),
             {"type": "workers", "player": "ben", "die": 6}, {"type": "workers", "player": "ben", "die": 1},
             {"type": "end", "player": "ben"},
             {"type": "roll", "player": "ana", "dice": [3, 1]}, {"type": "roll", "player": "ben", "dice": [2, 2]},
             {"type": "white", "white": 5, "goods": 1},
             ana({"type": "place", "die": 3, "workers": 0, "tile": "bank", "space": "26"}),
             ana({"type": "place", "die": 1, "workers": 0, "tile": "bank", "space": "27"})]
    return opened(*moves)


# -- sell -------------------------------------------------------------------------------------------
@case("COB.SELL.NO_GOODS", "/goods", "The player has at least 1 goods tile of the die's type (Ana holds 1, 2, 3).")
def _():
    return opened(ana({"type": "sell", "die": 5, "workers": 0, "goods": 5}))


# -- buy --------------------------------------------------------------------------------------------
_RICH = [ana({"type": "sell", "die": 3, "workers": 0, "goods": 3})]  # 1 + 1 silverlings: Ana can pay 2


@case("COB.BUY.TWICE", "/type", "Once per turn the player may buy 1 tile from the black depot.")
def _():
    return log(OPENING + _RICH + [ana({"type": "buy", "tile": "castle"}), ana({"type": "workers", "die": 5}),
                                  ana({"type": "buy", "tile": "ship"})])


@case("COB.BUY.SILVERLINGS", "/tile", "The purchase costs 2 silverlings (Ana holds 1).")
def _():
    return opened(ana({"type": "buy", "tile": "castle"}))


@case("COB.BUY.NO_TILE", "/tile", "The tile bought lies in the black depot (castle, knowledge-7, ship, market).")
def _():
    return opened(*_RICH, ana({"type": "buy", "tile": "mine"}))


@case("COB.BUY.DEPOT", "/depot", "Only knowledge #6 lets the purchase come from a numbered depot.")
def _():
    return opened(*_RICH, ana({"type": "buy", "depot": 5, "tile": "mine"}))


# -- ships ------------------------------------------------------------------------------------------
def _ship_pending(s):
    return s.step == Step.TURN and isinstance(s.stack.top(), ShipGoods)


@case("COB.SHIP.GOODS", "/types", "Take all goods from one depot of the player's choice.")
def _():
    # the round's goods tile (type 4) lies on depot 2 from round 1 on
    raw = played_until(opened(), lambda s: _ship_pending(s) and s.depot_goods[2][4] and not s.estates[s.current].goods[4]
                       and sum(map(bool, s.estates[s.current].goods[1:])) < 3,
                       _first(lambda s, m: m["type"] in ("take", "place") and m["tile"] == "ship"), seed="ship")
    s = raw["state"]
    raw["moves"].append({"type": "goods", "player": s.ids[s.current], "depot": 2, "types": []})
    return raw


@case("COB.SHIP.DEPOT", "/depot", "Knowledge #5: also take the goods of one depot adjacent (on the ring) to the chosen one.")
def _():
    def second(s):
        top = s.stack.top()
        return s.step == Step.TURN and isinstance(top, ShipGoods) and top.adjacent_to == 1
    raw = played_until(opened(), second, _first(lambda s, m: (m["type"] in ("take", "place") and m["tile"] in
                                                            ("ship", "knowledge-5")) or
                                                (m["type"] == "goods" and m["depot"] == 1)), seed="k5")
    s = raw["state"]
    raw["moves"].append({"type": "goods", "player": s.ids[s.current], "depot": 4, "types": []})
    return raw


# -- the Solo game ----------------------------------------------------------------------------------
@case("COB.SOLO.ONLY", "/type", "In addition, you now (and only now!) have the option to exchange any 5 of your goods.")
def _():
    return opened(ana({"type": "trade", "goods": {"1": 1, "2": 1, "3": 1}, "tile": "castle"}))


_SOLO_OPEN = PHASE_A + SOLO_ROUND_1 + [{"type": "white", "white": 3, "goods": 6, "removed": "cows-3"}]


@case("COB.SOLO.TRADE", "/type", "Whenever you place a ship, take all goods ... In addition, you now (and only now!) "
      "have the option to exchange any 5 of your goods for a single tile from the black depot (no ship here).")
def _():
    return log(_SOLO_OPEN + [ana({"type": "trade", "goods": {"1": 1, "2": 1, "3": 1}, "tile": "castle"})],
               setup=SOLO_SETUP, players=1)


@case("COB.SOLO.VP", "/vp", "Each victory point costs 1 Silverling (Ana holds 1).")
def _():
    return log(_SOLO_OPEN + [ana({"type": "buy_vp", "vp": 2})], setup=SOLO_SETUP, players=1)


@case("COB.EXTRA.NOT_OPTIONAL", "/type", "Only the die action after resetting the VP counter ('you may') and the Solo "
      "ship's trade ('the option') are optional.")
def _():
    return opened(ana({"type": "pass"}))


def build_cases() -> dict[str, dict]:
    return shared_build_cases(CASES, "tests/cases/make_castles_of_burgundy_cases.py")


def main() -> None:
    write_cases(OUT, build_cases())


if __name__ == "__main__":
    main()
