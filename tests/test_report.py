"""`ludolog report`: the page's content, its files, and the page in a real browser (headless Chromium).

Expectations come from the logs themselves (the moves, the claims, the rule cases' recorded
violation), not from the report code under test.
"""
from __future__ import annotations

import base64
import json
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.cli.common import load_log
from ludolog.replayer.core import replay

from .chromium import png_pixels

HERE = Path(__file__).parent
GOLDEN = HERE / "golden" / "entdecker" / "entdecker-2p-0.log.json"
INVALID = HERE / "cases" / "entdecker" / "ENT.BUILD.NO_PIECE.json"
runner = CliRunner()


def _report(tmp_path: Path, log: Path, name: str = "game.html", *extra: str) -> tuple[int, str, Path]:
    out = tmp_path / name
    result = runner.invoke(app, ["report", str(log), "--out", str(out), *extra])
    return result.exit_code, result.output, out


def _placed_cells(moves: list[dict], through: int) -> set[str]:
    """Spaces a tile was laid on by a `place` move up to index ``through`` (read from the log)."""
    return {m["cell"] for m in moves[:through + 1] if m.get("type") == "place"}


def _board_spaces(svg: str) -> set[str]:
    return set(re.findall(r'data-space="([A-Z]\d+)"', svg))


def test_report_is_self_contained_and_complete(tmp_path):
    code, output, out = _report(tmp_path, GOLDEN)
    assert code == 0, output
    page = out.read_text(encoding="utf-8")
    data = json.loads(GOLDEN.read_text())
    # nothing that could make a request: no external URL, no link/src/import of any kind
    urls = set(re.findall(r"https?://[^\s\"'<>)\\]+", page))  # also inside JSON strings
    assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, urls
    assert not re.search(r"<link\b|\bsrc=|@import|url\((?!#)", page)
    # header: players and the claimed result
    for player in data["players"]:
        assert f'{player["name"]} ({player["id"]})' in page
    final = data["claimed"]["final"]
    assert all(f"{pid} {score}" in page for pid, score in final.items())
    # every move listed, one step per move plus the set-up, one chart
    assert page.count('data-move="') == len(data["moves"])
    steps = json.loads(re.search(r'id="steps-data">(.*?)</script>', page, re.S).group(1))["steps"]
    assert len(steps) == len(data["moves"]) + 1
    assert steps[-1]["scores"] == [final[p["id"]] for p in data["players"]]
    assert page.count("<svg") >= 2 and "Score over the moves" in page
    # claims agree: no divergence marked
    assert "first divergence" not in page


def test_board_after_a_move_shows_the_tiles_laid_so_far(tmp_path):
    log = load_log(GOLDEN)
    for index in (5, 40, 150):
        result = replay(log, to=index + 1)
        spaces = _board_spaces(result.game.render_svg(result.state))
        assert _placed_cells(log.moves, index) <= spaces and len(spaces) < 70


def test_invalid_log_shows_its_prefix_and_the_violation_at_its_move(tmp_path):
    expect = json.loads(INVALID.read_text())["meta"]["expect"]
    code, output, out = _report(tmp_path, INVALID)
    assert code == 0, output
    page = out.read_text(encoding="utf-8")
    assert "invalid" in page and expect["code"] in page
    row = re.search(rf'<li data-position="\d+" data-move="{expect["move_index"]}" class="([^"]*)"', page).group(1)
    assert "violation" in row.split()
    steps = json.loads(re.search(r'id="steps-data">(.*?)</script>', page, re.S).group(1))["steps"]
    assert len(steps) == expect["move_index"] + 1  # the set-up and every move before the violation


def test_wrong_claim_marks_the_first_divergence(tmp_path):
    data = json.loads(GOLDEN.read_text())
    data["claimed"]["final"]["ana"] += 5
    log = tmp_path / "wrong.json"
    log.write_text(json.dumps(data))
    code, output, out = _report(tmp_path, log)
    assert code == 0, output
    page = out.read_text(encoding="utf-8")
    marked = re.findall(r'<tr class="divergence"><td>final</td><td>(\w+)</td><td class="num">(\d+)</td>', page)
    assert marked == [("ana", str(data["claimed"]["final"]["ana"]))]


def test_never_replaces_a_file_it_was_not_asked_to(tmp_path):
    out = tmp_path / "game.html"
    out.write_text("mine")
    code, output, _ = _report(tmp_path, GOLDEN)
    assert code == 1 and "exists already" in output
    assert out.read_text() == "mine"
    assert [p.name for p in tmp_path.iterdir()] == ["game.html"]  # no temporary file left
    code, output, _ = _report(tmp_path, GOLDEN, "game.html", "--overwrite")
    assert code == 0, output
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_unreadable_log_is_a_one_line_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, output, out = _report(tmp_path, bad)
    assert code == 1 and "Traceback" not in output and not out.exists()
    code, output, _ = _report(tmp_path, tmp_path / "missing.json")
    assert code == 1 and "no such file" in output


# -- in a real browser ------------------------------------------------------------------------------

