"""The ship's step count and has-step test agree with the list of counted spaces they stand for
(random rivers and ships)."""
from __future__ import annotations

import random

from ludolog.replayer.boonlake.catalog import default_catalog
from ludolog.replayer.boonlake.river import counted_spaces, has_step, steps_to

CAT = default_catalog()


def test_steps_and_has_step_agree_with_the_counted_spaces():
    rng = random.Random(3)
    checked = 0
    for rnd in (1, 2):
        rr = CAT.river[rnd]
        for _ in range(300):
            at = rng.randrange(len(rr.path))
            occupied = rng.sample(rr.path, rng.randrange(0, 4))
            ahead = counted_spaces(rr, rr.path[at], occupied)
            assert has_step(rr, rr.path[at], occupied) == bool(ahead)
            for to in rr.path[at + 1:]:
                want = ahead.index(to) + 1 if to in ahead else None
                assert steps_to(rr, rr.path[at], to, occupied) == want
                checked += 1
    assert checked > 1000

