"""Reading a log: bytes -> JSON -> schema-checked :class:`GameLog`, parsed once into typed fields."""
from __future__ import annotations

import dataclasses
import hashlib
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Union

import orjson

from .errors import LogError, Violation, quote
from .files import FileProblemError, display_name, read_log_bytes
from .migrate import FORMATS, Migrated, MigrationError, migrate_traced, migrated_index, needs_migration, to_source
from .rules import CORE_RULES
from .schemas import EXPLAINED_ERRORS_PER_FILE, GameSchema, game_schema, pointer
from .strict_json import MAX_DEPTH, DuplicateKey, duplicate_keys, may_hold_floats, too_deep

if TYPE_CHECKING:
    from .game import Game

#: the engine to read a log with, or a lookup: game name -> engine, None for an unknown game
#: (the registry's :func:`~ludolog.replayer.core.registry.find_game`)
GameSource = Union["Game", Callable[[str], "Game | None"]]


@dataclass(slots=True)
class Player:
    id: str
    name: str


@dataclass(slots=True)
class GameLog:
    """A parsed log. ``violations`` holds every schema error found; ``first_bad_move`` is the index of
    the first move that failed its schema (the replay stops before it), or None."""

    file: str
    raw: dict
    game: str
    format: str = ""
    edition: str = ""
    options: dict = field(default_factory=dict)
    catalog: str = ""
    players: list[Player] = field(default_factory=list)
    setup: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)
    claimed: dict | None = None
    meta: dict = field(default_factory=dict)
    #: the bytes the log was read from (a BOM included), b"" when it was not read from bytes: kept so
    #: that :attr:`sha256` is computed only when asked (the ingest asks; validation never does)
    source: bytes = field(default=b"", repr=False)
    _sha256: str = field(default="", repr=False, compare=False)
    seat_of: dict[str, int] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    head_ok: bool = True
    first_bad_move: int | None = None
    source_format: str = ""  #: the format the file was written in (``format`` is after migration)
    #: an older log's migration (its move map), None for a log read as written; ``moves`` are the
    #: migrated ones, ``violations`` are located in the file as written
    migration: Migrated | None = None

    @property
    def sha256(self) -> str:
        """The SHA-256 (hex) of :attr:`source`, the file's content id; "" for a log not read from bytes."""
        if not self._sha256 and self.source:
            self._sha256 = hashlib.sha256(self.source).hexdigest()
        return self._sha256

    @property
    def player_ids(self) -> list[str]:
        return [p.id for p in self.players]


def _core(file: str, code: str, message: str, pointer: str = "", move_index: int | None = None) -> Violation:
    return Violation(file=file, move_index=move_index, pointer=pointer, code=code, message=message,
                     rule_ref=CORE_RULES.ref(code))


def read_log(source: str | os.PathLike | bytes, file: str | None, game: GameSource) -> GameLog:
    """:func:`parse_log` of a path or of bytes.

    :raises LogError: see :func:`parse_log`; also a file that cannot be read (``CORE.FILE.*``).
    """
    if isinstance(source, (bytes, bytearray)):
        data, name = bytes(source), file or "<bytes>"
    else:
        name = file or display_name(source)
        try:
            data = read_log_bytes(source)
        except FileProblemError as exc:  # CORE.FILE.*, as every command reports an unreadable file
            raise FileProblemError(dataclasses.replace(exc.problem, file=name)) from None
    return parse_log(data, name, game)


