"""The core types games are built from, each tested on its own: hidden pools, simultaneous windows,
pending decisions, effect kinds, cloning, bot seats, pickling, entry points, reading a log with a
given game. Expectations come from the counting the docstrings describe, done here by hand."""
from __future__ import annotations

import dataclasses
import pickle
from importlib.metadata import entry_points

import orjson
import pytest

from ludolog.replayer.core import (UNKNOWN, BotSeat, DecisionStack, EffectRegistry, HiddenPool, IllegalMove, Ledger,
                                   LogError, SimultaneousWindow, check_simultaneous, clone_fields, get_game,
                                   parse_log, result_line, simulate_log, snapshot)
from ludolog.replayer.core.catalogs import CatalogError
from ludolog.replayer.core.cloning import SHARED
from ludolog.replayer.core import log as core_log
from ludolog.replayer.core.registry import ENTRY_POINT_GROUP, installed_games


def _code(fn) -> str:
    with pytest.raises(IllegalMove) as exc:
        fn()
    return exc.value.code


# -- hidden pools -----------------------------------------------------------------------------

def test_a_revealed_component_must_still_be_unseen():
    pool = HiddenPool.create("card", {"a": 2, "b": 1})
    pool.reveal("a")
    pool.reveal("a")
    assert _code(lambda: pool.reveal("a")) == "CORE.HIDDEN.NOT_IN_POOL"
    assert _code(lambda: pool.reveal("zz")) == "CORE.HIDDEN.NOT_IN_POOL"
    assert pool.remaining == 1
    pool.reveal("b")
    assert _code(lambda: pool.reveal("b")) == "CORE.HIDDEN.EMPTY"


def test_pile_sizes_are_checked_when_given_and_only_the_total_otherwise():
    assert _code(lambda: HiddenPool.create("tile", {"x": 5}, piles=2, pile_sizes=[3, 3])) == "CORE.HIDDEN.SIZE"
    assert _code(lambda: HiddenPool.create("tile", {"x": 5}, piles=2, pile_sizes=[5])) == "CORE.HIDDEN.SIZE"
    counted = HiddenPool.create("tile", {"x": 3}, piles=2, pile_sizes=[1, 2])
    counted.reveal("x", pile=1)
    assert _code(lambda: counted.reveal("x", pile=1)) == "CORE.HIDDEN.EMPTY"  # pile 1 ran out
    assert counted.drawable_piles() == [2]
    assert _code(lambda: counted.reveal("x", pile=3)) == "CORE.HIDDEN.NO_PILE"
    uncounted = HiddenPool.create("tile", {"x": 3}, piles=2)
    for _ in range(3):
        uncounted.reveal("x", pile=1)  # nobody counted: pile 1 may well have held all three
    assert _code(lambda: uncounted.reveal("x", pile=2)) == "CORE.HIDDEN.EMPTY"  # but the deck is empty


def test_unknown_draws_are_identified_against_what_is_unaccounted():
    # 2 a + 1 b; ana draws two unseen cards, then one a is revealed face up from the deck
    pool = HiddenPool.create("card", {"a": 2, "b": 1})
    pool.draw("ana", UNKNOWN)
    pool.draw("ana", UNKNOWN)
    assert pool.remaining == 1 and pool.unrevealed == 2
    pool.reveal("a")
    # left unaccounted: one a, one b - both in ana's hand now (the deck is empty)
    assert pool.remaining == 0
    assert _code(lambda: pool.identify("ben", "a")) == "CORE.HIDDEN.NOT_HELD"
    pool.identify("ana", "b")
    assert _code(lambda: pool.identify("ana", "b")) == "CORE.HIDDEN.NOT_IN_POOL"  # the only b is known
    pool.identify("ana", "a")
    assert pool.unrevealed == 0 and pool.unaccounted == {"a": 0, "b": 0}


def test_a_pool_can_hold_fewer_than_its_contents():
    # five possible components, three of them in the bag (two removed unseen at set-up)
    pool = HiddenPool.create("worker", {"red": 3, "blue": 2}, size=3)
    for _ in range(2):
        pool.reveal("red")
    pool.reveal("blue")
    assert pool.remaining == 0
    assert _code(lambda: pool.reveal("blue")) == "CORE.HIDDEN.EMPTY"
    assert _code(lambda: HiddenPool.create("worker", {"red": 1}, size=2)) == "CORE.HIDDEN.SIZE"


