"""Errors and violations: what went wrong, where in the log, and which rule it breaks.

Layered like python-chess: :class:`LudologError` is the root; :class:`LogError` means the file
itself cannot be read as a log (not JSON, wrong encoding, unknown game, schema errors);
:class:`IllegalMove` is raised by a game engine when a move breaks a rule. Both end up as
:class:`Violation` records, which is all a user ever sees.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


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

    def __post_init__(self) -> None:
        Exception.__init__(self, f"{self.code}: {self.message}")

    def __reduce__(self):
        # BaseException pickles its args (the one-line text); rebuild from the fields instead so
        # that a violation crossing a worker process keeps its code, message and pointer
        return (type(self), (self.code, self.message, self.pointer, self.extra))

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"
