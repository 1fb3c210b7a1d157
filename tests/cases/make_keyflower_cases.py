"""Writes tests/cases/keyflower/*.json: one small ludolog/2 log per Keyflower rule code, each breaking
that rule once with its last move (or its set-up). ``meta.expect`` says which code, at which move and
JSON pointer, the replay must report; ``meta.rule`` quotes the rule the case enforces. Both are
written here by hand, from the rules texts - never taken from the engine.

The cases share one two-player set-up (Ana holds home 1 and starts; Ben holds home 2) and one spring
laid out by hand (:data:`SPRING`). Positions later in the game (summer tiles, a village of two
tiles, winter, the final count) are reached by a scripted table (:func:`played_until`) that always
makes the first move the engine lists, steered where a case needs a particular position; only the
last move is the case.

Run from the repository root: ``.venv/bin/python -m tests.cases.make_keyflower_cases``. The files are
committed so that a referee can read them; tests/test_rule_cases.py replays them.
"""
from __future__ import annotations

import copy
from pathlib import Path

from ludolog.replayer.core.log import GameLog, Player
from ludolog.replayer.keyflower import GAME
from ludolog.replayer.keyflower.state import Phase
from tests.cases.writing import build_cases as shared_build_cases, write_cases

OUT = Path(__file__).parent / "keyflower"
IDS = ("ana", "ben", "cleo", "dan", "eve", "fay")

SETUP = {
    "homes": ["home_1", "home_2"],
    "turn_order": {"turn_order_1": "a"},
    "winter_tiles": [["apothecary", "keythedral", "windmill"], ["key_guild", "scholar", "?"]],
    "workers": [{"red": 5, "yellow": 2, "blue": 1}, {"red": 4, "yellow": 2, "blue": 1, "?": 1}],
}
#: spring: six tiles laid out, the two boats loaded face up (Keyflower 7 workers + 1 skill tile, Sea Bastion 6 + 2)
SPRING = [
    {"type": "lay", "tile": "alehouse"}, {"type": "lay", "tile": "keywood"}, {"type": "lay", "tile": "peddler"},
    {"type": "lay", "tile": "stable"}, {"type": "lay", "tile": "workshop"}, {"type": "lay", "tile": "woodcutter"},
    {"type": "load", "boat": "keyflower", "workers": {"red": 3, "yellow": 2, "blue": 2}, "skills": {"saw": 1}},
    {"type": "load", "boat": "sea_bastion", "workers": {"red": 2, "yellow": 2, "blue": 2}, "skills": {"pickaxe": 1, "anvil": 1}},
]
#: a short spring: Ana wins the Woodcutter (and uses it: 2 wood onto her home tile), Ben the Keywood; Ana takes
#: the Keyflower boat, Ben the Sea Bastion;
#: both place their tile north of their home tile (its south side, a road, meets the home's north road)
SPRING_PLAYED = SPRING + [
    {"type": "bid", "player": "ana", "tile": "woodcutter", "colour": "red", "count": 1},
    {"type": "bid", "player": "ben", "tile": "keywood", "colour": "red", "count": 1},
    {"type": "use", "player": "ana", "tile": "woodcutter", "workers": {"red": 1}},
    {"type": "pass", "player": "ben"},
    {"type": "pass", "player": "ana"},
    {"type": "boat", "player": "ana", "boat": "keyflower"},
    {"type": "boat", "player": "ben", "boat": "sea_bastion"},
    {"type": "place", "player": "ana", "tile": "woodcutter", "q": 0, "r": -1, "rotation": 1},
    {"type": "place", "player": "ben", "tile": "keywood", "q": 0, "r": -1, "rotation": 1},
]

#: six players with every worker behind the screens unseen (the short-bag case: nobody ever bids)
SIX_SETUP = {
    "homes": [f"home_{k}" for k in range(1, 7)],
    "turn_order": {"turn_order_1": "b", "turn_order_2": "b", "turn_order_3": "b", "turn_order_4": "a"},
    "winter_tiles": [["?", "?"] for _ in IDS],
    "workers": [{"?": 8} for _ in IDS],
}

CASES: dict[str, tuple] = {}


def case(code: str, pointer: str, rule: str, setup_error: bool = False):
    """Register the function writing the case for ``code``: the pointer inside the last move (or the
    set-up pointer) and the rule it enforces."""
    def register(fn):
        CASES[code] = (fn, pointer, rule, setup_error)
        return fn
    return register


