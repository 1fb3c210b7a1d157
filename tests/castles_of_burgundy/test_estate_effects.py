"""The effect kinds that change one number or flag of the estate (tile_effects.ESTATE_EFFECTS): each
names a field of the estate of the right type, and the four ways of changing it do what their
names say when two tiles of a kind are placed one after the other."""
from __future__ import annotations

import dataclasses

import pytest

from ludolog.replayer.castles_of_burgundy.catalog import Effect, load_catalog
from ludolog.replayer.castles_of_burgundy.effects import EffectKind
from ludolog.replayer.castles_of_burgundy.state import Estate
from ludolog.replayer.castles_of_burgundy.tile_effects import (EFFECTS, ESTATE_EFFECTS, EstateEffect, EstateUpdate,
                                                               Placed)

FIELDS = {f.name: f for f in dataclasses.fields(Estate)}


@pytest.mark.parametrize("kind", list(ESTATE_EFFECTS), ids=lambda k: k.value)
def test_each_names_a_field_of_the_estate_of_its_type(kind):
    implementation = ESTATE_EFFECTS[kind]
    assert EFFECTS[kind.value] is implementation
    field = FIELDS[implementation.attribute]
    assert field.type == ("bool" if implementation.update is EstateUpdate.FLAG else "int")


def placed() -> Placed:
    board = load_catalog().board("1")
    estate = Estate(board=board, tiles=[None] * len(board.spaces))
    return Placed(s=None, seat=0, estate=estate, kind=None, space=0, after=[])  # type: ignore[arg-type]


@pytest.mark.parametrize("update, amounts, expected", [
    (EstateUpdate.ADD, (2, 3), 0 + 2 + 3),
    (EstateUpdate.AT_LEAST, (3, 2), 3),
    (EstateUpdate.AT_LEAST, (2, 3), 3),
    (EstateUpdate.SET, (3, 2), 2),
])
def test_numbers_change_as_their_update_says(update, amounts, expected):
    p = placed()
    for amount in amounts:
        EstateEffect("sale_workers", update)(p, Effect(kind=EffectKind.SALE_WORKERS, amount=amount))
    assert p.estate.sale_workers == expected
    assert p.after == []  # none of them asks for a decision


def test_a_flag_is_set_and_stays_set():
    p = placed()
    assert p.estate.ship_adjacent is False
    for _ in range(2):
        EstateEffect("ship_adjacent", EstateUpdate.FLAG)(p, Effect(kind=EffectKind.SHIP_ADJACENT_DEPOT))
        assert p.estate.ship_adjacent is True


def test_the_at_least_numbers_start_from_the_usual_value():
    """Knowledge for the worker step (+/-1 usually: the field starts at 1) keeps the best tile."""
    p = placed()
    assert p.estate.worker_step == 1
    ESTATE_EFFECTS[EffectKind.WORKER_STEP](p, Effect(kind=EffectKind.WORKER_STEP, amount=2))
    assert p.estate.worker_step == 2
