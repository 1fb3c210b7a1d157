"""`ludolog report --db`: the corpus dashboard over an ingested database, checked against the
corpus the test writes (how many logs of which game and player count, who won from the claimed
scores and the set-up's first player), and loaded in headless Chromium.
"""
from __future__ import annotations

import base64
import html
import json
import re
import time
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import simulate_log

from .chromium import png_pixels

HERE = Path(__file__).parent
INVALID = HERE / "cases" / "entdecker" / "ENT.BUILD.NO_PIECE.json"
#: (game, players, how many logs)
CORPUS = (("entdecker", 2, 3), ("entdecker", 3, 2), ("kingdom-crossing", 2, 2), ("kingdom-crossing", 1, 1),
          ("boonlake", 2, 1), ("castles-of-burgundy", 2, 1), ("keyflower", 3, 1))
SECTIONS = ("games", "win-rate", "scores", "length", "points", "elo", "violations")
runner = CliRunner()


def _write_corpus(folder: Path) -> list[dict]:
    folder.mkdir()
    logs = []
    for game, players, count in CORPUS:
        for k in range(count):
            raw = simulate_log(game, players, f"dash-{k}")
            (folder / f"{game}-{players}p-{k}.json").write_bytes(orjson.dumps(raw))
            logs.append(raw)
    (folder / INVALID.name).write_bytes(INVALID.read_bytes())
    return logs


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """An ingested corpus, its logs, and the dashboard page written from it."""
    root = tmp_path_factory.mktemp("club")
    logs = _write_corpus(root / "logs")
    db = root / "club.duckdb"
    result = runner.invoke(app, ["ingest", str(root / "logs"), "--db", str(db)])
    assert result.exit_code in (0, 1), result.output  # 1: the invalid log is reported
    result = runner.invoke(app, ["report", "--db", str(db)])
    assert result.exit_code == 0, result.output
    page = db.with_suffix(".html")
    assert page.exists() and "dashboard written" in result.output
    return db, logs, page.read_text(encoding="utf-8")


def _section(page: str, key: str) -> str:
    match = re.search(rf'<section id="{key}"[^>]*>(.*?)</section>', page, re.S)
    assert match, key
    return match.group(1)


def _table(section: str) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", section, re.S)
    return [[html.unescape(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)] for row in rows]


def test_dashboard_is_self_contained_with_every_section(club):
    _, _, page = club
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", page))
    assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, urls
    assert not re.search(r"<link\b|\bsrc=|@import|url\((?!#)|<script", page)
    for key in SECTIONS:
        section = _section(page, key)
        assert "<svg" in section, key  # every question has its chart
        source = re.search(r'class="source">(.*?)</span>', section).group(1)
        assert source.startswith(("ludolog query ", "ludolog analyze ")), source


def test_games_section_counts_the_logs_written(club):
    _, logs, page = club
    table = _table(_section(page, "games"))
    assert table[0] == ["game", "player_count", "games", "valid", "unfinished", "invalid"]
    rows = {(r[0], int(r[1])): [int(x) for x in r[2:]] for r in table[1:]}
    expected: dict[tuple[str, int], list[int]] = {}
    for game, players, count in CORPUS:
        expected[(game, players)] = [count, count, 0, 0]  # simulated games are complete and legal
    case = orjson.loads(INVALID.read_bytes())
    key = (case["game"], len(case["players"]))
    total, valid, unfinished, invalid = expected.get(key, [0, 0, 0, 0])
    expected[key] = [total + 1, valid, unfinished, invalid + 1]
    assert rows == expected
    summary = re.search(r'<p id="summary">(.*?)</p>', page, re.S).group(1)
    assert f"{len(logs) + 1} logs" in summary and "1 invalid" in summary


def _first_player_wins(logs: list[dict]) -> dict[tuple[str, int], tuple[int, float]]:
    """Per multi-player group: games, and the first player's share of the wins (shared wins split),
    from the claimed final scores and who began (Entdecker: setup.first_player; Kingdom Crossing:
    the first player listed)."""
    out: dict[tuple[str, int], list] = {}
    for raw in logs:
        players = [p["id"] for p in raw["players"]]
        if len(players) < 2:
            continue
        first = raw["setup"].get("first_player", players[0]) if raw["game"] == "entdecker" else players[0]
        final = raw["claimed"]["final"]
        best = max(final[p] for p in players)
        winners = [p for p in players if final[p] == best]
        if raw["game"] == "kingdom-crossing" and len(winners) > 1:
            return {}  # ties broken by coins: not readable from the claims; the test's corpus has none
        entry = out.setdefault((raw["game"], len(players)), [0, 0.0])
        entry[0] += 1
        entry[1] += (1 / len(winners)) if first in winners else 0.0
    return {key: (games, share / games) for key, (games, share) in out.items()}


