"""A log has one verdict, whatever reads it: logs nested too deeply and files that cannot be read
are reported the same way (one stable code) by validate, ingest, extract, report, audit, replay,
migrate and the core reader that the recorder and ``next`` use; and never as a bug in ludolog."""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import duckdb
import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import LogError, find_game, parse_log, read_log, simulate_log

runner = CliRunner()
DEPTH = 500  # about what a structural fuzzer produces; orjson writes back at most 254 levels


def _nested(depth: int):
    value: object = 0
    for k in range(depth):
        value = [value] if k % 2 else {"a": value}
    return value


def _write(path: Path, raw: dict) -> Path:
    """``raw`` as JSON text; the standard library's encoder, which has no depth limit of its own but
    Python's recursion limit (raised for the write)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * DEPTH))
    try:
        path.write_text(json.dumps(raw))
    finally:
        sys.setrecursionlimit(limit)
    return path


@pytest.fixture(scope="module")
def deep(tmp_path_factory) -> dict[str, Path]:
    """Logs of a real game with ~500 levels of nesting in ``meta``, in a move, and (beyond what
    the parser reads) 1,100 levels in ``meta``."""
    folder = tmp_path_factory.mktemp("deep")
    raw = simulate_log("entdecker", 2, seed=3)
    moves = list(raw["moves"])
    moves[2] = {**moves[2], "extra": _nested(DEPTH)}
    return {"meta": _write(folder / "deep-meta.json", {**raw, "meta": {"notes": _nested(DEPTH)}}),
            "move": _write(folder / "deep-move.json", {**raw, "moves": moves}),
            "parser": _write(folder / "deeper.json", {**raw, "meta": {"notes": _nested(1100)}})}


def _no_bug(output: str) -> None:
    assert "Traceback" not in output and "this is a bug" not in output and "CORE.INTERNAL" not in output, output


@pytest.mark.parametrize("which", ["meta", "move", "parser"])
def test_the_core_reader_rejects_a_deeply_nested_log_with_one_code(deep, which):
    """What ``record FILE`` and ``next`` read goes through :func:`read_log` / :func:`parse_log`."""
    for read in (lambda: read_log(deep[which], None, find_game),
                 lambda: parse_log(deep[which].read_bytes(), deep[which].name, find_game)):
        with pytest.raises(LogError) as caught:
            read()
        assert [v.code for v in caught.value.violations] == ["CORE.JSON.TOO_DEEP"]
    violation = caught.value.violations[0]
    assert "254 levels" in violation.message
    if which == "move":
        assert (violation.move_index, violation.pointer) == (2, "/moves/2") and "move 2" in violation.message
    if which == "meta":
        assert violation.pointer == "/meta"


@pytest.mark.parametrize("which", ["meta", "move", "parser"])
@pytest.mark.parametrize("command", ["validate", "audit", "replay", "report"])
def test_every_command_that_reads_one_log_says_it_is_nested_too_deeply(deep, which, command, tmp_path):
    extra = ["--out", str(tmp_path / "r.html")] if command == "report" else []
    done = runner.invoke(app, [command, str(deep[which]), *extra])
    _no_bug(done.output)
    assert done.exit_code == 1, done.output
    assert "CORE.JSON.TOO_DEEP" in done.output
    assert not (tmp_path / "r.html").exists()


def test_validate_json_gives_the_deep_logs_as_invalid(deep):
    done = runner.invoke(app, ["validate", *map(str, deep.values()), "--format", "json"])
    _no_bug(done.output)
    assert done.exit_code == 1
    text = done.output
    assert text.count("CORE.JSON.TOO_DEEP") >= 3


@pytest.mark.parametrize("command", ["ingest", "extract"])
def test_ingest_and_extract_record_the_deep_logs_as_invalid(deep, command, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for path in deep.values():
        shutil.copy(path, folder / path.name)
    good = folder / "good.json"
    good.write_bytes(orjson.dumps(simulate_log("entdecker", 2, seed=3)))
    target = ["--db", str(tmp_path / "c.duckdb")] if command == "ingest" else ["--out", str(tmp_path / "x")]
    done = runner.invoke(app, [command, str(folder), *target, "--workers", "1"])
    _no_bug(done.output)
    assert done.exit_code == 1, done.output
    if command == "ingest":
        with duckdb.connect(str(tmp_path / "c.duckdb"), read_only=True) as con:
            rows = con.execute("SELECT file, code FROM violations ORDER BY file").fetchall()
            valid = con.execute("SELECT count(*) FROM games WHERE status = 'valid'").fetchone()[0]
    else:
        import pyarrow.parquet as pq

        table = pq.read_table(tmp_path / "x" / "violations").to_pylist()
        rows = sorted((r["file"], r["code"]) for r in table)
        valid = sum(r["status"] == "valid" for r in pq.read_table(tmp_path / "x" / "games").to_pylist())
    assert [(Path(f).name, c) for f, c in rows] == [
        ("deep-meta.json", "CORE.JSON.TOO_DEEP"), ("deep-move.json", "CORE.JSON.TOO_DEEP"),
        ("deeper.json", "CORE.JSON.TOO_DEEP")]
    assert valid == 1


def test_migrate_says_a_deep_log_is_nested_too_deeply(deep, tmp_path):
    done = runner.invoke(app, ["migrate", str(deep["move"]), "--out", str(tmp_path / "m")])
    _no_bug(done.output)
    assert done.exit_code == 1 and "CORE.JSON.TOO_DEEP" in done.output
