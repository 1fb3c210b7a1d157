"""The fast paths of the replay keep the guarantees of the slow ones: a compiled copier copies every
field (one added later too) and shares nothing mutable, a bulk put-back ends where single ones end,
and Kingdom Crossing's look-ahead shares with the position only what it declares shared."""
from __future__ import annotations

import dataclasses
import enum
import random

import orjson
import pytest

from ludolog.replayer.core import DecisionStack, HiddenPool, IllegalMove, Ledger, parse_log, registry, replay, \
    simulate_log, snapshot
from ludolog.replayer.core.cloning import SHARED, field_copier
from ludolog.replayer.kingdom_crossing import GAME
from ludolog.replayer.kingdom_crossing.state import KCState


class Colour(enum.IntEnum):
    RED = 0


def _state_class(extra: bool, frozen: bool = False):
    fields = [("cat", dict, dataclasses.field(metadata=SHARED)), ("count", "int"), ("colour", Colour),
              ("flat", "list[int]"), ("rows", list), ("ledger", Ledger), ("stack", DecisionStack),
              ("hands", dict), ("sizes", "list[int] | None"), ("no_sizes", "list[int] | None")]
    if extra:
        fields.append(("added_later", list, dataclasses.field(default_factory=lambda: [[1], [2]])))
    return dataclasses.make_dataclass("State", fields, slots=True, frozen=frozen)


def _make(cls, catalog):
    return cls(catalog, 3, Colour.RED, [1, 2], [[0, 1], [2]], Ledger(2), DecisionStack([("take", 1)]),
               {0: {"a": 1}}, [4, 5], None)


@pytest.mark.parametrize("extra", [False, True])
def test_a_field_copier_copies_every_field_including_one_added_later(extra):
    cls = _state_class(extra)
    catalog = {"shared": True}
    state = _make(cls, catalog)
    copy = field_copier(cls, {"ledger": "clone", "stack": "clone"})(state)
    assert snapshot(copy) == snapshot(state)
    assert copy.cat is catalog  # shared by declaration
    copy.flat.append(3)
    copy.rows[0].append(9)
    copy.ledger.add(0, 3, "x", "y")
    copy.stack.pop()
    copy.hands[0]["a"] = 5
    copy.sizes[0] = 0
    assert copy.no_sizes is None
    if extra:
        copy.added_later[0].append(7)
        assert state.added_later == [[1], [2]]
    assert state.flat == [1, 2] and state.rows == [[0, 1], [2]] and state.ledger.totals == [0, 0]
    assert len(state.stack) == 1 and state.hands == {0: {"a": 1}} and state.sizes == [4, 5]


def test_a_field_copier_of_a_frozen_class_and_its_refusals():
    cls = _state_class(False, frozen=True)
    state = _make(cls, {})
    copy = field_copier(cls)(state)
    assert snapshot(copy) == snapshot(state) and copy.rows is not state.rows and copy.rows[0] is not state.rows[0]
    with pytest.raises(TypeError):
        field_copier(cls, {"nonexistent": "share"})
    with pytest.raises(TypeError):
        field_copier(cls, {"flat": "teleport"})
    with pytest.raises(TypeError):
        field_copier(dict)


def test_a_hidden_pool_clone_is_independent():
    pool = HiddenPool.create("tile", {"a": 2, "b": 1}, piles=2, pile_sizes=[2, 1])
    pool.draw_unknown("ana", 1)
    copy = pool.clone()
    assert snapshot(copy) == snapshot(pool)
    copy.reveal("a", 1)
    copy.identify("ana", "b")
    assert pool.unaccounted == {"a": 2, "b": 1} and pool.pile_sizes == [1, 1] and pool.unknown_held == {"ana": 1}
    assert pool.remaining == 2 and copy.remaining == 1


def _error(action):
    try:
        action()
    except IllegalMove as exc:
        return exc.code, exc.pointer, exc.message
    return None


@pytest.mark.parametrize("components", [["a", "b"], ["a", "a"], ["b", "b"], ["a", "c"], ["?", "a"], ["a", "a", "b", "b"],
                                        ["b", "a", "a"]])
