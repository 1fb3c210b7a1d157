"""The score ledger: every change of victory points is an event; a score is the sum of its events."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class ScoreEvent:
    move_index: int  # the move after which the points were gained (-1: set-up)
    seat: int
    delta: int
    category: str  # stable, game-specific: "island", "ruins", "grand_inventor", ...
    reason: str  # a sentence a player understands


class Ledger:
    """Append-only list of :class:`ScoreEvent`; the replay driver sets ``move_index`` before each move,
    and ``rollback`` (never copied) for :func:`~ludolog.replayer.core.cloning.guarded`."""

    __slots__ = ("events", "move_index", "totals", "rollback")

    def __init__(self, n_players: int):
        self.events: list[ScoreEvent] = []
        self.move_index = -1
        self.totals = [0] * n_players
        self.rollback = True

    def add(self, seat: int, delta: int, category: str, reason: str) -> None:
        if delta == 0:
            return
        self.events.append(ScoreEvent(self.move_index, seat, delta, category, reason))
        self.totals[seat] += delta

    def clone(self) -> Ledger:
        """An independent copy (events are immutable and shared)."""
        new = Ledger.__new__(Ledger)
        new.events = self.events.copy()
        new.move_index = self.move_index
        new.totals = self.totals.copy()
        new.rollback = True
        return new

    def by_category(self, seat: int) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.events:
            if e.seat == seat:
                out[e.category] = out.get(e.category, 0) + e.delta
        return out

    def totals_through(self, move_index: int) -> list[int]:
        """Scores after the move ``move_index`` (inclusive)."""
        totals = [0] * len(self.totals)
        for e in self.events:
            if e.move_index <= move_index:
                totals[e.seat] += e.delta
        return totals
