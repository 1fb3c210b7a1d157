"""Board pictures (``Game.render_svg``) drawn apart: what each piece's position must be is worked out
here from the catalog and the log, not read back from the drawing code.

Kingdom Crossing: two bridges joining the same regions (the catalog's B1/B2 and B3/B4) are drawn
as two different curves with their labels apart, not on one line with the labels over each other.

Boonlake: the annotated example's final position (``replay --svg``) shows every piece where the
moves put it: tiles and pastures from the set-up and the explore/pasture moves, inhabitants and
houses from develop/upgrade, cattle, ships from the last ship move, the strips in the order phase C
leaves them, levers from modernize/lever moves, and the scores the log claims.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import orjson
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.cli.common import load_log
from ludolog.replayer.core import replay

HERE = Path(__file__).parent
REPO = HERE.parent
runner = CliRunner()


def _bridges(svg: str) -> dict[str, tuple[str, float, float]]:
    """Bridge id -> (its path's d, its label's x, y)."""
    out = {}
    for bridge, body in re.findall(r'<g class="bridge" data-bridge="([^"]+)">(.*?)</g>', svg):
        d = re.search(r'<(?:path d="([^"]+)"|line [^>]*)', body)
        label = re.search(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]+)</text>', body)
        assert label and label.group(3) == bridge, body
        out[bridge] = (d.group(1) or d.group(0) if d else body, float(label.group(1)), float(label.group(2)))
    return out


def test_kingdom_crossing_paired_bridges_are_drawn_apart():
    catalog = orjson.loads((REPO / "replayer" / "kingdom_crossing" / "catalog.json").read_bytes())
    pairs = Counter(frozenset((b["a"], b["b"])) for b in catalog["bridges"])
    paired = [[b["id"] for b in catalog["bridges"] if frozenset((b["a"], b["b"])) == pair] for pair, n in pairs.items() if n > 1]
    assert sorted(map(sorted, paired)) == [["B1", "B2"], ["B3", "B4"]]  # the catalog's two doubled crossings
    log = load_log(HERE / "golden" / "kingdom-crossing" / "kingdom-crossing-3p-3.log.json")
    result = replay(log, to=10)
    svg = result.game.render_svg(result.state)
    bridges = _bridges(svg)
    assert set(bridges) == {b["id"] for b in catalog["bridges"]}
    for group in paired:
        (d1, x1, y1), (d2, x2, y2) = (bridges[b] for b in group)
        assert d1 != d2, group  # two different strokes
        assert math.hypot(x1 - x2, y1 - y2) >= 30, (group, (x1, y1), (x2, y2))  # labels a word's width apart
    labels = [(x, y) for _, x, y in bridges.values()]
    for i, (x1, y1) in enumerate(labels):  # and no label on any other
        for x2, y2 in labels[i + 1:]:
            assert math.hypot(x1 - x2, y1 - y2) >= 20


# -- Boonlake ------------------------------------------------------------------------------------

def _boonlake_example() -> dict:
    text = (REPO / "schema" / "boonlake.example.md").read_text(encoding="utf-8")
    return orjson.loads(re.findall(r"```json\n(.*?)\n```", text, re.S)[-1])


def _elements(svg: str, cls: str) -> list[dict]:
    """The attributes of every element of class ``cls``."""
    root = ET.fromstring(svg)
    return [dict(e.attrib) for e in root.iter() if cls in e.attrib.get("class", "").split()]


def _expected(raw: dict) -> dict:
    """What lies on the table after the example's moves, worked out from the moves alone."""
    seat = {p["id"]: i for i, p in enumerate(raw["players"])}
    tiles = {int(space): tile for space, tile in raw["setup"]["tiles"].items()}
    pastures, sites, cattle, ships, levers, used = set(), {}, [], {}, {}, set()
    strips = list(raw["setup"]["strips"])
    for move in raw["moves"]:
        t, who = move["type"], seat.get(move.get("player"))
        if t == "explore":
            tiles[move["space"]] = move["tile"]
        elif t == "pasture":
            pastures.add(move["space"])
        elif t == "develop":
            sites[(move["space"], move.get("site", 1))] = (who, "inhabitant")
        elif t == "upgrade":
            sites[(move["space"], move.get("site", 1))] = (who, move["to"])
        elif t == "cattle":
            cattle.append((move["space"], who))
        elif t == "ship":
            ships[who] = move["to"]
        elif t == "action":  # phase C: the strip taken goes to the bottom, the others move up
            strips.remove(move["strip"])
            strips.append(move["strip"])
        elif t == "modernize":
            levers.setdefault(who, set()).add(move["lever"])
        elif t == "score":  # an interim scoring turns the used levers back
            used = set()
        elif t == "lever":
            used.add((who, move["lever"]))
    scores = raw["claimed"]["events"][-1]
    assert scores["after"] == len(raw["moves"]) - 1
    return {"tiles": tiles, "pastures": pastures, "sites": sites, "cattle": cattle, "ships": ships, "strips": strips,
            "levers": levers, "used": used, "scores": {seat[p]: v for p, v in scores["scores"].items()}}


