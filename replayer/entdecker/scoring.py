"""Entdecker scoring: the islands completed in a turn and their greatest discoverers, the islands'
points (halving down the ranks), the end of the game with its incomplete islands and the Grand
Inventor bonus, and each seat's figures for the tables.

The winners are the core's default (the highest score): the rules name no tie-breaker.
"""
from __future__ import annotations

from .islands import explorable, find
from .state import OVER, EntdeckerState, PendingIsland, Share, Standing


def standings(s: EntdeckerState, root: int) -> list[Standing]:
    """Every player with a construction on the island of ``root``, best first: more colonies, then
    more forts, then more trading posts; equal players by seat."""
    parent = s.parent
    tally: dict[int, list[int]] = {}
    for cell, c in s.constructions.items():
        if find(parent, cell * 4 + c.segment) == root:
            t = tally.setdefault(c.seat, [0, 0, 0])
            t[2 - c.piece] += 1  # colonies first, then forts, then posts
    ranked = [Standing(tuple(v), seat) for seat, v in tally.items()]
    ranked.sort(key=lambda x: (x.pieces, -x.seat), reverse=True)
    return ranked


def shares(value: int, ranked: list[Standing]) -> list[Share]:
    """The greatest discoverer(s) score the value; each further position scores half of the
    position just above it, rounded up (10, 5, 3, 2). Tied players share a position and the next
    player takes the share of their own position."""
    out = []
    share = value
    position = 1
    prev_key = None
    for index, standing in enumerate(ranked, start=1):
        if standing.pieces != prev_key:
            while position < index:
                share = (share + 1) // 2
                position += 1
            prev_key = standing.pieces
        out.append(Share(standing.seat, position, share))
    return out


def score_island(s: EntdeckerState, island: PendingIsland, category: str) -> None:
    """Score ``island``: its tiles plus its highest plant token, shared out by :func:`shares`; its
    constructions go back to their owners."""
    plant = max(island.drawn, default=0)
    value = island.cells + plant
    for share in shares(value, island.standings):
        plant_txt = f" + plant {plant}" if plant else ""
        what = "incomplete island" if category == "incomplete_island" else "island"
        s.ledger.add(share.seat, share.points, category,
                     f"{what} of {island.cells} tiles{plant_txt} = {value}: position {share.position} -> {share.points}")
    parent = s.parent
    for cell in [cell for cell, c in s.constructions.items() if find(parent, cell * 4 + c.segment) == island.root]:
        c = s.constructions.pop(cell)
        s.pieces[c.seat][c.piece] += 1  # scored: back to its owner's reserve
    s.scored.add(island.root)


def queue_completed_islands(s: EntdeckerState) -> None:
    """At the end of a turn: the islands this turn completed (``s.pending_islands``, in reading
    order of their first space), each with its standings, and the greatest discoverers who draw a
    plant token first (``s.plant_queue``: the islands whose draws are due; see the package's rule
    readings for ties and scarcity)."""
    parent, faces, open_sides, scored = s.parent, s.faces, s.open_sides, s.scored
    roots = []
    for cell in s.touched:
        for node in range(cell * 4, cell * 4 + len(faces[cell].segments)):
            root = find(parent, node)
            if open_sides[root] == 0 and root not in scored and root not in roots:
                roots.append(root)
    s.touched = []
    s.pending_islands = []
    if not roots:  # no island completed this turn
        return
    roots.sort(key=lambda r: min(s.island_cells[r]))
    tokens_left = s.plant_tokens.remaining
    for root in roots:
        ranked = standings(s, root)
        drawers: list[int] = []
        if any(standing.pieces[0] or standing.pieces[1] for standing in ranked):  # a fort or a colony
            best = ranked[0].pieces
            top = [standing.seat for standing in ranked if standing.pieces == best]
            if len(top) <= tokens_left:
                drawers = sorted(top)
                tokens_left -= len(drawers)
        island = PendingIsland(root=root, cells=len(s.island_cells[root]), standings=ranked, drawers=drawers)
        s.pending_islands.append(island)
        if drawers:
            s.plant_queue.append(len(s.pending_islands) - 1)


def score_pending(s: EntdeckerState) -> None:
    """Score the islands completed this turn, their plant tokens drawn; an island nobody built on
    is only marked scored."""
    for island in s.pending_islands:
        if island.standings:
            score_island(s, island, "island")
        else:
            s.scored.add(island.root)
    s.pending_islands = []


def game_over(s: EntdeckerState) -> bool:
    """Whether the turn just scored ends the game: the board is full, the last discovery card was
    drawn, or no ship position has a free white line any more (rules: End of Game)."""
    return s.placed == s.cat.cells or s.tiles.remaining == 0 or not explorable(s)


def game_end(s: EntdeckerState) -> None:
    """Incomplete islands scored without plants; then the Grand Inventor bonus."""
    parent = s.parent
    roots = sorted({find(parent, cell * 4 + c.segment) for cell, c in s.constructions.items()},
                   key=lambda r: min(s.island_cells[r]))
    for root in roots:
        if root in s.scored:
            continue
        island = PendingIsland(root=root, cells=len(s.island_cells[root]), standings=standings(s, root), drawers=[])
        score_island(s, island, "incomplete_island")
    counts = [len(p) for p in s.plants]
    best = max(counts)
    if best:
        for seat, c in enumerate(counts):
            if c == best:
                s.ledger.add(seat, c, "grand_inventor", f"Grand Inventor with {c} plant tokens")
    s.phase = OVER


def player_rows(s: EntdeckerState) -> list[tuple]:
    """Per seat, the engine's ``state_columns``: score, gold, the trading posts, forts and colonies
    in reserve, the pieces on the board (every piece not in its owner's reserve), the plantations
    and their sum."""
    every_piece = sum(s.cat.piece_count)
    rows = []
    for total, wealth, (post, fort, colony), plants in zip(s.ledger.totals, s.wealth, s.pieces, s.plants):
        rows.append((total, wealth, post, fort, colony, every_piece - post - fort - colony, len(plants), sum(plants)))
    return rows
