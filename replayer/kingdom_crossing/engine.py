"""The Kingdom Crossing engine: set-up from the log, moves, legal moves and the Game interface."""
from __future__ import annotations

import random

from ..core.bots import BotSeat
from ..core.catalogs import CatalogEngine
from ..core.cloning import restore
from ..core.errors import IllegalMove
from ..core.game import CHANCE, TERMINAL, Game
from ..core.migrate import Migrated, MigrationError
from ..core.ledger import Ledger
from . import buying
from . import moves as mv
from . import reveals, setup, solo
from .catalog import GUILDS, RESOURCES, Catalog, default_catalog
from .choices import ANSWERS, CHANCE_TASKS, options
from .effects import EFFECTS
from .flow import claim_done, claimable, settle
from .rules import RULES
from .solo import PACO, PACO_ID
from .state import BUY_END, CARD, CLAIM, END, EVENING, INCOME, START, STEP_NAMES, TURN, KCState


def expect(s: KCState) -> tuple[int, tuple[str, ...]]:
    """The seat whose decision is next (CHANCE for a component turned face up or Paco & Paca's
    solo tiles) and the move types it may make."""
    if s.tasks:
        task = s.tasks.top()
        return task.seat, ANSWERS[task.kind]
    step = s.step
    if step == TURN:
        if s.current >= s.n:
            return CHANCE, ("paco",)
        return s.current, ("rest", "work")
    return s.current, _STEP_TYPES.get(step, ())


#: optional decisions a table does not write down: any other move declines them
_DECLINABLE = (CLAIM, BUY_END)


def _declined(s: KCState) -> None:
    """Close an optional window (Bridge Goals, the market purchase at the end of the turn) as a ``pass`` would."""
    if s.step == BUY_END:
        s.market_cost = -1
        s.step = mv.ACTION
    else:
        claim_done(s)
    settle(s)


_CHANCE_TEXT = {"reveal": "the next card (or empty-deck tile) turned face up on the space whose card was taken",
                "birds": "the birds landing on the cards of a region", "queen": "the Queen card waking this morning",
                "refill": "the Favor turned face up into the display", "restock": "the stack that refills the empty Favor stack"}
_CHOICE_TEXT = {"invest": "resolve an Invest action (advance, or cash the coins shown)",
                "resource": "choose the resource gained", "resources": "choose the different resources gained",
                "decor": "place the decoration token gained", "res_or_decor": "choose a resource or a decoration token",
                "upgrade": "choose the Action tile to improve", "structure": "choose the Structure whose ability resolves",
                "favor": "take a Favor of the Queen", "house": "place a House", "take_bird": "take a bird from a card"}
_STEP_TEXT = {START: "choose a starting pair", INCOME: "take the next income of the morning",
              TURN: "play an Action tile (rest or work)", CARD: "choose the card to buy (or buy a resource first)",
              BUY_END: "buy a resource with the market tile or pass", EVENING: "choose the evening income"}


def waiting_for(s: KCState) -> str:
    """What the game waits for, in words (for error messages)."""
    if s.tasks:
        kind = s.tasks.top().kind
        if kind in CHANCE_TASKS:
            return "be written: " + _CHANCE_TEXT[kind]
        return _CHOICE_TEXT.get(kind, "answer the pending choice")
    if s.step == CLAIM:
        goals = ", ".join(s.cat.goal_ids[g] for g in claimable(s, s.current))
        return f"claim a Bridge Goal ({goals}) or pass"
    if s.step == TURN and s.current >= s.n:
        return "reveal their next solo tile"
    return _STEP_TEXT.get(s.step, STEP_NAMES[s.step])


_STEP_TYPES = {START: ("start",), INCOME: ("income",), CARD: ("hire", "buy", "fly"), BUY_END: ("buy", "pass"),
               CLAIM: ("claim", "pass"), EVENING: ("evening",)}


