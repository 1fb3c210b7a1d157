"""The Boonlake engine: the one ``Game`` subclass; each interface member hands over to the module
that does the work (the package docstring's map). The ingest's questions after every move
(:meth:`Boonlake.player_rows`, :meth:`Boonlake.turn_info`) read the state straight.
"""
from __future__ import annotations

import random

from ..core.catalogs import CatalogEngine
from ..core.game import TERMINAL, Game
from ..core.ledger import Ledger
from . import listing, moves, render, setup, turn
from .catalog import Catalog, default_catalog
from .eminence import EMINENCE, EMINENCE_ID
from .resolve import EFFECTS
from .rules import RULES
from .state import BoonlakeState, Step
from .state import fast_clone as clone_fields


class Boonlake(CatalogEngine, Game):
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

    # the catalog (CatalogEngine): its default, its effect kinds checked on load, its ids
    def load_default_catalog(self) -> Catalog:
        return default_catalog()

    def check_catalog_effects(self, catalog: Catalog) -> None:
        EFFECTS.check_catalog(listing.applied_effect_uses(catalog), "Boonlake")

    def ids_of_catalog(self, catalog: Catalog) -> dict[str, dict[str, dict]]:
        """The catalog's components and the moves' fixed words by kind (see ids.py)."""
        from .ids import catalog_ids

        return catalog_ids(catalog)

    # -- set-up ---------------------------------------------------------------------------
    def new_state(self, log) -> BoonlakeState:
        return setup.start(self.cat, [p.id for p in log.players], log.setup)

    def random_setup(self, rng: random.Random, n_players: int, options: dict) -> dict:
        from ..core.simulate import PLAYER_NAMES

        return setup.random_setup(self.cat, rng, n_players, [name.lower() for name in PLAYER_NAMES[:n_players]])

    # -- play -----------------------------------------------------------------------------
    def to_move(self, s: BoonlakeState) -> int:
        if s.step is Step.END:
            return TERMINAL
        return turn.expect(s)[0]

    def is_terminal(self, s: BoonlakeState) -> bool:
        return s.step is Step.END

    def open_window(self, s: BoonlakeState):
        return None if moves.chance_due(s) or s.gives.items else s.window

    def acting_seats(self, s: BoonlakeState) -> frozenset[int]:
        return frozenset(seat for seat, _ in listing.deciding(s) if seat >= 0)

    apply = staticmethod(moves.apply)

    legal_moves = staticmethod(listing.legal_moves)
    # random play checks (seat, move) candidates as it draws them: listing checks each on a copy
    move_candidates = staticmethod(listing.move_candidates)
    completions = staticmethod(listing.completions)
    random_play_weights = listing.RANDOM_PLAY_WEIGHTS

    chance_outcomes = staticmethod(listing.chance_outcomes)  # a card drawn, the Eminence's reveals, a tile explored
    clone = staticmethod(clone_fields)

    # -- results --------------------------------------------------------------------------
    def player_rows(self, s: BoonlakeState) -> list[tuple]:
        """Per seat, the :attr:`state_columns`, read straight from the state (the removed houses and
        settlements are the counts kept as pieces are taken)."""
        eminence = s.solo.ledger.totals[0] if s.solo is not None else 0
        return [(s.ledger.totals[seat], p.coins, len(p.hand) + s.deck.unknown_held.get(seat, 0), p.ranch, p.vases,
                 len(p.levers), p.settlements_removed, p.cattle_placed, p.houses_removed, p.coin_track, p.card_track,
                 sum(p.sites), p.ship, s.owner_tile[seat], eminence) for seat, p in enumerate(s.players)]

    def turn_info(self, s: BoonlakeState) -> tuple[int, int]:
        """(turns so far + 1, round)."""
        return s.turn + 1, s.rnd

    describe = staticmethod(render.describe)

    def render_svg(self, s: BoonlakeState) -> str:
        """The board picture (board_svg.py), headed by whose decision is next."""
        from .board_svg import render_svg

        return render_svg(s, render.svg_heading(s))

    render = staticmethod(render.render)

    # -- the Wise Eminence (solo) ----------------------------------------------------------
    def bot_seats(self, s: BoonlakeState):
        return (EMINENCE,) if s.solo is not None else ()

    def bot_ledger(self, s: BoonlakeState, bot) -> Ledger:
        """:raises KeyError: ``bot`` is not the Wise Eminence of a solo game."""
        if bot.id != EMINENCE_ID or s.solo is None:
            raise KeyError(bot.id)
        return s.solo.ledger

    def bot_winners(self, s: BoonlakeState) -> list[str]:
        """The Wise Eminence wins only with more VP than the player: "If you have the same or more
        victory points as the Wise Eminence, you win" (the core's ``winners`` gives the player that)."""
        return [EMINENCE_ID] if s.solo is not None and s.solo.ledger.totals[0] > s.ledger.totals[0] else []


__all__ = ["Boonlake"]
