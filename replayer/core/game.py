"""The interface every game package implements (after OpenSpiel's Python games).

A game is a stateless object; its state is a separate mutable value (usually a
``dataclass(slots=True)``) that carries a :class:`~ludolog.replayer.core.ledger.Ledger` as
``state.ledger``. The replay driver, not the game, walks the log: it resolves players, sets the
ledger's move index, calls :meth:`Game.apply` and turns :class:`IllegalMove` into violations.

Contract for :meth:`Game.apply`: check every rule *before* changing anything, so that a rejected
move leaves the state exactly as the valid prefix made it.
"""
from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any

from .log import GameLog
from .rules import RuleBook
from .schemas import GameSchema, game_schema

CHANCE = -1  #: :meth:`Game.to_move` when the next step is a random outcome
TERMINAL = -2  #: :meth:`Game.to_move` when the game is over


class Game(ABC):
    name: str  #: log name, e.g. ``"entdecker"``
    title: str
    editions: tuple[str, ...]
    min_players: int
    max_players: int
    variants: dict[str, str]  #: option name -> what it does
    catalog_version: str  #: e.g. ``"entdecker/1"``
    schema_file: str  #: file in ``schema/`` with the game's log schema
    rules: RuleBook
    #: per-player snapshot columns (name, type) with type one of int, str, bool, float;
    #: the first column is always ``score``.
    state_columns: tuple[tuple[str, str], ...]

    # -- set-up ---------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, log: GameLog) -> Any:
        """The state before the first move.

        :raises IllegalMove: set-up or options break a rule (pointer absolute, e.g. ``/setup/piles``).
        """

    @abstractmethod
    def random_setup(self, rng: random.Random, n_players: int, options: dict) -> dict:
        """A ``setup`` section as a table would record it, every random outcome drawn with ``rng``."""

    # -- play -----------------------------------------------------------------------------
    @abstractmethod
    def apply(self, state: Any, move: dict, seat: int | None) -> None:
        """Apply ``move`` (made by ``seat``, None when the move names no player).

        :raises IllegalMove: the move breaks a rule; the state is unchanged.
        """

    @abstractmethod
    def to_move(self, state: Any) -> int:
        """The seat whose decision is next, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_moves(self, state: Any) -> list[dict]:
        """Every move :meth:`apply` accepts now (random outcomes included, as complete moves)."""

    @abstractmethod
    def random_move(self, state: Any, rng: random.Random) -> dict:
        """A legal move: decisions uniform over the choices, random outcomes with their true odds."""

    @property
    def schema(self) -> GameSchema:
        """The compiled log schema (compiled once per process)."""
        return game_schema(self.schema_file)

    def option_sets(self, n_players: int) -> list[dict]:
        """Option combinations worth exercising for ``n_players`` (tests, simulation): none, and
        each variant on its own. Games whose options take values other than true override this."""
        return [{}] + [{name: True} for name in self.variants]

    def is_terminal(self, state: Any) -> bool:
        return self.to_move(state) == TERMINAL

    # -- results --------------------------------------------------------------------------
    def scores(self, state: Any) -> list[int]:
        return list(state.ledger.totals)

    def winners(self, state: Any) -> list[int]:
        """Seats of the winner(s); games with tie-breakers override this."""
        scores = self.scores(state)
        best = max(scores)
        return [i for i, s in enumerate(scores) if s == best]

    @abstractmethod
    def player_rows(self, state: Any) -> list[tuple]:
        """One tuple per seat with the values of :attr:`state_columns`."""

    @abstractmethod
    def turn_info(self, state: Any) -> tuple[int, int]:
        """(turn number, round or season number) of the current position, both from 1."""

    @abstractmethod
    def describe(self, state: Any) -> str:
        """A compact position text for error messages (like a FEN in chess)."""

    def render(self, state: Any) -> str:
        """A fuller human-readable picture of the position (for ``ludolog replay``)."""
        return self.describe(state)

    def clone(self, state: Any) -> Any:
        return copy.deepcopy(state)
