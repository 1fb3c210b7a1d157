"""Position texts: a one-line summary for error messages and an ASCII map for ``ludolog replay``."""
from __future__ import annotations

import string
import textwrap

from ..core.colours import seat_colour
from .state import PHASE_NAMES, PLANT

_PIECE_LETTER = "pfc"  # trading post, fort, colony


def describe(s) -> str:
    """Compact position, like a FEN: season, turn, who acts, phase, ship, wealth and scores."""
    if s.phase == PLANT and s.window is not None:
        who = " and ".join(s.ids[seat] for seat in sorted(s.window.waiting))
    else:
        who = s.ids[s.current]
    ship = ("-" if s.ship_cell < 0 and s.ship_edge is None
            else s.cat.edge_name[s.ship_edge] if s.ship_edge is not None else s.cat.cell_name(s.ship_cell))
    held = f", holding {s.drawn.id}" if s.drawn is not None else ""
    wealth = " ".join(f"{pid}={w}" for pid, w in zip(s.ids, s.wealth))
    score = " ".join(f"{pid}={v}" for pid, v in zip(s.ids, s.ledger.totals))
    return (f"season {s.season}, turn {s.turn}, {who} to act ({PHASE_NAMES[s.phase]}), ship {ship}, "
            f"{s.credits} exploration(s) left{held}; {s.placed}/{s.cat.cells} spaces discovered; "
            f"gold {wealth}; points {score}")


def _cell_text(s, cell: int) -> str:
    """Four characters: the land mark, a construction (piece letter and seat) and the ship."""
    face = s.faces[cell]
    ship = "*" if cell == s.ship_cell else " "
    if face is None:
        return ".  " + ship
    land = bin(face.land).count("1")
    mark = "~" if land == 0 else "#" if land == 4 else str(land)
    owner = s.constructions.get(cell)
    piece = f"{_PIECE_LETTER[owner[1]]}{owner[0]}" if owner else "  "  # the seat as the tables number it
    return mark + piece + ship


def _numbers(values) -> str:
    return ", ".join(str(v) for v in values)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def render(s) -> str:
    """The board with its legend: '.' undiscovered, '~' open sea, 1-3 land sides, '#' all land;
    then pN/fN/cN = trading post/fort/colony of seat N (numbered as in the tables, from 0); '*'
    marks the ship. Then each seat's figures, the piles and the position line."""
    cat = s.cat
    lines = [("    " + " ".join(f"{string.ascii_uppercase[c]}   " for c in range(cat.columns))).rstrip()]
    for row in range(cat.rows):
        cells = " ".join(_cell_text(s, row * cat.columns + col) for col in range(cat.columns))
        lines.append(f"{row + 1:>3} {cells}".rstrip())
    seats = ", ".join(f"{seat} {pid}" for seat, pid in enumerate(s.ids))
    lines += ["",
              "legend: . undiscovered   ~ open sea   1 2 3 sides of land   # land on every side   * the ship",
              f"        p f c + seat: trading post, fort, colony of that seat ({seats})",
              ""]
    width = max(len(pid) for pid in s.ids)
    for seat, pid in enumerate(s.ids):
        posts, forts, colonies = s.pieces[seat]
        plants = s.plants[seat]
        held = f"plant tokens {_numbers(plants)} ({sum(plants)} points)" if plants else "no plant tokens"
        lines.append(f"  seat {seat} {pid:<{width}}  {s.ledger.totals[seat]:>3} points, {s.wealth[seat]:>2} gold; "
                     f"left: {_count(posts, 'post', 'posts')}, {_count(forts, 'fort', 'forts')}, "
                     f"{_count(colonies, 'colony', 'colonies')}; {held}")
    piles = s.tiles.pile_sizes
    plant_piles = s.plant_tokens.pile_sizes
    reserve = sorted(s.reserve.items())
    lines.append(f"{s.tiles.remaining} tiles in the piles" + (f" ({_numbers(piles)})" if piles is not None else "")
                 + f"; reserve piles {reserve[0][0]} to {reserve[-1][0]}: {_numbers(n for _, n in reserve)} tiles"
                 if reserve else f"{s.tiles.remaining} tiles in the piles")
    lines.append(f"{s.plant_tokens.remaining} plant tokens in the piles"
                 + (f" ({_numbers(plant_piles)})" if plant_piles is not None else ""))
    lines += textwrap.wrap(describe(s), 100, subsequent_indent="  ")
    return "\n".join(lines)


# -- SVG board for the HTML report ------------------------------------------------------------------

_CELL = 56  # px per board space
_MARGIN = 40  # room for the edge spaces (where the ship starts) and the coordinates
_PIECE_NAMES = ("trading post", "fort", "colony")
# unit vectors of the sides, in the catalog's order: 0 north, 1 east, 2 south, 3 west
_SIDE_VECTORS = ((0, -1), (1, 0), (0, 1), (-1, 0))


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
    return f'<g class="piece" data-piece="{_PIECE_NAMES[piece]}">{title}{shape}</g>'


def _ship_svg(cx: float, cy: float) -> str:
    return (f'<g class="ship"><title>the ship</title><path d="M{cx - 13:g},{cy + 2:g} L{cx + 13:g},{cy + 2:g} '
            f'L{cx + 8:g},{cy + 10:g} L{cx - 8:g},{cy + 10:g} Z" fill="#6b3e1f" stroke="#000"/>'
            f'<path d="M{cx:g},{cy + 2:g} L{cx:g},{cy - 14:g} L{cx + 10:g},{cy - 2:g} Z" fill="#fff" stroke="#000"/></g>')


def render_svg(s) -> str:
    """The board as an SVG document: the spaces as discovered (sea blue, land green, white lanes),
    the constructions in their owners' colours (disc: trading post, square: fort, house: colony),
    islands already scored edged in gold, the ship, and a legend of the seats with their points."""
    from html import escape

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
        row, col = divmod(cell, cat.columns)
        x, y = _MARGIN + col * _CELL, _MARGIN + row * _CELL
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
    for cell, (seat, piece, segment) in sorted(s.constructions.items()):
        row, col = divmod(cell, cat.columns)
        x, y = _MARGIN + col * _CELL, _MARGIN + row * _CELL
        face = s.faces[cell]
        sides = face.segments[segment] if face is not None and segment < len(face.segments) else 0
        px, py = _segment_point(x, y, sides)
        label = f"{_PIECE_NAMES[piece]} of {s.ids[seat]} on {cat.cell_name(cell)}"
        out.append(_piece_svg(px, py, piece, seat_colour(seat), escape(label)))
    if s.ship_edge is not None:
        cell, side = s.ship_edge
        row, col = divmod(cell, cat.columns)
        dx, dy = _SIDE_VECTORS[side]
        out.append(_ship_svg(_MARGIN + col * _CELL + _CELL / 2 + dx * (_CELL / 2 + 18),
                             _MARGIN + row * _CELL + _CELL / 2 + dy * (_CELL / 2 + 18)))
    elif s.ship_cell >= 0:
        row, col = divmod(s.ship_cell, cat.columns)
        out.append(_ship_svg(_MARGIN + col * _CELL + _CELL / 2, _MARGIN + row * _CELL + _CELL / 2))
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
