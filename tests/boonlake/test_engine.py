"""The Boonlake engine on hand-made positions: set-up as the table records it, a turn's phases, the
ship, cards from hidden hands, interim and final scoring. Every expected number is worked out here
from the rules text and the catalog's tables, never read from the engine."""
from __future__ import annotations

import copy

import orjson
import pytest

from ludolog.replayer.boonlake import GAME_ENGINE as GAME
from ludolog.replayer.boonlake.interim import final_scoring, open_interim
from ludolog.replayer.boonlake.state import Piece, Step, fast_clone
from ludolog.replayer.core import IllegalMove, parse_log, replay, simulate_log, snapshot
from ludolog.replayer.core.cloning import clone_fields
from ludolog.replayer.core.log import GameLog, Player

CAT = GAME.cat
#: strips top to bottom: Builder on row 7 (1 step, 2 VP), Pioneer on row 1 (6 steps)
STRIPS = ["pioneer", "settle", "cattle_breeding", "region_scoring", "hire", "progress", "builder"]
SETUP = {
    "tiles": {"6": "B01", "9": "B02", "14": "B03", "19": "B04", "24": "B05", "27": "B06"},
    "strips": STRIPS,
    "scoring_tiles": ["T01", "T05", "T09", "T13"],
    "players": {
        "ana": {"hand": ["D01", "D02", "D03", "S01", "S02", "N01"], "scoring_drawn": ["T01", "?"], "scoring_tile": "T01",
                "site": "stone", "coins": 6},
        "ben": {"hand": ["?"] * 6, "scoring_drawn": ["T05", "T07"], "scoring_tile": "T05", "site": "wood"},
    },
}



def A(t: str, **kw) -> dict:
    """A move of Ana's (seat 0)."""
    return {"type": t, "player": "ana", **kw}


def B(t: str, **kw) -> dict:
    """A move of Ben's (seat 1)."""
    return {"type": t, "player": "ben", **kw}


def log_of(setup: dict, moves=(), ids=("ana", "ben")) -> dict:
    return {"format": "ludolog/2", "game": "boonlake", "edition": "2021", "catalog": CAT.version,
            "players": [{"id": i, "name": i.title()} for i in ids], "setup": setup, "moves": list(moves)}


def state_of(setup: dict = SETUP, ids=("ana", "ben")):
    log = GameLog(file="t", raw={}, game="boonlake", format="ludolog/2", edition="2021", options={}, catalog=CAT.version,
                  players=[Player(i, i) for i in ids], setup=setup, seat_of={p: k for k, p in enumerate(ids)})
    return GAME.new_state(log)


def play(s, *moves):
    for m in moves:
        GAME.apply(s, m, s.ids.index(m["player"]) if "player" in m else None)
    return s


def first_violation(raw: dict):
    result = replay(parse_log(orjson.dumps(raw), "t.json"))
    return result.violations[0] if result.violations else None


# -- set-up ------------------------------------------------------------------------------

def test_set_up_as_the_rules_state():
    s = state_of()
    ana, ben = s.players
    assert (ana.coins, ben.coins) == (6, 7)  # "the starting player ... 6 coins; the next player clockwise gets 7"
    assert ana.ship == ben.ship == "1"  # "the first river space (1-2 players)"
    assert (ana.ranch, ana.supply) == (3, 5)  # "3 on the ranch ... 5 in the supply"
    assert ana.boats == [1, 2] and CAT.canal[0] == CAT.canal[1] == "wood"  # "2 boats ... in the area of wood production"
    assert ana.sites == [1, 0, 0, 0] and ben.sites == [0, 0, 0, 1]
    assert s.deck.unknown_held[1] == 6 and len(ana.hand) == 6
    assert s.owner_tile == ["T01", "T05"] and s.step is Step.ACTION and s.current == 0


