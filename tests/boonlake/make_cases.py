"""Writes tests/boonlake/cases/*.json: one small ludolog/2 log per Boonlake rule code, each breaking
that rule once with its last move (or its set-up). ``meta.expect`` says which code, at which move
and JSON pointer, the replay must report; ``meta.rule`` quotes the rulebook sentence the case
enforces. Both are written here by hand, from the rules text - never taken from the engine.

The cases start from one 2-player set-up (below). Short prefixes are written out move by move; a
few rules need positions a short game does not reach (a pasture full of cattle, an interim
scoring); there the prefix is written by a scripted player that makes the first listed move of its
preferred kinds until the stated position is reached - any legal play will do, only the last move
is the case. (The cases move to tests/cases/boonlake/ when the game is registered.)

Run from the repository root: ``.venv/bin/python -m tests.boonlake.make_cases``.
"""
from __future__ import annotations

import copy
from pathlib import Path

from ludolog.replayer.boonlake import GAME_ENGINE as GAME
from ludolog.replayer.boonlake import listing, turn
from ludolog.replayer.boonlake.state import Piece, Step
from ludolog.replayer.core.log import GameLog, Player
from tests.cases.writing import write_cases

OUT = Path(__file__).parents[1] / "cases" / "boonlake"  # held by tests/test_rule_cases.py once GAME is defined
IDS = ("ana", "ben")
#: strips top to bottom: Pioneer (day) row 1 (6 steps), ..., Builder row 7 (1 step, 2 VP)
STRIPS = ["pioneer", "settle", "cattle_breeding", "region_scoring", "hire", "progress", "builder"]
#: both hands are written as their owners see them (stone site for Ana: S04 payable with the boats on
#: stone, S01 with them on iron; wood site for Ben: S27, 3 coins and 3 wood, payable at once); hidden
#: hands are shown by schema/boonlake.example.md and tests/boonlake/test_engine.py
SETUP = {
    "tiles": {"6": "B01", "9": "B02", "14": "B03", "19": "B04", "24": "B05", "27": "B06"},
    "strips": STRIPS,
    "scoring_tiles": ["T01", "T05", "T09", "T13"],
    "players": {
        "ana": {"hand": ["D01", "D02", "D03", "S01", "S04", "N01"], "scoring_drawn": ["T01", "?"], "scoring_tile": "T01",
                "site": "stone", "coins": 6},
        "ben": {"hand": ["S27", "D05", "D06", "S10", "N10", "N20"], "scoring_drawn": ["T05", "T07"], "scoring_tile": "T05",
                "site": "wood"},
    },
}
CASES: dict[str, dict] = {}


def A(t: str, **kw) -> dict:
    return {"type": t, "player": "ana", **kw}


def B(t: str, **kw) -> dict:
    return {"type": t, "player": "ben", **kw}


def log(moves, setup=SETUP) -> dict:
    return {"format": "ludolog/2", "game": "boonlake", "edition": "2021", "catalog": GAME.catalog_version,
            "players": [{"id": i, "name": i.title()} for i in IDS], "setup": setup, "moves": list(moves)}


def case(code: str, moves: list, pointer: str, rule: str, setup=SETUP, move_index: int | None = -1) -> None:
    """The case for ``code``: the last move breaks it (``move_index=None``: the set-up does)."""
    raw = log(moves, setup)
    at = len(moves) - 1 if move_index == -1 else move_index
    where = pointer if at is None else f"/moves/{at}{pointer}"
    raw["meta"] = {"expect": {"code": code, "move_index": at, "pointer": where}, "rule": rule}
    assert code not in CASES, code
    CASES[code] = raw


def _state_after(moves: list[dict]):
    """The state after ``moves`` from the set-up."""
    state = GAME.new_state(GameLog(file="c", raw={}, game="boonlake", format="ludolog/2", edition="2021", options={},
                                   catalog=GAME.catalog_version, players=[Player(i, i) for i in IDS], setup=SETUP,
                                   seat_of={p: k for k, p in enumerate(IDS)}))
    for move in moves:
        GAME.apply(state, move, IDS.index(move["player"]) if "player" in move else None)
    return state


