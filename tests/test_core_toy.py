"""The core driver on the toy game: valid prefix, violations, claims, determinism."""
import orjson
import pytest

from ludolog.replayer.core import LogError, parse_log, replay, simulate_log


def test_simulated_toy_replays_cleanly(toy):
    raw = simulate_log("toy", 3, seed=1)
    assert raw == simulate_log("toy", 3, seed=1)
    result = replay(parse_log(orjson.dumps(raw), "t.json"))
    assert result.status == "valid", result.violations
    assert result.scores == raw["claimed"]["final"]
    assert max(result.scores.values()) >= 20


def test_bad_move_keeps_valid_prefix(toy):
    raw = simulate_log("toy", 2, seed=2)
    raw["moves"][3]["die"] = 9
    result = replay(parse_log(orjson.dumps(raw), "t.json"))
    assert result.status == "invalid"
    assert result.applied == 3
    v = result.violations[0]
    assert (v.code, v.move_index, v.pointer) == ("TOY.DIE.RANGE", 3, "/moves/3/die")


def test_schema_errors_are_all_reported(toy):
    raw = simulate_log("toy", 2, seed=3)
    raw["moves"][2]["die"] = "six"
    raw["moves"][5]["colour"] = "red"
    raw["players"][0]["id"] = 7
    log = parse_log(orjson.dumps(raw), "t.json")
    pointers = {v.pointer for v in log.violations}
    assert {"/moves/2/die", "/moves/5", "/players/0/id"} <= pointers


def test_claim_mismatch_is_a_violation(toy):
    raw = simulate_log("toy", 2, seed=4)
    raw["claimed"]["final"]["ana"] += 1
    result = replay(parse_log(orjson.dumps(raw), "t.json"))
    assert [v.code for v in result.violations] == ["CORE.CLAIM.FINAL_MISMATCH"]
    assert result.violations[0].pointer == "/claimed/final/ana"


def test_move_type_of_the_wrong_json_type_is_a_schema_violation(toy):
    raw = simulate_log("toy", 2, seed=5)
    raw["moves"][1]["type"] = ["roll"]
    raw["moves"][2]["type"] = {"roll": 1}
    log = parse_log(orjson.dumps(raw), "t.json")
    assert [(v.code, v.pointer) for v in log.violations] == [("CORE.SCHEMA", "/moves/1/type"),
                                                             ("CORE.SCHEMA", "/moves/2/type")]
    result = replay(log, to=1)
    assert result.status == "unfinished" and result.applied == 1


def test_schema_error_in_a_later_move_keeps_the_valid_prefix(toy):
    raw = simulate_log("toy", 2, seed=6)
    raw["moves"][6]["die"] = "six"
    result = replay(parse_log(orjson.dumps(raw), "t.json"))
    assert result.applied == 6 and result.status == "invalid"
    assert result.violations[0].pointer == "/moves/6/die"


# -- the toy with cards: a hidden deck and a simultaneous step --------------------------------

def _cards_log(moves, players=("ana", "ben"), setup=None, **options):
    return {"format": "ludolog/2", "game": "toy", "edition": "1", "options": {"cards": True, **options},
            "catalog": "toy/1", "players": [{"id": p} for p in players], "setup": setup or {}, "moves": moves}


def _replay(raw):
    return replay(parse_log(orjson.dumps(raw), "c.json"))


def _first(raw):
    result = _replay(raw)
    v = result.violations[0]
    return v.code, v.move_index, v.pointer


def R(p, die):
    return {"type": "roll", "player": p, "die": die}


def D(p, card, pile=1):
    return {"type": "draw", "player": p, "pile": pile, "card": card}


def P(p, card):
    return {"type": "play", "player": p, "card": card}


def X(p):
    return {"type": "pass", "player": p}


ROUND = [R("ana", 4), D("ana", "?"), R("ben", 2), D("ben", "c2")]


