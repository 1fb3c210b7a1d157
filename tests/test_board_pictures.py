"""Board pictures (``Game.render_svg``) drawn apart: what each piece's position must be is worked out
here from the catalog and the log, not read back from the drawing code.

Kingdom Crossing: two bridges joining the same regions (the catalog's B1/B2 and B3/B4) are drawn
as two different curves with their labels apart, not on one line with the labels over each other.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import orjson

from ludolog.cli.common import load_log
from ludolog.replayer.core import replay

HERE = Path(__file__).parent
REPO = HERE.parent


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
