"""Legal moves and random play.

Candidates are generated per seat and move type (a superset of what is legal), completed where an
effect asks for a choice (a production site, a track, a harbor bonus), and kept when the engine's
own validator accepts them on a copy of the state: the listing and the validator cannot disagree.
Cards given up are a count in the move and one ``give`` move per card after it, so a hand of
unknown cards lists one candidate per card it may hold, never the sets of them.
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement, product

from ..core.components import UNKNOWN
from ..core.errors import IllegalMove
from ..core.game import CHANCE
from . import moves, solo_turn, turn
from .board import tile_spaces
from .cards import EXCHANGES, boat_cost, card_coins, resources_shown
from .catalog import CARD_KINDS, RESOURCES, Catalog
from .costs import missing_resources
from .effects import EffectKind, Timing
from .interim import PAY_CHOICES
from .levers import ATTACHED_HOSTS, TAKES
from .river import counted_spaces
from .state import BoonlakeState, Piece, Step
from .state import fast_clone as clone_fields

_UPGRADES = (EffectKind.UPGRADE_HOUSE_FREE, EffectKind.UPGRADE_SETTLEMENT_EASED)


def applied_effect_uses(cat: Catalog):
    """(effect kind, where) for every effect the engine resolves through its registry."""
    for n, sp in cat.spaces.items():
        yield sp.reward.kind.value, f"board space {n}"
    for sid, sp in cat.river_spaces.items():
        if sp.reward is not None:
            yield sp.reward.kind.value, f"river space {sid}"
    for t in cat.building_tiles.values():
        for i, site in enumerate(t.sites):
            for e in site:
                yield e.kind.value, f"building tile {t.id} site {i + 1}"
    for name, track in cat.tracks.items():
        for sp in track:
            if sp.reward is not None:
                yield sp.reward.kind.value, f"{name} track position {sp.position}"
    for r in cat.regions:
        yield r.label_reward.kind.value, f"region label {r.id}"
    for c in cat.cards.values():
        if c.timing is Timing.IMMEDIATE:
            yield c.effect.kind.value, f"card {c.id}"
    for m in cat.lever_spaces.values():
        yield m.effect.kind.value, f"lever space {m.id}"


def completions(s: BoonlakeState, candidate: tuple[int, dict], depth: int = 0) -> list[dict]:
    """The legal moves a (seat, candidate move) stands for: the move, or its variants with the
    choices its effects ask for; none when the engine refuses it (tried on a copy)."""
    seat, move = candidate
    trial = clone_fields(s)
    trial.ledger.rollback = False  # the copy is thrown away
    try:
        moves.apply(trial, move, seat)
        return [move]
    except IllegalMove as err:
        if depth > 3:
            return []
        if err.code == "BOON.CHOICE.MISSING" and err.pointer == "/sites":
            return [m for r in RESOURCES
                    for m in completions(s, (seat, {**move, "sites": move.get("sites", []) + [r]}), depth + 1)]
        if err.code == "BOON.CHOICE.TRACK":
            return [m for t in ("coin", "card") for m in completions(s, (seat, {**move, "track": t}), depth + 1)]
        if err.code == "BOON.CHOICE.HARBOR":
            return [m for b in ("coins", "cards") for m in completions(s, (seat, {**move, "bonus": b}), depth + 1)]
        return []


def _hand(s: BoonlakeState, seat: int) -> list[str]:
    """Cards the seat may name from hand: the known ones, and every card still possible for an unknown one."""
    known = sorted(set(s.players[seat].hand))
    if s.deck.unknown_held.get(seat, 0):
        known = sorted(set(known) | set(s.deck.possible()))
    return known


def _boat_positions(s: BoonlakeState, seat: int, free: int) -> list[tuple[list[int] | None, int, tuple[int, ...]]]:
    """(boats, coins to move them there, resources shown) for every position of the seat's two
    boats (None: where they are); ``free``: upstream moves a lever makes free."""
    p = s.players[seat]
    out = []
    for a, b in combinations_with_replacement(range(1, len(s.cat.canal) + 1), 2):
        wanted = [a, b]
        shown = resources_shown(s, seat, wanted)
        if wanted == p.boats:
            out.append((None, 0, shown))
        else:
            out.append((wanted, boat_cost(p.boats, wanted, s.cat.upstream_coins, free), shown))
    return out


def _boats_paying(p, positions: list, coins_needed: int, vases: int, resources,
                  aid: tuple[int, int, int]) -> list[list[int] | None]:
    """The boat positions (of :func:`_boat_positions`) that let player ``p`` pay a cost; ``aid``:
    (jokers, free upstream moves, coins) from the levers used with it."""
    jokers, _, extra = aid
    if coins_needed > p.coins + extra or vases > p.vases:  # not even with the boats where they are
        return []
    return [boats for boats, cost, shown in positions
            if cost + coins_needed <= p.coins + extra and missing_resources(resources, shown) <= jokers]


def _paying_aids(s: BoonlakeState, seat: int) -> list[tuple[list[dict], tuple[int, int, int], list]]:
    """(lever uses, their aid, the boat positions with its free moves) for each list of levers the
    seat could attach to a card or project (the boat positions made once per listing)."""
    uses = [(u, _aid(s, u)) for u in _lever_uses(s, seat, "play")]
    positions = {free: _boat_positions(s, seat, free) for free in {aid[1] for _, aid in uses}}
    return [(u, aid, positions[aid[1]]) for u, aid in uses]


def _unused_levers(s: BoonlakeState, seat: int, host: str) -> list[str]:
    return [k for k, used in sorted(s.players[seat].levers.items())
            if not used and ATTACHED_HOSTS.get(s.cat.lever_spaces[k].effect.kind) == host]


def _lever_uses(s: BoonlakeState, seat: int, host: str) -> list[list[dict]]:
    """Every list of attached levers of ``host`` the seat could write (the empty list first)."""
    options = []
    for k in _unused_levers(s, seat, host):
        takes = TAKES.get(s.cat.lever_spaces[k].effect.kind)
        options.append([None, {"lever": k}] if takes is None else [None] + [{"lever": k, "take": t} for t in takes])
    return [[u for u in combo if u is not None] for combo in product(*options)]


def _aid(s: BoonlakeState, uses: list[dict]) -> tuple[int, int, int]:
    jokers = free = coins = 0
    for u in uses:
        eff = s.cat.lever_spaces[u["lever"]].effect
        if eff.kind is EffectKind.BOAT_UPSTREAM_FREE:
            free += 1
        if u.get("take") == "joker":
            jokers += 1
        if eff.kind is EffectKind.CARD_JOKER_AND_COINS or u.get("take") == "coins":
            coins += eff.get("coins")
    return jokers, free, coins


def _with_levers(move: dict, uses: list[dict]) -> dict:
    return {**move, "levers": uses} if uses else move


def _play_moves(s: BoonlakeState, seat: int, kind: str | None, base: dict):
    """Candidate plays (checked by the caller through :func:`completions`): every card, boat position and
    effect choice."""
    cat = s.cat
    hand = _hand(s, seat)
    aids = _paying_aids(s, seat)
    easing = _unused_levers(s, seat, "settlement")
    p = s.players[seat]
    for cid, (uses, aid, positions) in product(hand, aids):
        card = cat.cards[cid]
        if kind is not None and card.kind != kind:
            continue
        for b in _boats_paying(p, positions, card_coins(s, seat, card.coins), card.vases, card.resources, aid):
            move = _with_levers({**base, "card": cid}, uses)
            if b is not None:
                move["boats"] = b
            yield move
            eff = card.effect
            if card.timing is Timing.IMMEDIATE and eff.kind is EffectKind.RESET_LEVER:
                down = sorted({k for k, used in s.players[seat].levers.items() if used} | {u["lever"] for u in uses})
                for n in range(1, min(eff.get("n"), len(down)) + 1):
                    yield from ({**move, "reset": list(combo)} for combo in combinations(down, n))
            if card.timing is Timing.IMMEDIATE and eff.kind in EXCHANGES:
                yield from ({**move, "exchange": how} for how in EXCHANGES[eff.kind])
            if card.timing is Timing.IMMEDIATE and eff.kind in _UPGRADES:
                to = "house" if eff.kind is EffectKind.UPGRADE_HOUSE_FREE else "settlement"
                for spec in _upgrade_specs(s, seat, to):
                    yield {**move, "upgrade": spec}
                    if to == "settlement":  # the easing lever with the card's upgrade
                        for k in easing:
                            yield {**move, "upgrade": spec, "levers": uses + [{"lever": k}]}


def _upgrade_specs(s: BoonlakeState, seat: int, only: str | None = None) -> list[dict]:
    out = []
    for (space, i), (owner, piece) in sorted(s.sites.items()):
        if owner != seat or piece is Piece.SETTLEMENT:
            continue
        to = "house" if piece is Piece.INHABITANT else "settlement"
        if only is not None and to != only:
            continue
        spec = {"space": space, "to": to}
        if len(s.cat.building_tiles[s.tiles[space]].sites) > 1:
            spec["site"] = i + 1
        if to == "house":
            out.append(spec)
        else:
            out += [spec] + [{**spec, "substitute": k} for k in (1, 2)]
    return out


def _upgrade_moves(s: BoonlakeState, seat: int, make, lever: str = ""):
    """The moves ``make`` writes for each upgrade the seat could make, a settlement's with every use of
    the easing levers (but ``lever``, the one upgrading)."""
    easing = [u for u in _lever_uses(s, seat, "settlement") if all(x["lever"] != lever for x in u)]
    for spec in _upgrade_specs(s, seat):
        for u in (easing if spec["to"] == "settlement" else [[]]):
            yield _with_levers(make(spec), u)


def _develop_moves(s: BoonlakeState, seat: int, base: dict):
    if s.players[seat].ranch < 1:
        return
    for space, tile in sorted(s.tiles.items()):
        if tile == "pasture":
            continue
        sites = s.cat.building_tiles[tile].sites
        for i in range(len(sites)):
            if (space, i) in s.sites:
                continue
            move = {**base, "space": space}
            if len(sites) > 1:
                move["site"] = i + 1
            yield move


def _hire_moves(s: BoonlakeState, seat: int, base: dict):
    p = s.players[seat]
    held = len(p.hand) + s.deck.unknown_held.get(seat, 0)
    for k in range(0, min(p.supply, p.coins // 3) + 1):
        for m in range(0, min(p.supply - k, held // 3) + 1):
            if k + m < 1:
                continue
            move = dict(base)
            if k:
                move["coins"] = k
            if m:
                move["cards"] = m
            yield move


def _project_moves(s: BoonlakeState, seat: int, base: dict):
    """Candidate special projects: each tile in play not yet realized by the seat, paid with every
    boat position and lever use, counted as each card kind."""
    p = s.players[seat]
    aids = _paying_aids(s, seat)
    for tid in s.scoring_tiles:
        if tid in p.projects:
            continue
        project = s.cat.scoring_tiles[tid].project
        for uses, aid, positions in aids:
            for bo in _boats_paying(p, positions, card_coins(s, seat, project.coins), 0, project.resources, aid):
                move = _with_levers({**base, "tile": tid}, uses)
                if bo is not None:
                    move["boats"] = bo
                yield from ({**move, "counts_as": k} for k in CARD_KINDS)


def _lever_moves(s: BoonlakeState, seat: int, base: dict):
    """Candidate ``lever`` moves: each unused lever with the choices its effect asks for."""
    for k, used in sorted(s.players[seat].levers.items()):
        if used:
            continue
        kind = s.cat.lever_spaces[k].effect.kind
        move = {**base, "lever": k}
        if kind is EffectKind.VASE_OR_COINS:
            yield move
            yield {**move, "exchange": "give"}
        elif kind is EffectKind.MODERNIZE_ONCE:
            yield from ({**move, "modernize": x} for x in s.cat.lever_spaces if x not in s.players[seat].levers)
        elif kind is EffectKind.UPGRADE_ONCE:
            yield from _upgrade_moves(s, seat, lambda spec: {**move, "upgrade": spec}, k)
        elif kind not in ATTACHED_HOSTS:  # the discard lever included: its cards are 'give' moves
            yield move


def _score_moves(s: BoonlakeState, seat: int, base: dict):
    for tid in s.scoring_tiles:
        if tid in s.players[seat].scored_tiles:
            continue
        cond = s.cat.scoring_tiles[tid].condition
        move = {**base, "tile": tid}
        if cond.kind in PAY_CHOICES:
            target = cond.values[s.scorings]
            for k in range(target + 1):
                for pays in product(PAY_CHOICES[cond.kind], repeat=k):
                    yield {**move, "pay": list(pays)} if pays else move
        else:
            yield move


def _ship_moves(s: BoonlakeState, seat: int, base: dict):
    rr = s.cat.river[s.rnd]
    for to in counted_spaces(rr, s.players[seat].ship, s.other_ships(seat))[:s.steps]:
        move = {**base, "to": to}
        yield move
        reward = s.cat.river_spaces[to].reward
        if reward is not None and reward.kind is EffectKind.VASE_OR_PRODUCTION_SITE:
            for r in RESOURCES:
                yield {**move, "sites": [r]}


#: the move types whose candidates a function of (state, seat, the move's type and player) makes
_CANDIDATES = {"develop": _develop_moves, "lever": _lever_moves, "project": _project_moves, "hire": _hire_moves,
               "score": _score_moves, "ship": _ship_moves}


def candidates(s: BoonlakeState, seat: int, t: str):
    """Moves of type ``t`` that ``seat`` might make (a superset of the legal ones, before completion)."""
    b = {"type": t, "player": s.ids[seat]}
    kind = s.cat.strips[s.strip].card if s.step is Step.CARD and seat == s.current else None
    if t in _CANDIDATES:
        yield from _CANDIDATES[t](s, seat, b)
    elif t == "action":
        yield from ({**b, "strip": x} for x in s.strips)
    elif t in ("pass", "draw", "announce"):
        yield b
    elif t == "play":
        yield from _play_moves(s, seat, kind, b)
    elif t == "discard":
        yield from ({**b, "card": c} for c in _hand(s, seat) if kind is None or s.cat.cards[c].kind == kind)
    elif t in ("explore", "pasture"):  # a gray tile of the mound, or a pasture, with the tile levers
        tiles = [{"tile": tile} for tile in sorted(s.mound.possible())] if t == "explore" else [{}]
        uses = _lever_uses(s, seat, "tile")
        yield from (_with_levers({**b, **tile, "space": space}, u)
                    for space in tile_spaces(s.cat, s.tiles) for tile in tiles for u in uses)
    elif t == "upgrade":
        yield from _upgrade_moves(s, seat, lambda spec: {**b, **spec})
    elif t == "region":
        yield from ({**b, "region": r.id} for r in s.cat.regions)
    elif t == "modernize":
        yield from ({**b, "lever": x} for x in s.cat.lever_spaces)
    elif t == "cattle":
        for space in sorted(sp for sp, tile in s.tiles.items() if tile == "pasture"):
            yield {**b, "space": space}
            yield from ({**b, "space": space, "substitute": k} for k in (1, 2))
    elif t == "give":
        yield from ({**b, "card": c} for c in _hand(s, seat))


#: how often random play draws each move type when it may be legal (1 for a type not named)
RANDOM_PLAY_WEIGHTS = {"action": 1, "play": 6, "discard": 2, "pass": 1, "explore": 5, "develop": 5, "upgrade": 5,
                       "pasture": 4, "region": 5, "modernize": 3, "draw": 3, "cattle": 4, "hire": 2, "score": 1,
                       "ship": 1, "lever": 2, "project": 5, "announce": 0.3}


def deciding(s: BoonlakeState) -> list[tuple[int, tuple[str, ...]]]:
    """(seat, the move types it may make) for each seat that may decide now, in listing order;
    CHANCE for a random outcome (a card drawn, the Wise Eminence's reveals)."""
    if s.step is Step.END:
        return []
    if s.gives.items:  # one candidate per card the hand may hold
        return [(s.gives.items[-1].seat, ("give",))]
    if s.draws:
        return [(CHANCE, ("card",))]
    if s.window is not None:
        return [(seat, turn.seat_types(s, seat)) for seat in sorted(s.window.waiting)]
    seat, types = turn.expect(s)
    if s.ahead is None or not (s.step is Step.CARD or s.step is Step.MIDDLE):
        return [(seat, types)]
    # and the seats still to decide the right side, ahead of the active player's middle
    return [(seat, types)] + [(other, turn.ahead_types(s, other)) for other in sorted(s.ahead.waiting)]


def legal_moves(s: BoonlakeState) -> list[dict]:
    out: list[dict] = []
    for seat, types in deciding(s):
        if seat == CHANCE and s.draws:
            out += [{"type": "card", "card": c} for c in [*s.deck.possible(), UNKNOWN]]
        elif seat == CHANCE:
            out += [move for move, _ in solo_turn.chance_outcomes(s)]  # the Wise Eminence's reveals (solo)
        else:
            out += [m for t in types for move in candidates(s, seat, t) for m in completions(s, (seat, move))]
    return out


def move_candidates(s: BoonlakeState) -> dict[str, Iterator[tuple[int, dict]]]:
    """Move type -> (seat, candidate) for every seat that may make it, generated when read
    (random play reads one type at a time: a candidate is checked by :func:`completions`)."""
    seats: dict[str, list[int]] = {}
    for seat, types in deciding(s):
        for t in types:
            if seat != CHANCE:
                seats.setdefault(t, []).append(seat)
    return {t: _seats_candidates(s, among, t) for t, among in seats.items()}


def _seats_candidates(s: BoonlakeState, seats: list[int], t: str) -> Iterator[tuple[int, dict]]:
    for seat in seats:
        yield from ((seat, move) for move in candidates(s, seat, t))


def chance_outcomes(s: BoonlakeState, move: dict | None = None) -> list[tuple[dict, float]]:
    """A card drawn (each unseen card by how many copies are unaccounted for), the Wise
    Eminence's reveals (solo), or for an ``explore`` move the gray tile revealed from the mound
    (by how many of each it still hides); nothing else is random."""
    if move is not None:
        if move["type"] != "explore":
            return []
        return [({**move, "tile": t}, k) for t, k in sorted(s.mound.unaccounted.items()) if k > 0]
    if not moves.chance_due(s):
        return []
    if s.draws:
        return [({"type": "card", "card": c}, k) for c, k in sorted(s.deck.unaccounted.items()) if k > 0]
    return solo_turn.chance_outcomes(s)
