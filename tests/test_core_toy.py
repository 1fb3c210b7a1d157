"""The core driver on the toy game: valid prefix, violations, claims, determinism."""
import orjson

from ludolog.replayer.core import parse_log, replay, simulate_log


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
