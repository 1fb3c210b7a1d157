"""The Castles of Burgundy engine: the Game interface, each member handing over to the package's
modules (set-up, moves, listing, scoring, the position in words and as a picture)."""
from __future__ import annotations

import random

from ..core.game import CHANCE, TERMINAL, Game
from . import listing, moves, render, rounds, scoring, setup
from .catalog import load_catalog
from .rules import RULES
from .state import CobState, Step
from .turns import turn_order

EDITIONS = ("alea-2011", "alea-2019", "awaken-realms-2023")


class CastlesOfBurgundy(Game):
    name = "castles-of-burgundy"
    title = "The Castles of Burgundy"
    editions = EDITIONS
    min_players, max_players = 1, 4
    variants = {"side": "Solo only: the Solo board's side A (default, for beginners) or B (advanced)",
                "rivers_join_regions": "Solo only: same-coloured spaces joined by a river form one region "
                                       "(default false: rivers give adjacency only; supplement uncertainty 7)"}
    schema_file = "castles-of-burgundy.schema.json"
    rules = RULES
    state_columns = (("score", "int"), ("silverlings", "int"), ("workers", "int"), ("goods_1", "int"),
                     ("goods_2", "int"), ("goods_3", "int"), ("goods_4", "int"), ("goods_5", "int"), ("goods_6", "int"),
                     ("storage", "int"), ("spaces_filled", "int"), ("regions_completed", "int"),
                     ("bonus_tiles", "int"), ("knowledge_tiles", "int"), ("board", "str"),
                     ("solo_counter", "int"), ("solo_target", "int"), ("round", "int"))

    @property
    def catalog_version(self) -> str:  # type: ignore[override]
        return load_catalog().version

    def catalog_ids(self) -> dict[str, dict[str, dict]]:
        """The default edition's components and the moves' fixed words by kind (``ludolog ids``;
        see ids.py)."""
        from .ids import catalog_ids

        return catalog_ids(load_catalog())

    def option_sets(self, n_players: int) -> list[dict]:
        if n_players == 1:
            return [{}, {"rivers_join_regions": True}, {"side": "B"}]
        return [{}]

    # -- set-up -----------------------------------------------------------------------------
    def new_state(self, log) -> CobState:
        edition = log.edition if log.edition in EDITIONS else None
        return setup.new_state(load_catalog(edition=edition), log)

    # the other wrong depots of the same filling (the phase's set-up, written as chance moves): one
    # run names them all
    later_problems = staticmethod(rounds.later_depot_problems)

    def random_setup(self, rng: random.Random, n_players: int, options: dict) -> dict:
        return setup.random_setup(load_catalog(), rng, n_players, options)

    # -- play -------------------------------------------------------------------------------
    def to_move(self, s: CobState) -> int:
        if s.step == Step.TURN:
            return s.current
        return TERMINAL if s.step == Step.END else CHANCE

    apply = staticmethod(moves.apply)
    legal_moves = staticmethod(listing.legal_moves)

    def chance_outcomes(self, s: CobState, move: dict | None = None) -> list[tuple[dict, float]]:
        return listing.chance_outcomes(s) if move is None else []

    # -- results ----------------------------------------------------------------------------
    # most VP, ties by the catalog's tie-break (2011: more empty spaces); Solo: the player wins when
    # all 37 spaces are filled within the 25 rounds
    winners = staticmethod(scoring.winners)

    def turn_order(self, s: CobState) -> list[int]:
        """This round's order; before the first round, the order of the turn-order track (set-up)."""
        if s.order:
            return list(s.order)
        return [s.ids.index(p) for p in turn_order(s.track)]

    def player_rows(self, s: CobState) -> list[tuple]:
        """Per seat, the :attr:`state_columns`: the estate's figures, among them the number printed
        on its board in the catalog's edition and the regions whose every space is filled."""
        number_of = s.cat.board_number
        round_ = s.rounds_played + (s.step is not Step.END)
        return [(total, e.silverlings, e.workers, *e.goods[1:], len(e.storage), e.filled.bit_count(), e.regions,
                 e.bonus_tiles, len(e.knowledge), number_of.get(e.board.id, e.board.id), e.counter, e.target, round_)
                for total, e in zip(s.ledger.totals, s.estates)]

    def turn_info(self, s: CobState) -> tuple[int, int]:
        """(turn, round)."""
        played = s.rounds_played
        economy = s.cat.economy
        turn = played * s.n + (s.index + 1 if s.step == Step.TURN else 1)
        return turn, min(played + 1, economy.phases * economy.rounds_per_phase)

    describe = staticmethod(render.describe)
    render = staticmethod(render.render)

    def render_svg(self, s: CobState) -> str:
        """The estates, the central board and a legend as one SVG picture (``board_svg``)."""
        from . import board_svg  # imported to draw only: it (and html) cost validate 2% of its start-up

        return board_svg.render_svg(s)
