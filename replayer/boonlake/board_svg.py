"""The Boonlake position as one SVG picture (``Game.render_svg``: ``replay``, the HTML report, the
recorder; what it shows is listed in docs/commands.md): the gameboard top left, the river, the
action board, the scoring tiles and the region labels top right, then one panel per seat (and the
Wise Eminence's in the solo game, their pieces grey).

Every piece carries a class and ``data-`` attributes (space, site, seat, tile, river space, strip,
lever) so that a test or a page can find it. Seat colours are the shared palette
(:func:`..core.colours.seat_colour`). A pure function of the state: it changes nothing.

The catalog gives the gameboard's spaces and their neighbours but no coordinates. The spaces are
drawn on the grid the reconstruction built them from (the catalog's board provenance: a 6 x 6 hex
grid in odd-row offset coordinates, the cells ``CUT`` left out, numbered in reading order), so
that neighbours on the picture are neighbours in the catalog; a catalog with another number of
spaces is drawn in rows of six by number (neighbours then not shown as such, but every space
still drawn).
"""
from __future__ import annotations

import math
from html import escape

from ..core.colours import hex_points, seat_colour
from .catalog import RESOURCES
from .state import BoonlakeState, Piece, Step

HEX_R = 31.0  #: px: a gameboard hex's circumradius (pointy top)
HEX_W = math.sqrt(3.0) * HEX_R
GRID = 6
CUT = {(0, 0), (0, 5), (5, 5)}  #: (row, column) of the grid's cells that hold no space

#: region fills (land), by the catalog's region id; an unknown region is drawn grey
REGION_FILL = {"unknown": "#e4d9b4", "new_hope": "#cfe0b0", "boonlake": "#bcd8c8", "southern": "#ead0b0"}
PASTURE_FILL = "#8cc46a"
WATER = "#5b9bd5"
INK = "#222"
EMINENCE_FILL = "#777777"  #: the Wise Eminence's pieces (no seat colour of the shared palette)
RESOURCE_FILL = {"stone": "#9a9a9a", "iron": "#4a5a6a", "loam": "#c0703a", "wood": "#8b5a2b"}
RIVER_STEP = 27.0  #: px between two river spaces
RIVER_R = 10.0