def scripted(until, prefer: tuple[str, ...], limit: int = 3000) -> list[dict]:
    """Moves from the set-up until ``until(state)``: each the first listed move of the earliest
    preferred kind (the first card still possible for a draw)."""
    state = _state_after([])
    moves: list[dict] = []
    while not until(state):
        if len(moves) > limit or GAME.is_terminal(state):
            raise RuntimeError("the scripted prefix did not reach its position")
        move = _first_move(state, prefer)
        GAME.apply(state, move, IDS.index(move["player"]) if "player" in move else None)
        moves.append(move)
    return moves


def _seat_moves(state, seat: int, types: tuple[str, ...]) -> list[dict]:
    """The legal moves of ``seat`` among ``types``."""
    return [m for t in types for move in listing.candidates(state, seat, t)
            for m in listing.completions(state, (seat, move))]


def _first_move(state, prefer: tuple[str, ...]) -> dict:
    """The first move the engine accepts of the earliest preferred kind that has one (ships as far
    as they may go)."""
    if state.draws:
        return {"type": "card", "card": state.deck.possible()[0]}
    if state.window is not None and not state.gives:
        seat = min(state.window.waiting)
        types = turn.seat_types(state, seat)
    else:
        seat, types = turn.expect(state)
    for t in sorted(types, key=lambda t: prefer.index(t) if t in prefer else len(prefer)):
        cands = list(listing.candidates(state, seat, t))
        if t == "ship":
            cands.reverse()
        for move in cands:
            done = listing.completions(state, (seat, move))
            if done:
                return done[0]
    raise RuntimeError("no legal move")


# -- set-up ----------------------------------------------------------------------------------

def _setup(edit) -> dict:
    s = copy.deepcopy(SETUP)
    edit(s)
    return s


case("BOON.SETUP.TILES", [], "/setup/tiles/7", "2 players: put the 6 tiles face up on the 6 matching gameboard spaces.",
     _setup(lambda s: s["tiles"].update({"7": s["tiles"].pop("6")})), None)
case("BOON.SETUP.STRIPS", [], "/setup/strips", "Mix the 7 action strips and place them on the action board in random order.",
     _setup(lambda s: s["strips"].__setitem__(0, "builder")), None)
case("BOON.SETUP.SCORING", [], "/setup/players/ana/scoring_tile", "Each player takes 2 scoring tiles, chooses 1.",
     _setup(lambda s: s["players"]["ana"].update(scoring_tile="T09")), None)
case("BOON.SETUP.PLAYERS", [], "/setup/players/cleo", "Each player then takes the pieces of their chosen color.",
     _setup(lambda s: s["players"].update(cleo=copy.deepcopy(s["players"]["ben"]))), None)
case("BOON.SETUP.HAND", [], "/setup/players/ana/hand", "Each player draws 6 cards into their hand.",
     _setup(lambda s: s["players"]["ana"]["hand"].pop()), None)
case("BOON.SETUP.COINS", [], "/setup/players/ana/coins", "The starting player gets 6 coins; the next player clockwise 7.",
     _setup(lambda s: s["players"]["ana"].update(coins=7)), None)

# -- the turn --------------------------------------------------------------------------------
case("BOON.TURN.WRONG_STEP", [A("ship", to="2")], "/type", "Phase A: choose 1 action and carry it out; then Phase B.")
case("BOON.TURN.NOT_YOURS", [B("action", strip="hire")], "/player",
     "The player with the starting player token begins; play then proceeds clockwise.")
PIONEER = [A("action", strip="pioneer")]  # a day strip from row 1
case("BOON.CARD.UNKNOWN", PIONEER + [A("play", card="D99")], "/card", "Each project card belongs to one kind: day, sunset, or night.")
case("BOON.CARD.NOT_IN_HAND", PIONEER + [A("discard", card="D04")], "/card",
     "You may lay out a project card from your hand ... discard a card from your hand to get 2 coins.")