def test_a_rejected_draw_changes_nothing():
    pool = HiddenPool.create("card", {"a": 1}, piles=2, pile_sizes=[0, 1])
    before = snapshot(pool)
    for bad in (lambda: pool.reveal("a", pile=1), lambda: pool.reveal("b", pile=2),
                lambda: pool.identify("ana", "a"), lambda: pool.draw("ana", UNKNOWN, pile=1)):
        _code(bad)
        assert snapshot(pool) == before


# -- simultaneous windows ---------------------------------------------------------------------

def test_window_checks():
    ids = ("ana", "ben", "cleo")
    types = frozenset(("bid", "pass"))
    assert _code(lambda: check_simultaneous(None, 0, "bid", types, ids)) == "CORE.SIMULTANEOUS.NOT_OPEN"
    check_simultaneous(None, 0, "roll", types, ids)  # an ordinary move with no window open
    window = SimultaneousWindow("the auction", frozenset((0, 2)), types)
    assert _code(lambda: check_simultaneous(window, 1, "bid", types, ids)) == "CORE.SIMULTANEOUS.NOT_A_SEAT"
    assert _code(lambda: check_simultaneous(window, 0, "roll", types, ids)) == "CORE.SIMULTANEOUS.INCOMPLETE"
    check_simultaneous(window, 2, "pass", types, ids)
    assert window.record(2) is False and window.waiting == {0}
    assert _code(lambda: check_simultaneous(window, 2, "bid", types, ids)) == "CORE.SIMULTANEOUS.TWICE"
    assert window.record(0, {"amount": 3}) is True and window.complete
    check_simultaneous(window, 0, "roll", types, ids)  # closed: ordinary moves again


# -- decisions and effects --------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class ChooseDecor:
    seat: int
    pictures: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class TakeResource:
    seat: int
    amount: int


def test_decision_stack_is_last_in_first_out_and_typed():
    stack: DecisionStack = DecisionStack()
    assert not stack and stack.top() is None
    stack.push(ChooseDecor(0, (1,)))
    stack.push_all([TakeResource(0, 2), TakeResource(0, 1)])  # first listed is answered first
    assert [type(d).__name__ for d in stack] == ["TakeResource", "TakeResource", "ChooseDecor"]
    copy = stack.clone()
    assert stack.top() == stack.pop() == TakeResource(0, 2)
    assert len(copy) == 3 and copy != stack
    assert list(stack) == [TakeResource(0, 1), ChooseDecor(0, (1,))]


def test_effect_registry_maps_each_name_to_one_function_and_checks_catalogs():
    effects = EffectRegistry("toy")

    @effects.effect("gain_coins")
    def gain(state, amount):
        return state + amount

    assert effects["gain_coins"](1, 2) == 3 and "gain_coins" in effects
    with pytest.raises(ValueError):
        effects.effect("gain_coins")(lambda s, a: s)
    effects.check_catalog([("gain_coins", "/cards/0/effect")])
    with pytest.raises(CatalogError, match="'fly'"):
        effects.check_catalog([("gain_coins", "/cards/0/effect"), ("fly", "/cards/1/effect")])


# -- cloning ----------------------------------------------------------------------------------

@dataclasses.dataclass(slots=True)
class Inner:
    values: list


def _state_class(extra: bool):
    fields = [("cat", dict, dataclasses.field(metadata=SHARED)), ("ledger", Ledger), ("board", list),
              ("inner", Inner), ("stack", DecisionStack), ("hands", dict)]
    if extra:
        fields.append(("added_later", list, dataclasses.field(default_factory=lambda: [[1], [2]])))
    return dataclasses.make_dataclass("State", fields, slots=True)


@pytest.mark.parametrize("extra", [False, True])
def test_clone_copies_every_field_including_one_added_later(extra):
    cls = _state_class(extra)
    catalog = {"shared": True}
    state = cls(catalog, Ledger(2), [[0, 1], [2]], Inner([1, 2]), DecisionStack([TakeResource(0, 1)]),
                {0: {"a": 1}})
    clone = clone_fields(state)
    assert snapshot(clone) == snapshot(state)
    assert clone.cat is catalog  # shared by declaration
    clone.ledger.add(0, 3, "x", "y")
    clone.board[0].append(9)
    clone.inner.values.append(3)
    clone.stack.pop()
    clone.hands[0]["a"] = 5
    if extra:
        clone.added_later[0].append(7)
        assert state.added_later == [[1], [2]]
    assert state.ledger.totals == [0, 0] and state.board == [[0, 1], [2]] and state.inner.values == [1, 2]
    assert len(state.stack) == 1 and state.hands == {0: {"a": 1}}
    assert snapshot(clone) != snapshot(state)


