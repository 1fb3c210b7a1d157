"""Issue 7, parts 2, 5 and 6: every file found is checked or reported, nothing of the user's is
overwritten or deleted, exit codes as documented, validate in flat memory.

The failure modes are real: symbolic links, FIFOs, folders without permission (as another user
when the suite runs as root, for whom permissions mean nothing), names that are not UTF-8; exit
codes are judged on real subprocesses of the console script, with timeouts (a FIFO must never
hang a command).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tracemalloc
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.cli.common import parse_size
from ludolog.replayer.core import simulate_log
from ludolog.replayer.core.files import (DEFAULT_MAX_SIZE, FileProblemError, FileProblemKind,
                                         display_name, find_logs, read_log_bytes, search_logs)

SCRIPT = Path(sys.executable).with_name("ludolog")
NON_UTF8 = os.fsdecode(b"caf\xe9-night.json")  # Latin-1 bytes in a name: not UTF-8
runner = CliRunner()


def write_game(path: Path, seed: int = 0, game: str = "entdecker", players: int = 2) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(simulate_log(game, players, seed=seed)))
    return path


def cli(*args, cwd: Path | None = None, unprivileged: bool = False, timeout: float = 60) -> subprocess.CompletedProcess:
    """The real console script. ``unprivileged``: for root, without the capabilities that let it
    read any file (so a chmod means what it means for everybody else)."""
    if not SCRIPT.exists():
        pytest.skip("console script not installed in this environment")
    command = [str(SCRIPT), *map(str, args)]
    if unprivileged and os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: permissions cannot be tested")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    env = {**os.environ, "LUDOLOG_DEBUG": ""}
    result = subprocess.run(command, cwd=cwd, capture_output=True, timeout=timeout, env=env)
    assert b"Traceback" not in result.stdout + result.stderr, result.stderr.decode(errors="replace")
    return result


def inproc(*args):
    """The same command in this process (for the many cases of one behaviour; a real subprocess
    judges each behaviour at least once)."""
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


def locked(path: Path) -> Path:
    """``path`` with no permission for anyone (root too, run ``unprivileged``)."""
    path.chmod(0)
    return path


@pytest.fixture
def unlock(tmp_path):
    """Give back permissions after a test, so that pytest can remove its folder."""
    yield
    for sub in tmp_path.rglob("*"):
        if not sub.is_symlink():
            sub.chmod(0o755)


# -- the search: every entry is a log or a reported problem -----------------------------------------

def kinds(search) -> dict[str, str]:
    return {p.file: p.kind for p in search.problems}


def test_broken_and_looping_links_are_reported_not_skipped(tmp_path):
    logs = tmp_path / "logs"
    write_game(logs / "a.json")
    write_game(logs / "sub" / "b.json", seed=1)
    (logs / "gone.json").symlink_to("nowhere.json")
    (logs / "sub" / "up").symlink_to("..")  # back into the folder being searched
    (logs / "self").symlink_to("self")  # a link to itself (ELOOP)
    (logs / "alias.json").symlink_to("a.json")  # a second name for a.json: one file, read once
    search = search_logs([logs])
    assert [p.relative_to(logs).as_posix() for p in search.files] == ["a.json", "sub/b.json"]
    assert kinds(search) == {display_name(logs / "gone.json"): FileProblemKind.BROKEN_LINK,
                             display_name(logs / "self"): FileProblemKind.LINK_LOOP,
                             display_name(logs / "sub" / "up"): FileProblemKind.LINK_LOOP}
    assert "nowhere.json" in next(p.message for p in search.problems if p.kind == FileProblemKind.BROKEN_LINK)


def test_a_link_to_a_folder_elsewhere_is_followed_once(tmp_path):
    write_game(tmp_path / "real" / "a.json")
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "more").symlink_to(tmp_path / "real")
    (tmp_path / "logs" / "again").symlink_to(tmp_path / "real")
    search = search_logs([tmp_path / "logs"])
    assert search.problems == [] and len(search.files) == 1


def test_a_fifo_or_device_in_a_folder_is_reported_and_never_opened(tmp_path):
    write_game(tmp_path / "a.json")
    os.mkfifo(tmp_path / "pipe.json")
    os.mkfifo(tmp_path / "pipe.txt")  # not named like a log: not a log, not a problem
    (tmp_path / "null.json").symlink_to("/dev/null")
    search = search_logs([tmp_path])
    assert [p.name for p in search.files] == ["a.json"]
    assert kinds(search) == {display_name(tmp_path / "pipe.json"): FileProblemKind.NOT_REGULAR,
                             display_name(tmp_path / "null.json"): FileProblemKind.NOT_REGULAR}
    messages = {p.file.rsplit("/", 1)[1]: p.message for p in search.problems}
    assert "FIFO" in messages["pipe.json"] and "character device" in messages["null.json"]


def test_an_unlistable_folder_is_reported(tmp_path, monkeypatch):
    write_game(tmp_path / "a.json")
    (tmp_path / "private").mkdir()
    real_scandir = os.scandir

    def scandir(path):
        if Path(path).name == "private":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    search = search_logs([tmp_path])
    assert len(search.files) == 1
    assert [(p.kind, p.message) for p in search.problems] == \
        [(FileProblemKind.UNREADABLE, "cannot list this folder: permission denied")]


def test_named_paths_missing_or_empty_are_problems_in_order(tmp_path):
    write_game(tmp_path / "a.json")
    (tmp_path / "empty").mkdir()
    search = search_logs([tmp_path / "nope.json", tmp_path / "a.json", tmp_path / "empty"])
    assert [type(e).__name__ for e in search.entries] == ["FileProblem", "PosixPath", "FileProblem"]
    assert [p.kind for p in search.problems] == [FileProblemKind.MISSING, FileProblemKind.NO_LOGS]
    # The library's find_logs hands a missing named file to the reader (which records it), but
    # never a folder.
    assert find_logs([tmp_path / "nope.json", tmp_path / "empty"]) == [tmp_path / "nope.json"]


# -- reading: only regular files, within the size limit ---------------------------------------------

def test_read_log_bytes_refuses_what_is_not_a_regular_file(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    # In a child with a timeout: if the FIFO were opened for a blocking read, this would hang.
    code = ("import sys\nfrom ludolog.replayer.core.files import read_log_bytes, FileProblemError\n"
            "try:\n    read_log_bytes(sys.argv[1])\nexcept FileProblemError as e:\n    print(e.problem.code)\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "pipe.json")], capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.strip() == "CORE.FILE.NOT_REGULAR", done.stderr
    with pytest.raises(FileProblemError) as raised:
        read_log_bytes("/dev/zero")  # would read without end
    assert raised.value.problem.kind == FileProblemKind.NOT_REGULAR
    with pytest.raises(FileProblemError) as raised:
        read_log_bytes(tmp_path)
    assert raised.value.problem.kind == FileProblemKind.NOT_REGULAR


def test_the_size_limit_is_per_file(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2048 + b"{}")
    assert read_log_bytes(path, max_size=4096) == path.read_bytes()
    with pytest.raises(FileProblemError) as raised:
        read_log_bytes(path, max_size=2049)
    assert raised.value.problem.kind == FileProblemKind.TOO_LARGE
    assert DEFAULT_MAX_SIZE == 256 * 1024 * 1024
    assert parse_size("256M") == DEFAULT_MAX_SIZE and parse_size("1k") == 1024 and parse_size("2G") == 2 << 30
    assert parse_size("1048576") == 1 << 20


def test_validate_over_the_size_limit_fails_that_file_alone(tmp_path):
    small = write_game(tmp_path / "a.json")
    big = write_game(tmp_path / "b.json", seed=2)
    big.write_bytes(big.read_bytes() + b" " * (small.stat().st_size + 100))
    limit = str(big.stat().st_size - 1)
    done = cli("validate", tmp_path, "--max-size", limit, "-f", "json")
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert [(f["file"].rsplit("/", 1)[1], f["status"]) for f in report["files"]] == \
        [("a.json", "valid"), ("b.json", "unreadable")]
    assert report["files"][1]["violations"][0]["code"] == "CORE.FILE.TOO_LARGE"
    assert inproc("validate", tmp_path, "--max-size", str(big.stat().st_size)).exit_code == 0
    assert cli("validate", tmp_path, "--max-size", "lots").returncode == 2
    for bad in ("0", "-5", "1.5G", "12Q"):
        assert inproc("validate", tmp_path, "--max-size", bad).exit_code == 2, bad


# -- the commands: reported in text and JSON, exit 1 ------------------------------------------------

def test_validate_reports_links_and_fifos_in_text_and_json(tmp_path):
    write_game(tmp_path / "a.json")
    (tmp_path / "gone.json").symlink_to("nowhere.json")
    (tmp_path / "loop").symlink_to(".")
    os.mkfifo(tmp_path / "pipe.json")
    text = cli("validate", tmp_path)
    assert text.returncode == 1
    lines = text.stdout.decode().splitlines()
    assert lines[0].startswith("OK ")
    for name, code in (("gone.json", "CORE.FILE.BROKEN_LINK"), ("loop", "CORE.FILE.LINK_LOOP"),
                       ("pipe.json", "CORE.FILE.NOT_REGULAR")):
        assert any(line.startswith("UNREADABLE") and f"{tmp_path / name}:" in line and code in line for line in lines), name
    assert "1 valid, 0 invalid, 3 unreadable" in lines[-1]
    report = json.loads(cli("validate", tmp_path, "-f", "json").stdout)
    assert report["summary"]["counts"] == {"valid": 1, "unreadable": 3} and report["summary"]["all_valid"] is False
    assert sorted(f["violations"][0]["code"] for f in report["files"] if f["status"] == "unreadable") == \
        ["CORE.FILE.BROKEN_LINK", "CORE.FILE.LINK_LOOP", "CORE.FILE.NOT_REGULAR"]


@pytest.mark.parametrize("command", ["validate", "replay", "audit", "ingest"])
def test_a_fifo_named_on_the_command_line_does_not_hang(tmp_path, command):
    os.mkfifo(tmp_path / "pipe.json")
    extra = ["--db", tmp_path / "x.duckdb"] if command == "ingest" else []
    done = cli(command, tmp_path / "pipe.json", *extra, timeout=60)
    assert done.returncode == 1
    assert b"FIFO" in done.stdout + done.stderr
    assert not (tmp_path / "x.duckdb").exists()  # nothing to load: no database made


@pytest.mark.parametrize("command", ["validate", "replay", "audit", "ingest"])
def test_an_unreadable_file_named_on_the_command_line_is_exit_1(tmp_path, unlock, command):
    write_game(tmp_path / "a.json")
    locked(tmp_path / "a.json")
    extra = ["--db", tmp_path / "x.duckdb"] if command == "ingest" else []
    done = cli(command, "a.json", *extra, cwd=tmp_path, unprivileged=True)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert b"a.json" in done.stdout + done.stderr and b"permission denied" in (done.stdout + done.stderr).lower()


def test_an_unreadable_database_is_exit_1_naming_it(databases, tmp_path, unlock):
    db = tmp_path / "private.duckdb"
    shutil.copy(databases[0], db)
    locked(db)
    done = cli("query", "SELECT 1", "--db", db, unprivileged=True)
    assert done.returncode == 1 and str(db).encode() in done.stderr, done.stderr


def test_an_unreadable_folder_is_reported_and_exit_1(tmp_path, unlock):
    write_game(tmp_path / "logs" / "a.json")
    write_game(tmp_path / "logs" / "private" / "b.json", seed=1)
    locked(tmp_path / "logs" / "private")
    done = cli("validate", "logs", cwd=tmp_path, unprivileged=True)
    assert done.returncode == 1
    assert b"UNREADABLE logs/private: cannot list this folder: permission denied [CORE.FILE.UNREADABLE]" in done.stdout
    report = json.loads(cli("validate", "logs", "-f", "json", cwd=tmp_path, unprivileged=True).stdout)
    assert [f["status"] for f in report["files"]] == ["valid", "unreadable"]
    ingest = cli("ingest", "logs", "--db", "x.duckdb", "-f", "json", cwd=tmp_path, unprivileged=True)
    assert ingest.returncode == 1
    summary = json.loads(ingest.stdout)
    assert summary["valid"] == 1 and [p["code"] for p in summary["unreadable"]] == ["CORE.FILE.UNREADABLE"]


def test_a_name_that_is_not_utf8_is_shown_escaped_and_loaded(tmp_path):
    logs = tmp_path / "logs"
    write_game(logs / NON_UTF8)
    write_game(logs / "plain.json", seed=1)
    assert display_name(logs / NON_UTF8).endswith("caf\\xe9-night.json")
    report = json.loads(cli("validate", logs, "-f", "json").stdout)  # valid JSON, both files checked
    assert [f["file"].rsplit("/", 1)[1] for f in report["files"]] == ["caf\\xe9-night.json", "plain.json"]
    assert report["summary"]["all_valid"] is True
    assert b"caf\\xe9-night.json" in cli("validate", logs).stdout
    db = tmp_path / "x.duckdb"
    done = cli("ingest", logs, "--db", db, "--workers", "1", "-f", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["valid"] == 2
    rows = json.loads(cli("query", "SELECT file FROM games ORDER BY file", "--db", db, "-f", "json").stdout)
    assert [r["file"].rsplit("/", 1)[1] for r in rows] == ["caf\\xe9-night.json", "plain.json"]


def test_control_characters_in_a_name_cannot_break_a_line():
    assert display_name("a\nOK b.json") == "a\\nOK b.json"
    assert display_name("ok name.json") == "ok name.json"
    assert display_name("é.json") == "é.json"


# -- exit codes of bad values ------------------------------------------------------------------------

def test_an_option_the_game_does_not_have_for_this_player_count_is_a_usage_error(tmp_path):
    done = cli("simulate", "kingdom-crossing", "--players", "2", "--option", "difficulty=master", "--out", tmp_path / "o")
    assert done.returncode == 2 and b"difficulty" in done.stderr
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").iterdir())
    assert cli("simulate", "kingdom-crossing", "--players", "1", "--option", "difficulty=master",
               "--out", tmp_path / "o").returncode == 0


# -- validate: streamed output, flat memory ---------------------------------------------------------

def test_streamed_json_is_one_document_with_every_file(tmp_path):
    for seed in range(3):
        write_game(tmp_path / f"g{seed}.json", seed=seed)
    (tmp_path / "bad.json").write_bytes(b"{")
    done = runner.invoke(app, ["validate", str(tmp_path), "-f", "json"])
    report = json.loads(done.stdout)
    assert list(report) == ["files", "summary"]
    assert [f["status"] for f in report["files"]] == ["invalid", "valid", "valid", "valid"]
    assert report["summary"]["files"] == 4 and report["summary"]["counts"] == {"invalid": 1, "valid": 3}
    empty = runner.invoke(app, ["validate", str(tmp_path / "nope"), "-f", "json"])
    assert json.loads(empty.stdout)["summary"]["counts"] == {"unreadable": 1}


def _peak_validating(folder: Path) -> int:
    tracemalloc.start()
    try:
        runner.invoke(app, ["validate", str(folder), "-q"])
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_validate_memory_does_not_grow_with_the_number_of_logs(tmp_path):
    """Every replay result used to be kept (~100 KB per log): 40 logs would then peak at 3 MB more
    than 5. Streamed, the peak is that of the largest single log."""
    for seed in range(40):
        write_game(tmp_path / ("few" if seed < 5 else "many") / f"g{seed:02d}.json", seed=seed, players=3)
    for seed in range(5):
        shutil.copy(tmp_path / "few" / f"g{seed:02d}.json", tmp_path / "many")
    _peak_validating(tmp_path / "few")  # imports and caches, once
    few, many = _peak_validating(tmp_path / "few"), _peak_validating(tmp_path / "many")
    assert many < few * 1.3 + 200_000, (few, many)


# -- simulate: never overwrites, never writes through a link -----------------------------------------

def test_simulate_refuses_existing_files_and_never_follows_a_link(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"the user's own file")
    first = out / "entdecker-2p-s0-0001.json"
    first.symlink_to(victim)
    (out / "entdecker-2p-s0-0002.json").write_bytes(b"mine")
    done = cli("simulate", "entdecker", "--players", "2", "--count", "3", "--out", out)
    assert done.returncode == 1 and b"2 of the 3 files to write exist already" in done.stderr
    assert b"--overwrite" in done.stderr
    assert victim.read_bytes() == b"the user's own file" and (out / "entdecker-2p-s0-0002.json").read_bytes() == b"mine"
    assert not (out / "entdecker-2p-s0-0003.json").exists()  # refused before anything was written
    done = cli("simulate", "entdecker", "--players", "2", "--count", "3", "--out", out, "--overwrite")
    assert done.returncode == 0, done.stderr
    assert victim.read_bytes() == b"the user's own file"  # the link was replaced, not written through
    assert not first.is_symlink() and orjson.loads(first.read_bytes())["game"] == "entdecker"
    assert sorted(p.name for p in out.iterdir()) == [f"entdecker-2p-s0-000{i}.json" for i in (1, 2, 3)]  # no temp files left


def test_write_file_refuses_a_name_taken_meanwhile(tmp_path, monkeypatch):
    from ludolog.replayer.core.files import OutputExistsError, write_file

    target = tmp_path / "a.json"
    real_link = os.link

    def link_after_someone_else(src, dst, **kwargs):
        Path(dst).write_bytes(b"someone else's")  # the name is taken between the check and the write
        return real_link(src, dst, **kwargs)

    monkeypatch.setattr(os, "link", link_after_someone_else)
    with pytest.raises(OutputExistsError):
        write_file(target, b"ludolog's")
    assert target.read_bytes() == b"someone else's" and [p.name for p in tmp_path.iterdir()] == ["a.json"]


# -- export: only ludolog's own files are ever replaced ---------------------------------------------

@pytest.fixture(scope="module")
def databases(tmp_path_factory):
    """Two databases: A with two Entdecker games and one Kingdom Crossing game, B with one Entdecker
    game (read only by the tests)."""
    from ludolog.etl.ingest import ingest

    tmp_path = tmp_path_factory.mktemp("databases")
    logs_a = [write_game(tmp_path / "a" / "e1.json", 1), write_game(tmp_path / "a" / "e2.json", 2),
              write_game(tmp_path / "a" / "k1.json", 3, "kingdom-crossing")]
    logs_b = [write_game(tmp_path / "b" / "e3.json", 4)]
    ingest(logs_a, tmp_path / "a.duckdb", workers=1)
    ingest(logs_b, tmp_path / "b.duckdb", workers=1)
    return tmp_path / "a.duckdb", tmp_path / "b.duckdb"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_export_writes_a_manifest_of_every_file_with_its_digest(databases, tmp_path):
    import hashlib

    out = tmp_path / "export"
    assert cli("export", "--db", databases[0], "--out", out).returncode == 0
    manifest = json.loads((out / ".ludolog-export").read_bytes())
    parquet = {rel: data for rel, data in snapshot(out).items() if rel != ".ludolog-export"}
    assert parquet and all(rel.endswith(".parquet") for rel in parquet)
    assert manifest["files"] == {rel: [hashlib.sha256(data).hexdigest()] for rel, data in parquet.items()}
    assert any(rel.startswith("games/game=kingdom-crossing/") for rel in parquet)


def test_export_again_replaces_its_own_export_and_its_stale_partitions(databases, tmp_path):
    out = tmp_path / "export"
    assert cli("export", "--db", databases[0], "--out", out).returncode == 0
    done = cli("export", "--db", databases[1], "--out", out)  # only ludolog's files there: no --overwrite needed
    assert done.returncode == 0, done.stderr
    assert not (out / "games" / "game=kingdom-crossing").exists()  # a game no longer in the database
    assert not list(out.glob(".ludolog-export-staging-*"))
    import duckdb

    rows = duckdb.connect().execute(f"SELECT count(*) FROM read_parquet('{out}/games/**/*.parquet', "
                                    "hive_partitioning=true)").fetchone()
    assert rows == (1,)


def test_export_refuses_a_folder_holding_anything_else(databases, tmp_path):
    out = tmp_path / "export"
    assert cli("export", "--db", databases[0], "--out", out).returncode == 0
    (out / "notes.txt").write_bytes(b"the user's notes")
    (out / "games" / "readme.md").write_bytes(b"the user's readme")
    before = snapshot(out)
    done = cli("export", "--db", databases[1], "--out", out)
    assert done.returncode == 1
    assert b"holds files ludolog did not write" in done.stderr and b"notes.txt" in done.stderr
    assert b"--overwrite" in done.stderr
    assert snapshot(out) == before  # nothing touched
    # --overwrite replaces ludolog's own files, and only those.
    assert cli("export", "--db", databases[1], "--out", out, "--overwrite").returncode == 0
    after = snapshot(out)
    assert after["notes.txt"] == b"the user's notes" and after["games/readme.md"] == b"the user's readme"
    assert not (out / "games" / "game=kingdom-crossing").exists()


def test_export_never_writes_into_a_partition_holding_anything_else(databases, tmp_path):
    out = tmp_path / "export"
    assert cli("export", "--db", databases[0], "--out", out).returncode == 0
    (out / "games" / "game=entdecker" / "mine.parquet").write_bytes(b"the user's file")
    edited = next((out / "moves" / "game=entdecker").glob("*.parquet"))
    edited.write_bytes(edited.read_bytes() + b"edited")  # no longer what ludolog wrote
    before = snapshot(out)
    done = cli("export", "--db", databases[1], "--out", out, "--overwrite")
    assert done.returncode == 1 and b"game=entdecker" in done.stderr and b"move them away" in done.stderr
    assert snapshot(out) == before


def test_export_never_follows_a_link_or_replaces_a_foreign_marker(databases, tmp_path):
    users = tmp_path / "users-folder"
    users.mkdir()
    (users / "precious.txt").write_bytes(b"keep")
    out = tmp_path / "export"
    out.mkdir()
    (out / "games").symlink_to(users)
    for flags in ((), ("--overwrite",)):
        assert cli("export", "--db", databases[0], "--out", out, *flags).returncode == 1
    assert snapshot(users) == {"precious.txt": b"keep"} and (out / "games").is_symlink()
    other = tmp_path / "other"
    other.mkdir()
    (other / ".ludolog-export").write_bytes(b"someone else's file of that name")
    done = cli("export", "--db", databases[0], "--out", other, "--overwrite")
    assert done.returncode == 1 and b"is not a marker ludolog wrote" in done.stderr
    assert snapshot(other) == {".ludolog-export": b"someone else's file of that name"}


def test_an_interrupted_export_is_still_recognised_as_ludologs(databases, tmp_path, monkeypatch):
    from ludolog.etl.export import export, survey

    out = tmp_path / "export"
    export(databases[0], out)
    real_rename, calls = os.rename, []

    def rename_then_die(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise KeyboardInterrupt  # stopped while the partitions are being swapped
        return real_rename(src, dst)

    monkeypatch.setattr(os, "rename", rename_then_die)
    with pytest.raises(KeyboardInterrupt):
        export(databases[1], out)
    monkeypatch.setattr(os, "rename", real_rename)
    assert survey(out).foreign == []  # old and new files are all named in the manifest
    export(databases[1], out)
    assert survey(out).foreign == [] and not (out / "games" / "game=kingdom-crossing").exists()


# -- query and analyze --out: the path is named --------------------------------------------------

def test_query_out_into_a_folder_or_proc_names_the_path(databases, tmp_path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    done = cli("query", "SELECT 1 AS one", "--db", databases[0], "-f", "parquet", "--out", "/proc/x")
    assert done.returncode == 1 and done.stderr.startswith(b"error: /proc/x: cannot write"), done.stderr
    for fmt in ("table", "csv", "json", "parquet"):
        for target, says in ((folder, "is a folder"), (Path("/proc/x"), "cannot write")):
            for command in (["query", "SELECT 1 AS one"], ["analyze", "elo"]):
                done = inproc(*command, "--db", databases[0], "-f", fmt, "--out", target)
                assert done.exit_code == 1, (command, fmt, target)
                assert done.stderr.startswith(f"error: {target}: {says}"), done.stderr


def test_query_out_replaces_a_link_not_its_target(databases, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep")
    (tmp_path / "result.csv").symlink_to(victim)
    refused = cli("query", "SELECT 1 AS one", "--db", databases[0], "-f", "csv", "--out", tmp_path / "result.csv")
    assert refused.returncode == 1 and b"--overwrite" in refused.stderr and (tmp_path / "result.csv").is_symlink()
    assert cli("query", "SELECT 1 AS one", "--db", databases[0], "-f", "csv", "--out", tmp_path / "result.csv",
               "--overwrite").returncode == 0
    assert victim.read_bytes() == b"keep" and (tmp_path / "result.csv").read_bytes() == b'"one"\n1\n'


# -- analyze elo: parameters in range, ratings finite -----------------------------------------------

@pytest.mark.parametrize("value", ["k=1e309", "k=nan", "k=inf", "k=-inf", "k=-5", "k=0", "k=NULL", "k=1001",
                                   "initial=1e309", "initial=nan", "initial=NULL", "initial=-inf"])
def test_elo_parameters_out_of_range_are_usage_errors(databases, value):
    done = inproc("analyze", "elo", "--db", databases[0], "-p", value)
    assert done.exit_code == 2, (value, done.stdout, done.stderr)
    assert "nan" not in done.stdout.lower() and "inf" not in done.stdout.lower()
    if value == "k=1e309":  # and once as a real process
        assert cli("analyze", "elo", "--db", databases[0], "-p", value).returncode == 2


def test_elo_at_the_edges_of_its_ranges_stays_finite(databases):
    from ludolog.queries.analysis import _expected_score

    assert _expected_score(1500, 1900) == pytest.approx(1 / 11)  # a 400-point gap: odds of 10 to 1
    assert _expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert _expected_score(0, 1e12) == 0.0 and _expected_score(1e12, 0) == 1.0  # no overflow
    for params in (["-p", "k=1000", "-p", "initial=1e9"], ["-p", "k=1e-9", "-p", "initial=-1e9"]):
        done = inproc("analyze", "elo", "--db", databases[0], "-f", "json", *params)
        assert done.exit_code == 0, done.stderr
        rows = json.loads(done.stdout)
        assert rows and all(isinstance(r["rating"], float) and abs(r["rating"]) < 2e9 for r in rows)