case("BOON.CARD.KIND", PIONEER + [A("discard", card="S01")], "/card",
     "First, you may play 1 card of the kind shown (day, sunset, or night) ... OR put it on the discard pile to get 2 coins.")
case("BOON.CARD.RESOURCES", PIONEER + [A("play", card="D02")], "/card",
     "'Pay' the resource costs by showing proof that those resources are available to you on your production sites and boats.")
case("BOON.BOATS.CANAL", PIONEER + [A("play", card="D01", boats=[1, 9])], "/boats/1",
     "Boats: your 2 boats ... each gives 1 resource of the type next to its current canal space.")
case("BOON.BOATS.UNCHANGED", PIONEER + [A("play", card="D01", boats=[2, 1])], "/boats",
     "You may move boats any number of steps downstream (right) for free at any time.")
PROGRESS = [A("action", strip="progress"), ]  # a night strip from row 6 (1 VP)
case("BOON.PAY.VASES", PROGRESS + [A("play", card="N01", boats=[3, 4])], "/card",
     "Put the vase(s) shown back into the supply.")
HIRE = [A("action", strip="hire"), A("pass"), A("pass")]  # card part passed, the inhabitant taken, explore passed
case("BOON.PAY.COINS", HIRE + [A("hire", coins=3)], "/coins", "Pay the coins shown into the supply (9 coins; Ana has 6).")
case("BOON.HIRE.CARDS", HIRE + [A("hire", cards=3)], "/cards",
     "All players ... may pay 3 coins or discard 3 cards to take 1 inhabitant onto their ranch (3 inhabitants for cards "
     "are 9 cards; Ana holds 6).")
#: Ana hires 2 inhabitants for her 6 cards, named one 'give' each; Ben's Builder; then Ana's Settle, card part passed
EMPTY_HAND = HIRE + [A("hire", cards=2)] + [A("give", card=c) for c in ("D01", "D02", "D03", "S01", "S04", "N01")] + [
    B("pass"), A("ship", to="2"), B("action", strip="builder"), B("pass"), A("pass"), B("pass"), B("ship", to="3"),
    A("action", strip="settle"), A("pass")]
case("BOON.PAY.CARDS", EMPTY_HAND + [A("develop", space=19, site=1)], "/site",
     "Pay any costs the site indicates (discard the cards indicated): this site costs 1 card and Ana's hand is empty.")
case("BOON.HIRE.NONE", HIRE + [A("hire")], "/coins", "pay 3 coins or discard 3 cards to take 1 inhabitant.")
case("BOON.HIRE.SUPPLY", HIRE + [A("hire", coins=5)], "/coins",
     "You always take inhabitants from the supply (Ana has 4 left there after Hire's middle inhabitant).")
SETTLE = [A("action", strip="settle"), A("pass")]  # Settle from row 2 (5 steps), card part passed
case("BOON.CHOICE.UNUSED", SETTLE + [A("develop", space=6, sites=["iron"])], "/sites/0",
     "Some sites are free of charge (nothing to choose).")
case("BOON.CHOICE.TRACK", SETTLE + [A("develop", space=27, site=2)], "/track",
     "Advance 3 spaces on the coin or card track (not split).")
case("BOON.SITE.NO_TILE", SETTLE + [A("develop", space=1)], "/space", "Place 1 inhabitant ... on an unoccupied building site.")
case("BOON.SITE.INDEX", SETTLE + [A("develop", space=6, site=2)], "/site", "Each building tile ... contains 1 or 2 sites.")
case("BOON.DEVELOP.OCCUPIED", SETTLE + [A("develop", space=6), A("develop", space=6)], "/space",
     "One site holds no more than 1 inhabitant/house/settlement.")
case("BOON.UPGRADE.PIECE", SETTLE + [A("upgrade", space=6, to="house")], "/space",
     "Choose one of your inhabitants on a building site.")
