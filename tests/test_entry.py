"""The console script's fast path for `ludolog validate` (cli/entry.py): it must read the arguments
as the typer command reads them, leave everything else to typer, print byte for byte what the typer
command prints with the same exit code, and start without typer, pydantic, rich or the data stack.
No timing here: speed is measured by `make bench` (its start-up section)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
import typer
from typer.testing import CliRunner

from ludolog.cli import app as app_module
from ludolog.cli import render
from ludolog.cli.common import DEFAULT_MAX_SIZE, OutputFormat
from ludolog.cli.entry import ValidateArguments, parse_validate
from ludolog.replayer.core import get_game, simulate_log

ROOT = Path(__file__).resolve().parents[1]
FAST = [sys.executable, "-c", "from ludolog.cli.entry import main; main()"]
TYPER = [sys.executable, "-c", "from ludolog.cli.app import main; main()"]
#: what a plain `ludolog validate` must not import (the typer app, the data stack, the explainer)
HEAVY = ("typer", "click", "pydantic", "rich", "duckdb", "pyarrow", "polars", "jinja2", "jsonschema", "altair",
         "ludolog.etl", "ludolog.queries", "ludolog.cli.app")


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


# -- the arguments are read as typer reads them -------------------------------------------------------

def typer_reading(args: list[str], monkeypatch) -> ValidateArguments:
    """What the typer command passes to the validate body for ``args``."""
    seen = {}

    def record(paths, limit, quiet, max_size, fmt):
        seen.update(paths=list(paths), limit=limit, quiet=quiet, max_size=max_size, fmt=fmt.value)
        return 0

    monkeypatch.setattr(app_module, "validate_paths", record)
    result = CliRunner().invoke(app_module.app, args)
    assert result.exit_code == 0, result.output
    return ValidateArguments(**seen)


READ_ALIKE = [
    ["validate", "a.json"],
    ["validate", "a.json", "folder", "b.json"],
    ["validate", "--limit", "5", "a.json"],
    ["validate", "a.json", "--limit=0", "-q"],
    ["validate", "--quiet", "a.json", "--max-size", "300M"],
    ["validate", "--max-size=2g", "a.json"],
    ["validate", "--max-size", "1048576", "a.json"],
    ["validate", "-f", "json", "a.json"],
    ["validate", "-fJSON", "a.json"],
    ["validate", "--format=Text", "a.json"],
    ["validate", "--format", "json", "--limit", "123", "-q", "x/y.json"],
    ["validate", "--", "-q", "--limit"],
    ["validate", "a.json", "--", "--format"],
    ["validate", "caf\u00e9 log.json", "./rel/../b.json"],
]


@pytest.mark.parametrize("args", READ_ALIKE, ids=" ".join)
def test_the_fast_path_reads_arguments_as_typer_does(args, monkeypatch):
    fast = parse_validate(args)
    assert fast is not None, "the fast path should take this form"
    if fast.max_size is None:
        fast.max_size = DEFAULT_MAX_SIZE
    assert fast == typer_reading(args, monkeypatch)


LEFT_TO_TYPER = [
    [], ["games"], ["validatee", "a.json"], ["-V"], ["--help"], ["validate"], ["validate", "--help"],
    ["validate", "a.json", "-h"], ["validate", "--bogus", "a.json"], ["validate", "a.json", "--limit"],
    ["validate", "--limit", "-1", "a.json"], ["validate", "--limit", "x", "a.json"],
    ["validate", "--limit", "007", "a.json"], ["validate", "--limit=", "a.json"],
    ["validate", "--format", "xml", "a.json"], ["validate", "-f=json", "a.json"],
    ["validate", "--max-size", "0", "a.json"], ["validate", "--max-size", "lots", "a.json"],
    ["validate", "-qfjson", "a.json"], ["validate", "--quiet=yes", "a.json"], ["validate", "-q", "-q", "a.json"],
    ["validate", "--limit", "1", "--limit", "2", "a.json"], ["validate", ""], ["validate", "-", "a.json"],
    ["validate", "--lim", "3", "a.json"], ["replay", "a.json"],
]


@pytest.mark.parametrize("args", LEFT_TO_TYPER, ids=lambda a: " ".join(a) or "(none)")
def test_anything_else_is_left_to_typer(args):
    assert parse_validate(args) is None


# -- the same output and exit code --------------------------------------------------------------------

def _normalised(text: str) -> str:
    """Output with the measured time taken out (it differs from run to run)."""
    text = re.sub(r"replayed in [0-9.]+ s(, [0-9,.]+ moves/s)?", "replayed in T", text)
    return re.sub(r'"(seconds|moves_per_s)": [0-9.e+-]+', r'"\1": 0', text)


def _run(command: list[str], args: list[str], env: dict | None = None) -> tuple[int, str, str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("LUDOLOG_DEBUG", "NO_COLOR")}
    done = subprocess.run([*command, *args], capture_output=True, text=True, env={**environment, **(env or {})},
                          timeout=300)
    return done.returncode, _normalised(done.stdout), _normalised(done.stderr)


def _cases(logs: dict[str, Path]) -> list[list[str]]:
    v, i, g, folder = (str(logs[k]) for k in ("valid", "invalid", "garbage", "folder"))
    return [
        ["validate", v], ["validate", i], ["validate", g], ["validate", folder], ["validate", "-q", folder],
        ["validate", "--limit", "1", i], ["validate", "--format", "json", folder], ["validate", v, "no-such.json"],
        ["validate", "--max-size", "100", v], ["validate", str(Path(v).parent.parent)],
        # left to typer: its usage errors, did-you-mean and help
        ["validate", "--bogus", v], ["validatee", v], ["validate", "--limit", "-1", v], ["validate", "-h"],
    ]


def test_the_fast_path_prints_what_the_typer_command_prints(logs):
    for args in _cases(logs):
        assert _run(FAST, args) == _run(TYPER, args), args


def test_exit_codes_of_the_fast_path(logs):
    assert _run(FAST, ["validate", str(logs["valid"])])[0] == 0
    assert _run(FAST, ["validate", str(logs["invalid"])])[0] == 1
    assert _run(FAST, ["validate", "--format", "yaml", str(logs["valid"])])[0] == 2


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
def test_colours_in_a_terminal_are_the_typer_commands(logs, env):
    for which, code in (("valid", "\x1b[32m\x1b[1mOK"), ("invalid", "\x1b[31m\x1b[1mINVALID")):
        args = ["validate", str(logs[which])]  # one file: no progress bar, whose frames depend on timing
        fast = _normalised(_run_in_terminal(FAST, args, env).decode())
        assert fast == _normalised(_run_in_terminal(TYPER, args, env).decode())
        assert (code in fast) is not bool(env), fast


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
def test_validate_imports_no_typer_nor_data_stack(logs, which):
    code, modules = _modules_after(FAST, ["validate", str(logs[which])])
    assert code == (0 if which == "valid" else 1)
    assert "ludolog.replayer.entdecker" in modules  # it did replay
    assert _heavy(modules) == []


#: standard modules a plain validate of a built-in game's log has no use for, each a visible part of
#: its start-up: packaging metadata (entry points are read only for a game that is not built in),
#: importlib.resources (tempfile, shutil and the compression modules behind it), secrets
START_UP_EXTRAS = ("importlib.metadata", "importlib.resources", "tempfile", "secrets")


def test_validate_imports_no_packaging_metadata_and_only_the_logs_game(logs):
    code, modules = _modules_after(FAST, ["validate", str(logs["valid"])])
    assert code == 0
    assert [m for m in START_UP_EXTRAS if m in modules] == []
    games = {m.split(".")[2] for m in modules if m.startswith("ludolog.replayer.") and m != "ludolog.replayer.core"
             and not m.startswith("ludolog.replayer.core.")}
    assert games == {"entdecker"}


def test_json_output_imports_no_typer_either(logs):
    code, modules = _modules_after(FAST, ["validate", "-f", "json", "-q", str(logs["valid"])])
    assert code == 0 and _heavy(modules) == []


def test_other_commands_still_get_the_typer_app(logs):
    code, modules = _modules_after(FAST, ["games"])
    assert code == 0 and {"typer", "ludolog.cli.app"} <= modules


def test_the_typer_command_and_the_fast_path_share_one_body():
    """Both call validation.validate_paths: a change to validate's output cannot reach one only."""
    from ludolog.cli import validation

    assert app_module.validate_paths is validation.validate_paths
    assert OutputFormat("json") is OutputFormat.json
