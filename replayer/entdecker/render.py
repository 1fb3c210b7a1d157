"""Position texts: a one-line summary for error messages and an ASCII map for ``ludolog replay``."""
from __future__ import annotations

import string

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
    """Three characters: the land mark, then a construction (piece letter and seat) or the ship."""
    face = s.faces[cell]
    if face is None:
        return ".  "
    land = bin(face.land).count("1")
    mark = "~" if land == 0 else "#" if land == 4 else str(land)
    owner = s.constructions.get(cell)
    piece = f"{_PIECE_LETTER[owner[1]]}{owner[0] + 1}" if owner else "  "
    if cell == s.ship_cell:
        piece = piece[0] + "*" if owner else " *"
    return mark + piece


def render(s) -> str:
    """The board: '.' undiscovered, '~' open sea, 1-3 land sides, '#' all land; then pNi/fNi/cNi =
    trading post/fort/colony of seat N; '*' marks the ship."""
    cat = s.cat
    lines = ["    " + " ".join(f"{string.ascii_uppercase[c]}  " for c in range(cat.columns))]
    for row in range(cat.rows):
        cells = " ".join(_cell_text(s, row * cat.columns + col) for col in range(cat.columns))
        lines.append(f"{row + 1:>3} {cells}")
    lines.append("")
    for seat, pid in enumerate(s.ids):
        posts, forts, colonies = s.pieces[seat]
        lines.append(f"{pid:>8}: {s.ledger.totals[seat]:>3} points, {s.wealth[seat]:>2} gold, reserve "
                     f"{posts} posts/{forts} forts/{colonies} colony, plants {s.plants[seat] or '-'}")
    piles = s.tiles.pile_sizes if s.tiles.pile_sizes is not None else "not counted"
    plant_piles = s.plant_tokens.pile_sizes if s.plant_tokens.pile_sizes is not None else "not counted"
    lines.append(f"{s.tiles.remaining} tiles in the piles {piles}, reserve {dict(sorted(s.reserve.items()))}, "
                 f"{s.plant_tokens.remaining} plant tokens in the piles {plant_piles}")
    lines.append(describe(s))
    return "\n".join(lines)