case("BOON.UPGRADE.SUBSTITUTE", SETTLE + [A("develop", space=6), A("upgrade", space=6, to="house", substitute=1)], "/substitute",
     "Give up 1 inhabitant from your ranch (a house allows no victory-point substitution).")
case("BOON.UPGRADE.PRESENCES", SETTLE + [A("develop", space=6), A("upgrade", space=6, to="house"), B("pass"),
                                         A("ship", to="2"), B("action", strip="hire"), B("pass"), B("pass"), B("pass"),
                                         A("pass"), B("ship", to="3"), A("action", strip="settle"), A("pass"),
                                         A("upgrade", space=6, to="settlement")], "/space",
     "It must be adjacent to at least 3 presences (the house on space 6 has none around it).")
PIONEER_MID = PIONEER + [A("pass")]
case("BOON.EXPLORE.SPACE", PIONEER_MID + [A("explore", tile="B20", space=40)], "/space", "The gameboard has 33 spaces.")
case("BOON.EXPLORE.OCCUPIED", PIONEER_MID + [A("explore", tile="B20", space=6)], "/space",
     "Place it on an unoccupied gameboard space.")
case("BOON.EXPLORE.NOT_ADJACENT", PIONEER_MID + [A("explore", tile="B20", space=31)], "/space",
     "... that is adjacent to another building tile or connected via a bridge to an already-placed tile.")
case("BOON.EXPLORE.TILE", PIONEER_MID + [A("explore", tile="B01", space=5)], "/tile", "Reveal a gray building tile from the mound.")
CATTLE = [A("action", strip="cattle_breeding"), A("pass")]
case("BOON.CATTLE.NO_PASTURE", CATTLE + [A("pass"), A("cattle", space=6)], "/space", "Choose any cattle pasture with no more than 3 cattle.")
case("BOON.SITE.PASTURE", CATTLE + [A("pasture", space=5), A("pass"), B("pass"), A("ship", to="2"), B("action", strip="settle"),
                                    B("pass"), B("develop", space=5)], "/space", "Cattle pastures may never contain inhabitants.")
case("BOON.CHOICE.EXCHANGE", [A("action", strip="cattle_breeding"), A("play", card="S01", boats=[7, 8], exchange="discard")],
     "/exchange", "Give up 1 inhabitant for 8 coins (the card's only exchange).")
case("BOON.CHOICE.UPGRADE", [A("action", strip="cattle_breeding"),
                             A("play", card="S04", boats=[5, 6], upgrade={"space": 6, "to": "settlement"})], "/upgrade/to",
     "Upgrade 1 inhabitant to a house without giving up an inhabitant.")
REGION = [A("action", strip="region_scoring"), A("pass"), A("region", region="boonlake"), A("ship", to="2")]
case("BOON.REGION.UNKNOWN", [A("action", strip="region_scoring"), A("pass"), A("region", region="atlantis")], "/region",
     "Choose one of the 4 regions (Boonlake, Unknown, New Hope, or Southern).")
case("BOON.REGION.COVERED", REGION + [B("action", strip="region_scoring"), B("pass"), B("region", region="boonlake")], "/region",
     "... whose region-label reward is not yet covered by a region marker.")
MODERN = [A("action", strip="progress"), A("pass")]
case("BOON.LEVER.SPACE", MODERN + [A("modernize", lever="m13")], "/lever",
     "Choose an unoccupied space in the modernization area of your player board.")
case("BOON.LEVER.TAKEN", MODERN + [A("modernize", lever="m4"), A("modernize", lever="m4")], "/lever",
     "Choose an unoccupied space in the modernization area of your player board.")
