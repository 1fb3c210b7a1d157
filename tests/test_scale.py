"""Scale (issue 13): start-up without heavy imports, re-ingest that skips unchanged logs.

Speed itself is measured by `make bench`; these tests check the causes (what is imported, what is
replayed), never a time.
"""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core.catalogs import CatalogError, check_catalog

GOLDEN = Path(__file__).parent / "golden" / "entdecker"
VALID_LOG = GOLDEN / "entdecker-2p-0.log.json"

#: Libraries a plain `ludolog validate` of a valid log has no use for (each costs tens of ms to import).
HEAVY = ("duckdb", "pyarrow", "polars", "jsonschema", "rich")

_RUN_AND_LIST_MODULES = """
import json, sys
sys.argv = ["ludolog", *sys.argv[1:]]
from ludolog.cli.app import main
code = 0
try:
    main()
except SystemExit as exit_:
    code = exit_.code or 0
heavy = sorted(name for name in {heavy!r} if name in sys.modules)
print("MODULES " + json.dumps({{"code": code, "heavy": heavy}}), file=sys.stderr)
"""


def _heavy_after(*args: str) -> dict:
    script = _RUN_AND_LIST_MODULES.format(heavy=HEAVY)
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=120)
    line = next(l for l in done.stderr.splitlines() if l.startswith("MODULES "))
    return json.loads(line.removeprefix("MODULES "))


def test_importing_the_cli_imports_no_heavy_library():
    script = f"import sys, ludolog.cli.app; print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.strip() == "[]"


def test_validating_a_valid_log_imports_no_heavy_library():
    result = _heavy_after("validate", str(VALID_LOG))
    assert result == {"code": 0, "heavy": []}


def test_a_schema_error_is_still_explained(tmp_path):
    """The explaining validator (jsonschema) is imported when, and because, an error needs words."""
    log = orjson.loads(VALID_LOG.read_bytes())
    log["moves"][0]["unexpected_key"] = 1
    bad = tmp_path / "bad.log.json"
    bad.write_bytes(orjson.dumps(log))
    result = _heavy_after("validate", str(bad))
    assert result["code"] == 1
    assert "jsonschema" in result["heavy"]
    done = subprocess.run([sys.executable, "-c", "from ludolog.cli.app import main; main()", "validate", str(bad)],
                          capture_output=True, text=True, timeout=120)
    assert "unexpected_key" in done.stdout + done.stderr


def _entdecker_catalog() -> dict:
    from importlib import resources

    return orjson.loads(resources.files("ludolog.replayer.entdecker").joinpath("catalog.json").read_bytes())


def test_the_shipped_catalog_passes_the_compiled_check():
    check_catalog(_entdecker_catalog(), "entdecker.catalog.schema.json", "Entdecker")


def test_a_whole_float_in_a_catalog_is_not_an_integer():
    """The compiled check takes 1.0 for an integer; a catalog holding a float is also read strictly."""
    catalog = copy.deepcopy(_entdecker_catalog())
    catalog["wealth"]["start"] = float(catalog["wealth"]["start"])  # 4 -> 4.0
    with pytest.raises(CatalogError, match="integer"):
        check_catalog(catalog, "entdecker.catalog.schema.json", "Entdecker")


# -- re-ingest: unchanged files are skipped before any replay ------------------------------------

def _logs(folder: Path) -> list[Path]:
    folder.mkdir()
    out = []
    for source in sorted(GOLDEN.glob("*.log.json")):
        out.append(folder / source.name)
        out[-1].write_bytes(source.read_bytes())
    return out


def _games(db: Path) -> dict[str, tuple]:
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        return {Path(file).name: (game_id, engine, catalog) for file, game_id, engine, catalog in con.execute(
            "SELECT file, game_id, engine_digest, catalog_digest FROM games").fetchall()}
    finally:
        con.close()


def _counts(db: Path) -> tuple[int, int]:
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("SELECT (SELECT count(*) FROM moves), (SELECT count(*) FROM player_states)").fetchone()
    finally:
        con.close()


@pytest.fixture
def ingested(tmp_path):
    from ludolog.etl.ingest import ingest

    logs = _logs(tmp_path / "logs")
    db = tmp_path / "club.duckdb"
    first = ingest([tmp_path / "logs"], db, workers=1)
    assert first.stats.logs == len(logs) and first.stats.valid == len(logs) and first.skipped == {}
    return logs, db


