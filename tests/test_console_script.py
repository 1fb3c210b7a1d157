"""The console script ``ludolog`` as a user starts it: `ludolog validate` prints its verdicts with the
exit codes the README gives, colours them only on a terminal, and imports only what checking a log
needs (no data stack, no report rendering, only the log's own game), which is what keeps its
start-up short. No timing here: speed is measured by `make bench` (its start-up section)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
import typer

from ludolog.cli import render
from ludolog.replayer.core import get_game, simulate_log

ROOT = Path(__file__).resolve().parents[1]
LUDOLOG = [sys.executable, "-c", "from ludolog.cli.app import main; main()"]  # as the console script runs
#: what a plain `ludolog validate` must not import: the data stack, the report's rendering, the
#: schema explainer (jsonschema; the compiled validator answers for a valid log), the progress bar
HEAVY = ("rich", "duckdb", "pyarrow", "polars", "jinja2", "jsonschema", "altair", "vl_convert",
         "ludolog.etl", "ludolog.queries", "ludolog.cli.report")


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, Path]:
    """A valid Entdecker log, one broken at a move, one not JSON, and a folder of all three."""
    folder = tmp_path_factory.mktemp("entry")
    game = get_game("entdecker")
    raw = simulate_log(game, 3, seed="entry:1")
    valid = folder / "all" / "valid.json"
    valid.parent.mkdir()
    valid.write_bytes(orjson.dumps(raw, option=orjson.OPT_INDENT_2))
    broken = dict(raw, moves=[dict(m) for m in raw["moves"]])
    broken["moves"][5]["player"] = "nobody"
    invalid = folder / "all" / "invalid.json"
    invalid.write_bytes(orjson.dumps(broken))
    garbage = folder / "all" / "garbage.json"
    garbage.write_bytes(b"{not json")
    return {"valid": valid, "invalid": invalid, "garbage": garbage, "folder": valid.parent}


# -- verdicts and exit codes ------------------------------------------------------------------------

def _run(command: list[str], args: list[str], env: dict | None = None) -> tuple[int, str, str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("LUDOLOG_DEBUG", "NO_COLOR")}
    done = subprocess.run([*command, *args], capture_output=True, text=True, env={**environment, **(env or {})},
                          timeout=300)
    return done.returncode, done.stdout, done.stderr


def test_exit_codes_of_validate(logs):
    """0 every log valid, 1 an invalid or unreadable log, 2 a usage error (README, exit codes)."""
    code, out, _ = _run(LUDOLOG, ["validate", str(logs["valid"])])
    assert code == 0 and out.startswith("OK ") and "valid.json" in out, out
    code, out, _ = _run(LUDOLOG, ["validate", str(logs["invalid"])])
    assert code == 1 and out.startswith("INVALID ") and "/moves/5" in out, out
    code, out, _ = _run(LUDOLOG, ["validate", str(logs["garbage"])])
    assert code == 1 and "garbage.json" in out, out
    code, _, err = _run(LUDOLOG, ["validate", "--format", "yaml", str(logs["valid"])])
    assert code == 2 and "yaml" in err, err


def _run_in_terminal(command: list[str], args: list[str], env: dict) -> bytes:
    """stdout and stderr of the command on a pseudo-terminal (so that colour is on), as bytes."""
    master, slave = os.openpty()
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "LUDOLOG_DEBUG")}
    proc = subprocess.Popen([*command, *args], stdin=subprocess.DEVNULL, stdout=slave, stderr=slave,
                            env={**environment, "TERM": "xterm", **env}, close_fds=True)
    os.close(slave)
    out = bytearray()
    while True:
        try:
            data = os.read(master, 1 << 16)
        except OSError:  # EIO: the program closed the terminal
            break
        if not data:
            break
        out += data
    proc.wait(timeout=300)
    os.close(master)
    return bytes(out)


@pytest.mark.parametrize("env", [{}, {"NO_COLOR": "1"}], ids=["colour", "NO_COLOR"])
def test_colours_only_in_a_terminal_without_no_color(logs, env):
    for which, code in (("valid", "\x1b[32m\x1b[1mOK"), ("invalid", "\x1b[31m\x1b[1mINVALID")):
        args = ["validate", str(logs[which])]  # one file: no progress bar, whose frames depend on timing
        shown = _run_in_terminal(LUDOLOG, args, env).decode()
        assert (code in shown) is not bool(env), shown


def test_status_colours_are_typers_styles():
    for status, colour in render.STATUS_COLOURS.items():
        assert render.status_label(status, colour=True) == typer.style(f"{render.STATUS_LABELS[status]:<10}",
                                                                       fg=colour, bold=True)


# -- the import structure -------------------------------------------------------------------------

def _modules_after(command: list[str], args: list[str]) -> tuple[int, set[str]]:
    """The exit code of ``command args`` run in a fresh interpreter, and every module it had
    imported when it ended."""
    script = ("import atexit, sys\n"
              "atexit.register(lambda: sys.__stderr__.write('MODULES ' + ' '.join(sorted(sys.modules)) + '\\n'))\n"
              f"sys.argv = ['ludolog', *{args!r}]\n"
              f"{command[-1]}\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env={k: v for k, v in os.environ.items() if k != "LUDOLOG_DEBUG"})
    line = next(line for line in done.stderr.splitlines() if line.startswith("MODULES "))
    return done.returncode, set(line.split()[1:])


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.mark.parametrize("which", ["valid", "invalid", "folder"])
def test_validate_imports_no_data_stack(logs, which):
    code, modules = _modules_after(LUDOLOG, ["validate", str(logs[which])])
    assert code == (0 if which == "valid" else 1)
    assert "ludolog.replayer.entdecker" in modules  # it did replay
    assert _heavy(modules) == []


def test_validate_imports_only_the_logs_game(logs):
    code, modules = _modules_after(LUDOLOG, ["validate", str(logs["valid"])])
    assert code == 0
    games = {m.split(".")[2] for m in modules if m.startswith("ludolog.replayer.") and m != "ludolog.replayer.core"
             and not m.startswith("ludolog.replayer.core.")}
    assert games == {"entdecker"}


def test_json_output_imports_no_data_stack_either(logs):
    code, modules = _modules_after(LUDOLOG, ["validate", "-f", "json", "-q", str(logs["valid"])])
    assert code == 0 and _heavy(modules) == []