def log(moves=(), setup=None, players=2) -> dict:
    return {"format": "ludolog/2", "game": "keyflower", "edition": "2012", "options": {}, "catalog": "keyflower/1",
            "players": [{"id": p, "name": p.capitalize()} for p in IDS[:players]],
            "setup": copy.deepcopy(setup or SETUP), "moves": [dict(m) for m in moves]}


def played_until(raw: dict, done, prefer=None) -> dict:
    """``raw`` continued by a scripted table until ``done(state)`` holds: the first move the engine
    lists (every player passes at once), steered by ``prefer(state, moves)`` where it returns a move."""
    ids = [p["id"] for p in raw["players"]]
    glog = GameLog(file="case", raw=raw, game=GAME.name, players=[Player(i, i) for i in ids], setup=raw["setup"],
                   options={}, seat_of={i: k for k, i in enumerate(ids)})
    s = GAME.new_state(glog)
    moves = list(raw["moves"])
    for m in moves:
        GAME.apply(s, m, glog.seat_of.get(m.get("player")))
    for _ in range(5000):
        if done(s):
            return {**raw, "moves": moves, "state": s}
        legal = GAME.legal_moves(s)
        move = (prefer(s, legal) if prefer else None) or legal[0]
        GAME.apply(s, move, glog.seat_of.get(move.get("player")))
        moves.append(move)
    raise RuntimeError("the scripted table never reached the position")


def _season_is(index: int, phase: Phase):
    return lambda s: s.season == index and s.phase is phase and not s.tasks


def summer(*more) -> dict:
    """Spring as :data:`SPRING_PLAYED`, then summer laid out by the scripted table: its first six
    listed tiles (brewer, carpenter, mason, smelter, farrier, hiring fair), then the boats. Ben, left
    of Ana, starts summer (nobody won the start-player tile)."""
    raw = played_until(log(SPRING_PLAYED), _season_is(1, Phase.ACTIONS))
    raw.pop("state")
    raw["moves"] += list(more)
    return raw


# -- set-up -----------------------------------------------------------------------------------------
@case("KEY.SETUP.HOMES", "/setup/homes", "Each player receives a home tile at random (each a different one).", setup_error=True)
def _():
    return log(setup={**SETUP, "homes": ["home_1", "home_1"]})


@case("KEY.SETUP.BOATS", "/setup/boats", "The number of boat tiles used is equal to the number of players (those "
      "marked for that many players).", setup_error=True)
def _():
    return log(setup={**SETUP, "boats": ["keyflower", "flipper"]})  # the Flipper is marked 4+


@case("KEY.SETUP.TURN_ORDER", "/setup/turn_order", "The side of the turn order tile used depends on the number of "
      "players.", setup_error=True)
def _():
    return log(setup={**SETUP, "turn_order": {"turn_order_1": "b"}})  # side b is marked for 3-6 players


@case("KEY.SETUP.WINTER_DEALT", "/setup/winter_tiles", "Each player receives three face-down winter tiles (two with 5 "
      "or 6 players).", setup_error=True)
def _():
    return log(setup={**SETUP, "winter_tiles": [["apothecary", "keythedral"], ["key_guild", "scholar", "?"]]})


@case("KEY.SETUP.WORKERS", "/setup/workers/0", "Each player draws eight workers at random from the bag.", setup_error=True)
def _():
    return log(setup={**SETUP, "workers": [{"red": 5, "yellow": 2}, SETUP["workers"][1]]})


# -- the season's layout ----------------------------------------------------------------------------
@case("KEY.SETUP.SEASON_TILES", "/tile", "Spring tiles are laid out in spring: the Brewer is a summer tile.")
def _():
    return log([{"type": "lay", "tile": "brewer"}])


@case("KEY.SETUP.LAYOUT", "/tile", "Each tile exists once: the Alehouse cannot be laid out twice.")
def _():
    return log([{"type": "lay", "tile": "alehouse"}, {"type": "lay", "tile": "alehouse"}])


@case("KEY.SETUP.SUMMER_BOAT_SIDE", "", "The side of a summer boat is chosen at random when the summer tiles are "
      "introduced: the log names it.")
def _():
    raw = played_until(log(SPRING_PLAYED), _season_is(1, Phase.LAYOUT))
    raw.pop("state")
    raw["moves"].append({"type": "lay", "tile": "boat_1"})
    return raw


