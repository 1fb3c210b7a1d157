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
    block = next(b for b in out.split("\n\n") if b.startswith("round "))  # the picture
    assert all(len(line) <= 100 for line in block.splitlines())
    position = " ".join(block.split())  # lines wrapped at 100 columns, read as one text
    assert re.search(r"round \d+, [a-z ]+ step; .+ is first player", position)
    assert re.search(r"\d+ Prestige, \d+ coins, Invest track \d, lumber \d+, stone \d+, sap \d+, food \d+", position)
    assert "guild tracks foxes " in position
    for code_word in (r"\d+P ", r"\d+c ", r"\binv\d", r"\bres \d", "@", r"guilds \d{5}"):
        assert not re.search(code_word, position), code_word


# -- no Python reprs in any text output ----------------------------------------------------------------

CASES = sorted((ROOT / "tests" / "cases").glob("*/*.json"))
#: what Python's repr of a list, dict, tuple or None looks like inside a sentence
REPR = re.compile(r"\[\s*'[^']*'\s*[,\]]|\{\s*'[^']*'\s*:|\{\s*-?\d+\s*:|\(\s*'[^']*'\s*,|\bNone\b|"
                  r"\[\s*-?\d+(\s*,\s*-?\d+)+\s*\]|<[a-zA-Z_.]+ object at 0x")


def _example_logs(tmp_path: Path) -> list[Path]:
    paths = []
    for doc in sorted((ROOT / "schema").glob("*.example.md")):
        blocks = re.findall(r"```json\n(.*?)\n```", doc.read_text(encoding="utf-8"), re.S)
        path = tmp_path / f"{doc.stem}.json"
        path.write_text(blocks[-1], encoding="utf-8")
        paths.append(path)
    return paths


def _reprs(text: str) -> list[str]:
    return [line for line in text.splitlines() if REPR.search(line)]


