"""The Keyflower position as one SVG picture for the HTML report (``Game.render_svg``).

From the top: a line with the season and phase, whose decision is next and the start player; the
season's tiles still on offer, each with the bids around it (workers by colour, framed in the
bidder's seat colour) and the workers placed on it to use it; the boats in play with the workers
and skill tiles loaded on them, and the turn-order tiles with their bids; then one panel per seat (seat numbers as in the tables, from 0):
score, the workers and skill tiles behind the screen as counts (``?``: drawn where nobody saw
them), the tiles won still to be placed and the winter tiles in hand, and the village drawn as hexes
at their coordinates (flat-topped, axial ``(q, r)`` as in :mod:`.geometry`) with their sides (water
blue, roads as brown stubs), the tile's name shortened, ``*`` on an upgraded tile, the resources
lying on it and the workers placed on it this season; a summer boat or turn-order tile, on offer, on
a card or in a village, also shows its side a or b (``data-ab``). A legend closes the picture.

Seat colours are the shared palette (:func:`..core.colours.seat_colour`), so a player has one colour
here and in the report's score chart; worker, resource and season colours are chosen apart from it.
A pure function of the state: it changes nothing.
"""
from __future__ import annotations

import math
from html import escape

from ..core.colours import hex_points, seat_colour
from ..core.game import CHANCE, SIMULTANEOUS, TERMINAL
from .bidding import TileWorkers
from .catalog import COLOURS, RESOURCES, SKILLS, Edge, Season, TileGroup
from .hands import unknown_skills, unknown_workers
from .state import SEASONS, KFState, Phase, expect

WIDTH = 840  # px
_MARGIN = 12
_COLUMNS = 2  # seat panels side by side
_PANEL_W = (WIDTH - 2 * _MARGIN - (_COLUMNS - 1) * 12) // _COLUMNS
_MAX_HEX = 34.0  # px: a village hex's circumradius when the village is small
_MIN_HEX = 14.0
_VILLAGE_MAX_H = 380  # px: a village taller than this is drawn smaller
_CARD_W, _CARD_GAP = 132, 6
_SQRT3 = math.sqrt(3.0)

#: worker colours as drawn (none of them a seat colour: a frame in seat colour says whose they are)
WORKER_FILL = {"red": "#f05a4f", "yellow": "#ffe04d", "blue": "#5aa9e6", "green": "#6fcf6a"}
#: resource colours and the letter written beside a count
RESOURCE_FILL = {"wood": "#a0522d", "stone": "#6b6b6b", "iron": "#23364d", "gold": "#c99700"}
RESOURCE_LETTER = {"wood": "w", "stone": "s", "iron": "i", "gold": "g"}
SEASON_FILL = {Season.SPRING: "#dff0c8", Season.SUMMER: "#fbf0b4", Season.AUTUMN: "#f6d2a8", Season.WINTER: "#dbe8f6"}
GROUP_FILL = {TileGroup.HOME: "#e8dcc4", TileGroup.SUMMER_BOAT: "#c9dcea", TileGroup.BOAT: "#c9dcea",
              TileGroup.TURN_ORDER: "#e0e0e0"}
_WATER, _ROAD, _INK, _PANEL_BG = "#3b8fd9", "#8a6433", "#222", "#faf8f2"
_PURPLE = "#7a3e9d"  # the start player's purple worker


def tile_name(cat, tile_id: str) -> str:
    """A tile's name in words (its id when the catalog gives none, as for turn-order tiles)."""
    tile = cat.tiles.get(tile_id)
    return tile_id if tile is None else tile.name or tile_id.replace("_", " ")


def short_lines(name: str, width: int = 9) -> list[str]:
    """The name written on a hex: at most two lines of at most ``width`` characters each."""
    words = name.split()
    if len(name) <= width or not words:
        return [name[:width]]
    lines = [words[0][:width], " ".join(words[1:])[:width]]
    return [line for line in lines if line]