def test_win_rate_section_agrees_with_the_claimed_results(club):
    _, logs, page = club
    table = _table(_section(page, "win-rate"))
    header = table[0]
    col = {name: k for k, name in enumerate(header)}
    expected = _first_player_wins(logs)
    assert expected, "the corpus has multi-player games"
    for (game, players), (games, share) in expected.items():
        row = next(r for r in table[1:] if r[col["game"]] == game and int(r[col["player_count"]]) == players
                   and int(r[col["seat"]]) == 0)
        assert int(row[col["games"]]) == games
        assert float(row[col["win_share"]]) == pytest.approx(share, abs=1e-4)


def test_elo_and_violations_sections(club):
    _, logs, page = club
    elo = _table(_section(page, "elo"))
    ranked = {(r[0], r[1]) for r in elo[1:]}
    multi = {(raw["game"], p["id"]) for raw in logs if len(raw["players"]) > 1 for p in raw["players"]}
    assert ranked == multi  # every player of a complete multi-player game is rated, nobody else
    violations = _table(_section(page, "violations"))
    code = orjson.loads(INVALID.read_bytes())["meta"]["expect"]["code"]
    assert [r[:3] for r in violations[1:]] == [["entdecker", code, "1"]]


def test_an_empty_database_still_gets_a_dashboard(tmp_path):
    from ludolog.etl.db import ensure_schema, open_for_writing

    db = tmp_path / "empty.duckdb"
    con = open_for_writing(db)  # the tables of a ludolog database, no game in them
    ensure_schema(con, db)
    con.close()
    result = runner.invoke(app, ["report", "--db", str(db), "--out", str(tmp_path / "d.html")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "d.html").read_text(encoding="utf-8")
    assert "0 logs" in page and page.count('class="empty"') == len(SECTIONS)


def test_dashboard_usage_and_errors(club, tmp_path):
    db, _, _ = club
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 2 and "--db" in result.output
    result = runner.invoke(app, ["report", str(INVALID), "--db", str(db)])
    assert result.exit_code == 2
    result = runner.invoke(app, ["report", "--db", str(tmp_path / "missing.duckdb")])
    assert result.exit_code == 1 and "no such file" in result.output
    result = runner.invoke(app, ["report", "--db", str(db)])  # the page exists already
    assert result.exit_code == 1 and "Traceback" not in result.output
    foreign = tmp_path / "foreign.duckdb"
    import duckdb

    with duckdb.connect(str(foreign)) as con:
        con.execute("CREATE TABLE t (x INTEGER)")
    result = runner.invoke(app, ["report", "--db", str(foreign), "--out", str(tmp_path / "f.html")])
    assert result.exit_code == 1 and "Traceback" not in result.output and not (tmp_path / "f.html").exists()
    assert "bug in ludolog" not in result.output
    empty = tmp_path / "empty.duckdb"  # a DuckDB file nothing was ingested into: the user's step, not a bug
    duckdb.connect(str(empty)).close()
    result = runner.invoke(app, ["report", "--db", str(empty), "--out", str(tmp_path / "e.html")])
    assert result.exit_code == 1 and "holds no ludolog tables yet" in result.output
    assert f"ludolog ingest LOGS --db {empty}" in result.output and "bug in ludolog" not in result.output
    assert not (tmp_path / "e.html").exists()
    notdb = tmp_path / "note.duckdb"
    notdb.write_text("not a database")
    result = runner.invoke(app, ["report", "--db", str(notdb), "--out", str(tmp_path / "n.html")])
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_dashboard_in_chromium(browser, club, tmp_path):
    db, _, _ = club
    page = db.with_suffix(".html")
    for domain in ("Runtime", "Log", "Network", "Page"):
        browser.call(f"{domain}.enable")
    url = page.resolve().as_uri()
    browser.call("Page.navigate", url=url)
    deadline = time.monotonic() + 30
    while browser.evaluate("document.readyState") != "complete":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert browser.evaluate("document.querySelectorAll('section svg').length") >= len(SECTIONS)
    # every chart is drawn with a size (not collapsed)
    sizes = browser.evaluate("[...document.querySelectorAll('section .chart svg')].map(s => "
                             "s.getBoundingClientRect().width * s.getBoundingClientRect().height)")
    assert len(sizes) == len(SECTIONS) and min(sizes) > 10_000
    shot = base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"])
    (tmp_path / "dashboard.png").write_bytes(shot)
    width, height, rows = png_pixels(shot)
    colours = {pixel for row in rows[::7] for pixel in row[::5]}
    assert width > 600 and len(colours) > 20
    browser.call("Runtime.evaluate", expression="0")
    errors = [e for e in browser.events if e.get("method") == "Runtime.exceptionThrown"
              or (e.get("method") == "Runtime.consoleAPICalled" and e["params"]["type"] in ("error", "assert"))
              or (e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")]
    assert errors == []
    requests = [e["params"]["request"]["url"] for e in browser.events if e.get("method") == "Network.requestWillBeSent"]
    assert [r.split("#")[0] for r in requests] == [url]
    json.dumps(sizes)  # the sizes are plain numbers
    check_charts_readable(browser, club)


#: every text of every chart, with its box on the page, and what the chart is made of
_CHART_TEXTS = """[...document.querySelectorAll('section')].filter(s => s.querySelector('.chart svg')).map(sec => {
  const svg = sec.querySelector('.chart svg'), box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim()).map(t => {
    const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.top, r.right, r.bottom]; });
  return {id: sec.id, box: [box.left, box.top, box.right, box.bottom], texts: texts,
          xaxes: [...svg.querySelectorAll('.role-axis-domain')].filter(d => {
            const r = d.getBoundingClientRect(); return r.width > r.height; }).length};
})"""


def _overlap(a: list, b: list, gap: float = 0.5) -> float:
    """The area two text boxes share once each is widened by ``gap`` px on every side: words that
    touch ("castles-of-burgundyboonlake") read as one."""
    width = min(a[3], b[3]) - max(a[1], b[1]) + 2 * gap
    height = min(a[4], b[4]) - max(a[2], b[2]) + 2 * gap
    return width * height if width > 0 and height > 0 else 0.0


def check_charts_readable(browser, club) -> None:
    """At 1400 px wide, every chart's words can be read: no two texts of a chart on each other
    (the Elo panels' game names ran together), none outside its chart (a clipped
    "kingdom-crossing") or cut short, every game of the corpus named in the Elo and
    points-by-category charts and every category of the database in the latter (its one legend
    stopped at "...12 entries"), and the win rate drawn as one plot (one x axis) naming every
    group of games of two or more players (a grid of four columns left empty panels under six
    groups). The corpus has two games of two players next to each other in the Elo chart and six
    groups for the win rate, the cases that went wrong."""
    db, logs, _ = club
    browser.call("Emulation.setDeviceMetricsOverride", width=1400, height=1000, deviceScaleFactor=1, mobile=False)
    charts = {c["id"]: c for c in browser.evaluate(_CHART_TEXTS)}
    assert set(charts) == set(SECTIONS)
    for key, chart in charts.items():
        left, top, right, bottom = chart["box"]
        assert right <= 1400, (key, chart["box"])
        texts = chart["texts"]
        for i, a in enumerate(texts):
            assert left - 1 <= a[1] and a[3] <= right + 1 and top - 1 <= a[2] and a[4] <= bottom + 1, (key, a, chart["box"])
            assert not a[0].endswith("\u2026") and "entries" not in a[0], (key, a[0])  # nothing cut short
            for b in texts[i + 1:]:
                assert _overlap(a, b) == 0, (key, a, b)
    words = {key: {t[0] for t in chart["texts"]} for key, chart in charts.items()}
    games = {raw["game"] for raw in logs}
    assert games <= words["elo"]
    assert all(any(g in w for w in words["points"]) for g in games)
    result = runner.invoke(app, ["query", "points_by_category", "--db", str(db), "--format", "json"])
    assert result.exit_code == 0, result.output
    categories = {r["category"] for r in json.loads(result.output)}
    assert categories and categories <= words["points"]
    groups = {f"{raw['game']}, {len(raw['players'])}p" for raw in logs if len(raw["players"]) > 1}
    assert groups <= words["win-rate"], (groups, words["win-rate"])
    assert charts["win-rate"]["xaxes"] == 1, charts["win-rate"]["xaxes"]  # one plot: no panel to leave empty


@pytest.mark.parametrize("top", [1, 2, 3, 7, 25])
def test_games_chart_counts_in_whole_numbers_each_once(top):
    """The logs axis names each whole count once: with 2 logs a group it read "0 1 1 2 2" (ticks
    every half log, rounded by the label format)."""
    from ludolog.cli.report.db_report import chart_games

    svg = chart_games([{"game": "boonlake", "player_count": 2, "valid": top, "unfinished": 0, "invalid": 0},
                       {"game": "keyflower", "player_count": 3, "valid": 1, "unfinished": 0, "invalid": 0}])
    axis = re.search(r'role-axis-label"[^>]*>(.*?)</g>', svg, re.S)
    labels = re.findall(r">([^<]+)</text>", axis.group(1))
    numbers = [int(x.replace(",", "")) for x in labels]
    assert numbers == sorted(set(numbers)) and numbers[0] == 0 and numbers[-1] >= top, labels
