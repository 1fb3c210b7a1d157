"""Kingdom Crossing ludolog/1 -> ludolog/2: the pre-declared orders become reveals at the moves that
revealed them, so a migrated log has more moves. Each migrated move knows the ludolog/1 move it
came from (``Migrated.origin``); through that map the migrated replay must give exactly what the
ludolog/1 replay gave, as pinned before the format changed (tests/golden/kingdom-crossing/ludolog-1,
tests/cases/kingdom-crossing/ludolog-1): scores, winners, every ledger event, the rows at every
pinned snapshot and after every single move."""
from __future__ import annotations

import hashlib
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import LogError, parse_log, replay
from ludolog.replayer.kingdom_crossing import GAME
from ludolog.replayer.kingdom_crossing.migrate import migrate

TESTS = Path(__file__).parent
OLD_GOLDEN = sorted(TESTS.glob("golden/kingdom-crossing/ludolog-1/*.log.json"))
OLD_CASES = sorted(TESTS.glob("cases/kingdom-crossing/ludolog-1/*.json"))


def _mapped_replay(raw: dict):
    """Replay the migrated form; rows after the last migrated move of each ludolog/1 move."""
    migrated = migrate(GAME, raw)
    log = parse_log(orjson.dumps(migrated.raw), "migrated.json")
    after: dict[int, tuple] = {}

    def on_step(index, move, state):
        after[migrated.origin[index]] = (GAME.player_rows(state), GAME.turn_info(state))

    result = replay(log, on_step=on_step)
    return migrated, result, after


def test_the_pinned_logs_are_there():
    assert len(OLD_GOLDEN) == 5 and len(OLD_CASES) >= 40


@pytest.mark.parametrize("path", OLD_GOLDEN, ids=[p.name.removesuffix(".log.json") for p in OLD_GOLDEN])
def test_migrated_golden_logs_replay_move_by_move_as_pinned(path):
    raw = orjson.loads(path.read_bytes())
    assert raw["format"] == "ludolog/1" and "birds" in raw["setup"]
    expected = orjson.loads(path.with_name(path.name.replace(".log.json", ".expected.json")).read_bytes())
    migrated, result, after = _mapped_replay(raw)
    assert migrated.raw["format"] == "ludolog/2"
    assert set(migrated.raw["setup"]) <= {"decks", "bridge_goals", "favor_display", "favor_stacks", "start_pairs"}
    assert all(isinstance(top, str) for top in migrated.raw["setup"]["decks"].values())  # face-up cards only
    assert len(migrated.raw["moves"]) > len(raw["moves"])  # the reveals are moves now
    assert result.status == expected["status"] == "valid"
    assert result.scores == expected["scores"] and result.winners == expected["winners"]
    ids = result.log.player_ids
    ledger = [[migrated.origin[e.move_index], ids[e.seat], e.delta, e.category, e.reason] for e in result.state.ledger.events]
    assert ledger == expected["ledger"]
    assert sorted(after) == list(range(len(raw["moves"])))  # every ludolog/1 move is still there
    for snap in expected["rows"]:
        rows, (turn, round_) = after[snap["after"]]
        assert {pid: list(row) for pid, row in zip(ids, rows)} == snap["rows"], snap["after"]
        assert (turn, round_) == (snap["turn"], snap["round"]), snap["after"]
    digest = hashlib.sha256()
    for k in range(len(raw["moves"])):
        digest.update(repr(after[k][0]).encode())
    assert digest.hexdigest() == expected["player_rows_sha256"]


@pytest.mark.parametrize("path", OLD_GOLDEN[:2], ids=[p.name.removesuffix(".log.json") for p in OLD_GOLDEN[:2]])
def test_solo_logs_keep_the_ludolog_1_reading_of_paco_and_pacas_decorations(path):
    raw = orjson.loads(path.read_bytes())
    migrated, result, _ = _mapped_replay(raw)
    assert migrated.raw["options"]["paco_decoration"] == "most_stars"
    assert result.bot_scores["paco-paca"] == result.state.paco_ledger.totals[0] > 0


@pytest.mark.parametrize("path", OLD_CASES, ids=[p.stem for p in OLD_CASES])
def test_migrated_rule_cases_fail_with_the_same_code_at_the_same_move(path):
    raw = orjson.loads(path.read_bytes())
    expect = raw["meta"]["expect"]
    try:
        migrated = migrate(GAME, raw)
    except Exception:  # a rule only the ludolog/1 orders show: reading the file says which
        with pytest.raises(LogError) as err:
            replay(parse_log(path.read_bytes(), path.name))
        first = err.value.violations[0]
        assert first.code == "CORE.FORMAT.MIGRATION" and expect["code"] in first.message
        return
    first = replay(parse_log(orjson.dumps(migrated.raw), path.name)).violations[0]
    assert first.code == expect["code"], first.message
    if expect["move_index"] is None:
        assert first.move_index is None and first.pointer == expect["pointer"]
    else:
        assert migrated.origin[first.move_index] == expect["move_index"]
        old, new = expect["pointer"].split("/")[3:], first.pointer.split("/")[3:]  # /moves/N/<field...>
        # the same field; a flight after the Paw markers is its own move ("to"), a solo tile too ("tile")
        assert new == old or new[-1:] == old[-1:] or (old[:1], new) == (["tiles"], ["tile"]), (first.pointer, expect["pointer"])
    # migrated on read: the same violation, located at the move of the file as written
    read = replay(parse_log(path.read_bytes(), path.name)).violations[0]
    assert (read.code, read.move_index) == (first.code, expect["move_index"])
    if expect["move_index"] is None:
        assert read.pointer == first.pointer
    else:
        assert read.pointer == f"/moves/{expect['move_index']}" + first.pointer[len(f"/moves/{first.move_index}"):]
