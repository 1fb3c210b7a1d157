"""What a Kingdom Crossing position waits for: the pending decisions of the core's DecisionStack.

Three families, each a small frozen dataclass with a ``kind`` (the name used in messages and in
``ANSWERS``) and the ``seat`` concerned:

- choices a player answers with a move (an Invest action, a resource, a decoration, ...);
- automatic steps that resolve by themselves once everything above them is answered (an effect,
  paying for a card, checking for Houses, ...);
- chance decisions answered by a move without ``player``: a component turned face up.

Being frozen, decisions are shared between clones of a position (the stack copies only its list).

A decision with no field of its own is a plain subclass with ``__slots__ = ()`` (``_fieldless``): the methods
``@dataclass`` made for :class:`Decision` compare, hash and print by the instance's own class, so
it behaves as if decorated (tests/test_fieldless_decisions.py checks it) without making them again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

CHANCE_SEAT = -1  #: the seat of a decision answered by a chance move (or resolved by the engine)


@dataclass(frozen=True, slots=True)
class Decision:
    kind: ClassVar[str] = ""
    family: ClassVar[str] = "choice"  # "choice", "auto" or "chance"
    seat: int = CHANCE_SEAT


def _fieldless(name: str, kind: str, family: str = "choice") -> type[Decision]:
    """A decision with no field of its own: a subclass of :class:`Decision` with ``__slots__ = ()``
    (see the module docstring)."""
    return type(name, (Decision,), {"__slots__": (), "__module__": __name__, "kind": kind, "family": family})


# -- choices --------------------------------------------------------------------------------------
InvestChoice = _fieldless("InvestChoice", "invest")
ResourceChoice = _fieldless("ResourceChoice", "resource")


@dataclass(frozen=True, slots=True)
class DifferentResources(Decision):
    kind: ClassVar[str] = "resources"
    n: int = 2


@dataclass(frozen=True, slots=True)
class DecorationChoice(Decision):
    """A decoration token: of these pictures, with these numbers of symbols; ``pair``: a one-symbol
    token is followed by a second of the same picture ("two tokens with one symbol, or one with two")."""

    kind: ClassVar[str] = "decor"
    pictures: tuple[str, ...] = ()
    sizes: tuple[int, ...] = (1,)
    pair: bool = False


ResourceOrDecoration = _fieldless("ResourceOrDecoration", "res_or_decor")


@dataclass(frozen=True, slots=True)
class UpgradeChoice(Decision):
    """Improve an Action tile; ``fallback`` Prestige when every tile is improved (Wild Boars income)."""

    kind: ClassVar[str] = "upgrade"
    fallback: int = 0


@dataclass(frozen=True, slots=True)
class StructureChoice(Decision):
    """Resolve one of your Structures: ``optional`` ("up to"), not one of ``exclude``, ``more`` to
    follow; ``bears``: the Bears income, whose Structures must differ over the whole phase."""

    kind: ClassVar[str] = "structure"
    optional: bool = False
    exclude: tuple[str, ...] = ()
    more: int = 0
    bears: bool = False


FavorChoice = _fieldless("FavorChoice", "favor")


@dataclass(frozen=True, slots=True)
class HousePlacement(Decision):
    """Place a House; ``last``: the third, which brings a Favor of the Queen."""

    kind: ClassVar[str] = "house"
    last: bool = False


TakeBird = _fieldless("TakeBird", "take_bird")


# -- automatic steps ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ResolveEffect(Decision):
    """One catalog effect (a dict of the catalog, never changed) for ``seat``."""

    kind: ClassVar[str] = "eff"
    family: ClassVar[str] = "auto"
    effect: dict = None  # type: ignore[assignment]
    category: str = ""
    why: str = ""


@dataclass(frozen=True, slots=True)
class PayForCard(Decision):
    kind: ClassVar[str] = "pay"
    family: ClassVar[str] = "auto"
    space: int = -1
    card: str = ""


@dataclass(frozen=True, slots=True)
class PlaceQueenCard(Decision):
    kind: ClassVar[str] = "place_queen"
    family: ClassVar[str] = "auto"
    card: str = ""


CheckHouses = _fieldless("CheckHouses", "houses", "auto")
PacoTakesDrawnFavor = _fieldless("PacoTakesDrawnFavor", "paco_favor_drawn", "auto")
PacoEndOfTurn = _fieldless("PacoEndOfTurn", "paco_end", "auto")
NextTurn = _fieldless("NextTurn", "next_turn", "auto")


# -- chance: a component turned face up -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RevealCard(Decision):
    """The next card of the deck on ``space`` (or an empty-deck tile once it ran out)."""

    kind: ClassVar[str] = "reveal"
    family: ClassVar[str] = "chance"
    space: int = -1


@dataclass(frozen=True, slots=True)
class BirdsLand(Decision):
    """The morning's birds, for each of these regions (in any order)."""

    kind: ClassVar[str] = "birds"
    family: ClassVar[str] = "chance"
    regions: tuple[int, ...] = ()


QueenWakes = _fieldless("QueenWakes", "queen", "chance")


@dataclass(frozen=True, slots=True)
class RefillDisplay(Decision):
    """A Favor turned face up into display ``slot`` (-1: the first empty one) from stack ``source``
    (-1: the last stack with tiles, -2: the first)."""

    kind: ClassVar[str] = "refill"
    family: ClassVar[str] = "chance"
    slot: int = -1
    source: int = -1


@dataclass(frozen=True, slots=True)
class RestockStack(Decision):
    """Favor stack ``stack`` ran out: another stack gives it a face-down tile."""

    kind: ClassVar[str] = "restock"
    family: ClassVar[str] = "chance"
    stack: int = 0


# -- the most frequent decisions, made once -----------------------------------------------------
#: internal seats a game can have (4 players; solo: the player and Paco & Paca)
MAX_SEATS = 5
#: per seat: pushed after every card taken, every Owls income and every Invest effect
CHECK_HOUSES = tuple(CheckHouses(seat) for seat in range(MAX_SEATS))
INVEST_CHOICE = tuple(InvestChoice(seat) for seat in range(MAX_SEATS))
RESOURCE_CHOICE = tuple(ResourceChoice(seat) for seat in range(MAX_SEATS))
