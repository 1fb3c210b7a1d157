"""Upgrades in place: what each table schema version changed, as the changes the next ingest makes
to a database of an older version (:data:`UPGRADES`), and the layout of an older version derived
from them (:func:`table_layout`).
"""
from __future__ import annotations

from dataclasses import dataclass

from .tables import (COMMON_TABLES, GAME_ID, GAME_KEY, GAME_STATES_SUFFIX, GAME_TABLE_SUFFIX, GAME_VIEW_SUFFIX, GAMES,
                     KEY_NAMES, MOVES, PLAYER_STATE_CHANGES, PLAYER_STATES, PLAYERS, SCHEMA_VERSION, STORED_SUFFIX,
                     Column, Table, main_tables)


@dataclass(frozen=True, slots=True)
class ColumnAdded:
    """A column a schema version added: filled in place from the stored rows by ``fill`` (an
    UPDATE), else NULL for the rows loaded before until their logs are ingested again."""

    table: str
    column: Column
    fill: str | None = None

    def statements(self, con) -> list[str]:
        return [f"ALTER TABLE {self.table} ADD COLUMN {self.column.name} {self.column.sql}"] + \
            ([self.fill] if self.fill else [])

    @property
    def text(self) -> str:
        if self.fill:
            return f"added {self.table}.{self.column.name}, filled from the stored rows"
        return f"{self.table}.{self.column.name}"


@dataclass(frozen=True, slots=True)
class ColumnRetyped:
    """A column whose SQL type a schema version changed from ``before``, converted in place."""

    table: str
    column: Column
    before: str

    def statements(self, con) -> list[str]:
        return [f"ALTER TABLE {self.table} ALTER COLUMN {self.column.name} TYPE {self.column.sql}"]

    @property
    def text(self) -> str:
        kind = "an ENUM" if self.column.sql.startswith("ENUM(") else self.column.sql
        return f"{self.table}.{self.column.name} is {kind}"


@dataclass(frozen=True, slots=True)
class KeyAdded:
    """A primary key a schema version gave a table."""

    table: str
    columns: tuple[str, ...]

    def statements(self, con) -> list[str]:
        return [f"ALTER TABLE {self.table} ADD PRIMARY KEY ({', '.join(self.columns)})"]

    @property
    def text(self) -> str:
        return f"{self.table} is keyed by ({', '.join(self.columns)})"


#: the suffix of the per-game tables up to schema version 4 (every row stored)
FULL_GAME_TABLE_SUFFIX = GAME_STATES_SUFFIX


@dataclass(frozen=True, slots=True)
class StatesStoredAsChanges:
    """Schema 5: ``player_states`` and every ``<game>_player_states`` table become
    ``player_state_changes`` and ``<game>_player_state_changes`` holding only the rows that
    changed; views of the old names (made by ensure_schema) give every row back."""

    def statements(self, con) -> list[str]:
        full = [name for name in main_tables(con) if name.endswith(FULL_GAME_TABLE_SUFFIX) and name != "player_states"]
        keys = ", ".join(KEY_NAMES)
        window = "WINDOW w AS (PARTITION BY game_id, seat ORDER BY move_index)"
        kept = []
        for name in ["player_states", *full]:
            values = [column for (column,) in con.execute(
                "SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() "
                "AND schema_name = 'main' AND table_name = ? ORDER BY column_index", [name]).fetchall()
                if column not in KEY_NAMES and column != "player"]
            changed = " OR ".join(["lag(move_index) OVER w IS NULL"]
                                  + [f"{v} IS DISTINCT FROM lag({v}) OVER w" for v in values])
            kept.append(f"SELECT {keys} FROM {name} {window} QUALIFY {changed}")
        prefixes = [name[:-len(FULL_GAME_TABLE_SUFFIX)] for name in full]
        statements = [f"DROP VIEW IF EXISTS {view}" for view in
                      ["score_by_move", *(prefix + GAME_VIEW_SUFFIX for prefix in prefixes)]]
        statements += [f"CREATE TEMP TABLE _ludolog_kept AS {' UNION '.join(kept)}",
                       # the columns of player_states (schema 5); views are made by ensure_schema
                       f"CREATE TABLE player_state_changes AS SELECT * FROM player_states "
                       f"SEMI JOIN _ludolog_kept USING ({keys})"]
        for name, prefix in zip(full, prefixes):
            statements.append(f"CREATE TABLE {prefix}{GAME_TABLE_SUFFIX} AS SELECT * FROM {name} "
                              f"SEMI JOIN _ludolog_kept USING ({keys})")
        statements += [f"DROP TABLE {name}" for name in ["player_states", *full]]
        return statements + ["DROP TABLE _ludolog_kept"]

    @property
    def text(self) -> str:
        return ("player_states and <game>_player_states keep only the rows that changed, as player_state_changes "
                "and <game>_player_state_changes; views of the old names give every row")