def test_revealing_several_at_once_fails_where_one_by_one_would(components):
    """Expectation: the same reveals made one by one on a copy (the error of the first that fails)."""
    pool = HiddenPool.create("card", {"a": 2, "b": 1, "c": 0, "d": 1}, size=3)
    pointers = [f"/cards/{k}" for k in range(len(components))]
    one_by_one = pool.clone()
    expected = _error(lambda: [one_by_one.reveal(c, pointer=p) for c, p in zip(components, pointers)])
    before = snapshot(pool)
    got = _error(lambda: pool.reveal_all(components, pointers))
    assert got == expected
    if expected is None:
        assert snapshot(pool) == snapshot(one_by_one)
    else:
        assert snapshot(pool) == before  # nothing drawn


def test_revealing_several_at_once_runs_the_games_own_check_in_order():
    pool = HiddenPool.create("bird", {"x": 1, "y": 1})

    def refuse_second(k):
        if k == 1:
            raise IllegalMove("GAME.OWN", "refused", "/1")

    assert _error(lambda: pool.reveal_all(["x", "y"], ["/0", "/1"], before=refuse_second))[0] == "GAME.OWN"
    assert _error(lambda: pool.reveal_all(["z", "y"], ["/0", "/1"], before=refuse_second))[:2] == \
        ("CORE.HIDDEN.NOT_IN_POOL", "/0")  # the first component fails before the check of the second
    assert pool.remaining == 2


def _mutable_ids(value, out: set, depth=0):
    """ids of every mutable object reachable from ``value`` (frozen dataclasses and atoms excluded)."""
    if depth > 40 or isinstance(value, (int, float, str, bytes, bool, type(None), enum.Enum, frozenset)):
        return
    if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:
        for f in dataclasses.fields(value):
            _mutable_ids(getattr(value, f.name), out, depth + 1)
        return
    if isinstance(value, tuple):
        for x in value:
            _mutable_ids(x, out, depth + 1)
        return
    out.add(id(value))
    if isinstance(value, dict):
        for k, v in value.items():
            _mutable_ids(k, out, depth + 1)
            _mutable_ids(v, out, depth + 1)
    elif isinstance(value, (list, set)):
        for x in value:
            _mutable_ids(x, out, depth + 1)
    elif isinstance(value, DecisionStack):
        for x in value:
            _mutable_ids(x, out, depth + 1)
    else:
        names = [f.name for f in dataclasses.fields(value)] if dataclasses.is_dataclass(value) else \
            [s for k in type(value).__mro__ for s in getattr(k, "__slots__", ())]
        for name in names:
            _mutable_ids(getattr(value, name, None), out, depth + 1)


#: fields the look-ahead shares by declaration: the catalog data, and the piles only chance moves draw from
_SHARED = {f.name for f in dataclasses.fields(KCState)
           if f.metadata.get("ludolog_shared") or f.metadata.get("kc_only_chance")}


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("for_one_seat", [False, True])
def test_the_kingdom_crossing_look_ahead_shares_only_what_it_declares(n, for_one_seat):
    """A look-ahead shares the declared fields; one for a seat also shares the other players' boards
    (and nothing of that seat's)."""
    registry.register(GAME)
    rng = random.Random(n)
    raw = simulate_log(GAME, n, f"lookahead-{n}")
    log = parse_log(orjson.dumps(raw), "l.json")
    for stop in sorted(rng.sample(range(len(raw["moves"])), 12)):
        state = replay(log, to=stop).state
        seat = rng.randrange(len(state.players)) if for_one_seat else None
        look = state.lookahead(seat)
        assert snapshot(look) == snapshot(state)
        for f in dataclasses.fields(KCState):
            mine, theirs = getattr(state, f.name), getattr(look, f.name)
            if f.name in _SHARED:
                assert mine is theirs
                continue
            if f.name == "players" and seat is not None:
                assert theirs is not mine
                assert [a is b for a, b in zip(mine, theirs)] == [i != seat for i in range(len(mine))]
                mine, theirs = mine[seat], theirs[seat]
            a, b = set(), set()
            _mutable_ids(mine, a)
            _mutable_ids(theirs, b)
            assert not a & b, f"the look-ahead shares a mutable part of {f.name}"


