"""The DuckDB tables of an ingest: one definition per table giving its Arrow schema, DDL and docs.

Every table is keyed by ``game_id``, the SHA-256 of the log file's bytes. In a database only
``games`` stores it, beside ``game_key``, a small integer the loader assigns (far cheaper to
compress, index and join): the other tables are stored as ``<name>_stored`` with ``game_key`` in
its place and read through views of their documented names. Chunks, exports and extracts keep
``game_id``: the :class:`Table` columns are that documented layout. The figures of one game go
into a table per game, built from ``Game.state_columns``, so the ETL never knows a game's internals.

A seat's state is stored only where it changed (``player_state_changes``,
``<game>_player_state_changes``: a seat's row at a log's first move and whenever a value differs
from its row one move earlier); the views ``player_states``, ``<game>_player_states`` and
``<game>_states`` give every row back, each stored row standing for the moves up to
``until_move_index``, stored with it so that a view needs no window.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pyarrow as pa

#: Version of the table layout below, kept in ``ludolog_meta``; raised whenever a table or column
#: changes, with an entry in :data:`~ludolog.etl.upgrades.UPGRADES` when the change can be made in
#: place (each version: docs/database.md, "Schema versions").
SCHEMA_VERSION = 7


#: the suffix of a table stored by game_key: ``moves_stored`` is read as ``moves``
STORED_SUFFIX = "_stored"


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    arrow: pa.DataType
    sql: str
    doc: str


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    doc: str
    columns: tuple[Column, ...]
    #: the primary key's columns in the database (DuckDB refuses a second row with the same key); () for none
    key: tuple[str, ...] = ()
    #: stored as <name>_stored, game_key in place of game_id, read through the view <name> joining
    #: games; False for games itself, stored under its name with game_key beside game_id
    by_key: bool = True
    #: columns a UNIQUE constraint covers in the database, besides the key
    unique: tuple[str, ...] = ()

    @property
    def schema(self) -> pa.Schema:
        """The Arrow schema of the documented layout (chunks, exports and extracts: ``game_id``)."""
        return pa.schema([pa.field(c.name, c.arrow) for c in self.columns])

    @property
    def column_names(self) -> list[str]:
        return [c.name for c in self.columns]

    @property
    def stored_name(self) -> str:
        """The name of the table in a database: ``moves_stored`` for ``moves``, ``games`` itself."""
        return self.name + STORED_SUFFIX if self.by_key else self.name

    @property
    def stored_columns(self) -> tuple[Column, ...]:
        """The columns in a database: ``game_key`` first, in place of ``game_id`` or (``games``) before it."""
        if self.by_key:
            return (GAME_KEY,) + tuple(c for c in self.columns if c.name != GAME_ID.name)
        return (GAME_KEY,) + self.columns

    def ddl(self, keyed: bool = True) -> str:
        """CREATE TABLE (if it does not exist) of the stored table; ``keyed`` False leaves the
        key out, for a table that gets it after a bulk load (:meth:`key_ddl`)."""
        constraints = ([f"PRIMARY KEY ({', '.join(self.key)})"] if self.key and keyed else []) + \
            ([f"UNIQUE ({', '.join(self.unique)})"] if self.unique else [])
        cols = ",\n    ".join([f"{c.name} {c.sql}" for c in self.stored_columns] + constraints)
        return f"CREATE TABLE IF NOT EXISTS {self.stored_name} (\n    {cols}\n)"

    def documented_ddl(self) -> str:
        """CREATE TABLE of the documented layout (``game_id``, no key): e.g. the empty table of a
        Parquet extract without rows of it."""
        cols = ",\n    ".join(f"{c.name} {c.sql}" for c in self.columns)
        return f"CREATE TABLE {self.name} (\n    {cols}\n)"

    def key_ddl(self) -> str:
        return f"ALTER TABLE {self.stored_name} ADD PRIMARY KEY ({', '.join(self.key)})"

    def view_ddl(self) -> str | None:
        """The view of the documented name over a table stored by key, ``game_id`` from ``games``
        in place of ``game_key``; None for ``games``."""
        if not self.by_key:
            return None
        return (f"CREATE OR REPLACE VIEW {self.name} AS\nSELECT g.game_id, t.* EXCLUDE (game_key)\n"
                f"FROM {self.stored_name} t JOIN games g ON g.game_key = t.game_key")


def _column(arrow: pa.DataType, sql: str):
    return lambda name, doc: Column(name, arrow, sql, doc)


_int = _column(pa.int32(), "INTEGER")
_big = _column(pa.int64(), "BIGINT")
_text = _column(pa.string(), "VARCHAR")
_json = _column(pa.string(), "JSON")
_bool = _column(pa.bool_(), "BOOLEAN")


GAME_ID = _text("game_id", "SHA-256 of the log file's bytes (hex): the game's identity")
GAME_KEY = _int("game_key", "the game's number in this database, assigned by the loader (the next free one, never "
                            "reused in the database); the stored tables hold it in place of game_id; not in exports")


#: the SQL type of ``games.status``, spelled as DuckDB shows it in duckdb_columns()
STATUS_SQL = "ENUM('valid', 'unfinished', 'invalid')"

GAMES = Table("games", "One row per ingested log file (valid, unfinished or invalid).", (
    GAME_ID,
    _text("file", "absolute path of the log file when it was ingested"),
    _text("game", "game name (entdecker, ...); NULL when the file names no known game"),
    _text("edition", "rules edition from the log"),
    _json("options", "variant options in force, as in the log"),
    _text("catalog", "catalog version of the component data, e.g. entdecker/1"),
    _int("player_count", "number of players (seats)"),
    Column("status", pa.string(), STATUS_SQL, "valid (complete and legal), unfinished (legal but not over) or "
                                              "invalid: an ENUM"),
    _int("moves_in_log", "number of moves recorded in the log"),
    _int("moves_applied", "number of moves the replay applied (the valid prefix for invalid logs)"),
    _int("turns", "turn number of the last applied move (Game.turn_info), NULL without moves"),
    _int("rounds", "round / season number of the last applied move, NULL without moves"),
    _json("final_scores", "replayed score per player id after the last applied move"),
    Column("winners", pa.list_(pa.string()), "VARCHAR[]", "winning player ids (empty unless the game ended)"),
    _json("claimed_final", "final scores the players wrote down (claimed.final), NULL if none"),
    Column("date", pa.date32(), "DATE", "meta.date when it is an ISO date (YYYY-MM-DD), else NULL"),
    _json("meta", "the log's free metadata (date, place, source, ...)"),
    _int("violation_count", "number of violations found (0 for valid and unfinished logs)"),
    _big("file_size", "size of the log file in bytes when it was read (a re-ingest skips it while unchanged)"),
    _big("file_mtime_ns", "the file's modification time then, in nanoseconds since the epoch"),
    _text("engine_digest", "SHA-256 of the rules engine's code and data that replayed it (etl/versions.py)"),
    _text("catalog_digest", "SHA-256 of the catalog file in effect (LUDOLOG_<GAME>_CATALOG or the built-in one)"),
), key=("game_key",), by_key=False, unique=("game_id",))

PLAYERS = Table("players", "One row per seat of every game.", (
    GAME_ID,
    _int("seat", "seat number from 0, in the log's player order"),
    _int("turn_position", "place in the turn order of the first round, 0 for the first player "
                          "(Game.turn_order at set-up; Entdecker: from setup.first_player); NULL if set-up failed"),
    _text("player", "player id as the moves name it"),
    _text("name", "display name (the id when the log gives none)"),
    _int("final_score", "replayed score after the last applied move (sum of the player's ledger)"),
    _int("claimed_score", "claimed final score (claimed.final), NULL if not claimed"),
    _bool("is_winner", "whether the replay makes this player a winner (ties and tie-breakers included)"),
    _int("rank", "1 for the winner(s), then 1 + players ranked better (by winner flag, then score); "
                 "NULL unless the game ended"),
))

MOVES = Table("moves", "One row per applied move.", (
    GAME_ID,
    _int("move_index", "index of the move in the log's moves array, from 0"),
    _int("turn", "turn number of the position the move was made in (Game.turn_info), from 1"),
    _int("round", "round / season number of that position, from 1"),
    _int("seat", "seat of the player who made the move, NULL for a move that names no player"),
    _text("player", "player id who made the move, NULL for chance moves without a player"),
    _text("move_type", "the move's type"),
    _json("move", "the move as recorded (JSON: move->>'$.cell')"),
), key=("game_key", "move_index"))

PLAYER_STATE_CHANGES = Table("player_state_changes", (
    "The stored rows of player_states: a player's row at the first move of a log and after every move "
    "that changed any of the player's figures (score or the game's own); the view player_states gives every row."), (
    GAME_ID,
    _int("move_index", "the position after this move (the row holds until the player's next stored row)"),
    _int("seat", "seat number from 0"),
    _text("player", "player id"),
    _int("score", "the player's score in that position (running sum of the ledger)"),
    _int("until_move_index", "the row holds for the moves from move_index up to this one, exclusive: the "
                             "player's next stored move_index, or games.moves_applied after the last"),
))

SCORE_EVENTS = Table("score_events", "The score ledger: every change of a player's score.", (
    GAME_ID,
    _int("event_index", "order of the event in the game's ledger, from 0"),
    _int("move_index", "the move after which the points were scored (-1: set-up)"),
    _int("seat", "seat number from 0"),
    _text("player", "player id"),
    _int("delta", "points gained (negative: lost)"),
    _text("category", "stable, game-specific category (island, ruins, roll, ...)"),
    _text("reason", "what happened, in a sentence"),
))

VIOLATIONS = Table("violations", "Every problem found in a log (schema, rules, claims).", (
    GAME_ID,
    _text("file", "the log file"),
    _int("move_index", "index of the offending move, NULL for problems outside the moves"),
    _text("pointer", "JSON pointer into the log, e.g. /moves/41/cell"),
    _text("code", "stable rule code, e.g. CORE.CLAIM.FINAL_MISMATCH"),
    _text("message", "the problem in a sentence"),
    _text("rule_ref", "reference to the rules text"),
    _text("context", "compact description of the position where it happened"),
))

COMMON_TABLES: tuple[Table, ...] = (GAMES, PLAYERS, MOVES, PLAYER_STATE_CHANGES, SCORE_EVENTS, VIOLATIONS)
TABLES: dict[str, Table] = {t.name: t for t in COMMON_TABLES}

#: column type names of ``Game.state_columns`` -> (Arrow, SQL)
STATE_TYPES: dict[str, tuple[pa.DataType, str]] = {
    "int": (pa.int64(), "BIGINT"),
    "str": (pa.string(), "VARCHAR"),
    "bool": (pa.bool_(), "BOOLEAN"),
    "float": (pa.float64(), "DOUBLE"),
}
GAME_TABLE_SUFFIX = "_player_state_changes"
GAME_STATES_SUFFIX = "_player_states"
GAME_VIEW_SUFFIX = "_states"
#: the columns every per-game table starts with (its rows are those of player_state_changes, in order)
GAME_KEY_COLUMNS: tuple[Column, ...] = (GAME_ID, PLAYER_STATE_CHANGES.columns[1], PLAYER_STATE_CHANGES.columns[2])
KEY_NAMES = tuple(c.name for c in GAME_KEY_COLUMNS)
#: the expansion's own column: the move before which a stored row stops holding (never a state column)
_UNTIL = "_ludolog_until"


def _sql_name(game: str) -> str:
    return re.sub(r"[^a-z0-9_]", "_", game.lower())


def game_table_name(game: str) -> str:
    """The stored per-game table: ``kingdom-crossing`` -> ``kingdom_crossing_player_state_changes``."""
    return _sql_name(game) + GAME_TABLE_SUFFIX


def game_state_table(game: str, state_columns) -> Table:
    """The per-game table for the typed columns of ``Game.state_columns`` after ``score``.

    :raises ValueError: a column name that cannot be a table column, or an unknown type.
    """
    cols = list(GAME_KEY_COLUMNS)
    for name, kind in state_columns[1:]:
        if name in KEY_NAMES or name in (_UNTIL, GAME_KEY.name) or not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
            raise ValueError(f"game {game!r}: state column name {name!r} cannot be a table column")
        if kind not in STATE_TYPES:
            raise ValueError(f"game {game!r}: state column {name!r} has unknown type {kind!r}")
        arrow, sql = STATE_TYPES[kind]
        cols.append(Column(name, arrow, sql, f"{game} state figure ({kind})"))
    return Table(game_table_name(game), f"{game}: the stored rows of {_sql_name(game)}{GAME_STATES_SUFFIX} "
                 f"(the rows of player_state_changes of its games).", tuple(cols))


_KEYS_SQL = ", ".join(KEY_NAMES)


def game_stored_table_name(game: str) -> str:
    """The per-game table as a database stores it: ``kingdom_crossing_player_state_changes_stored``."""
    return game_table_name(game) + STORED_SUFFIX


def _expanded(source: str, columns: str) -> str:
    """SELECT every (move, seat) row from ``source``, a subquery of stored rows with ``game_id``,
    ``move_index``, ``seat`` and ``_ludolog_until``: one row for each move of that range (unnest
    of a range: no join, no window). ``columns`` follow the keys."""
    return (f"SELECT game_id, CAST(unnest(range(move_index, {_UNTIL})) AS INTEGER) AS move_index, seat, {columns}\n"
            f"FROM ({source}) stored")


# The views below read the documented names (game_id), which a database gives through the views
# over its stored tables and a Parquet extract through views over its files: one definition serves both.

#: every player's common figures after every applied move, from the stored changes
PLAYER_STATES_VIEW = ("CREATE OR REPLACE VIEW player_states AS\n" + _expanded(
    f"SELECT * EXCLUDE (until_move_index), until_move_index AS {_UNTIL} FROM player_state_changes", "player, score"))


def game_views_ddl(game: str, keyed: bool = True) -> list[str]:
    """The views of one game: in a database (``keyed``) the one of its stored table, then
    ``<game>_player_states`` (every row of its own figures) and ``<game>_states`` (the common
    figures and its own)."""
    table_view = [game_state_table(game, ()).view_ddl()] if keyed else []
    own = (f"SELECT s.*, ps.until_move_index AS {_UNTIL} FROM {game_table_name(game)} s "
           f"JOIN player_state_changes ps USING ({_KEYS_SQL})")
    both = (f"SELECT ps.* EXCLUDE (until_move_index), s.* EXCLUDE ({_KEYS_SQL}), ps.until_move_index AS {_UNTIL} "
            f"FROM player_state_changes ps JOIN {game_table_name(game)} s USING ({_KEYS_SQL})")
    return table_view + [
        f"CREATE OR REPLACE VIEW {_sql_name(game)}{GAME_STATES_SUFFIX} AS\n"
        + _expanded(own, f"* EXCLUDE ({_KEYS_SQL}, {_UNTIL})"),
        f"CREATE OR REPLACE VIEW {_sql_name(game)}{GAME_VIEW_SUFFIX} AS\n"
        + _expanded(both, f"player, score, * EXCLUDE ({_KEYS_SQL}, player, score, {_UNTIL})")]


#: score per player per move for every game, with the game and the move's turn and round
SCORE_BY_MOVE_VIEW = """CREATE OR REPLACE VIEW score_by_move AS
SELECT ps.game_id, g.game, g.status, ps.move_index, m.turn, m.round, m.move_type,
       ps.seat, ps.player, ps.score