@pytest.mark.parametrize("edit, code, pointer", [
    (lambda st: st["tiles"].update({"7": st["tiles"].pop("6")}), "BOON.SETUP.TILES", "/setup/tiles/7"),
    (lambda st: st["strips"].__setitem__(0, "builder"), "BOON.SETUP.STRIPS", "/setup/strips"),
    (lambda st: st["players"]["ana"].update(coins=7), "BOON.SETUP.COINS", "/setup/players/ana/coins"),
    (lambda st: st["players"]["ana"].update(scoring_tile="T09"), "BOON.SETUP.SCORING", "/setup/players/ana/scoring_tile"),
    (lambda st: st["players"]["ben"]["hand"].__setitem__(0, "D01"), "CORE.HIDDEN.NOT_IN_POOL", "/setup/players/ben/hand/0"),
    (lambda st: st["players"]["ana"]["hand"].pop(), "BOON.SETUP.HAND", "/setup/players/ana/hand"),
])
def test_set_up_violations(edit, code, pointer):
    setup = copy.deepcopy(SETUP)
    edit(setup)
    v = first_violation(log_of(setup))
    assert (v.code, v.move_index, v.pointer) == (code, None, pointer)


# -- a turn ------------------------------------------------------------------------------

def test_builder_from_the_bottom_row():
    """Row 7 costs 2 VP (catalog rows) and allows 1 step; Builder gives 3 coins instead of a card;
    2 cards drawn are written as card moves; river space 2 gives 2 coins."""
    s = state_of()
    play(s, {"type": "action", "player": "ana", "strip": "builder"})
    assert s.ledger.totals[0] == -CAT.rows[6].vp_cost == -2
    assert s.players[0].coins == 6 + 3 and s.step is Step.MIDDLE
    play(s, {"type": "draw", "player": "ana"}, {"type": "card", "card": "N05"}, {"type": "card", "card": "?"})
    assert s.step is Step.RIGHT and s.window is not None and s.window.waiting == {0, 1}
    play(s, {"type": "pass", "player": "ben"}, {"type": "pass", "player": "ana"})
    assert s.step is Step.SHIP
    with pytest.raises(IllegalMove) as exc:
        play(s, {"type": "ship", "player": "ana", "to": "3"})
    assert exc.value.code == "BOON.SHIP.TOO_FAR"
    play(s, {"type": "ship", "player": "ana", "to": "2"})
    assert s.players[0].coins == 6 + 3 + 2 and len(s.players[0].hand) == 7 and s.deck.unknown_held[0] == 1
    assert s.current == 1 and s.step is Step.ACTION
    # the strip went to the bottom; the others moved up: Builder was already there
    assert s.strips == STRIPS


def test_discard_identifies_a_hidden_card_and_checks_the_kind():
    s = state_of()
    play(s, {"type": "action", "player": "ana", "strip": "hire"}, {"type": "pass", "player": "ana"})
    s.current = 1
    s.step = Step.ACTION
    play(s, {"type": "action", "player": "ben", "strip": "pioneer"})  # row 1 after Hire went down: a day strip
    assert s.steps == CAT.rows[0].steps
    for card, code in (("S05", "BOON.CARD.KIND"), ("D01", "CORE.HIDDEN.NOT_IN_POOL")):
        with pytest.raises(IllegalMove) as exc:
            play(s, {"type": "discard", "player": "ben", "card": card})
        assert exc.value.code == code
    play(s, {"type": "discard", "player": "ben", "card": "D05"})
    assert s.players[1].coins == 7 + 2 and s.discard_pile == ["D05"] and s.deck.unknown_held[1] == 5


def test_occupied_spaces_are_skipped_harbors_counted():
    s = state_of()
    s.players[0].ship = "2"  # not a harbor
    s.current, s.step, s.steps = 1, Step.SHIP, 1
    play(s, {"type": "ship", "player": "ben", "to": "3"})  # 2 is skipped and not counted: 3 is 1 step
    assert s.players[1].ship == "3"


def test_a_rejected_move_changes_nothing():
    s = state_of()
    play(s, {"type": "action", "player": "ana", "strip": "builder"})
    before = snapshot(s)
    with pytest.raises(IllegalMove):
        play(s, {"type": "play", "player": "ana", "card": "N01"})  # 2 coins, 1 vase, 2 loam: no vase
    assert snapshot(s) == before


# -- scoring -----------------------------------------------------------------------------

