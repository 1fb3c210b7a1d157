"""Errors and violations: what went wrong, where in the log, and which rule it breaks.

Layered like python-chess: :class:`LudologError` is the root; :class:`LogError` means the file
itself cannot be read as a log (not JSON, wrong encoding, unknown game, schema errors);
:class:`IllegalMove` is raised by a game engine when a move breaks a rule. Both end up as
:class:`Violation` records, which is all a user ever sees.
"""
from __future__ import annotations

import reprlib
from dataclasses import asdict, dataclass, field

#: No violation message is longer than this (characters); an offending value is quoted shortened.
MAX_MESSAGE_CHARS = 400

_QUOTE = reprlib.Repr()
_QUOTE.maxstring = 60
_QUOTE.maxother = 60
_QUOTE.maxlist = _QUOTE.maxtuple = _QUOTE.maxset = 4
_QUOTE.maxdict = 4
_QUOTE.maxlevel = 2
_QUOTE.maxlong = 40


def quote(value) -> str:
    """``repr(value)`` shortened for a message: long strings, numbers and containers are cut (with
    their length said) and never rendered whole, whatever their size."""
    text = _QUOTE.repr(value)
    if isinstance(value, str) and len(value) > _QUOTE.maxstring:
        return f"{text} ({len(value):,} characters)"
    if isinstance(value, (list, dict)) and len(value) > 4:
        return f"{text} ({len(value):,} {'items' if isinstance(value, list) else 'keys'})"
    return text


def bounded(message: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``message`` cut to ``limit`` characters, saying that it was cut."""
    if len(message) <= limit:
        return message
    return message[:limit - 20] + f"... ({len(message):,} characters)"


class LudologError(Exception):
    """Root of every error ludolog raises on purpose."""


@dataclass(slots=True)
class Violation:
    """One thing wrong with a log, located precisely enough for a referee to find it.

    ``move_index`` is None for problems outside ``moves`` (envelope, setup, claims).
    ``pointer`` is an RFC 6901 JSON pointer into the log file (``/moves/41/cell``).
    """

    file: str
    move_index: int | None
    pointer: str
    code: str
    message: str
    rule_ref: str = ""
    context: str = ""

    def __post_init__(self) -> None:
        # Whoever built the message, it stays readable: one huge quoted value must not flood a report.
        if len(self.message) > MAX_MESSAGE_CHARS:
            self.message = bounded(self.message)

    def as_dict(self) -> dict:
        return asdict(self)

    def __str__(self) -> str:
        where = f"move {self.move_index}" if self.move_index is not None else "log"
        ref = f" [{self.rule_ref}]" if self.rule_ref else ""
        return f"{self.file}: {where} at {self.pointer or '/'}: {self.code}: {self.message}{ref}"


class LogError(LudologError):
    """The file cannot be read as a log at all, or fails its schema; carries every violation found."""

    def __init__(self, violations: list[Violation]):
        self.violations = violations
        super().__init__("; ".join(str(v) for v in violations[:3]))


@dataclass
class IllegalMove(LudologError):
    """Raised by a game engine: the move (or setup) breaks the rule ``code``.

    ``pointer`` is relative to the move (``/cell``) or, for setup problems, absolute (``/setup/piles``).
    """

    code: str
    message: str
    pointer: str = ""
    extra: dict = field(default_factory=dict)
    #: set by :func:`~.cloning.guarded` when it made no copy: the state may be half-changed
    unrestored = False

    def __post_init__(self) -> None:
        Exception.__init__(self, f"{self.code}: {self.message}")

    def __reduce__(self):
        # BaseException pickles its args (the one-line text); rebuild from the fields instead so
        # that a violation crossing a worker process keeps its code, message and pointer
        return (type(self), (self.code, self.message, self.pointer, self.extra))


class SetupProblems:
    """Every wrong set-up value of a log, collected so that one run reports them all: a set-up
    check calls :meth:`add` for each and :meth:`check` at the end, which raises the first carrying
    the others in ``extra["also"]`` (the replay driver makes a violation of each)."""

    __slots__ = ("found",)

    def __init__(self) -> None:
        self.found: list[IllegalMove] = []

    def add(self, code: str, message: str, pointer: str) -> None:
        self.found.append(IllegalMove(code, message, pointer))

    def add_error(self, exc: IllegalMove) -> None:
        """A problem a helper raised (a hidden pool's draw, say), and any it carries."""
        self.found.extend(all_problems(exc))

    def __bool__(self) -> bool:
        return bool(self.found)

    def check(self) -> None:
        """:raises IllegalMove: the first problem added, carrying the rest."""
        if self.found:
            first, *rest = self.found
            raise IllegalMove(first.code, first.message, first.pointer, {**first.extra, "also": rest})


def all_problems(exc: IllegalMove) -> list[IllegalMove]:
    """``exc`` and every further problem it carries (see :class:`SetupProblems`)."""
    return [exc, *exc.extra.get("also", ())]