def test_a_look_ahead_for_one_seat_never_changes_another_player(monkeypatch):
    """What makes sharing the other players' boards safe: in simulated games of every size and solo
    option, each look-ahead made for a seat is made as a full copy instead, and when the move is
    done the other players of every such copy are as they were copied (only the engine's look-ahead
    code could have changed them, and it did not)."""
    registry.register(GAME)
    made: list[tuple[KCState, list]] = []  # (full copy, snapshots of its other players when made)
    full_lookahead = KCState.lookahead

    def recording_lookahead(self, seat=None):
        copy = full_lookahead(self)
        if seat is not None:
            made.append((copy, [(i, snapshot(p)) for i, p in enumerate(copy.players) if i != seat]))
        return copy

    monkeypatch.setattr(KCState, "lookahead", recording_lookahead)
    checked = 0

    def after_move(i, move, state):
        nonlocal checked
        for copy, others in made:
            for seat, before in others:
                assert snapshot(copy.players[seat]) == before, (i, move, seat)
        checked += len(made)
        made.clear()

    for k in range(16):
        n = 1 + k % 4
        options = GAME.option_sets(n)[k // 4 % len(GAME.option_sets(n))]
        raw = simulate_log(GAME, n, f"seat-lookahead-{k}", options)
        assert replay(parse_log(orjson.dumps(raw), "s.json"), on_step=after_move).status == "valid"
    assert checked > 300, checked


def test_whether_a_choice_can_be_answered_agrees_with_its_listed_answers():
    """has_options (the task runner's quick test) against bool(options(...)) (the listing), for every
    pending choice at every move of simulated games, and on copies with the supply, the decoration
    spaces, the Action tiles, the display and the birds used up."""
    from ludolog.replayer.kingdom_crossing.answers import has_options, options

    registry.register(GAME)
    kinds, empty = set(), set()

    def check(state):
        for task in state.tasks:
            if task.family == "choice":
                listed = bool(options(state, task))
                assert has_options(state, task) == listed, (task, GAME.describe(state))
                kinds.add(task.kind)
                if not listed:
                    empty.add(task.kind)

    def on_step(i, move, state):
        check(state)
        if i % 7 == 0 and state.tasks:
            bare = state.lookahead()
            for p in bare.players:
                p.improved = [True] * 6
                p.deco = [1] * len(p.deco)
                p.bears_used = list(p.structures)
                p.houses = list(range(len(bare.cat.regions)))
            bare.supply = {k: 0 for k in bare.supply}
            bare.favor_display = [None] * len(bare.favor_display)
            bare.space_bird = [None] * len(bare.space_bird)
            check(bare)

    for k in range(12):
        raw = simulate_log(GAME, 1 + k % 4, f"choices-{k}")
        assert replay(parse_log(orjson.dumps(raw), "c.json"), on_step=on_step).status == "valid"
    assert {"invest", "decor", "upgrade", "structure", "house", "favor"} <= kinds, kinds
    assert {"decor", "upgrade", "house"} <= empty, empty


def test_the_per_seat_decisions_cover_every_seat_a_game_can_have():
    from ludolog.replayer.kingdom_crossing.decisions import CHECK_HOUSES, INVEST_CHOICE, MAX_SEATS, RESOURCE_CHOICE

    seats = max(GAME.max_players, 2)  # solo: the player and Paco & Paca
    assert MAX_SEATS >= seats
    for table in (CHECK_HOUSES, INVEST_CHOICE, RESOURCE_CHOICE):
        assert [d.seat for d in table] == list(range(MAX_SEATS))


def test_every_position_of_a_game_renders_in_words():
    """render() at every move of simulated games (display slots run empty, decks run out)."""
    registry.register(GAME)
    for k in range(4):
        raw = simulate_log(GAME, 1 + k, f"render-{k}")
        replay(parse_log(orjson.dumps(raw), "r.json"), on_step=lambda i, move, state: GAME.render(state))


def _pool_fields(pool):
    return (dict(pool.unaccounted), pool.in_pool, dict(pool.unknown_held))


@pytest.mark.parametrize("component, n", [("red", 3), ("red", 5), ("blue", 0)])
def test_a_bulk_put_back_is_what_as_many_single_steps_do(component, n):
    """HiddenPool's bulk put-back ends where ``n`` single put-backs end (a bag of 5 red and 3 blue)."""
    from ludolog.replayer.core.components import HiddenPool

    def outcome(step):
        pool = HiddenPool.create("worker", {"red": 5, "blue": 3})
        step(pool)
        return _pool_fields(pool)

    assert outcome(lambda p: (p.reveal_many(component, n), p.put_back_many(component, n))) == \
        outcome(lambda p: [(p.reveal(component), p.put_back(component)) for _ in range(n)])