BUILDER = [A("action", strip="builder"), A("pass"), B("pass"), A("pass")]  # Builder from row 7: 1 step
case("BOON.SHIP.TOO_FAR", BUILDER + [A("ship", to="3")], "/to", "You may move up to as many steps as the number on the just-uncovered action-board space shows.")
case("BOON.SHIP.BACKWARD", BUILDER + [A("ship", to="1")], "/to", "You must advance at least 1 step ... never turning around.")
case("BOON.SHIP.SPACE", BUILDER + [A("ship", to="L2")], "/to", "At the river's fork, take the upper arm in the first round.")
case("BOON.SHIP.OCCUPIED", BUILDER + [A("ship", to="2"), B("action", strip="builder"), B("pass"), B("pass"), A("pass"),
                                      B("ship", to="2")], "/to", "All other spaces hold only 1 ship at a time.")
case("BOON.CHOICE.HARBOR", [A("action", strip="hire"), A("pass"), A("pass"), A("pass"), B("pass"), A("ship", to="2"),
                            B("action", strip="cattle_breeding"), B("play", card="S27"), B("pass"), B("pass"), A("pass"),
                            B("ship", to="3")], "/bonus",
     "Permanent: 2 coins or 2 cards when your ship ends in a harbor (Ben's S27; space 3 is a harbor).")
case("BOON.PAY.INHABITANTS", SETTLE + [A("develop", space=6), A("develop", space=9, site=1), B("pass"), A("ship", to="2"),
                                      B("action", strip="hire"), B("pass"), B("pass"), B("pass"), A("pass"),
                                      B("ship", to="3"), A("action", strip="settle"), A("pass"),
                                      A("develop", space=9, site=2), {"type": "card", "card": "D10"},
                                      A("develop", space=14)], "/space",
     "Place 1 inhabitant from your ranch there (Ana's three are on spaces 6 and 9).")

# -- levers ("Lever Effects"): Ana modernizes in Progress's middle part, then uses them --------
PROG = [A("action", strip="progress"), A("pass")]  # Progress from row 6 (1 VP), card part passed
M4 = PROG + [A("modernize", lever="m4"), A("pass"), B("pass"), A("ship", to="2")]  # m4: forgo a card, coins per site
case("BOON.LEVER.NOT_OWNED", PROG + [A("lever", lever="m4")], "/lever",
     "Every modernization shows an effect or reward you may execute at any time (Ana has no lever yet).")
case("BOON.LEVER.MOMENT", PROG + [A("modernize", lever="m4"), A("lever", lever="m4")], "/lever",
     "When you forgo playing/discarding a card, get 1 coin per production site built (Progress's right side offers no card).")
case("BOON.LEVER.TOP_ROW", PROG + [A("modernize", lever="m1"), A("pass"), B("pass"), A("lever", lever="m1")], "/lever",
     "You may use one [of the 3 levers in the top row] only if you forgo the all-players part of an action.")
# Ben's Builder: Ana forgoes the card of its all-players part with m4 (Ben passes his own)
USED_M4 = M4 + [B("action", strip="builder"), B("pass"), A("lever", lever="m4"), B("pass"), B("ship", to="3")]
case("BOON.LEVER.USED", USED_M4 + [A("action", strip="pioneer"), A("lever", lever="m4")], "/lever",
     "Move the lever down to use it; move it up at the next interim scoring to reuse it.")
RESET_SETUP = copy.deepcopy(SETUP)
RESET_SETUP["players"]["ana"]["hand"][2] = "S03"  # S03: 1 coin and 2 wood (both boats start on wood): move 1 lever back up
case("BOON.LEVER.NOT_USED", M4 + [B("action", strip="builder"), B("pass"), A("pass"), B("pass"), B("ship", to="3"),
                                  A("action", strip="cattle_breeding"), A("play", card="S03", reset=["m4"])], "/reset/0",
     "Move 1 lever back up (Ana's m4 was never moved down).", RESET_SETUP)
case("BOON.CHOICE.MISSING", PROG + [A("modernize", lever="m2"), A("pass"), B("pass"), A("ship", to="2"),
                                  B("action", strip="hire"), B("pass"), B("pass"), B("pass"), A("lever", lever="m2")],
     "/lever", "Top row: instead of the all-players part, modernize once (the space is not named).")