def test_report_in_chromium(browser, tmp_path):
    code, output, out = _report(tmp_path, GOLDEN)
    assert code == 0, output
    moves = json.loads(GOLDEN.read_text())["moves"]
    for domain in ("Runtime", "Log", "Network", "Page"):
        browser.call(f"{domain}.enable")
    url = out.resolve().as_uri()
    browser.call("Page.navigate", url=f"{url}#move=40")
    deadline = time.monotonic() + 30
    while browser.evaluate("document.readyState") != "complete":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    visible = "document.querySelector('div.board:not([hidden])')"
    current = "document.querySelector('#moves li.current').dataset.move"
    assert browser.evaluate(current) == "40"
    assert browser.evaluate("document.getElementById('caption').textContent").startswith("after move 40:")
    html = browser.evaluate(f"{visible}.innerHTML")
    shown = _board_spaces(html)
    assert _placed_cells(moves, 40) <= shown and not _placed_cells(moves, len(moves)) <= shown
    assert browser.evaluate("document.querySelectorAll('div.board:not([hidden])').length") == 1
    for kind in ("keyDown", "keyUp"):  # the right arrow steps to the next move
        browser.call("Input.dispatchKeyEvent", type=kind, key="ArrowRight", code="ArrowRight", windowsVirtualKeyCode=39)
    assert browser.evaluate(current) == "41"
    assert browser.evaluate("location.hash") == "#move=41"
    browser.evaluate("const s = document.getElementById('slider'); s.value = '1';"
                     "s.dispatchEvent(new Event('input')); 0")
    assert browser.evaluate(current) == "0"
    browser.evaluate("window.scrollTo(0, 0); 0")
    shot = base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"])
    (tmp_path / "report.png").write_bytes(shot)  # kept under pytest's tmp_path to look at
    width, height, rows = png_pixels(shot)
    assert width > 600 and height > 600
    colours = {pixel for row in rows[::7] for pixel in row[::5]}
    assert len(colours) > 20  # text, the chart's lines and the board's colours, not a blank page
    browser.call("Runtime.evaluate", expression="0")  # collect the events that arrived meanwhile
    errors = [e for e in browser.events if e.get("method") == "Runtime.exceptionThrown"
              or (e.get("method") == "Runtime.consoleAPICalled" and e["params"]["type"] in ("error", "assert"))
              or (e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")]
    assert errors == []
    requests = [e["params"]["request"]["url"] for e in browser.events if e.get("method") == "Network.requestWillBeSent"]
    assert [r.split("#")[0] for r in requests] == [url]  # the page itself and nothing else


def test_kingdom_crossing_board_shows_the_birds_a_move_laid_out(tmp_path):
    path = HERE / "golden" / "kingdom-crossing" / "kingdom-crossing-3p-3.log.json"
    log = load_log(path)
    index, move = next((i, m) for i, m in enumerate(log.moves) if m["type"] == "birds")
    result = replay(log, to=index + 1)
    svg = result.game.render_svg(result.state)
    for space, bird in move["birds"].items():
        assert re.search(rf">{space}: [^<]* \+ {bird}</text>", svg), (space, bird)
    assert svg.count('class="beaver"') <= len(log.players) and 'class="region"' in svg and 'class="bridge"' in svg
    code, output, out = _report(tmp_path, path)
    assert code == 0, output
    page = out.read_text(encoding="utf-8")
    data = json.loads(re.search(r'id="steps-data">(.*?)</script>', page, re.S).group(1))
    assert len(data["boards"]) >= 2  # distinct pictures over the game


def test_moves_are_listed_in_words_not_json():
    from ludolog.cli.report.game_report import move_text

    assert move_text({"type": "work", "player": "ana", "tile": 4, "path": ["B7", "B4", "B1"]}) == "work tile=4 path=B7,B4,B1"
    assert move_text({"type": "work", "tile": 0, "balloon": {"to": "marsh"}, "note": "x"}) == "work tile=0 balloon=(to marsh)"
    assert move_text({"type": "claim", "goals": [], "free": True}) == "claim goals=none free=yes"


def test_board_pictures_are_stored_as_shared_pieces_and_rebuild_exactly(tmp_path):
    from ludolog.cli.report.game_report import build, encode_boards

    report = build(load_log(GOLDEN))
    pieces, boards = encode_boards(report.boards)
    assert len(boards) == len(report.boards) > 100
    assert ["".join(pieces[i] for i in ids) for ids in boards] == report.boards
    code, output, out = _report(tmp_path, GOLDEN)
    assert code == 0, output
    whole = sum(len(svg) for svg in report.boards)
    assert out.stat().st_size < whole / 5  # the 8 MB of whole pictures shrink by far more than 5x


@pytest.mark.parametrize("path", [GOLDEN, HERE / "golden" / "kingdom-crossing" / "kingdom-crossing-3p-3.log.json",
                                  *sorted((HERE / "golden" / "castles-of-burgundy").glob("*-3p-*.log.json"))[:1]],
                         ids=lambda p: p.name)
def test_a_player_has_one_colour_on_the_board_and_in_the_score_chart(path):
    from ludolog.cli.report.game_report import build, score_chart
    from ludolog.replayer.core.colours import SEAT_COLOURS

    log = load_log(path)
    ids = log.player_ids
    # the player legend runs from its title to the next legend (the scoring events)
    legend = score_chart(build(log)).split("Symbol legend titled 'player'", 1)[1].split("aria-roledescription=\"legend\"")[0]
    entries = re.findall(r'fill="(#[0-9a-f]{6})" stroke="#[0-9a-f]{6}"[^>]*/></g><g class="mark-text role-legend-label"'
                         r'[^>]*><text[^>]*>([^<]+)</text>', legend)
    assert [name for _, name in entries] == ids
    assert [colour for colour, _ in entries] == list(SEAT_COLOURS[:len(ids)])
    result = replay(log)
    board = result.game.render_svg(result.state)
    for seat in range(len(SEAT_COLOURS)):  # the board draws each seat in its colour and no absent seat
        assert (SEAT_COLOURS[seat] in board) == (seat < len(ids)), (seat, path.name)
