"""The Wise Eminence's turn in the solo game, their set-up, and the table's moves that drive them.

What the table writes (what a solo player writes at the table): on each of their turns one
``{"type": "eminence", "tile": "solo-B2", "corner": "lower_left"}`` - the solo tile revealed and
the corner of the face-down top tile of the stack that marks their position (its random
orientation, a recorded random outcome; no corner once the stack is depleted) - and, for each gray
building tile they draw (Hire, Pioneer), a ``{"type": "mound", "tile": "B27"}`` right after it.
The engine never rolls: everything else they do is derived from the rules text and the position
(never written), and then the player writes their own right-side decisions as usual.

Rules text, "Solo Course of the Game": "reveal the top solo tile, orient it upright, then carry out
2 effects: first the upper half, then the lower half (choosing an action strip and carrying out the
action). Then advance their ship as many steps as the chosen action strip's space shows. If the solo
stack is depleted, remix the 6 tiles in random orientation as a new stack."
"""
from __future__ import annotations

import random

from ..core.errors import IllegalMove, SetupProblems
from ..core.ledger import Ledger
from . import building
from . import eminence as em
from .action_board import take_strip
from .catalog import CORNERS, Catalog
from .state import BoonlakeState, SoloState, Step


# -- set-up ----------------------------------------------------------------------------------

def attach(s: BoonlakeState, setup: dict, problems: SetupProblems) -> None:
    """The Wise Eminence's set-up ("Solo Set-Up") for a game of 1 player; none for 2-4.

    Each wrong value is added to ``problems`` (BOON.SETUP.SOLO, BOON.SETUP.SOLO_TILE, pointers
    absolute) beside those of the players' set-up, so that one run reports them all; ``s`` may
    come from a set-up with wrong values, so nothing here assumes the players' part is whole.
    """
    cat = s.cat
    spec = setup.get("eminence")
    if s.n != 1:
        if spec is not None:
            problems.add("BOON.SETUP.SOLO", f"the Wise Eminence plays only in the solo game; this log has {s.n} "
                                            f"players: leave 'eminence' out", "/setup/eminence")
        return
    if spec is None:
        problems.add("BOON.SETUP.SOLO", "a solo game records the Wise Eminence's set-up: write 'eminence' with the "
                                        "difficulty and their scoring tile", "/setup")
        return
    tile = spec["scoring_tile"]
    player = setup["players"].get(s.ids[0], {})
    kept = s.owner_tile[0] if s.owner_tile else player.get("scoring_tile")
    drawn = player.get("scoring_drawn", ())
    others = [t for t in s.scoring_tiles if t != kept and t not in drawn]
    write = f": write {' or '.join(others)}" if others else ""
    if tile not in s.scoring_tiles:
        problems.add("BOON.SETUP.SOLO_TILE", f"the Wise Eminence's scoring tile lies in their area, so it is one of the "
                                             f"4 in play ({', '.join(s.scoring_tiles)}), not {tile}{write}",
                     "/setup/eminence/scoring_tile")
    elif tile == kept or tile in drawn:
        problems.add("BOON.SETUP.SOLO_TILE", f"{tile} was drawn by {s.ids[0]}; the Wise Eminence's tile is revealed "
                                             f"at random from the other tiles in play{write}",
                     "/setup/eminence/scoring_tile")
    if problems:
        return  # the state is not played: its solo part is not built
    a, b = cat.difficulty[spec["difficulty"]]  # A and B tiles removed; the difficulty is one of the schema's enum
    board = cat.solo_board
    s.solo = SoloState(spec["difficulty"], tile, cat.river_start[1][2], Ledger(1),
                       {"A": cat.solo_grades["A"] - a, "B": cat.solo_grades["B"] - b},
                       len(board["houses"]), len(board["settlements"]), len(board["cattle"]))
    s.current = s.n  # "They get the starting player token"


def random_setup(cat: Catalog, rng: random.Random, setup: dict) -> None:
    """Adds the Wise Eminence to a random 1-player set-up: a random difficulty, and the first of the
    random scoring tiles as theirs."""
    setup["eminence"] = {"difficulty": rng.choice(sorted(cat.difficulty)), "scoring_tile": setup["scoring_tiles"][1]}


# -- the table's moves -----------------------------------------------------------------------

def possible_tiles(s: BoonlakeState) -> list[str]:
    """Solo tiles the next reveal can be: not yet revealed from this stack; in the first stack only
    grades it still holds (the difficulty removed unknown tiles), later only the six identified."""
    sl, tiles = s.solo, s.cat.solo_tiles
    if sl.stacks > 1:
        return [t for t in sl.known if t not in sl.revealed]
    return [t for t in tiles if t not in sl.revealed and sl.revealed_of(tiles[t].grade, tiles) < sl.in_stack[tiles[t].grade]]