def cells(space_count: int) -> list[tuple[int, int]]:
    """(row, column) of each space in number order (space n at index n - 1)."""
    grid = [(r, c) for r in range(GRID) for c in range(GRID) if (r, c) not in CUT]
    if len(grid) == space_count:
        return grid
    return [(i // GRID, i % GRID) for i in range(space_count)]


def hex_centre(row: int, col: int, x0: float, y0: float) -> tuple[float, float]:
    """Centre of a cell (odd rows shifted right by half a hex)."""
    return x0 + HEX_W / 2 + col * HEX_W + (HEX_W / 2 if row % 2 else 0.0), y0 + HEX_R + row * 1.5 * HEX_R


def river_rows(space_ids) -> list[tuple[str, list[str]]]:
    """The river drawn as three rows: the trunk (plain numbers), the upper arm (``U``: round 1)
    and the lower arm (``L``: round 2), each in the catalog's order."""
    rows = {"trunk": [], "upper arm (round 1)": [], "lower arm (round 2)": []}
    for sid in space_ids:
        key = "upper arm (round 1)" if sid.startswith("U") else "lower arm (round 2)" if sid.startswith("L") else "trunk"
        rows[key].append(sid)
    return [(name, ids) for name, ids in rows.items() if ids]


WIDTH = 1000
_MARGIN = 12
_PANEL_W = (WIDTH - 3 * _MARGIN) // 2
_PANEL_H = 150
_PIECE_LETTER = {Piece.INHABITANT: "i", Piece.HOUSE: "H", Piece.SETTLEMENT: "S"}


def _colour(s: BoonlakeState, seat: int) -> str:
    return EMINENCE_FILL if seat >= s.n else seat_colour(seat)


def _who(s: BoonlakeState, seat: int) -> str:
    return "the Wise Eminence" if seat >= s.n else s.ids[seat]


def _text(x: float, y: float, words: str, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:.1f}" y="{y:.1f}"{extra}>{escape(words)}</text>'


def _gameboard(s: BoonlakeState, x0: float, y0: float) -> list[str]:
    cat = s.cat
    places = cells(cat.space_count)
    centre = {n: hex_centre(*places[n - 1], x0, y0) for n in cat.spaces}
    out = ['<g class="gameboard">']
    for n, space in sorted(cat.spaces.items()):
        x, y = centre[n]
        tile = s.tiles.get(n)
        pasture = tile == "pasture"  # a pasture lies as "pasture", never by its tile id
        fill = PASTURE_FILL if pasture else REGION_FILL.get(space.region, "#dddddd")
        out.append(f'<g class="space" data-space="{n}" data-region="{escape(space.region)}">'
                   f'<title>space {n} ({escape(cat.region[space.region].name)})</title>'
                   f'<polygon points="{hex_points(x, y, HEX_R)}" fill="{fill}" stroke="#6b5a3a" stroke-width="1"/>'
                   + _text(x - HEX_W / 2 + 3, y - HEX_R / 2 + 2, str(n), font_size="8", fill="#444") + "</g>")
        if tile is None:
            continue
        if pasture:
            out.append(f'<g class="pasture" data-space="{n}"><title>cattle pasture on space {n}</title>'
                       + _text(x, y - 2, "pasture", text_anchor="middle", font_size="9") + "</g>")
            for k, seat in enumerate(s.cattle.get(n, ())):
                cx = x - 12 + 12 * (k % 3)
                cy = y + 10 + 9 * (k // 3)
                out.append(f'<ellipse class="cattle" data-space="{n}" data-seat="{seat}" cx="{cx:.1f}" cy="{cy:.1f}" '
                           f'rx="6" ry="4" fill="{_colour(s, seat)}" stroke="#000"><title>cattle of {escape(_who(s, seat))}'
                           f'</title></ellipse>')
            continue
        out.append(f'<g class="tile" data-space="{n}" data-tile="{escape(tile)}"><title>building tile {escape(tile)} '
                   f'on space {n}</title><polygon points="{hex_points(x, y, HEX_R - 5)}" fill="#f7f1df" stroke="#8a7a5a"/>'
                   + _text(x, y - 3, tile, text_anchor="middle", font_size="10", font_weight="bold") + "</g>")
        sites = len(cat.building_tiles[tile].sites) if tile in cat.building_tiles else 1
        for i in range(sites):
            sx, sy = x + (i - (sites - 1) / 2) * 17, y + 11
            owner = s.sites.get((n, i))
            if owner is None:
                out.append(f'<circle class="site" data-space="{n}" data-site="{i + 1}" cx="{sx:.1f}" cy="{sy:.1f}" r="7" '
                           f'fill="#fff" stroke="#999"><title>site {i + 1}: empty</title></circle>')
                continue
            seat, piece = owner
            out.append(f'<g class="{piece.value}" data-space="{n}" data-site="{i + 1}" data-seat="{seat}">'
                       f'<title>{piece.value} of {escape(_who(s, seat))} on site {i + 1}</title>'
                       f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="7" fill="{_colour(s, seat)}" stroke="#000"/>'
                       + _text(sx, sy + 3.5, _PIECE_LETTER[piece], text_anchor="middle", font_size="9", fill="#fff",
                               font_weight="bold") + "</g>")
    for kind, pairs, style in (("bridge", _pairs(cat, "bridged"), 'stroke="#7a4f1d" stroke-width="6"'),
                               ("ford", _pairs(cat, "forded"), f'stroke="{WATER}" stroke-width="4" stroke-dasharray="4 3"')):
        for a, b in pairs:
            (xa, ya), (xb, yb) = centre[a], centre[b]
            # a short bar across the shared edge, from a third to two thirds of the way
            out.append(f'<line class="{kind}" data-spaces="{a}-{b}" x1="{xa + (xb - xa) / 3:.1f}" y1="{ya + (yb - ya) / 3:.1f}" '
                       f'x2="{xa + 2 * (xb - xa) / 3:.1f}" y2="{ya + 2 * (yb - ya) / 3:.1f}" {style}>'
                       f'<title>{kind} between spaces {a} and {b}</title></line>')
    out.append("</g>")
    return out


def _pairs(cat, attr: str) -> list[tuple[int, int]]:
    return sorted({(min(n, m), max(n, m)) for n, sp in cat.spaces.items() for m in getattr(sp, attr)})


def _ships(s: BoonlakeState) -> dict[str, list[int]]:
    ships: dict[str, list[int]] = {}
    for seat, p in enumerate(s.players):
        ships.setdefault(p.ship, []).append(seat)
    if s.solo is not None:
        ships.setdefault(s.solo.ship, []).append(s.n)
    return ships


def _river(s: BoonlakeState, x0: float, y0: float) -> tuple[list[str], float]:
    cat = s.cat
    ships = _ships(s)
    locks = {lk["after"] for lk in cat.data["river"]["locks"]}
    out = ['<g class="river">', _text(x0, y0 + 4, "River", font_weight="bold")]
    y = y0 + 34
    for name, ids in river_rows(cat.river_spaces):
        out.append(_text(x0, y - RIVER_R - 3, name, font_size="9", fill="#555"))
        for k, sid in enumerate(ids):
            x = x0 + RIVER_R + k * RIVER_STEP
            space = cat.river_spaces[sid]
            shape = (f'<rect x="{x - RIVER_R:.1f}" y="{y - RIVER_R:.1f}" width="{2 * RIVER_R}" height="{2 * RIVER_R}" '
                     f'fill="#d8e8f6" stroke="{WATER}"/>' if space.harbor else
                     f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{RIVER_R}" fill="#d8e8f6" stroke="{WATER}"/>')
            out.append(f'<g class="river-space" data-river="{escape(sid)}"><title>river space {escape(sid)}'
                       f'{" (harbor)" if space.harbor else ""}</title>{shape}'
                       + _text(x, y + 3, sid, text_anchor="middle", font_size="7", fill="#345") + "</g>")
            if sid in locks:
                out.append(f'<line class="lock" x1="{x + RIVER_STEP / 2:.1f}" y1="{y - 13:.1f}" x2="{x + RIVER_STEP / 2:.1f}" '
                           f'y2="{y + 13:.1f}" stroke="#333" stroke-width="3"><title>lock</title></line>')
            for j, seat in enumerate(ships.get(sid, ())):
                out.append(f'<g class="ship" data-seat="{seat}" data-river="{escape(sid)}"><title>ship of '
                           f'{escape(_who(s, seat))} on {escape(sid)}</title><path d="M{x - 8:.1f},{y - 14 - 7 * j:.1f} '
                           f'h16 l-4,6 h-8 z" fill="{_colour(s, seat)}" stroke="#000"/></g>')
        y += 2 * RIVER_R + 20
    out.append("</g>")
    return out, y


def _action_board(s: BoonlakeState, x0: float, y0: float) -> tuple[list[str], float]:
    cat = s.cat
    out = ['<g class="action-board">', _text(x0, y0, "Action board (row: steps, VP cost)", font_weight="bold")]
    for i, (row, strip) in enumerate(zip(cat.rows, s.strips)):
        y = y0 + 8 + 19 * i
        taken = strip == s.strip and s.step in (Step.CARD, Step.MIDDLE, Step.RIGHT, Step.SHIP)
        name = cat.strips[strip].name if strip in cat.strips else strip
        out.append(f'<g class="strip" data-strip="{escape(strip)}" data-row="{row.row}"><title>{escape(name)}: row {row.row}'
                   f'</title><rect x="{x0:.1f}" y="{y:.1f}" width="230" height="16" fill="#f4ecd6" '
                   f'stroke="{"#c00" if taken else "#a99"}" stroke-width="{2 if taken else 1}"/>'
                   + _text(x0 + 4, y + 12, f"{row.row}: {name}", font_size="10")
                   + _text(x0 + 226, y + 12, f"{row.steps} step{'s' if row.steps != 1 else ''}{f', -{row.vp_cost} VP' if row.vp_cost else ''}",
                           font_size="9", text_anchor="end", fill="#555") + "</g>")
    y = y0 + 8 + 19 * len(cat.rows) + 16
    out.append(_text(x0, y, "Scoring tiles", font_weight="bold"))
    for k, tile in enumerate(s.scoring_tiles):
        tx = x0 + 62 * k
        marks = [seat for seat, p in enumerate(s.players) if tile in p.scored_tiles]
        owners = [seat for seat, t in enumerate(s.owner_tile) if t == tile]
        if s.solo is not None and s.solo.scoring_tile == tile:
            owners.append(s.n)
        out.append(f'<g class="scoring-tile" data-tile="{escape(tile)}"><title>scoring tile {escape(tile)}</title>'
                   f'<rect x="{tx:.1f}" y="{y + 6:.1f}" width="56" height="30" fill="#fff7d6" stroke="#a98"/>'
                   + _text(tx + 4, y + 19, tile, font_size="10"))
        for j, seat in enumerate(owners):  # the tile a player kept at set-up counts double for them
            out.append(f'<text class="own-tile" data-seat="{seat}" x="{tx + 54 - 14 * j:.1f}" y="{y + 15:.1f}" '
                       f'text-anchor="end" font-size="9" font-weight="bold" fill="{_colour(s, seat)}">x2</text>')
        for j, seat in enumerate(marks):
            out.append(f'<circle class="scoring-mark" data-seat="{seat}" cx="{tx + 8 + 10 * j:.1f}" cy="{y + 29:.1f}" r="4" '
                       f'fill="{_colour(s, seat)}" stroke="#000"/>')
        out.append("</g>")
    y += 50
    covered = [cat.region[r].name for r in sorted(s.covered)] if s.covered else []
    out.append(_text(x0, y, "Region labels covered: " + (", ".join(covered) or "none"), font_size="10"))
    out.append("</g>")
    return out, y + 10


def _frame(kind: str, seat: int, vp: int, name: str, x0: float, y0: float, fill: str, stroke: str,
           dx: float) -> list[str]:
    """A panel's frame (left open: the caller closes the group) and its score line ``dx`` in."""
    return [f'<g class="{kind}" data-seat="{seat}"><rect x="{x0:.1f}" y="{y0:.1f}" width="{_PANEL_W}" '
            f'height="{_PANEL_H - 8}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>',
            f'<text class="score" data-seat="{seat}" data-score="{vp}" x="{x0 + dx:.1f}" y="{y0 + 17:.1f}" '
            f'font-weight="bold">{escape(name)}: {vp} VP</text>']


def _panel(s: BoonlakeState, seat: int, x0: float, y0: float) -> list[str]:
    cat, p = s.cat, s.players[seat]
    colour = _colour(s, seat)
    unseen = s.deck.unknown_held.get(seat, 0)
    out = _frame("player", seat, s.ledger.totals[seat], s.ids[seat], x0, y0, "#faf8f2", colour, 24)
    out += [f'<rect x="{x0 + 6:.1f}" y="{y0 + 6:.1f}" width="12" height="12" fill="{colour}" stroke="#000"/>',
            _text(x0 + 130, y0 + 17, f"{p.coins} coins, {p.vases} vases, {len(p.hand)}{f'+{unseen}' if unseen else ''} "
                                     f"cards, {p.ranch} on the ranch", font_size="10"),
            _text(x0 + 6, y0 + 34, f"coin track {p.coin_track} (income {cat.tracks['coin'][p.coin_track].income}), "
                                   f"card track {p.card_track} (income {cat.tracks['card'][p.card_track].income})",
                  font_size="10")]
    for k, (resource, level) in enumerate(zip(RESOURCES, p.sites)):
        x = x0 + 6 + 62 * k
        out.append(f'<g class="production-site" data-seat="{seat}" data-resource="{resource}" data-level="{level}">'
                   f'<rect x="{x:.1f}" y="{y0 + 42:.1f}" width="58" height="14" fill="{RESOURCE_FILL[resource] if level else "#fff"}" '
                   f'stroke="{RESOURCE_FILL[resource]}"/>'
                   + _text(x + 29, y0 + 53, f"{resource} {level}", text_anchor="middle", font_size="9",
                           fill="#fff" if level else "#444") + "</g>")
    cx0 = x0 + 262
    out.append(_text(cx0, y0 + 53, "canal", font_size="9", fill="#555"))
    for k, resource in enumerate(cat.canal):
        x = cx0 + 30 + 22 * k
        out.append(f'<rect x="{x:.1f}" y="{y0 + 42:.1f}" width="20" height="14" fill="{RESOURCE_FILL.get(resource, "#ddd")}" '
                   f'opacity="0.35"/>')
        for b, at in enumerate(p.boats):
            if at == k + 1:
                out.append(f'<ellipse class="boat" data-seat="{seat}" data-canal="{at}" cx="{x + 10:.1f}" cy="{y0 + 49 - 3 * b:.1f}" '
                           f'rx="8" ry="4" fill="{colour}" stroke="#000"><title>boat on canal space {at}</title></ellipse>')
    out.append(_text(x0 + 6, y0 + 74, "levers", font_size="9", fill="#555"))
    for k, lever in enumerate(cat.lever_spaces):
        x, y = x0 + 44 + 36 * k, y0 + 63
        placed = lever in p.levers
        used = p.levers.get(lever, False)
        out.append(f'<g class="lever" data-seat="{seat}" data-lever="{lever}" data-placed="{str(placed).lower()}" '
                   f'data-used="{str(used).lower()}"><title>modernization space {lever}: '
                   f'{"used" if used else "a lever, ready" if placed else "empty"}</title>'
                   f'<rect x="{x:.1f}" y="{y:.1f}" width="32" height="15" fill="{colour if placed else "#fff"}" stroke="#777"/>'
                   + _text(x + 16, y + 11, lever, text_anchor="middle", font_size="9", fill="#fff" if placed else "#555")
                   + (f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 32:.1f}" y2="{y + 15:.1f}" stroke="#000" stroke-width="2"/>'
                      if used else "") + "</g>")
    out.append(_text(x0 + 6, y0 + 98, "player board", font_size="9", fill="#555"))
    x = x0 + 74
    for tier, (recesses, bonus) in enumerate(cat.tiers, 1):
        for rec in (bonus, *recesses) if bonus else recesses:
            gone = rec.id in p.vacated
            shape = {"house": "rect", "settlement": "rect", "cattle": "ellipse"}.get(rec.piece, "circle")
            fill = "#fff" if gone else colour
            if shape == "rect":
                height = 10 if rec.piece == "house" else 14
                body = f'<rect x="{x:.1f}" y="{y0 + 98 - height:.1f}" width="10" height="{height}" fill="{fill}" stroke="#000"/>'
            elif shape == "ellipse":
                body = f'<ellipse cx="{x + 6:.1f}" cy="{y0 + 93:.1f}" rx="7" ry="4" fill="{fill}" stroke="#000"/>'
            else:
                body = f'<circle cx="{x + 5:.1f}" cy="{y0 + 93:.1f}" r="4" fill="{fill}" stroke="#000"/>'
            out.append(f'<g class="recess" data-seat="{seat}" data-recess="{rec.id}" data-piece="{rec.piece}" '
                       f'data-vacated="{str(gone).lower()}"><title>tier {tier} {rec.piece} ({rec.id}): '
                       f'{"vacated" if gone else "still on the board"}</title>{body}</g>')
            x += 17
        x += 10
    played = ", ".join(p.played) or "none"
    out.append(_text(x0 + 6, y0 + 118, f"cards played: {played}"[:92], font_size="9"))
    projects = ", ".join(f"{t} as {k}" for t, k in p.projects.items())
    out.append(_text(x0 + 6, y0 + 132, f"scored: {', '.join(p.scored_tiles) or 'none'}; projects: {projects or 'none'}",
                     font_size="9"))
    out.append("</g>")
    return out


def _eminence(s: BoonlakeState, x0: float, y0: float) -> list[str]:
    sl = s.solo
    assert sl is not None
    return _frame("eminence", s.n, sl.ledger.totals[0], "the Wise Eminence", x0, y0, "#f0f0f0", EMINENCE_FILL, 8) + [
        _text(x0 + 8, y0 + 36, f"difficulty {sl.difficulty.replace('_', ' ')}; cactus track {sl.cactus}; "
                               f"scoring tile {sl.scoring_tile}", font_size="10"),
        _text(x0 + 8, y0 + 54, f"solo tiles revealed: {', '.join(sl.revealed) or 'none'} (stack {sl.stacks}); "
                               f"this turn: {sl.tile or '-'}", font_size="10"),
        _text(x0 + 8, y0 + 72, f"left on their board: {sl.houses_left} houses, {sl.settlements_left} settlements, "
                               f"{sl.cattle_left} cattle", font_size="10"), "</g>"]


def render_svg(s: BoonlakeState, waiting: str = "") -> str:
    """The position as one SVG document (see the module docstring); ``waiting`` is the line saying
    whose decision is next (the engine's words)."""
    board_w, board_h = (GRID + 0.5) * HEX_W, (GRID - 1) * 1.5 * HEX_R + 2 * HEX_R  # the gameboard's hexes
    top = 30
    board = _gameboard(s, _MARGIN, top)
    rx = _MARGIN + board_w + 24
    river, y = _river(s, rx, top)
    action, y = _action_board(s, rx, y + 6)
    panels_y = max(top + board_h, y) + 14
    seats = list(range(s.n)) + ([s.n] if s.solo is not None else [])
    rows = (len(seats) + 1) // 2
    height = int(panels_y + rows * _PANEL_H + 30)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board boonlake" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
           f'height="{height}" font-family="sans-serif" font-size="11" fill="{INK}">',
           f'<rect width="{WIDTH}" height="{height}" fill="#f6f3ea"/>',
           _text(_MARGIN, 18, f"Boonlake: round {s.rnd}, turn {s.turn + 1}{'; ' + waiting if waiting else ''}",
                 font_weight="bold", font_size="13")]
    out += board + river + action
    for k, seat in enumerate(seats):
        x = _MARGIN + (k % 2) * (_PANEL_W + _MARGIN)
        y = panels_y + (k // 2) * _PANEL_H
        out += _eminence(s, x, y) if seat == s.n else _panel(s, seat, x, y)
    out.append(_text(_MARGIN, height - 10, "sites: i inhabitant, H house, S settlement; green hexes: cattle pastures; "
                                           "brown bars: bridges, dashed blue: fords; levers crossed: used", font_size="9",
                     fill="#555"))
    out.append("</svg>")
    return "".join(out)