def test_no_text_output_holds_a_python_repr(tmp_path):
    """Every case and example log through validate (every violation message and position), and
    the examples, goldens and a sample of the cases through replay (picture, tables, ledger; at
    the end and half-way) and audit."""
    examples = _example_logs(tmp_path)
    whole = examples + ENTDECKER_LOGS[:2] + KC_LOGS[:2] + CASES[::8]
    commands = [("games",), ("games", "--rules", "entdecker"), ("games", "--rules", "kingdom-crossing"),
                ("validate", "--limit", "0", *examples, *CASES, *ENTDECKER_LOGS, *KC_LOGS)]
    for log in whole:
        commands += [("replay", log), ("audit", log)]
        raw = orjson.loads(log.read_bytes())
        moves = raw.get("moves") if isinstance(raw, dict) else None
        if isinstance(moves, list) and len(moves) > 2:
            commands.append(("replay", log, "--to", len(moves) // 2))
    found = {}
    for command in commands:
        _, out = text_of(*command)
        assert out.strip(), command
        if _reprs(out):
            found[" ".join(map(str, command[:4]))] = _reprs(out)[:3]
    assert found == {}


def test_the_repr_pattern_finds_what_the_old_texts_printed():
    old = ["favors shown ['F04', 'F24', 'F21']", "reserve {1: 4, 2: 4, 3: 4}", "tiles in the piles [14, 17, 16]",
           "unknown game None; known games", "structures ['home', 'BLD-04']"]
    assert all(_reprs(line) for line in old)
    fine = ["[rules/entdecker.txt, 2. Exploration (ii)]", "[DESIGN.md, games]", "tiles in the piles (14, 17, 16)",
            "plant tokens 4, 1 (5 points)", "a space like B3: a column A-J"]
    assert not any(_reprs(line) for line in fine)


# -- replay: the move just applied, the moves around it, tables that fit ------------------------------

@pytest.mark.parametrize("path", [ENTDECKER_LOGS[1], KC_LOGS[2]], ids=lambda p: p.name)
def test_replay_to_names_the_move_just_applied_and_those_around_it(path):
    moves = orjson.loads(path.read_bytes())["moves"]
    n = 40
    code, out = text_of("replay", path, "--to", n)
    assert code == 0
    last = moves[n - 1]
    named = next(line for line in out.splitlines() if line.startswith("last move applied:"))
    assert named.startswith(f"last move applied: move {n - 1} ") and f" {last['type']} " in named + " "
    if "player" in last:
        assert f"({last['player']})" in named
    listed = out[out.index("moves around it"):].split("\n\n")[0].splitlines()[1:]
    indices = [int(re.match(r"\s*>?\s*(\d+)", line).group(1)) for line in listed]
    assert indices == list(range(n - 4, n + 4))
    for index, line in zip(indices, listed):
        assert line.lstrip().startswith(">") == (index == n - 1)
        assert line.endswith("(not applied yet)") == (index >= n)
        assert moves[index]["type"] in line.split()
    start = text_of("replay", path, "--to", 0)[1]
    assert "no move applied yet" in start and "move 0 " not in start.split("moves around it")[0]


def _player_table(out: str) -> list[str]:
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("seat "))
    block = []
    for line in lines[first:]:
        if not line.strip():
            break
        block.append(line)
    return block


@pytest.mark.parametrize("path", ENTDECKER_LOGS[::3] + KC_LOGS, ids=lambda p: p.name)
def test_replay_fits_100_columns_and_shows_no_solo_column_in_a_game_of_several(path):
    raw = orjson.loads(path.read_bytes())
    code, out = text_of("replay", path, "--to", len(raw["moves"]) // 2)
    assert code == 0
    assert max(map(len, out.splitlines()[1:])) <= 100  # the first line names the file as it was given
    solo = len(raw["players"]) == 1
    table = "\n".join(_player_table(out))
    assert ("paco_paca_score" in table) == (solo and raw["game"] == "kingdom-crossing")
    ids = [p["id"] for p in raw["players"]]
    assert all(pid in table for pid in ids)  # wide tables are turned, not cut


def test_one_word_for_a_round_in_each_game():
    entdecker = " ".join(text_of("replay", path, "--to", 50)[1] for path in ENTDECKER_LOGS[:2])
    kingdom = " ".join(text_of("replay", path, "--to", 50)[1] for path in KC_LOGS[:2])
    assert re.search(r"\(turn \d+, season \d+\)", entdecker) and not re.search(r"\bround", entdecker)
    assert re.search(r"\(turn \d+, round \d+\)", kingdom) and not re.search(r"\bseason", kingdom)


# -- listings ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["query", "analyze"])
def test_listings_fit_100_columns_and_show_no_markup(command):
    code, out = text_of(command, "--list")
    assert code == 0
    lines = out.splitlines()
    assert max(map(len, lines)) <= 100
    assert not re.search(r"`|:\w+:|\*\*", out)
    sources = Path(ROOT / "queries")
    if command == "query":  # every .sql file with each of its parameters
        for sql in sources.glob("*.sql"):
            assert sql.stem in lines
            for name in re.findall(r"^--\s*@param\s+(\w+)", sql.read_text(), re.M):
                assert f"-p {name}=" in out
    else:
        for name in ("elo", "trajectory", "comebacks"):
            assert name in lines
        assert "-p k=... (DOUBLE, default 32.0)" in out
    listed = json_of(command, "--list", "--format", "json")
    assert not any("`" in entry["question"] + entry["parameters"] for entry in listed)


def json_of(*args):
    code, out = text_of(*args)
    assert code == 0
    return orjson.loads(out)


@pytest.mark.parametrize("path", ENTDECKER_LOGS[:1] + KC_LOGS[2:], ids=lambda p: p.name)
def test_audit_ledger_fits_100_columns_and_adds_up(path):
    code, out = text_of("audit", path)
    assert code == 0
    assert max(map(len, out.splitlines()[1:])) <= 100
    ledger = json_of("replay", path, "--format", "json")["ledger"]
    block = out[out.index("Ledger by category"):].split("\n\n")[0].splitlines()[1:]
    head = block[0].split()
    table = {row.split()[0]: [int(v) for v in row.split()[1:]] for row in block[1:]}
    if "total" in head:  # players down, categories across
        categories = head
        points = {pid: dict(zip(categories, values)) for pid, values in table.items()}
    else:  # turned: categories down, players across
        points = {pid: {c: values[i] for c, values in table.items()} for i, pid in enumerate(head)}
    for pid, by_category in points.items():
        mine = [e for e in ledger if e["player"] == pid]
        assert by_category["total"] == sum(e["delta"] for e in mine)
        for category, value in by_category.items():
            if category != "total":
                assert value == sum(e["delta"] for e in mine if e["category"] == category), (pid, category)


def test_a_wide_query_result_is_cut_into_groups_of_columns_that_fit():
    headers = ["game"] + [f"figure_number_{i}" for i in range(12)]
    rows = [["entdecker", *range(12)], ["kingdom-crossing", *range(100, 112)]]
    from ludolog.cli.render import fit_table, table

    assert max(map(len, table(headers, rows).splitlines())) > 100
    text = fit_table(headers, rows, turn=False)
    groups = [g.splitlines() for g in text.split("\n\n")]
    assert len(groups) > 1 and max(len(line) for g in groups for line in g) <= 100
    assert all(g[0].split()[0] == "game" and [line.split()[0] for line in g[2:]] == ["entdecker", "kingdom-crossing"]
               for g in groups)
    shown = [h for g in groups for h in g[0].split()[1:]]
    assert shown == headers[1:]  # every column once, in order
    assert [int(v) for g in groups for v in g[3].split()[1:]] == list(range(100, 112))