def _tile_fill(cat, tile_id: str) -> str:
    tile = cat.tiles.get(tile_id)
    if tile is None:
        return "#eeeeee"
    return GROUP_FILL.get(tile.group) or SEASON_FILL.get(tile.season, "#eeeeee")


def ab_side(s: KFState, tile_id: str) -> str | None:
    """The side, ``"a"`` or ``"b"``, a summer boat or a turn-order tile shows (None: any other tile):
    a summer boat's as laid out, a turn-order tile's by the player count (the set-up's)."""
    side = s.summer_sides.get(tile_id)
    if side is not None:
        return side
    tile = s.cat.tiles.get(tile_id)
    if tile is not None and tile.group is TileGroup.TURN_ORDER:
        return next((shown.side for tid, shown in s.cat.turn_order_for(s.n) if tid == tile_id), None)
    return None


def _who(s: KFState) -> str:
    seat, _ = expect(s)
    if seat == TERMINAL:
        return "game over"
    if seat == CHANCE:
        return "the table (tiles laid, boats loaded, draws)"
    if seat == SIMULTANEOUS:
        return "every player at once"
    return f"seat {seat} {s.ids[seat]}"


def _worker_dot(x: float, y: float, colour: str, n: int | str, r: float = 7.0) -> str:
    """One worker colour as a disc with the number of them written on it."""
    fill = WORKER_FILL.get(colour, _PURPLE if colour == "purple" else "#ffffff")
    return (f'<g class="worker" data-colour="{escape(colour)}" data-count="{escape(str(n))}">'
            f'<title>{escape(str(n))} {escape(colour)}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="#333" stroke-width="0.8"/>'
            f'<text x="{x:.1f}" y="{y + r * 0.45:.1f}" text-anchor="middle" font-size="{r * 1.3:.1f}" '
            f'fill="{_INK}">{escape(str(n))}</text></g>')


def _workers_group(x: float, y: float, pairs: list[tuple[str, int]], seat: int, pid: str, kind: str,
                   r: float = 7.0) -> tuple[str, float]:
    """Worker discs in a frame of the seat colour; returns the SVG and the frame's width."""
    width = 2 * r * len(pairs) + 3 * (len(pairs) - 1) + 6
    parts = [f'<g class="{kind}" data-seat="{seat}" data-player="{escape(pid)}">'
             f'<title>{escape(pid)}: {kind} with {escape(", ".join(f"{n} {c}" for c, n in pairs))}</title>'
             f'<rect x="{x:.1f}" y="{y - r - 3:.1f}" width="{width:.1f}" height="{2 * r + 6:.1f}" rx="3" '
             f'fill="#ffffff" stroke="{seat_colour(seat)}" stroke-width="2"/>']
    cx = x + 3 + r
    for colour, n in pairs:
        parts.append(_worker_dot(cx, y, colour, n, r))
        cx += 2 * r + 3
    parts.append("</g>")
    return "".join(parts), width


def _bid_and_use_lines(s: KFState, workers: TileWorkers) -> list[tuple[str, int, list[tuple[str, int]]]]:
    """``(kind, seat, [(colour, n)])`` for every bid then every use on a tile."""
    return ([("bid", bid.player, [(bid.colour, bid.count)]) for bid in workers.bids]
            + [("use", use.player, list(use.standing) + list(use.lying)) for use in workers.uses])