@case("KEY.BOAT.LOAD", "/workers", "In spring the Keyflower boat carries seven workers from the bag.")
def _():
    return log(SPRING[:6] + [{"type": "load", "boat": "keyflower", "workers": {"red": 6}, "skills": {"saw": 1}}])


def autumn_with_a_short_bag() -> dict:
    """Six players pass every season: the bag's 120 - 6 x 8 = 72 workers lose 7+6+6+5+5+4 = 33 to the
    boats in spring and again in summer, so 6 are left for the autumn boats, which ask 3+4+4+2+3+4."""
    def passing(s, moves):
        return next((m for m in moves if m["type"] == "pass"), None)
    return played_until(log(setup=SIX_SETUP, players=6), lambda s: s.season == 2 and s.phase is Phase.LAYOUT
                        and len(s.auction) == s.cat.setup(6).season_tiles, prefer=passing)


@case("KEY.BOAT.SHORT", "/workers", "With six workers left in the bag for six boats, the boats are filled in order "
      "one worker at a time: the Keyflower gets one, not three.")
def _():
    raw = autumn_with_a_short_bag()
    s = raw.pop("state")
    colour = max(s.bag.unaccounted, key=s.bag.unaccounted.get)
    skill = max(s.skill_pile.unaccounted, key=s.skill_pile.unaccounted.get)
    raw["moves"].append({"type": "load", "boat": "keyflower", "workers": {colour: 3}, "skills": {skill: 2}})
    return raw


@case("KEY.TURN.WRONG_STEP", "/type", "The spring tiles are laid out and the boats loaded before anybody bids.")
def _():
    return log(SPRING[:3] + [{"type": "bid", "player": "ana", "tile": "alehouse", "colour": "red", "count": 1}])


# -- bids -------------------------------------------------------------------------------------------
@case("KEY.TURN.NOT_YOURS", "/player", "The player with the lowest numbered home tile starts; Ana holds home 1.")
def _():
    return log(SPRING + [{"type": "bid", "player": "ben", "tile": "alehouse", "colour": "red", "count": 1}])


@case("KEY.BID.TARGET", "/tile", "Bids are made on the tiles laid out this season and on the turn-order tiles: the "
      "Brewer is not on offer in spring.")
def _():
    return log(SPRING + [{"type": "bid", "player": "ana", "tile": "brewer", "colour": "red", "count": 1}])


@case("KEY.BID.COLOUR", "/colour", "All workers used in bidding for a tile must be of the same colour as any other "
      "workers surrounding the tile: Ana bid red, so Ben's blue bid is refused.")
def _():
    return log(SPRING + [{"type": "bid", "player": "ana", "tile": "alehouse", "colour": "red", "count": 1},
                         {"type": "bid", "player": "ben", "tile": "alehouse", "colour": "blue", "count": 2}])


@case("KEY.BID.NOT_ENOUGH", "/count", "If the tile has already been bid for then the bid must be with a greater number "
      "of workers: two red workers do not beat two red workers.")
def _():
    return log(SPRING + [{"type": "bid", "player": "ana", "tile": "alehouse", "colour": "red", "count": 2},
                         {"type": "bid", "player": "ben", "tile": "alehouse", "colour": "red", "count": 2}])


@case("KEY.WORKERS.NOT_ENOUGH", "/count", "A player bids with workers from behind the screen: Ana has two yellow "
      "workers, not three.")
def _():
    return log(SPRING + [{"type": "bid", "player": "ana", "tile": "alehouse", "colour": "yellow", "count": 3}])


@case("KEY.BID.NONE", "/from", "Only a player's own outbid workers can be moved on: Ana has no bid on the Keywood.")
def _():
    return log(SPRING + [{"type": "bid", "player": "ana", "tile": "alehouse", "colour": "red", "count": 1, "from": "keywood"}])


@case("KEY.BID.WINNING", "/from", "A player cannot remove workers if they are winning a bid: Ana's bid on the Alehouse "
      "is the highest.")
def _():
    return log(SPRING + [{"type": "bid", "player": "ana", "tile": "alehouse", "colour": "red", "count": 1},
                         {"type": "pass", "player": "ben"},
                         {"type": "bid", "player": "ana", "tile": "keywood", "colour": "red", "count": 1, "from": "alehouse"}])


@case("KEY.BID.GROUP", "/count", "Outbid workers can be moved elsewhere but must remain together: Ana's red worker "
      "outbid on the Alehouse cannot become a yellow bid.")
