"""Messages a player can act on: what was wrong, and what to write instead.

One test per message that read badly (each reproduced first, with a small log: a rule case or a
simulated game cut where the situation arises). Each asserts the facts the sentence must carry,
taken from the rules and the position, and that the old wording is gone."""
from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import get_game, parse_log, replay, simulate_log

CASES = Path(__file__).parent / "cases"


def _violations(raw: dict):
    return replay(parse_log(orjson.dumps(raw), "t.json")).violations


def _case(game: str, code: str):
    found = sorted((CASES / game).rglob(f"{code}.json")) or sorted((CASES / game).glob(f"{code}.*.json"))
    path = found[0]
    return _violations(orjson.loads(path.read_bytes()))


def _cut(raw: dict, end: int, *extra: dict) -> dict:
    return {**raw, "moves": raw["moves"][:end] + list(extra)}


def _game(name: str, players: int, seed: int) -> dict:
    raw = simulate_log(name, players, seed=seed)
    raw.pop("claimed", None)
    return raw


# -- Castles of Burgundy ---------------------------------------------------------------------------

def test_cob_a_purchase_without_the_silverlings_says_what_it_costs_and_what_is_held():
    # The case: the black-depot purchase costs 2 silverlings; Ana holds 1
    v = _case("castles-of-burgundy", "COB.BUY.SILVERLINGS")[0]
    assert v.code == "COB.BUY.SILVERLINGS"
    assert "costs 2 silverlings" in v.message and "ana has only 1 silverling" in v.message
    assert "holds 1 and" not in v.message


def test_cob_a_second_goods_move_says_no_ship_is_waiting():
    # A placed ship takes the goods of one depot, in the one 'goods' move after it; written twice
    raw = _game("castles-of-burgundy", 2, 1)
    i = next(i for i, m in enumerate(raw["moves"]) if m["type"] == "goods")
    assert raw["moves"][i - 1]["type"] == "place" and raw["moves"][i - 1]["tile"] == "ship"
    (v,) = _violations(_cut(raw, i + 1, raw["moves"][i]))
    assert v.code == "COB.TURN.WRONG_STEP" and v.move_index == i + 1
    assert "no ship is waiting for its goods" in v.message and "right after it" in v.message
    assert "only when a ship is placed" not in v.message


def test_cob_goods_of_a_ship_name_the_storage_room_and_the_types_to_take():
    (v,) = _case("castles-of-burgundy", "COB.SHIP.GOODS")
    # ben holds one goods type (6), so 2 of the 3 spaces are free; depot 2 offers new types 2, 4, 5
    assert "room for 2 new types" in v.message and "2, 4, 5" in v.message and "not 0 new types" in v.message
    assert "type(s) fit and are taken" not in v.message


def test_cob_solo_trade_refused_says_why_no_trade_is_open():
    # Right after a ship took its goods, but with fewer than 5 goods the offer is skipped
    for seed in range(40):
        raw = _game("castles-of-burgundy", 1, seed)
        for i, move in enumerate(raw["moves"]):
            if move["type"] != "goods":
                continue
            vs = _violations(_cut(raw, i + 1, {"type": "trade", "player": "ana", "goods": {"1": 4}, "tile": "x"}))
            if vs and vs[0].code == "COB.SOLO.TRADE" and vs[0].pointer.endswith("/type"):
                state = replay(parse_log(orjson.dumps(_cut(raw, i + 1)), "t.json")).state
                held = state.estates[0].goods_total()
                assert held < 5
                assert f"ana holds {held} goods" in vs[0].message and "at least 5 goods" in vs[0].message
                return
    pytest.fail("no position right after a ship with fewer than 5 goods")


def test_cob_a_die_used_as_rolled_takes_no_workers():
    # 6.1: workers turn a die up or down; a die used at its own number needs none. A simulated game's
    # place move with the die as rolled (workers 0), written with 3 workers
    raw = _game("castles-of-burgundy", 2, 1)
    j = next(j for j, m in enumerate(raw["moves"]) if m["type"] == "place" and m.get("workers") == 0 and "die" in m)
    die = raw["moves"][j]["die"]
    (v,) = _violations(_cut(raw, j, {**raw["moves"][j], "workers": 3}))
    assert v.code == "COB.DIE.WORKERS"
    assert f"the {die} is used as rolled" in v.message and "write 'workers' 0" in v.message
    assert f"turning the {die} into a {die}" not in v.message


def test_cob_a_full_storage_takes_none_of_the_new_types():
    # 7.: three goods types held fill the storage; a ship then takes only the types already held
    for seed in range(30):
        raw = _game("castles-of-burgundy", 2, seed)
        for k, move in enumerate(raw["moves"]):
            if move["type"] != "goods":
                continue
            state = replay(parse_log(orjson.dumps(_cut(raw, k)), "t.json")).state
            seat = [p["id"] for p in raw["players"]].index(move["player"])
            held = {t for t in range(1, 7) if state.estates[seat].goods[t]}
            new = sorted({t for t in range(1, 7) if state.depot_goods[move["depot"]][t]} - held)
            if len(held) == 3 and new:
                (v,) = _violations(_cut(raw, k, {**move, "types": sorted(set(move["types"]) | {new[0]})}))
                assert "storage is full" in v.message
                assert f"none of the new types ({', '.join(map(str, new))})" in v.message
                assert "0 of the new types" not in v.message
                return
    pytest.fail("no ship reaching a full storage")


