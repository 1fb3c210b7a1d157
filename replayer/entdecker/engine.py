"""The Entdecker engine: the :class:`~ludolog.replayer.core.game.Game` members, each handing over
to the module that does the work (setup, moves, listing, scoring, render, board_svg, ids, migrate).

Members called once a move or more are those modules' functions themselves, bound as static
methods, so handing over costs no call of its own.
"""
from __future__ import annotations

import random

from ..core.catalogs import CatalogEngine
from ..core.game import Game
from ..core.simultaneous import SimultaneousWindow
from . import ids, listing, moves, scoring, setup
from .board_svg import render_svg
from .catalog import Catalog, load_catalog
from .events import EFFECTS
from .migrate import migrate_v1
from .render import describe, render
from .rules import RULES
from .state import PLANT, EntdeckerState


class Entdecker(CatalogEngine, Game):
    name = "entdecker"
    title = "Entdecker (1996)"
    editions = ("1996",)
    min_players, max_players = 2, 4
    variants = {
        "personal_tiles": "each player has four own tiles; explorations are declared in gold; an own tile costs 2",
        "change_first_player": "the first player passes the income wheel on each season (translator's option)",
        "unplaceable_to_reserve": "unplaceable non-event tiles go to the matching reserve pile (translator's option)",
    }
    schema_file = "entdecker.schema.json"
    format_schemas = {"ludolog/1": "entdecker.ludolog-1.schema.json"}
    rules = RULES
    state_columns = (("score", "int"), ("wealth", "int"), ("posts_left", "int"), ("forts_left", "int"),
                     ("colonies_left", "int"), ("on_board", "int"), ("plants", "int"), ("plant_value", "int"))
    round_name = "season"  # the rules' word: each season begins with the income spin

    # the catalog (CatalogEngine): its default, its event effect kinds checked on load, its ids
    def load_default_catalog(self) -> Catalog:
        return load_catalog()

    def check_catalog_effects(self, catalog: Catalog) -> None:
        EFFECTS.check_catalog(((spec["effect"], f"/events/{name}/effect") for name, spec in catalog.events.items()),
                              "Entdecker")

    def ids_of_catalog(self, catalog: Catalog) -> dict[str, dict[str, dict]]:
        return ids.catalog_ids(catalog)

    # ------------------------------------------------------------------ set-up
    def new_state(self, log) -> EntdeckerState:
        return setup.new_state(self.cat, log)

    def random_setup(self, rng: random.Random, n_players: int, options: dict) -> dict:
        return setup.random_setup(self.cat, rng, n_players, options)

    # ------------------------------------------------------------------ play
    apply = staticmethod(moves.apply)
    to_move = staticmethod(moves.to_move)
    legal_moves = staticmethod(listing.legal_moves)
    chance_outcomes = staticmethod(listing.chance_outcomes)
    random_play_weights = listing.RANDOM_PLAY_WEIGHTS

    def open_window(self, s: EntdeckerState) -> SimultaneousWindow | None:
        return s.window if s.phase == PLANT else None

    def turn_order(self, s: EntdeckerState) -> list[int]:
        """Clockwise from the season's first player (it moves on each season only with the
        change_first_player option)."""
        return [(s.first + k) % s.n for k in range(s.n)]

    def turn_info(self, s: EntdeckerState) -> tuple[int, int]:
        return s.turn, s.season

    # ------------------------------------------------------------------ results and pictures
    player_rows = staticmethod(scoring.player_rows)
    describe = staticmethod(describe)
    render = staticmethod(render)
    render_svg = staticmethod(render_svg)

    def migrate(self, raw: dict, from_format: str) -> dict:
        """``ludolog/1`` -> ``ludolog/2``: an ``end`` after each storm (see :mod:`.migrate`)."""
        return migrate_v1(self.cat, raw) if from_format == "ludolog/1" else raw