def check_reveal(s: BoonlakeState, move: dict) -> None:
    """:raises IllegalMove: BOON.SOLO.TILE, BOON.SOLO.REVEALED, BOON.SOLO.REMOVED, BOON.SOLO.CORNER."""
    sl, cat = s.solo, s.cat
    tid = move["tile"]
    tile = cat.solo_tiles.get(tid)
    if tile is None:
        raise IllegalMove("BOON.SOLO.TILE", f"there is no solo tile {tid!r} ({', '.join(cat.solo_tiles)})", "/tile")
    if tid in sl.revealed:
        raise IllegalMove("BOON.SOLO.REVEALED", f"{tid} was already revealed from this stack "
                                                f"({', '.join(sl.revealed)} so far)", "/tile")
    if sl.stacks > 1 and tid not in sl.known:
        raise IllegalMove("BOON.SOLO.REMOVED", f"{tid} was removed at set-up: the stack is remixed from the same 6 tiles "
                                               f"({', '.join(sorted(sl.known))})", "/tile")
    if sl.stacks == 1 and sl.revealed_of(tile.grade, cat.solo_tiles) >= sl.in_stack[tile.grade]:
        raise IllegalMove("BOON.SOLO.REMOVED", f"at difficulty {sl.difficulty.replace('_', ' ')} the stack holds "
                                               f"{sl.in_stack[tile.grade]} {tile.grade}-tile(s), all revealed already: "
                                               f"{tid} was removed at set-up", "/tile")
    left = cat.solo_stack_size - len(sl.revealed) - 1
    if left and "corner" not in move:
        raise IllegalMove("BOON.SOLO.CORNER", f"{left} solo tile(s) stay face down: write the corner of the top one that "
                                              f"marks the Wise Eminence's position ({', '.join(CORNERS)})", "/corner")
    if not left and "corner" in move:
        raise IllegalMove("BOON.SOLO.CORNER", "the solo stack is depleted by this reveal: the Wise Eminence uses the "
                                              "upper-left number, so no corner is written", "/corner")


def reveal(s: BoonlakeState, move: dict) -> None:
    """Their turn from the solo tile revealed: step A, step B, then the right-side part opens for the
    player (``turn.settle``), then their ship (``turn.eminence_ship``)."""
    check_reveal(s, move)
    cat, sl = s.cat, s.solo
    tid = move["tile"]
    tile = cat.solo_tiles[tid]
    sl.revealed.append(tid)
    if tid not in sl.known:
        sl.known.append(tid)
    sl.tile = tid
    location = em.location_number(tile, move.get("corner"))
    # A) "They first look at the bottommost of the 7 action strips"
    effect = em.bottom_strip_effect(cat, s.strips[-1], tile.grade)
    for _ in range(effect.get("structures", 0)):
        em.build_structure(s, location)
    for _ in range(effect.get("cattle", 0)):
        em.place_cattle(s, location)
    em.advance_cactus(s, effect.get("cactus", 0))
    # B) "always taking the action whose strip is furthest up on the action board"
    action = em.chosen_action(tile, {strip: row for row, strip in enumerate(s.strips, 1)})
    taken = take_strip(cat, s.strips, action)  # never one of the two bottom rows: 3 strips, the highest of them
    s.strips = list(taken.order)
    s.strip, s.steps, s.region_chosen = action, taken.steps, ""
    s.forgone.clear()  # "only 1 of them" per action: a new action, as when a player takes a strip
    _solo_effect(s, action, tile.grade == "B", location)
    s.middle = []
    s.step = Step.MIDDLE  # nothing in the middle: the right-side part opens next, for the player


def _solo_effect(s: BoonlakeState, action: str, b_tile: bool, location: int) -> None:
    """ "Overview of solo effects", by the strip taken."""
    if action in ("builder", "progress"):
        em.advance_cactus(s, 2 if b_tile else 1)
    elif action == "hire":
        em.place_gray_tile(s, location)
        em.advance_cactus(s, 2 if b_tile else 1)
    elif action == "pioneer":
        em.place_gray_tile(s, location)
        second = em.place_gray_tile(s, location)
        if second is not None:
            em.place_house_on(s, second)
        em.advance_cactus(s, 1 if b_tile else 0)
    elif action == "cattle_breeding":
        em.place_pasture(s, location)
        em.place_cattle(s, location)
        em.advance_cactus(s, 1 if b_tile else 0)
    elif action == "settle":
        for _ in range(2 if b_tile else 1):
            em.build_structure(s, location)
    elif action == "region_scoring":
        em.choose_region(s)


def apply(s: BoonlakeState, move: dict) -> None:
    """An 'eminence' or 'mound' move (the engine checked that it is the one due)."""
    if move["type"] == "mound":  # the gray tile the Wise Eminence drew, onto the space it was given
        s.tiles[s.solo.pending_tiles.pop(0)] = building.gray_tile(s, move["tile"])
    else:
        reveal(s, move)


# -- listing and chance's odds ---------------------------------------------------------------

def chance_outcomes(s: BoonlakeState) -> list[tuple[dict, float]]:
    """The reveals with their odds: gray tiles by the mound's counts; a solo tile by how many of its
    grade the stack still hides over the tiles it can be; a corner uniformly."""
    if s.solo.pending_tiles:
        return [({"type": "mound", "tile": t}, k) for t, k in sorted(s.mound.unaccounted.items()) if k > 0]
    sl, cat = s.solo, s.cat
    tiles = possible_tiles(s)
    if sl.stacks > 1:
        weights = [1.0] * len(tiles)
    else:
        per = {g: sum(1 for t in tiles if cat.solo_tiles[t].grade == g) for g in ("A", "B")}
        hidden = {g: sl.in_stack[g] - sl.revealed_of(g, cat.solo_tiles) for g in ("A", "B")}
        weights = [hidden[cat.solo_tiles[t].grade] / per[cat.solo_tiles[t].grade] for t in tiles]
    corners = CORNERS if cat.solo_stack_size - len(sl.revealed) > 1 else (None,)
    return [({"type": "eminence", "tile": t, **({"corner": c} if c else {})}, w / len(corners))
            for t, w in zip(tiles, weights) if w > 0 for c in corners]
