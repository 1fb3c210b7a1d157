"""Die arithmetic: worker tiles turn a die by one pip each, wrapping from 6 to 1 and from 1 to 6.

Supplement 6.1: "Each worker changes that die by +-1, and the numbers wrap around (6 -> 1 and
1 -> 6)"; several workers may go on one die; knowledge #8 lets each worker move the die by up to
2, and #9-#12 give a free +-1 for some actions, so the cost is ``ceil(max(0, d - free) / step)``
for the wrapped distance ``d``. Workers never change the white die.
"""
from __future__ import annotations

FACES = 6


def _check(value: int) -> None:
    if type(value) is not int or not 1 <= value <= FACES:
        raise ValueError(f"a die shows 1-{FACES}, not {value!r}")


def turn(value: int, pips: int) -> int:
    """The die ``value`` turned by ``pips`` (negative: down), wrapping 6 -> 1 and 1 -> 6.

    :raises ValueError: ``value`` is not a die number.
    """
    _check(value)
    return (value - 1 + pips) % FACES + 1


def distance(a: int, b: int) -> int:
    """The fewest pips that turn ``a`` into ``b``, either way round (0-3).

    :raises ValueError: either value is not a die number.
    """
    _check(a)
    _check(b)
    d = abs(a - b)
    return min(d, FACES - d)


def workers_needed(rolled: int, wanted: int, step: int = 1, free: int = 0) -> int:
    """Worker tiles to turn ``rolled`` into ``wanted`` when each worker moves up to ``step`` pips and
    ``free`` pips come without a worker.

    :raises ValueError: a value is not a die number, ``step`` < 1 or ``free`` < 0.
    """
    if step < 1 or free < 0:
        raise ValueError(f"a worker moves at least 1 pip and free pips are not negative (step {step}, free {free})")
    rest = max(0, distance(rolled, wanted) - free)
    return -(-rest // step)


def reachable(rolled: int, workers: int, step: int = 1, free: int = 0) -> frozenset[int]:
    """The die numbers a player holding ``workers`` worker tiles can use ``rolled`` as.

    :raises ValueError: as :func:`workers_needed`, or ``workers`` < 0.
    """
    if workers < 0:
        raise ValueError(f"a player cannot hold {workers} workers")
    return frozenset(v for v in range(1, FACES + 1) if workers_needed(rolled, v, step, free) <= workers)