def _card(s: KFState, x: float, y: float, tile_id: str, extra: list[str], workers: TileWorkers | None,
          cls: str) -> tuple[str, float]:
    """A tile on offer or a boat: its name, lines of text, then its bids and uses; returns SVG and height."""
    lines = _bid_and_use_lines(s, workers) if workers is not None else []
    ab = ab_side(s, tile_id)
    if ab is not None:
        extra = [*extra, f"side {ab}"]
    height = 20 + 14 * len(extra) + 20 * len(lines) + 4
    ab_attr = f' data-ab="{escape(ab)}"' if ab is not None else ""
    parts = [f'<g class="{cls}" data-tile="{escape(tile_id)}"{ab_attr}><title>{escape(tile_name(s.cat, tile_id))}</title>'
             f'<rect x="{x:.1f}" y="{y:.1f}" width="{_CARD_W}" height="{height}" rx="4" '
             f'fill="{_tile_fill(s.cat, tile_id)}" stroke="#777"/>'
             f'<text x="{x + 6:.1f}" y="{y + 14:.1f}" font-weight="bold">{escape(tile_name(s.cat, tile_id)[:20])}</text>']
    ty = y + 20
    for text in extra:
        parts.append(f'<text x="{x + 6:.1f}" y="{ty + 10:.1f}" font-size="10">{escape(text)}</text>')
        ty += 14
    for kind, seat, pairs in lines:
        svg, width = _workers_group(x + 6, ty + 10, pairs, seat, s.ids[seat], kind, 6.5)
        parts.append(svg)
        parts.append(f'<text x="{x + 12 + width:.1f}" y="{ty + 14:.1f}" font-size="10">{escape(s.ids[seat][:10])} '
                     f'{"bids" if kind == "bid" else "uses"}</text>')
        ty += 20
    parts.append("</g>")
    return "".join(parts), height


def _cards_section(s: KFState, y: float, title: str, cards: list[tuple[str, list[str], TileWorkers | None, str]]) -> tuple[list[str], float]:
    """A titled row (wrapped) of cards; returns the SVG parts and the y below them."""
    out = [f'<text x="{_MARGIN}" y="{y + 12:.1f}" font-weight="bold" font-size="12">{escape(title)}</text>']
    y += 18
    if not cards:
        out.append(f'<text x="{_MARGIN + 8}" y="{y + 10:.1f}" fill="#666">none</text>')
        return out, y + 18
    per_row = (WIDTH - 2 * _MARGIN + _CARD_GAP) // (_CARD_W + _CARD_GAP)
    row_h = 0.0
    for k, (tile_id, extra, workers, cls) in enumerate(cards):
        col = k % per_row
        if k and col == 0:
            y += row_h + _CARD_GAP
            row_h = 0.0
        svg, h = _card(s, _MARGIN + col * (_CARD_W + _CARD_GAP), y, tile_id, extra, workers, cls)
        out.append(svg)
        row_h = max(row_h, h)
    return out, y + row_h + 10


def _counts_text(counts, names) -> str:
    return ", ".join(f"{n} {name}" for n, name in zip(counts, names) if n)


def _boat_lines(s: KFState, boat: str) -> list[str]:
    load = s.boat_load.get(boat)
    if load is None or boat not in s.loaded:
        return ["not loaded this season"]
    workers, skills = load.workers, load.skills
    return [("workers: " + (_counts_text(workers, COLOURS) or "none"))[:24],
            ("skills: " + (_counts_text(skills, SKILLS) or "none"))[:24]]


def _centre(q: int, r: int, size: float) -> tuple[float, float]:
    """Pixel centre of axial ``(q, r)`` for flat-topped hexes (side 0 north, as in geometry.DIRECTIONS)."""
    return size * 1.5 * q, size * _SQRT3 * (r + q / 2)


def _village_size(coords: list[tuple[int, int]]) -> tuple[float, float, float, float, float]:
    """The hex radius that fits the village in a panel, and its pixel bounds at that radius."""
    unit = [_centre(q, r, 1.0) for q, r in coords]
    xs, ys = [p[0] for p in unit], [p[1] for p in unit]
    span_x, span_y = max(xs) - min(xs) + 2.0, max(ys) - min(ys) + _SQRT3
    size = min(_MAX_HEX, (_PANEL_W - 12) / span_x, _VILLAGE_MAX_H / span_y)
    size = max(size, _MIN_HEX)
    return size, min(xs) * size - size, min(ys) * size - size * _SQRT3 / 2, span_x * size, span_y * size


