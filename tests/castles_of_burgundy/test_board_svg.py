"""The board picture of the HTML report (``board_svg``): parsed as XML and judged against the logs'
own moves (the tiles a ``depot`` move turned up, the space a ``place`` move named, the goods tile a
``white`` move put on a depot) and against the catalog's links, never against recorded pictures."""
from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.cli.common import load_log
from ludolog.replayer.castles_of_burgundy import GAME
from ludolog.replayer.castles_of_burgundy.board_svg import estate_layout, render_svg
from ludolog.replayer.castles_of_burgundy.catalog import load_catalog
from ludolog.replayer.castles_of_burgundy.geometry import areas, members
from ludolog.replayer.core import replay

GOLDEN = Path(__file__).parents[1] / "golden" / "castles-of-burgundy"
LOGS = sorted(GOLDEN.glob("*.log.json"))
SVG = "{http://www.w3.org/2000/svg}"


def picture(log, to: int) -> ET.Element:
    """The parsed picture after the first ``to`` moves (parsing fails on malformed XML)."""
    result = replay(log, to=to)
    assert result.violations == []
    return ET.fromstring(render_svg(result.state))


def groups(root: ET.Element, **attrs) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if all(g.get(k.replace("_", "-")) == v for k, v in attrs.items())]


def space_of(root: ET.Element, player: str, space: str) -> ET.Element:
    estate = next(g for g in groups(root, **{"class": "estate"}) if g.get("data-player") == player)
    found = [g for g in estate.iter(f"{SVG}g") if g.get("data-space") == space]
    assert len(found) == 1, (player, space)
    return found[0]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_every_position_sampled_is_well_formed_and_draws_every_estate(path):
    log = load_log(path)
    cat = load_catalog()
    for to in (0, len(log.moves) // 3, len(log.moves) // 2, len(log.moves)):
        result = replay(log, to=to)
        root = ET.fromstring(render_svg(result.state))
        assert root.tag == f"{SVG}svg" and float(root.get("width")) == 840
        estates = groups(root, **{"class": "estate"})
        assert [g.get("data-player") for g in estates] == log.player_ids
        for g, e in zip(estates, result.state.estates):
            drawn = [s.get("data-space") for s in g.iter(f"{SVG}g") if s.get("data-space")]
            assert sorted(drawn) == sorted(sp.id for sp in e.board.spaces)  # every space once
            header = "".join(g.itertext())
            assert f"seat {log.player_ids.index(g.get('data-player'))} {g.get('data-player')}:" in header
        # the legend names every colour of the catalog
        text = "".join(root.itertext())
        assert all(c in text for c in ("building", "pasture", "knowledge", "ship", "castle", "mine"))
        s = result.state
        assert ("the game is over" in text) if result.terminal else (f"phase {cat.phases[s.phase]}" in text)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_a_placed_tile_appears_at_its_space_and_was_absent_before(path):
    log = load_log(path)
    placements = [(i, m) for i, m in enumerate(log.moves) if m["type"] == "place"]
    assert placements
    for index, move in placements[:: max(1, len(placements) // 4)]:
        before = space_of(picture(log, index), move["player"], move["space"])
        after = space_of(picture(log, index + 1), move["player"], move["space"])
        assert "free" in before.get("class").split() and before.get("data-tile") is None
        assert "placed" in after.get("class").split() and after.get("data-tile") == move["tile"]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_depots_show_the_tiles_turned_up_then_taken_and_the_goods_put_there(path):
    log = load_log(path)
    moves = log.moves
    first_roll = next(i for i, m in enumerate(moves) if m["type"] == "roll")
    root = picture(log, first_roll)
    for m in moves[:first_roll]:
        if m["type"] == "depot":
            depot = groups(root, data_depot=str(m["depot"]))[0]
            shown = [g.get("data-tile") for g in depot.iter(f"{SVG}g") if g.get("data-depot-space")]
            assert shown == m["tiles"]
    black = [g.get("data-tile") for g in root.iter(f"{SVG}g") if g.get("data-black")]
    assert black == [m["tile"] for m in moves[:first_roll] if m["type"] == "black"]
    # a take empties one space of that depot holding that tile
    index, take = next((i, m) for i, m in enumerate(moves) if m["type"] == "take" and "depot" in m)

    def held(root, depot, tile):
        box = groups(root, data_depot=str(depot))[0]
        return sum(1 for g in box.iter(f"{SVG}g") if g.get("data-tile") == tile)

    assert held(picture(log, index + 1), take["depot"], take["tile"]) == held(picture(log, index), take["depot"],
                                                                              take["tile"]) - 1
    # the white die's goods tile lies on its depot afterwards; the chips are the state's goods
    index, white = next((i, m) for i, m in enumerate(moves) if m["type"] == "white")
    result = replay(log, to=index + 1)
    root = ET.fromstring(render_svg(result.state))
    for d in range(1, 7):
        chips = [int(g.get("data-goods")) for g in root.iter(f"{SVG}g") if g.get("data-on-depot") == str(d)]
        assert sorted(chips) == [t for t in range(1, 7) for _ in range(result.state.depot_goods[d][t])]
    on_white = [g.get("data-goods") for g in root.iter(f"{SVG}g") if g.get("data-on-depot") == str(white["white"])]
    assert str(white["goods"]) in on_white


def test_goods_and_storage_of_each_player_follow_the_log():
    log = load_log(GOLDEN / "castles-of-burgundy-2p-2.log.json")
    root = picture(log, 0)
    for pid, entry in log.setup["estates"].items():
        seat = log.player_ids.index(pid)
        chips = sorted(int(g.get("data-goods")) for g in root.iter(f"{SVG}g") if g.get("data-held-by") == str(seat))
        assert chips == sorted(entry["goods"])  # the 3 goods drawn at set-up
    index, take = next((i, m) for i, m in enumerate(log.moves) if m["type"] == "take")
    estate = next(g for g in groups(picture(log, index + 1), **{"class": "estate"}) if g.get("data-player") == take["player"])
    stored = [g.get("data-tile") for g in estate.iter(f"{SVG}g") if g.get("data-storage")]
    assert take["tile"] in stored


@pytest.mark.parametrize("board_id", ["solo-A", "solo-B"])
def test_solo_layout_touches_exactly_where_the_catalog_links_by_land(board_id):
    board = load_catalog().board(board_id)
    centres, width, height = estate_layout(board)
    assert width > 0 and height > 0
    one_hex = math.sqrt(3.0)  # centre distance of touching hexes at size 1
    for area in areas(board):
        for a in area:
            for b in area:
                if a < b:
                    d = math.dist(centres[a], centres[b])
                    linked = bool(board.land[a] >> b & 1)
                    assert math.isclose(d, one_hex, rel_tol=1e-6) == linked, (board.spaces[a].id, board.spaces[b].id)
    # no two spaces drawn on top of each other, even across areas
    for a in range(len(centres)):
        for b in range(a + 1, len(centres)):
            assert math.dist(centres[a], centres[b]) > one_hex * 0.99


@pytest.mark.parametrize("name, side", [("castles-of-burgundy-1p-0.log.json", "A"), ("castles-of-burgundy-1p-1.log.json", "B")])
def test_solo_picture_shows_rivers_counter_and_round(name, side):
    log = load_log(GOLDEN / name)
    assert log.options.get("side", "A") == side
    result = replay(log, to=len(log.moves) // 2)
    svg = render_svg(result.state)
    root = ET.fromstring(svg)
    board = result.state.estates[0].board
    rivers = sum(1 for a in range(len(board.spaces)) for b in members(board.river[a]) if a < b)
    assert len([e for e in root.iter(f"{SVG}line") if e.get("class") == "river"]) == rivers > 0
    e = result.state.estates[0]
    text = "".join(root.itertext())
    assert f"counter {e.counter} of target {e.target}" in text
    assert f"round {result.state.rounds_played + 1} of 25" in text
    assert "bonus tiles (" not in text  # the Solo game has none


def test_a_face_down_solo_tile_is_drawn_black():
    log = load_log(GOLDEN / "castles-of-burgundy-1p-1.log.json")
    index = next(i for i, m in enumerate(log.moves) if m["type"] == "trade")
    root = picture(log, index + 1)
    assert "black" in [g.get("data-tile") for g in root.iter(f"{SVG}g") if g.get("data-storage")]


def test_colour_bonus_tiles_taken_and_colours_filled_are_marked():
    from ludolog.replayer.castles_of_burgundy.geometry import Colour

    log = load_log(GOLDEN / "castles-of-burgundy-4p-4.log.json")
    state = GAME.clone(replay(log, to=len(log.moves) // 2).state)
    # no golden game filled a colour: the position is set by hand (mines filled by ana, ships by two players)
    state.colour_done = {Colour.MINE: 1, Colour.SHIP: 2}
    ana = state.estates[0]
    ana.filled |= ana.board.colour_mask[Colour.MINE]
    root = ET.fromstring(render_svg(state))
    for colour in Colour:
        marks = {g.get("data-rank"): g.get("data-taken") for g in groups(root, **{"class": "bonus"})
                 if g.get("data-colour") == colour.value}
        done = state.colour_done.get(colour, 0)
        assert marks == {"1": str(int(done >= 1)), "2": str(int(done >= 2))}, colour
    estate = groups(root, **{"class": "estate"})[0]
    swatches = [p.get("data-colour") for p in estate.iter(f"{SVG}polygon") if p.get("class") == "colour-filled"]
    assert swatches == ["mine"]
    large, small = load_catalog().bonus_vp[4]
    assert f"{large} / {small} VP" in "".join(root.itertext())


def test_report_of_a_castles_of_burgundy_log_has_the_picture(tmp_path):
    path = GOLDEN / "castles-of-burgundy-2p-2.log.json"
    out = tmp_path / "cob.html"
    result = CliRunner().invoke(app, ["report", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "This game draws no board picture" not in page
    data = json.loads(re.search(r'id="steps-data">(.*?)</script>', page, re.S).group(1))
    assert len(data["boards"]) > 50  # the picture changes over the game
    last = "".join(data["pieces"][i] for i in data["boards"][data["steps"][-1]["board"]])
    root = ET.fromstring(last)
    assert "board castles-of-burgundy" in root.get("class") and "the game is over" in "".join(root.itertext())


def test_each_estate_lists_the_knowledge_tiles_its_player_placed():
    log = load_log(GOLDEN / "castles-of-burgundy-3p-3.log.json")
    root = picture(log, len(log.moves))
    for g in groups(root, **{"class": "estate"}):
        placed = sorted(int(m["tile"].split("-")[1]) for m in log.moves
                        if m["type"] == "place" and m["player"] == g.get("data-player") and m["tile"].startswith("knowledge-"))
        lines = [t for t in g.itertext() if t.startswith("knowledge:")]
        assert lines == ["knowledge: " + (" ".join(f"#{n}" for n in placed) if placed else "none")]


def test_report_in_chromium_steps_to_a_placement(tmp_path, browser):
    """The page in headless Chromium (tests/test_report.py's DevTools session): stepping to a ``place``
    move shows that tile on its space in the visible picture, one move earlier the space is free."""
    import time

    path = GOLDEN / "castles-of-burgundy-2p-2.log.json"
    log = load_log(path)
    index, move = next((i, m) for i, m in enumerate(log.moves) if m["type"] == "place")
    out = tmp_path / "cob.html"
    result = CliRunner().invoke(app, ["report", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    for domain in ("Runtime", "Log", "Page"):
        browser.call(f"{domain}.enable")
    browser.call("Page.navigate", url=f"{out.resolve().as_uri()}#move={index}")
    deadline = time.monotonic() + 30
    while browser.evaluate("document.readyState") != "complete":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    space = (f"document.querySelector('div.board:not([hidden]) g.estate[data-player=\"{move['player']}\"] "
             f"g[data-space=\"{move['space']}\"]')")
    assert browser.evaluate(f"{space}.dataset.tile") == move["tile"]
    for kind in ("keyDown", "keyUp"):  # one move back
        browser.call("Input.dispatchKeyEvent", type=kind, key="ArrowLeft", code="ArrowLeft", windowsVirtualKeyCode=37)
    assert browser.evaluate("location.hash") == f"#move={index - 1}"
    assert browser.evaluate(f"{space}.dataset.tile || 'free'") == "free"
    browser.call("Runtime.evaluate", expression="0")
    errors = [e for e in browser.events if e.get("method") == "Runtime.exceptionThrown"
              or (e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")]
    assert errors == []