@dataclass(frozen=True, slots=True)
class GameKeysIntroduced:
    """Schema 7: ``games`` gets ``game_key`` (1, 2, ... in load order) as its key, and every other
    table becomes ``<name>_stored`` holding ``game_key`` in place of ``game_id``. DuckDB cannot
    change a table's key, so each table is copied into its new form and the old one dropped."""

    def statements(self, con) -> list[str]:
        in_main = "database_name = current_database() AND schema_name = 'main' AND NOT temporary"
        # ludolog's views over the old tables (player_states, score_by_move, <game>_player_states, <game>_states)
        views = [name for (name,) in con.execute(
            f"SELECT view_name FROM duckdb_views() WHERE {in_main} AND NOT internal AND (view_name IN "
            f"('player_states', 'score_by_move') OR suffix(view_name, ?)) ORDER BY 1", [GAME_VIEW_SUFFIX]).fetchall()]
        per_game = [name for name in main_tables(con)
                    if name.endswith(GAME_TABLE_SUFFIX) and name != PLAYER_STATE_CHANGES.name]
        statements = [f"DROP VIEW {view}" for view in views]
        statements += ["CREATE TEMP TABLE _ludolog_games AS SELECT CAST(row_number() OVER (ORDER BY rowid) AS INTEGER) "
                       "AS game_key, * FROM games",
                       "DROP TABLE games", GAMES.ddl(), "INSERT INTO games BY NAME SELECT * FROM _ludolog_games",
                       "DROP TABLE _ludolog_games"]
        copy = "SELECT g.game_key, t.* EXCLUDE (game_id) FROM {old} t JOIN games g ON g.game_id = t.game_id"
        for table in COMMON_TABLES:
            if table.by_key:
                statements += [table.ddl(), f"INSERT INTO {table.stored_name} BY NAME {copy.format(old=table.name)}",
                               f"DROP TABLE {table.name}"]
        for name in per_game:
            statements += [f"CREATE TABLE {name}{STORED_SUFFIX} AS {copy.format(old=name)}", f"DROP TABLE {name}"]
        return statements

    @property
    def text(self) -> str:
        return ("games.game_key added (1, 2, ... in load order); the other tables store it in place of game_id, "
                "as <table>_stored, read through views of their names that give game_id")


#: a change's statements(con) make it in the database open on ``con`` (inside the caller's transaction)
Change = ColumnAdded | ColumnRetyped | KeyAdded | StatesStoredAsChanges | GameKeysIntroduced


def _column(table: Table, name: str) -> Column:
    return next(c for c in table.columns if c.name == name)


#: schema version N -> what version N + 1 added. A version missing here cannot be upgraded in
#: place: its databases are refused with the advice to ingest the logs into a new file.
UPGRADES: dict[int, tuple[Change, ...]] = {
    1: (ColumnAdded("players", _column(PLAYERS, "turn_position")),),
    2: tuple(ColumnAdded("games", _column(GAMES, name))
             for name in ("file_size", "file_mtime_ns", "engine_digest", "catalog_digest")),
    # types first: DuckDB cannot change the type of a column that a key's index covers
    3: (ColumnRetyped("moves", _column(MOVES, "move"), "VARCHAR"),
        ColumnRetyped("games", _column(GAMES, "status"), "VARCHAR"),
        KeyAdded("games", ("game_id",)), KeyAdded("moves", ("game_id", "move_index"))),
    4: (StatesStoredAsChanges(),),
    5: (ColumnAdded("player_state_changes", _column(PLAYER_STATE_CHANGES, "until_move_index"), (
        "UPDATE player_state_changes c SET until_move_index = u.until FROM (SELECT game_id, move_index, seat, "
        "coalesce(lead(move_index) OVER (PARTITION BY game_id, seat ORDER BY move_index), g.moves_applied) AS until "
        "FROM player_state_changes JOIN games g USING (game_id)) u "
        "WHERE c.game_id = u.game_id AND c.move_index = u.move_index AND c.seat = u.seat")),),
    6: (GameKeysIntroduced(),),
}


def table_layout(version: int) -> dict[str, dict[str, str]] | None:
    """The common tables of schema ``version`` (table -> column -> SQL type) derived through
    :data:`UPGRADES`; None when the chain does not reach back that far."""
    if version > SCHEMA_VERSION:
        return None
    layout = {t.stored_name: {c.name: c.sql for c in t.stored_columns} for t in COMMON_TABLES}
    for older in range(SCHEMA_VERSION - 1, version - 1, -1):
        if older not in UPGRADES:
            return None
        for change in UPGRADES[older]:
            if isinstance(change, ColumnAdded):
                del layout[change.table][change.column.name]
            elif isinstance(change, ColumnRetyped):
                layout[change.table][change.column.name] = change.before
            elif isinstance(change, StatesStoredAsChanges):
                layout[PLAYER_STATES.name] = layout.pop(PLAYER_STATE_CHANGES.name)
            elif isinstance(change, GameKeysIntroduced):
                del layout[GAMES.name][GAME_KEY.name]
                for table in COMMON_TABLES:
                    if table.by_key:
                        columns = layout.pop(table.stored_name)
                        del columns[GAME_KEY.name]
                        layout[table.name] = {GAME_ID.name: GAME_ID.sql, **columns}
    return layout
