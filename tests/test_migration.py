"""Format versions: every ludolog/1 log still validates with the same outcome (migrated on read),
and `ludolog migrate` writes a ludolog/2 form that replays identically - on the committed golden
playthroughs (tests/golden/<game>/ludolog-1/, pinned before the format changed) and rule cases."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import CURRENT_FORMAT, LogError, find_game, migrate_log, migrate_traced, parse_log, replay
from tests.golden.make_golden import summarise

TESTS = Path(__file__).parent
# Kingdom Crossing's migration writes each reveal as a move of its own (more moves): its logs are compared
# move by move through the migration's map in tests/test_kingdom_crossing_migration.py
OLD_GOLDEN = sorted(p for p in TESTS.glob("golden/*/ludolog-1/*.log.json") if p.parts[-3] != "kingdom-crossing")
# Entdecker's rule cases as they were in ludolog/1 (Kingdom Crossing's: tests/test_kingdom_crossing_migration.py)
OLD_CASES = [p for p in sorted(TESTS.glob("cases/*/*.json")) + sorted(TESTS.glob("cases/entdecker/ludolog-1/*.json"))
             if orjson.loads(p.read_bytes()).get("format") == "ludolog/1"]
# Entdecker's piles and plant draws moved to the core's checks in ludolog/2: the same rule, a core code
MOVED_TO_CORE = {"ENT.SETUP.PILES": "CORE.HIDDEN.SIZE", "ENT.SETUP.PLANT_PILES": "CORE.HIDDEN.SIZE",
                 "ENT.DRAW.PILE_EMPTY": "CORE.HIDDEN.EMPTY", "ENT.PLANT.PILE_EMPTY": "CORE.HIDDEN.EMPTY",
                 "ENT.DRAW.UNAVAILABLE": "CORE.HIDDEN.NOT_IN_POOL", "ENT.PLANT.UNAVAILABLE": "CORE.HIDDEN.NOT_IN_POOL",
                 "ENT.PLANT.DUE": "CORE.SIMULTANEOUS.INCOMPLETE"}
runner = CliRunner()


def _first(raw: dict):
    try:
        result = replay(parse_log(orjson.dumps(raw), "m.json"))
    except LogError as exc:
        return [(v.code, v.move_index, v.pointer) for v in exc.violations]
    return [(v.code, v.move_index, v.pointer) for v in result.violations], result.scores


def _origins(old: list, new: list) -> list[int]:
    """For each migrated move, the index of the ludolog/1 move it comes from, for a migration that
    only inserts moves (an inserted move belongs to the move before it)."""
    origin, i = [], -1
    for move in new:
        if i + 1 < len(old) and move == old[i + 1]:
            i += 1
        origin.append(i)
    assert i == len(old) - 1, "every ludolog/1 move is kept, in order"
    return origin


def _mapped_outcome(raw: dict, origin: list[int]) -> dict:
    """The replay of the migrated ``raw`` in the terms of the ludolog/1 log: ledger events at the move
    they came from, and the player rows after the last migrated move of each ludolog/1 move."""
    log = parse_log(orjson.dumps(raw), "m.json")
    game = find_game(log.game)
    rows: dict[int, dict] = {}
    ids = log.player_ids
    result = replay(log, on_step=lambda i, m, s: rows.__setitem__(origin[i], {p: list(r) for p, r in
                                                                                  zip(ids, game.player_rows(s))}))
    ledger = [[origin[e.move_index] if e.move_index >= 0 else -1, ids[e.seat], e.delta, e.category, e.reason]
              for e in result.state.ledger.events]
    return {"status": result.status, "scores": result.scores, "winners": result.winners, "ledger": ledger,
            "rows": rows}


@pytest.mark.parametrize("path", OLD_GOLDEN, ids=[f"{p.parts[-3]}/{p.name}" for p in OLD_GOLDEN])
def test_old_golden_logs_replay_to_their_pinned_outcome_read_or_migrated(path):
    raw = orjson.loads(path.read_bytes())
    assert raw["format"] == "ludolog/1"
    expected = orjson.loads(path.with_name(path.name.replace(".log.json", ".expected.json")).read_bytes())
    migrated = migrate_log(raw, find_game(raw["game"]))
    assert migrated["format"] == CURRENT_FORMAT and raw["format"] == "ludolog/1"  # the input is not changed
    origin = _origins(raw["moves"], migrated["moves"])
    for outcome in (_mapped_outcome(raw, origin), _mapped_outcome(migrated, origin)):  # read, and migrated
        assert (outcome["status"], outcome["scores"], outcome["winners"]) == (
            expected["status"], expected["scores"], expected["winners"])
        assert outcome["ledger"] == expected["ledger"]
        for snap in expected["rows"]:  # the rows pinned at every scoring event and round end
            assert outcome["rows"][snap["after"]] == snap["rows"], snap


@pytest.mark.parametrize("path", OLD_CASES, ids=[f"{p.parent.name}/{p.stem}" for p in OLD_CASES])
def test_old_rule_cases_fail_the_same_way_migrated(path):
    raw = orjson.loads(path.read_bytes())
    migrated = migrate_log(raw, find_game(raw["game"]))
    expect = raw["meta"]["expect"]
    read, written = _first(raw), _first(migrated)
    code, at, _ = read[0][0]  # reading the file reports the violation at the file's own move
    assert (code, at) == (MOVED_TO_CORE.get(expect["code"], expect["code"]), expect["move_index"])
    origin = _origins(raw["moves"], migrated["moves"])
    m_code, m_at, _ = written[0][0]  # the migrated form fails the same way, at the move that came from it
    assert (m_code, None if m_at is None else origin[m_at]) == (code, at)
    assert read[1:] == written[1:]  # the same scores of the valid prefix


def test_every_game_keeps_old_golden_logs():
    from ludolog.replayer.core import game_names
    assert {p.parts[-3] for p in OLD_GOLDEN} >= {"entdecker"}
    assert {p.parts[-3] for p in OLD_GOLDEN} <= set(game_names())


def test_migrate_command_writes_the_current_form_and_never_overwrites(tmp_path):
    source = tmp_path / "old"
    (source / "club").mkdir(parents=True)
    logs = OLD_GOLDEN[:2]
    for path in logs:
        (source / "club" / path.name).write_bytes(path.read_bytes())
    out = tmp_path / "new"
    result = runner.invoke(app, ["migrate", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "ludolog/1 -> ludolog/2" in result.output
    for path in logs:
        written = orjson.loads((out / "club" / path.name).read_bytes())
        assert written["format"] == CURRENT_FORMAT
        assert summarise(written) == summarise(orjson.loads(path.read_bytes()))
    before = (out / "club" / logs[0].name).read_bytes()
    (out / "club" / logs[0].name).write_bytes(b"mine")
    again = runner.invoke(app, ["migrate", str(source), "--out", str(out)])
    assert again.exit_code == 1 and "already exists" in again.output
    assert (out / "club" / logs[0].name).read_bytes() == b"mine"  # refused, not overwritten
    forced = runner.invoke(app, ["migrate", str(source), "--out", str(out), "--overwrite"])
    assert forced.exit_code == 0 and (out / "club" / logs[0].name).read_bytes() == before
    onto_itself = runner.invoke(app, ["migrate", str(source / "club"), "--out", str(source / "club"), "--overwrite"])
    assert onto_itself.exit_code == 1 and "is one of the logs being migrated" in onto_itself.output
    assert orjson.loads((source / "club" / logs[0].name).read_bytes())["format"] == "ludolog/1"


def test_migrate_command_one_file_to_stdout_and_usage(tmp_path):
    result = runner.invoke(app, ["migrate", str(OLD_GOLDEN[0])])
    assert result.exit_code == 0 and orjson.loads(result.stdout)["format"] == CURRENT_FORMAT
    assert runner.invoke(app, ["migrate", str(OLD_GOLDEN[0].parent)]).exit_code == 2
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"[1,")
    result = runner.invoke(app, ["migrate", str(junk), "--out", str(tmp_path / "o")])
    assert result.exit_code == 1 and "not valid JSON" in result.output and "Traceback" not in result.output


def test_migrate_never_writes_through_a_link_and_never_opens_a_fifo(tmp_path):
    """ludolog never overwrites what it did not create: a target that is a symbolic link is refused
    (and with --overwrite the link itself is replaced, never the file it points to); a FIFO named
    on the command line is reported, not opened (it would block)."""
    source = OLD_GOLDEN[0]
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "someone-elses.json"
    victim.write_bytes(b"precious")
    (out / source.name).symlink_to(victim)
    refused = runner.invoke(app, ["migrate", str(source), "--out", str(out)])
    assert refused.exit_code == 1 and "already exists" in refused.output
    assert victim.read_bytes() == b"precious"
    forced = runner.invoke(app, ["migrate", str(source), "--out", str(out), "--overwrite"])
    assert forced.exit_code == 0, forced.output
    assert victim.read_bytes() == b"precious"
    assert not (out / source.name).is_symlink()
    assert orjson.loads((out / source.name).read_bytes())["format"] == CURRENT_FORMAT

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    done = subprocess.run([str(Path(sys.executable).with_name("ludolog")), "migrate", str(fifo), "--out", str(tmp_path / "o2")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "FIFO" in done.stderr + done.stdout


# ---------------------------------------------------------------------------------------------
# The verdict of the format a log was written in, and violations located in the file as written

def _golden(game: str, name: str) -> dict:
    return orjson.loads((TESTS / "golden" / game / "ludolog-1" / name).read_bytes())


def _storm_log() -> dict:
    """An Entdecker ludolog/1 golden whose migration inserts ends (a storm) early in the game."""
    for path in sorted(TESTS.glob("golden/entdecker/ludolog-1/*.log.json")):
        raw = orjson.loads(path.read_bytes())
        if len(migrate_log(raw, find_game("entdecker"))["moves"]) > len(raw["moves"]):
            return raw
    raise AssertionError("no Entdecker ludolog/1 golden holds a storm")


def test_a_log_the_old_schema_rejects_stays_rejected_though_the_new_form_would_accept_it():
    # ludolog/1 required the pile sizes in the set-up (ludolog/2 made them optional)
    raw = _storm_log()
    del raw["setup"]["piles"]
    with_piles = orjson.loads(orjson.dumps(raw))
    result = replay(parse_log(orjson.dumps(raw), "old.json"))
    assert result.status == "invalid" and result.applied == 0
    assert [(v.code, v.pointer) for v in result.violations] == [("CORE.SCHEMA", "/setup")]
    assert "piles" in result.violations[0].message
    migrated = migrate_log(with_piles, find_game("entdecker"))  # written as ludolog/2 it is fine
    assert replay(parse_log(orjson.dumps(migrated), "new.json")).violations == []


def test_a_move_the_old_schema_rejects_stops_the_replay_there():
    # ludolog/1 wrote Paco & Paca's turn as one move with "tiles"; the ludolog/2 form "tile" is not a
    # ludolog/1 move, even though the migration would pass it through unchanged
    raw = _golden("kingdom-crossing", "kingdom-crossing-1p-0.log.json")
    j = next(i for i, m in enumerate(raw["moves"]) if m["type"] == "paco" and i > 20)
    raw["moves"][j] = {"type": "paco", "tile": raw["moves"][j]["tiles"][0]}
    result = replay(parse_log(orjson.dumps(raw), "old.json"))
    assert result.status == "invalid"
    first = result.violations[0]
    assert (first.code, first.move_index) == ("CORE.SCHEMA", j) and first.pointer.startswith(f"/moves/{j}")
    origin = migrate_traced(raw, find_game("kingdom-crossing")).origin
    assert all(origin[k] < j for k in range(result.applied))  # nothing of move j or later was applied
    assert origin[result.applied] == j


@pytest.mark.parametrize("game, name", [("entdecker", None), ("kingdom-crossing", "kingdom-crossing-2p-2.log.json"),
                                        ("kingdom-crossing", "kingdom-crossing-1p-1.log.json")])
def test_violations_of_a_migrated_log_point_into_the_file_as_written(game, name):
    raw = _storm_log() if name is None else _golden(game, name)
    migration = migrate_traced(raw, find_game(game))
    assert len(migration.raw["moves"]) > len(raw["moves"])  # the migration inserted moves
    last = max(i for i, m in enumerate(raw["moves"]) if "player" in m)
    raw["moves"][last]["player"] = "nobody"
    first = replay(parse_log(orjson.dumps(raw), "old.json")).violations[0]
    assert (first.code, first.move_index, first.pointer) == ("CORE.MOVE.UNKNOWN_PLAYER", last, f"/moves/{last}/player")


def test_a_duplicate_key_in_a_migrated_log_is_located_in_the_file_and_stops_there():
    raw = _storm_log()
    moves = raw["moves"]
    j = len(moves) - 3
    text = orjson.dumps(raw).decode()
    # write move j's "type" twice, in the text of the file
    before = orjson.dumps(moves[:j]).decode()[1:-1]
    start = text.index(before) + len(before) + 1
    text = text[:start] + text[start:].replace('{"type":', '{"type":"x","type":', 1)
    result = replay(parse_log(text.encode(), "old.json"))
    dup = [v for v in result.violations if v.code == "CORE.JSON.DUPLICATE_KEY"]
    assert [(v.move_index, v.pointer) for v in dup] == [(j, f"/moves/{j}/type")]
    origin = migrate_traced(orjson.loads(text), find_game("entdecker")).origin
    assert result.applied == next(k for k, o in enumerate(origin) if o >= j)


def test_replay_to_counts_the_moves_of_the_file_as_written():
    raw = _storm_log()
    log = parse_log(orjson.dumps(raw), "old.json")
    assert len(log.moves) > len(raw["moves"])
    whole = replay(log)
    upto = replay(log, to=len(raw["moves"]))  # all the file's moves: the whole game
    assert upto.applied == whole.applied == len(log.moves)
    assert upto.scores == whole.scores
    first_storm_end = next(k for k, o in enumerate(migrate_traced(raw, find_game("entdecker")).origin) if o != k)
    source = first_storm_end - 1 + 1  # the storm's place is file move first_storm_end - 1; to counts moves
    assert replay(log, to=source).applied == first_storm_end + 1  # the inserted end belongs to that move


@pytest.mark.parametrize("game", ["entdecker", "kingdom-crossing"])
def test_a_current_log_relabelled_ludolog_1_is_judged_as_a_ludolog_1_log(game):
    from ludolog.replayer.core import simulate_log

    raw = simulate_log(game, 2, "relabelled-1")  # a seed whose storm's place is followed by its end
    raw["format"] = "ludolog/1"
    result = replay(parse_log(orjson.dumps(raw), "old.json"))
    assert result.status == "invalid"
    first = result.violations[0]
    if game == "kingdom-crossing":  # ludolog/1 required the face-down orders in the set-up
        assert (first.code, first.pointer) == ("CORE.SCHEMA", "/setup")
    else:  # pile sizes are written, so it reads as ludolog/1, where nothing follows a storm's place
        assert first.code == "ENT.TURN.ENDED" and raw["moves"][first.move_index]["type"] == "end"
        assert raw["moves"][first.move_index - 1]["type"] == "place"