def _village_tile(s: KFState, seat: int, placed, cx: float, cy: float, size: float, edges) -> str:
    cat = s.cat
    name = tile_name(cat, placed.tile)
    upgraded = placed.side == "upgraded"
    font = max(6.0, size * 0.29)
    res = [(RESOURCES[k], n) for k, n in enumerate(placed.resources) if n]
    ab = ab_side(s, placed.tile)
    ab_attr = f' data-ab="{escape(ab)}"' if ab is not None else ""
    info = [name, f"side {ab}" if ab is not None else "upgraded side" if upgraded else "front side"]
    if res:
        info.append("resources: " + ", ".join(f"{n} {kind}" for kind, n in res))
    parts = [f'<g class="tile" data-tile="{escape(placed.tile)}" data-q="{placed.coord[0]}" data-r="{placed.coord[1]}" '
             f'data-side="{escape(placed.side)}"{ab_attr}><title>{escape("; ".join(info))}</title>'
             f'<polygon points="{hex_points(cx, cy, size - 1, 0)}" fill="{_tile_fill(cat, placed.tile)}" '
             f'stroke="{"#000" if upgraded else "#888"}" stroke-width="{2.2 if upgraded else 0.8}"/>']
    for side, edge in enumerate(edges):
        a, b = math.radians(240 + 60 * side), math.radians(300 + 60 * side)
        x1, y1 = cx + (size - 2) * math.cos(a), cy + (size - 2) * math.sin(a)
        x2, y2 = cx + (size - 2) * math.cos(b), cy + (size - 2) * math.sin(b)
        if edge is Edge.WATER:
            parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{_WATER}" stroke-width="3"/>')
        elif edge is Edge.ROAD:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            parts.append(f'<line x1="{mx:.1f}" y1="{my:.1f}" x2="{mx + (cx - mx) * 0.22:.1f}" y2="{my + (cy - my) * 0.22:.1f}" '
                         f'stroke="{_ROAD}" stroke-width="2.5"/>')
    lines = short_lines(("*" if upgraded else "") + name)
    top = cy - size * 0.55
    weight = ' font-weight="bold"' if upgraded else ""
    for k, line in enumerate(lines):
        parts.append(f'<text x="{cx:.1f}" y="{top + font * (k + 1):.1f}" text-anchor="middle" font-size="{font:.1f}"'
                     f'{weight} fill="{_INK}">{escape(line)}</text>')
    if ab is not None:  # the side letter at the hex's left corner, clear of the name, resources and workers
        parts.append(f'<text class="ab-side" x="{cx - size * 0.62:.1f}" y="{cy + font * 0.35:.1f}" text-anchor="middle" '
                     f'font-size="{font:.1f}" font-weight="bold" fill="{_INK}">{escape(ab)}</text>')
    if res:
        text = " ".join(f"{n}{RESOURCE_LETTER[kind]}" for kind, n in res)
        width = len(text) * font * 0.6  # the advance used below, a character at a time
        parts.append(f'<g class="resources"><rect x="{cx - width / 2 - 2:.1f}" y="{cy + size * 0.34 - font * 0.85:.1f}" '
                     f'width="{width + 4:.1f}" height="{font * 1.1:.1f}" rx="2" fill="#fff" opacity="0.8"/>')
        x = cx - width / 2
        for kind, n in res:
            piece = f"{n}{RESOURCE_LETTER[kind]}"
            parts.append(f'<text x="{x:.1f}" y="{cy + size * 0.34:.1f}" font-size="{font:.1f}" font-weight="bold" '
                         f'fill="{RESOURCE_FILL[kind]}" data-resource="{kind}" data-count="{n}">{piece}</text>')
            x += (len(piece) + 1) * font * 0.6
        parts.append("</g>")
    workers = s.on_tile.get(placed.tile)
    if workers is not None:
        groups = _bid_and_use_lines(s, workers)
        r = max(3.0, size * 0.14)
        y = cy + size * 0.64
        total = 0.0
        pieces = []
        for kind, who, pairs in groups:
            svg, width = _workers_group(0, 0, pairs, who, s.ids[who], kind, r)
            pieces.append((svg, width))
            total += width + 2
        x = cx - total / 2
        for svg, width in pieces:
            parts.append(f'<g transform="translate({x:.1f},{y:.1f})">{svg}</g>')
            x += width + 2
    parts.append("</g>")
    return "".join(parts)


