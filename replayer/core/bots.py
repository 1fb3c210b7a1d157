"""Bot seats: automated opponents that score but are not players of the log (Kingdom Crossing's
Paco & Paca, Boonlake's Wise Eminence), driven by components the log reveals.

A game declares each as a :class:`BotSeat`; it scores into a ledger of its own
(:meth:`~ludolog.replayer.core.game.Game.bot_ledger`), which ``validate``, ``replay`` and ``audit``
show beside the players'. A bot is claimed as ``"@" + id`` (``{"ana": 31, "@paco-paca": 147}``):
player ids cannot begin with ``@`` (the envelope schema), so a bot is never taken for a player.
"""
from __future__ import annotations

from dataclasses import dataclass

BOT_PREFIX = "@"


@dataclass(frozen=True, slots=True)
class BotSeat:
    """An automated opponent: ``id`` (claimed as ``@id``), its ``name`` as the rules print it, and
    whether that name is plural ("Paco & Paca win", "the Wise Eminence wins")."""

    id: str
    name: str
    plural: bool = False

    @property
    def claim_id(self) -> str:
        """The key under which a log claims this bot's score."""
        return BOT_PREFIX + self.id


def result_line(scores: list[tuple[str, int]], winners: list[str], plural: set[str] | frozenset = frozenset()) -> str:
    """``"ana 31, Paco & Paca 147: Paco & Paca win"``: every score in seat order (bots last), then
    who won. ``winners`` are names as in ``scores``; ``plural`` names take the plural verb."""
    listed = ", ".join(f"{name} {score}" for name, score in scores)
    if not winners:
        return f"{listed}: nobody wins"
    if len(winners) == 1:
        who = winners[0]
        return f"{listed}: {who} {'win' if who in plural else 'wins'}"
    return f"{listed}: {', '.join(winners[:-1])} and {winners[-1]} share the win"