def _():
    return log(SPRING + [{"type": "bid", "player": "ana", "tile": "alehouse", "colour": "red", "count": 1},
                         {"type": "bid", "player": "ben", "tile": "alehouse", "colour": "red", "count": 2},
                         {"type": "bid", "player": "ana", "tile": "keywood", "colour": "yellow", "count": 1, "from": "alehouse"}])


@case("KEY.BID.GROUP_COLOURS", "/from", "When moving outbid workers, a player may supplement these workers with other "
      "losing workers, but a bid is of one colour: Ana's red group outbid on the Alehouse and her blue group outbid "
      "on the Keywood cannot make one bid.")
def _():
    return log(SPRING + [{"type": "bid", "player": "ana", "tile": "alehouse", "colour": "red", "count": 1},
                         {"type": "bid", "player": "ben", "tile": "alehouse", "colour": "red", "count": 2},
                         {"type": "bid", "player": "ana", "tile": "keywood", "colour": "blue", "count": 1},
                         {"type": "bid", "player": "ben", "tile": "keywood", "colour": "blue", "count": 2},
                         {"type": "bid", "player": "ana", "tile": "stable", "colour": "red", "count": 2,
                          "from": ["alehouse", "keywood"]}])


# -- uses -------------------------------------------------------------------------------------------
@case("KEY.USE.TARGET", "/tile", "Turn-order tiles are bid for, never used.")
def _():
    return log(SPRING + [{"type": "use", "player": "ana", "tile": "turn_order_1", "workers": {"red": 1}}])


@case("KEY.USE.PARAMS", "/resource", "The Workshop gives one of wood, stone or iron, never gold.")
def _():
    return log(SPRING + [{"type": "use", "player": "ana", "tile": "workshop", "workers": {"red": 1}, "resource": "gold"}])


@case("KEY.USE.COLOUR", "/workers", "Workers placed to use a tile are of the colour of the workers already on it: "
      "Ana used the Alehouse with red, Ben may not use it with blue.")
def _():
    return log(SPRING + [{"type": "use", "player": "ana", "tile": "alehouse", "workers": {"red": 1}},
                         {"type": "draw", "workers": {"blue": 1}},
                         {"type": "use", "player": "ben", "tile": "alehouse", "workers": {"blue": 2}}])


@case("KEY.USE.MIXED", "/workers", "All workers of one use are of one colour (summer boat 4b excepted).")
def _():
    return log(SPRING + [{"type": "use", "player": "ana", "tile": "keywood", "workers": {"red": 1, "blue": 1}}])


@case("KEY.USE.TOO_FEW", "/workers", "Each use of a tile needs more workers than the previous use: after one worker, "
      "at least two.")
def _():
    return log(SPRING + [{"type": "use", "player": "ana", "tile": "keywood", "workers": {"red": 1}},
                         {"type": "use", "player": "ben", "tile": "keywood", "workers": {"red": 1}}])


@case("KEY.USE.FULL", "/workers", "No more than six workers may be placed on a tile to use it: after one and two, "
      "four more would make seven.")
def _():
    return log(SPRING + [{"type": "use", "player": "ana", "tile": "keywood", "workers": {"red": 1}},
                         {"type": "use", "player": "ben", "tile": "keywood", "workers": {"red": 2}},
                         {"type": "use", "player": "ana", "tile": "keywood", "workers": {"red": 4}}])


@case("KEY.USE.NOTHING", "/workers", "A player places a worker on a tile to use it.")
def _():
    return log(SPRING + [{"type": "use", "player": "ana", "tile": "keywood", "workers": {}}])


@case("KEY.EFFECT.PAY", "/tile", "The Peddler's user places an additional yellow worker in the bag: Ana's two yellow "
      "workers are both on the tile.")
def _():
    return log(SPRING + [{"type": "use", "player": "ana", "tile": "peddler", "workers": {"yellow": 2}}])


@case("KEY.DRAW.COUNT", "/workers", "The Alehouse's user draws the indicated number of workers from the bag: one.")
def _():
    return log(SPRING + [{"type": "use", "player": "ana", "tile": "alehouse", "workers": {"red": 1}},
                         {"type": "draw", "workers": {"red": 2}}])


@case("KEY.SKILLS.NOT_ENOUGH", "/tile", "The Smelter's user places an anvil skill tile in the pile: Ana has only the "
      "Keyflower boat's saw.")
