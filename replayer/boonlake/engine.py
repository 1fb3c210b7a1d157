"""The Boonlake engine: the Game interface over the turn, the windows and the scorings."""
from __future__ import annotations

import random

from .state import fast_clone as clone_fields
from ..core import chance
from ..core.cloning import restore
from ..core.errors import IllegalMove, SetupProblems
from ..core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game
from ..core.ledger import Ledger
from ..core.simultaneous import check_simultaneous
from . import interim, levers, listing, setup, turn
from .catalog import Catalog, default_catalog
from .resolve import EFFECTS, draw_words, give_card, refill_deck, reveal_card
from .rules import RULES
from . import solo_turn
from .eminence import EMINENCE, EMINENCE_ID
from .solo import player_wins
from .state import BoonlakeState, Step

#: moves whose every check precedes their first change (taking a strip, passing, announcing order;
#: a card drawn too, whenever one is due)
_CHECKED_FIRST = frozenset({"action", "pass", "announce"})
#: move types that exist only inside a simultaneous window
WINDOW_ONLY = frozenset({"score"})
#: round -> turns so far -> (turn, round) of turn_info, made once (the round is 1 or 2 and the turn
#: counter starts at 0 and only grows, so no negative index ever reads the table from its end)
_TURN_INFO = tuple(tuple((turn + 1, rnd) for turn in range(256)) for rnd in range(3))


def settle(s: BoonlakeState) -> None:
    if s.gives.items:
        return  # the cards given up are named first; what follows the move (draws included) waits
    refill_deck(s)
    if s.solo is not None and s.solo.pending_tiles:
        return  # the gray tiles the Wise Eminence drew are written first ('mound' moves)
    turn.settle(s)


def _chance_due(s: BoonlakeState) -> bool:
    """A random outcome is to be written next: a card drawn, or the Wise Eminence's reveals."""
    if s.gives.items:
        return False
    return bool(s.draws) or (s.solo is not None and s.step is not Step.END and turn.expect(s)[0] == CHANCE)


def dispatch(s: BoonlakeState, seat: int, move: dict) -> None:
    """Apply a player's move at the current step (the step and the seat are checked before)."""
    step, t = s.step, move["type"]
    if t == "lever":
        levers.lever_move(s, seat, move)
    elif (step is Step.CARD or step is Step.MIDDLE) and seat != s.current:  # the right side, ahead of the middle
        turn.right_decision(s, seat, move)
    elif step is Step.ACTION:
        turn.take_action(s, seat, move)
    elif step is Step.CARD:
        turn.card_part(s, seat, move)
    elif step is Step.MIDDLE:
        if t == "pass":
            s.middle.pop(0)
        else:
            turn.middle_part(s, seat, move)
    elif step is Step.RIGHT:
        turn.right_decision(s, seat, move)
    elif step is Step.SHIP:
        turn.ship_move(s, seat, move)
    elif step is Step.INTERIM:
        if t == "score":
            interim.score_tile(s, seat, move)
        else:
            interim.interim_action(s, seat, move)


def _check_lever_held(s: BoonlakeState, seat: int, move: dict) -> None:
    """A lever move by a player who owns no lever on that space, or whose lever there is down
    already, is refused for that (not for whose turn it is).

    :raises IllegalMove: BOON.LEVER.NOT_OWNED, BOON.LEVER.USED."""
    space = move.get("lever")
    p = s.players[seat]
    if space not in s.cat.lever_spaces:
        return
    if space not in p.levers:
        raise IllegalMove("BOON.LEVER.NOT_OWNED", f"{s.ids[seat]} has no lever on space {space} (a lever is placed "
                                                  f"there by modernizing first)", "/lever")
    if p.levers[space]:
        raise IllegalMove("BOON.LEVER.USED", f"{s.ids[seat]}'s lever on {space} is already down (used): it moves "
                                             f"back up at the next interim scoring", "/lever")


def _waiting(s: BoonlakeState, seat: int) -> str:
    step = s.step
    if s.gives.items:
        owed = s.gives.items[-1]
        return (f"{s.ids[owed.seat]} names the cards given up for {owed.why}, a 'give' move each "
                f"({sum(1 for g in s.gives.items if g.seat == owed.seat)} still)")
    if s.draws:
        return f"the table must write {draw_words(s)} (a 'card' move)"
    if s.solo is not None and s.solo.pending_tiles:
        return "the table must write the gray tile the Wise Eminence draws (a 'mound' move)"
    if seat is None or seat >= s.n:
        return "the table must reveal the Wise Eminence's solo tile (an 'eminence' move)"
    if (step is Step.CARD or step is Step.MIDDLE) and seat != s.current and turn.ahead_waits(s, seat):
        return (f"{s.ids[seat]} may decide {s.ahead.label} while {s.ids[s.current]} resolves the left of the arrow, "
                f"or wait")
    if step is Step.MIDDLE:
        return f"{s.ids[seat]} resolves {s.middle[0].replace('_', ' ')} of {s.cat.strips[s.strip].name} (or passes)"
    names = {Step.ACTION: "takes an action strip", Step.CARD: "plays or discards a card of the strip's kind (or passes)",
             Step.RIGHT: "decides the right-side part", Step.SHIP: "moves the ship", Step.INTERIM: "scores"}
    return f"{s.ids[seat]} {names.get(step, 'decides')}"


