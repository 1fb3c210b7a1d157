"""The Entdecker position in words: a one-line summary for error messages (``describe``) and an
ASCII map with each seat's figures for ``ludolog replay`` (``render``)."""
from __future__ import annotations

import string
import textwrap

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
    piece = f"{_PIECE_LETTER[owner.piece]}{owner.seat}" if owner else "  "  # the seat as the tables number it
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