def _():
    return summer({"type": "use", "player": "ben", "tile": "smelter", "workers": {"red": 1}},
                  {"type": "pass", "player": "ana"},
                  {"type": "use", "player": "ben", "tile": "mason", "workers": {"red": 1}},
                  {"type": "use", "player": "ana", "tile": "smelter", "workers": {"red": 2}})


@case("KEY.SKILLS.NAME_KNOWN", "/pay", "Ana's only skill tile, the saw she took from the Keyflower boat, was seen: the "
      "Brewer's payment cannot be written unseen.")
def _():
    return summer({"type": "pass", "player": "ben"},
                  {"type": "use", "player": "ana", "tile": "brewer", "workers": {"red": 1}, "pay": "?"})


# -- transport and upgrades (spring played; Ana: home 1 with 2 wood, the Woodcutter north of it) -------
def transporting(*more) -> dict:
    raw = summer({"type": "pass", "player": "ben"},
                 {"type": "use", "player": "ana", "tile": "home_1", "workers": {"red": 1}})
    raw["moves"] += list(more)
    return raw


@case("KEY.TRANSPORT.NOT_IN_VILLAGE", "/to", "Resources are transported in the player's own village: the Keywood is "
      "in Ben's.")
def _():
    return transporting({"type": "carry", "player": "ana", "from": "home_1", "to": "keywood", "resource": "wood", "count": 1})


@case("KEY.TRANSPORT.NO_RESOURCE", "/resource", "Only resources lying on a tile can be carried from it: Ana's home "
      "tile holds wood, no stone.")
def _():
    return transporting({"type": "carry", "player": "ana", "from": "home_1", "to": "woodcutter", "resource": "stone", "count": 1})


@case("KEY.TRANSPORT.CAPACITY", "/count", "The home tile's cart carries one resource one tile: two wood are two points.")
def _():
    return transporting({"type": "carry", "player": "ana", "from": "home_1", "to": "woodcutter", "resource": "wood", "count": 2})


@case("KEY.UPGRADE.COST", "/skills", "The Woodcutter is upgraded with a saw skill tile: without it the upgrade is not paid.")
def _():
    return transporting({"type": "upgrade", "player": "ana", "tile": "woodcutter", "resources": {}, "skills": {}})


@case("KEY.UPGRADE.CAPACITY", "/tile", "The home tile upgrades one tile per use: the Woodcutter is flipped, the home "
      "tile cannot be too.")
def _():
    return transporting({"type": "upgrade", "player": "ana", "tile": "woodcutter", "resources": {}, "skills": {"saw": 1}},
                        {"type": "upgrade", "player": "ana", "tile": "home_1", "resources": {"wood": 2}, "skills": {}})


@case("KEY.UPGRADE.NOT_UPGRADABLE", "/tile", "A tile already upgraded cannot be flipped again.")
def _():
    raw = summer({"type": "pass", "player": "ben"},
                 {"type": "use", "player": "ana", "tile": "home_1", "workers": {"red": 1}},
                 {"type": "upgrade", "player": "ana", "tile": "woodcutter", "resources": {}, "skills": {"saw": 1}},
                 {"type": "done", "player": "ana"},
                 {"type": "pass", "player": "ben"},
                 {"type": "use", "player": "ana", "tile": "home_1", "workers": {"red": 2}},
                 {"type": "upgrade", "player": "ana", "tile": "woodcutter", "resources": {}, "skills": {}})
    return raw


@case("KEY.TRANSPORT.NO_ROAD", "/to", "The transportation of resources must be along roads: Ben's summer boat 2 "
      "(side b, no roads) lies at his home tile's water side.")