# -- Boonlake ---------------------------------------------------------------------------------------

def test_boonlake_a_used_lever_is_refused_as_used_whoever_decides():
    game = get_game("boonlake")
    for seed in range(4):
        raw = _game("boonlake", 2, seed)
        moves = raw["moves"]
        for i, move in enumerate(moves):
            if move["type"] != "lever":
                continue
            for j in range(i + 1, min(i + 60, len(moves))):
                state = replay(parse_log(orjson.dumps(_cut(raw, j)), "t.json")).state
                seat = raw["players"].index(next(p for p in raw["players"] if p["id"] == move["player"]))
                if game.to_move(state) not in (1 - seat,) or not state.players[seat].levers.get(move["lever"]):
                    continue
                (v,) = _violations(_cut(raw, j, {"type": "lever", "player": move["player"], "lever": move["lever"]}))
                assert v.code == "BOON.LEVER.USED", v.message
                assert "already down" in v.message and "decision, not" not in v.message
                return
    pytest.fail("no position with a used lever during the other player's decision")


def test_boonlake_solo_wrong_step_names_the_eminences_reveal():
    raw = _game("boonlake", 1, 0)
    i = next(i for i, m in enumerate(raw["moves"]) if m["type"] == "eminence")
    (v,) = _violations(_cut(raw, i, {"type": "action", "player": "ana", "strip": "hire"}))
    assert v.code == "BOON.TURN.WRONG_STEP"
    assert v.message.startswith("no 'action' move is possible now")
    assert "Wise Eminence" in v.message and "'eminence'" in v.message
    assert "ana takes an action strip" not in v.message and "a 'action'" not in v.message
    assert ") (" not in v.message  # the move type named once: "(an 'eminence' move, round 1)"


def test_boonlake_a_move_outside_an_open_window_names_the_moves_of_the_window():
    game = get_game("boonlake")
    raw = _game("boonlake", 2, 1)
    for i in range(len(raw["moves"])):
        state = replay(parse_log(orjson.dumps(_cut(raw, i)), "t.json")).state
        window = game.open_window(state)
        if window is not None and not window.complete and "discard" not in window.move_types:
            pid = raw["players"][min(window.waiting)]["id"]
            (v,) = _violations(_cut(raw, i, {"type": "discard", "player": pid, "card": "D01"}))
            assert v.code == "CORE.SIMULTANEOUS.INCOMPLETE"
            assert "'discard' is not one of those moves" in v.message
            assert all(repr(t) in v.message for t in window.move_types)
            assert "cannot come first" not in v.message
            return
    pytest.fail("no open window")


def test_boonlake_the_second_of_two_draws_says_so():
    raw = _game("boonlake", 2, 0)
    moves = raw["moves"]
    i = next(i for i in range(1, len(moves) - 1) if moves[i]["type"] == moves[i - 1]["type"] == "card"
             and moves[i - 2]["type"] != "card")
    run = next(k for k in range(i, len(moves)) if moves[k]["type"] != "card") - (i - 1)  # cards in this run
    first = _violations(_cut(raw, i - 1, {"type": "pass", "player": "ana"}))[0].message
    second = _violations(_cut(raw, i, {"type": "pass", "player": "ana"}))[0].message
    assert f"the 1st of the {run} cards drawn now" in first
    assert f"the 2nd of the {run} cards drawn now" in second
    unknown = _violations(_cut(raw, i, {"type": "card", "card": "D999"}))[0]
    assert unknown.code == "BOON.CARD.UNKNOWN" and f"2nd of the {run}" in unknown.message and "'?'" in unknown.message


# -- Keyflower --------------------------------------------------------------------------------------

def test_keyflower_an_upgrade_cost_is_said_in_words():
    (v,) = _case("keyflower", "KEY.UPGRADE.COST")
    # the Woodcutter's upgrade costs one saw skill tile (the case pays nothing)
    assert "upgrading the Woodcutter costs 1 saw skill tile" in v.message
    assert "the move pays nothing" in v.message and "'skills'" in v.message
    assert "skill tiles nothing" not in v.message


def test_keyflower_cost_words_of_the_barn_and_the_workshop():
    from ludolog.replayer.keyflower.transport import cost_words

    catalog = orjson.loads((Path(__file__).parent.parent / "replayer" / "keyflower" / "catalog.json").read_bytes())
    tiles = {t["id"]: t for t in catalog["tiles"]} if isinstance(catalog.get("tiles"), list) else {}
    if not tiles:
        tiles = {t["id"]: t for group in catalog.values() if isinstance(group, list)
                 for t in group if isinstance(t, dict) and "id" in t}
    for name in ("barn", "workshop"):
        cost = tiles[name]["upgrade_cost"]
        words = cost_words(cost.get("resources", {}), cost.get("skills", {}))
        for kind, n in {**cost.get("resources", {}), **cost.get("skills", {})}.items():
            assert str(n) in words and ("any kind" in words if kind == "any" else kind in words)
        assert "nothing" not in words and "skill tiles 2" not in words
    assert cost_words({}, {"any": 2}) == "2 skill tiles of any kind"
    assert cost_words({"wood": 1}, {}) == "1 wood"


