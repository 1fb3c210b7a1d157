"""Ingest: table contents against the replayer, idempotency, parallel = serial, kills, locks, export."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import orjson
import pytest

from ludolog.etl.db import DatabaseError
from ludolog.etl.export import export
from ludolog.etl.ingest import find_logs, ingest

from .test_etl_corpus import TOY_PLUGIN, fetch, replay_records, snapshot, toy_everywhere, write_corpus  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def corpus(tmp_path, toy_everywhere):
    return write_corpus(tmp_path / "logs", kingdom=4)


def test_tables_match_the_replayer(corpus, tmp_path):
    db = tmp_path / "t.duckdb"
    summary = ingest([tmp_path / "logs"], db, workers=1)
    records = replay_records(corpus)
    assert summary.stats.logs == len(corpus)
    assert (summary.stats.valid, summary.stats.unfinished, summary.stats.invalid) == tuple(
        sum(r.status == s for r in records) for s in ("valid", "unfinished", "invalid"))
    con = duckdb.connect(str(db), read_only=True)
    try:
        for r in records:
            row = con.execute("SELECT file, game, status, player_count, moves_applied, winners, final_scores "
                              "FROM games WHERE game_id = ?", [r.game_id]).fetchone()
            assert row[0] == r.file and row[1] == r.game and row[2] == r.status, r.file
            assert row[4] == r.applied
            if r.game is None:
                assert con.execute("SELECT count(*) FROM moves WHERE game_id = ?", [r.game_id]).fetchone()[0] == 0
                continue
            assert row[3] == r.n and row[5] == r.winners
            assert json.loads(row[6]) == dict(zip(r.players, r.scores))
            players = con.execute("SELECT seat, player, final_score, is_winner FROM players WHERE game_id = ? "
                                  "ORDER BY seat", [r.game_id]).fetchall()
            assert players == [(s, p, r.scores[s], p in r.winners) for s, p in enumerate(r.players)]
            moves = con.execute("SELECT move_index, turn, round, seat, move_type FROM moves WHERE game_id = ? "
                                "ORDER BY move_index", [r.game_id]).fetchall()
            assert moves == [(i, r.turns[i][0], r.turns[i][1], r.move_seats[i], r.move_types[i])
                             for i in range(r.applied)]
            # score per player per move = the player_rows score = the ledger's running sum
            states = con.execute("SELECT move_index, seat, score FROM player_states WHERE game_id = ? "
                                 "ORDER BY move_index, seat", [r.game_id]).fetchall()
            assert states == [(i, s, r.rows[i][s][0]) for i in range(r.applied) for s in range(r.n)]
            assert all(score == r.ledger_score(i, s) for i, s, score in states)
            view = con.execute("SELECT move_index, seat, score FROM score_by_move WHERE game_id = ? "
                               "ORDER BY move_index, seat", [r.game_id]).fetchall()
            assert view == states
            game_table = r.game.replace("-", "_") + "_player_states"
            extra = con.execute(f"SELECT * EXCLUDE (game_id) FROM {game_table} WHERE game_id = ? "
                                "ORDER BY move_index, seat", [r.game_id]).fetchall()
            assert extra == [(i, s, *r.rows[i][s][1:]) for i in range(r.applied) for s in range(r.n)]
            events = con.execute("SELECT move_index, seat, delta, category FROM score_events WHERE game_id = ? "
                                 "ORDER BY event_index", [r.game_id]).fetchall()
            assert events == r.events
            codes = con.execute("SELECT code FROM violations WHERE game_id = ? ORDER BY move_index NULLS FIRST, code",
                                [r.game_id]).fetchall()
            assert sorted(c for (c,) in codes) == sorted(r.violation_codes)
    finally:
        con.close()
    assert {r.status for r in records} == {"valid", "invalid", "unfinished"}
    assert {r.game for r in records} >= {"toy", "entdecker", "kingdom-crossing"}


def test_ingest_twice_replaces_and_a_changed_file_replaces_its_old_rows(corpus, tmp_path):
    db = tmp_path / "t.duckdb"
    ingest([tmp_path / "logs"], db, workers=1)
    first = snapshot(db)
    ingest([tmp_path / "logs"], db, workers=1, chunk_size=3)
    assert snapshot(db) == first
    changed = corpus[0]
    raw = orjson.loads(changed.read_bytes())
    raw["meta"]["place"] = "club night"
    changed.write_bytes(orjson.dumps(raw))
    ingest([changed], db, workers=1)
    after = snapshot(db)
    assert len(after["games"]) == len(first["games"])
    files = fetch(db, "SELECT file, count(*), any_value(meta) FROM games GROUP BY file HAVING count(*) > 1")
    assert files == []
    (meta,) = fetch(db, "SELECT meta FROM games WHERE file = ?", [str(changed.resolve())])[0]
    assert json.loads(meta)["place"] == "club night"
    for table in ("moves", "player_states", "score_events"):
        orphans = fetch(db, f"SELECT count(*) FROM {table} WHERE game_id NOT IN (SELECT game_id FROM games)")
        assert orphans == [(0,)], table
    assert len(after["moves"]) == len(first["moves"])


def test_parallel_ingest_equals_serial(corpus, tmp_path):
    serial, parallel = tmp_path / "serial.duckdb", tmp_path / "parallel.duckdb"
    ingest([tmp_path / "logs"], serial, workers=1)
    summary = ingest([tmp_path / "logs"], parallel, workers=2, chunk_size=2)
    assert summary.workers == 2
    assert snapshot(parallel) == snapshot(serial)


def test_identical_files_are_one_game_whatever_the_chunking(tmp_path, toy_everywhere):
    files = write_corpus(tmp_path / "logs", toy=5, entdecker=0, extras=False)
    copy = tmp_path / "logs" / "toy-zzz-copy.json"
    copy.write_bytes(files[1].read_bytes())
    for workers, size in ((1, 32), (2, 1)):
        db = tmp_path / f"d{workers}.duckdb"
        ingest([tmp_path / "logs"], db, workers=workers, chunk_size=size)
        rows = fetch(db, "SELECT file FROM games ORDER BY file")
        assert [Path(f).name for (f,) in rows] == [f.name for f in files]


def test_invalid_logs_are_recorded_and_reported(corpus, tmp_path):
    db = tmp_path / "t.duckdb"
    summary = ingest([tmp_path / "logs"], db, workers=1)
    assert not summary.ok
    bad = {Path(f).name for f, _ in summary.stats.invalid_files}
    assert bad == {"x-illegal.json", "x-disputed.json", "x-junk.json"}
    rows = dict(fetch(db, "SELECT regexp_extract(file, '[^/]+$'), status FROM games WHERE file LIKE '%x-%'"))
    assert rows == {"x-illegal.json": "invalid", "x-disputed.json": "invalid", "x-junk.json": "invalid",
                    "x-unfinished.json": "unfinished"}
    codes = dict(fetch(db, "SELECT regexp_extract(file, '[^/]+$'), code FROM violations"))
    assert codes == {"x-illegal.json": "TOY.DIE.RANGE", "x-disputed.json": "CORE.CLAIM.FINAL_MISMATCH",
                     "x-junk.json": "CORE.JSON.SYNTAX"}
    # the valid prefix of the illegal log is loaded: 3 moves before the bad die
    assert fetch(db, "SELECT moves_applied, count(m.move_index) FROM games g JOIN moves m USING (game_id) "
                     "WHERE g.file LIKE '%x-illegal.json' GROUP BY ALL") == [(3, 3)]


def _consistency_problems(db: Path) -> list[str]:
    """Every game present must be complete: as many moves, states, players and events as it says."""
    checks = {
        "moves": "SELECT g.game_id FROM games g LEFT JOIN moves m USING (game_id) GROUP BY g.game_id, g.moves_applied "
                 "HAVING count(m.game_id) <> g.moves_applied",
        "states": "SELECT g.game_id FROM games g LEFT JOIN player_states s USING (game_id) "
                  "GROUP BY g.game_id, g.moves_applied, g.player_count "
                  "HAVING count(s.game_id) <> g.moves_applied * coalesce(g.player_count, 0)",
        "players": "SELECT g.game_id FROM games g LEFT JOIN players p USING (game_id) GROUP BY g.game_id, g.player_count "
                   "HAVING count(p.game_id) <> coalesce(g.player_count, 0)",
        "ledger": "SELECT p.game_id FROM players p LEFT JOIN score_events e USING (game_id, seat) "
                  "GROUP BY p.game_id, p.seat, p.final_score HAVING coalesce(sum(e.delta), 0) <> p.final_score",
        "orphans": "SELECT game_id FROM player_states WHERE game_id NOT IN (SELECT game_id FROM games) "
                   "UNION ALL SELECT game_id FROM score_events WHERE game_id NOT IN (SELECT game_id FROM games)",
    }
    return [f"{name}: {row[0]}" for name, sql in checks.items() for row in fetch(db, sql)]


def test_killed_ingest_leaves_whole_games_and_ingest_again_completes(tmp_path, toy_everywhere):
    logs = tmp_path / "logs"
    files = write_corpus(logs, toy=240, entdecker=12, extras=False)
    db = tmp_path / "killed.duckdb"
    script = ("import sys\n"
              "from ludolog.etl.ingest import IngestSummary, find_logs, ingest_steps\n"
              "files = find_logs([sys.argv[1]])\n"
              "summary = IngestSummary(sys.argv[2], len(files), 2)\n"
              "for _ in ingest_steps(files, sys.argv[2], 2, 2, summary, batch_rows=1):\n"
              "    print(summary.committed, flush=True)\n")
    env = dict(os.environ, LUDOLOG_PLUGINS=TOY_PLUGIN, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", script, str(logs), str(db)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=ROOT, start_new_session=True)
    committed = 0
    try:
        while committed < 10:  # logs whose transaction has committed
            line = proc.stdout.readline()
            assert line, proc.stderr.read().decode()
            committed = int(line)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the parent and its workers, mid-ingest
        proc.wait(timeout=30)
    present = fetch(db, "SELECT count(*) FROM games")[0][0]
    assert 10 <= present < len(files)
    assert _consistency_problems(db) == []
    ingest([logs], db, workers=2)
    assert fetch(db, "SELECT count(*) FROM games")[0][0] == len(files)
    assert _consistency_problems(db) == []
    clean = tmp_path / "clean.duckdb"
    ingest([logs], clean, workers=1)
    assert snapshot(db) == snapshot(clean)


def test_second_process_gets_a_clear_error_when_the_database_is_in_use(tmp_path, toy_everywhere):
    files = write_corpus(tmp_path / "logs", toy=2, entdecker=0, extras=False)
    db = tmp_path / "busy.duckdb"
    ingest(files, db, workers=1)
    holder = subprocess.Popen([sys.executable, "-c", "import duckdb, sys, time\n"
                               "con = duckdb.connect(sys.argv[1])\nprint('open', flush=True)\ntime.sleep(60)\n",
                               str(db)], stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == b"open"
        with pytest.raises(DatabaseError, match=f"database {db} is in use by another process"):
            ingest(files, db, workers=1)
    finally:
        holder.kill()
        holder.wait(timeout=30)
    ingest(files, db, workers=1)  # free again: works, nothing was damaged
    assert fetch(db, "SELECT count(*) FROM games") == [(2,)]


def test_export_writes_parquet_by_game_that_reads_back(corpus, tmp_path):
    db = tmp_path / "t.duckdb"
    ingest([tmp_path / "logs"], db, workers=1)
    out = tmp_path / "parquet"
    written = {t.table: t.rows for t in export(db, out)}
    tables = snapshot(db)
    assert set(written) == set(tables)
    assert (out / "moves" / "game=toy").is_dir() and (out / "moves" / "game=entdecker").is_dir()
    con = duckdb.connect()
    for table, rows in tables.items():
        assert written[table] == len(rows)
        if not rows:
            continue
        glob = str(out / table / "**" / "*.parquet")
        back = con.execute(f"SELECT count(*) FROM read_parquet('{glob}', hive_partitioning = true)").fetchone()[0]
        assert back == len(rows), table
    per_game = dict(con.execute(f"SELECT game, count(*) FROM read_parquet('{out}/player_state_changes/**/*.parquet', "
                                "hive_partitioning = true) GROUP BY game").fetchall())
    assert per_game == dict(fetch(db, "SELECT g.game, count(*) FROM player_state_changes JOIN games g USING (game_id) "
                                      "GROUP BY g.game"))
    stored = out / "entdecker_player_state_changes"
    assert list(stored.iterdir()) == [stored / "game=entdecker"]
    assert not (out / "player_states").exists()  # a view: its rows are those stored, expanded


def test_find_logs_walks_folders_once(tmp_path, toy_everywhere):
    files = write_corpus(tmp_path / "logs", toy=3, entdecker=0, extras=False)
    assert find_logs([tmp_path / "logs", files[0]]) == files


@pytest.mark.parametrize("start_method", ["fork", "spawn"])
def test_workers_see_games_registered_in_process_without_the_environment(tmp_path, toy, monkeypatch, start_method):
    from ludolog.etl import workers

    if start_method == "fork" and start_method != workers.START_METHOD:
        pytest.skip("workers are forked on Linux only")
    monkeypatch.setattr(workers, "START_METHOD", start_method)
    monkeypatch.delenv("LUDOLOG_PLUGINS", raising=False)
    write_corpus(tmp_path / "logs", toy=4, entdecker=0, extras=False)
    summary = ingest([tmp_path / "logs"], tmp_path / "p.duckdb", workers=2, chunk_size=1)
    assert (summary.stats.valid, summary.stats.invalid) == (4, 0)


def test_the_docs_document_every_table_and_column():
    from ludolog.etl.tables import COMMON_TABLES

    text = (ROOT / "docs" / "database.md").read_text(encoding="utf-8")
    section = text[text.index("## Tables"):]
    for table in COMMON_TABLES:
        block = section[section.index(f"**`{table.name}`**"):]
        block = block[:block.index("\n\n", block.index("|"))]
        for column in table.columns:
            assert f"| `{column.name}` | {column.sql} |" in block, (table.name, column.name)


def test_an_engine_failure_on_one_log_is_recorded_and_the_ingest_goes_on(tmp_path, toy, monkeypatch):
    files = write_corpus(tmp_path / "logs", toy=3, entdecker=0, extras=False)
    raw = orjson.loads(files[1].read_bytes())
    raw["moves"][2]["die"] = 4  # a legal move: only the broken engine below rejects it
    files[1].write_bytes(orjson.dumps(raw))
    apply = type(toy).apply

    def broken(self, state, move, seat):
        if move["die"] == 4 and state.turn == 2:
            raise ZeroDivisionError("engine bug")
        return apply(self, state, move, seat)

    monkeypatch.setattr(type(toy), "apply", broken)
    db = tmp_path / "t.duckdb"
    summary = ingest(files, db, workers=1)
    assert (summary.stats.logs, summary.stats.invalid) == (3, 1)
    assert fetch(db, "SELECT status, moves_applied FROM games WHERE file = ?", [str(files[1].resolve())]) == [
        ("invalid", 0)]
    assert fetch(db, "SELECT code FROM violations") == [("CORE.INTERNAL",)]
    assert _consistency_problems(db) == []
