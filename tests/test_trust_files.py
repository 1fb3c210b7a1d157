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
    assert cli("validate", tmp_path, "--max-size", str(big.stat().st_size)).returncode == 0
    for bad in ("0", "-5", "lots", "1.5G"):
        assert cli("validate", tmp_path, "--max-size", bad).returncode == 2, bad


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
