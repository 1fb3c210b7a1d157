"""Die arithmetic: worker tiles turn a die by one pip each, wrapping from 6 to 1 and from 1 to 6.

Supplement 6.1: "Each worker changes that die by +-1, and the numbers wrap around (6 -> 1 and
1 -> 6)"; several workers may go on one die; knowledge #8 lets each worker move the die by up to
2, and #9-#12 give a free +-1 for some actions, so the cost is ``ceil(max(0, d - free) / step)``
for the wrapped distance ``d``. Workers never change the white die.
"""
from __future__ import annotations

FACES = 6


def workers_needed(rolled: int, wanted: int, step: int = 1, free: int = 0) -> int:
    """Worker tiles to turn ``rolled`` into ``wanted`` when each worker moves up to ``step`` pips and
    ``free`` pips come without a worker."""
    d = abs(rolled - wanted)
    rest = max(0, min(d, FACES - d) - free)
    return -(-rest // step)