def _panel(s: KFState, seat: int, x: float, y: float) -> tuple[str, float]:
    """One seat's panel; returns the SVG and its height."""
    p = s.players[seat]
    cat = s.cat
    colour = seat_colour(seat)
    pid = str(s.ids[seat])
    uw, us = unknown_workers(s, seat), unknown_skills(s, seat)
    out: list[str] = []
    header = f"seat {seat} {pid}: {s.ledger.totals[seat]} VP" + ("  (start player)" if seat == s.start else "")
    lines_y = y + 24
    # behind the screen: worker discs by colour, then the unknown ones
    screen = [(c, n) for c, n in zip(COLOURS, p.workers) if n]
    if uw:
        screen.append(("?", uw))
    if p.purple:
        screen.append(("purple", 1))
    body = [f'<text x="{x + 8:.1f}" y="{lines_y + 14:.1f}">workers:</text>']
    wx = x + 62
    if not screen:
        body.append(f'<text x="{wx:.1f}" y="{lines_y + 14:.1f}" fill="#666">none</text>')
        wx += 30
    for c, n in screen:
        body.append(_worker_dot(wx + 7, lines_y + 10, c, n))
        wx += 18
    skills = _counts_text(p.skills, SKILLS)
    skills = ", ".join(part for part in (skills, f"{us} ?" if us else "") if part) or "none"
    body.append(f'<text x="{wx + 12:.1f}" y="{lines_y + 14:.1f}">skill tiles: {escape(skills)}</text>')
    lines_y += 22
    extra = []
    if p.pending:
        extra.append("won, to place: " + ", ".join(tile_name(cat, t) for t in p.pending))
    if p.winter_hand or p.winter_unknown:
        hand = [tile_name(cat, t) for t in p.winter_hand] + (["?"] * p.winter_unknown)
        extra.append("winter tiles in hand: " + ", ".join(hand))
    for text in extra:
        body.append(f'<text x="{x + 8:.1f}" y="{lines_y + 12:.1f}" font-size="10" class="panel-line">{escape(text[:80])}</text>')
        lines_y += 15
    tiles = list(p.village.tiles.values())
    village_top = lines_y + 6
    v_h = 0.0
    if tiles:
        size, min_x, min_y, v_w, v_h = _village_size([t.coord for t in tiles])
        ox = x + (_PANEL_W - v_w) / 2 - min_x
        oy = village_top - min_y
        body.append(f'<g class="village" data-seat="{seat}" data-player="{escape(pid)}">')
        for placed in sorted(tiles, key=lambda t: t.coord):
            cx, cy = _centre(*placed.coord, size)
            body.append(_village_tile(s, seat, placed, ox + cx, oy + cy, size, p.village.edges[placed.coord]))
        body.append("</g>")
    height = village_top - y + v_h + 8
    out.append(f'<g class="seat" data-seat="{seat}" data-player="{escape(pid)}">'
               f'<rect x="{x:.1f}" y="{y:.1f}" width="{_PANEL_W}" height="{height:.1f}" rx="5" fill="{_PANEL_BG}" '
               f'stroke="{colour}" stroke-width="2.5"/>'
               f'<rect x="{x:.1f}" y="{y:.1f}" width="{_PANEL_W}" height="22" rx="5" fill="{colour}"/>'
               f'<text x="{x + 8:.1f}" y="{y + 15:.1f}" fill="#fff" font-weight="bold" font-size="12">{escape(header)}</text>')
    out.extend(body)
    out.append("</g>")
    return "".join(out), height


