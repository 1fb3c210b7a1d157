"""Text output a person reads: boards with legends, positions in words, no Python reprs, replay's
move context, tables that fit 100 columns."""
from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
ENTDECKER_LOGS = sorted((GOLDEN / "entdecker").glob("*.log.json"))
KC_LOGS = sorted((GOLDEN / "kingdom-crossing").glob("*.log.json"))
PIECE_LETTER = {"post": "p", "fort": "f", "colony": "c"}

runner = CliRunner()


def text_of(*args) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "100"})
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("path", ENTDECKER_LOGS[::2], ids=lambda p: p.name)
def test_entdecker_board_numbers_seats_as_the_tables_and_has_a_legend(path):
    raw = orjson.loads(path.read_bytes())
    ids = [p["id"] for p in raw["players"]]
    first = next(i for i, m in enumerate(raw["moves"]) if m["type"] == "build")
    builder, piece = raw["moves"][first]["player"], raw["moves"][first]["piece"]
    code, out = text_of("replay", path, "--to", first + 1)
    assert code == 0
    board, rest = out.split("\nlegend:", 1)
    # the only construction on the board: the builder's piece, numbered by the seat in the log's order
    assert re.findall(r"[pfc]\d", board) == [f"{PIECE_LETTER[piece]}{ids.index(builder)}"]
    assert "trading post, fort, colony of that seat (" + ", ".join(f"{i} {pid}" for i, pid in enumerate(ids)) in rest
    assert "~ open sea" in rest and "* the ship" in rest
    table = rest[rest.index("seat  player"):].splitlines()
    assert [line.split()[:2] for line in table[2:2 + len(ids)]] == [[str(i), pid] for i, pid in enumerate(ids)]


@pytest.mark.parametrize("path", KC_LOGS[::2], ids=lambda p: p.name)
def test_kingdom_crossing_position_is_in_words(path):
    code, out = text_of("replay", path, "--to", 30)
    assert code == 0
    block = out.split("\n\n")[1]
    assert all(len(line) <= 100 for line in block.splitlines())
    position = " ".join(block.split())  # lines wrapped at 100 columns, read as one text
    assert re.search(r"round \d+, [a-z ]+ step; .+ is first player", position)
    assert re.search(r"\d+ Prestige, \d+ coins, Invest track \d, lumber \d+, stone \d+, sap \d+, food \d+", position)
    assert "guild tracks foxes " in position
    for code_word in (r"\d+P ", r"\d+c ", r"\binv\d", r"\bres \d", "@", r"guilds \d{5}"):
        assert not re.search(code_word, position), code_word
