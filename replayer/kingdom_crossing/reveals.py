"""Chance moves: the components the table turns face up, each checked against what is still unseen.

A log of the ``ludolog/2`` form names every hidden component when it is revealed, as a move without
``player`` right where the rules reveal it:

- ``{"type": "reveal", "space": "O2", "card": "SPO-09"}``: the next card of a deck after its card
  was taken (after that card's effect), or the empty-deck tile drawn when the deck ran out;
- ``{"type": "birds", "region": "island", "birds": {"I1": "red-07", ...}}``: the morning's birds of
  one region, one on every card while its stack lasts;
- ``{"type": "queen", "card": "Q3"}``: the Queen card that wakes this morning;
- ``{"type": "refill", "tile": "F12"}``: a Favor turned face up into the display;
- ``{"type": "restock", "from": 2}``: the stack that gave a face-down tile to a stack that ran out
  (only when the log recorded the stack sizes at set-up).

Each face-down pile is a core :class:`~ludolog.replayer.core.components.HiddenPool` of the components
not yet seen in it; a reveal must name one of them (``CORE.HIDDEN.NOT_IN_POOL``).
"""
from __future__ import annotations

from itertools import combinations, permutations

from ..core.errors import IllegalMove
from .answers import refill_source, restock_after_draw
from .decisions import CHANCE_SEAT, BirdsLand
from .state import KCState


def apply_chance(s: KCState, task, move: dict) -> None:
    """Check the chance move against the pending chance task, then apply it (state untouched on error).

    :raises IllegalMove: KC.REVEAL.SPACE, KC.BIRDS.SPACES, KC.FAVOR.RESTOCK, or CORE.HIDDEN.* when the
        component named was not face down in that pile.
    """
    kind = task.kind
    cat = s.cat
    if kind == "reveal":
        sp = task.space
        if cat.space_index.get(move["space"]) != sp:
            raise IllegalMove("KC.REVEAL.SPACE", f"the card taken was on {cat.spaces[sp]}: its deck reveals the next card, "
                              f"not the deck on {move['space']}", "/space")
        card = move["card"]
        deck = s.deck_pools[sp]
        if deck.in_pool > 0:  # the deck still has cards: the next one comes from it
            deck.reveal(card, pointer="/card")
            s.space_card[sp] = card
        else:  # "When a deck of cards runs out, take one not-yet-used empty-deck tile at random"
            s.empty_pool.reveal(card, pointer="/card")
            s.space_tile[sp] = card
        s.tasks.items.pop()
        return
    if kind == "birds":
        _apply_birds(s, task, move)
        return
    if kind == "queen":
        s.queen_pool.reveal(move["card"], pointer="/card")
        s.tasks.items.pop()
        s.queen_card = move["card"]
        s.queen_available = True
        return
    if kind == "refill":
        source = refill_source(s, task)
        pile = source + 1 if source is not None and source >= 0 else None
        s.favor_pool.reveal(move["tile"], pile, "/tile")
        s.tasks.items.pop()
        slot = task.slot if task.slot >= 0 else s.favor_display.index(None)
        s.favor_display[slot] = move["tile"]
        if pile is not None:
            restock_after_draw(s, source)
        return
    if kind == "restock":
        empty, donor = task.stack, move["from"]
        sizes = s.favor_pool.pile_sizes
        if donor == empty or donor >= len(sizes) or sizes[donor] < 2:
            raise IllegalMove("KC.FAVOR.RESTOCK", f"Favor stack {empty} ran out: it is refilled with a tile from another "
                              f"stack that keeps at least one (stack sizes now {', '.join(map(str, sizes))})", "/from")
        s.tasks.items.pop()
        sizes[donor] -= 1
        sizes[empty] += 1
        return
    raise ValueError(kind)