TWO_TOP = PROG + [A("modernize", lever="m1"), A("modernize", lever="m2"), B("pass"), A("ship", to="2")]
case("BOON.LEVER.ONE_TOP_ROW", TWO_TOP + [B("action", strip="hire"), B("pass"), B("pass"), B("pass"), A("lever", lever="m1"),
                                          A("lever", lever="m2", modernize="m4")], "/lever",
     "If you have more than one of these 3 top-row levers and forgo that part, you may use only 1 of them.")
M10 = PROG + [A("modernize", lever="m10"), A("pass"), B("pass"), A("ship", to="2"), B("action", strip="builder"), B("pass"),
              A("pass"), B("pass"), B("ship", to="3")]
case("BOON.LEVER.TAKE", M10 + [A("action", strip="pioneer"), A("play", card="D01", levers=[{"lever": "m10"}])], "/levers/0",
     "When playing a card, reduce its resource cost by 1 (a joker), or take 2 coins, or draw 2 cards.")

# -- special projects ("Special Projects on Scoring Tiles"): T01's costs 2 coins, 2 stone and 1 iron --
PROJECT = [A("action", strip="pioneer"), A("project", tile="T01", counts_as="day", boats=[5, 7])]  # boats onto stone, iron
case("BOON.PROJECT.TILE", [A("action", strip="pioneer"), A("project", tile="T02", counts_as="day", boats=[5, 7])], "/tile",
     "The upper area of each of the 4 scoring tiles on the gameboard depicts a special project (T02 is not in play).")
case("BOON.PROJECT.DONE", PROJECT + [A("pass"), A("pass"), A("pass"), B("draw"), {"type": "card", "card": "D10"},
                                     {"type": "card", "card": "D11"}, B("pass"), A("ship", to="2"),
                                     B("action", strip="builder"), B("pass"), A("project", tile="T01", counts_as="night")],
     "/tile", "Each project may be realized only once per game.")

# -- announcing order ("General Rules for Effects") ---------------------------------------
case("BOON.ORDER.NOT_PARALLEL", [A("action", strip="hire"), A("announce")], "/type",
     "To act in order during a partial action, a player must announce it (Hire's card part is Ana's alone).")
case("BOON.ORDER.STARTED", HIRE + [A("pass"), B("announce")], "/type",
     "Players normally act in parallel during an action ... to act in order, a player must announce it (Ana already passed).")


# -- positions a short game does not reach: scripted prefixes -----------------------------

def _waiting(s, seat: int) -> bool:
    return s.window is not None and seat in s.window.waiting and not s.draws


def interim_for_ana(number: int):
    return lambda s: s.step is Step.INTERIM and s.scorings == number - 1 and _waiting(s, 0)


FAST = ("ship", "score", "pass", "card")  # the scripted player's taste when it only wants to get on


first = scripted(interim_for_ana(1), FAST)
case("BOON.SCORE.TILE", first + [A("score", tile="T02")], "/tile", "Choose one of the 4 scoring tiles.")
case("BOON.SCORE.PAY", first + [A("score", tile="T01", pay=["coins"])], "/pay",
     "(T01 counts presences in two regions: nothing is paid on it.)")
second = scripted(interim_for_ana(2), FAST)
marked = next(m["tile"] for m in second if m["type"] == "score" and m["player"] == "ana")
case("BOON.SCORE.MARKED", second + [A("score", tile=marked)], "/tile",
     "Choose one of the 4 scoring tiles below which none of your scoring markers is yet placed.")

# Step 1 of an interim scoring "once or twice": Ana's first two listed plays or upgrades, then a third
state = _state_after(first)
two = []
for _ in range(2):
    move = _seat_moves(state, 0, ("play", "upgrade", "project"))[0]
    GAME.apply(state, move, 0)
    two.append(move)
case("BOON.INTERIM.TWICE", first + two + [A("upgrade", space=6, to="house")], "/type",
     "Once or, better, twice, each player may either play 1 card of any kind or upgrade.")