def _legend(y: float) -> tuple[list[str], float]:
    out = [f'<text x="{_MARGIN}" y="{y + 12:.1f}" font-weight="bold">Legend</text>']
    x = _MARGIN + 52
    for colour in COLOURS:
        out.append(_worker_dot(x, y + 8, colour, "n"))
        out.append(f'<text x="{x + 10:.1f}" y="{y + 12:.1f}">{colour}</text>')
        x += 58
    out.append(_worker_dot(x, y + 8, "purple", 1))
    out.append(f'<text x="{x + 10:.1f}" y="{y + 12:.1f}">start player\'s purple</text>')
    x += 130
    out.append(_worker_dot(x, y + 8, "?", "n"))
    out.append(f'<text x="{x + 10:.1f}" y="{y + 12:.1f}">not yet seen</text>')
    y += 22
    x = _MARGIN
    swatches = [(SEASON_FILL[season], season.value, 70) for season in SEASONS]
    swatches += [(GROUP_FILL[TileGroup.HOME], "home", 56), (GROUP_FILL[TileGroup.BOAT], "boat", 50)]
    for fill, label, width in swatches:
        out.append(f'<rect x="{x}" y="{y}" width="14" height="12" fill="{fill}" stroke="#888"/>'
                   f'<text x="{x + 18}" y="{y + 10}">{label}</text>')
        x += width
    out.append(f'<line x1="{x}" y1="{y + 6}" x2="{x + 16}" y2="{y + 6}" stroke="{_WATER}" stroke-width="3"/>'
               f'<text x="{x + 20}" y="{y + 10}">water side</text>'
               f'<line x1="{x + 96}" y1="{y + 6}" x2="{x + 106}" y2="{y + 6}" stroke="{_ROAD}" stroke-width="2.5"/>'
               f'<text x="{x + 110}" y="{y + 10}">road side</text>')
    y += 20
    letters = ", ".join(f"{RESOURCE_LETTER[r]} {r}" for r in RESOURCES)
    out.append(f'<text x="{_MARGIN}" y="{y + 10}" fill="#333">On a hex: * upgraded side (bold border); resources '
               f'{escape(letters)}; a or b at the left: the side a summer boat or turn-order tile shows.</text>')
    y += 16
    out.append(f'<text x="{_MARGIN}" y="{y + 10}" fill="#333">A frame in a seat\'s colour holds the workers that seat '
               f'bid or placed to use a tile this season; the number on a disc is how many.</text>')
    return out, y + 18


def render_svg(s: KFState) -> str:
    """The position as one SVG document (see the module docstring)."""
    season = SEASONS[s.season]
    out: list[str] = []
    top = (f"{season.value.capitalize()}, {s.phase.value.replace('_', ' ')}" if s.phase is not Phase.END else "Game over")
    if s.phase is not Phase.END:
        top += f" - next: {_who(s)}"
    top += f" - start player: seat {s.start} {s.ids[s.start]}"
    out.append(f'<text class="status" x="{_MARGIN}" y="20" font-size="14" font-weight="bold">{escape(top)}</text>')
    y = 32.0
    offer = [(t, [], s.on_tile.get(t), "offer") for t in s.auction]
    parts, y = _cards_section(s, y, f"On offer this {season.value}", offer)
    out.extend(parts)
    # boats and turn-order tiles go into villages in winter: from then on they are drawn there
    boats = [(b, _boat_lines(s, b), s.on_tile.get(b), "boat") for b in s.boats if b not in s.owner]
    boats += [(t, ["shows the start player" if t == s.start_tile else "turn order"], s.on_tile.get(t), "turn-order")
              for t in s.turn_order if t not in s.owner]
    parts, y = _cards_section(s, y, "Boats and turn-order tiles (bid on for the next start player)", boats)
    out.extend(parts)
    for row in range(0, s.n, _COLUMNS):
        row_h = 0.0
        for col, seat in enumerate(range(row, min(row + _COLUMNS, s.n))):
            svg, h = _panel(s, seat, _MARGIN + col * (_PANEL_W + 12), y)
            out.append(svg)
            row_h = max(row_h, h)
        y += row_h + 10
    parts, y = _legend(y)
    out.extend(parts)
    height = int(y + 8)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board keyflower" viewBox="0 0 {WIDTH} {height}" '
            f'width="{WIDTH}" height="{height}" font-family="sans-serif" font-size="11">'
            f'<rect width="{WIDTH}" height="{height}" fill="#f3f0e6"/>' + "".join(out) + "</svg>")