def test_a_second_ingest_replays_nothing_and_keeps_every_row(ingested):
    from ludolog.etl.ingest import ingest

    logs, db = ingested
    before, rows = _games(db), _counts(db)
    again = ingest([logs[0].parent], db, workers=1)
    assert (again.stats.logs, again.stats.moves) == (0, 0)  # no worker replayed a log
    assert again.skipped == {"valid": len(logs)} and again.ok
    assert _games(db) == before and _counts(db) == rows


def test_a_touched_file_with_the_same_content_is_skipped_by_its_hash(ingested):
    from ludolog.etl.ingest import ingest

    logs, db = ingested
    stat = logs[0].stat()
    os.utime(logs[0], ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    again = ingest([logs[0].parent], db, workers=1)
    assert again.stats.logs == 0 and again.skipped == {"valid": len(logs)}


def test_a_changed_file_is_replayed_and_replaces_its_game(ingested):
    from ludolog.etl.ingest import ingest

    logs, db = ingested
    before = _games(db)
    data = logs[1].read_bytes()
    changed = data.replace(b"--seed golden-", b"--seed golden-X", 1)  # one byte longer
    assert changed != data
    logs[1].write_bytes(changed)
    # and one of the same size whose time is put back: only the hash can tell (size and time match
    # is trusted, as make and rsync trust it, so the time is moved by one second)
    same_size = logs[2].read_bytes().replace(b"golden-", b"golder-", 1)
    stat = logs[2].stat()
    logs[2].write_bytes(same_size)
    os.utime(logs[2], ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    again = ingest([logs[0].parent], db, workers=1)
    assert again.stats.logs == 2 and again.skipped == {"valid": len(logs) - 2}
    after = _games(db)
    import hashlib

    assert after[logs[1].name][0] == hashlib.sha256(changed).hexdigest() != before[logs[1].name][0]
    assert after[logs[2].name][0] == hashlib.sha256(same_size).hexdigest() != before[logs[2].name][0]
    assert len(after) == len(logs)  # the old games of those files are gone


def test_force_replays_every_file(ingested):
    from ludolog.etl.ingest import Replay, ingest

    logs, db = ingested
    again = ingest([logs[0].parent], db, workers=1, replay=Replay.ALL)
    assert again.stats.logs == len(logs) and again.skipped == {}


def _files_by_game(db: Path) -> dict[str, str]:
    return {game_id: file for file, (game_id, _, _) in _games(db).items()}


@pytest.mark.parametrize("copy_name", ["zz-copy.log.json", "aa-copy.log.json"], ids=["copy-after", "copy-before"])
def test_a_copy_under_another_name_is_one_game_that_keeps_its_first_file(tmp_path, copy_name):
    """Two files of one content are one game, the first file's in ingest order (README, Idempotent):
    a re-ingest skips the copy too, and the game stays with its first file (before, each re-ingest
    replayed one of the two and moved the game to it)."""
    import hashlib

    from ludolog.etl.ingest import Replay, ingest

    logs = _logs(tmp_path / "logs")
    copy = logs[0].parent / copy_name
    copy.write_bytes(logs[0].read_bytes())
    first_in_order = min(copy.name, logs[0].name)
    twin_id = hashlib.sha256(copy.read_bytes()).hexdigest()
    db = tmp_path / "club.duckdb"
    first = ingest([logs[0].parent], db, workers=1)
    assert first.skipped == {} and len(_games(db)) == len(logs)
    assert _files_by_game(db)[twin_id] == first_in_order
    before, rows = _games(db), _counts(db)
    for _ in range(2):
        again = ingest([logs[0].parent], db, workers=1)
        assert again.stats.logs == 0 and again.skipped == {"valid": len(logs) + 1}
        assert _games(db) == before and _counts(db) == rows
    forced = ingest([logs[0].parent], db, workers=1, replay=Replay.ALL)
    assert forced.skipped == {} and _files_by_game(db)[twin_id] == first_in_order


def test_a_copy_added_later_is_not_replayed(ingested):
    from ludolog.etl.ingest import ingest

    logs, db = ingested
    before = _games(db)
    (logs[0].parent / "zz-copy.log.json").write_bytes(logs[2].read_bytes())
    again = ingest([logs[0].parent], db, workers=1)
    assert again.stats.logs == 0 and again.skipped == {"valid": len(logs) + 1}
    assert _games(db) == before


def test_the_copy_of_a_changed_file_holds_the_old_game(ingested):
    """Once the first file changes, its copy is the only file of the old content: it is replayed
    and the old game is the copy's."""
    import hashlib

    from ludolog.etl.ingest import ingest

    logs, db = ingested
    old = logs[3].read_bytes()
    copy = logs[0].parent / "zz-copy.log.json"
    copy.write_bytes(old)
    changed = old.replace(b"--seed golden-", b"--seed golden-X", 1)
    assert changed != old
    logs[3].write_bytes(changed)
    again = ingest([logs[0].parent], db, workers=1)
    assert again.stats.logs == 2 and again.skipped == {"valid": len(logs) - 1}
    files = _files_by_game(db)
    assert files[hashlib.sha256(old).hexdigest()] == copy.name
    assert files[hashlib.sha256(changed).hexdigest()] == logs[3].name
    assert len(files) == len(logs) + 1


def test_each_game_records_the_engine_and_catalog_that_produced_it(ingested):
    import hashlib
    from importlib import resources

    logs, db = ingested
    shipped = resources.files("ludolog.replayer.entdecker").joinpath("catalog.json").read_bytes()
    games = _games(db)
    assert {catalog for _, _, catalog in games.values()} == {hashlib.sha256(shipped).hexdigest()}
    engines = {engine for _, engine, _ in games.values()}
    assert len(engines) == 1 and len(engines.pop()) == 64


def test_stale_replays_only_games_of_another_catalog(ingested, tmp_path, monkeypatch):
    import hashlib

    from ludolog.etl.ingest import Replay, ingest

    logs, db = ingested
    catalog = _entdecker_catalog()
    catalog["notes"] = [*catalog["notes"], "a copy the user keeps: same components, one more note"]
    replaced = tmp_path / "my-catalog.json"
    replaced.write_bytes(orjson.dumps(catalog))
    monkeypatch.setenv("LUDOLOG_ENTDECKER_CATALOG", str(replaced))
    plain = ingest([logs[0].parent], db, workers=1)  # unchanged files: skipped, stale or not
    assert plain.stats.logs == 0
    stale = ingest([logs[0].parent], db, workers=1, replay=Replay.STALE)
    assert stale.stats.logs == len(logs)
    assert {c for _, _, c in _games(db).values()} == {hashlib.sha256(replaced.read_bytes()).hexdigest()}
    again = ingest([logs[0].parent], db, workers=1, replay=Replay.STALE)  # now current: nothing to do
    assert again.stats.logs == 0 and again.skipped == {"valid": len(logs)}


def test_cli_force_and_stale(ingested):
    logs, db = ingested
    run = [sys.executable, "-c", "from ludolog.cli.app import main; main()", "ingest", str(logs[0].parent),
           "--db", str(db), "--format", "json"]
    plain = json.loads(subprocess.run(run, capture_output=True, text=True, check=True, timeout=120).stdout)
    assert plain["skipped"] == {"valid": len(logs)} and plain["moves"] == 0
    forced = json.loads(subprocess.run(run + ["--force"], capture_output=True, text=True, check=True,
                                       timeout=120).stdout)
    assert forced["skipped"] == {} and forced["valid"] == len(logs)


def test_a_schema_2_database_is_upgraded_and_its_games_replayed_once(ingested):
    import duckdb

    from ludolog.etl.ingest import ingest

    logs, db = ingested
    from .test_etl_corpus import schema_4_undone

    undo = schema_4_undone(db)
    con = duckdb.connect(str(db))
    try:
        for statement in undo:
            con.execute(statement)
        for name in ("file_size", "file_mtime_ns", "engine_digest", "catalog_digest"):
            con.execute(f"ALTER TABLE games DROP COLUMN {name}")
        con.execute("UPDATE ludolog_meta SET value = '2' WHERE key = 'schema_version'")
    finally:
        con.close()
    upgraded = ingest([logs[0].parent], db, workers=1)
    assert upgraded.notes and "from table schema 2 to 7" in upgraded.notes[0]
    assert upgraded.stats.logs == len(logs)  # nothing says which file made a stored game: replayed
    assert ingest([logs[0].parent], db, workers=1).stats.logs == 0


def test_a_skipped_invalid_log_still_fails_the_ingest(tmp_path):
    from ludolog.etl.ingest import ingest

    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "broken.log.json").write_bytes(b'{"format": "ludolog/2", "game": "entdecker"')
    db = tmp_path / "club.duckdb"
    assert not ingest([folder], db, workers=1).ok
    again = ingest([folder], db, workers=1)
    assert again.stats.logs == 0 and again.skipped == {"invalid": 1} and not again.ok


# -- ludolog diff: the regression diff of two databases -------------------------------------------

def test_diff_finds_the_games_a_changed_catalog_changes(ingested, tmp_path):
    logs, old = ingested
    catalog = _entdecker_catalog()
    catalog["wealth"]["start"] = 0  # nobody can afford the first trading post any more
    poorer = tmp_path / "poorer.json"
    poorer.write_bytes(orjson.dumps(catalog))
    new = tmp_path / "new.duckdb"
    cli = [sys.executable, "-c", "from ludolog.cli.app import main; main()"]
    # a new process, as a user runs it: the engine reads its catalog once per process
    subprocess.run(cli + ["ingest", str(logs[0].parent), "--db", str(new)], capture_output=True, timeout=120,
                   env={**os.environ, "LUDOLOG_ENTDECKER_CATALOG": str(poorer)})
    cli.append("diff")
    same = subprocess.run(cli + [str(old), str(old)], capture_output=True, text=True, timeout=120)
    assert same.returncode == 0 and "no game differs" in same.stdout
    done = subprocess.run(cli + [str(old), str(new), "--format", "json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    differ = json.loads(done.stdout)["differ"]
    assert sorted(Path(d["file"]).name for d in differ) == sorted(p.name for p in logs)  # every game builds early
    for item in differ:
        assert item["changes"]["status"] == {"old": "valid", "new": "invalid"}
        assert item["changes"]["first_violation"]["old"] is None
        assert item["changes"]["first_violation"]["new"]


def test_diff_of_a_missing_file_is_an_error(tmp_path):
    cli = [sys.executable, "-c", "from ludolog.cli.app import main; main()", "diff"]
    done = subprocess.run(cli + [str(tmp_path / "a.duckdb"), str(tmp_path / "b.duckdb")], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1 and "no such database file" in done.stderr and "Traceback" not in done.stderr


def test_diff_of_a_database_without_ludolog_tables_says_so(tmp_path):
    import duckdb

    empty = tmp_path / "empty.duckdb"
    duckdb.connect(str(empty)).close()
    cli = [sys.executable, "-c", "from ludolog.cli.app import main; main()", "diff"]
    done = subprocess.run(cli + [str(empty), str(empty)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "bug" not in done.stderr
    assert done.stderr.startswith(f"error: {empty} holds no ludolog tables yet: ingest logs into it first"), done.stderr


def test_ingest_against_a_stored_database_reports_what_changed(ingested, tmp_path):
    logs, old = ingested
    catalog = _entdecker_catalog()
    catalog["wealth"]["start"] = 0  # nobody can afford the first trading post any more
    poorer = tmp_path / "poorer.json"
    poorer.write_bytes(orjson.dumps(catalog))
    cli = [sys.executable, "-c", "from ludolog.cli.app import main; main()", "ingest", str(logs[0].parent)]
    same = subprocess.run(cli + ["--db", str(tmp_path / "same.duckdb"), "--against", str(old)],
                          capture_output=True, text=True, timeout=120)
    assert same.returncode == 0, same.stdout + same.stderr
    assert "no game differs" in same.stdout
    changed = subprocess.run(cli + ["--db", str(tmp_path / "new.duckdb"), "--against", str(old)], capture_output=True,
                             text=True, timeout=120, env={**os.environ, "LUDOLOG_ENTDECKER_CATALOG": str(poorer)})
    assert changed.returncode == 1
    assert f"{len(logs)} games differ" in changed.stdout
    assert changed.stdout.count("status: valid -> invalid") == len(logs)
    assert "{" not in changed.stdout.split("differ between")[1]  # outcomes in words, not Python values
    refused = subprocess.run(cli + ["--db", str(old), "--against", str(old)], capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "--against" in refused.stderr
    missing = subprocess.run(cli + ["--db", str(tmp_path / "x.duckdb"), "--against", str(tmp_path / "none.duckdb")],
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode == 1 and "no such database file" in missing.stderr
    assert not (tmp_path / "x.duckdb").exists()  # refused before anything was written