def test_interim_scoring_doubled_on_the_own_tile():
    """T01 asks for 2/1 presences in Boonlake/Southern at the first scoring; nobody has any, so the
    marker's 1 VP is lost, doubled (2) on Ana's own tile."""
    s = state_of()
    s.scorings_due = 1
    open_interim(s)
    play(s, {"type": "score", "player": "ben", "tile": "T01"}, {"type": "score", "player": "ana", "tile": "T01"})
    by = [s.ledger.by_category(k).get("scoring_tiles", 0) for k in (0, 1)]
    assert by == [-2, -1]
    # income: 2 coins from the coin track's start, 2 cards from the card track's (drawn by card moves)
    assert s.players[0].coins == 6 + CAT.tracks["coin"][0].income == 8 and s.draws == [0, 0, 1, 1]
    assert s.scorings == 1


def test_settlement_surcharge_and_second_in_region():
    """A third settlement: 2 inhabitants plus 1 more or 4 VP; a second one in the same region: 5 VP."""
    s = state_of()
    p = s.players[0]
    p.vacated |= {"s1", "s2"}  # two settlements already built
    p.settlement_regions = [CAT.spaces[9].region]
    assert {8, 10} <= set(CAT.spaces[9].adjacent)
    s.tiles[8], s.tiles[10] = "B18", "B19"  # two gray tiles next to space 9
    s.sites[(9, 0)] = (0, Piece.HOUSE)  # Ana's house; around it: one on its own tile, one on each neighbour
    s.sites[(9, 1)] = (1, Piece.INHABITANT)
    s.sites[(8, 0)] = (1, Piece.INHABITANT)
    s.sites[(10, 0)] = (1, Piece.INHABITANT)
    s.step, s.middle, s.strip = Step.MIDDLE, ["develop_or_upgrade"], "settle"
    with pytest.raises(IllegalMove) as exc:  # only the one additional inhabitant may become 4 VP
        play(s, {"type": "upgrade", "player": "ana", "space": 9, "site": 1, "to": "settlement", "substitute": 2})
    assert exc.value.code == "BOON.UPGRADE.SUBSTITUTE"
    play(s, {"type": "upgrade", "player": "ana", "space": 9, "site": 1, "to": "settlement", "substitute": 1})
    p = s.players[0]  # a rejected move restores the state's fields: read them afresh
    assert p.ranch == 3 - 2  # the base 2 inhabitants; the third replaced by 4 VP
    assert s.ledger.totals[0] == -4 - 5
    assert "s3" in p.vacated and p.houses_aside == 1 and s.sites[(9, 0)] == (0, Piece.SETTLEMENT)


def test_seven_levers_give_21_vp_and_tiers_their_vp():
    s = state_of()
    p = s.players[0]
    p.levers = {f"m{k}": False for k in range(1, 8)}
    p.vacated |= {"h5", "s2", "c3", "h6"}  # three of tier 3 (2 VP each), one of tier 4 (4 VP)
    final_scoring(s)
    cats = s.ledger.by_category(0)
    assert cats["levers"] == 21 and cats["tiers"] == 3 * 2 + 4
    assert s.step is Step.END


# -- whole games -------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_games_replay_valid(players):
    raw = simulate_log(GAME, players, "engine-test")
    result = replay(parse_log(orjson.dumps(raw), "sim.json"))
    assert result.status == "valid" and result.violations == []
    assert result.scores == raw["claimed"]["final"]
    assert result.state.scorings == 4 and result.state.rnd == 2


def test_fast_clone_copies_every_field_independently():
    raw = simulate_log(GAME, 3, "clone-test")
    result = replay(parse_log(orjson.dumps(raw), "sim.json"), to=len(raw["moves"]) // 2)
    s = result.state
    a, b = fast_clone(s), clone_fields(s)
    assert snapshot(a) == snapshot(b) == snapshot(s)
    a.players[0].hand.append("X")
    a.cattle.setdefault(1, []).append(0)
    a.deck.unaccounted["D01"] = 9
    a.ledger.add(0, 5, "test", "test")
    assert snapshot(s) == snapshot(b)
