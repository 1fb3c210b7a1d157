"""Shared by the ETL, query and audit tests: a small known corpus on disk and what the replayer
itself says about it, computed independently of the ETL code (plain on_step visitor, ledger sums)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import orjson
import pytest

from ludolog.etl import versions
from ludolog.replayer.core import LogError, get_game, read_log, registry, replay, simulate_log

from . import toygame

TOY_PLUGIN = "tests.toygame:GAME"


@pytest.fixture
def toy_everywhere(monkeypatch):
    """The toy game registered here and, through LUDOLOG_PLUGINS, in ingest worker processes.

    The toy's engine digest (``games.engine_digest``) covers its package, which is the whole tests/
    folder; this process keeps the digest it first computed, while a spawned worker (the parent
    has other threads, as in a full run) hashes the files afresh. A test file edited or merged
    while the suite runs would then give the worker's rows another digest than this process's,
    though the toy did not change: the digests are taken afresh for each test."""
    versions.engine_digest.cache_clear()
    monkeypatch.setenv("LUDOLOG_PLUGINS", TOY_PLUGIN)
    registry.register(toygame.GAME)
    yield toygame.GAME
    registry.unregister("toy")


def _write(folder: Path, name: str, raw: dict) -> Path:
    path = folder / name
    path.write_bytes(orjson.dumps(raw))
    return path


def write_corpus(folder: Path, toy: int = 12, entdecker: int = 6, extras: bool = True,
                 kingdom: int = 0) -> list[Path]:
    """Simulated toy and Entdecker games (2-4 players, dated), ``kingdom`` Kingdom Crossing games
    (1-4 players, the solo mode included), plus, with ``extras``, one log of each awkward kind: an
    illegal move, an unfinished game, a disputed claim and a non-JSON file."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    start = dt.date(2026, 1, 1)
    for i in range(toy):
        raw = simulate_log("toy", 2 + i % 3, seed=i)
        raw["meta"]["date"] = (start + dt.timedelta(days=(i * 7) % 31)).isoformat()
        files.append(_write(folder, f"toy-{i:03d}.json", raw))
    for i in range(entdecker):
        raw = simulate_log("entdecker", 2 + i % 3, seed=100 + i)
        raw["meta"]["date"] = (start + dt.timedelta(days=i)).isoformat()
        files.append(_write(folder, f"entdecker-{i:03d}.json", raw))
    for i in range(kingdom):
        raw = simulate_log("kingdom-crossing", 1 + i % 4, seed=200 + i)
        files.append(_write(folder, f"kingdom-{i:03d}.json", raw))
    if extras:
        bad = simulate_log("toy", 2, seed=900)
        bad["moves"][3]["die"] = 9
        files.append(_write(folder, "x-illegal.json", bad))
        unfinished = simulate_log("toy", 3, seed=901)
        unfinished["moves"] = unfinished["moves"][:4]
        del unfinished["claimed"]
        files.append(_write(folder, "x-unfinished.json", unfinished))
        disputed = simulate_log("toy", 2, seed=902)
        disputed["claimed"]["final"]["ben"] += 5
        files.append(_write(folder, "x-disputed.json", disputed))
        junk = folder / "x-junk.json"
        junk.write_bytes(b"{this is not json")
        files.append(junk)
    return files


@dataclass
class Record:
    """What the replayer says about one file."""

    file: str
    game_id: str
    status: str
    game: str | None = None
    players: list[str] = field(default_factory=list)
    applied: int = 0
    scores: list[int] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    move_types: list[str] = field(default_factory=list)
    move_seats: list[int | None] = field(default_factory=list)
    turns: list[tuple[int, int]] = field(default_factory=list)  # (turn, round) each move was made in
    rows: list[list[tuple]] = field(default_factory=list)  # player_rows after each move
    events: list[tuple[int, int, int, str]] = field(default_factory=list)  # move, seat, delta, category
    violation_codes: list[str] = field(default_factory=list)
    claimed: dict | None = None
    setup: dict = field(default_factory=dict)  # the log's set-up as written

    @property
    def n(self) -> int:
        return len(self.players)

    def ledger_score(self, move_index: int, seat: int) -> int:
        return sum(d for m, s, d, _ in self.events if s == seat and m <= move_index)


def replay_record(path: Path) -> Record:
    import hashlib

    data = path.read_bytes()
    file = str(path.resolve())
    try:
        log = read_log(path, file)
    except LogError as exc:
        return Record(file, hashlib.sha256(data).hexdigest(), "invalid",
                      violation_codes=[v.code for v in exc.violations])
    game = get_game(log.game)
    rows: list[list[tuple]] = []
    turns: list[tuple[int, int]] = [tuple(game.turn_info(game.new_state(log)))]
    result = replay(log, on_step=lambda i, m, s: (rows.append(list(game.player_rows(s))),
                                                  turns.append(tuple(game.turn_info(s)))))
    moves = log.moves[:result.applied]
    return Record(
        file=file, game_id=log.sha256, status=result.status, game=log.game, players=log.player_ids,
        applied=result.applied, scores=list(game.scores(result.state)) if result.state is not None else [],
        winners=result.winners, move_types=[m["type"] for m in moves],
        move_seats=[log.seat_of.get(m.get("player")) if "player" in m else None for m in moves],
        turns=turns[:result.applied], rows=rows,
        events=[(e.move_index, e.seat, e.delta, e.category) for e in result.state.ledger.events]
        if result.state is not None else [],
        violation_codes=[v.code for v in result.violations], claimed=(log.claimed or {}).get("final"),
        setup=log.setup)


def replay_records(files: list[Path]) -> list[Record]:
    return [replay_record(f) for f in files]


