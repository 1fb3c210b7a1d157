"""The allocation search
against the brute force of test_scoring, on random small inputs: the catalog's own scoring tiles and
rules of every kind the catalog schema allows (typed and any-type groups, sets with a substitute,
a chosen type), with summer boat 3b or not."""
from hypothesis import given, settings
from hypothesis import strategies as st

from ludolog.replayer.keyflower.allocation import Rule, best_allocation
from ludolog.replayer.keyflower.catalog import ITEM_TYPES, Scoring, ScoringKind

from .test_scoring import CAT, brute_force

ITEMS = ("workers", "skills", "resources")
#: the catalog's tiles that take items, by item class
CATALOG_RULES = {items: [Rule(t.id, s) for t in CAT.tiles.values() for side in t.sides.values() for s in side.scoring
                         if s.items == items and s.kind in (ScoringKind.PER_GROUP, ScoringKind.DISTINCT_SET,
                                                            ScoringKind.CHOSEN_TYPE_EACH)]
                 for items in ITEMS}


@st.composite
def a_rule(draw, items: str, k: int) -> Rule:
    types = ITEM_TYPES[items]
    if draw(st.booleans()):
        return draw(st.sampled_from(CATALOG_RULES[items]))
    kind = draw(st.sampled_from((ScoringKind.PER_GROUP, ScoringKind.DISTINCT_SET, ScoringKind.CHOSEN_TYPE_EACH)))
    points = draw(st.integers(1, 6))
    if kind is ScoringKind.PER_GROUP:
        typed = draw(st.lists(st.sampled_from(types), unique=True, max_size=2))
        scoring = Scoring(kind, points, items=items, types=tuple(typed), size=draw(st.integers(1, 3)))
    elif kind is ScoringKind.DISTINCT_SET:
        wanted = draw(st.lists(st.sampled_from(types), unique=True, min_size=2, max_size=3))
        substitute = draw(st.sampled_from(("",) + tuple(t for t in types if t not in wanted)))
        scoring = Scoring(kind, points, items=items, types=tuple(wanted), substitute=substitute)
    else:
        scoring = Scoring(kind, points, items=items)
    return Rule(f"tile_{k}", scoring)


@st.composite
def a_problem(draw):
    items = draw(st.sampled_from(ITEMS))
    rules = [draw(a_rule(items, k)) for k in range(draw(st.integers(0, 3)))]
    types = ITEM_TYPES[items]
    counts = dict.fromkeys(types, 0)
    for t in draw(st.lists(st.sampled_from(types), max_size=6)):
        counts[t] += 1
    any_resource = items == "resources" and draw(st.booleans())
    return items, counts, rules, any_resource


@settings(max_examples=300, deadline=None)
@given(a_problem())
def test_the_best_allocation_is_the_best_of_every_assignment(problem):
    items, counts, rules, any_resource = problem
    got = best_allocation(items, counts, rules, any_resource)
    assert got.points == brute_force(items, counts, rules, any_resource)
    # the lines add up to the total, one per rule in the search's order, and gold is never counted twice
    assert sum(p for _, p in got.by_owner) + got.gold_points == got.points
    assert sorted(owner for owner, _ in got.by_owner) == sorted(r.owner for r in rules)
    assert got.gold_points <= (counts.get("gold", 0) if items == "resources" else 0)
