"""Decisions without fields of their own are plain subclasses of a frozen dataclass (for start-up:
see replayer/kingdom_crossing/decisions.py): each must behave as
the class ``@dataclass(frozen=True, slots=True)`` makes of the same body, its "twin" here."""
from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from ludolog.replayer.core.cloning import copy_value, snapshot
from ludolog.replayer.kingdom_crossing import decisions as kc

KC_FIELDLESS = [kc.InvestChoice, kc.ResourceChoice, kc.ResourceOrDecoration, kc.FavorChoice, kc.TakeBird,
                kc.CheckHouses, kc.PacoTakesDrawnFavor, kc.PacoEndOfTurn, kc.NextTurn, kc.QueenWakes]


def twin(cls: type, bases: tuple[type, ...]) -> type:
    """``cls``'s own body (its class variables) decorated as the decisions with fields are."""
    body = {k: v for k, v in vars(cls).items() if k not in ("__slots__", "__dict__", "__weakref__")}
    return dataclasses.dataclass(frozen=True, slots=True)(type(cls.__name__, bases, body))


def refusal(decision) -> type | None:
    """The exception setting an attribute that is not a field raises (Python 3.11 frozen slots
    dataclasses raise TypeError there, from super() of the class before slots: either way, the same)."""
    try:
        decision.not_a_field = 1
    except Exception as exc:  # noqa: BLE001 - its type is what is compared
        return type(exc)
    return None


def cases():
    for cls in KC_FIELDLESS:
        yield pytest.param(cls, twin(cls, (kc.Decision,)), [(), (0,), (3,)], id=cls.__name__)


def test_every_fieldless_decision_is_listed():
    """A decision class of these modules without a field of its own is one of the lists above."""
    for module, base, listed in ((kc, kc.Decision, KC_FIELDLESS),):
        for cls in vars(module).values():
            if (isinstance(cls, type) and cls.__module__ == module.__name__ and cls is not base
                    and dataclasses.is_dataclass(cls) and "__dataclass_fields__" not in vars(cls)):
                assert cls in listed, cls


@pytest.mark.parametrize("cls, decorated, arguments", list(cases()))
def test_behaves_as_its_decorated_twin(cls, decorated, arguments):
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen
    assert [f.name for f in dataclasses.fields(cls)] == [f.name for f in dataclasses.fields(decorated)]
    assert cls.__match_args__ == decorated.__match_args__
    for args in arguments:
        one, same, theirs = cls(*args), cls(*args), decorated(*args)
        assert repr(one) == repr(theirs)
        assert one == same and not one != same and hash(one) == hash(same) == hash(theirs)
        assert one != theirs  # another class, as two decorated classes never compare equal
        assert dataclasses.astuple(one) == dataclasses.astuple(theirs)
        assert not hasattr(one, "__dict__")  # slots, as decorated
        for name in [f.name for f in dataclasses.fields(cls)]:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(one, name, 1)
            with pytest.raises(dataclasses.FrozenInstanceError):
                delattr(one, name)
        assert refusal(one) == refusal(theirs) is not None  # neither takes a new attribute
        assert pickle.loads(pickle.dumps(one)) == one and copy.deepcopy(one) == one
        assert copy_value(one) is one  # frozen: shared between clones of a position
        assert snapshot(one) == snapshot(theirs)
    others = [c for c in KC_FIELDLESS if c is not cls and c.__bases__ == cls.__bases__]
    for other in others:  # decisions of two kinds never compare equal
        assert cls(*arguments[0]) != other(*arguments[0])
