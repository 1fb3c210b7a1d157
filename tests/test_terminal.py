"""The CLI in a real terminal: `ludolog` runs in a pseudo-terminal and its output is read back
through a terminal emulator (pyte), so what is judged is what a person sees on the screen."""
from __future__ import annotations

import fcntl
import os
import re
import struct
import subprocess
import sys
import termios
from dataclasses import dataclass, field
from pathlib import Path

import orjson
import pyte
import pytest

from ludolog.replayer.core import registry, simulate_log

from . import toygame

ROOT = Path(__file__).resolve().parents[1]
LUDOLOG = [sys.executable, "-c", "from ludolog.cli.app import main; main()"]
BAR_GLYPHS = ("━", "╸", "╺")
STATUS_LABEL = re.compile(r"^(OK|UNFINISHED|INVALID|UNREADABLE|ERROR) +\S")
WIDTH = 100


@dataclass
class Screen:
    """What a terminal showed: its final lines, every line as it was each time it changed, and
    the raw bytes the program wrote."""

    code: int
    lines: list[str]
    seen: list[str] = field(default_factory=list)
    raw: bytes = b""


def run_in_terminal(*args: str, env: dict | None = None, rows: int = 40) -> Screen:
    """Run ``ludolog ARGS`` with stdin, stdout and stderr on one pseudo-terminal of WIDTH columns.

    The emulated screen is taller than the terminal the program is told about, so that nothing
    scrolls away and every line printed can be read at the end."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, WIDTH, 0, 0))
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR")}
    environment.update({"TERM": "xterm-256color", "LUDOLOG_PLUGINS": "tests.toygame:GAME",
                        "PYTHONPATH": str(ROOT)}, **(env or {}))
    proc = subprocess.Popen([*LUDOLOG, *args], stdin=slave, stdout=slave, stderr=slave, env=environment,
                            cwd=ROOT, close_fds=True)
    os.close(slave)
    screen = pyte.Screen(WIDTH, 6000)
    stream = pyte.ByteStream(screen)
    seen, raw = [], bytearray()
    try:
        while True:
            try:
                data = os.read(master, 1 << 16)
            except OSError:  # EIO: the program closed the terminal
                break
            if not data:
                break
            raw += data
            stream.feed(data)
            seen += [_row(screen, y) for y in screen.dirty]  # each line as it is now, after every write
            screen.dirty.clear()
    finally:
        code = proc.wait(timeout=300)
        os.close(master)
    lines = [_row(screen, y) for y in range(screen.lines)]
    while lines and not lines[-1]:
        lines.pop()
    return Screen(code, lines, seen, bytes(raw))


def _row(screen: pyte.Screen, y: int) -> str:
    line = screen.buffer[y]
    return "".join(line[x].data for x in range(screen.columns)).rstrip()


def _has_bar(line: str) -> bool:
    return any(glyph in line for glyph in BAR_GLYPHS)


@pytest.fixture(scope="module")
def toy_logs(tmp_path_factory) -> Path:
    """2,000 toy logs (short file names, so that each result line fits the terminal), one in 97
    with an illegal move."""
    folder = tmp_path_factory.mktemp("terminal") / "logs"
    folder.mkdir()
    registry.register(toygame.GAME)
    try:
        for i in range(2000):
            raw = simulate_log("toy", 2 + i % 3, seed=i)
            if i % 97 == 5:
                raw["moves"][1]["type"] = "fly"
            (folder / f"t{i:04d}.json").write_bytes(orjson.dumps(raw))
    finally:
        registry.unregister("toy")
    return folder


def test_validate_prints_no_line_into_the_progress_bar(toy_logs):
    shown = run_in_terminal("validate", str(toy_logs))
    assert shown.code == 1  # some logs are invalid
    assert any(_has_bar(line) for line in shown.seen), "no progress bar was drawn"
    glued = [line for line in shown.seen if _has_bar(line) and re.search(r"OK|INVALID|t\d{4}\.json", line)]
    assert glued == []
    results = [line for line in shown.lines if STATUS_LABEL.match(line)]
    files = sorted(re.search(r"t\d{4}\.json", line).group() for line in results)
    assert files == sorted(p.name for p in toy_logs.iterdir())  # each file's line, whole, once
    assert sum(line.startswith("INVALID ") for line in results) == len(range(5, 2000, 97))
    assert not any(_has_bar(line) for line in shown.lines)  # the bar is gone at the end
    assert re.match(r"2000 logs: 1979 valid, 21 invalid; ", shown.lines[-1])


def test_validate_json_in_a_terminal_is_one_document(toy_logs):
    files = sorted(toy_logs.iterdir())[:200]  # ~4,000 lines of JSON: they fit the emulated screen
    shown = run_in_terminal("validate", "--format", "json", *map(str, files))
    assert any(_has_bar(line) for line in shown.seen)
    text = "\n".join(line for line in shown.lines if line)
    document = orjson.loads(text)  # no bar, no glued text: the screen holds exactly the JSON
    assert [entry["file"] for entry in document["files"]] == [str(f) for f in files]
    assert document["summary"]["files"] == 200


def _bar_counts(shown: Screen) -> list[tuple[int, int]]:
    return [(int(m.group(1)), int(m.group(2))) for line in shown.seen if _has_bar(line)
            for m in [re.search(r"(\d+)/(\d+)", line)] if m]


def test_the_ingest_bar_counts_logs_and_the_skipped_ones(toy_logs, tmp_path):
    db = tmp_path / "t.duckdb"
    first = run_in_terminal("ingest", str(toy_logs), "--db", str(db), "--workers", "2")
    assert first.code == 1, "\n".join(first.lines)
    counts = _bar_counts(first)
    assert counts and {total for _, total in counts} == {2000}  # logs, not batches
    # every frame as written (the screen read back may join several frames into one read)
    frames = [int(n) for n in re.findall(rb"(\d+)/2000", first.raw)]
    assert frames[0] < 100  # it starts from the start
    assert len(set(frames)) > 2  # and moves
    assert not any(_has_bar(line) for line in first.lines)
    again = run_in_terminal("ingest", str(toy_logs), "--db", str(db), "--workers", "2")
    assert b"2000/2000" in again.raw  # unchanged logs are skipped, and counted
    assert any("skipped 2000 unchanged logs" in line for line in again.lines)


# -- colour, completion, version ---------------------------------------------------------------------

GOLDEN = ROOT / "tests" / "golden" / "entdecker"
SGR_COLOUR = re.compile(rb"\x1b\[[0-9;]*3[0-7]m")  # a foreground colour


def _invalid_copy(folder: Path) -> Path:
    raw = orjson.loads((GOLDEN / "entdecker-2p-0.log.json").read_bytes())
    raw["moves"][2]["type"] = "teleport"
    bad = folder / "bad.json"
    bad.write_bytes(orjson.dumps(raw))
    return bad


def test_status_words_are_coloured_in_a_terminal(tmp_path):
    shown = run_in_terminal("validate", str(GOLDEN / "entdecker-2p-0.log.json"), str(_invalid_copy(tmp_path)))
    assert shown.code == 1
    # green OK, red INVALID (as click writes them, or as rich re-writes them above the bar)
    assert re.search(rb"\x1b\[(1;)?32m(\x1b\[1m)?OK", shown.raw)
    assert re.search(rb"\x1b\[(1;)?31m(\x1b\[1m)?INVALID", shown.raw)
    assert any(line.startswith("OK ") for line in shown.lines)  # the word is there, colour or not
    alone = run_in_terminal("validate", str(GOLDEN / "entdecker-2p-0.log.json"))  # no bar: click's colours
    assert alone.code == 0 and re.search(rb"\x1b\[(1;)?32m(\x1b\[1m)?OK", alone.raw)


def test_no_colour_when_NO_COLOR_is_set(tmp_path):
    shown = run_in_terminal("validate", str(GOLDEN / "entdecker-2p-0.log.json"), str(_invalid_copy(tmp_path)),
                            env={"NO_COLOR": "1"})
    assert shown.code == 1
    assert SGR_COLOUR.search(shown.raw) is None
    assert any(line.startswith("INVALID ") for line in shown.lines)


def test_no_colour_when_the_output_is_not_a_terminal(tmp_path):
    done = subprocess.run([*LUDOLOG, "validate", str(GOLDEN / "entdecker-2p-0.log.json"), str(_invalid_copy(tmp_path))],
                          capture_output=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1
    assert b"\x1b[" not in done.stdout + done.stderr
    assert done.stdout.startswith(b"OK ")


def test_version_and_shell_completion():
    for flag in ("-V", "--version"):
        done = subprocess.run([*LUDOLOG, flag], capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert done.returncode == 0
        from importlib.metadata import version

        assert done.stdout.strip() == f"ludolog {version('ludolog')}"
    done = subprocess.run([*LUDOLOG, "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "COLUMNS": "100"})
    assert "--install-completion" in done.stdout and "--show-completion" in done.stdout
    shown = subprocess.run([*LUDOLOG, "--show-completion", "bash"], capture_output=True, text=True, cwd=ROOT,
                           timeout=60)
    assert shown.returncode == 0 and "complete" in shown.stdout and "ludolog" in shown.stdout
