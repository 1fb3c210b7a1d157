"""The README's section for players works as written: each command it shows is run, in order, on
the files it describes, and the output it shows must be what ludolog prints. Every other command
line shown in the README and in docs/*.md names a command and options ludolog has."""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
runner = CliRunner()


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## For players: your first log")
    end = text.index("\n## ", start + 3)
    return text[start:end]


def _blocks(section: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", section, flags=re.S)


def _console(block: str) -> tuple[list[str], list[str]]:
    lines = block.rstrip("\n").split("\n")
    assert lines[0].startswith("$ ludolog "), lines[0]
    return shlex.split(lines[0][2:])[1:], lines[1:]


def _run(args: list[str], shown: list[str], exit_code: int) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == exit_code, result.output
    printed = result.output.rstrip("\n").split("\n")
    for line in shown:
        assert line in printed, f"the README shows {line!r}; ludolog printed:\n{result.output}"


def test_the_players_section_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    section = _section()
    console = [_console(b) for b in _blocks(section, "console")]
    (moves_block,) = _blocks(section, "json")
    assert [args[0] for args, _ in console] == ["new", "validate", "validate", "report"]

    # 1. start it
    args, shown = console[0]
    _run(args, shown, 0)
    log_file = tmp_path / args[args.index("--out") + 1]
    log = json.loads(log_file.read_text())
    # fill in what the README says to
    first = re.search(r'`"first_player": "(\w+)"`', section).group(1)
    assert log["setup"]["first_player"].startswith("<fill in")
    log["setup"]["first_player"] = first
    # 2. the moves as shown
    log["moves"] = json.loads(moves_block)
    log_file.write_text(json.dumps(log, indent=2))

    # 3. validate: unfinished
    args, shown = console[1]
    _run(args, shown, 0)

    # 4. an error: the cape written turned 0 degrees
    assert "turned 0 degrees" in section
    log["moves"][-1]["rotation"] = 0
    log_file.write_text(json.dumps(log, indent=2))
    args, shown = console[2]
    _run(args, shown, 1)
    # ... and the name that does not exist
    quoted = re.search(r"\(`('cap' is not a discovery tile; did you mean 'cape'\?)`\)", section).group(1)
    log["moves"][-1]["rotation"] = 90
    log["moves"][2]["tile"] = "cap"
    log_file.write_text(json.dumps(log, indent=2))
    result = runner.invoke(app, ["validate", str(log_file)])
    assert result.exit_code == 1 and quoted in result.output

    # 5. the report of the log as written in step 2
    log["moves"][2]["tile"] = "cape"
    log_file.write_text(json.dumps(log, indent=2))
    args, shown = console[3]
    _run(args, shown, 0)
    page = (tmp_path / "our-game.html").read_text(encoding="utf-8")
    assert "ana is the youngest: she goes first" in page


@pytest.mark.parametrize("command", ["ids entdecker tile", "ids entdecker space", "schema entdecker"])
def test_the_commands_named_in_the_text_work(command):
    assert f"`ludolog {command}" in _section()
    result = runner.invoke(app, command.split())
    assert result.exit_code == 0 and result.output.strip()


def _shown_command_lines() -> list[tuple[str, list[str]]]:
    """(page, arguments) of every ``ludolog ...`` line in the pages' ``sh`` and ``console`` blocks
    and tables (a comment after ``#`` dropped; ``[...]`` optional parts and ``|`` alternatives
    shown as syntax are kept out)."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"```(?:sh|console)\n(.*?)```", text, flags=re.S):
            for line in block.split("\n"):
                line = line.removeprefix("$ ").strip()
                if line.startswith("ludolog "):
                    found.append((page.name, line))
        found += [(page.name, m) for m in re.findall(r"^\| `(ludolog [^`]+)` \|", text, flags=re.M)]
    commands = []
    for name, line in found:
        line = re.sub(r"\s+#.*$", "", line)
        line = re.sub(r"\[[^\]]*\]", " ", line)
        commands.append((name, [w for w in line.split()[1:] if w not in {"|", "\\"}]))
    return commands


def test_every_command_shown_in_the_readme_and_docs_exists_with_its_options():
    shown = _shown_command_lines()
    assert {page for page, _ in shown} >= {"README.md", "commands.md", "database.md", "cluster.md"}
    helps: dict[str, str] = {}
    for page, words in shown:
        if not words or words[0].startswith("-"):
            continue  # `ludolog -V`, `ludolog --install-completion`
        command = words[0]
        if command not in helps:
            result = runner.invoke(app, [command, "--help"])
            assert result.exit_code == 0, f"{page}: `ludolog {command}` is not a command: {result.output}"
            helps[command] = result.output
        for word in words[1:]:
            option = word.split("=")[0]
            if option.startswith("--") and option != "--help":
                assert option in helps[command], f"{page}: `ludolog {command}` has no option {option}"
