"""The interface every game package implements (after OpenSpiel's Python games).

A game is a stateless object; its state is a separate mutable value (usually a
``dataclass(slots=True)``) that carries a :class:`~ludolog.replayer.core.ledger.Ledger` as
``state.ledger``. The replay driver, not the game, walks the log: it resolves players, sets the
ledger's move index, calls :meth:`Game.apply` and turns :class:`IllegalMove` into violations.

What a game must implement (docs/adding-a-game.md walks through tests/toygame.py as the template):

- ``name``, ``title``, ``editions``, ``min_players``, ``max_players``, ``variants``,
  ``catalog_version``, ``schema_file``: what the game is and which logs it reads;
- ``rules``: the :class:`~.rules.RuleBook` of every rule code the engine raises;
- ``state_columns``: the per-player figures the database keeps (``score`` first);
- :meth:`Game.new_state`: the position before the first move, from the log's set-up;
- :meth:`Game.random_setup`: a set-up as a table would write it, drawn with an ``rng``;
- :meth:`Game.apply`: one move, every rule checked before anything changes;
- :meth:`Game.to_move`: the seat to decide next, or CHANCE, TERMINAL, SIMULTANEOUS;
- :meth:`Game.legal_moves`: every move :meth:`Game.apply` accepts now;
- :meth:`Game.player_rows`: one tuple of ``state_columns`` values per seat;
- :meth:`Game.turn_info`: the (turn, round) numbers of the position;
- :meth:`Game.describe`: the position in one line, for messages.

Contract for :meth:`Game.apply`: check every rule *before* changing anything, so that a rejected
move leaves the state exactly as the valid prefix made it (tests/test_conformance.py compares a
deep snapshot of the state before and after every rejected candidate, for every game); a move that
cannot check everything first goes through :func:`~.cloning.guarded`, which copies the state and puts
it back (the replay driver, which rebuilds a rejected move's position from the log, switches the
copy off for its own run). Once the game is over, :meth:`Game.apply` refuses every move (the
driver reports that refusal as CORE.MOVE.AFTER_END; tests/test_conformance.py holds every game to it).

Everything else has a default that suits a simple game: :meth:`Game.chance_outcomes` and
:attr:`Game.random_play_weights` (random play, :mod:`.chance`; :meth:`Game.move_candidates` /
:meth:`Game.completions` for a game whose listing is slow), :meth:`Game.acting_seats` /
:meth:`Game.open_window` (simultaneous decisions), :meth:`Game.turn_order`, :meth:`Game.winners`,
:meth:`Game.hidden_pools`, :meth:`Game.bot_seats` / :meth:`Game.bot_ledger` /
:meth:`Game.bot_winners` (automated opponents), :meth:`Game.catalog_ids` (the ids a log may use,
for ``ludolog ids``), :meth:`Game.render` / :meth:`Game.render_svg` and :meth:`Game.migrate`
(older log formats).
"""
from __future__ import annotations

import copy
import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import Any

from . import chance
from .bots import BotSeat
from .cloning import clone_fields
from .components import HiddenPool
from .errors import IllegalMove
from .idlist import Ids, words
from .ledger import Ledger
from .log import GameLog
from .rules import RuleBook
from .schemas import GameSchema, game_schema

CHANCE = -1  #: :meth:`Game.to_move` when the next step is a random outcome
TERMINAL = -2  #: :meth:`Game.to_move` when the game is over
SIMULTANEOUS = -3  #: :meth:`Game.to_move` when several seats decide at once (see :meth:`Game.acting_seats`)


