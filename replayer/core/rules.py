"""Rule codes: declared once per game, each with the rules passage it enforces.

A reference names what a player has in hand: the rulebook and its section by name (``Entdecker
rules, 2. Exploration (ii)``), or for the core's own rules a section of ludolog's documentation
(the pages under ``docs/``, named by their heading), never a file of the source tree. A declaration
still written the old way, ``rules/<file>.txt, Section``, is rendered with its book's name
(:attr:`RuleBook.source`) so no game's reference shows a path.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

#: where the core's and the command line's own rules are explained (a section of it follows)
DOCS = "ludolog docs"
_SOURCE_PATH = re.compile(r"^rules/[A-Za-z0-9_.-]+\.txt(?:,\s*|$)")


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    ref: str  # the rulebook section by name, as a player finds it ("Entdecker rules, 2. Exploration (ii)")
    summary: str  # the rule in one sentence, for players and referees


_OTHER_PATH = re.compile(r"rules/(?:supplements/)?([A-Za-z0-9_-]+)\.(?:txt|md)")


def render_ref(ref: str, source: str) -> str:
    """``ref`` as a player finds it: a leading ``rules/<file>.txt`` becomes ``source``, any other
    ``rules/[supplements/]<name>.txt|md`` the book's name made of its file name
    (``castles-of-burgundy-base.md`` -> ``Castles Of Burgundy Base rules``)."""
    match = _SOURCE_PATH.match(ref)
    if match is not None:
        rest = ref[match.end():]
        ref = f"{source}, {rest}" if rest else source
    return _OTHER_PATH.sub(lambda m: f"{m.group(1).replace('-', ' ').replace('_', ' ').title()} rules", ref)


class RuleBook:
    """The rule codes a game can raise. Raising an undeclared code is a programming error.

    ``source`` names the rulebook its references point into (default: the game's name and
    "rules", ``Kingdom Crossing rules``)."""

    def __init__(self, game: str, rules: list[Rule], source: str = ""):
        self.game = game
        self.source = source or f"{game.replace('-', ' ').title()} rules"
        self.rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.code in self.rules:
                raise ValueError(f"rule code declared twice: {rule.code}")
            self.rules[rule.code] = dataclasses.replace(rule, ref=render_ref(rule.ref, self.source))

    def __contains__(self, code: str) -> bool:
        return code in self.rules

    def __getitem__(self, code: str) -> Rule:
        return self.rules[code]

    def __iter__(self):
        return iter(self.rules.values())

    def __len__(self) -> int:
        return len(self.rules)

    def ref(self, code: str) -> str:
        rule = self.rules.get(code) or CORE_RULES.rules.get(code)
        return rule.ref if rule else ""


_FORMAT = f"{DOCS}, The log format"
_HIDDEN = f"{DOCS}, Hidden components, simultaneous steps, bots"
CORE_RULES = RuleBook("core", source=DOCS, rules=[
    Rule("CORE.JSON.SYNTAX", _FORMAT, "A log file must be well-formed UTF-8 JSON."),
    Rule("CORE.JSON.DUPLICATE_KEY", _FORMAT,
         "No JSON object in a log may write the same key twice (its meaning would depend on the reader)."),
    Rule("CORE.JSON.TOO_DEEP", _FORMAT,
         "Lists and objects in a log may nest at most 254 levels deep (ludolog cannot write deeper ones back)."),
    Rule("CORE.SCHEMA", _FORMAT, "A log must match its game's JSON Schema."),
    Rule("CORE.GAME.UNKNOWN", _FORMAT, "A log must name a game ludolog knows."),
    Rule("CORE.FORMAT.UNSUPPORTED", _FORMAT, "A log must use a format version this ludolog reads."),
    Rule("CORE.CATALOG.MISMATCH", f"{DOCS}, Catalogs: component data", "A log must name the catalog version its game uses."),
    Rule("CORE.PLAYERS.DUPLICATE", _FORMAT, "Player ids must be unique."),
    Rule("CORE.PLAYERS.COUNT", _FORMAT, "The number of players must be one the game allows."),
    Rule("CORE.MOVE.UNKNOWN_PLAYER", _FORMAT, "A move's player must be one of the log's players."),
    Rule("CORE.MOVE.AFTER_END", _FORMAT, "No move may follow the end of the game."),
    Rule("CORE.CLAIM.FINAL_MISMATCH", _FORMAT, "Claimed final scores must equal the replayed scores."),
    Rule("CORE.CLAIM.UNFINISHED", _FORMAT, "Final scores can only be claimed for a finished game."),
    Rule("CORE.CLAIM.EVENT_MISMATCH", _FORMAT, "Scores claimed at a scoring event must equal the replay at that point."),
    Rule("CORE.CLAIM.UNKNOWN_PLAYER", _FORMAT, "Claims may only name the log's players (or a bot seat, as @id)."),
    # hidden components (replayer/core/components.py): recorded when they become visible
    Rule("CORE.HIDDEN.NOT_IN_POOL", _HIDDEN,
         "A revealed component must still be unseen in the deck, pile or bag it came from: every copy of it is already accounted for."),
    Rule("CORE.HIDDEN.EMPTY", _HIDDEN, "Nothing can be drawn from an empty deck, pile or bag."),
    Rule("CORE.HIDDEN.SIZE", _HIDDEN,
         "The sizes given for a deck's piles must add up to the components it holds."),
    Rule("CORE.HIDDEN.NOT_HELD", _HIDDEN,
         "A component identified from a hand must have been drawn into that hand unseen."),
    Rule("CORE.HIDDEN.NO_PILE", _HIDDEN, "A draw must name one of the deck's piles."),
    # simultaneous decisions (replayer/core/simultaneous.py)
    Rule("CORE.SIMULTANEOUS.NOT_OPEN", _HIDDEN,
         "This decision is made by several players at once, and only while such a step is open."),
    Rule("CORE.SIMULTANEOUS.NOT_A_SEAT", _HIDDEN,
         "Only the players the simultaneous step is waiting for may decide in it."),
    Rule("CORE.SIMULTANEOUS.TWICE", _HIDDEN, "Each player decides once in a simultaneous step."),
    Rule("CORE.SIMULTANEOUS.INCOMPLETE", _HIDDEN,
         "A simultaneous step ends only when every player in it has decided (or passed): nothing else happens before."),
    # format versions (replayer/core/migrate.py)
    Rule("CORE.FORMAT.MIGRATION", f"{DOCS}, Format history",
         "An older log must have the shape its format version defines, so that it can be read in the current one."),
])