def parse_log(data: bytes, file: str, game: GameSource) -> GameLog:
    """Parse and schema-check ``data``, read with ``game`` (an engine, or a lookup by the log's
    ``game`` name). An older format is migrated to the current one first.

    :raises LogError: not a JSON object, an unknown game (or another game than ``game``), or an
        older log that cannot be migrated. Schema errors are in ``GameLog.violations``.
    """
    source = data
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        raw = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        reason = exc.msg if data.strip() else "the file is empty"
        if "depth limit" in reason or "recursion limit" in reason.lower():
            raise LogError([_core(file, "CORE.JSON.TOO_DEEP", f"lists and objects are nested more than {MAX_DEPTH} "
                                  f"levels deep at {where}; a log may nest at most {MAX_DEPTH} levels")]) from None
        raise LogError([_core(file, "CORE.JSON.SYNTAX", f"not valid JSON at {where}: {reason}")]) from None
    if not isinstance(raw, dict):
        raise LogError([_core(file, "CORE.SCHEMA", f"a log must be a JSON object, not {type(raw).__name__}")])
    game_name = raw.get("game")
    if callable(game) and not hasattr(game, "schema_file"):
        engine = game(game_name) if isinstance(game_name, str) else None
        if engine is None:
            names = list(getattr(game, "names", lambda: [])())
            from .suggest import did_you_mean  # the error path only

            raise LogError([_core(file, "CORE.GAME.UNKNOWN", f"unknown game {quote(game_name)}"
                                  f"{did_you_mean(game_name, names)} (known games: {', '.join(names)})", "/game")])
        game = engine
    elif game_name != game.name:
        raise LogError([_core(file, "CORE.GAME.UNKNOWN", f"this is a log of {quote(game_name)}, not of {game.name!r}", "/game")])
    dumped = _dumped(raw, file)
    duplicates = duplicate_keys(data, dumped)  # of the file as written, before any migration
    source_format = raw.get("format") if isinstance(raw.get("format"), str) else ""
    migration = None
    if needs_migration(raw):
        # the verdict of the format it was written in first: what that schema rejects stays rejected
        written = GameLog(file=file, raw=raw, game=game_name, source=source, source_format=source_format)
        frozen = game.format_schemas.get(source_format)
        if frozen:
            _check_schema(written, game_schema(frozen), raw, may_hold_floats(dumped))
            if not written.head_ok:  # nothing to migrate: the envelope or set-up is not that format's
                if duplicates:
                    _reject_duplicates(written, duplicates)
                return written
        try:
            migration = migrate_traced(raw, game)
        except MigrationError as exc:
            raise LogError([_core(file, "CORE.FORMAT.MIGRATION", str(exc), "/format")]) from None
        raw = migration.raw
        dumped = _dumped(raw, file)
    log = GameLog(file=file, raw=raw, game=game_name, source=source, source_format=source_format,
                  migration=migration)
    _check_schema(log, game.schema, raw, may_hold_floats(dumped))
    if migration is not None:
        _locate_in_file(log, migration, written)
    if duplicates:
        _reject_duplicates(log, duplicates)
        # in file order: outside the moves first, then move by move (the sort is stable)
        log.violations.sort(key=lambda v: (v.move_index is not None, v.move_index or 0))
    if not log.head_ok:
        return log
    log.format = raw["format"]
    log.edition = raw.get("edition", "")
    log.options = raw.get("options") or {}
    log.catalog = raw.get("catalog", "")
    log.players = [Player(p["id"], p.get("name", p["id"])) for p in raw["players"]]
    log.setup = raw.get("setup") or {}
    log.moves = raw["moves"]
    log.claimed = raw.get("claimed")
    log.meta = raw.get("meta") or {}
    _check_envelope(log, game)
    return log


def _dumped(raw: dict, file: str) -> bytes:
    """``orjson.dumps(raw)``, or the log rejected as nested too deeply to be read back."""
    try:
        return orjson.dumps(raw)
    except TypeError:  # orjson's recursion limit: the only TypeError a parsed document can raise
        raise LogError([too_deep_violation(file, raw)]) from None


def too_deep_violation(file: str, raw: object) -> Violation:
    """CORE.JSON.TOO_DEEP for ``raw``, located at the top-level entry (or move) holding the deepest
    nesting: a pointer of hundreds of levels would help nobody."""
    path = too_deep(raw) or []
    top = path[:2] if path[:1] == ["moves"] and len(path) > 1 and isinstance(path[1], int) else path[:1]
    index = top[1] if len(top) == 2 else None
    where = f"move {index}" if index is not None else (f"'{top[0]}'" if top else "the log")
    return _core(file, "CORE.JSON.TOO_DEEP",
                 f"{where} nests lists and objects more than {MAX_DEPTH} levels deep; a log may nest at most "
                 f"{MAX_DEPTH} levels (no game needs more than a few: write it flatter)", pointer(top), index)


