"""Rule codes: declared once per game, each with the rules passage it enforces."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    ref: str  # where in the rules text (file and section)
    summary: str  # the rule in one sentence, for players and referees


class RuleBook:
    """The rule codes a game can raise. Raising an undeclared code is a programming error."""

    def __init__(self, game: str, rules: list[Rule]):
        self.game = game
        self.rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.code in self.rules:
                raise ValueError(f"rule code declared twice: {rule.code}")
            self.rules[rule.code] = rule

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


CORE_RULES = RuleBook("core", [
    Rule("CORE.JSON.SYNTAX", "DESIGN.md, the log envelope", "A log file must be well-formed UTF-8 JSON."),
    Rule("CORE.JSON.DUPLICATE_KEY", "DESIGN.md, the log envelope",
         "No JSON object in a log may write the same key twice (its meaning would depend on the reader)."),
    Rule("CORE.SCHEMA", "DESIGN.md, the log envelope", "A log must match its game's JSON Schema."),
    Rule("CORE.GAME.UNKNOWN", "DESIGN.md, games", "A log must name a game ludolog knows."),
    Rule("CORE.FORMAT.UNSUPPORTED", "DESIGN.md, the log envelope", "A log must use a format version this ludolog reads."),
    Rule("CORE.CATALOG.MISMATCH", "DESIGN.md, principle 1", "A log must name the catalog version its game uses."),
    Rule("CORE.PLAYERS.DUPLICATE", "DESIGN.md, the log envelope", "Player ids must be unique."),
    Rule("CORE.PLAYERS.COUNT", "DESIGN.md, games", "The number of players must be one the game allows."),
    Rule("CORE.MOVE.UNKNOWN_PLAYER", "DESIGN.md, the log envelope", "A move's player must be one of the log's players."),
    Rule("CORE.MOVE.AFTER_END", "DESIGN.md, principle 2", "No move may follow the end of the game."),
    Rule("CORE.CLAIM.FINAL_MISMATCH", "DESIGN.md, principle 4", "Claimed final scores must equal the replayed scores."),
    Rule("CORE.CLAIM.UNFINISHED", "DESIGN.md, principle 4", "Final scores can only be claimed for a finished game."),
    Rule("CORE.CLAIM.EVENT_MISMATCH", "DESIGN.md, principle 4", "Scores claimed at a scoring event must equal the replay at that point."),
    Rule("CORE.CLAIM.UNKNOWN_PLAYER", "DESIGN.md, principle 4", "Claims may only name the log's players (or a bot seat, as @id)."),
    # hidden components (replayer/core/components.py): recorded when they become visible
    Rule("CORE.HIDDEN.NOT_IN_POOL", "DESIGN.md, principle 1",
         "A revealed component must still be unseen in the deck, pile or bag it came from: every copy of it is already accounted for."),
    Rule("CORE.HIDDEN.EMPTY", "DESIGN.md, principle 1", "Nothing can be drawn from an empty deck, pile or bag."),
    Rule("CORE.HIDDEN.SIZE", "DESIGN.md, principle 1",
         "The sizes given for a deck's piles must add up to the components it holds."),
    Rule("CORE.HIDDEN.NOT_HELD", "DESIGN.md, principle 1",
         "A component identified from a hand must have been drawn into that hand unseen."),
    Rule("CORE.HIDDEN.NO_PILE", "DESIGN.md, principle 1", "A draw must name one of the deck's piles."),
    # simultaneous decisions (replayer/core/simultaneous.py)
    Rule("CORE.SIMULTANEOUS.NOT_OPEN", "DESIGN.md, principle 5",
         "This decision is made by several players at once, and only while such a step is open."),
    Rule("CORE.SIMULTANEOUS.NOT_A_SEAT", "DESIGN.md, principle 5",
         "Only the players the simultaneous step is waiting for may decide in it."),
    Rule("CORE.SIMULTANEOUS.TWICE", "DESIGN.md, principle 5", "Each player decides once in a simultaneous step."),
    Rule("CORE.SIMULTANEOUS.INCOMPLETE", "DESIGN.md, principle 5",
         "A simultaneous step ends only when every player in it has decided (or passed): nothing else happens before."),
    # format versions (replayer/core/migrate.py)
    Rule("CORE.FORMAT.MIGRATION", "README.md, format history",
         "An older log must have the shape its format version defines, so that it can be read in the current one."),
])