def test_keyflower_a_green_bid_from_the_start_says_green_workers_are_not_in_the_bag():
    raw = _game("keyflower", 2, 1)
    i = next(i for i, m in enumerate(raw["moves"]) if m["type"] == "bid")
    bid = {k: v for k, v in raw["moves"][i].items() if k != "from"}
    (v,) = _violations(_cut(raw, i, {**bid, "colour": "green"}))
    assert v.code == "CORE.HIDDEN.NOT_IN_POOL"
    assert "0 green workers known" in v.message and "never come from the bag" in v.message
    assert "unaccounted for" not in v.message


# -- the rest, read as a player would --------------------------------------------------------------

@pytest.mark.parametrize("game, code, facts, gone", [
    ("castles-of-burgundy", "COB.TURN.NOT_YOUR_TURN", ["it is ana's turn, not ben's"], []),
    ("castles-of-burgundy", "COB.DIE.NOT_ENOUGH_WORKERS", ["needs 2 workers", "only 1 worker tile is held", "as rolled"],
     ["the player holds", "1 are held"]),
    # 2. Estate geometry: the boards number their spaces 1-37
    ("castles-of-burgundy", "COB.PLACE.NO_SPACE", ["no space '38'", "its spaces are 1-37"], []),
    # the case leaves ben's estate out; the Solo option 'side' in a 2-player game; board 6 twice
    ("castles-of-burgundy", "COB.SETUP.ESTATES", ["ben has no estate", "write one for each player"], ["no estate for"]),
    ("castles-of-burgundy", "COB.SETUP.OPTIONS", ["'side' belongs to the Solo game", "leave it out"], []),
    ("castles-of-burgundy", "COB.SETUP.BOARD_TAKEN", ["board 6 once", "taken by ana", "the board ben plays on"],
     ["by another player"]),
    ("castles-of-burgundy", "COB.EXTRA.NOT_OPTIONAL", ["nothing is pending", "'pass'"], ["pending: nothing"]),
    ("entdecker", "ENT.BUILD.CANNOT_AFFORD", ["costs 12", "ana has 7"], ["the player has"]),
    ("entdecker", "ENT.START.CANNOT_AFFORD", ["needs 10 gold", "ana has 9", "declare fewer"], ["the player has"]),
    ("entdecker", "ENT.PERSONAL.NOT_OWNED", ["ana has no unused personal tile 'dragon'", "unused: corner"], []),
    ("boonlake", "BOON.SETUP.PLAYERS", ["'cleo' is not a player", "players: ana, ben"], []),
    ("boonlake", "BOON.CHOICE.UNUSED", ["1 production site in 'sites'", "place 0", "leave 'sites' out"],
     ["ask for 0"]),
    # set-up and transport sentences that named the rule but not the fault or the fix
    ("kingdom-crossing", "KC.SETUP.OPTIONS", ["solo game only", "leave it out of a game of 2 players"], []),
    ("keyflower", "KEY.SETUP.TURN_ORDER", ["turn_order_1 side a, not turn_order_1 side b", "write those tiles"], []),
    ("keyflower", "KEY.TRANSPORT.CAPACITY", ["carrying 2 wood to the Woodcutter (1 tile away)", "it allows 1",
                                             "carry fewer"], ["wood 1 tile to"]),
    ("entdecker", "CORE.HIDDEN.SIZE", ["add up to 95", "write sizes that add up to 94"], []),
    ("entdecker", "CORE.SIMULTANEOUS.INCOMPLETE", ["the plant draw of the island at B2 still waits for ana"],
     ["draws of the island"]),
    ("boonlake", "BOON.SETUP.STRIPS", ["builder written twice", "pioneer missing"], []),
    ("castles-of-burgundy", "COB.SETUP.CASTLE", ["goes on space 19 of board 1, not '2'"], []),
])
def test_a_rule_message_names_the_player_and_what_to_write(game, code, facts, gone):
    v = _case(game, code)[0]
    assert v.code == code
    for fact in facts:
        assert fact in v.message, v.message
    for old in gone:
        assert old not in v.message


def test_boonlake_a_wrong_kept_scoring_tile_is_named_once():
    # The case: ana drew T01 (and an unseen one) and writes T09 as kept. That is one fault; T01,
    # which she drew, is not also "drawn by another player or in another area"
    found = _case("boonlake", "BOON.SETUP.SCORING")
    assert [(v.pointer, v.code) for v in found] == [("/setup/players/ana/scoring_tile", "BOON.SETUP.SCORING")]
    assert "(T01, ?), not T09" in found[0].message