def _check_schema(log: GameLog, schema: GameSchema, raw: dict, floats: bool) -> None:
    """Schema errors of the head and of every move into ``log.violations``: the first
    :data:`EXPLAINED_ERRORS_PER_FILE` bad moves explained, one violation counting the others.
    ``floats`` is False when the log certainly holds no float (the compiled checks then decide)."""
    file = log.file
    head = schema.check_head(raw, file, floats=floats)
    log.violations.extend(head)
    log.head_ok = not head
    moves = raw.get("moves")
    if not isinstance(moves, list):
        return
    if not floats and schema.all_moves_ok_fast(moves):
        return
    move_ok = schema.move_ok if floats else schema.move_ok_fast
    bad = [i for i, move in enumerate(moves) if not move_ok(move)]
    if not bad:
        return
    log.first_bad_move = bad[0]
    for i in bad[:EXPLAINED_ERRORS_PER_FILE]:
        log.violations.extend(schema.explain_move(i, moves[i], file))
    rest = bad[EXPLAINED_ERRORS_PER_FILE:]
    if rest:
        log.violations.append(Violation(
            file=file, move_index=rest[0], pointer=f"/moves/{rest[0]}", code="CORE.SCHEMA", rule_ref=schema.ref,
            message=f"{len(rest):,} more moves fail their schema, from move {rest[0]} on (only the first "
                    f"{EXPLAINED_ERRORS_PER_FILE} bad moves are explained)"))


def _locate_in_file(log: GameLog, migration: Migrated, written: GameLog) -> None:
    """Schema errors of a migrated log at the moves of the file as written, merged with those the
    file's own format found (``written``): the replay stops at the first move either rejects."""
    found = [to_source(v, migration) for v in log.violations]
    stop = written.first_bad_move
    if stop is not None:
        found = [v for v in found if v.move_index is None or v.move_index < stop]
        first = migrated_index(stop, migration)
        log.first_bad_move = first if log.first_bad_move is None else min(first, log.first_bad_move)
    log.violations = written.violations + found


def _reject_duplicates(log: GameLog, duplicates: list[DuplicateKey]) -> None:
    """A key written twice in one object: its meaning would depend on the parser (orjson keeps the
    last). In a move, the replay stops before that move; anywhere else, nothing is replayed."""
    for dup in duplicates[:EXPLAINED_ERRORS_PER_FILE]:
        path = dup.path
        index = path[1] if len(path) > 2 and path[0] == "moves" and isinstance(path[1], int) else None
        where = f"key {quote(dup.key)} is written {dup.count} times in one object" if path else \
            "a key is written twice in one object (too deeply nested to say where)"
        log.violations.append(_core(log.file, "CORE.JSON.DUPLICATE_KEY",
                                    f"{where}; a log must not depend on which one a reader keeps",
                                    pointer(path), index))
        if index is None:
            log.head_ok = False
        else:
            if log.migration is not None:  # the file's move index -> the first migrated move it became
                index = migrated_index(index, log.migration)
            if log.first_bad_move is None or index < log.first_bad_move:
                log.first_bad_move = index
    if len(duplicates) > EXPLAINED_ERRORS_PER_FILE:
        log.violations.append(_core(log.file, "CORE.JSON.DUPLICATE_KEY",
                                    f"{len(duplicates) - EXPLAINED_ERRORS_PER_FILE:,} more duplicate keys are not listed"))
        log.head_ok = False


def _check_envelope(log: GameLog, game) -> None:
    """Rules of the envelope that a schema cannot express."""
    file = log.file
    if log.format not in FORMATS:
        log.violations.append(_core(file, "CORE.FORMAT.UNSUPPORTED",
                                    f"format {log.format!r} is not one this ludolog reads ({', '.join(FORMATS)})", "/format"))
    before = len(log.violations)
    seen: dict[str, int] = {}
    for i, p in enumerate(log.players):
        if p.id in seen:
            log.violations.append(_core(file, "CORE.PLAYERS.DUPLICATE",
                                        f"player id {p.id!r} is used by seats {seen[p.id]} and {i}", f"/players/{i}/id"))
        seen[p.id] = i
    log.seat_of = seen
    n = len(log.players)
    if not game.min_players <= n <= game.max_players:
        log.violations.append(_core(file, "CORE.PLAYERS.COUNT",
                                    f"{game.title} is played by {game.min_players}-{game.max_players} players, this log has {n}", "/players"))
    if log.catalog != game.catalog_version:
        log.violations.append(_core(file, "CORE.CATALOG.MISMATCH",
                                    f"this log uses catalog {log.catalog!r}; this ludolog replays {game.name} with catalog {game.catalog_version!r}", "/catalog"))
    log.head_ok = len(log.violations) == before