def test_unseen_draws_are_identified_when_played_in_any_order(toy):
    # ana 4 + c3 = 7, ben 2 + c2 = 4: ana leads, so her unseen card may not be a c3 ...
    result = _replay(_cards_log(ROUND + [P("ben", "c2"), P("ana", "c3")]))
    assert _first(_cards_log(ROUND + [P("ben", "c2"), P("ana", "c3")])) == ("TOY.PLAY.LEADER", 5, "/moves/5/card")
    # ... but a c1, in either order of the two decisions
    for order in ([P("ben", "c2"), P("ana", "c1")], [P("ana", "c1"), P("ben", "c2")]):
        result = _replay(_cards_log(ROUND + order))
        assert result.violations == [] and result.scores == {"ana": 5, "ben": 4}
        assert result.unrevealed == 0


def test_an_identity_must_still_be_possible(toy):
    # all four c1 are seen and played; ana's unseen card cannot be a c1
    seen = [R("ana", 1), D("ana", "c1"), R("ben", 1), D("ben", "c1"), P("ana", "c1"), P("ben", "c1"),
            R("ana", 1), D("ana", "c1"), R("ben", 1), D("ben", "c1"), P("ben", "c1"), P("ana", "c1"),
            R("ana", 1), D("ana", "?"), R("ben", 1), D("ben", "c2")]
    assert _first(_cards_log(seen + [P("ana", "c1")])) == ("CORE.HIDDEN.NOT_IN_POOL", 16, "/moves/16/card")
    assert _first(_cards_log(seen + [P("ben", "c3")])) == ("CORE.HIDDEN.NOT_HELD", 16, "/moves/16/card")
    result = _replay(_cards_log(seen + [P("ana", "c2"), X("ben")]))
    assert result.violations == [] and result.unrevealed == 0


def test_hidden_draws_never_revealed_are_information(toy):
    result = _replay(_cards_log(ROUND + [X("ana"), X("ben")]))
    assert result.violations == [] and result.status == "unfinished" and result.unrevealed == 1


def test_window_violations(toy):
    assert _first(_cards_log(ROUND + [X("ana"), R("ana", 3)])) == ("CORE.SIMULTANEOUS.INCOMPLETE", 5, "/moves/5")
    assert _first(_cards_log(ROUND + [X("ana"), X("ana")])) == ("CORE.SIMULTANEOUS.TWICE", 5, "/moves/5/player")
    assert _first(_cards_log([R("ana", 3), X("ana")])) == ("CORE.SIMULTANEOUS.NOT_OPEN", 1, "/moves/1")
    # a log that stops inside the window is unfinished (a recording paused there) ...
    paused = _replay(_cards_log(ROUND + [X("ana")]))
    assert paused.violations == [] and paused.status == "unfinished"
    # ... unless it claims final scores: the window still waits for ben
    result = _replay({**_cards_log(ROUND + [X("ana")]), "claimed": {"final": {"ana": 0, "ben": 0}}})
    v = result.violations[0]
    assert (v.code, v.move_index, v.pointer) == ("CORE.SIMULTANEOUS.INCOMPLETE", 5, "/moves")
    assert "ben" in v.message
    # a position inside the window is a valid position: only a log that ends there is incomplete
    assert replay(parse_log(orjson.dumps(_cards_log(ROUND + [X("ana"), X("ben")])), "c.json"), to=5).violations == []


def test_pile_sizes_optional_and_checked_when_given(toy):
    assert _replay(_cards_log(ROUND + [X("ana"), X("ben")], setup={"deck_piles": [6, 6]})).violations == []
    assert _first(_cards_log(ROUND, setup={"deck_piles": [6, 5]})) == ("CORE.HIDDEN.SIZE", None, "/setup/deck_piles")
    assert _first(_cards_log(ROUND, setup={"deck_piles": [0, 12]})) == ("CORE.HIDDEN.EMPTY", 1, "/moves/1/pile")
    assert _first(_cards_log([R("ana", 1), D("ana", "c1", pile=3)])) == ("CORE.HIDDEN.NO_PILE", 1, "/moves/1/pile")


