"""Phase B, ship movement: each expectation from a sentence of rules/boonlake.txt, on small rivers
drawn here by hand (so the numbers do not depend on the reconstructed catalog)."""
from __future__ import annotations

from ludolog.replayer.boonlake.catalog import RoundRiver, default_catalog
from ludolog.replayer.boonlake.river import counted_spaces, furthest_move, has_step, steps_to


def river(n: int = 10, harbors=(1,), locks=((5, "lock-a"),)) -> RoundRiver:
    """Spaces s1..sn; ``harbors`` by number; a lock (i, id) lies between s_i and s_(i+1)."""
    path = tuple(f"s{i}" for i in range(1, n + 1))
    return RoundRiver(path, {s: i for i, s in enumerate(path)}, tuple(i + 1 in harbors for i in range(n)),
                      tuple((i - 1, lock) for i, lock in locks), path[-1])


def test_occupied_spaces_are_skipped_and_not_counted():
    # "Spaces occupied by other ships are skipped over and not counted"
    rr = river()
    assert counted_spaces(rr, "s2", occupied={"s3", "s4"})[:3] == ("s5", "s6", "s7")
    assert steps_to(rr, "s2", "s5", occupied={"s3", "s4"}) == 1


def test_harbors_are_always_counted():
    # "- unless it is a harbor (harbor spaces are always counted)"; "Harbors can berth any number of ships"
    rr = river(harbors=(1, 4))
    assert counted_spaces(rr, "s2", occupied={"s3", "s4"})[:3] == ("s4", "s5", "s6")
    assert steps_to(rr, "s2", "s4", occupied={"s3", "s4"}) == 1


def test_a_ship_cannot_end_on_another_ship():
    # "All other spaces hold only 1 ship at a time."
    assert steps_to(river(), "s2", "s3", occupied={"s3"}) is None


def test_up_to_the_uncovered_number():
    # "You may move up to as many steps as the number on the just-uncovered action-board space shows."
    rr = river()
    assert counted_spaces(rr, "s1", occupied=())[:4] == ("s2", "s3", "s4", "s5")
    assert steps_to(rr, "s1", "s6", occupied=()) == 5


def test_never_beyond_the_final_space():
    # "You cannot move beyond the final space."
    rr = river()
    assert counted_spaces(rr, "s8", occupied=()) == ("s9", "s10")
    assert counted_spaces(rr, "s10", occupied=()) == () and not has_step(rr, "s10", occupied=())
    assert has_step(rr, "s8", occupied=()) and not has_step(rr, "s8", occupied={"s9", "s10"})


def test_locks_are_not_spaces_and_are_detected():
    # "Locks are not considered spaces." The lock lies between s5 and s6.
    rr = river()
    assert steps_to(rr, "s4", "s6", occupied=()) == 2
    assert furthest_move(rr, "s4", 2, occupied=()).locks == ("lock-a",)
    assert furthest_move(rr, "s6", 3, occupied=()).locks == () and furthest_move(rr, "s1", 4, occupied=()).locks == ()
    # skipped spaces count neither beyond a lock
    m = furthest_move(rr, "s4", 1, occupied={"s5", "s6"})
    assert m.destination == "s7" and m.locks == ("lock-a",)


def test_the_wise_eminence_never_wastes_steps():
    # "moves their ship by the normal rules but never wastes steps (unless moving onto the last river space)"
    rr = river()
    assert furthest_move(rr, "s1", 3, occupied={"s3"}).destination == "s5"
    assert furthest_move(rr, "s8", 4, occupied=()).destination == "s10" and furthest_move(rr, "s8", 4, occupied=()).final
    assert furthest_move(rr, "s10", 4, occupied=()) is None


def test_the_fork_takes_the_upper_arm_in_round_1_and_the_lower_in_round_2():
    # "At the river's fork, take the upper arm in the first round and the lower arm in the second round."
    cat = default_catalog()
    r1, r2 = cat.river[1], cat.river[2]
    fork = next(s.id for s in cat.river_spaces.values() if len(s.next) == 2)
    upper, lower = cat.data["river"]["spaces"][[s["id"] for s in cat.data["river"]["spaces"]].index(fork)]["fork"].values()
    assert r1.path[r1.index[fork] + 1] == upper and r2.path[r2.index[fork] + 1] == lower
    assert upper not in r2.index and lower not in r1.index


def test_start_spaces():
    # "placed on the first river space (1-2 players) or the third river space (3-4 players)"
    cat = default_catalog()
    r1 = cat.river[1]
    assert [r1.index[cat.river_start[1][p]] + 1 for p in (1, 2, 3, 4)] == [1, 1, 3, 3]


def test_counted_spaces_on_the_catalog_river_skip_only_non_harbors():
    cat = default_catalog()
    rr = cat.river[1]
    start = rr.path[0]
    others = set(rr.path[1:6])
    ahead = counted_spaces(rr, start, others)
    expected = [s for i, s in enumerate(rr.path[1:], 1) if s not in others or cat.river_spaces[s].harbor]
    assert list(ahead) == expected


def _round_2_ship_reaching_the_final_space(crossed: list[str], catalog=None):
    """after_ship for Ana's ship reaching round 2's final space after crossing ``crossed``."""
    from ludolog.replayer.boonlake.state import Step
    from ludolog.replayer.boonlake.turn import after_ship

    from .test_engine import state_of

    s = state_of()
    if catalog is not None:
        s.cat = catalog
    s.rnd, s.scorings, s.crossed = 2, 2, {"lock-1"}
    after_ship(s, crossed, True)
    return s, Step


def test_in_round_2_the_lock_before_the_final_space_waits_for_the_last_interim_scoring():
    # "The last (end of the second round) is triggered when someone moves onto the last river space, but the
    # round continues until all players have had the same number of turns": Ana (seat 0) reaches it, Ben plays on
    s, Step = _round_2_ship_reaching_the_final_space(["lock-3"])
    assert s.end_triggered and s.scorings_due == 0 and s.step is Step.ACTION and s.current == 1


def test_another_lock_crossed_on_the_move_to_the_final_space_scores_at_once():
    # A replacement river with a fourth lock on the lower arm, one move before the final space: "Each time in a
    # round when a player is the first to move a ship across one, ... an interim scoring immediately takes place"
    # ("The first 3 interim scorings are conducted immediately"); the final space's scoring still waits.
    import copy
    import json
    from importlib import resources

    from ludolog.replayer.boonlake.catalog import Catalog

    data = json.loads(resources.files("ludolog.replayer.boonlake").joinpath("catalog.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["river"]["locks"].append({"id": "lock-4", "after": "L12", "before": "L13"})
    s, Step = _round_2_ship_reaching_the_final_space(["lock-4", "lock-3"], Catalog(data))
    assert s.end_triggered and s.scorings_due == 1 and s.step is Step.INTERIM  # scoring 3, right after the turn
    assert s.crossed == {"lock-1", "lock-3", "lock-4"}
