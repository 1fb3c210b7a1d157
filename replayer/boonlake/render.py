"""The Boonlake position in words: whose decision is next (:func:`waiting`, also the tail of a
refused move's message), the one-line :func:`describe` and the multi-line :func:`render` of
``ludolog replay``, and the heading of the board picture (:func:`svg_heading`; the picture itself
is :mod:`.board_svg`). Pure functions of the state: they change nothing.
"""
from __future__ import annotations

from ..core.game import CHANCE, SIMULTANEOUS
from . import turn
from .eminence import EMINENCE_ID
from .resolve import draw_words
from .state import BoonlakeState, Step


def waiting(s: BoonlakeState, seat: int | None) -> str:
    """Whose decision is next and what it is, in a sentence (``seat`` None: the table's)."""
    step = s.step
    if s.gives.items:
        owed = s.gives.items[-1]
        return (f"{s.ids[owed.seat]} names the cards given up for {owed.why}, a 'give' move each "
                f"({sum(1 for g in s.gives.items if g.seat == owed.seat)} still)")
    if s.draws:
        return f"the table must write {draw_words(s)} (a 'card' move)"
    if s.solo is not None and s.solo.pending_tiles:
        return "the table must write the gray tile the Wise Eminence draws (a 'mound' move)"
    if seat is None or seat >= s.n:
        return "the table must reveal the Wise Eminence's solo tile (an 'eminence' move)"
    if (step is Step.CARD or step is Step.MIDDLE) and seat != s.current and turn.ahead_waits(s, seat):
        return (f"{s.ids[seat]} may decide {s.ahead.label} while {s.ids[s.current]} resolves the left of the arrow, "
                f"or wait")
    if step is Step.MIDDLE:
        return f"{s.ids[seat]} resolves {s.middle[0].replace('_', ' ')} of {s.cat.strips[s.strip].name} (or passes)"
    names = {Step.ACTION: "takes an action strip", Step.CARD: "plays or discards a card of the strip's kind (or passes)",
             Step.RIGHT: "decides the right-side part", Step.SHIP: "moves the ship", Step.INTERIM: "scores"}
    return f"{s.ids[seat]} {names.get(step, 'decides')}"


def describe(s: BoonlakeState) -> str:
    """The position in one line: round, turn and step, who is waited for, the strips, each seat's
    VP, coins, cards (known + unseen), ranch and ship, and the Wise Eminence's in a solo game."""
    parts = [f"round {s.rnd} turn {s.turn + 1} {s.step.name.lower()}"]
    if s.step is not Step.END:
        seat = turn.expect(s)[0]
        who = "table" if seat == CHANCE else "all" if seat == SIMULTANEOUS else s.ids[seat]
        parts.append(f"waiting {who}")
    parts.append("strips " + ",".join(s.strips))
    for seat, p in enumerate(s.players):
        parts.append(f"{s.ids[seat]}: {s.ledger.totals[seat]}VP {p.coins}c {len(p.hand)}+"
                     f"{s.deck.unknown_held.get(seat, 0)}cards ranch{p.ranch} ship@{p.ship}")
    if s.solo is not None:
        sl = s.solo
        parts.append(f"Wise Eminence: {sl.ledger.totals[0]}VP cactus{sl.cactus} ship@{sl.ship} "
                     f"stack {len(sl.revealed)}/{s.cat.solo_stack_size} revealed")
    return "; ".join(parts)


def render(s: BoonlakeState) -> str:
    """:func:`describe`, then the building tiles by space, the pieces on their sites and the cattle."""
    lines = [describe(s)]
    board = ", ".join(f"{sp}:{t}" for sp, t in sorted(s.tiles.items()))
    lines.append("tiles " + board)
    name = (s.ids + [EMINENCE_ID]).__getitem__  # solo: seat n is the Wise Eminence
    pieces = ", ".join(f"{sp}.{i + 1}={name(o)}/{pc.value}" for (sp, i), (o, pc) in sorted(s.sites.items()))
    lines.append("pieces " + (pieces or "-"))
    lines.append("cattle " + (", ".join(f"{sp}:{'/'.join(name(k) for k in ks)}" for sp, ks in sorted(s.cattle.items())) or "-"))
    return "\n".join(lines)


def svg_heading(s: BoonlakeState) -> str:
    """The line over the board picture: whose decision is next."""
    if s.step is Step.END:
        return "the game is over"
    seat = turn.expect(s)[0]
    if seat == SIMULTANEOUS:
        return "the interim scoring: every player decides" if s.step is Step.INTERIM else "every player decides"
    return waiting(s, seat if seat >= 0 else None)