def test_simulated_card_games_replay_with_their_claims(toy):
    for options in ({"cards": True}, {"cards": True, "hidden_hands": True}):
        for n in (1, 3):
            raw = simulate_log("toy", n, seed=9, options=options)
            result = _replay(raw)
            assert result.status == "valid", result.violations[:1]
            assert result.scores == raw["claimed"]["final"]
            hidden = sum(m.get("card") == "?" for m in raw["moves"] if m["type"] == "draw")
            shown = sum(1 for m in raw["moves"] if m["type"] == "play")
            if options.get("hidden_hands"):  # every card played was drawn unseen
                assert result.unrevealed == hidden - shown and hidden > 0
            else:
                assert result.unrevealed == 0 and hidden == 0


def test_an_older_toy_log_is_migrated_on_read(toy):
    raw = simulate_log("toy", 2, seed=1, options={"target": 12})
    old = dict(raw, format="ludolog/1", options={"goal": 12})
    log = parse_log(orjson.dumps(old), "old.json")
    assert (log.source_format, log.format, log.options) == ("ludolog/1", "ludolog/2", {"target": 12})
    result = replay(log)
    assert result.violations == [] and result.scores == raw["claimed"]["final"]
    both = dict(old, options={"goal": 12, "target": 30})
    with pytest.raises(LogError) as exc:
        parse_log(orjson.dumps(both), "both.json")
    assert exc.value.violations[0].code == "CORE.FORMAT.MIGRATION"


# -- a bot seat: the toy's Dealer -------------------------------------------------------------

def test_a_bot_has_its_own_ledger_claim_and_winner_line(toy):
    moves = [R("ana", d) for d in (6, 3, 2, 4, 2, 1)]  # ana 18; the Dealer 1+4+5+3+5+6 = 24
    raw = {"format": "ludolog/2", "game": "toy", "edition": "1", "options": {"dealer": True}, "catalog": "toy/1",
           "players": [{"id": "ana"}], "setup": {}, "moves": moves,
           "claimed": {"final": {"ana": 18, "@dealer": 24}}}
    result = _replay(raw)
    assert result.violations == [] and result.status == "valid"
    assert result.scores == {"ana": 18} and result.bot_scores == {"dealer": 24}
    assert result.winners == [] and result.bot_winners == ["dealer"]
    assert result.result_line == "ana 18, the Dealer 24: the Dealer wins"
    wrong = dict(raw, claimed={"final": {"ana": 18, "@dealer": 25}})
    assert _first(wrong) == ("CORE.CLAIM.FINAL_MISMATCH", None, "/claimed/final/@dealer")
    nobody = dict(raw, claimed={"final": {"@robot": 1}})
    assert _first(nobody) == ("CORE.CLAIM.UNKNOWN_PLAYER", None, "/claimed/final/@robot")
    events = dict(raw, claimed={"events": [{"after": 1, "scores": {"ana": 9, "@dealer": 5}}]})
    assert _replay(events).violations == []
    events["claimed"]["events"][0]["scores"]["@dealer"] = 6
    assert _first(events) == ("CORE.CLAIM.EVENT_MISMATCH", 1, "/claimed/events/0/scores/@dealer")


def test_validate_reports_hidden_draws_never_revealed_as_information(toy, tmp_path):
    import json

    from typer.testing import CliRunner

    from ludolog.cli.app import app
    path = tmp_path / "hidden.json"
    path.write_bytes(orjson.dumps(_cards_log(ROUND + [X("ana"), X("ben")])))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0 and "1 hidden draw was never revealed (information, not a violation)" in result.output
    data = json.loads(CliRunner().invoke(app, ["validate", str(path), "-f", "json"]).output)
    assert data["files"][0]["unrevealed"] == 1 and data["files"][0]["violations"] == []
