"""Output whose reader went away (`ludolog validate DIR | head`): the command ends quietly, with no
message and the exit code a shell reports for a program ended by SIGPIPE (141 = 128 + 13), not
the "error: Broken pipe" and exit 1 (which says "an invalid log") of before.

The pipes here have no reader from the start (its read end is closed before the command runs),
so the first write fails for certain, whatever the timing; an EPIPE that does not come from the
output stays an error to report."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
import typer

from ludolog.cli.common import EXIT_CLOSED_OUTPUT, error_boundary, output_closed
from ludolog.replayer.core import simulate_log

LUDOLOG = [sys.executable, "-c", "from ludolog.cli.app import main; main()"]  # what the console script runs


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("closed")
    raw = simulate_log("entdecker", 2, seed="closed:1")
    valid = folder / "valid.json"
    valid.write_bytes(orjson.dumps(raw))
    broken = dict(raw, moves=[dict(m) for m in raw["moves"]])
    broken["moves"][3]["player"] = "nobody"
    invalid = folder / "invalid.json"
    invalid.write_bytes(orjson.dumps(broken))
    return {"valid": valid, "invalid": invalid, "folder": folder}


def run_into_closed_pipe(command: list[str], args: list[str], stderr_too: bool = False) -> tuple[int, bytes]:
    """Exit code and stderr of ``command args`` whose stdout (and stderr, with ``stderr_too``) is a
    pipe nobody reads."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([*command, *args], stdin=subprocess.DEVNULL, stdout=write_end,
                              stderr=write_end if stderr_too else subprocess.PIPE, timeout=300,
                              env={k: v for k, v in os.environ.items() if k != "LUDOLOG_DEBUG"})
    finally:
        os.close(write_end)
    return done.returncode, done.stderr or b""


@pytest.mark.parametrize("which, fmt", [("valid", "text"), ("invalid", "text"), ("folder", "text"),
                                        ("folder", "json")])
def test_validate_into_a_closed_pipe_ends_quietly(logs, which, fmt):
    code, err = run_into_closed_pipe(LUDOLOG, ["validate", "-f", fmt, str(logs[which])])
    assert (code, err) == (141, b"")


@pytest.mark.parametrize("args", [["games"], ["schema", "entdecker"], ["replay", "{valid}"]], ids=str)
def test_other_commands_into_a_closed_pipe_end_quietly(logs, args):
    args = [a.format(valid=logs["valid"]) for a in args]
    assert run_into_closed_pipe(LUDOLOG, args) == (141, b"")


def test_stdout_and_stderr_both_closed(logs):
    """`ludolog validate bad.json 2>&1 | head -0`: nothing can be said, nothing is tried twice."""
    assert run_into_closed_pipe(LUDOLOG, ["validate", str(logs["invalid"])], stderr_too=True) == (141, b"")


def test_the_exit_code_is_the_shells_for_sigpipe():
    assert EXIT_CLOSED_OUTPUT == 128 + 13  # SIGPIPE is signal 13 on Linux and the BSDs


def test_an_epipe_from_elsewhere_is_still_reported(capsys):
    """A broken pipe that is not the output (a connection, another pipe) is an error like any other:
    stdout and stderr are open here, so the boundary reports it and exits 1."""
    assert not output_closed()
    with pytest.raises(typer.Exit) as ended, error_boundary():
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")
    assert ended.value.exit_code == 1
    assert capsys.readouterr().err == "error: Broken pipe\n"