def test_boonlake_board_shows_every_piece_of_the_annotated_example(tmp_path):
    raw = _boonlake_example()
    catalog = orjson.loads((REPO / "replayer" / "boonlake" / "catalog.json").read_bytes())
    want = _expected(raw)
    path = tmp_path / "boonlake.json"
    path.write_bytes(orjson.dumps(raw))
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["replay", str(path), "--svg", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    # the river and its spaces, the gameboard's spaces
    assert sorted(e["data-river"] for e in _elements(svg, "river-space")) == sorted(s["id"] for s in catalog["river"]["spaces"])
    assert sorted(int(e["data-space"]) for e in _elements(svg, "space")) == list(range(1, 34))
    assert len(_elements(svg, "bridge")) == len(catalog["board"]["bridges"])
    assert len(_elements(svg, "ford")) == len(catalog["board"]["fords"])
    # building tiles and pastures, where the moves put them
    non_pasture = {s: t for s, t in want["tiles"].items() if s not in want["pastures"]}
    assert {int(e["data-space"]): e["data-tile"] for e in _elements(svg, "tile")} == non_pasture
    assert {int(e["data-space"]) for e in _elements(svg, "pasture")} == want["pastures"]
    assert sorted((int(e["data-space"]), int(e["data-seat"])) for e in _elements(svg, "cattle")) == sorted(want["cattle"])
    # inhabitants, houses and settlements on their sites
    drawn = {(int(e["data-space"]), int(e["data-site"])): (int(e["data-seat"]), cls)
             for cls in ("inhabitant", "house", "settlement") for e in _elements(svg, cls)}
    assert drawn == want["sites"] and any(piece == "house" for _, piece in drawn.values())
    # ships, boats
    assert {int(e["data-seat"]): e["data-river"] for e in _elements(svg, "ship")} == want["ships"]
    boats = Counter(int(e["data-seat"]) for e in _elements(svg, "boat"))
    assert boats == {i: len(catalog["player_board"]["canal"]["boat_start"]) for i in range(len(raw["players"]))}
    # the action board's strips top to bottom, levers placed and used, scores
    rows = sorted(_elements(svg, "strip"), key=lambda e: int(e["data-row"]))
    assert [e["data-strip"] for e in rows] == want["strips"]
    levers = _elements(svg, "lever")
    assert len(levers) == len(raw["players"]) * len(catalog["player_board"]["lever_spaces"])
    placed = {}
    for e in levers:
        if e["data-placed"] == "true":
            placed.setdefault(int(e["data-seat"]), set()).add(e["data-lever"])
    assert placed == want["levers"]
    assert {(int(e["data-seat"]), e["data-lever"]) for e in levers if e["data-used"] == "true"} == want["used"]
    assert {int(e["data-seat"]): int(e["data-score"]) for e in _elements(svg, "score")} == want["scores"]
    assert sorted(e["data-tile"] for e in _elements(svg, "scoring-tile")) == sorted(raw["setup"]["scoring_tiles"])
    # an existing file is not replaced
    again = runner.invoke(app, ["replay", str(path), "--svg", str(out)])
    assert again.exit_code != 0 and out.read_text(encoding="utf-8") == svg


def test_boonlake_report_draws_the_board(tmp_path):
    path = tmp_path / "boonlake.json"
    path.write_bytes(orjson.dumps(_boonlake_example()))
    out = tmp_path / "game.html"
    result = runner.invoke(app, ["report", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "This game draws no board picture" not in page and "boonlake" in page


def test_boonlake_board_shows_settlements_and_houses_of_a_whole_game():
    """A 4-player game to its end: the settlements and houses drawn per player are those the moves
    built (an upgrade move, or a card's or lever's ``upgrade``: each house an inhabitant turned
    into one, each settlement a house turned into one)."""
    path = HERE / "golden" / "boonlake" / "boonlake-4p-3.log.json"
    raw = orjson.loads(path.read_bytes())
    seat = {p["id"]: i for i, p in enumerate(raw["players"])}
    built = Counter()
    for move in raw["moves"]:
        to = move.get("to") if move["type"] == "upgrade" else (move.get("upgrade") or {}).get("to")
        if to:
            built[(seat[move["player"]], to)] += 1
    result = replay(load_log(path))
    svg = result.game.render_svg(result.state)
    settlements = Counter(int(e["data-seat"]) for e in _elements(svg, "settlement"))
    houses = Counter(int(e["data-seat"]) for e in _elements(svg, "house"))
    assert sum(settlements.values()) > 0
    for i in range(len(raw["players"])):
        assert settlements[i] == built[(i, "settlement")], i
        assert houses[i] == built[(i, "house")] - built[(i, "settlement")], i


def test_boonlake_action_rows_say_step_and_steps():
    """Each row of the action board reads as printed: its steps (1 step, 2 steps) and VP cost."""
    catalog = orjson.loads((REPO / "replayer" / "boonlake" / "catalog.json").read_bytes())
    result = replay(load_log(HERE / "golden" / "boonlake" / "boonlake-2p-1.log.json"))
    svg = result.game.render_svg(result.state)
    for row in catalog["action_board"]["rows"]:
        words = f"{row['steps']} step{'s' if row['steps'] != 1 else ''}" + (f", -{row['vp_cost']} VP" if row["vp_cost"] else "")
        assert f">{words}<" in svg, words
    assert ">1 steps" not in svg
