"""What lies behind a player's screen: workers by colour and skill tiles by type, known or not yet.

Workers drawn where nobody else could see them are written ``"?"`` and held as the bag's unknown
slots of that seat (the core's :class:`~ludolog.replayer.core.components.HiddenPool`); skill tiles
drawn face down are the skill pile's unknown slots. A worker or skill tile is identified when it is
placed, paid or counted: the known ones of that colour or type are taken first, then unknown slots
are identified (each must still be possible: every copy of a colour is in the bag, in an unknown
slot, or seen). Every function here checks first and changes nothing when it refuses.
"""
from __future__ import annotations

from ..core.components import UNKNOWN
from ..core.errors import IllegalMove
from .rules import refuse
from .state import COLOUR_INDEX, SKILL_INDEX, KFState


def unknown_workers(s: KFState, seat: int) -> int:
    return s.bag.unknown_held.get(seat, 0)


def unknown_skills(s: KFState, seat: int) -> int:
    return s.skill_pile.unknown_held.get(seat, 0)


def _identify_need(pool, seat: int, known: int, kind: str, n: int, noun: str, who: str, pointer: str) -> int:
    """How many unknown slots must turn out to be ``kind`` for ``n`` of it to come from this hand."""
    if known >= n:
        return 0
    need = n - known
    held = pool.unknown_held.get(seat, 0)
    if held < need:
        code = "KEY.WORKERS.NOT_ENOUGH" if noun == "worker" else "KEY.SKILLS.NOT_ENOUGH"
        have = f"{known} {kind}" + (f" and {held} not yet seen" if held else "")
        raise refuse(code, f"{who} has {have} {noun}{'s' if known + held != 1 else ''} behind the screen, "
                     f"not the {n} {kind} needed", pointer)
    avail = pool.unaccounted.get(kind, 0)
    if avail < need:
        where = ("green workers never come from the bag: they come from the stock, by the tiles and boats that "
                 "give them" if kind == "green" and noun == "worker" else
                 f"the other {kind} {noun}s are seen elsewhere")
        raise IllegalMove("CORE.HIDDEN.NOT_IN_POOL", f"{who} has {known} {kind} {noun}{'s' if known != 1 else ''} known "
                          f"behind the screen, not the {n} needed, and the {held} not yet seen can include "
                          f"{'no' if not avail else f'at most {avail}'} {kind} ({where})", pointer)
    return need


def _hand(s: KFState, seat: int, pool) -> tuple[list[int], dict[str, int], str]:
    """The known counts behind ``seat``'s screen drawn from ``pool`` (the bag: workers by colour; the skill
    pile: skill tiles by type), with their index and noun."""
    if pool is s.bag:
        return s.players[seat].workers, COLOUR_INDEX, "worker"
    return s.players[seat].skills, SKILL_INDEX, "skill tile"


def check_take(s: KFState, seat: int, pool, wanted: dict[str, int], pointer: str) -> None:
    """``seat`` can take ``wanted`` (colour or skill type -> n) from behind the screen: workers when
    ``pool`` is the bag, skill tiles when it is the skill pile.

    :raises IllegalMove: KEY.WORKERS.NOT_ENOUGH or KEY.SKILLS.NOT_ENOUGH, or CORE.HIDDEN.NOT_IN_POOL when
        unseen ones cannot be of that kind.
    """
    known, index, noun = _hand(s, seat, pool)
    slots = 0
    for kind, n in wanted.items():
        if n > 0 and known[index[kind]] < n:  # the known ones of the kind do not suffice
            slots += _identify_need(pool, seat, known[index[kind]], kind, n, noun, s.ids[seat], pointer)
    if slots > pool.unknown_held.get(seat, 0):
        raise refuse("KEY.WORKERS.NOT_ENOUGH" if noun == "worker" else "KEY.SKILLS.NOT_ENOUGH",
                     f"{s.ids[seat]} has too few {noun}s behind the screen for "
                     f"{', '.join(f'{n} {k}' for k, n in wanted.items())}", pointer)


def take(s: KFState, seat: int, pool, wanted: dict[str, int]) -> None:
    """Take ``wanted`` from behind the screen (checked with :func:`check_take` first): the known ones
    of each kind first, then unseen ones identified."""
    known, index, _ = _hand(s, seat, pool)
    for kind, n in wanted.items():
        k = index[kind]
        have = known[k]
        if have >= n:
            known[k] = have - n
        else:
            known[k] = 0
            for _ in range(n - have):
                pool.identify(seat, kind)


def can_take(s: KFState, seat: int, pool, wanted: dict[str, int]) -> bool:
    """Whether :func:`check_take` would let ``seat`` take ``wanted`` (for the listing: no refusal built)."""
    known, index, _ = _hand(s, seat, pool)
    need = 0
    for kind, n in wanted.items():
        short = n - known[index[kind]]
        if short > 0:
            if pool.unaccounted.get(kind, 0) < short:
                return False
            need += short
    return need <= pool.unknown_held.get(seat, 0)


def check_skill(s: KFState, seat: int, skill: str, pointer: str) -> None:
    """``seat`` can pay one skill tile ``skill`` (a type, or ``"?"``: one face down, from an unseen slot).

    :raises IllegalMove: KEY.SKILLS.NOT_ENOUGH, KEY.SKILLS.NAME_KNOWN or CORE.HIDDEN.NOT_IN_POOL.
    """
    if skill == UNKNOWN:
        if unknown_skills(s, seat) < 1:
            if sum(s.players[seat].skills):
                raise refuse("KEY.SKILLS.NAME_KNOWN", f"every skill tile behind {s.ids[seat]}'s screen is known: "
                             "name the one paid", pointer)
            raise refuse("KEY.SKILLS.NOT_ENOUGH", f"{s.ids[seat]} has no skill tile to pay", pointer)
        return
    check_take(s, seat, s.skill_pile, {skill: 1}, pointer)


def take_skill(s: KFState, seat: int, skill: str) -> None:
    """Take one skill tile (checked first); a ``"?"`` tile leaves its unseen slot, still unseen."""
    if skill == UNKNOWN:
        s.skill_pile.unknown_held[seat] -= 1
        return
    take(s, seat, s.skill_pile, {skill: 1})


def skill_to_pile(s: KFState, skill: str) -> None:
    """A skill tile goes back face down into the pile (a ``"?"`` one stays unseen)."""
    if skill == UNKNOWN:
        s.skill_pile.in_pool += 1
    else:
        s.skill_pile.put_back(skill)


def available(s: KFState, seat: int, pool) -> dict[str, int]:
    """For each colour (``pool`` the bag) or skill type (the skill pile), the most of it ``seat`` could
    place or pay (known plus possible unseen)."""
    known, index, _ = _hand(s, seat, pool)
    unknown = pool.unknown_held.get(seat, 0)
    return {kind: known[k] + min(unknown, pool.unaccounted.get(kind, 0)) for kind, k in index.items()}
