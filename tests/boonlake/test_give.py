"""Cards given up by count, each named by a ``give`` move (the package docstring's reading): Hire's
``cards`` (3 per inhabitant), a building site's cost, an exchange card, the discard lever. The move
checks the hand, then the seat names the cards one by one before anything else; a hand of unknown
cards lists one ``give`` per card it may hold, never sets of cards (the blocker this format removes:
C(159, 3) hires). Every expected number is worked out here from the rules text and the catalog."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.boonlake.state import Step
from ludolog.replayer.core import IllegalMove, parse_log, replay, simulate_log, snapshot

from .test_engine import CAT, GAME, SETUP, A, B, play, state_of

ANA, BEN = 0, 1
EXAMPLE = Path(__file__).parent.parent.parent / "schema" / "boonlake.example.md"
#: the most moves a position may list (the old listing of Hire alone with a hidden hand of 6 was
#: C(159, 3) = 657,359 candidates). The largest seen is a play of any kind from a hidden hand with 20
#: coins: 159 cards x the boat positions that pay x the lever uses, each a different legal move
MOST_LISTED = 10_000


def refused(s, move: dict, code: str, pointer: str) -> None:
    before = snapshot(s)
    with pytest.raises(IllegalMove) as exc:
        play(s, move)
    assert (exc.value.code, exc.value.pointer) == (code, pointer), exc.value
    assert snapshot(s) == before  # a refused move changes nothing


def hire_window():
    """Ana's Hire (row 5, no VP): card part passed, Hire's inhabitant taken, explore passed; the
    all-players part is open for both."""
    s = play(state_of(), A("action", strip="hire"), A("pass"), A("pass"))
    assert s.step is Step.RIGHT and s.window is not None and s.window.waiting == {ANA, BEN}
    return s


def test_hire_by_cards_from_a_hidden_hand_is_named_one_give_each():
    s = hire_window()
    ranch = s.players[BEN].ranch
    play(s, B("hire", cards=1))  # "pay 3 coins or discard 3 cards to take 1 inhabitant"
    assert s.players[BEN].ranch == ranch + 1  # the inhabitant comes with the move; the cards are named next
    assert [g.seat for g in s.gives] == [BEN] * 3
    # Ben names them before anything else: the window waits, Ana's hire is not possible now
    assert GAME.acting_seats(s) == {BEN} and GAME.open_window(s) is None and GAME.to_move(s) == BEN
    refused(s, A("hire", coins=1), "BOON.TURN.WRONG_STEP", "/type")
    refused(s, A("give", card="D01"), "BOON.TURN.NOT_YOURS", "/player")
    refused(s, B("give", card="?"), "BOON.CARD.UNKNOWN", "/card")  # the discard pile is face up
    refused(s, B("give", card="D99"), "BOON.CARD.UNKNOWN", "/card")
    with pytest.raises(IllegalMove) as exc:  # D01 is in Ana's hand (known): none of Ben's unknown cards is D01
        play(s, B("give", card="D01"))
    assert exc.value.code.startswith("CORE.HIDDEN.") and exc.value.pointer == "/card"
    # one candidate per card Ben's hidden hand may hold: the 165 cards but Ana's 6
    legal = GAME.legal_moves(s)
    assert len(legal) == len(CAT.cards) - 6 and {m["type"] for m in legal} == {"give"}
    play(s, B("give", card="N05"), B("give", card="S20"), B("give", card="D30"))
    assert s.discard_pile == ["N05", "S20", "D30"] and s.deck.unknown_held[BEN] == 6 - 3 and not s.gives
    assert s.window is not None and s.window.waiting == {ANA}  # the window goes on
    refused(s, B("give", card="N06"), "BOON.TURN.WRONG_STEP", "/type")  # nothing is owed now


def test_the_hand_must_hold_the_cards_before_any_give():
    s = hire_window()
    refused(s, B("hire", cards=3), "BOON.HIRE.CARDS", "/cards")  # 3 inhabitants are 9 cards; Ben holds 6
    play(s, B("hire", coins=1, cards=2))  # 3 coins and 6 cards: two ways, one per inhabitant
    assert s.players[BEN].coins == 7 - 3 and len(s.gives) == 6


def test_a_site_cost_is_paid_before_what_the_move_draws():
    # B04 on space 19, site 1: discard 1 card, then 1 step on the coin track
    s = play(state_of(), A("action", strip="settle"), A("pass"))
    refused(s, A("develop", space=19), "BOON.SITE.INDEX", "/space")  # a tile with 2 sites: 'site' is written
    play(s, A("develop", space=19, site=1))
    assert s.players[ANA].coin_track == 1 and [g.seat for g in s.gives] == [ANA]
    assert s.step is Step.MIDDLE  # the strip goes on only once the card is named
    play(s, A("give", card="S02"))
    assert "S02" not in s.players[ANA].hand and s.discard_pile == ["S02"] and s.step is Step.RIGHT


def test_an_exchange_card_gives_its_vp_and_the_cards_follow():
    # N30: 1 coin and 2 wood (both boats start on wood): "discard 2 cards for the number of VP indicated" (4)
    setup = copy.deepcopy(SETUP)
    setup["players"]["ana"]["hand"][5] = "N30"
    s = play(state_of(setup), A("action", strip="progress"), A("play", card="N30", exchange="discard"))
    assert s.ledger.totals[ANA] == -1 + 4  # Progress from row 6 costs 1 VP
    assert len(s.gives) == 2
    refused(s, A("give", card="N30"), "BOON.CARD.NOT_IN_HAND", "/card")  # played, no longer in hand
    play(s, A("give", card="D03"), A("give", card="D01"))
    assert sorted(s.players[ANA].hand) == ["D02", "S01", "S02"] and s.discard_pile == ["D03", "D01"]


def test_the_pay_cards_code_when_the_hand_is_too_small():
    # N30 asks for 2 cards besides itself: a hand holding N30 alone cannot give them
    setup = copy.deepcopy(SETUP)
    setup["players"]["ana"]["hand"][5] = "N30"
    s = play(state_of(setup), A("action", strip="progress"))
    s.players[ANA].hand[:] = ["N30"]  # a position where the hand holds only the card played
    refused(s, A("play", card="N30", exchange="discard"), "BOON.PAY.CARDS", "/exchange")


def _listing_agrees(raw: dict) -> tuple[int, int]:
    """legal_moves at every position of ``raw``: at most MOST_LISTED moves, each logged move among
    them, a sample of the listed ones accepted. Returns (positions, positions owing a hidden card)."""
    log = parse_log(orjson.dumps(raw), "t.json")
    s = replay(log, to=0).state
    hidden_gives = 0
    for i, move in enumerate(raw["moves"]):
        legal = GAME.legal_moves(s)
        assert len(legal) <= MOST_LISTED, (i, len(legal))
        keys = {orjson.dumps(m, option=orjson.OPT_SORT_KEYS) for m in legal}
        assert orjson.dumps(move, option=orjson.OPT_SORT_KEYS) in keys, (i, move)
        for m in legal[:: max(1, len(legal) // 3)]:
            GAME.apply(GAME.clone(s), m, log.seat_of.get(m.get("player")))
        if s.gives and s.deck.unknown_held.get(s.gives.items[-1].seat, 0):
            hidden_gives += 1
        GAME.apply(s, move, log.seat_of.get(move.get("player")))
    return len(raw["moves"]), hidden_gives


def test_the_example_lists_every_position_with_bens_hidden_hand():
    raw = orjson.loads(re.findall(r"```json\n(.*?)\n```", EXAMPLE.read_text(encoding="utf-8"), re.S)[-1])
    assert raw["setup"]["players"]["ben"]["hand"] == ["?"] * 6
    positions, _ = _listing_agrees(raw)
    assert positions == len(raw["moves"])


def _first_players_view(raw: dict) -> dict:
    """The log as its first player writes it: every other hand '?' at set-up and in the cards they draw."""
    out = copy.deepcopy(raw)
    me = raw["players"][0]["id"]
    for pid, ps in out["setup"]["players"].items():
        if pid != me:
            ps["hand"] = ["?"] * len(ps["hand"])
    log = parse_log(orjson.dumps(raw), "s.json")
    s = replay(log, to=0).state
    for i, move in enumerate(raw["moves"]):
        if move["type"] == "card" and s.draws and s.draws[0] != 0:
            out["moves"][i] = {"type": "card", "card": "?"}
        GAME.apply(s, move, log.seat_of.get(move.get("player")))
    return out


def test_a_simulated_game_with_the_other_hands_hidden_lists_every_position():
    raw = _first_players_view(simulate_log(GAME, 2, "give-3"))
    assert replay(parse_log(orjson.dumps(raw), "h.json")).violations == []
    positions, hidden_gives = _listing_agrees(raw)
    assert positions == len(raw["moves"]) and hidden_gives >= 3  # Ben names cards from his hidden hand
