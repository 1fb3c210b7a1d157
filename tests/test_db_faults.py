"""Faults of the machine are said as such: a disk that fills during an ingest or an export, a
database in a read-only folder or on a read-only file system, a truncated, zeroed or damaged DuckDB
file. Each is one clear error naming the file and the cause (never "a bug in ludolog"), exit 1; the
data stays consistent (whole games only, an export folder as it was); and once the cause is gone
the next command works.

The faults are made for real where the machine allows: a small tmpfs (``mount``, root with
CAP_SYS_ADMIN) fills up or is remounted read-only; a process without CAP_DAC_OVERRIDE (``setpriv``,
as root) or an ordinary user meets a folder's permissions. Where neither is possible the test
skips and says why; the classification itself is also tested by injecting DuckDB's error.
"""
from __future__ import annotations

import errno
import hashlib
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import simulate_log

SCRIPT = Path(sys.executable).with_name("ludolog")
runner = CliRunner()


def cli(*args, unprivileged: bool = False, timeout: float = 120) -> subprocess.CompletedProcess:
    """The console script in a process of its own. ``unprivileged``: for root, without the
    capability to write where file modes forbid it (so a read-only folder is read-only for it)."""
    if not SCRIPT.exists():
        pytest.skip("the ludolog console script is not installed in this environment")
    command = [str(SCRIPT), *map(str, args)]
    if unprivileged and os.geteuid() == 0:
        drop = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
        if shutil.which("setpriv") is None or subprocess.run([*drop, "true"], capture_output=True).returncode != 0:
            pytest.skip("running as root without a working setpriv (CAP_SETPCAP): a read-only folder cannot be "
                        "made read-only for root here")
        command = [*drop, *command]
    result = subprocess.run(command, capture_output=True, timeout=timeout, env={**os.environ, "LUDOLOG_DEBUG": ""})
    both = (result.stdout + result.stderr).decode(errors="replace")
    assert "Traceback" not in both and "bug in ludolog" not in both, both
    return result


def err(result: subprocess.CompletedProcess) -> str:
    return result.stderr.decode(errors="replace")


def fault_said(result: subprocess.CompletedProcess, db: Path, cause: str) -> None:
    """The command failed with one line naming ``db`` and ``cause``."""
    text = err(result)
    assert result.returncode == 1, (result.returncode, text, result.stdout)
    assert text.startswith("error: cannot ") and text.count("\n") == 1, text
    assert str(db) in text and cause in text, text


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> Path:
    """Six small simulated logs of two games (a few hundred moves)."""
    folder = tmp_path_factory.mktemp("fault-logs") / "logs"
    folder.mkdir()
    for i in range(3):
        for game, players in (("entdecker", 2 + i), ("kingdom-crossing", 1 + i)):
            raw = simulate_log(game, players, seed=300 + i)
            (folder / f"{game}-{i}.json").write_bytes(orjson.dumps(raw, option=orjson.OPT_INDENT_2))
    return folder


@pytest.fixture(scope="module")
def reference(logs, tmp_path_factory) -> Path:
    """The logs ingested on a healthy disk: what a database must hold once the fault is gone."""
    db = tmp_path_factory.mktemp("fault-ref") / "ref.duckdb"
    assert cli("ingest", logs, "--db", db, "-w", "1").returncode == 0
    return db


