"""Interim scorings (all players at once) and the final scoring.

Rules text, "Interim Scoring": steps 1 (play a card of any kind or upgrade, once or twice; no
discard, no develop) and 2 (the mandatory scoring tile with the 1/2/3/4 marker) are one window of
the core per scoring: each seat writes up to two ``play``/``upgrade`` moves and then its ``score``
move, in any order between the seats. Step 3 (income) follows once every seat has scored, because
cattle score the settlements next to them, whoever built them; the cards of the income follow as
``card`` moves, seat by seat. Steps 4 (levers back up, 1 VP per unused one) and 5 (region
markers removed) need no decision. "Final Scoring" follows the fourth.
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from ..core.simultaneous import SimultaneousWindow
from . import building, cards, eminence
from .board import largest_adjacent_group, next_to, presences_next_to_bridges, region_presences
from .effects import ConditionKind, Timing
from .resolve import draw_cards, gain_vp, give_up_inhabitants, pay_coins, pay_vases
from .scoring import condition_met, game_end_vp, interim_income, interim_tile_vp, lever_vp, tier_vp
from .state import BoonlakeState, Piece, Step

#: the paying scoring tiles: what one payment may be
PAY_CHOICES = {ConditionKind.PAY_INHABITANT_OR_COINS: ("inhabitant", "coins"),
               ConditionKind.PAY_VASE_OR_COINS: ("vase", "coins"), ConditionKind.PAY_COINS: ("coins",)}
#: what a seat may do in an interim scoring's window
INTERIM_MOVES = ("play", "project", "upgrade", "score", "lever")


def open_interim(s: BoonlakeState) -> None:
    s.step = Step.INTERIM
    s.interim_actions = {}
    s.window = SimultaneousWindow(f"interim scoring {s.scorings + 1}", frozenset(range(s.n)), frozenset(INTERIM_MOVES))


def interim_action(s: BoonlakeState, seat: int, move: dict) -> None:
    """Step 1: a card of any kind played (no discard) or an upgrade, at most twice."""
    if s.interim_actions.get(seat, 0) >= 2:
        raise IllegalMove("BOON.INTERIM.TWICE", "at an interim scoring each player plays or upgrades at most twice", "/type")
    if move["type"] == "play":
        cards.play_card(s, seat, move, None)
    elif move["type"] == "project":
        cards.play_project(s, seat, move)
    else:
        building.upgrade(s, seat, move)
    s.interim_actions[seat] = s.interim_actions.get(seat, 0) + 1


def counts(s: BoonlakeState, seat: int) -> dict[str, int]:
    """What the scoring tiles and the game-end cards count of a player, by the catalog's names."""
    p = s.players[seat]
    return {"coin_track": p.coin_track, "card_track": p.card_track, "levers": len(p.levers),
            "production_sites": sum(p.sites), "houses_removed": p.houses_removed, "cattle_removed": p.cattle_placed,
            "settlements_removed": p.settlements_removed}


def measure(s: BoonlakeState, seat: int, kind: ConditionKind, cond):
    """What a player has for a scoring tile's condition (pairs in the order of the tile's regions or kinds)."""
    cat, p = s.cat, s.players[seat]
    if kind is ConditionKind.TWO_REGIONS:
        per = region_presences(cat, s.presences(seat))
        return tuple(per[r] for r in cond.regions)
    if kind is ConditionKind.TRACK_ADVANCED:
        return p.coin_track if cond.track == "coin" else p.card_track
    if kind is ConditionKind.LOWER_TRACK_ADVANCED:
        return min(p.coin_track, p.card_track)
    if kind is ConditionKind.ADJACENT_TILES_WITH_PRESENCE:
        return largest_adjacent_group(cat, s.presences(seat))
    if kind is ConditionKind.BRIDGE_PRESENCES:
        return presences_next_to_bridges(cat, s.presences(seat))
    if kind is ConditionKind.PLAYED_KINDS:
        return tuple(sum(1 for c in p.played if cat.cards[c].kind == k) + sum(1 for v in p.projects.values() if v == k)
                     for k in cond.kinds)
    return counts(s, seat)[kind.value]  # production sites, levers, cattle or settlements removed: named alike


