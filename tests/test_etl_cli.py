"""The data commands of the CLI (ingest, export, query, analyze) and the polars analyses."""
from __future__ import annotations

import csv
import io
import json
import statistics
import subprocess
import sys

import duckdb
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.queries.analysis import ANALYSES

from .test_etl_corpus import fetch, replay_records, toy_everywhere, write_corpus  # noqa: F401

runner = CliRunner()


def run(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


@pytest.fixture
def ingested(tmp_path, toy_everywhere):
    files = write_corpus(tmp_path / "logs", toy=9, entdecker=6)
    db = tmp_path / "c.duckdb"
    result = run("ingest", tmp_path / "logs", "--db", db, "--workers", "1")
    return files, db, result


def test_ingest_command_summarises_and_fails_on_invalid_logs(ingested, tmp_path):
    files, db, result = ingested
    assert result.exit_code == 1
    assert f"ingested {len(files)} logs into {db}" in result.output
    assert "x-illegal.json" in result.output and "TOY.DIE.RANGE" in result.output
    good = run("ingest", *files[:3], "--db", tmp_path / "good.duckdb", "--format", "json", "-w", "1")
    assert good.exit_code == 0
    data = json.loads(good.output)
    assert data["valid"] == 3 and data["invalid"] == 0 and data["moves"] > 0
    assert run("ingest", tmp_path / "nowhere", "--db", db).exit_code == 1
    assert run("ingest", "--db", db).exit_code == 2


def test_ingest_and_extract_list_the_paths_they_could_not_read(ingested, tmp_path):
    files, _, _ = ingested
    missing = tmp_path / "missing.json"
    ingest = run("ingest", files[0], missing, "--db", tmp_path / "m.duckdb", "-w", "1")
    assert ingest.exit_code == 1
    assert f"not read (1; not in the database):\n  {missing}: no such file" in ingest.output
    extract = run("extract", files[0], missing, "--out", tmp_path / "pq", "-w", "1")
    assert extract.exit_code == 1
    assert f"not read (1; not extracted):\n  {missing}: no such file" in extract.output


def test_ingest_command_reports_a_busy_database(ingested):
    files, db, _ = ingested
    holder = subprocess.Popen([sys.executable, "-c", "import duckdb, sys, time\n"
                               "con = duckdb.connect(sys.argv[1])\nprint('open', flush=True)\ntime.sleep(60)\n",
                               str(db)], stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == b"open"
        result = run("ingest", files[0], "--db", db, "-w", "1")
    finally:
        holder.kill()
        holder.wait(timeout=30)
    assert result.exit_code == 1
    assert f"database {db} is in use by another process" in result.output


def test_query_formats_and_listing(ingested, tmp_path):
    _, db, _ = ingested
    listing = run("query", "--list", "--format", "json")
    names = {q["name"] for q in json.loads(listing.output)}
    assert {"win_rate_by_seat", "lead_changes", "player_record"} <= names
    table = run("query", "game_length", "--db", db)
    assert table.exit_code == 0 and table.output.splitlines()[0].split()[:3] == ["game", "player_count", "games"]
    as_csv = run("query", "player_record", "--db", db, "-p", "game=toy", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(as_csv.output)))
    expected = fetch(db, "SELECT count(DISTINCT p.player) FROM players p JOIN games g USING (game_id) "
                         "WHERE g.status = 'valid' AND g.game = 'toy'")[0][0]
    assert len(rows) == expected and {r["game"] for r in rows} == {"toy"}
    as_json = run("query", "SELECT game_id, winners FROM games WHERE status = 'valid'", "--db", db, "-f", "json")
    assert all(isinstance(r["winners"], list) for r in json.loads(as_json.output))
    out = tmp_path / "wr.parquet"
    assert run("query", "win_rate_by_seat", "--db", db, "-f", "parquet", "--out", out).exit_code == 0
    assert pq.read_table(out).num_rows == len(json.loads(run("query", "win_rate_by_seat", "--db", db,
                                                             "-f", "json").output))
    assert run("query", "win_rate_by_seat", "--db", db, "-f", "parquet").exit_code == 2
    assert run("query", "no_such_query", "--db", db).exit_code == 2
    assert run("query", "player_record", "--db", db, "-p", "min_games=lots").exit_code == 2
    assert run("query", "SELECT * FROM nowhere", "--db", db).exit_code == 1
    assert run("query", "game_length", "--db", tmp_path / "missing.duckdb").exit_code == 1


def test_export_command(ingested, tmp_path):
    _, db, _ = ingested
    result = run("export", "--db", db, "--out", tmp_path / "pq", "--format", "json")
    assert result.exit_code == 0
    tables = {t["table"]: t["rows"] for t in json.loads(result.output)["tables"]}
    assert tables["moves"] == fetch(db, "SELECT count(*) FROM moves")[0][0]
    assert (tmp_path / "pq" / "entdecker_player_state_changes" / "game=entdecker").is_dir()


def _elo(records, k=32.0, initial=1500.0):
    def rank(r, seat):
        key = (r.players[seat] in r.winners, r.scores[seat])
        return 1 + sum(1 for s in range(r.n) if (r.players[s] in r.winners, r.scores[s]) > key)

    dated = [r for r in records if r.status == "valid" and r.n > 1]
    with_date = sorted((r for r in dated if r.date), key=lambda r: (r.date, r.file))
    ordered = with_date + sorted((r for r in dated if not r.date), key=lambda r: r.file)
    ratings = {}
    for r in ordered:
        current = [ratings.get((r.game, p), initial) for p in r.players]
        change = [0.0] * r.n
        for i in range(r.n):
            for j in range(i + 1, r.n):
                e = 1 / (1 + 10 ** ((current[j] - current[i]) / 400))
                a = 1.0 if rank(r, i) < rank(r, j) else 0.5 if rank(r, i) == rank(r, j) else 0.0
                change[i] += k / (r.n - 1) * (a - e)
                change[j] -= k / (r.n - 1) * (a - e)
        for p, c, d in zip(r.players, current, change):
            ratings[(r.game, p)] = c + d
    return ratings


def test_elo_follows_the_dates_and_stays_zero_sum(ingested):
    files, db, _ = ingested
    records = replay_records(files)
    for r in records:
        r.date = json.loads(open(r.file, "rb").read()).get("meta", {}).get("date") if r.game else None
    expected = _elo(records)
    result = run("analyze", "elo", "--db", db, "--format", "json")
    assert result.exit_code == 0
    rows = json.loads(result.output)
    assert {(r["game"], r["player"]): r["rating"] for r in rows} == pytest.approx(
        {key: round(v, 1) for key, v in expected.items()}, abs=0.051)
    for game in ("toy", "entdecker"):
        ratings = [r["rating"] for r in rows if r["game"] == game]
        assert sum(ratings) == pytest.approx(1500 * len(ratings), abs=0.5)
    hot = run("analyze", "elo", "--db", db, "-p", "k=64", "-p", "game=toy", "-f", "json")
    assert {r["game"] for r in json.loads(hot.output)} == {"toy"}


def test_trajectory_and_comebacks_agree_with_the_replays(ingested):
    files, db, _ = ingested
    records = [r for r in replay_records(files) if r.status == "valid"]
    con = duckdb.connect(str(db), read_only=True)
    try:
        trajectory = ANALYSES["trajectory"](con).to_dicts()
        comebacks = ANALYSES["comebacks"](con).to_dicts()
    finally:
        con.close()
    for game in ("toy", "entdecker"):
        games = [r for r in records if r.game == game]
        end = {row["side"]: row for row in trajectory if row["game"] == game and row["progress"] == 1.0}
        winner_finals = [r.scores[s] for r in games for s in range(r.n) if r.players[s] in r.winners]
        assert end["winners"]["mean_score"] == pytest.approx(statistics.mean(winner_finals), abs=1e-3)
        assert end["winners"]["mean_gap_to_leader"] == 0
        assert end["winners"]["mean_share_of_final"] == pytest.approx(1.0)
        deficits = [max(max(row[0] for row in r.rows[i]) - r.rows[i][s][0] for i in range(r.applied))
                    for r in games for s in range(r.n) if r.players[s] in r.winners]
        row = next(c for c in comebacks if c["game"] == game)
        assert row["winners"] == len(deficits) and row["largest_deficit_overcome"] == max(deficits)
        assert row["trailed"] == sum(d > 0 for d in deficits)
    listing = run("analyze", "--list", "-f", "json")
    assert {a["name"] for a in json.loads(listing.output)} == {"elo", "trajectory", "comebacks"}
    assert run("analyze", "nope", "--db", db).exit_code == 2