def outcome(db: Path) -> list[tuple]:
    """Each game with its status, scores and the rows stored for it (moves, state rows)."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(
            "SELECT g.file, g.status, g.final_scores::VARCHAR, "
            "(SELECT count(*) FROM moves m WHERE m.game_id = g.game_id), "
            "(SELECT count(*) FROM player_states s WHERE s.game_id = g.game_id) "
            "FROM games g ORDER BY g.file").fetchall()
    finally:
        con.close()


def tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


class Tmpfs:
    """A tmpfs mounted at ``path`` for one test (unmounted after it)."""

    def __init__(self, path: Path, size: str):
        self.path = path
        path.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0777", "tmpfs", str(path)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a small tmpfs here (needs root with CAP_SYS_ADMIN: "
                        f"{done.stderr.strip() or done.returncode}); the fault is tested by injection "
                        f"in test_an_injected_no_space_error_is_a_fault_not_a_bug")

    def remount(self, options: str) -> None:
        subprocess.run(["mount", "-o", f"remount,{options}", str(self.path)], check=True, capture_output=True)

    def close(self) -> None:
        subprocess.run(["umount", "-l", str(self.path)], capture_output=True)


@pytest.fixture
def tmpfs(tmp_path):
    mounted: list[Tmpfs] = []

    def mount(size: str) -> Tmpfs:
        mounted.append(Tmpfs(tmp_path / f"mnt{len(mounted)}", size))
        return mounted[-1]

    yield mount
    for fs in mounted:
        fs.close()


# -- disk full ------------------------------------------------------------------------------------

# free space that fails the ingest at different steps: creating the file, writing the WAL at a
# commit, writing the data file at the checkpoint
@pytest.mark.parametrize("size", ["8k", "96k", "1m"])
def test_a_disk_that_fills_during_an_ingest_is_said_and_the_next_ingest_completes(logs, reference, tmpfs, size):
    fs = tmpfs(size)
    db = fs.path / "club.duckdb"
    fault_said(cli("ingest", logs, "--db", db, "-w", "1"), db, "no space left on the device")
    again = cli("ingest", logs, "--db", db, "-w", "1")  # still full: the same fault, not a rollback error
    if again.returncode != 0:
        fault_said(again, db, "no space left on the device")
    fs.remount("size=64m")
    if db.exists():  # whole games only: every game stored holds all its rows
        assert set(outcome(db)) <= set(outcome(reference))
    done = cli("ingest", logs, "--db", db, "-w", "1")
    assert done.returncode == 0, err(done)
    assert outcome(db) == outcome(reference)


def test_a_disk_that_fills_during_an_export_leaves_the_folder_as_it_was(reference, tmpfs):
    fs = tmpfs("64m")
    out = fs.path / "export"
    assert cli("export", "--db", reference, "--out", out).returncode == 0
    before = tree(out)
    used = sum((out / p).stat().st_size for p in before) // 1024
    fs.remount(f"size={used + 96}k")  # room for a part of a second export only
    failed = cli("export", "--db", reference, "--out", out, "--overwrite")
    fault_said(failed, out, "no space left on the device")
    assert str(reference) in err(failed)
    assert tree(out) == before and [p.name for p in out.iterdir() if p.name.startswith(".ludolog-export-")] == []
    fs.remount("size=64m")
    assert cli("export", "--db", reference, "--out", out, "--overwrite").returncode == 0
    assert tree(out).keys() == before.keys()


def test_a_disk_that_fills_during_an_extract_is_said_and_the_next_extract_completes(logs, tmpfs):
    fs = tmpfs("96k")
    out = fs.path / "extract"
    failed = cli("extract", logs, "--out", out, "-w", "1")
    fault_said(failed, out, "no space left on the device")
    assert not out.exists() or tree(out) == {}
    fs.remount("size=64m")
    assert cli("extract", logs, "--out", out, "-w", "1").returncode == 0 and (out / ".ludolog-export").is_file()


@pytest.mark.parametrize("which", ["first", "final"])
def test_a_disk_that_fills_at_the_extracts_manifest_is_said_as_every_full_disk(logs, tmp_path, monkeypatch, which):
    """The manifest (OUT/.ludolog-export) is written whole through a file of its own, unlike the
    Parquet files, so a disk that fills just there takes another path: the system's "No space left
    on device" is met while writing it, whoever gets there first on a real disk. ``first``: the
    manifest naming old and new files, written before anything in OUT changes (a new extract
    writes no other); ``final``: the one written after the swap, over an earlier extract, when OUT
    already holds the new files (what is kept is said differently then)."""
    export_module = importlib.import_module("ludolog.etl.export")  # the package exports a function of that name

    real = export_module.write_file
    calls = []

    def full_at_the_manifest(path, data, overwrite=False):
        calls.append(path)

        def fill(handle):
            handle.write(b"{")
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # as the kernel says it

        fail_now = len(calls) == (1 if which == "first" else 2)
        return real(path, fill if fail_now else data, overwrite)

    out = tmp_path / "extract"
    if which == "final":
        assert runner.invoke(app, ["extract", str(logs), "--out", str(out), "-w", "1"]).exit_code == 0
    before = tree(out) if out.exists() else {}
    monkeypatch.setattr(export_module, "write_file", full_at_the_manifest)
    failed = runner.invoke(app, ["extract", str(logs), "--out", str(out), "-w", "1"])
    text = failed.output
    assert failed.exit_code == 1 and "Traceback" not in text and "bug" not in text, text
    assert len(calls) == (1 if which == "first" else 2) and calls[-1] == out / ".ludolog-export"
    assert text.startswith("error: cannot ") and text.count("\n") == 1, text
    assert str(out) in text and "no space left on the device" in text and "free some space" in text, text
    if which == "first":
        assert text.startswith(f"error: cannot extract into {out}: no space left on the device "
                               f"(at {out / '.ludolog-export'}); {out} is as it was before"), text
        assert not out.exists() and before == {}
    else:
        assert text.startswith(f"error: cannot write {out / '.ludolog-export'}: no space left on the device; "
                               f"{out} holds the new files, but its manifest still lists the old ones"), text
        assert tree(out).keys() == before.keys()
    monkeypatch.setattr(export_module, "write_file", real)
    done = runner.invoke(app, ["extract", str(logs), "--out", str(out), "-w", "1"])
    assert done.exit_code == 0, done.output
    assert tree(out) == before or which == "first"


def test_an_injected_no_space_error_is_a_fault_not_a_bug(logs, tmp_path, monkeypatch):
    """Where no tmpfs can be mounted: DuckDB's own words for a full disk, raised as it opens."""
    from ludolog.etl import db as db_module

    def full(*args, **kwargs):
        raise duckdb.IOException(f'IO Error: Could not write file "{tmp_path / "x.duckdb.wal"}": '
                                 f'No space left on device')

    monkeypatch.setattr(db_module, "_open", full)
    result = runner.invoke(app, ["ingest", str(logs), "--db", str(tmp_path / "x.duckdb"), "-w", "1"])
    assert result.exit_code == 1
    assert "no space left on the device" in result.output and "bug" not in result.output, result.output
    assert f"{tmp_path / 'x.duckdb.wal'}" in result.output
    assert not (tmp_path / "x.duckdb").exists()


