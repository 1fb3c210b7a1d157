"""The Kingdom Crossing engine: the Game interface, each member handing over to the modules that
do the work (set-up, moves, listing, scoring, words and pictures)."""
from __future__ import annotations

import random

from ..core.bots import BotSeat
from ..core.catalogs import CatalogEngine
from ..core.cloning import guarded
from ..core.errors import IllegalMove
from ..core.game import CHANCE, TERMINAL, Game
from ..core.ledger import Ledger
from ..core.migrate import Migrated, MigrationError
from . import board_svg, listing, render, reveals, scoring, setup, solo
from . import moves as mv
from .catalog import GUILDS, RESOURCES, Catalog, default_catalog
from .answers import ANSWERS
from .effects import EFFECTS
from .flow import DECLINABLE, decline, settle
from .ids import catalog_ids
from .listing import STEP_TYPES, expect
from .migrate import migrate as migrate_log
from .rules import RULES
from .solo import PACO, PACO_ID
from .state import END, TURN, KCState


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

    # the catalog (CatalogEngine): its default, its effect kinds checked on load, its ids
    def load_default_catalog(self) -> Catalog:
        return default_catalog()

    def check_catalog_effects(self, catalog: Catalog) -> None:
        EFFECTS.check_catalog(catalog.effect_uses(), "Kingdom Crossing")

    def ids_of_catalog(self, catalog: Catalog) -> dict[str, dict[str, dict]]:
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
            want_seat, types = s.current, STEP_TYPES.get(step, ())
        t = move["type"]
        if not items and step in DECLINABLE and (t not in types or seat != want_seat):
            # Nobody writes down a Bridge Goal not claimed or a purchase not made: the next move declines it.
            def declined_then(state: KCState, move: dict, seat: int | None) -> None:
                decline(state)
                self.apply(state, move, seat)

            guarded(declined_then, s, move, seat, KCState.lookahead)
            return
        if t not in types:
            who = "the table" if want_seat == CHANCE and s.tasks else "Paco & Paca" if want_seat == CHANCE else s.ids[want_seat]
            raise IllegalMove("KC.TURN.WRONG_STEP",
                              f"no {t!r} move is possible now: {who} must {render.waiting_for(s)} "
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
        return listing.legal_moves(s)

    #: a table works far more often than it rests, claims the Bridge Goals it may and seldom flies
    random_play_weights = {"claim": 9, "work": 3, "rest": 1, "fly": 0.1}

    def chance_outcomes(self, s: KCState, move: dict | None = None) -> list[tuple[dict, float]]:
        return listing.chance_outcomes(s, move)

    # -- the bot seat, turn order, formats -------------------------------------------------
    def bot_seats(self, s: KCState) -> tuple[BotSeat, ...]:
        return (PACO,) if s.solo else ()

    def bot_ledger(self, s: KCState, bot: BotSeat) -> Ledger:
        """:raises KeyError: ``bot`` is not Paco & Paca of a solo game."""
        if bot.id != PACO_ID or s.paco_ledger is None:
            raise KeyError(bot.id)
        return s.paco_ledger

    def bot_winners(self, s: KCState) -> list[str]:
        return scoring.bot_winners(s)

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
        try:
            return migrate_log(self, raw)
        except IllegalMove as exc:
            raise MigrationError(f"{exc.code} at {exc.pointer}: {exc.message}") from None

    def winners(self, s: KCState) -> list[int]:
        return scoring.winners(s)

    def player_rows(self, s: KCState) -> list[tuple]:
        """Per seat, the :attr:`state_columns` (the ingest asks after every move)."""
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
        """(turn, round), both from 1 (the ingest asks after every move)."""
        per_round = s.cat.actions_per_round * s.seats
        rnd, turn = s.round, s.turn
        last = per_round - 1
        return ((rnd - 1 if rnd > 1 else 0) * per_round + (turn if turn < last else last) + 1,
                rnd if rnd > 1 else 1)

    def describe(self, s: KCState) -> str:
        return render.describe(s)

    def render(self, s: KCState) -> str:
        return render.render(s)

    def render_svg(self, s: KCState) -> str:
        return board_svg.render_svg(s)


__all__ = ["KingdomCrossing", "PACO_ID", "GUILDS", "RESOURCES"]
