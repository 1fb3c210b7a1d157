"""The Castles of Burgundy position as one SVG picture for the HTML report (``Game.render_svg``): a
status line, the central board (depots with their tiles and goods, the black depot, the bonus tiles
still to win), one panel per player (seat numbers as in the tables, from 0) with the estate and its
holdings, and a legend. Where each estate space is drawn comes from ``board_layout.py``; a Solo
board's layout is a schematic (said so under the picture), its rivers blue lines."""
from __future__ import annotations

from html import escape

from ..core.colours import hex_points, seat_colour
from .board_layout import estate_layout
from .geometry import Board, Colour, empty_count, members
from .scoring import winners
from .state import BLACK_TILE, GOODS_TYPES, CobState, Step

WIDTH = 840  # px
_PANEL_GAP = 16
_PANEL_W = (WIDTH - 24 - _PANEL_GAP) // 2
_HEX = 17.0  # px: an estate hex's circumradius
_SMALL_HEX = 14.0  # px: a depot or storage hex

#: (placed tile fill, free space fill, text colour on the placed tile)
COLOURS: dict[Colour, tuple[str, str, str]] = {
    Colour.BUILDING: ("#d9b26f", "#f5ead2", "#222"),
    Colour.PASTURE: ("#8cc45a", "#e3f1d3", "#222"),
    Colour.KNOWLEDGE: ("#efcd2e", "#faf1bd", "#222"),
    Colour.SHIP: ("#3f7fcf", "#d6e4f6", "#fff"),
    Colour.CASTLE: ("#2e6b35", "#cadfcc", "#fff"),
    Colour.MINE: ("#7d7d7d", "#e2e2e2", "#fff"),
}
_BLACK_FILL = "#262626"
_BUILDING_SHORT = {"warehouse": "Wh", "carpenter": "Cp", "church": "Ch", "market": "Mk", "boarding-house": "BH",
                   "bank": "Bk", "city-hall": "CH", "watchtower": "Wt"}
_COLOUR_SHORT = {Colour.CASTLE: "Ca", Colour.MINE: "Mi", Colour.SHIP: "Sh"}
_RIVER = "#2a8fd6"
_STEP_STATUS = {Step.DEPOTS: "; phase set-up: depots being filled", Step.BLACK: "; phase set-up: depots being filled",
                Step.ROLL: "; the dice are being rolled", Step.WHITE: "; the white die is next"}


def tile_words(cat, tile: str) -> tuple[str, str]:
    """The short name written on a hex (``Bk`` bank, ``cow3`` three cows, ``#7`` knowledge #7) and the
    tile in words, for a hover title."""
    if tile == BLACK_TILE:
        return "back", "a black-depot tile lying face down (no effect)"
    kind = cat.hex_kinds[tile]
    if kind.building:
        return _BUILDING_SHORT.get(kind.building, kind.building[:2]), cat.buildings[kind.building].name
    if kind.animal:
        return f"{kind.animal[:3]}{kind.animals}", f"{kind.animals} {cat.animal_names.get(kind.animal, kind.animal)}"
    if kind.knowledge is not None:
        return f"#{kind.knowledge}", f"knowledge tile #{kind.knowledge}"
    return _COLOUR_SHORT.get(kind.colour, kind.colour.value[:2]), kind.colour.value


# -- pieces --------------------------------------------------------------------------------------------

