"""The Entdecker position as a picture: the board as one SVG document for the HTML report."""
from __future__ import annotations

import string

from ..core.colours import seat_colour
from .render import describe
from .state import PIECE_NAMES

_CELL = 56  # px per board space
_MARGIN = 40  # room for the edge spaces (where the ship starts) and the coordinates
# unit vectors of the sides, in the catalog's order: 0 north, 1 east, 2 south, 3 west
_SIDE_VECTORS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _corner(cat, cell: int) -> tuple[int, int]:
    """The top left corner of a board space in the picture."""
    row, col = divmod(cell, cat.columns)
    return _MARGIN + col * _CELL, _MARGIN + row * _CELL


def _side_triangle(x: float, y: float, side: int) -> str:
    """The quarter of a space between its centre and ``side``, as SVG polygon points."""
    h = _CELL / 2
    cx, cy = x + h, y + h
    corners = ((x, y), (x + _CELL, y), (x + _CELL, y + _CELL), (x, y + _CELL))  # NW NE SE SW
    a, b = corners[side], corners[(side + 1) % 4]
    return f"{cx:g},{cy:g} {a[0]:g},{a[1]:g} {b[0]:g},{b[1]:g}"


def _segment_point(x: float, y: float, sides: int) -> tuple[float, float]:
    """Where a construction on the land segment touching ``sides`` (a mask) is drawn."""
    h = _CELL / 2
    vectors = [_SIDE_VECTORS[i] for i in range(4) if sides >> i & 1] or [(0, 0)]
    dx = sum(v[0] for v in vectors) / len(vectors)
    dy = sum(v[1] for v in vectors) / len(vectors)
    return x + h + dx * h * 0.5, y + h + dy * h * 0.5


def _piece_svg(px: float, py: float, piece: int, colour: str, label: str) -> str:
    title = f"<title>{label}</title>"
    if piece == 0:  # trading post: a small disc
        shape = f'<circle cx="{px:g}" cy="{py:g}" r="6" fill="{colour}" stroke="#000" stroke-width="1"/>'
    elif piece == 1:  # fort: a square
        shape = f'<rect x="{px - 7:g}" y="{py - 7:g}" width="14" height="14" fill="{colour}" stroke="#000" stroke-width="1"/>'
    else:  # colony: a house
        shape = (f'<polygon points="{px - 8:g},{py + 7:g} {px + 8:g},{py + 7:g} {px + 8:g},{py - 2:g} '
                 f'{px:g},{py - 9:g} {px - 8:g},{py - 2:g}" fill="{colour}" stroke="#000" stroke-width="1"/>')
    return f'<g class="piece" data-piece="{PIECE_NAMES[piece]}">{title}{shape}</g>'


def _ship_svg(cx: float, cy: float) -> str:
    return (f'<g class="ship"><title>the ship</title><path d="M{cx - 13:g},{cy + 2:g} L{cx + 13:g},{cy + 2:g} '
            f'L{cx + 8:g},{cy + 10:g} L{cx - 8:g},{cy + 10:g} Z" fill="#6b3e1f" stroke="#000"/>'
            f'<path d="M{cx:g},{cy + 2:g} L{cx:g},{cy - 14:g} L{cx + 10:g},{cy - 2:g} Z" fill="#fff" stroke="#000"/></g>')


