"""A Kingdom Crossing position in words: what the game waits for (for error messages), a one-line
summary (``describe``) and a board in lines of at most 100 columns (``render``)."""
from __future__ import annotations

import textwrap

from ..core.game import CHANCE
from .catalog import GUILDS, RESOURCES
from .answers import CHANCE_TASKS
from .listing import expect
from .scoring import claimable_goals
from .state import BUY_END, CARD, CLAIM, END, EVENING, INCOME, START, STEP_NAMES, TURN, KCState

_CHANCE_TEXT = {"reveal": "the next card (or empty-deck tile) turned face up on the space whose card was taken",
                "birds": "the birds landing on the cards of a region", "queen": "the Queen card waking this morning",
                "refill": "the Favor turned face up into the display", "restock": "the stack that refills the empty Favor stack"}
_CHOICE_TEXT = {"invest": "resolve an Invest action (advance, or cash the coins shown)",
                "resource": "choose the resource gained", "resources": "choose the different resources gained",
                "decor": "place the decoration token gained", "res_or_decor": "choose a resource or a decoration token",
                "upgrade": "choose the Action tile to improve", "structure": "choose the Structure whose ability resolves",
                "favor": "take a Favor of the Queen", "house": "place a House", "take_bird": "take a bird from a card"}
_STEP_TEXT = {START: "choose a starting pair", INCOME: "take the next income of the morning",
              TURN: "play an Action tile (rest or work)", CARD: "choose the card to buy (or buy a resource first)",
              BUY_END: "buy a resource with the market tile or pass", EVENING: "choose the evening income"}


def waiting_for(s: KCState) -> str:
    """What the game waits for, in words (for error messages)."""
    if s.tasks:
        kind = s.tasks.top().kind
        if kind in CHANCE_TASKS:
            return "be written: " + _CHANCE_TEXT[kind]
        return _CHOICE_TEXT.get(kind, "answer the pending choice")
    if s.step == CLAIM:
        goals = ", ".join(s.cat.goal_ids[g] for g in claimable_goals(s, s.current))
        return f"claim a Bridge Goal ({goals}) or pass"
    if s.step == TURN and s.current >= s.n:
        return "reveal their next solo tile"
    return _STEP_TEXT.get(s.step, STEP_NAMES[s.step])


def describe(s: KCState) -> str:
    """The position in words: round and step, who is first and who is to act, then each
    player's Prestige, coins, Invest track, resources, region and guild tracks."""
    return "; ".join([turn_text(s)] + [_player_text(s, seat) for seat in range(len(s.players))])


def turn_text(s: KCState) -> str:
    """Round and step, the first player, and who is to act with which move types."""
    text = f"round {s.round}, {STEP_NAMES[s.step]} step; {_name(s, s.first)} is first player"
    if s.step != END:
        seat, types = expect(s)
        text += f"; {'Paco & Paca' if seat == CHANCE else _name(s, seat)} to act: {' or '.join(types)}"
    return text


def _name(s: KCState, seat: int) -> str:
    """A player's id; the solo mode's second seat is Paco & Paca."""
    return "Paco & Paca" if seat >= s.n else s.ids[seat]


def _player_text(s: KCState, seat: int) -> str:
    p = s.players[seat]
    score = s.ledger.totals[seat] if seat < s.n else s.paco_ledger.totals[0]
    where = f"in {s.cat.regions[p.region]}" if p.region >= 0 else "on no region yet"
    resources = ", ".join(f"{name} {count}" for name, count in zip(RESOURCES, p.res))
    guilds = ", ".join(f"{name} {step}" for name, step in zip(GUILDS, p.guild))
    return (f"{_name(s, seat)}: {score} Prestige, {p.coins} coins, Invest track {p.invest}, {resources}, "
            f"{where}, guild tracks {guilds}")


def render(s: KCState) -> str:
    """Round, step and who acts; the spaces' top cards, the balloon, the Queen and the favors
    shown; then each player's figures and what they have (lines of at most 100 columns)."""
    def wrapped(text: str, indent: str = "") -> list[str]:
        return textwrap.wrap(text, 100, initial_indent=indent, subsequent_indent=indent + "  ")

    cat = s.cat
    lines = wrapped(turn_text(s))
    cards = ", ".join(f"{cat.spaces[i]} {s.space_card[i] or s.space_tile[i] or 'empty'}"
                      f"{' with bird ' + s.space_bird[i] if s.space_bird[i] else ''}" for i in range(len(cat.spaces)))
    lines += wrapped("top cards: " + cards)
    lines.append(f"balloon in {cat.regions[s.balloon] if s.balloon >= 0 else 'no region'}; "
                 f"Queen card {s.queen_card if s.queen_available else 'taken'}; "
                 f"favors shown {', '.join(f for f in s.favor_display if f) or 'none'}")  # a slot may be empty
    for seat, p in enumerate(s.players):
        improved = [str(i + 1) for i, x in enumerate(p.improved) if x]
        played = [str(i + 1) for i, x in enumerate(p.played) if x]
        lines += wrapped(f"{_player_text(s, seat)}; favors {', '.join(p.favors) or 'none'}; structures "
                         f"{', '.join(p.structures) or 'none'}; {len(p.birds)} bird{'' if len(p.birds) == 1 else 's'}; "
                         f"action tiles improved {', '.join(improved) or 'none'}, played this round "
                         f"{', '.join(played) or 'none'}", "  ")
    if s.solo:
        lines.append(f"Paco & Paca: {s.paco_ledger.totals[0]} Prestige")
    return "\n".join(lines)