def score_tile(s: BoonlakeState, seat: int, move: dict) -> None:
    """Step 2: the scoring marker of this scoring onto a tile not yet marked by the player."""
    tid = move["tile"]
    if tid not in s.scoring_tiles:
        raise IllegalMove("BOON.SCORE.TILE", f"the scoring tiles in play are {', '.join(s.scoring_tiles)}, not {tid!r}", "/tile")
    p = s.players[seat]
    if tid in p.scored_tiles:
        raise IllegalMove("BOON.SCORE.MARKED", f"{s.ids[seat]} already has a scoring marker below {tid}", "/tile")
    cond = s.cat.scoring_tiles[tid].condition
    number = s.scorings + 1
    pays = move.get("pay", [])
    if cond.kind in PAY_CHOICES:
        target = cond.values[number - 1]
        if len(pays) > target:
            raise IllegalMove("BOON.SCORE.PAY", f"{tid} pays at most {target} times at interim scoring {number}", f"/pay/{target}")
        allowed = PAY_CHOICES[cond.kind]
        for i, what in enumerate(pays):
            if what not in allowed:
                raise IllegalMove("BOON.SCORE.PAY", f"{tid} takes {' or '.join(allowed)} for each payment, not {what!r}", f"/pay/{i}")
            if what == "coins":
                pay_coins(s, seat, cond.coins, f"/pay/{i}", f"a payment on {tid}")
            elif what == "vase":
                pay_vases(s, seat, 1, f"/pay/{i}", f"a payment on {tid}")
            else:
                give_up_inhabitants(s, seat, 1, f"/pay/{i}", f"a payment on {tid}")
        met = condition_met(cond, number, len(pays))
        gain_vp(s, seat, cond.vp * len(pays), "scoring_tiles", f"{len(pays)} payment(s) on {tid}")  # "2 VP each time"
    else:
        if pays:
            raise IllegalMove("BOON.SCORE.PAY", f"{tid} asks for no payment", "/pay")
        met = condition_met(cond, number, measure(s, seat, cond.kind, cond))
    own = s.owner_tile[seat] == tid
    gain_vp(s, seat, interim_tile_vp(number, met, own), "scoring_tiles",
            f"interim scoring {number}: {tid} {'met' if met else 'not met'}{' (own tile, doubled)' if own else ''}")
    p.scored_tiles.append(tid)
    s.window.record(seat, tid)
    if s.window.complete:
        s.window = None
        finish_interim(s)


def finish_interim(s: BoonlakeState) -> None:
    """Steps 3-5 once every seat has scored: the income (coins, cards - drawn by ``card`` moves -
    and VP), levers back up, region markers removed."""
    cat = s.cat
    number = s.scorings + 1
    last = number == 4
    settlements = s.pieces_at(Piece.SETTLEMENT)
    for seat, p in enumerate(s.players):
        cattle = [next_to(cat, space, settlements) for space, seats in s.cattle.items() for k in seats if k == seat]
        inc = interim_income(cat, p.coin_track, p.card_track, p.vacated, cattle, last)
        p.coins += inc.coins
        if not last:
            draw_cards(s, seat, inc.cards)
        gain_vp(s, seat, inc.vp, "income", f"interim scoring {number}: income (tracks, vacated spaces, cattle next to settlements)")
        unused = sum(1 for used in p.levers.values() if not used)
        # "For every lever you did not use, earn 1 victory point."
        gain_vp(s, seat, unused, "levers", f"interim scoring {number}: {unused} lever(s) not used")
        for k in p.levers:
            p.levers[k] = False
    if s.solo is not None:
        eminence.gain(s, eminence.income(s), "income",  # "The Wise Eminence only does the income phase"
                      f"interim scoring {number}: income (board, cactus track, cattle next to settlements)")
    s.covered.clear()
    s.scorings = number
    s.scorings_due -= 1
    if number == 4:
        final_scoring(s)
        return
    if s.scorings_due:
        open_interim(s)
        return
    s.step = Step.ACTION
    after_scorings(s)


def final_scoring(s: BoonlakeState) -> None:
    cat = s.cat
    for seat, p in enumerate(s.players):
        gain_vp(s, seat, lever_vp(len(p.levers)), "levers", f"final scoring: {len(p.levers)} lever(s)")
        gain_vp(s, seat, sum(cat.cards[c].vp for c in p.played), "cards", "final scoring: VP symbols of the cards played")
        gain_vp(s, seat, tier_vp(cat, p.vacated), "tiers", "final scoring: vacated recesses of tiers 3-5")
        m, regions = counts(s, seat), region_presences(cat, s.presences(seat))
        for c in p.played:
            card = cat.cards[c]
            if card.timing is Timing.GAME_END:
                gain_vp(s, seat, game_end_vp(card.effect, m, regions), "game_end_cards",
                        f"final scoring: {c}'s game-end effect")
    if s.solo is not None:
        eminence.final_scoring(s)
    s.step = Step.END
    s.window = None


def after_scorings(s: BoonlakeState) -> None:
    """What follows a turn once its scorings are done: round 2 starts with the ships set back, the
    end of the game brings the last interim scoring or the final scoring, else the next seat plays."""
    if s.round_over:
        s.round_over = False
        s.rnd = 2
        s.crossed = set()
        start = s.cat.river_start[2][s.n]
        for p in s.players:
            p.ship = start
        if s.solo is not None:
            s.solo.ship = start  # "put both ships back on the first river space"
    elif s.end_triggered and s.current == s.n - 1:
        if s.scorings < 4:
            s.scorings_due += 1
            open_interim(s)
            return
        final_scoring(s)
        return
    s.current = (s.current + 1) % (s.n + (s.solo is not None))  # solo: the Wise Eminence (seat n) and the player alternate
    s.step = Step.ACTION