# -- read-only ------------------------------------------------------------------------------------

@pytest.fixture
def shelf(tmp_path, reference):
    """A folder holding a copy of the reference database, made read-only by the test."""
    folder = tmp_path / "shelf"
    folder.mkdir()
    shutil.copyfile(reference, folder / "club.duckdb")
    yield folder
    folder.chmod(0o755)


def test_a_database_in_a_read_only_folder_is_said_and_works_once_writable(logs, reference, shelf):
    db = shelf / "club.duckdb"
    db.unlink()
    assert cli("ingest", logs, "--db", db, "-w", "1").returncode == 0
    shelf.chmod(0o555)  # the file stays writable; its write-ahead log cannot be made beside it
    for _ in range(2):  # the second time: the same fault (it was "cannot rollback ... a bug")
        failed = cli("ingest", logs, "--db", db, "-w", "1", "--force", unprivileged=True)
        fault_said(failed, db, "permission denied")
        assert "club.duckdb.wal" in err(failed)
    queried = cli("query", "SELECT count(*) AS n FROM games", "--db", db, "-f", "csv", unprivileged=True)
    assert queried.returncode == 0 and queried.stdout == b'"n"\n6\n', err(queried)
    new = shelf / "new.duckdb"
    fault_said(cli("ingest", logs, "--db", new, "-w", "1", unprivileged=True), new, "permission denied")
    assert sorted(p.name for p in shelf.iterdir()) == ["club.duckdb"]
    shelf.chmod(0o755)
    assert cli("ingest", logs, "--db", db, "-w", "1", "--force", unprivileged=True).returncode == 0
    assert outcome(db) == outcome(reference)


def test_a_database_on_a_read_only_file_system_is_said_and_works_once_writable(logs, reference, tmpfs):
    fs = tmpfs("64m")
    db = fs.path / "club.duckdb"
    shutil.copyfile(reference, db)
    fs.remount("ro")
    fault_said(cli("ingest", logs, "--db", db, "-w", "1", "--force"), db, "the file system is read-only")
    fault_said(cli("ingest", logs, "--db", fs.path / "new.duckdb", "-w", "1"), fs.path / "new.duckdb",
               "the file system is read-only")
    assert cli("query", "SELECT count(*) FROM games", "--db", db).returncode == 0
    fs.remount("rw")
    assert cli("ingest", logs, "--db", db, "-w", "1", "--force").returncode == 0
    assert outcome(db) == outcome(reference)


# -- a damaged database file ------------------------------------------------------------------------