def snapshot(db: Path) -> dict[str, list[tuple]]:
    """Every documented data table's rows, sorted (row order in DuckDB is not part of the contract),
    without ``games.game_key`` (a database's own numbering: it depends on the order games were
    loaded); the per-game tables found by their documented names (views from schema 7, tables before)."""
    from ludolog.etl.tables import COMMON_TABLES, GAME_TABLE_SUFFIX

    con = duckdb.connect(str(db), read_only=True)
    try:
        out = {}
        per_game = [name for (name,) in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND suffix(table_name, ?) "
            "AND table_name <> 'player_state_changes' ORDER BY 1", [GAME_TABLE_SUFFIX]).fetchall()]
        for table in [t.name for t in COMMON_TABLES] + per_game:
            columns = ", ".join('"' + c + '"' for (c, *_) in con.execute(f"DESCRIBE {table}").fetchall()
                                if c != "game_key")
            rows = con.execute(f"SELECT {columns} FROM {table}").fetchall()
            out[table] = sorted(rows, key=repr)
        return out
    finally:
        con.close()


def fetch(db: Path, sql: str, params=None) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


def schema_7_undone(db: Path) -> list[str]:
    """SQL giving the database ``db`` of this schema the layout of schema 6, as a ludolog before
    schema 7 wrote it (written from that ludolog's DDL, not from the upgrade under test): no
    games.game_key; every other table stored under its documented name with game_id (keys
    games (game_id) and moves (game_id, move_index)); the views over those; schema_version 6."""
    from ludolog.etl.db import game_tables
    from ludolog.etl.tables import PLAYER_STATES_VIEW, SCORE_BY_MOVE_VIEW, game_views_ddl

    con = duckdb.connect(str(db), read_only=True)
    try:
        per_game = game_tables(con)
        views = [v for (v,) in con.execute("SELECT view_name FROM duckdb_views() WHERE NOT internal").fetchall()]
    finally:
        con.close()
    statements = [f"DROP VIEW {view}" for view in views]
    for table in ["players", "moves", "player_state_changes", "score_events", "violations", *per_game]:
        statements += [f"CREATE TABLE {table} AS SELECT g.game_id, t.* EXCLUDE (game_key) FROM {table}_stored t "
                       f"JOIN games g USING (game_key) ORDER BY t.rowid", f"DROP TABLE {table}_stored"]
    statements += ["CREATE TABLE games_v6 AS SELECT * EXCLUDE (game_key) FROM games ORDER BY game_key",
                   "DROP TABLE games", "ALTER TABLE games_v6 RENAME TO games",
                   "ALTER TABLE games ADD PRIMARY KEY (game_id)", "ALTER TABLE moves ADD PRIMARY KEY (game_id, move_index)",
                   PLAYER_STATES_VIEW, SCORE_BY_MOVE_VIEW]
    statements += [view for table in per_game for view in game_views_ddl(table.removesuffix("_player_state_changes"),
                                                                          keyed=False)]
    return statements + ["UPDATE ludolog_meta SET value = '6' WHERE key = 'schema_version'"]


def schema_5_undone(db: Path) -> list[str]:
    """SQL giving the database ``db`` of this schema the layout of schema 4, as a ludolog before
    schema 5 wrote it: every state row stored in the tables player_states and <game>_player_states (here
    read from the views of those names), the views <game>_states joining those tables."""
    from ludolog.etl.db import game_tables
    from ludolog.etl.tables import GAME_TABLE_SUFFIX

    con = duckdb.connect(str(db), read_only=True)
    try:
        prefixes = [name[:-len(GAME_TABLE_SUFFIX)] for name in game_tables(con)]
    finally:
        con.close()
    keys = "game_id, move_index, seat"
    statements = schema_7_undone(db) + ["DROP VIEW IF EXISTS score_by_move"] + [f"DROP VIEW {p}_states" for p in prefixes]
    views = ["player_states", *(f"{p}_player_states" for p in prefixes)]
    # every view read before any stored table goes (a game's view reads player_state_changes too)
    statements += [f"CREATE TABLE {view}_full AS SELECT * FROM {view}" for view in views]
    statements += [s for view in views for s in (f"DROP VIEW {view}", f"ALTER TABLE {view}_full RENAME TO {view}")]
    statements += [f"DROP TABLE {p}{GAME_TABLE_SUFFIX}" for p in prefixes] + ["DROP TABLE player_state_changes"]
    statements += [f"CREATE VIEW {p}_states AS SELECT ps.*, s.* EXCLUDE ({keys}) FROM player_states ps "
                   f"JOIN {p}_player_states s USING ({keys})" for p in prefixes]
    return statements


def schema_4_undone(db: Path) -> list[str]:
    """SQL giving the database ``db`` of this schema the layout of schema 3, as a ludolog before
    schema 4 wrote it: :func:`schema_5_undone`, no keys on games and moves, moves.move and games.status
    VARCHAR (the meta row is left)."""
    from ludolog.etl.upgrades import UPGRADES, ColumnRetyped, KeyAdded

    statements = schema_5_undone(db)
    for change in UPGRADES[3]:
        if isinstance(change, KeyAdded):  # a copy has no constraints
            statements += [f"CREATE TABLE {change.table}_unkeyed AS SELECT * FROM {change.table}",
                           f"DROP TABLE {change.table}", f"ALTER TABLE {change.table}_unkeyed RENAME TO {change.table}"]
    for change in UPGRADES[3]:
        if isinstance(change, ColumnRetyped):
            statements.append(f"ALTER TABLE {change.table} ALTER COLUMN {change.column.name} TYPE {change.before}")
    return statements