def _():
    lays = SPRING_PLAYED + [
        {"type": "lay", "tile": "brewer"}, {"type": "lay", "tile": "carpenter"}, {"type": "lay", "tile": "mason"},
        {"type": "lay", "tile": "boat_2", "side": "b"}, {"type": "lay", "tile": "farrier"}, {"type": "lay", "tile": "store"},
    ]
    raw = played_until(log(lays), _season_is(1, Phase.ACTIONS))
    raw.pop("state")
    raw["moves"] += [{"type": "bid", "player": "ben", "tile": "boat_2", "colour": "red", "count": 1},
                     {"type": "pass", "player": "ana"},
                     {"type": "use", "player": "ben", "tile": "woodcutter", "workers": {"red": 1}},  # 2 wood onto home 2
                     {"type": "pass", "player": "ana"}, {"type": "pass", "player": "ben"}]

    def placed(s):
        return s.season == 2 and s.phase is Phase.LAYOUT

    def boat_south(s, moves):
        return next((m for m in moves if m["type"] == "place" and (m["q"], m["r"]) == (0, 1)), None)
    raw = played_until(raw, placed, prefer=boat_south)
    raw.pop("state")
    raw = played_until(raw, _season_is(2, Phase.ACTIONS))
    raw.pop("state")
    raw["moves"] += [{"type": "pass", "player": "ana"},  # Ana, left of Ben, starts autumn
                     {"type": "use", "player": "ben", "tile": "home_2", "workers": {"red": 1}},
                     {"type": "carry", "player": "ben", "from": "home_2", "to": "boat_2", "resource": "wood", "count": 1}]
    return raw


# -- boats and placing ------------------------------------------------------------------------------
@case("KEY.BOAT.CHOICE", "/boat", "Each player takes the contents of one boat: Ana took the Keyflower boat's.")
def _():
    return log(SPRING_PLAYED[:-3] + [{"type": "boat", "player": "ben", "boat": "keyflower"}])


@case("KEY.PLACE.PENDING", "/tile", "A player places the tiles they won: Ana won the Woodcutter, not the Keywood.")
def _():
    return log(SPRING_PLAYED[:-2] + [{"type": "place", "player": "ana", "tile": "keywood", "q": 0, "r": -1, "rotation": 1}])


@case("KEY.PLACE.OCCUPIED", "/q", "A tile goes onto an empty space: the home tile lies at (0, 0).")
def _():
    return log(SPRING_PLAYED[:-2] + [{"type": "place", "player": "ana", "tile": "woodcutter", "q": 0, "r": 0, "rotation": 1}])


@case("KEY.PLACE.DETACHED", "/q", "A tile goes next to a tile of the village: (0, -2) touches none.")
def _():
    return log(SPRING_PLAYED[:-2] + [{"type": "place", "player": "ana", "tile": "woodcutter", "q": 0, "r": -2, "rotation": 0}])


@case("KEY.PLACE.SIDES", "/rotation", "All the sides must match: the Woodcutter's road cannot meet the home tile's water side.")
def _():
    return log(SPRING_PLAYED[:-2] + [{"type": "place", "player": "ana", "tile": "woodcutter", "q": 0, "r": 1, "rotation": 0}])


# -- winter and the end ---------------------------------------------------------------------------------
@case("KEY.WINTER.CHOICE", "/tiles", "In winter each player selects winter tiles they received: the Key Guild is Ben's.")
def _():
    raw = played_until(log(SPRING_PLAYED), lambda s: s.phase is Phase.WINTER_CHOICE)
    raw.pop("state")
    raw["moves"].append({"type": "winter", "player": "ana", "tiles": ["key_guild"]})
    return raw


def _at_final(s):
    return s.phase is Phase.FINAL


@case("KEY.FINAL.FLIP", "/flip", "Only the owner of the Flipper boat flips a tile for free; the Flipper is not in a "
      "two-player game.")
def _():
    raw = played_until(log(SPRING_PLAYED), _at_final)
    raw.pop("state")
    raw["moves"].append({"type": "final", "player": "ana", "workers": {}, "skills": {}, "flip": "woodcutter"})
    return raw


@case("KEY.FINAL.SCREEN", "/workers", "Every worker behind the screen is counted at the end: Ben's starting worker "
      "never seen is named.")
def _():
    raw = played_until(log(SPRING_PLAYED), _at_final)
    raw.pop("state")
    raw["moves"].append({"type": "final", "player": "ben", "workers": {}, "skills": {}})
    return raw


@case("KEY.SCORE.ALLOCATION", "/allocation", "Each item can only be scored once and allocated to one tile: Ana has no "
      "Key Guild.")
def _():
    raw = played_until(log(SPRING_PLAYED), _at_final)
    raw.pop("state")
    raw["moves"].append({"type": "final", "player": "ana", "workers": {}, "skills": {},
                         "allocation": {"skills": {"key_guild": {"saw": 1}}}})
    return raw


def build_cases() -> dict[str, dict]:
    return shared_build_cases(CASES, "tests/cases/make_keyflower_cases.py")


def main() -> None:
    write_cases(OUT, build_cases())


if __name__ == "__main__":
    main()