# -- long positions: a driven player (the legal move its wish scores highest) ----------------

def driven(until, wish, limit: int = 3000) -> tuple[list[dict], object]:
    """Moves from the set-up until ``until(state)``: the deciding seat's legal move that
    ``wish(state, seat, move)`` scores highest (ties: the listing's order; levers, projects and
    announcements left out), the first card still possible for a draw. Returns the moves and the
    state reached. Any legal play will do: only the case's last move is judged."""
    s = _state_after([])
    moves: list[dict] = []
    while not until(s):
        if len(moves) > limit or GAME.is_terminal(s):
            raise RuntimeError("the driven prefix did not reach its position")
        if s.draws:
            move = {"type": "card", "card": s.deck.possible()[0]}
        else:
            seat, types = (min(s.window.waiting), turn.seat_types(s, min(s.window.waiting))) \
                if s.window is not None and not s.gives else turn.expect(s)
            legal = _seat_moves(s, seat, tuple(t for t in types if t not in ("announce", "lever", "project")))
            move = legal[max(range(len(legal)), key=lambda i: (wish(s, seat, legal[i]), -i))]
        GAME.apply(s, move, IDS.index(move["player"]) if "player" in move else None)
        moves.append(move)
    return moves, s


def _near(s, space: int) -> int:
    """Presences on ``space`` and next to it: where a house gathers the 3 a settlement needs."""
    pr = s.presences()
    return pr.get(space, 0) + sum(pr.get(k, 0) for k in s.cat.spaces[space].adjacent)


def _hire_or(strip_wanted: str, s, seat: int, m: dict) -> int:
    """Shared wishes: the wanted strip while inhabitants are on the ranch, else Hire; hire as many as
    possible; pass rather than spend on anything else."""
    t, p = m["type"], s.players[seat]
    if t == "action":
        return (10 if m["strip"] == strip_wanted and p.ranch >= 1 else 5 if m["strip"] == "hire" else 0)
    if t == "hire":
        return 6 + m.get("coins", 0) + 3 * m.get("cards", 0)
    return 1 if t == "pass" else 0


def _clockwise_turn_of(s, strip: str, seat: int) -> bool:
    return (not s.draws and s.step is Step.RIGHT and s.strip == strip and s.window is None and bool(s.queue)
            and s.queue[0] == seat)


def _full_wish(s, seat, m):  # both players stack their cattle on one pasture
    if m["type"] == "cattle":
        return 20 + 2 * len(s.cattle[m["space"]]) + m.get("substitute", 0)
    if m["type"] == "pasture":
        return 8 if not s.cattle else -1
    return _hire_or("cattle_breeding", s, seat, m)


def _full(s) -> bool:
    return (any(len(v) == 4 for v in s.cattle.values()) and s.step is Step.RIGHT and s.strip == "cattle_breeding"
            and s.window is None and not s.draws and s.players[s.queue[0]].cattle_placed < 5)


moves, s = driven(_full, _full_wish)
pasture = next(space for space, v in s.cattle.items() if len(v) == 4)
case("BOON.CATTLE.FULL", moves + [{"type": "cattle", "player": IDS[s.queue[0]], "space": pasture}], "/space",
     "Choose any cattle pasture with no more than 3 cattle (this one holds 4).")


def _none_left_wish(s, seat, m):  # Ana spreads her cattle over new pastures; Ben passes
    if seat == 1:
        return 1 if m["type"] == "pass" else 0
    if m["type"] == "cattle":
        return 20 - 3 * len(s.cattle[m["space"]]) + 2 * m.get("substitute", 0)
    if m["type"] == "pasture":
        return 8
    return _hire_or("cattle_breeding", s, seat, m)


moves, s = driven(lambda s: s.players[0].cattle_placed == 5 and _clockwise_turn_of(s, "cattle_breeding", 0), _none_left_wish)
case("BOON.CATTLE.NONE_LEFT", moves + [A("cattle", space=min(s.cattle))], "/space",
     "Each player has 5 cattle (all of Ana's are on the gameboard).")


