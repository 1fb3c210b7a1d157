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
from .catalog import COLOURS, SKILLS
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


def check_workers(s: KFState, seat: int, wanted: dict[str, int], pointer: str = "/colour") -> None:
    """``seat`` can take ``wanted`` (colour -> n) from behind the screen.

    :raises IllegalMove: KEY.WORKERS.NOT_ENOUGH, or CORE.HIDDEN.NOT_IN_POOL when unseen workers
        cannot be of that colour.
    """
    known = s.players[seat].workers
    slots = 0
    for colour, n in wanted.items():
        if n > 0 and known[COLOUR_INDEX[colour]] < n:  # the known ones of the colour do not suffice
            slots += _identify_need(s.bag, seat, known[COLOUR_INDEX[colour]], colour, n, "worker", s.ids[seat], pointer)
    if slots and slots > unknown_workers(s, seat):
        raise refuse("KEY.WORKERS.NOT_ENOUGH", f"{s.ids[seat]} has too few workers behind the screen for "
                     f"{', '.join(f'{n} {c}' for c, n in wanted.items())}", pointer)


def take_workers(s: KFState, seat: int, wanted: dict[str, int]) -> None:
    """Take ``wanted`` from behind the screen (checked with :func:`check_workers` first): the known
    workers of each colour first, then unseen ones identified."""
    known = s.players[seat].workers
    for colour, n in wanted.items():
        k = COLOUR_INDEX[colour]
        have = known[k]
        if have >= n:
            known[k] = have - n
        else:
            known[k] = 0
            for _ in range(n - have):
                s.bag.identify(seat, colour)


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
    check_skills(s, seat, {skill: 1}, pointer)


def check_skills(s: KFState, seat: int, wanted: dict[str, int], pointer: str) -> None:
    """:raises IllegalMove: KEY.SKILLS.NOT_ENOUGH or CORE.HIDDEN.NOT_IN_POOL."""
    p = s.players[seat]
    slots = 0
    for skill, n in wanted.items():
        if n > 0:
            slots += _identify_need(s.skill_pile, seat, p.skills[SKILL_INDEX[skill]], skill, n, "skill tile", s.ids[seat], pointer)
    if slots > unknown_skills(s, seat):
        raise refuse("KEY.SKILLS.NOT_ENOUGH", f"{s.ids[seat]} has too few skill tiles behind the screen for "
                     f"{', '.join(f'{n} {k}' for k, n in wanted.items())}", pointer)


def take_skill(s: KFState, seat: int, skill: str) -> None:
    """Take one skill tile (checked first); a ``"?"`` tile leaves its unseen slot, still unseen."""
    if skill == UNKNOWN:
        s.skill_pile.unknown_held[seat] -= 1
        return
    take_skills(s, seat, {skill: 1})


def take_skills(s: KFState, seat: int, wanted: dict[str, int]) -> None:
    p = s.players[seat]
    for skill, n in wanted.items():
        k = SKILL_INDEX[skill]
        from_known = min(n, p.skills[k])
        p.skills[k] -= from_known
        for _ in range(n - from_known):
            s.skill_pile.identify(seat, skill)


def skill_to_pile(s: KFState, skill: str) -> None:
    """A skill tile goes back face down into the pile (a ``"?"`` one stays unseen)."""
    if skill == UNKNOWN:
        s.skill_pile.in_pool += 1
    else:
        s.skill_pile.put_back(skill)


def colours_available(s: KFState, seat: int) -> dict[str, int]:
    """For each colour, the most workers of it ``seat`` could place (known plus possible unseen)."""
    p = s.players[seat]
    unknown = unknown_workers(s, seat)
    return {c: p.workers[k] + min(unknown, s.bag.unaccounted.get(c, 0)) for k, c in enumerate(COLOURS)}


def skills_available(s: KFState, seat: int) -> dict[str, int]:
    p = s.players[seat]
    unknown = unknown_skills(s, seat)
    return {k: p.skills[i] + min(unknown, s.skill_pile.unaccounted.get(k, 0)) for i, k in enumerate(SKILLS)}