def _truncated(data: bytes) -> bytes:
    return data[:len(data) // 2]


def _zeroed(data: bytes) -> bytes:
    return bytes(len(data))


def _header_zeroed(data: bytes) -> bytes:
    return data[:4096] + bytes(8192) + data[12288:]


def _middle_zeroed(data: bytes) -> bytes:
    start = len(data) // 2 - (len(data) // 2) % 4096
    return data[:start] + bytes(4 * 262144) + data[start + 4 * 262144:]


@pytest.mark.parametrize(("damage", "commands"), [
    (_truncated, ("ingest", "export", "query", "report", "diff")),
    (_zeroed, ("ingest", "export", "query")),
    (_header_zeroed, ("ingest", "query", "diff")),
    (_middle_zeroed, ("export", "report")),  # only what reads the damaged blocks meets them
], ids=["truncated", "zeroed", "header-zeroed", "middle-zeroed"])
def test_a_damaged_database_is_said_untouched_and_works_once_restored(logs, reference, tmp_path, damage, commands):
    db = tmp_path / "club.duckdb"
    good = reference.read_bytes()
    db.write_bytes(damage(good))
    damaged = db.read_bytes()
    runs = {"ingest": ("ingest", logs, "--db", db, "-w", "1", "--force"),
            "export": ("export", "--db", db, "--out", tmp_path / "export"),
            "query": ("query", "SELECT * FROM moves", "--db", db, "-f", "csv"),
            "report": ("report", "--db", db, "--out", tmp_path / "club.html", "--overwrite"),
            "diff": ("diff", reference, db)}
    for command in commands:
        failed = cli(*runs[command])
        fault_said(failed, db, "not a valid DuckDB database")
        assert "restore it from a copy" in err(failed)
        assert str(reference) not in err(failed)  # diff names the damaged one of its two databases
        assert db.read_bytes() == damaged and not db.with_name("club.duckdb.wal").exists()
    db.write_bytes(good)
    for command in commands:
        assert cli(*runs[command]).returncode == 0


def test_a_database_whose_free_blocks_duckdb_cut_off_is_not_taken_for_truncated(logs, reference, tmp_path):
    """DuckDB cuts free blocks off the end of the file and its header still counts them: a file
    shorter than the header's count of all blocks is whole as long as the blocks in use fit."""
    db = tmp_path / "club.duckdb"
    shutil.copyfile(reference, db)
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE scratch AS SELECT md5(range::VARCHAR) || md5((range + 1)::VARCHAR) AS pad "
                "FROM range(200000)")  # some megabytes that do not compress
    con.close()
    grown = db.stat().st_size
    con = duckdb.connect(str(db))
    con.execute("DROP TABLE scratch")
    con.close()  # the checkpoint at the close cuts the free blocks off the end
    con = duckdb.connect(str(db), read_only=True)
    block, total = con.execute("SELECT block_size, total_blocks FROM pragma_database_size()").fetchall()[0]
    con.close()
    assert db.stat().st_size < min(grown, 3 * 4096 + block * total)  # the case: the end was cut off
    assert cli("ingest", logs, "--db", db, "-w", "1", "--force").returncode == 0
    assert outcome(db) == outcome(reference)


# -- a stray write-ahead log beside a new database --------------------------------------------------

def _stray_wal(path: Path) -> bytes:
    """A real write-ahead log of another database (committed, never checkpointed), moved to ``path``."""
    other = path.with_name("other.duckdb")
    made = subprocess.run([sys.executable, "-c", f"""
import duckdb, os
con = duckdb.connect({str(other)!r})
con.execute("SET checkpoint_threshold = '1TB'")
con.execute("PRAGMA disable_checkpoint_on_shutdown")
con.execute("CREATE TABLE notes AS SELECT 42 AS answer")
os._exit(0)
"""], capture_output=True)
    assert made.returncode == 0, made.stderr
    os.replace(other.with_name("other.duckdb.wal"), path)
    other.unlink()
    return path.read_bytes()


@pytest.mark.parametrize("source", ["logs", "parquet"])
def test_a_new_database_is_not_created_over_a_stray_wal(logs, reference, tmp_path, source):
    db = tmp_path / "club.duckdb"
    wal = tmp_path / "club.duckdb.wal"
    kept = _stray_wal(wal)
    if source == "logs":
        args = ("ingest", logs, "--db", db, "-w", "1")
    else:
        assert cli("export", "--db", reference, "--out", tmp_path / "export").returncode == 0
        args = ("ingest", "--parquet", tmp_path / "export", "--db", db)
    failed = cli(*args)
    assert failed.returncode == 1 and str(wal) in err(failed) and "--db" in err(failed), err(failed)
    assert not db.exists() and wal.read_bytes() == kept
    db.touch()  # an empty file is no database yet: the same refusal
    assert cli(*args).returncode == 1 and wal.read_bytes() == kept and db.stat().st_size == 0
    db.unlink()
    wal.rename(tmp_path / "elsewhere.wal")
    assert cli(*args).returncode == 0 and outcome(db) == outcome(reference)


def test_the_wal_of_an_existing_database_is_its_own(logs, reference, tmp_path):
    """A database left with its write-ahead log (a process that ended before the checkpoint) is
    used as it is: DuckDB replays its own log."""
    db = tmp_path / "club.duckdb"
    shutil.copyfile(reference, db)
    made = subprocess.run([sys.executable, "-c", f"""
import duckdb, os
con = duckdb.connect({str(db)!r})
con.execute("SET checkpoint_threshold = '1TB'")
con.execute("PRAGMA disable_checkpoint_on_shutdown")
con.execute("INSERT INTO ludolog_meta VALUES ('note', 'left in the write-ahead log')")
os._exit(0)
"""], capture_output=True)
    assert made.returncode == 0 and db.with_name("club.duckdb.wal").exists(), made.stderr
    assert cli("ingest", logs, "--db", db, "-w", "1", "--force").returncode == 0
    assert outcome(db) == outcome(reference)