def _apply_birds(s: KCState, task, move: dict) -> None:
    cat = s.cat
    due = task.regions
    reg = cat.region_index.get(move["region"])
    if reg not in due:
        left = ", ".join(cat.regions[r] for r in due)
        raise IllegalMove("KC.BIRDS.SPACES", f"birds still land this morning in {left}, not in {move['region']}", "/region")
    cards = [sp for sp in cat.region_spaces[reg] if s.space_card[sp]]
    placed = move["birds"]
    pool = s.bird_pools[reg]
    for name in placed:
        if cat.space_index.get(name) not in cards:
            raise IllegalMove("KC.BIRDS.SPACES", f"{name} is not a card of {move['region']} (birds land on "
                              f"{', '.join(cat.spaces[c] for c in cards)})", f"/birds/{name}")
    want = min(len(cards), pool.in_pool)
    if len(placed) != want:
        missing = [cat.spaces[c] for c in cards if cat.spaces[c] not in placed]
        raise IllegalMove("KC.BIRDS.SPACES", f"one bird lands on every card of {move['region']} while its stack lasts: "
                          f"{want} bird(s), not {len(placed)} (no bird on {', '.join(missing)})", "/birds")
    if not _draw_distinct_birds(pool, placed):
        _draw_birds(s, pool, move, placed)
    s.tasks.items.pop()
    for name, bird in placed.items():
        s.space_bird[cat.space_index[name]] = bird
    rest = tuple(r for r in due if r != reg)
    if rest:
        s.tasks.items.append(BirdsLand(CHANCE_SEAT, rest))


def _draw_distinct_birds(pool, placed: dict) -> bool:
    """The usual morning, checked and drawn in one pass: distinct birds, each still unseen in the
    stack (a discarded bird never was in it). False (nothing drawn) for anything else, which
    :func:`_draw_birds` then checks one by one for its exact error."""
    unaccounted = pool.unaccounted
    seen = set()
    for bird in placed.values():
        if bird in seen or unaccounted.get(bird, 0) <= 0:
            return False
        seen.add(bird)
    for bird in seen:
        unaccounted[bird] -= 1
    pool.in_pool -= len(seen)
    return True


def _draw_birds(s: KCState, pool, move: dict, placed: dict) -> None:
    """Check the birds one by one as the stack gives them (the first that cannot be there is the
    error), then draw them all.

    :raises IllegalMove: CORE.HIDDEN.NOT_IN_POOL (a bird already seen, or discarded at set-up).
    """
    cat = s.cat
    names, birds = list(placed), list(placed.values())

    def not_discarded(k: int) -> None:
        bird = birds[k]
        info = cat.birds.get(bird)
        if info is not None and info["region"] == move["region"] and info["back"] > s.bird_keep:
            raise IllegalMove("CORE.HIDDEN.NOT_IN_POOL", f"bird {bird} shows {info['back']} players on its back: in a game "
                              f"of {s.n} it was discarded, it cannot land on {names[k]}", f"/birds/{names[k]}")

    # all checked before any is drawn: a rejected move changes nothing
    pool.reveal_all(birds, [f"/birds/{name}" for name in names], before=not_discarded)


# -- listing and sampling ---------------------------------------------------------------------------
def chance_options(s: KCState, task) -> list[dict]:
    """Every chance move the pending task accepts."""
    kind = task.kind
    cat = s.cat
    if kind == "reveal":
        sp = task.space
        pool = s.deck_pools[sp] if s.deck_pools[sp].remaining > 0 else s.empty_pool
        return [{"type": "reveal", "space": cat.spaces[sp], "card": c} for c in pool.possible()]
    if kind == "birds":
        out = []
        for reg in task.regions:
            cards = [cat.spaces[sp] for sp in cat.region_spaces[reg] if s.space_card[sp]]
            pool = s.bird_pools[reg].possible()
            for placed in _placements(cards, pool):
                out.append({"type": "birds", "region": cat.regions[reg], "birds": placed})
        return out
    if kind == "queen":
        return [{"type": "queen", "card": c} for c in s.queen_pool.possible()]
    if kind == "refill":
        return [{"type": "refill", "tile": t} for t in s.favor_pool.possible()]
    if kind == "restock":
        return [{"type": "restock", "from": j} for j, n in enumerate(s.favor_pool.pile_sizes) if j != task.stack and n > 1]
    raise ValueError(kind)


def _placements(cards: list[str], pool: list[str]):
    """Each way of putting distinct birds of ``pool`` on the cards (all of them while the pool lasts)."""
    k = min(len(cards), len(pool))
    for chosen in combinations(cards, k):
        for order in permutations(pool, k):
            yield dict(zip(chosen, order))
