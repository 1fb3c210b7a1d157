"""The position in words: one line (``describe``) and several (``render``)."""
from __future__ import annotations

from .hands import unknown_workers
from .state import SEASONS, KFState, Phase, waiting


def describe(s: KFState) -> str:
    """The position in one line: season and phase, the start player, what it waits for, and per seat
    the score, the workers (by colour, unseen ones as ``+n?``), the skill tiles and the tiles."""
    parts = [f"{SEASONS[s.season].value} {s.phase.value}", f"start {s.ids[s.start]}"]
    if s.phase is not Phase.END:
        parts.append(f"waiting: {waiting(s)}")
    for seat, p in enumerate(s.players):
        w = "/".join(map(str, p.workers)) + (f"+{unknown_workers(s, seat)}?" if unknown_workers(s, seat) else "")
        parts.append(f"{s.ids[seat]}: {s.ledger.totals[seat]}VP workers {w} skills {'/'.join(map(str, p.skills))} "
                     f"tiles {len(p.coords)}")
    return "; ".join(parts)


def render(s: KFState) -> str:
    """The position in lines: :func:`describe`, the tiles on offer, the bids and uses on each tile, each
    village's tiles (``*`` upgraded, ``@`` the coordinates, the resources lying there)."""
    lines = [describe(s)]
    if s.auction:
        lines.append("on offer: " + ", ".join(s.auction))
    for tile, workers in sorted(s.on_tile.items()):
        bids = ", ".join(f"{s.ids[b.player]} {b.count} {b.colour}" for b in workers.bids)
        lines.append(f"  {tile}: bids [{bids}] uses {workers.used_workers()}")
    for seat, p in enumerate(s.players):
        tiles = ", ".join(f"{pl.tile}{'*' if pl.side == 'upgraded' else ''}@{c}"
                          + (f" {'/'.join(map(str, pl.resources))}" if any(pl.resources) else "")
                          for c, pl in sorted(p.village.tiles.items()))
        lines.append(f"  {s.ids[seat]} village: {tiles}")
    return "\n".join(lines)