def render_svg(s) -> str:
    """The board as an SVG document: the spaces as discovered (sea blue, land green, white lanes),
    the constructions in their owners' colours (disc: trading post, square: fort, house: colony),
    islands already scored edged in gold, the ship, and a legend of the seats with their points."""
    from html import escape  # the report only: validating a log never loads html's entity table

    cat = s.cat
    width = cat.columns * _CELL + 2 * _MARGIN
    legend_top = cat.rows * _CELL + 2 * _MARGIN
    height = legend_top + 24 * len(s.ids) + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board entdecker" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<title>{escape(describe(s))}</title>',
           f'<rect width="{width}" height="{height}" fill="#f4f1e8"/>']
    scored_cells = {cell for root in s.scored for cell in s.island_cells.get(root, ())}
    for col in range(cat.columns):
        out.append(f'<text x="{_MARGIN + col * _CELL + _CELL / 2:g}" y="{_MARGIN - 24}" text-anchor="middle">'
                   f'{string.ascii_uppercase[col]}</text>')
    for row in range(cat.rows):
        out.append(f'<text x="{_MARGIN - 28}" y="{_MARGIN + row * _CELL + _CELL / 2 + 4:g}" text-anchor="middle">'
                   f'{row + 1}</text>')
    for cell in range(cat.cells):
        x, y = _corner(cat, cell)
        face = s.faces[cell]
        name = cat.cell_name(cell)
        if face is None:
            out.append(f'<rect class="space undiscovered" x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" '
                       f'fill="#ddd8c8" stroke="#b8b2a0" stroke-dasharray="3 3"><title>{name}: undiscovered</title></rect>')
            continue
        out.append(f'<g class="space tile" data-space="{name}"><title>{name}: {escape(face.kind)}</title>'
                   f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="#4f8fc8"/>')
        for side in range(4):
            if face.land >> side & 1:
                out.append(f'<polygon points="{_side_triangle(x, y, side)}" fill="#5aa33f"/>')
        for side in range(4):
            if face.lanes >> side & 1:
                dx, dy = _SIDE_VECTORS[side]
                h = _CELL / 2
                out.append(f'<line x1="{x + h:g}" y1="{y + h:g}" x2="{x + h + dx * h:g}" y2="{y + h + dy * h:g}" '
                           f'stroke="#fff" stroke-width="2"/>')
        border = 'stroke="#d4a017" stroke-width="3"' if cell in scored_cells else 'stroke="#2b5d8a" stroke-width="0.5"'
        out.append(f'<rect x="{x + 1.5:g}" y="{y + 1.5:g}" width="{_CELL - 3}" height="{_CELL - 3}" fill="none" {border}/></g>')
    for cell in sorted(s.constructions):
        built = s.constructions[cell]
        seat, piece, segment = built.seat, built.piece, built.segment
        x, y = _corner(cat, cell)
        face = s.faces[cell]
        sides = face.segments[segment] if face is not None and segment < len(face.segments) else 0
        px, py = _segment_point(x, y, sides)
        label = f"{PIECE_NAMES[piece]} of {s.ids[seat]} on {cat.cell_name(cell)}"
        out.append(_piece_svg(px, py, piece, seat_colour(seat), escape(label)))
    if s.ship_edge is not None:
        cell, side = s.ship_edge
        x, y = _corner(cat, cell)
        dx, dy = _SIDE_VECTORS[side]
        out.append(_ship_svg(x + _CELL / 2 + dx * (_CELL / 2 + 18), y + _CELL / 2 + dy * (_CELL / 2 + 18)))
    elif s.ship_cell >= 0:
        x, y = _corner(cat, s.ship_cell)
        out.append(_ship_svg(x + _CELL / 2, y + _CELL / 2))
    for seat, pid in enumerate(s.ids):
        y = legend_top + 24 * seat
        posts, forts, colonies = s.pieces[seat]
        out.append(f'<rect x="{_MARGIN}" y="{y - 11}" width="14" height="14" fill="{seat_colour(seat)}" '
                   f'stroke="#000"/><text x="{_MARGIN + 22}" y="{y}">{escape(str(pid))}: {s.ledger.totals[seat]} points, '
                   f'{s.wealth[seat]} gold; left: {posts} posts, {forts} forts, {colonies} colonies</text>')
    out.append(f'<text x="{_MARGIN}" y="{legend_top + 24 * len(s.ids) + 6}" fill="#444">disc: trading post, square: fort, '
               f'house: colony; gold edge: island scored</text>')
    out.append("</svg>")
    return "".join(out)