class KingdomCrossing(CatalogEngine, Game):
    name = "kingdom-crossing"
    title = "Kingdom Crossing"
    editions = ("2025",)
    min_players, max_players = 1, 4
    variants = {"difficulty": "solo only: beginner, advanced (default), expert or master = 3, 2, 1 or 0 rest tiles "
                              "for Paco & Paca",
                "paco_decoration": "solo only: the decoration token Paco & Paca take for a space they pass - pictured "
                                   "(default: the token pictured on the space) or most_stars (the matching token with "
                                   "the most stars left in the supply)"}
    schema_file = "kingdom-crossing.schema.json"
    format_schemas = {"ludolog/1": "kingdom-crossing.ludolog-1.schema.json"}

    def option_sets(self, n_players: int) -> list[dict]:
        if n_players > 1:
            return [{}]
        return ([{}] + [{"difficulty": level} for level in ("beginner", "advanced", "expert", "master")]
                + [{"paco_decoration": "most_stars"}])
    rules = RULES
    state_columns = (("score", "int"), ("coins", "int"), ("invest", "int"), ("lumber", "int"), ("stone", "int"),
                     ("sap", "int"), ("food", "int"), ("paws_left", "int"), ("tiles_left", "int"),
                     ("houses", "int"), ("guild_cards", "int"), ("structures", "int"), ("birds", "int"),
                     ("favors", "int"), ("bridge_goals", "int"), ("improved_tiles", "int"), ("region", "str"),
                     ("paco_paca_score", "int"))  # solo: the opponents' Prestige so far (0 in multiplayer games)
    bot_columns = ("paco_paca_score",)  # Paco & Paca, the solo mode's opponents

    def __init__(self, catalog: Catalog | None = None):
        self._catalog = catalog

    # the catalog (CatalogEngine): its default, its effect kinds checked on load, its ids
    def load_default_catalog(self) -> Catalog:
        return default_catalog()

    def check_catalog_effects(self, catalog: Catalog) -> None:
        EFFECTS.check_catalog(catalog.effect_uses(), "Kingdom Crossing")

    def ids_of_catalog(self, catalog: Catalog) -> dict[str, dict[str, dict]]:
        from .ids import catalog_ids

        return catalog_ids(catalog)

    # -- set-up -----------------------------------------------------------------------------
    def new_state(self, log) -> KCState:
        return setup.new_state(self.cat, log)

    def random_setup(self, rng: random.Random, n_players: int, options: dict) -> dict:
        return setup.random_setup(self.cat, rng, n_players)

    # -- play -------------------------------------------------------------------------------
    def to_move(self, s: KCState) -> int:
        if s.step == END:
            return TERMINAL
        return expect(s)[0]

    def is_terminal(self, s: KCState) -> bool:
        return s.step == END

    def apply(self, s: KCState, move: dict, seat: int | None) -> None:
        """Apply a move that matches the log schema (the replay driver checks it before)."""
        step = s.step
        if step == END:
            raise IllegalMove("KC.TURN.WRONG_STEP", "the game is over")
        items = s.tasks.items
        if items:  # expect(s), inlined: it runs for every move
            task = items[-1]
            want_seat, types = task.seat, ANSWERS[task.kind]
        elif step == TURN:
            want_seat, types = (CHANCE, ("paco",)) if s.current >= s.n else (s.current, ("rest", "work"))
        else:
            want_seat, types = s.current, _STEP_TYPES.get(step, ())
        t = move["type"]
        if not items and step in _DECLINABLE and (t not in types or seat != want_seat):
            # Nobody writes down a Bridge Goal not claimed or a purchase not made: the next move declines it.
            before = s.lookahead()
            _declined(s)
            try:
                self.apply(s, move, seat)
            except IllegalMove:
                restore(s, before)
                raise
            return
        if t not in types:
            who = "the table" if want_seat == CHANCE and s.tasks else "Paco & Paca" if want_seat == CHANCE else s.ids[want_seat]
            raise IllegalMove("KC.TURN.WRONG_STEP",
                              f"no {t!r} move is possible now: {who} must {waiting_for(s)} "
                              f"({' or '.join(repr(x) for x in types)} move; round {max(1, s.round)})", "/type")
        if want_seat == CHANCE:
            if items:
                reveals.apply_chance(s, items[-1], move)
            else:
                solo.apply_paco(s, move)
        else:
            if seat != want_seat:
                raise IllegalMove("KC.TURN.NOT_YOURS", f"it is {s.ids[want_seat]}'s decision, not {move.get('player')}'s", "/player")
            if t in mv.ID_MOVES:
                mv.check_ids(s.cat, move)
            mv.dispatch(s, seat, move)
        settle(s)

    def legal_moves(self, s: KCState) -> list[dict]:
        if s.step == END:
            return []
        seat, types = expect(s)
        if seat == CHANCE:
            if s.tasks:
                return reveals.chance_options(s, s.tasks.top())
            return [{"type": "paco", "tile": t} for t in solo.remaining_tiles(s)]
        pid = s.ids[seat]
        if s.tasks:
            out = options(s, s.tasks.top())
            if buying.pending_pay(s):
                out = [m for m in out if buying.keeps_card_affordable(s, m)]
            elif s.step == CARD:
                out = [m for m in out if buying.keeps_a_card(s, m)]
        else:
            out = mv.step_moves(s, seat)
        out = [{"type": m["type"], "player": pid, **{k: v for k, v in m.items() if k != "type"}} for m in out]
        if not s.tasks and s.step in _DECLINABLE:  # or decline silently: whatever may come next
            after = s.lookahead()
            _declined(after)
            out += self.legal_moves(after)
        return out

    #: a table works far more often than it rests, claims the Bridge Goals it may and seldom flies
    random_play_weights = {"claim": 9, "work": 3, "rest": 1, "fly": 0.1}

    def chance_outcomes(self, s: KCState, move: dict | None = None) -> list[tuple[dict, float]]:
        """The table's reveals (each listed outcome equally likely: a shuffled pile, birds placed
        at random) and Paco & Paca's next tile (each tile left equally likely)."""
        if move is not None or s.step == END:
            return []
        seat, _ = expect(s)
        if seat != CHANCE:
            return []
        if s.tasks:
            return [(m, 1.0) for m in reveals.chance_options(s, s.tasks.top())]
        return [({"type": "paco", "tile": t}, 1.0) for t in solo.remaining_tiles(s)]

    def clone(self, s: KCState) -> KCState:
        return s.clone()

    # -- results ----------------------------------------------------------------------------
    def scores(self, s: KCState) -> list[int]:
        return list(s.ledger.totals)

    def paco_score(self, s: KCState) -> int | None:
        """Paco & Paca's score in a solo game (None otherwise)."""
        return s.paco_ledger.totals[0] if s.paco_ledger is not None else None

    # -- the bot seat, turn order, formats -------------------------------------------------
    def bot_seats(self, s: KCState) -> tuple[BotSeat, ...]:
        return (PACO,) if s.solo else ()

    def bot_ledger(self, s: KCState, bot: BotSeat) -> Ledger:
        """:raises KeyError: ``bot`` is not Paco & Paca of a solo game."""
        if bot.id != PACO_ID or s.paco_ledger is None:
            raise KeyError(bot.id)
        return s.paco_ledger

    def bot_winners(self, s: KCState) -> list[str]:
        """Paco & Paca win with more Prestige than the player, or as much when the player has no
        coins left (they have none: the tie-breaker cannot favour the player)."""
        if not s.solo:
            return []
        paco, player = s.paco_ledger.totals[0], s.ledger.totals[0]
        return [PACO_ID] if (paco, 0) >= (player, s.players[0].coins) else []

    def turn_order(self, s: KCState) -> list[int]:
        """Log seats from the holder of the first player token (solo: the player alone)."""
        if s.solo:
            return [0]
        return [(s.first + k) % s.n for k in range(s.n)]

    def migrate(self, raw: dict, from_format: str) -> dict | Migrated:
        """``ludolog/1`` -> ``ludolog/2``: see :mod:`.migrate`.

        :raises MigrationError: the ``ludolog/1`` log breaks a rule only its pre-declared orders show.
        """
        if from_format != "ludolog/1":
            return raw
        from .migrate import migrate

        try:
            return migrate(self, raw)
        except IllegalMove as exc:
            raise MigrationError(f"{exc.code} at {exc.pointer}: {exc.message}") from None

    def winners(self, s: KCState) -> list[int]:
        """Most Prestige; ties broken by remaining coins, then shared. In solo the player must beat
        Paco & Paca (who have no coins), or no seat of the log wins."""
        entries = [(s.ledger.totals[i], s.players[i].coins, i) for i in range(s.n)]
        if s.solo:
            entries.append((s.paco_ledger.totals[0], 0, -1))
        best = max((e[0], e[1]) for e in entries)
        return [i for score, coins, i in entries if (score, coins) == best and i >= 0]

    def player_rows(self, s: KCState) -> list[tuple]:
        """Per seat, the :attr:`state_columns` (the ingest asks after every move): the resources
        unpacked, the Action tiles not played this round counted by ``list.count``, the values equal
        for every seat (Paw markers, regions, Paco & Paca's score) read once."""
        cat = self.cat
        paw_markers, regions = cat.paw_markers, cat.regions
        paco_paca = s.paco_ledger.totals[0] if s.paco_ledger is not None else 0
        rows = []
        for total, p in zip(s.ledger.totals, s.players[:s.n]):
            lumber, stone, sap, food = p.res
            rows.append((total, p.coins, p.invest, lumber, stone, sap, food, paw_markers - p.paws,
                         p.played.count(False),  # the 6 Action tiles, those not played this round
                         len(p.houses), len(p.cards), len(p.structures), len(p.birds), len(p.favors),
                         p.goals.bit_count(), p.improved.count(True), regions[p.region] if p.region >= 0 else "",
                         paco_paca))
        return rows

    def turn_info(self, s: KCState) -> tuple[int, int]:
        """(turn, round), the round from 1: the ingest asks after every move, so the bounds are
        comparisons, not calls of ``max`` and ``min`` (a third of the time, the same values)."""
        per_round = s.cat.actions_per_round * s.seats
        rnd, turn = s.round, s.turn
        last = per_round - 1
        return ((rnd - 1 if rnd > 1 else 0) * per_round + (turn if turn < last else last) + 1,
                rnd if rnd > 1 else 1)

    def describe(self, s: KCState) -> str:
        """The position in words: round and step, who is first and who is to act, then each
        player's Prestige, coins, Invest track, resources, region and guild tracks."""
        return "; ".join([self._turn_text(s)] + [self._player_text(s, seat) for seat in range(len(s.players))])

    def _turn_text(self, s: KCState) -> str:
        text = f"round {s.round}, {STEP_NAMES[s.step]} step; {self._name(s, s.first)} is first player"
        if s.step not in (END,):
            seat, types = expect(s)
            text += f"; {'Paco & Paca' if seat == CHANCE else self._name(s, seat)} to act: {' or '.join(types)}"
        return text

    @staticmethod
    def _name(s: KCState, seat: int) -> str:
        """A player's id; the solo mode's second seat is Paco & Paca."""
        return "Paco & Paca" if seat >= s.n else s.ids[seat]

    def _player_text(self, s: KCState, seat: int) -> str:
        p = s.players[seat]
        score = s.ledger.totals[seat] if seat < s.n else s.paco_ledger.totals[0]
        where = f"in {self.cat.regions[p.region]}" if p.region >= 0 else "on no region yet"
        resources = ", ".join(f"{name} {count}" for name, count in zip(RESOURCES, p.res))
        guilds = ", ".join(f"{name} {step}" for name, step in zip(GUILDS, p.guild))
        return (f"{self._name(s, seat)}: {score} Prestige, {p.coins} coins, Invest track {p.invest}, {resources}, "
                f"{where}, guild tracks {guilds}")

    def render_svg(self, s: KCState) -> str:
        from .board_svg import render_svg

        return render_svg(s)

    def render(self, s: KCState) -> str:
        """Round, step and who acts; the spaces' top cards, the balloon, the Queen and the favors
        shown; then each player's figures and what they have (lines of at most 100 columns)."""
        import textwrap

        def wrapped(text: str, indent: str = "") -> list[str]:
            return textwrap.wrap(text, 100, initial_indent=indent, subsequent_indent=indent + "  ")

        cat = self.cat
        lines = wrapped(self._turn_text(s))
        cards = ", ".join(f"{cat.spaces[i]} {s.top(i) or s.space_tile[i] or 'empty'}"
                          f"{' with bird ' + s.space_bird[i] if s.space_bird[i] else ''}" for i in range(len(cat.spaces)))
        lines += wrapped("top cards: " + cards)
        lines.append(f"balloon in {cat.regions[s.balloon] if s.balloon >= 0 else 'no region'}; "
                     f"Queen card {s.queen_card if s.queen_available else 'taken'}; "
                     f"favors shown {', '.join(f for f in s.favor_display if f) or 'none'}")  # a slot may be empty
        for seat, p in enumerate(s.players):
            improved = [str(i + 1) for i, x in enumerate(p.improved) if x]
            played = [str(i + 1) for i, x in enumerate(p.played) if x]
            lines += wrapped(f"{self._player_text(s, seat)}; favors {', '.join(p.favors) or 'none'}; structures "
                             f"{', '.join(p.structures) or 'none'}; {len(p.birds)} bird{'' if len(p.birds) == 1 else 's'}; "
                             f"action tiles improved {', '.join(improved) or 'none'}, played this round "
                             f"{', '.join(played) or 'none'}", "  ")
        if s.solo:
            lines.append(f"Paco & Paca: {s.paco_ledger.totals[0]} Prestige")
        return "\n".join(lines)


__all__ = ["KingdomCrossing", "PACO_ID", "GUILDS", "RESOURCES"]