def test_snapshot_sees_a_change_deep_inside():
    state = _state_class(False)({}, Ledger(1), [[0]], Inner([{"k": {1, 2}}]), DecisionStack(), {})
    before = snapshot(state)
    state.inner.values[0]["k"].add(3)
    assert snapshot(state) != before


# -- bots, errors, registry, reading ----------------------------------------------------------

def test_result_lines():
    paco = BotSeat("paco-paca", "Paco & Paca", plural=True)
    assert paco.claim_id == "@paco-paca"
    assert result_line([("ana", 31), (paco.name, 147)], [paco.name], {paco.name}) == \
        "ana 31, Paco & Paca 147: Paco & Paca win"
    assert result_line([("ana", 31), ("ben", 30)], ["ana"]) == "ana 31, ben 30: ana wins"
    assert result_line([("ana", 31), ("ben", 31)], ["ana", "ben"]) == "ana 31, ben 31: ana and ben share the win"


def test_illegal_move_survives_pickling():
    exc = IllegalMove("ENT.PLACE.OCCUPIED", "B2 is already discovered", "/cell", {"cell": "B2"})
    back = pickle.loads(pickle.dumps(exc))
    assert (back.code, back.message, back.pointer, back.extra) == (exc.code, exc.message, exc.pointer, exc.extra)
    assert str(back) == str(exc)


def test_builtin_games_are_installed_entry_points():
    declared = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert declared == {"entdecker": "ludolog.replayer.entdecker:GAME",
                        "kingdom-crossing": "ludolog.replayer.kingdom_crossing:GAME",
                        "castles-of-burgundy": "ludolog.replayer.castles_of_burgundy:GAME",
                        "keyflower": "ludolog.replayer.keyflower:GAME",
                        "boonlake": "ludolog.replayer.boonlake:GAME"}
    assert set(declared) <= set(installed_games())
    assert get_game("entdecker").name == "entdecker"


def test_the_log_module_reads_with_the_game_it_is_given_and_never_imports_the_registry():
    import ast
    import inspect
    tree = ast.parse(inspect.getsource(core_log))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "registry" not in imported and not any(m and m.endswith("registry") for m in imported)
    raw = simulate_log("entdecker", 2, 1)
    game = get_game("entdecker")
    assert core_log.parse_log(orjson.dumps(raw), "e.json", game).violations == []
    with pytest.raises(LogError) as exc:
        core_log.parse_log(orjson.dumps(raw), "e.json", get_game("kingdom-crossing"))
    assert exc.value.violations[0].code == "CORE.GAME.UNKNOWN"
    assert parse_log(orjson.dumps(raw), "e.json").game == "entdecker"  # the registry's reader


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["plain", "bom"])
def test_a_read_log_is_identified_by_the_sha256_of_the_bytes_as_read(bom):
    """The content id (the ingest's game id) is the hash of the file as written, BOM included, and
    the same whether asked once or again; a log made in memory has none."""
    import hashlib

    data = bom + orjson.dumps(simulate_log("entdecker", 2, 7), option=orjson.OPT_INDENT_2)
    log = parse_log(data, "e.json")
    expected = hashlib.sha256(data).hexdigest()
    assert log.sha256 == expected and log.sha256 == expected
    assert "source=b" not in repr(log)  # the bytes are not printed with the log
    assert core_log.GameLog(file="m", raw={}, game="entdecker").sha256 == ""


def test_every_rule_code_is_raised_as_a_literal_string_somewhere_in_its_game():
    """Rule codes are greppable: each declared code appears verbatim in its package's code outside
    the declarations (no code built from pieces such as f"KC.{area}.{what}")."""
    import importlib
    import re
    from pathlib import Path

    from ludolog.replayer.core import all_games

    for game in all_games():
        package = Path(importlib.import_module(type(game).__module__.rsplit(".", 1)[0]).__file__).parent
        declared = {rule.code for rule in game.rules}
        text = "\n".join(p.read_text(encoding="utf-8") for p in package.glob("*.py") if p.name != "rules.py")
        literal = set(re.findall(r"""["']([A-Z]+(?:\.[A-Z0-9_]+)+)["']""", text))
        assert declared - literal == set(), (game.name, sorted(declared - literal)[:10])