def _small_tile(cat, tile: str | None, colour: Colour | None, cx: float, cy: float, where: str, attrs: str) -> str:
    """A depot or storage hex: the tile lying there, or the empty space dashed in its colour."""
    r = _SMALL_HEX
    if tile is None:
        fill = COLOURS[colour][1] if colour is not None else "#fff"
        what = f"{where}: empty" + (f" ({colour.value} space)" if colour is not None else "")
        return (f'<g class="slot empty" {attrs}><title>{escape(what)}</title><polygon points="{hex_points(cx, cy, r)}" '
                f'fill="{fill}" stroke="#888" stroke-dasharray="3 2"/></g>')
    if tile == BLACK_TILE:
        fill, text = _BLACK_FILL, "#fff"
    else:
        fill, _pale, text = COLOURS[cat.hex_kinds[tile].colour]
    label, name = tile_words(cat, tile)
    return (f'<g class="slot tile" data-tile="{escape(tile)}" {attrs}><title>{escape(where)}: {escape(name)}'
            f'</title><polygon points="{hex_points(cx, cy, r)}" fill="{fill}" stroke="#333"/>'
            f'<text x="{cx:.1f}" y="{cy + 3.5:.1f}" text-anchor="middle" font-size="9.5" fill="{text}">'
            f'{escape(label)}</text></g>')


def _goods_chips(counts, x: float, y: float, per_row: int, attrs: str = "") -> list[str]:
    """Goods tiles as small squares with their type number (``counts`` indexed by type 1-6), ``per_row``
    to a line."""
    out, k = [], 0
    for t in GOODS_TYPES:
        for _ in range(counts[t]):
            row, col = divmod(k, per_row)
            cx, cy = x + 15 * col, y + 15 * row
            out.append(f'<g class="goods" data-goods="{t}" {attrs}><rect x="{cx:.1f}" y="{cy:.1f}" width="13" '
                       f'height="13" rx="2" fill="#fff8e6" stroke="#7a5a1a"/><text x="{cx + 6.5:.1f}" '
                       f'y="{cy + 10:.1f}" text-anchor="middle" font-size="9.5">{t}</text></g>')
            k += 1
    return out