def _houses_wish(s, seat, m):  # Ana builds houses, never a settlement; Ben passes
    if seat == 1:
        return 1 if m["type"] == "pass" else 0
    if m["type"] == "upgrade":
        return 20 if m["to"] == "house" else -50
    if m["type"] == "develop":
        return 15 if s.players[seat].ranch >= 2 else 2
    return _hire_or("settle", s, seat, m)


def _upgrading(s, seat: int) -> bool:
    return _clockwise_turn_of(s, "settle", seat) or (not s.draws and s.step is Step.MIDDLE and s.current == seat
                                                   and s.middle[0] == "develop_or_upgrade")


def _six_houses(s) -> bool:
    p = s.players[0]
    return (sum(1 for r in s.cat.piece_order["house"] if r in p.vacated) == 6 and p.houses_aside == 0 and p.ranch >= 1
            and any(o == 0 and pc is Piece.INHABITANT for o, pc in s.sites.values()) and _upgrading(s, 0))


moves, s = driven(_six_houses, _houses_wish)
space, i = min(k for k, (o, pc) in s.sites.items() if o == 0 and pc is Piece.INHABITANT)
upgrade = A("upgrade", space=space, to="house", **({"site": i + 1} if len(s.cat.building_tiles[s.tiles[space]].sites) > 1 else {}))
case("BOON.UPGRADE.NO_HOUSE", moves + [upgrade], "/site" if "site" in upgrade else "/space",
     "If all 6 houses are on the gameboard, you cannot use that effect (Ana built all 6 and no settlement).")


def _settlements_wish(s, seat, m):  # Ana gathers pieces and upgrades to settlements; Ben develops near them
    t = m["type"]
    if t == "develop":
        return (15 if seat == 0 and s.players[seat].ranch >= 2 else 5) + 3 * _near(s, m["space"])
    if seat == 1:
        return 3 if t == "action" and m["strip"] == "settle" else 1 if t == "pass" else 0
    if t == "explore":
        return 12 + 3 * _near(s, m["space"])
    if t == "upgrade":
        return 30 + 3 * m.get("substitute", 0) if m["to"] == "settlement" else 20
    if t == "action" and s.players[seat].ranch >= 1 and m["strip"] in ("settle", "pioneer"):
        return 9 if m["strip"] == "pioneer" else 10 if s.turn % 4 else 0
    if t == "action" and m["strip"] == "hire":
        return 12 if s.players[seat].ranch == 0 else 5
    return _hire_or("settle", s, seat, m) if t != "action" else 0


def _gathered_houses(s) -> list[tuple[int, int]]:
    pr = s.presences()
    return sorted(k for k, (o, pc) in s.sites.items() if o == 0 and pc is Piece.HOUSE
                  and pr[k[0]] - 1 + sum(pr.get(n, 0) for n in s.cat.spaces[k[0]].adjacent) >= 3)


def _four_settlements(s) -> bool:
    done = sum(1 for r in s.cat.piece_order["settlement"] if r in s.players[0].vacated)
    return done == 4 and _upgrading(s, 0) and bool(_gathered_houses(s))


moves, s = driven(_four_settlements, _settlements_wish)
space, i = _gathered_houses(s)[0]
upgrade = A("upgrade", space=space, to="settlement", **({"site": i + 1} if len(s.cat.building_tiles[s.tiles[space]].sites) > 1 else {}))
case("BOON.UPGRADE.MAX_SETTLEMENTS", moves + [upgrade], "/site" if "site" in upgrade else "/space",
     "You cannot build more than 4 settlements (Ana has 4; this house has 3 presences around it).")

#: declared codes without a case (none left: tests/boonlake/test_cases.py keeps this exact)
MISSING: set[str] = set()

if __name__ == "__main__":
    write_cases(OUT, CASES)