class Game(ABC):
    name: str  #: log name, e.g. ``"entdecker"``
    title: str
    editions: tuple[str, ...]
    min_players: int
    max_players: int
    variants: dict[str, str]  #: option name -> what it does
    catalog_version: str  #: e.g. ``"entdecker/1"``
    schema_file: str  #: file in ``schema/`` with the game's log schema
    #: older format -> the frozen schema of that format in ``schema/``: a log written in it is
    #: checked against it before it is migrated, so it keeps the verdict it had
    format_schemas: dict[str, str] = {}
    rules: RuleBook
    #: per-player snapshot columns (name, type) with type one of int, str, bool, float;
    #: the first column is always ``score``.
    state_columns: tuple[tuple[str, str], ...]
    #: state columns only a game with bots fills (a solo opponent's score): text output leaves
    #: them out of games without bots
    bot_columns: tuple[str, ...] = ()
    #: what the rulebook calls the second number of :meth:`turn_info` ("round", "season", ...),
    #: the one word text output uses for it
    round_name: str = "round"

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
        """The seat whose decision is next, :data:`CHANCE`, :data:`TERMINAL` or :data:`SIMULTANEOUS`."""

    def acting_seats(self, state: Any) -> frozenset[int]:
        """The seats that may decide now: one seat, the seats of an open simultaneous window that
        have not decided yet, or none (chance, game over)."""
        window = self.open_window(state)
        if window is not None and not window.complete:
            return window.waiting
        seat = self.to_move(state)
        return frozenset((seat,)) if seat >= 0 else frozenset()

    def open_window(self, state: Any):
        """The open :class:`~ludolog.replayer.core.simultaneous.SimultaneousWindow`, or None.
        Games with simultaneous steps return it (the replay driver reports a log ending inside one)."""
        return None

    def turn_order(self, state: Any) -> list[int]:
        """The seats in the order they play the current round, first player first (seat order by
        default; games with a first player override this)."""
        return list(range(len(state.ledger.totals)))

    @abstractmethod
    def legal_moves(self, state: Any) -> list[dict]:
        """Every move :meth:`apply` accepts now (random outcomes included, as complete moves)."""

    def chance_outcomes(self, state: Any, move: dict | None = None) -> list[tuple[dict, float]]:
        """What chance decides now, each outcome the exact move a log holds with its weight (its
        relative odds): the outcomes of a chance step when ``move`` is None, else those of the
        random part of ``move``, a decision whose outcome is drawn (a draw from the pile it names:
        ``move`` with each card that may come up). Empty: nothing random here (the default)."""
        return []

    #: move type -> how often random play chooses a move of that type when one is legal (1 for a
    #: type not named): see :func:`.chance.random_move`
    random_play_weights: dict[str, float] = {}

    def move_candidates(self, state: Any) -> dict[str, Iterable]:
        """Move type -> the candidates random play draws from, each standing for the legal moves
        :meth:`completions` gives it. By default the legal moves; a game whose listing is slow
        yields unchecked candidates when a type is read, so random play checks only those it draws."""
        by_type: dict[str, list[dict]] = {}
        for move in self.legal_moves(state):
            by_type.setdefault(move["type"], []).append(move)
        return by_type

    def completions(self, state: Any, candidate: Any) -> list[dict]:
        """The legal moves ``candidate`` (one of :meth:`move_candidates`) stands for: by default itself."""
        return [candidate]

    def random_move(self, state: Any, rng: random.Random) -> dict:
        """A legal move: random outcomes with their odds (:meth:`chance_outcomes`), decisions by a
        move type drawn with :attr:`random_play_weights`, then uniformly (:func:`.chance.random_move`)."""
        return chance.random_move(self, state, rng)

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
        """Seats of the winning players: the highest score, bots' scores included (a player who
        does not beat the bot does not win); games with tie-breakers override this."""
        scores = self.scores(state)
        best = max(scores + list(self.bot_scores(state).values()))
        return [i for i, s in enumerate(scores) if s == best]

    @abstractmethod
    def player_rows(self, state: Any) -> list[tuple]:
        """One tuple per seat, seat 0 first, with the values of :attr:`state_columns` in order
        (score first). The ingest asks for them after every move and stores a seat's row where it
        differs from the row before, so they should be cheap to make."""

    @abstractmethod
    def turn_info(self, state: Any) -> tuple[int, int]:
        """(turn number, round or season number) of the current position, both from 1."""

    @abstractmethod
    def describe(self, state: Any) -> str:
        """A compact position text for error messages (like a FEN in chess)."""

    def render(self, state: Any) -> str:
        """A fuller human-readable picture of the position (for ``ludolog replay``)."""
        return self.describe(state)

    def render_svg(self, state: Any) -> str | None:
        """The board as one SVG document (a string) for the HTML report, or None: no picture.

        A game draws its own board here and nothing else; the report does the rest.
        """
        return None

    def clone(self, state: Any) -> Any:
        """An independent copy of ``state``: every dataclass field (see :func:`.cloning.clone_fields`)."""
        if dataclasses.is_dataclass(state):
            return clone_fields(state)
        return copy.deepcopy(state)

    def later_problems(self, state: Any, moves: list, index: int) -> list[tuple[int, IllegalMove]]:
        """Problems of moves after the refused move ``index`` that a table checks without it
        (``state`` is the position before it), as (move index, problem; its pointer relative to
        that move). A game whose set-up continues in moves (Castles of Burgundy's depots filled at
        each phase) names every wrong value of that set-up in one run; the log's verdict is the
        same. None by default: the replay stops at the first refused move."""
        return []

    # -- hidden components ------------------------------------------------------------------
    def hidden_pools(self, state: Any) -> Iterator[HiddenPool]:
        """Every :class:`HiddenPool` of ``state``: by default the fields holding one (directly, or
        in a list, tuple or dict)."""
        if not dataclasses.is_dataclass(state):
            return
        for f in dataclasses.fields(state):
            value = getattr(state, f.name)
            if isinstance(value, HiddenPool):
                yield value
            elif isinstance(value, (list, tuple)):
                yield from (v for v in value if isinstance(v, HiddenPool))
            elif isinstance(value, dict):
                yield from (v for v in value.values() if isinstance(v, HiddenPool))

    def unrevealed(self, state: Any) -> int:
        """Hidden draws (``"?"``) never identified: information, not a violation."""
        return sum(pool.unrevealed for pool in self.hidden_pools(state))

    # -- bot seats --------------------------------------------------------------------------
    def bot_seats(self, state: Any) -> tuple[BotSeat, ...]:
        """Automated opponents in this game (none by default)."""
        return ()

    def bot_ledger(self, state: Any, bot: BotSeat) -> Ledger:
        """The ledger ``bot`` scores into; by default ``state.bot_ledgers[bot.id]``.

        :raises KeyError: ``bot`` is not a bot of this state.
        """
        return state.bot_ledgers[bot.id]

    def bot_scores(self, state: Any) -> dict[str, int]:
        """Bot id -> score."""
        return {bot.id: sum(self.bot_ledger(state, bot).totals) for bot in self.bot_seats(state)}

    def bot_winners(self, state: Any) -> list[str]:
        """Ids of the bots that win (by default: those with the highest score of all, players
        included). Games with tie-breakers override this together with :meth:`winners`."""
        bots = self.bot_scores(state)
        if not bots:
            return []
        best = max(list(bots.values()) + self.scores(state))
        return [bot for bot, score in bots.items() if score == best]

    # -- help for a person writing a log ------------------------------------------------------
    def catalog_ids(self) -> Ids:
        """Kind (``tile``, ``card``, ``space``...) -> id -> entry (:func:`.idlist.component`: name,
        text, the printed facts, reconstruction) of the ids a log may use (``ludolog ids``). Games
        with a catalog list its components; by default, the fixed words of the schema: each
        ``enum`` of strings of a move or the set-up, under its key's name."""
        found: Ids = {}

        def walk(node, key: str) -> None:
            if isinstance(node, dict):
                values = node.get("enum")
                if isinstance(values, list) and key and all(isinstance(v, str) for v in values):
                    found.setdefault(key, {}).update(words(values))
                for child_key, child in node.items():
                    if child_key == "properties" and isinstance(child, dict):
                        for name, prop in child.items():
                            walk(prop, name)
                    elif isinstance(child, (dict, list)):
                        walk(child, key)
            elif isinstance(node, list):
                for child in node:
                    walk(child, key)

        walk(self.schema.document.get("$defs", {}), "")
        return found

    # -- formats ----------------------------------------------------------------------------
    def migrate(self, raw: dict, from_format: str) -> dict:
        """Rewrite this game's parts of a log in ``from_format`` into the next format's shape
        (the core chains the steps and sets ``format``). Called on every read of an older log and
        by ``ludolog migrate``. The default changes nothing. A hook leaves parts it does not
        recognise as they are: the schema then reports them.

        :raises MigrationError: the log cannot be expressed in the next format.
        """
        return raw