class Boonlake(Game):
    name = "boonlake"
    title = "Boonlake"
    editions = ("2021",)
    min_players, max_players = 1, 4  # 1: the solo game against the Wise Eminence
    variants: dict[str, str] = {}
    schema_file = "boonlake.schema.json"
    rules = RULES
    state_columns = (("score", "int"), ("coins", "int"), ("cards_in_hand", "int"), ("ranch", "int"), ("vases", "int"),
                     ("levers", "int"), ("settlements", "int"), ("cattle", "int"), ("houses", "int"),
                     ("coin_track", "int"), ("card_track", "int"), ("production_sites", "int"), ("river", "str"),
                     ("scoring_tile", "str"),  # the tile kept at set-up (doubled for this player)
                     ("eminence_score", "int"))  # solo: the Wise Eminence's VP so far (0 in multiplayer games)
    bot_columns = ("eminence_score",)

    def __init__(self, catalog: Catalog | None = None):
        self._catalog = catalog
        self._checked = False

    @property
    def cat(self) -> Catalog:
        if self._catalog is None:
            self._catalog = default_catalog()
        if not self._checked:
            EFFECTS.check_catalog(listing.applied_effect_uses(self._catalog), "Boonlake")
            self._checked = True
        return self._catalog

    @property
    def catalog_version(self) -> str:  # type: ignore[override]
        return self.cat.version

    def catalog_ids(self) -> dict[str, dict[str, dict]]:
        """The catalog's components and the moves' fixed words by kind (``ludolog ids``; see ids.py)."""
        from .ids import catalog_ids

        return catalog_ids(self.cat)

    # -- set-up ---------------------------------------------------------------------------
    def new_state(self, log) -> BoonlakeState:
        problems = SetupProblems()  # the players' set-up and the Wise Eminence's, reported together
        s = setup.new_state(self.cat, [p.id for p in log.players], log.setup, problems)
        solo_turn.attach(s, log.setup, problems)
        problems.check()
        settle(s)
        return s

    def random_setup(self, rng: random.Random, n_players: int, options: dict) -> dict:
        from ..core.simulate import PLAYER_NAMES

        out = setup.random_setup(self.cat, rng, n_players, [name.lower() for name in PLAYER_NAMES[:n_players]])
        if n_players == 1:
            solo_turn.random_setup(self.cat, rng, out)
        return out

    # -- play -----------------------------------------------------------------------------
    def to_move(self, s: BoonlakeState) -> int:
        if s.step is Step.END:
            return TERMINAL
        return turn.expect(s)[0]

    def is_terminal(self, s: BoonlakeState) -> bool:
        return s.step is Step.END

    def open_window(self, s: BoonlakeState):
        return None if _chance_due(s) or s.gives.items else s.window

    def acting_seats(self, s: BoonlakeState) -> frozenset[int]:
        if s.step is Step.END or _chance_due(s):
            return frozenset()
        if s.gives.items:
            return frozenset((s.gives.items[-1].seat,))
        if s.window is not None:
            return s.window.waiting
        if s.ahead is not None and (s.step is Step.CARD or s.step is Step.MIDDLE):  # the right side, ahead
            return s.ahead.waiting | {s.current}
        return frozenset((turn.expect(s)[0],))

    #: the replay driver applies moves without the copy per move (apply_unguarded) and rebuilds the
    #: position of a rejected move from the log: a third of the replay's time was that copy
    replay_unguarded = True

    def apply(self, s: BoonlakeState, move: dict, seat: int | None) -> None:
        """:raises IllegalMove: the move breaks a rule; the state is unchanged (restored from a copy
        made before a move whose checks do not all precede its first change)."""
        if s.draws or move["type"] in _CHECKED_FIRST:  # a card drawn, taking a strip, passing, announcing
            self.apply_unguarded(s, move, seat)
            return
        before = clone_fields(s)
        try:
            self.apply_unguarded(s, move, seat)
        except IllegalMove:
            restore(s, before)
            raise

    def apply_unguarded(self, s: BoonlakeState, move: dict, seat: int | None) -> None:
        """:raises IllegalMove: the move breaks a rule; ``s`` may be half-changed (see
        Game.apply_unguarded)."""
        if s.step is Step.END:
            raise IllegalMove("BOON.TURN.WRONG_STEP", "the game is over", "/type")
        t = move["type"]
        if s.gives.items:
            owed = s.gives.items[-1].seat
            if t != "give":
                raise IllegalMove("BOON.TURN.WRONG_STEP", f"no {t!r} move can come now: {_waiting(s, owed)}", "/type")
            if seat != owed:
                raise IllegalMove("BOON.TURN.NOT_YOURS", f"the cards owed are {s.ids[owed]}'s to name, not "
                                                         f"{move.get('player')}'s", "/player")
            give_card(s, seat, move)  # every check precedes the change
            settle(s)
            return
        if t == "give":
            raise IllegalMove("BOON.TURN.WRONG_STEP", "no card is owed now; 'give' moves follow a move that gives up "
                                                      "cards", "/type")
        if s.draws:
            if t != "card":
                raise IllegalMove("BOON.TURN.WRONG_STEP", f"no {t!r} move can come now: {_waiting(s, s.draws[0])}", "/type")
            reveal_card(s, move["card"])
            settle(s)
            return
        if t == "card":
            raise IllegalMove("BOON.TURN.WRONG_STEP", "no card is being drawn now; 'card' moves follow the effect that draws",
                              "/type")
        if t == "announce":  # every check precedes the change
            turn.announce_order(s, seat)
            return
        if t == "lever" and seat in s.forgone and move["lever"] in s.cat.lever_spaces \
                and s.cat.lever_spaces[move["lever"]].top_row:
            raise IllegalMove("BOON.LEVER.ONE_TOP_ROW", f"{s.ids[seat]} already forwent this action's all-players part for "
                                                        f"a top-row lever: only 1 of them per action", "/lever")
        check_simultaneous(s.window, seat, t, WINDOW_ONLY, s.ids)
        ahead = s.ahead
        if ahead is not None and seat in ahead.decisions and t in ahead.move_types \
                and (s.step is Step.CARD or s.step is Step.MIDDLE):
            raise IllegalMove("CORE.SIMULTANEOUS.TWICE", f"{s.ids[seat]} already decided {ahead.label}; "
                                                         f"{_waiting(s, s.current)}", "/player")
        want, types = turn.expect(s, seat)
        if t not in types:
            who = None if want == CHANCE else seat if want < 0 else want  # chance: the table writes it
            waiting = _waiting(s, who)
            # the table's move names its type already ("(an 'eminence' move)"): not twice
            tail = (f"{waiting[:-1]}, round {s.rnd})" if waiting.endswith(" move)")
                    else f"{waiting} (write {' or '.join(map(repr, types))}; round {s.rnd})")
            raise IllegalMove("BOON.TURN.WRONG_STEP", f"no {t!r} move is possible now: {tail}", "/type")
        if want == CHANCE:  # the Wise Eminence's reveals (cards drawn are handled above)
            solo_turn.apply(s, move)
        else:
            if want >= 0 and seat != want:
                if t == "lever" and seat is not None:  # the lever's own fault names the real reason
                    _check_lever_held(s, seat, move)
                raise IllegalMove("BOON.TURN.NOT_YOURS", f"it is {s.ids[want]}'s decision, not {move.get('player')}'s: "
                                                         f"{_waiting(s, want)}", "/player")
            dispatch(s, seat, move)
        settle(s)

    def legal_moves(self, s: BoonlakeState) -> list[dict]:
        return listing.legal_moves(s)

    def chance_outcomes(self, s: BoonlakeState, move: dict | None = None) -> list[tuple[dict, float]]:
        """A card drawn (each unseen card by how many copies are unaccounted for) or the Wise
        Eminence's reveals (solo)."""
        if move is not None or not _chance_due(s):
            return []
        if s.draws:
            return [({"type": "card", "card": c}, k) for c, k in sorted(s.deck.unaccounted.items()) if k > 0]
        return solo_turn.chance_outcomes(s)

    def random_move(self, s: BoonlakeState, rng: random.Random) -> dict:
        """Chance's outcomes by their odds (the core's); a decision by :func:`.listing.random_decision`."""
        outcomes = self.chance_outcomes(s)
        return chance.pick(outcomes, rng) if outcomes else listing.random_decision(s, rng)

    def clone(self, s: BoonlakeState) -> BoonlakeState:
        return clone_fields(s)

    # -- results --------------------------------------------------------------------------
    def player_rows(self, s: BoonlakeState) -> list[tuple]:
        """Per seat, the :attr:`state_columns` (the ingest asks after every move), read straight from
        the state: the removed houses and settlements are the counts kept as pieces are taken, not a
        scan of the vacated recesses of the board. Nothing is remembered."""
        totals = s.ledger.totals
        kept_tiles = s.owner_tile
        eminence = s.solo.ledger.totals[0] if s.solo is not None else 0
        unknown_held = s.deck.unknown_held
        rows = []
        add = rows.append
        seat = 0
        for p in s.players:
            add((totals[seat], p.coins, len(p.hand) + unknown_held.get(seat, 0) if unknown_held else len(p.hand), p.ranch,
                 p.vases, len(p.levers), p.settlements_removed, p.cattle_placed, p.houses_removed, p.coin_track,
                 p.card_track, sum(p.sites), p.ship, kept_tiles[seat], eminence))
            seat += 1
        return rows

    def turn_info(self, s: BoonlakeState) -> tuple[int, int]:
        """(turns so far + 1, round): read from a table (the ingest asks after every move; an index
        is a third of the cost of an addition and a new tuple)."""
        try:
            return _TURN_INFO[s.rnd][s.turn]
        except IndexError:  # more turns than the table holds
            return s.turn + 1, s.rnd

    def describe(self, s: BoonlakeState) -> str:
        parts = [f"round {s.rnd} turn {s.turn + 1} {s.step.name.lower()}"]
        if s.step is not Step.END:
            seat = turn.expect(s)[0]
            who = "table" if seat == CHANCE else "all" if seat == SIMULTANEOUS else s.ids[seat]
            parts.append(f"waiting {who}")
        parts.append("strips " + ",".join(s.strips))
        for seat, p in enumerate(s.players):
            parts.append(f"{s.ids[seat]}: {s.ledger.totals[seat]}VP {p.coins}c {len(p.hand)}+"
                         f"{s.deck.unknown_held.get(seat, 0)}cards ranch{p.ranch} ship@{p.ship}")
        if s.solo is not None:
            sl = s.solo
            parts.append(f"Wise Eminence: {sl.ledger.totals[0]}VP cactus{sl.cactus} ship@{sl.ship} "
                         f"stack {len(sl.revealed)}/{s.cat.solo_stack_size} revealed")
        return "; ".join(parts)

    def render_svg(self, s: BoonlakeState) -> str:
        """The board picture (board_svg.py), headed by whose decision is next."""
        from .board_svg import render_svg

        seat = CHANCE if s.step is Step.END else turn.expect(s)[0]
        if s.step is Step.END:
            waiting = "the game is over"
        elif seat == SIMULTANEOUS:
            waiting = "the interim scoring: every player decides" if s.step is Step.INTERIM else "every player decides"
        else:
            waiting = _waiting(s, seat if seat >= 0 else None)
        return render_svg(s, waiting)

    def render(self, s: BoonlakeState) -> str:
        lines = [self.describe(s)]
        board = ", ".join(f"{sp}:{t}" for sp, t in sorted(s.tiles.items()))
        lines.append("tiles " + board)
        name = (s.ids + [EMINENCE_ID]).__getitem__  # solo: seat n is the Wise Eminence
        pieces = ", ".join(f"{sp}.{i + 1}={name(o)}/{pc.value}" for (sp, i), (o, pc) in sorted(s.sites.items()))
        lines.append("pieces " + (pieces or "-"))
        lines.append("cattle " + (", ".join(f"{sp}:{'/'.join(name(k) for k in ks)}" for sp, ks in sorted(s.cattle.items())) or "-"))
        return "\n".join(lines)

    # -- the Wise Eminence (solo) ----------------------------------------------------------
    def bot_seats(self, s: BoonlakeState):
        return (EMINENCE,) if s.solo is not None else ()

    def bot_ledger(self, s: BoonlakeState, bot) -> Ledger:
        """:raises KeyError: ``bot`` is not the Wise Eminence of a solo game."""
        if bot.id != EMINENCE_ID or s.solo is None:
            raise KeyError(bot.id)
        return s.solo.ledger

    def winners(self, s: BoonlakeState) -> list[int]:
        """The most VP, ties shared; solo: "If you have the same or more victory points as the Wise
        Eminence, you win"."""
        scores = self.scores(s)
        if s.solo is not None:
            return [0] if player_wins(scores[0], s.solo.ledger.totals[0]) else []
        best = max(scores)
        return [i for i, v in enumerate(scores) if v == best]

    def bot_winners(self, s: BoonlakeState) -> list[str]:
        """The Wise Eminence wins only with more VP than the player."""
        if s.solo is None or player_wins(s.ledger.totals[0], s.solo.ledger.totals[0]):
            return []
        return [EMINENCE_ID]


__all__ = ["Boonlake"]