def _central(s: CobState, top: float) -> tuple[list[str], float]:
    """The depots 1-6 and their goods, the black depot and the colour bonus tiles."""
    cat = s.cat
    out = [f'<text x="12" y="{top + 14:.0f}" font-weight="bold">Central board</text>']
    box_w, box_h, y = 104, 122, top + 22
    for d in range(1, 7):
        x = 12 + (d - 1) * (box_w + 6)
        white = s.white == d and s.step == Step.TURN
        out.append(f'<g class="depot" data-depot="{d}"><rect x="{x}" y="{y:.0f}" width="{box_w}" height="{box_h}" rx="6" '
                   f'fill="#f8f4ea" stroke="{"#b8860b" if white else "#aaa"}" stroke-width="{2.5 if white else 1}"/>'
                   f'<text x="{x + 8}" y="{y + 15:.0f}" font-weight="bold">depot {d}</text>')
        spaces = s.depot_spaces[d] if s.depot_spaces else ()
        for k, (space, colour) in enumerate(spaces):
            cx = x + 26 + (k % 2) * 30 + (15 if k >= 2 else 0)
            cy = y + 36 + (k // 2) * 25
            out.append(_small_tile(cat, s.depots.get(space), colour, cx, cy, f"depot space {space}",
                                   f'data-depot-space="{space}"'))
        chips = _goods_chips(s.depot_goods[d], x + 6, y + box_h - 33, 6, f'data-on-depot="{d}"')
        out.append(f'<text x="{x + 6}" y="{y + box_h - 37:.0f}" font-size="9.5" fill="#555">goods:'
                   f'{"" if chips else " none"}</text>')
        out.extend(chips)
        out.append("</g>")
    bx = 12 + 6 * (box_w + 6)
    bw = WIDTH - 12 - bx
    out.append(f'<g class="depot black-depot"><rect x="{bx}" y="{y:.0f}" width="{bw}" height="{box_h}" rx="6" fill="#e9e6df" '
               f'stroke="#333"/><text x="{bx + 8}" y="{y + 15:.0f}" font-weight="bold">black depot</text>')
    for k, tile in enumerate(s.black):
        cx = bx + 22 + (k % 4) * 30 + (15 if (k // 4) % 2 else 0)
        cy = y + 36 + (k // 4) * 25
        out.append(_small_tile(cat, tile, None, cx, cy, "black depot", 'data-black="1"'))
    if not s.black:
        out.append(f'<text x="{bx + 8}" y="{y + 40:.0f}" fill="#555">empty</text>')
    price = cat.economy.black_purchase_silverlings
    out.append(f'<text x="{bx + 8}" y="{y + box_h - 8:.0f}" font-size="9.5" fill="#555">{price} silverlings a tile, '
               f'once a turn</text></g>')
    y += box_h + 18
    if s.solo:
        out.append(f'<text x="12" y="{y:.0f}" font-size="11">Solo: completing a colour gives a black-depot tile, '
                   f'placed at once (no bonus tiles).</text>')
    else:
        large, small = cat.bonus_vp.get(s.n, (0, 0))
        out.append(f'<text x="12" y="{y:.0f}" font-size="11">bonus tiles (first / second to fill a colour: '
                   f'{large} / {small} VP):</text>')
        x = 300.0
        for colour in Colour:
            done = s.colour_done.get(colour, 0)
            fill = COLOURS[colour][0]
            for rank, vp in ((1, large), (2, small)):
                won = done >= rank
                dash = ' stroke-dasharray="2 2"' if won else ""
                out.append(f'<g class="bonus" data-colour="{colour.value}" data-rank="{rank}" data-taken="{int(won)}">'
                           f'<title>{colour.value}, {"first" if rank == 1 else "second"} player: {vp} VP, '
                           f'{"taken" if won else "still to win"}</title><rect x="{x:.0f}" y="{y - 11:.0f}" width="22" '
                           f'height="15" rx="2" fill="{"#fff" if won else fill}" stroke="{fill}" stroke-width="2"{dash}/><text x="{x + 11:.0f}" y="{y:.0f}" '
                           f'text-anchor="middle" font-size="9.5" fill="{"#999" if won else COLOURS[colour][2]}">'
                           f'{"-" if won else vp}</text></g>')
                x += 25
            x += 8
    return out, y + 10


def _estate(s: CobState, seat: int, x: float, y: float, width: float) -> tuple[list[str], float]:
    """One player's panel; returns its markup and height."""
    cat, e = s.cat, s.estates[seat]
    board = e.board
    centres, w1, h1 = estate_layout(board)
    # a standard estate leaves about 180 px beside it for the holdings; a Solo board takes the whole
    # width of its panel, the holdings below it
    size = min(_HEX + 5, (width - 20) / w1) if board.solo else _HEX
    pid = escape(str(s.ids[seat]))
    colour = seat_colour(seat)
    acting = s.step == Step.TURN and s.current == seat
    out = [f'<g class="estate" data-player="{pid}" data-seat="{seat}">']
    header = (f'seat {seat} {pid}: {s.ledger.totals[seat]} VP' + (f" (counter {e.counter} of target {e.target})"
                                                                 if s.solo else ""))
    if acting:
        dice = " and ".join(map(str, s.unused)) or "all used"
        header += f" - to act, dice left {dice}"
    out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{width:.0f}" height="@H@" rx="8" fill="#fffdf7" '
               f'stroke="{colour}" stroke-width="{3 if acting else 1.5}"/><rect x="{x + 8:.0f}" y="{y + 7:.0f}" width="12" '
               f'height="12" fill="{colour}"/><text x="{x + 26:.0f}" y="{y + 17:.0f}" font-weight="bold">'
               f'{escape(header)}</text>')
    ox, oy = x + 10, y + 26
    drawn = [(ox + cx * size, oy + cy * size) for cx, cy in centres]
    for a, b in _river_pairs(board):
        (x1, y1), (x2, y2) = drawn[a], drawn[b]
        out.append(f'<line class="river" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{_RIVER}" '
                   f'stroke-width="4" stroke-opacity="0.55" stroke-linecap="round"/>')
    r = size * 0.97
    for i, space in enumerate(board.spaces):
        cx, cy = drawn[i]
        tile = e.tiles[i]
        placed, pale, text = COLOURS[space.colour]
        title = f"space {space.id}: {space.colour.value}, die {space.die}"
        if tile is None:
            out.append(f'<g class="space free" data-space="{space.id}"><title>{escape(title)}: free</title>'
                       f'<polygon points="{hex_points(cx, cy, r * 0.94)}" fill="{pale}" stroke="{placed}" stroke-width="1.8"/>'
                       f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" font-size="{size * 0.68:.1f}" '
                       f'fill="#555">{space.die}</text></g>')
            continue
        fill = _BLACK_FILL if tile == BLACK_TILE else placed
        ink = "#fff" if tile == BLACK_TILE else text
        label, name = tile_words(cat, tile)
        out.append(f'<g class="space placed" data-space="{space.id}" data-tile="{escape(tile)}"><title>{escape(title)}: '
                   f'{escape(name)}</title><polygon points="{hex_points(cx, cy, r)}" fill="{fill}" '
                   f'stroke="#222" stroke-width="1.2"/><text x="{cx:.1f}" y="{cy - size * 0.38:.1f}" text-anchor="middle" '
                   f'font-size="{size * 0.42:.1f}" fill="{ink}" opacity="0.8">{space.die}</text><text x="{cx:.1f}" '
                   f'y="{cy + size * 0.3:.1f}" text-anchor="middle" font-size="{size * 0.55:.1f}" font-weight="bold" '
                   f'fill="{ink}">{escape(label)}</text></g>')
    map_h = h1 * size
    info_x, info_y = (x + 14, oy + map_h + 16) if board.solo else (ox + w1 * size + 12, oy + 6)
    lines, h2 = _holdings(s, seat, info_x, info_y)
    out.extend(lines)
    height = max(map_h + 36, info_y - y + h2 + 8)
    out.append("</g>")
    return [piece.replace("@H@", f"{height:.0f}") for piece in out], height


def _river_pairs(board: Board) -> list[tuple[int, int]]:
    return [(a, b) for a in range(len(board.spaces)) for b in members(board.river[a]) if a < b]


def _holdings(s: CobState, seat: int, x: float, y: float) -> tuple[list[str], float]:
    """Storage, goods, money, workers, bonus and knowledge tiles of one player (text and chips)."""
    cat, e = s.cat, s.estates[seat]
    top = y
    out = [f'<text x="{x:.0f}" y="{y + 6:.0f}" font-size="10.5">storage:</text>']
    for k in range(cat.economy.storage_spaces):
        tile = e.storage[k] if k < len(e.storage) else None
        out.append(_small_tile(cat, tile, None, x + 60 + k * 31, y + 2, f"storage space {k + 1}",
                               f'data-storage="{k + 1}"'))
    y += 30
    chips = _goods_chips(e.goods, x + 40, y - 10, 8, f'data-held-by="{seat}"')
    out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="10.5">goods:{"" if chips else " none"}</text>')
    out.extend(chips)
    y += 18 + 15 * ((len(chips) - 1) // 8 if chips else 0)
    done = [c for c in Colour if e.board.colour_mask[c] and e.board.colour_mask[c] & ~e.filled == 0]
    texts = [f"silverlings {e.silverlings}, workers {e.workers}",
             f"spaces filled {e.filled.bit_count()} of {len(e.board.spaces)}",
             f"regions complete {e.regions}, mines {e.mines}",
             f"goods tiles sold {sum(e.sold)}",
             "colours filled:" + ("" if done else " none"),
             "knowledge: " + (" ".join(f"#{k}" for k in sorted(e.knowledge)) or "none")]
    if not s.solo:
        texts.insert(4, f"bonus tiles {e.bonus_tiles}")
    for t in texts:
        out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="10.5">{escape(t)}</text>')
        if t.startswith("colours filled:"):
            for k, colour in enumerate(done):
                out.append(f'<polygon class="colour-filled" data-colour="{colour.value}" '
                           f'points="{hex_points(x + 88 + 16 * k, y - 4, 7)}" fill="{COLOURS[colour][0]}" stroke="#333">'
                           f'<title>{colour.value}: every space filled</title></polygon>')
        y += 14
    return out, y - top


def _legend(s: CobState, y: float) -> tuple[list[str], float]:
    out = []
    x = 12.0
    for colour in Colour:
        placed, pale, _text = COLOURS[colour]
        out.append(f'<polygon points="{hex_points(x + 7, y - 4, 7)}" fill="{placed}" stroke="#333"/>'
                   f'<polygon points="{hex_points(x + 23, y - 4, 7)}" fill="{pale}" stroke="#999"/>'
                   f'<text x="{x + 34:.0f}" y="{y:.0f}" font-size="10.5">{colour.value}</text>')
        x += 40 + 6.2 * len(colour.value) + 12
    out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="10.5" fill="#444">(dark: tile placed, pale: free space '
               f'with its die number)</text>')
    y += 16
    cat = s.cat
    animals = " / ".join(f"{a[:3]}3" for a in cat.animal_names)
    buildings = ", ".join(f"{short} {cat.buildings[b].name.split(' (')[0].lower()}" for b, short in _BUILDING_SHORT.items()
                          if b in cat.buildings)
    lines = [f"Ca castle, Mi mine, Sh ship, {animals}: a pasture with that many animals, #7: knowledge tile 7; "
             f"small number on a tile: its space's die",
             buildings,
             "back: a black tile placed face down (Solo); dashed hex: a depot space already emptied; numbered squares: "
             "goods tiles by type (die number)"]
    if any(e.board.solo for e in s.estates):
        lines.append("Solo board drawn as a schematic: each land area as its hexes touch, blue lines are the rivers "
                     "(the catalog has no printed positions)")
    for line in lines:
        out.append(f'<text x="12" y="{y:.0f}" font-size="10" fill="#444">{escape(line)}</text>')
        y += 14
    return out, y


def render_svg(s: CobState) -> str:
    """The position as one SVG document (see the module docstring)."""
    cat = s.cat
    phase = cat.phases[min(s.phase, len(cat.phases) - 1)]
    if s.step == Step.END:
        won = [s.ids[seat] for seat in winners(s)]
        if s.solo:
            empty = empty_count(s.estates[0].board, s.estates[0].filled)
            status = "the game is over: " + ("won, every space filled" if won else f"lost, {empty} spaces still empty")
        else:
            status = "the game is over: " + " and ".join(won) + (" win" if len(won) > 1 else " wins")
    elif s.solo:
        status = f"round {s.rounds_played + 1} of {cat.solo.rounds} (phase {phase}, round {s.round + 1} of the phase)"
    else:
        status = f"phase {phase}, round {s.round + 1} of {cat.economy.rounds_per_phase}"
    if s.step == Step.TURN:
        status += f"; {s.ids[s.current]}'s turn, white die {s.white}"
    else:
        status += _STEP_STATUS.get(s.step, "")
    if s.order and s.n > 1:
        status += "; turn order " + ", ".join(s.ids[i] for i in s.order)
    body, y = _central(s, 28)
    y += 8
    columns = 1 if s.n == 1 else 2
    width = WIDTH - 24 if columns == 1 else _PANEL_W
    row_h = 0.0
    for seat in range(s.n):
        col = seat % columns
        if col == 0 and seat:
            y += row_h + 12
            row_h = 0.0
        panel, h = _estate(s, seat, 12 + col * (_PANEL_W + _PANEL_GAP), y, width)
        body.extend(panel)
        row_h = max(row_h, h)
    y += row_h + 22
    legend, y = _legend(s, y)
    height = y + 4
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board castles-of-burgundy" viewBox="0 0 {WIDTH} {height:.0f}" '
            f'width="{WIDTH}" height="{height:.0f}" font-family="sans-serif" font-size="12">',
            f'<rect width="{WIDTH}" height="{height:.0f}" fill="#f3efe4"/>',
            f'<text x="12" y="18" font-size="13" font-weight="bold">{escape(status)}</text>']
    return "".join(head + body + legend + ["</svg>"])
