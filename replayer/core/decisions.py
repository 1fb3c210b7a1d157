"""Pending decisions and effect kinds: the two core types an effect-driven game is built from."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

from .catalogs import CatalogError

D = TypeVar("D")
F = TypeVar("F", bound=Callable)


class DecisionStack(Generic[D]):
    """The decisions the rules have asked for and the log has not answered yet ("choose a
    decoration"), pushed by an effect and popped by the move that answers it; the newest first.

    Each decision kind is a small frozen dataclass of the game's own: cloning the stack then copies
    only the list. Two stacks are equal when they hold equal decisions in the same order.

    ``items`` is the list itself, oldest first (the next decision is ``items[-1]``): an engine's hot
    loop may read it (``if stack.items``) without a method call per look; change the stack through
    the methods.
    """

    __slots__ = ("items",)

    def __init__(self, items: Iterable[D] = ()):
        self.items: list[D] = list(items)

    def push(self, decision: D) -> None:
        self.items.append(decision)

    def push_all(self, decisions: Iterable[D]) -> None:
        """Push several so that the first of ``decisions`` is answered first."""
        self.items.extend(decisions[::-1] if type(decisions) in (tuple, list) else reversed(list(decisions)))

    def pop(self) -> D:
        """:raises IndexError: nothing is pending (a bug in the caller: check :meth:`top` first)."""
        return self.items.pop()

    def top(self) -> D | None:
        """The decision to answer next, or None."""
        return self.items[-1] if self.items else None

    def clone(self) -> DecisionStack[D]:
        return DecisionStack(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[D]:
        """From the next decision to answer down to the oldest."""
        return reversed(self.items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DecisionStack) and self.items == other.items

    def __repr__(self) -> str:
        return f"DecisionStack({list(self)!r})"


class EffectRegistry(Generic[F]):
    """Effect kinds of one game: each catalog effect name maps to exactly one function, and a
    catalog naming a kind not registered is refused when it is loaded (:meth:`check_catalog`).

    >>> EFFECTS = EffectRegistry("toy")
    >>> @EFFECTS.effect("gain_coins")
    ... def gain_coins(state, seat, params): ...
    """

    def __init__(self, game: str):
        self.game = game
        self._kinds: dict[str, F] = {}

    def effect(self, name: str) -> Callable[[F], F]:
        """Decorator: register the function implementing effect kind ``name``.

        :raises ValueError: ``name`` is registered twice (two implementations of one kind).
        """
        def register(function: F) -> F:
            if name in self._kinds:
                raise ValueError(f"{self.game}: effect kind {name!r} is implemented twice")
            self._kinds[name] = function
            return function
        return register

    def __getitem__(self, name: str) -> F:
        """:raises KeyError: no such effect kind (catalogs are checked on load, so a bug)."""
        return self._kinds[name]

    def __contains__(self, name: object) -> bool:
        return name in self._kinds

    def names(self) -> list[str]:
        return sorted(self._kinds)

    def check_catalog(self, used: Iterable[tuple[str, str]], title: str = "") -> None:
        """Every ``(effect name, where in the catalog)`` must be a registered kind.

        :raises CatalogError: the first unknown kinds, with where they are and what exists.
        """
        unknown = [(name, where) for name, where in used if name not in self._kinds]
        if unknown:
            listed = "; ".join(f"{where}: {name!r}" for name, where in unknown[:5])
            raise CatalogError(f"the {title or self.game} catalog names effect kinds this engine does not implement "
                               f"({listed}); implemented kinds: {', '.join(self.names())}")
