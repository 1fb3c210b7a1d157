"""The Keyflower engine: the Game interface, each member handed to the module that does the work
(``setup``, ``moves``, ``listing``, ``scoring``, ``render``, ``board_svg``, ``ids``)."""
from __future__ import annotations

import random

from ..core.catalogs import CatalogEngine
from ..core.game import Game
from . import board_svg, listing, moves, render, scoring, setup
from .catalog import COLOURS, RESOURCES, SKILLS, Catalog, default_catalog
from .effects import EFFECTS
from .ids import catalog_ids
from .rules import KEYFLOWER_RULES
from .state import KFState, Phase, expect

_END = Phase.END


class Keyflower(CatalogEngine, Game):
    name = "keyflower"
    title = "Keyflower"
    editions = ("2012",)
    min_players, max_players = 2, 6
    variants: dict[str, str] = {}
    schema_file = "keyflower.schema.json"
    rules = KEYFLOWER_RULES
    state_columns = (("score", "int"), ("workers", "int"), ("red", "int"), ("yellow", "int"), ("blue", "int"),
                     ("green", "int"), ("unseen_workers", "int"), ("wood", "int"), ("stone", "int"), ("iron", "int"),
                     ("gold", "int"), ("skills", "int"), ("saw", "int"), ("pickaxe", "int"), ("anvil", "int"),
                     ("unseen_skills", "int"), ("village_tiles", "int"), ("upgraded_tiles", "int"),
                     ("winter_tiles", "int"), ("transport_capacity", "int"), ("start_player", "bool"))

    # the catalog (CatalogEngine): its default, its action kinds checked on load, its ids
    def load_default_catalog(self) -> Catalog:
        return default_catalog()

    def check_catalog_effects(self, catalog: Catalog) -> None:
        uses = [(side.action.kind.value, tile.id) for tile in catalog.tiles.values()
                for side in tile.sides.values() if side.action is not None]
        EFFECTS.check_catalog(uses, "Keyflower")

    def ids_of_catalog(self, catalog: Catalog) -> dict[str, dict[str, dict]]:
        return catalog_ids(catalog)

    # -- set-up -------------------------------------------------------------------------------
    def new_state(self, log) -> KFState:
        return setup.new_state(self.cat, [p.id for p in log.players], log.setup)

    def random_setup(self, rng: random.Random, n_players: int, options: dict) -> dict:
        return setup.random_setup(self.cat, rng, n_players)

    # -- play ---------------------------------------------------------------------------------
    def to_move(self, s: KFState) -> int:
        return expect(s)[0]

    def is_terminal(self, s: KFState) -> bool:
        return s.phase is _END

    def open_window(self, s: KFState):
        return s.window

    apply = staticmethod(moves.apply)
    legal_moves = staticmethod(listing.legal_moves)
    random_play_weights = listing.RANDOM_PLAY_WEIGHTS

    def chance_outcomes(self, s: KFState, move: dict | None = None) -> list[tuple[dict, float]]:
        return listing.chance_outcomes(s) if move is None else []

    # -- results ------------------------------------------------------------------------------
    def turn_order(self, s: KFState) -> list[int]:
        return [(s.start + k) % s.n for k in range(s.n)]

    player_rows = staticmethod(scoring.player_rows)

    def turn_info(self, s: KFState) -> tuple[int, int]:
        """(bids and uses this season + 1, season number)."""
        return s.actions + 1, s.season + 1

    describe = staticmethod(render.describe)
    render_svg = staticmethod(board_svg.render_svg)

    def render(self, s: KFState) -> str:
        return render.render(s)


__all__ = ["Keyflower", "COLOURS", "RESOURCES", "SKILLS"]
