"""Keyflower's board picture (``Game.render_svg``, replayer/keyflower/board_svg.py) judged from the logs.

Expectations come from the golden logs' moves (where a tile was placed, who bid what) and from the
shared seat palette, not from the picture code under test.
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.cli.common import load_log
from ludolog.replayer.core import replay
from ludolog.replayer.core.colours import SEAT_COLOURS
from ludolog.replayer.keyflower.board_svg import RESOURCE_FILL, WORKER_FILL

GOLDEN = sorted((Path(__file__).parent.parent / "golden" / "keyflower").glob("*.log.json"))
NS = "{http://www.w3.org/2000/svg}"


def _picture(log, to: int) -> ET.Element:
    result = replay(log, to=to)
    return ET.fromstring(result.game.render_svg(result.state))


def _groups(root: ET.Element, cls: str, **attrs: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == cls and all(g.get(k.replace("_", "-")) == v
                                                                            for k, v in attrs.items())]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_the_picture_is_an_svg_document_at_the_set_up_a_middle_move_and_the_end(path):
    log = load_log(path)
    n = len(log.moves)
    for to in (0, n // 2, n):
        root = _picture(log, to)
        assert root.tag == f"{NS}svg"
        seats = _groups(root, "seat")
        assert [g.get("data-player") for g in seats] == log.player_ids
        # every seat's village holds at least its home tile, drawn as a hex
        for seat in seats:
            village = _groups(seat, "village")
            assert len(village) == 1 and _groups(village[0], "tile"), (to, seat.get("data-player"))


@pytest.mark.parametrize("path", GOLDEN[:2], ids=lambda p: p.name)
def test_a_tile_placed_appears_in_its_owners_village_after_the_placing_move_and_not_before(path):
    log = load_log(path)
    places = [(i, m) for i, m in enumerate(log.moves) if m["type"] == "place"][:4]
    assert places
    for index, move in places:
        def tiles_of(root):
            village = _groups(root, "village", data_player=move["player"])[0]
            return {g.get("data-tile"): (int(g.get("data-q")), int(g.get("data-r"))) for g in _groups(village, "tile")}

        before, after = tiles_of(_picture(log, index)), tiles_of(_picture(log, index + 1))
        assert move["tile"] not in before
        assert after[move["tile"]] == (move["q"], move["r"])
        others = [g for g in _groups(_picture(log, index + 1), "village") if g.get("data-player") != move["player"]]
        assert all(move["tile"] not in {t.get("data-tile") for t in _groups(v, "tile")} for v in others)


@pytest.mark.parametrize("path", GOLDEN[:2], ids=lambda p: p.name)
def test_a_bid_appears_on_its_tile_in_the_bidders_colour(path):
    log = load_log(path)
    seen: set[tuple[str, str]] = set()
    checked = 0
    for index, move in enumerate(log.moves):
        if move["type"] != "bid" or checked >= 5:
            continue
        key = (move["player"], move["tile"])
        if key in seen:  # a raise adds to the player's own bid: only a first bid's count is the move's
            continue
        seen.add(key)
        seat = log.player_ids.index(move["player"])
        root = _picture(log, index + 1)
        cards = [g for cls in ("offer", "boat", "turn-order") for g in _groups(root, cls, data_tile=move["tile"])]
        assert len(cards) == 1, move
        bids = _groups(cards[0], "bid", data_player=move["player"])
        assert len(bids) == 1, move
        assert bids[0].find(f"{NS}rect").get("stroke") == SEAT_COLOURS[seat]
        workers = _groups(bids[0], "worker")
        assert [(w.get("data-colour"), w.get("data-count")) for w in workers] == [(move["colour"], str(move["count"]))]
        # and not yet before the move
        before = [g for cls in ("offer", "boat", "turn-order") for g in _groups(_picture(log, index), cls, data_tile=move["tile"])]
        assert not before or not _groups(before[0], "bid", data_player=move["player"])
        checked += 1
    assert checked == 5


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_the_seat_colours_are_the_shared_palette_and_no_absent_seat_is_drawn(path):
    log = load_log(path)
    result = replay(log)
    svg = result.game.render_svg(result.state)
    root = ET.fromstring(svg)
    for seat, g in enumerate(_groups(root, "seat")):
        assert g.get("data-seat") == str(seat)
        assert g.find(f"{NS}rect").get("stroke") == SEAT_COLOURS[seat]
    for seat in range(len(SEAT_COLOURS)):
        assert (SEAT_COLOURS[seat] in svg) == (seat < len(log.players)), seat


def test_worker_and_resource_colours_are_not_seat_colours():
    # a frame in a seat colour says whose workers they are: a worker drawn in a seat colour would mislead
    assert not (set(WORKER_FILL.values()) | set(RESOURCE_FILL.values())) & set(SEAT_COLOURS)


@pytest.mark.parametrize("path", GOLDEN[:2], ids=lambda p: p.name)
def test_the_workers_a_use_places_are_drawn_on_the_tile_used(path):
    log = load_log(path)
    uses = [(i, m) for i, m in enumerate(log.moves) if m["type"] == "use"][:6]
    assert uses
    for index, move in uses:
        root = _picture(log, index + 1)
        holders = [g for cls in ("tile", "offer", "boat", "turn-order") for g in _groups(root, cls, data_tile=move["tile"])]
        assert len(holders) == 1, move
        drawn = [{w.get("data-colour"): int(w.get("data-count")) for w in _groups(g, "worker")}
                 for g in _groups(holders[0], "use", data_player=move["player"])]
        assert {c: n for c, n in move["workers"].items() if n} in drawn, (move, drawn)


def test_the_report_of_a_keyflower_log_has_the_picture(tmp_path):
    out = tmp_path / "kf.html"
    result = CliRunner().invoke(app, ["report", str(GOLDEN[0]), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "This game draws no board picture" not in page
    data = json.loads(re.search(r'id="steps-data">(.*?)</script>', page, re.S).group(1))
    assert len(data["boards"]) > 50  # the picture changes over the game
    last = "".join(data["pieces"][i] for i in data["boards"][data["steps"][-1]["board"]])
    assert ET.fromstring(last).get("class") == "board keyflower"


@pytest.mark.parametrize("path", GOLDEN[:3], ids=lambda p: p.name)
def test_turn_order_tiles_and_summer_boats_show_their_side_a_or_b(path):
    # the sides as the log records them: the set-up's turn-order sides, each summer boat's side when laid out
    log = load_log(path)
    sides = dict(log.setup["turn_order"])
    laid = [(i, m) for i, m in enumerate(log.moves) if m["type"] == "lay" and "side" in m]
    assert laid, "a golden game lays out summer boats"
    root = _picture(log, 0)
    for tile, side in log.setup["turn_order"].items():
        cards = _groups(root, "turn-order", data_tile=tile)
        assert len(cards) == 1 and cards[0].get("data-ab") == side
        assert f"side {side}" in "".join(cards[0].itertext())
    index, move = laid[0]
    card = _groups(_picture(log, index + 1), "offer", data_tile=move["tile"])
    assert len(card) == 1 and card[0].get("data-ab") == move["side"] and f"side {move['side']}" in "".join(card[0].itertext())
    sides.update({m["tile"]: m["side"] for _, m in laid})
    # at the end every such tile lies in a village: its hex carries the side and writes the letter
    end = _picture(log, len(log.moves))
    shown = {g.get("data-tile"): g for g in _groups(end, "tile") if g.get("data-tile") in sides}
    assert shown
    for tile, hex_group in shown.items():
        assert hex_group.get("data-ab") == sides[tile], tile
        letters = [t.text for t in hex_group.iter(f"{NS}text") if t.get("class") == "ab-side"]
        assert letters == [sides[tile]], tile
    # no other tile claims a side
    assert all(g.get("data-ab") is None for g in _groups(end, "tile") if g.get("data-tile") not in sides)
