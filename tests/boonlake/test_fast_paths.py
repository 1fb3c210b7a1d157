"""The hot paths' short forms agree with the definitions they stand for: the ship's step count and
has-step test with the list of counted spaces, the one-space and any-space tile tests with the list
of open spaces (random boards, rivers and ships)."""
from __future__ import annotations

import random

from ludolog.replayer.boonlake.board import has_tile_space, is_tile_space, tile_spaces
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


def test_the_tile_space_tests_agree_with_the_open_spaces():
    rng = random.Random(5)
    spaces = list(range(1, CAT.space_count + 1))
    for k in range(300):
        tiled = set(rng.sample(spaces, rng.randrange(0, CAT.space_count + 1)))
        if k % 10 == 0:
            tiled = set(spaces) - {rng.choice(spaces)}  # all but one: at most one open space
        open_ = set(tile_spaces(CAT, tiled))
        assert has_tile_space(CAT, tiled) == bool(open_)
        assert {n for n in spaces if is_tile_space(CAT, tiled, n)} == open_
    assert not has_tile_space(CAT, set(spaces)) and not is_tile_space(CAT, set(spaces), 1)