FROM player_states ps
JOIN games g USING (game_id)
JOIN moves m USING (game_id, move_index)"""


def views_ddl() -> list[str]:
    """The views of a database over the common tables: those of the stored tables, then
    player_states and score_by_move."""
    table_views = [t.view_ddl() for t in COMMON_TABLES if t.by_key]
    return table_views + [PLAYER_STATES_VIEW, SCORE_BY_MOVE_VIEW]


META_TABLE = "ludolog_meta"
#: key/value facts about the database: schema_version, created_by, ludolog_version
META_DDL = f"CREATE TABLE IF NOT EXISTS {META_TABLE} (key VARCHAR, value VARCHAR)"

VIEWS = {"player_states": "One row per player after every applied move: the figures every game has (from "
                          "player_state_changes, which stores only the rows that changed).",
         "score_by_move": "score per player after every move of every game, with game name, turn, round and move type"}
#: the columns of the view player_states (a table up to schema version 4)
PLAYER_STATES = Table("player_states", VIEWS["player_states"], (
    GAME_ID,
    _int("move_index", "the position after this move"),
    _int("seat", "seat number from 0"),
    _text("player", "player id"),
    _int("score", "the player's score in that position (running sum of the ledger)"),
))
VIEW_COLUMNS: dict[str, Table] = {"player_states": PLAYER_STATES}


def main_tables(con) -> list[str]:
    """The tables of schema ``main`` of the database open on ``con`` (no temporary ones), sorted."""
    return [name for (name,) in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' "
        "AND NOT temporary ORDER BY 1").fetchall()]
