"""Hidden components: decks, piles and bags whose contents are recorded as they become visible.

A log never lists the order of a face-down deck: each hidden component is written when it is
revealed, and a :class:`HiddenPool` (the *multiset* of what nobody has seen yet) checks that it
could have been there. Pile sizes are checked per pile when the table counted them, else for the
deck as a whole. A draw into a hand the scorer cannot see is written :data:`UNKNOWN` and checked
when the component is identified (:meth:`HiddenPool.identify`): every copy of a component is
revealed or unaccounted for; a rule depending on the identity is the game's to check then.
Every check raises a ``CORE.HIDDEN.*`` :class:`~ludolog.replayer.core.errors.IllegalMove`.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from .cloning import field_copier
from .errors import IllegalMove

UNKNOWN = "?"  #: a component drawn where the scorer could not see it


@dataclass(slots=True)
class HiddenPool:
    """One deck, pile set or bag of face-down components, built with :meth:`create`.

    ``unaccounted`` maps a component id to the copies nobody has seen yet (in the pool, or drawn
    unseen into a hand); ``in_pool`` counts what is physically in the pool; ``pile_sizes`` is None
    when the table did not count its piles; ``unknown_held`` counts the unknown slots per holder.
    """

    what: str  #: the component's noun for messages, e.g. "discovery tile"
    unaccounted: dict[str, int]
    piles: int = 1
    pile_sizes: list[int] | None = None
    unknown_held: dict[Hashable, int] = field(default_factory=dict)
    known_ids: frozenset = frozenset()  #: every id the pool could ever hold (for messages)
    in_pool: int = 0  #: kept by every change below (:attr:`remaining` is asked several times a move)

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def create(cls, what: str, contents: Mapping[str, int], *, piles: int = 1,
               pile_sizes: list[int] | None = None, size: int | None = None,
               pointer: str = "") -> HiddenPool:
        """A pool holding ``contents`` (id -> copies) in ``piles``; ``pile_sizes`` (when the log gives
        them, at ``pointer``) add up to what it holds; ``size`` holds fewer (some put aside unseen).

        :raises IllegalMove: ``CORE.HIDDEN.SIZE`` when the sizes do not fit the contents.
        """
        unaccounted = {k: v for k, v in contents.items() if v > 0}
        total = sum(unaccounted.values())
        if size is not None and not 0 <= size <= total:
            raise IllegalMove("CORE.HIDDEN.SIZE", f"the {what}s number {total}; a pool of {size} cannot be made "
                                                  f"from them", pointer)
        held = total if size is None else size
        if pile_sizes is not None:
            if len(pile_sizes) != piles or any(n < 0 for n in pile_sizes) or sum(pile_sizes) != held:
                raise IllegalMove("CORE.HIDDEN.SIZE",
                                  f"the {held} {what}s are split into {piles} pile{'s' if piles != 1 else ''}; "
                                  f"the sizes given ({', '.join(map(str, pile_sizes))}) "
                                  + (f"are {len(pile_sizes)} piles: write {piles} sizes" if len(pile_sizes) != piles
                                     else f"add up to {sum(pile_sizes)}: write sizes that add up to {held}"), pointer)
            pile_sizes = list(pile_sizes)
        return cls(what=what, unaccounted=unaccounted, piles=piles, pile_sizes=pile_sizes,
                   known_ids=frozenset(contents), in_pool=held)

    def clone(self) -> HiddenPool:
        """An independent copy (every field; the counts copied, the id set shared)."""
        return _copy_pool(self)

    # -- what can be known ----------------------------------------------------------------
    @property
    def remaining(self) -> int:
        """Components physically in the pool (known even when the piles were not counted)."""
        return self.in_pool

    @property
    def unrevealed(self) -> int:
        """Unknown slots drawn from this pool and never identified."""
        return sum(self.unknown_held.values())

    def possible(self) -> list[str]:
        """The ids an unseen component could have, sorted."""
        return sorted(k for k, v in self.unaccounted.items() if v > 0)

    def drawable_piles(self) -> list[int]:
        """Piles (from 1) a draw may name now."""
        if self.in_pool <= 0:
            return []
        if self.pile_sizes is None:
            return list(range(1, self.piles + 1))
        return [i + 1 for i, n in enumerate(self.pile_sizes) if n > 0]

    # -- checks (raise, change nothing) ---------------------------------------------------
    def check_draw(self, pile: int | None = None, pointer: str = "/pile") -> None:
        """:raises IllegalMove: ``CORE.HIDDEN.NO_PILE`` (no such pile) or ``CORE.HIDDEN.EMPTY``."""
        if pile is not None and not 1 <= pile <= self.piles:
            raise IllegalMove("CORE.HIDDEN.NO_PILE", f"there {'is' if self.piles == 1 else 'are'} only {self.piles} "
                                                     f"{self.what} pile{'s' if self.piles != 1 else ''}, no pile {pile}",
                              pointer)
        if self.in_pool <= 0:
            raise IllegalMove("CORE.HIDDEN.EMPTY", f"no {self.what} is left to draw", pointer)
        if pile is not None and self.pile_sizes is not None and self.pile_sizes[pile - 1] == 0:
            raise IllegalMove("CORE.HIDDEN.EMPTY", f"{self.what} pile {pile} is empty", pointer)

    def check_reveal(self, component: str, pile: int | None = None, pointer: str = "",
                     pile_pointer: str = "/pile") -> None:
        """:raises IllegalMove: a draw of ``component`` face up from ``pile`` is not possible
            (``CORE.HIDDEN.NO_PILE``, ``CORE.HIDDEN.EMPTY`` or ``CORE.HIDDEN.NOT_IN_POOL``)."""
        self.check_draw(pile, pile_pointer)
        if self.unaccounted.get(component, 0) <= 0:
            raise IllegalMove("CORE.HIDDEN.NOT_IN_POOL", self._not_in_pool(component), pointer)

    def check_identify(self, holder: Hashable, component: str, pointer: str = "") -> None:
        """:raises IllegalMove: no unknown slot of ``holder`` can turn out to be ``component``
            (``CORE.HIDDEN.NOT_HELD`` or ``CORE.HIDDEN.NOT_IN_POOL``)."""
        if self.unknown_held.get(holder, 0) <= 0:
            raise IllegalMove("CORE.HIDDEN.NOT_HELD", f"{self.what} {component!r} is not known to be in that hand, and "
                                                      f"no {self.what} was drawn into it unseen", pointer)
        if self.unaccounted.get(component, 0) <= 0:
            raise IllegalMove("CORE.HIDDEN.NOT_IN_POOL", self._not_in_pool(component), pointer)

    def _not_in_pool(self, component: str) -> str:
        if component == UNKNOWN:
            return f"a {self.what} revealed here must be named"
        if component not in self.known_ids:
            from .suggest import did_you_mean  # the error path only

            return f"{component!r} is not a {self.what}{did_you_mean(component, sorted(self.known_ids))}"
        return f"{self.what} {component!r} cannot be there: every copy of it is already accounted for"

    # -- changes (check first, then change) -----------------------------------------------
    def _take(self, pile: int | None) -> None:
        self.in_pool -= 1
        if pile is not None and self.pile_sizes is not None:
            self.pile_sizes[pile - 1] -= 1

    def reveal(self, component: str, pile: int | None = None, pointer: str = "",
               pile_pointer: str = "/pile") -> str:
        """Draw ``component`` face up from ``pile`` (from 1; None when the pool is one pile).

        :raises IllegalMove: see :meth:`check_reveal`; nothing changes then.
        """
        unaccounted = self.unaccounted
        if pile is None and self.in_pool > 0 and unaccounted.get(component, 0) > 0:
            # the common case (one pile, the component possible) checked inline: reveals are per move
            unaccounted[component] -= 1
            self.in_pool -= 1
            return component
        self.check_reveal(component, pile, pointer, pile_pointer)
        unaccounted[component] -= 1
        self._take(pile)
        return component

    def reveal_all(self, components: Sequence[str], pointers: Sequence[str], pile: int | None = None,
                   pile_pointer: str = "/pile", before: Callable[[int], None] | None = None) -> None:
        """Draw ``components`` face up one after the other, as one step: each checked as
        :meth:`check_reveal` would check it after the earlier ones were drawn, ``before(k)`` (the
        game's own check, if any) just before the k-th; then all drawn. Nothing changes when one fails.

        :raises IllegalMove: the error of the first reveal that would fail (see :meth:`check_reveal`).
        """
        taken: dict[str, int] = {}
        for k, component in enumerate(components):
            if before is not None:
                before(k)
            if k == 0:
                self.check_draw(pile, pile_pointer)
            elif self.in_pool - k <= 0:
                raise IllegalMove("CORE.HIDDEN.EMPTY", f"no {self.what} is left to draw", pile_pointer)
            elif pile is not None and self.pile_sizes is not None and self.pile_sizes[pile - 1] - k <= 0:
                raise IllegalMove("CORE.HIDDEN.EMPTY", f"{self.what} pile {pile} is empty", pile_pointer)
            same = taken.get(component, 0)
            if self.unaccounted.get(component, 0) - same <= 0:
                raise IllegalMove("CORE.HIDDEN.NOT_IN_POOL", self._not_in_pool(component), pointers[k])
            taken[component] = same + 1
        for component in components:
            self.unaccounted[component] -= 1
            self._take(pile)

    def draw_unknown(self, holder: Hashable, pile: int | None = None, pile_pointer: str = "/pile") -> None:
        """Draw one component unseen into ``holder``'s hand (written ``"?"`` in the log).

        :raises IllegalMove: see :meth:`check_draw`.
        """
        self.check_draw(pile, pile_pointer)
        self._take(pile)
        self.unknown_held[holder] = self.unknown_held.get(holder, 0) + 1

    def draw(self, holder: Hashable, component: str, pile: int | None = None, pointer: str = "",
             pile_pointer: str = "/pile") -> str:
        """A draw as the log writes it: :data:`UNKNOWN` goes into ``holder``'s hand unseen, an id is
        revealed. Returns ``component``.

        :raises IllegalMove: see :meth:`check_reveal` and :meth:`check_draw`.
        """
        if component == UNKNOWN:
            self.draw_unknown(holder, pile, pile_pointer)
        else:
            self.reveal(component, pile, pointer, pile_pointer)
        return component

    def identify(self, holder: Hashable, component: str, pointer: str = "") -> str:
        """An unknown slot of ``holder`` is revealed as ``component``.

        :raises IllegalMove: see :meth:`check_identify`; nothing changes then.
        """
        self.check_identify(holder, component, pointer)
        self.unaccounted[component] -= 1
        self.unknown_held[holder] -= 1
        return component

    def put_back(self, component: str, pile: int | None = None) -> None:
        """A seen component goes back unseen into the pool (shuffled in, or under a pile)."""
        self.unaccounted[component] = self.unaccounted.get(component, 0) + 1
        self.in_pool += 1
        if pile is not None and self.pile_sizes is not None:
            self.pile_sizes[pile - 1] += 1

    # -- many of one component at once (a season's end returns dozens of workers) -------------
    def reveal_many(self, component: str, n: int) -> None:
        """``n`` calls of :meth:`reveal` from a one-pile pool."""
        for _ in range(n):
            self.reveal(component)

    def draw_many(self, holder: Hashable, component: str, n: int, pointer: str = "") -> None:
        """``n`` calls of :meth:`draw` from a one-pile pool."""
        for _ in range(n):
            self.draw(holder, component, pointer=pointer)

    def put_back_many(self, component: str, n: int) -> None:
        """``n`` calls of :meth:`put_back` into a one-pile pool."""
        if n > 0:
            self.unaccounted[component] = self.unaccounted.get(component, 0) + n
            self.in_pool += n


#: HiddenPool.clone: every field copied (core.cloning.field_copier), so a field added to the pool is copied too
_copy_pool = field_copier(HiddenPool, {"unaccounted": "dict", "unknown_held": "dict", "known_ids": "share"})
