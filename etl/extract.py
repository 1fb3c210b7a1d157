"""Replay a chunk of log files into Arrow tables - the work each ingest worker process does.

Columns are built as Python lists in the replay's ``on_step`` visitor and turned into Arrow arrays
once per chunk. A seat's state row (its tuple of ``Game.player_rows``) is kept only at the first move
and when it differs from the seat's row one move earlier: the views of :mod:`ludolog.etl.tables`
expand the kept rows to every move. Game and player ids are dictionary-encoded per chunk. Only the
core API is used: ``Game.state_columns``, ``player_rows``, ``turn_info``, the ledger and the
:class:`ReplayResult`.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
from array import array
from dataclasses import dataclass, field
from itertools import accumulate, chain, compress, repeat
from operator import add, attrgetter, ne
from pathlib import Path

import orjson
import pyarrow as pa
import pyarrow.compute as pc

from ludolog.replayer.core import LogError, Violation, get_game, parse_log, replay
from ludolog.replayer.core.files import FileProblem, FileProblemKind, problem_for_os_error

from .chunks import Chunk, ChunkStats
from .sources import SourceError, is_url, read_url, source_name
from .tables import COMMON_TABLES, KEY_NAMES, PLAYER_STATE_CHANGES, game_state_table
from .versions import game_digests

_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
STATE_CHANGES = PLAYER_STATE_CHANGES.name


class _Columns:
    """Named lists, one per column, appended to in the visitor."""

    def __init__(self, names):
        self.names = list(names)
        self.lists = {n: [] for n in self.names}

    def mark(self) -> int:
        return len(self.lists[self.names[0]]) if self.names else 0

    def truncate(self, mark: int) -> None:
        for values in self.lists.values():
            del values[mark:]


class _JsonTexts:
    """A column of JSON texts (orjson's bytes), held as one joined ``bytes`` per log and the
    length of every text, which the Arrow string array wraps (faster than ``pa.array`` of bytes)."""

    __slots__ = ("parts", "counts", "lengths")

    def __init__(self) -> None:
        self.parts: list[bytes] = []  #: per log, its texts joined
        self.counts = array("q")  #: per log, how many texts its part holds
        self.lengths = array("q")  #: per text, its length in bytes

    def extend_dumped(self, values) -> None:
        """Append ``orjson.dumps`` of each of ``values`` (nothing if one cannot be written)."""
        texts = list(map(orjson.dumps, values))
        self.lengths.extend(map(len, texts))
        self.counts.append(len(texts))
        self.parts.append(b"".join(texts))

    def __len__(self) -> int:
        return len(self.lengths)

    def __delitem__(self, cut: slice) -> None:
        """``del texts[mark:]``, ``mark`` at a log's first text (after a log failed).

        :raises ValueError: ``cut`` is not a slice from such a mark to the end.
        """
        if not isinstance(cut, slice) or cut.stop is not None or cut.step is not None:
            raise ValueError("only the texts from a mark to the end can be dropped")
        mark = min(cut.start or 0, len(self.lengths))
        while len(self.lengths) > mark:
            count = self.counts.pop()
            del self.parts[-1], self.lengths[len(self.lengths) - count:]
        if len(self.lengths) != mark:
            raise ValueError(f"text {mark} is not the first of a log's texts")

    def arrow(self) -> pa.Array | pa.ChunkedArray:
        """The texts as an Arrow string array, or a chunked one of an array per log beyond the
        2 GiB that int32 offsets reach."""
        if sum(map(len, self.parts)) <= _MAX_STRING_ARRAY_BYTES:
            return _string_array(b"".join(self.parts), self.lengths)
        arrays, start = [], 0
        for part, count in zip(self.parts, self.counts):
            arrays.append(_string_array(part, self.lengths[start:start + count]))
            start += count
        return pa.chunked_array(arrays, pa.string())


#: the most bytes of text one Arrow string array holds (its offsets are int32)
_MAX_STRING_ARRAY_BYTES = 2 ** 31 - 1


def _string_array(data: bytes, lengths: array) -> pa.Array:
    offsets = array("i", accumulate(lengths, initial=0))
    return pa.Array.from_buffers(pa.string(), len(lengths), [None, pa.py_buffer(offsets), pa.py_buffer(data)])


@dataclass(slots=True)
class _KeptRows:
    """The stored state rows of one game's logs in a chunk (player: its number in the chunk's
    player dictionary; values: the seat's tuple of ``Game.player_rows``)."""

    log: array = field(default_factory=lambda: array("i"))
    move_index: array = field(default_factory=lambda: array("i"))
    seat: array = field(default_factory=lambda: array("i"))
    player: array = field(default_factory=lambda: array("i"))
    values: list[tuple] = field(default_factory=list)

    def mark(self) -> int:
        return len(self.values)

    def truncate(self, mark: int) -> None:
        for column in (self.log, self.move_index, self.seat, self.player, self.values):
            del column[mark:]


def _date(meta) -> dt.date | None:
    value = meta.get("date") if isinstance(meta, dict) else None
    if isinstance(value, str) and _ISO_DATE.match(value):
        try:
            return dt.date.fromisoformat(value[:10])
        except ValueError:
            return None
    return None


def _json(value) -> str | None:
    return None if value is None else orjson.dumps(value).decode()


def _internal(file: str, exc: BaseException) -> Violation:
    return Violation(file, None, "", "CORE.INTERNAL",
                     f"ludolog failed on this log ({type(exc).__name__}: {exc}); please report it")


def _ranks(scores: list[int], winners: set[int]) -> list[int]:
    keys = [(seat in winners, s) for seat, s in enumerate(scores)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


class ChunkBuilder:
    """Accumulates the rows of many logs as columns; :meth:`finish` makes the Arrow tables."""

    def __init__(self) -> None:
        self.ids: list[str] = []  # log number within the chunk -> game id (dictionary of game_id)
        self.player_ids: list[str] = []  # dictionary of the player columns
        self.files: list[str] = []
        self.seen_ids: set[str] = set()
        # player_state_changes is made from self.kept at finish: nothing of it is gathered per move
        self.cols = {t.name: _Columns([name for name in t.column_names if name not in _DERIVED.get(t.name, ())])
                     for t in COMMON_TABLES if t.name != STATE_CHANGES}
        # the key columns of the per-move rows are machine integers, made by repeating and slicing
        # per log and handed to Arrow without a conversion
        for table, names in _KEY_ARRAYS.items():
            for name in names:
                self.cols[table].lists[name] = array("i")
        for table, names in _ORJSON_TEXT.items():
            for name in names:
                self.cols[table].lists[name] = _JsonTexts()
        #: per game: its stored state rows (those of player_state_changes and of its own table)
        self.kept: dict[str, _KeptRows] = {}
        self.game_columns: dict[str, tuple] = {}
        self.stats = ChunkStats()
        self._stat: tuple[int | None, int | None] = (None, None)  # (size, mtime ns) of the log being added

    # -- one log ------------------------------------------------------------------------------
    def add_file(self, path: str | Path) -> None:
        """One log file, or one named by an fsspec URL (:mod:`ludolog.etl.sources`)."""
        file = source_name(path)  # a name that is not UTF-8 is stored escaped
        try:
            if is_url(path):
                data, stat = read_url(str(path))
            else:  # stat before reading: a file changed while it is read then differs at the next ingest
                info = os.stat(path)
                data, stat = Path(path).read_bytes(), (info.st_size, info.st_mtime_ns)
        except (OSError, SourceError) as exc:  # gone, unreadable or no filesystem package: recorded by its name
            self._stat = (None, None)
            problem = problem_for_os_error(file, exc) if isinstance(exc, OSError) else \
                FileProblem(file, FileProblemKind.UNREADABLE, f"cannot read this file: {exc}")
            self._add_unreadable(file, hashlib.sha256(file.encode()).hexdigest(), [problem.as_violation()])
            return
        self.add_bytes(data, file, stat)

    def add_bytes(self, data: bytes, file: str, stat: tuple[int, int] | None = None) -> None:
        """One log's rows; ``stat``: the file's (size, mtime in ns) when it was read."""
        self._stat = stat or (None, None)
        try:
            log = parse_log(data, file)
        except LogError as exc:
            self._add_unreadable(file, hashlib.sha256(data).hexdigest(), exc.violations)
            return
        except Exception as exc:  # noqa: BLE001 - e.g. a game package that fails to load
            self._add_unreadable(file, hashlib.sha256(data).hexdigest(), [_internal(file, exc)])
            return
        if log.sha256 in self.seen_ids:
            return  # identical content twice in one chunk: one game (the first file)
        marks = {name: c.mark() for name, c in self.cols.items()}
        kept_marks = {name: kept.mark() for name, kept in self.kept.items()}
        n_ids, n_players = len(self.ids), len(self.player_ids)
        try:
            self._add_log(log)
        except Exception as exc:  # noqa: BLE001 - an engine bug on one log must not stop the ingest
            for name, c in self.cols.items():
                c.truncate(marks[name])
            for name, kept in self.kept.items():
                kept.truncate(kept_marks.get(name, 0))
            del self.ids[n_ids:], self.files[n_ids:], self.player_ids[n_players:]
            self.seen_ids.discard(log.sha256)
            self._add_unreadable(file, log.sha256, [_internal(file, exc)])

    def _add_unreadable(self, file: str, digest: str, violations: list[Violation]) -> None:
        if digest in self.seen_ids:
            return
        log_no = len(self.ids)
        self.ids.append(digest)
        self.seen_ids.add(digest)
        self.files.append(file)
        self._add_game(game_id=log_no, file=file, status="invalid", moves_applied=0, winners=[],
                       violation_count=len(violations))
        self._add_violations(log_no, violations)
        self.stats.logs += 1
        if violations and all(v.code.startswith("CORE.FILE.") for v in violations):
            self.stats.unreadable += 1  # the verdict validate gives it; its games row says invalid
        else:
            self.stats.invalid += 1
        self.stats.invalid_files.append((file, str(violations[0]) if violations else "invalid"))

    def _add_row(self, table: str, **values) -> None:
        """A row of ``table``: ``values`` by column, NULL for the others."""
        for name, column in self.cols[table].lists.items():
            column.append(values.get(name))

    def _add_game(self, **values) -> None:
        self._add_row("games", **values, file_size=self._stat[0], file_mtime_ns=self._stat[1])

    def _add_violations(self, log_no: int, violations: list[Violation]) -> None:
        for v in violations:
            self._add_row("violations", game_id=log_no, file=v.file, move_index=v.move_index, pointer=v.pointer,
                          code=v.code, message=v.message, rule_ref=v.rule_ref, context=v.context)
        self.stats.violations += len(violations)

    def _kept_rows(self, game) -> _KeptRows:
        kept = self.kept.get(game.name)
        if kept is None:
            game_state_table(game.name, game.state_columns)  # refuses a column no table can have
            kept = self.kept[game.name] = _KeptRows()
            self.game_columns[game.name] = tuple(game.state_columns)
        return kept

    def _add_log(self, log) -> None:
        game = get_game(log.game)
        log_no = len(self.ids)
        n = len(log.players)
        player_base = len(self.player_ids)
        self.player_ids.extend(log.player_ids)
        turn_info = game.turn_info
        # The visitor only gathers (turn, round) after each move and the seats' tuples that differ
        # from the seat's tuple one move earlier (all at the first move). 1 == 1.0 == True, and a
        # typed column stores the same value for each, so a row is kept exactly where its stored
        # values differ; a wrongly typed value in an unchanged row is not refused (NotAWholeNumber):
        # tests/test_state_columns.py holds every game's values to their declared types.
        kept = self._kept_rows(game)
        values: list[tuple] = []
        kept_moves, kept_seats = array("i"), array("i")
        keep_value, keep_move, keep_seat = values.append, kept_moves.append, kept_seats.append
        seats = range(n)
        previous: list = [None] * n
        positions: list = []
        add_position = positions.extend
        player_rows = game.player_rows

        def on_step(index: int, move: dict, state) -> None:
            add_position(turn_info(state))
            rows = player_rows(state)
            if rows != previous:  # on most moves no seat's figures change: one C-speed comparison
                if len(rows) != n:
                    raise ValueError(f"{game.name}: player_rows gave {len(rows)} rows after move {index}, "
                                     f"not one for each of the {n} players")
                for seat in compress(seats, map(ne, rows, previous)):
                    keep_move(index)
                    keep_seat(seat)
                    keep_value(rows[seat])
                previous[:] = rows

        start: list = []  # (turn, round) and the turn order of the position before the first move

        def on_start(state) -> None:
            start.extend((_initial_turn_info(game, state), list(game.turn_order(state))))

        result = replay(log, on_step=on_step, on_start=on_start)
        status = result.status
        initial, order = start or ((1, 1), [])
        width = len(game.state_columns)
        if set(map(len, values)) - {width} or set(map(type, values)) - {tuple}:
            wrong = next(row for row in values if type(row) is not tuple or len(row) != width)
            raise ValueError(f"{game.name}: player_rows gave the row {wrong!r}, not a tuple of its {width} state columns")
        count = len(values)
        kept.values += values
        kept.move_index += kept_moves
        kept.seat += kept_seats
        kept.log += array("i", (log_no,)) * count
        kept.player += array("i", map(add, repeat(player_base), kept_seats))
        self._add_steps(log, log_no, player_base, result.applied, positions, initial)
        self.ids.append(log.sha256)
        self.seen_ids.add(log.sha256)
        self.files.append(log.file)
        scores = [0] * n
        winners: list[int] = []
        if result.state is not None:
            scores = list(game.scores(result.state))
            winners = list(game.winners(result.state)) if result.terminal else []
        claimed_final = (log.claimed or {}).get("final")
        engine, catalog = game_digests(game)
        moves = self.cols["moves"].lists
        self._add_game(game_id=log_no, file=log.file, game=log.game, edition=log.edition, options=_json(log.options),
                       catalog=log.catalog, player_count=n, status=status, moves_in_log=len(log.moves or []),
                       moves_applied=result.applied, turns=moves["turn"][-1] if result.applied else None,
                       rounds=moves["round"][-1] if result.applied else None,
                       final_scores=_json(dict(zip(log.player_ids, scores))) if result.state is not None else None,
                       winners=[log.player_ids[s] for s in winners], claimed_final=_json(claimed_final),
                       date=_date(log.meta), meta=_json(log.meta) if log.meta else None,
                       violation_count=len(result.violations), engine_digest=engine, catalog_digest=catalog)

        ranks = _ranks(scores, set(winners)) if result.terminal else [None] * n
        # the turn order of the first round, from the set-up (the final state may have rotated it)
        position = {seat: k for k, seat in enumerate(order)}
        claims = claimed_final if isinstance(claimed_final, dict) else {}
        for seat, player in enumerate(log.players):
            self._add_row("players", game_id=log_no, seat=seat, turn_position=position.get(seat),
                          player=player_base + seat, name=player.name, final_score=scores[seat],
                          claimed_score=claims.get(player.id), is_winner=seat in winners, rank=ranks[seat])

        events = result.state.ledger.events if result.state is not None else []
        e = self.cols["score_events"].lists
        # column by column, each a C-speed map over the events
        event_seats = list(map(_EVENT_SEAT, events))
        e["game_id"].extend([log_no] * len(events))
        e["event_index"].extend(range(len(events)))
        e["move_index"].extend(map(_EVENT_MOVE, events))
        e["seat"].extend(event_seats)
        e["player"].extend(map(add, repeat(player_base), event_seats))
        e["delta"].extend(map(_EVENT_DELTA, events))
        e["category"].extend(map(_EVENT_CATEGORY, events))
        e["reason"].extend(map(_EVENT_REASON, events))
        self._add_violations(log_no, result.violations)

        st = self.stats
        st.logs += 1
        setattr(st, status, getattr(st, status) + 1)
        st.moves += result.applied
        st.state_rows += result.applied * n
        st.score_events += len(events)
        if status == "invalid":
            st.invalid_files.append((log.file, str(result.violations[0])))

    def _add_steps(self, log, log_no: int, player_base: int, applied: int, positions: list,
                   initial: tuple[int, int]) -> None:
        """The rows of moves of one log: ``positions``, turn and round after every move, ``initial``
        before the first."""
        if not applied:
            return
        move_index = array("i", range(applied))
        moves = log.moves[:applied]
        seat_of = log.seat_of
        player_ref = {pid: player_base + seat for pid, seat in seat_of.items()}
        mv = self.cols["moves"].lists
        mv["game_id"].extend(array("i", (log_no,)) * applied)
        mv["move_index"].extend(move_index)
        mv["turn"].append(initial[0])  # the position a move is made in is the one after the move before
        mv["turn"].extend(positions[0:2 * applied - 2:2])
        mv["round"].append(initial[1])
        mv["round"].extend(positions[1:2 * applied - 1:2])
        # map over C methods, not list comprehensions: no Python frame per move
        players = list(map(dict.get, moves, repeat("player")))
        mv["seat"].extend(map(seat_of.get, players))
        mv["player"].extend(map(player_ref.get, players))
        mv["move_type"].extend(map(dict.get, moves, repeat("type")))
        mv["move"].extend_dumped(moves)

    # -- Arrow --------------------------------------------------------------------------------
    def finish(self) -> Chunk:
        """The chunk's Arrow tables.

        :raises NotAWholeNumber: a game gave a float for a whole-number column.
        """
        id_dict = pa.array(self.ids, pa.string())
        player_dict = pa.array(self.player_ids, pa.string())
        tables = {table.name: self._table(table, self.cols[table.name].lists, id_dict, player_dict)
                  if table.name != STATE_CHANGES else None for table in COMMON_TABLES}  # in the order of COMMON_TABLES
        game_tables = {}
        common: dict[str, list] = {name: [] for name in (*KEY_NAMES, "player", "score")}
        for name, state_columns in self.game_columns.items():
            kept = self.kept[name]
            columns = list(zip(*kept.values)) if kept.values else [()] * len(state_columns)
            lists = {"game_id": kept.log, "move_index": kept.move_index, "seat": kept.seat, "player": kept.player,
                     **{column: values for (column, _), values in zip(state_columns, columns)}}
            table = game_state_table(name, state_columns)
            game_tables[table.name] = self._table(table, lists, id_dict, player_dict)
            for column, values in common.items():
                values.append(lists[column])
        lists = {column: _joined(parts, column != "score") for column, parts in common.items()}
        stored = self._table(PLAYER_STATE_CHANGES, lists, id_dict, player_dict)
        applied = _arrow(self.cols["games"].lists["moves_applied"], pa.int32())  # by log number
        tables[STATE_CHANGES] = stored.append_column(pa.field(UNTIL_COLUMN, pa.int32()), holds_until(stored, applied))
        tables.update(game_tables)
        self.stats.stored_state_rows = stored.num_rows
        return Chunk(files=list(self.files), game_ids=list(self.ids), tables=tables,
                     game_columns=dict(self.game_columns), stats=self.stats, json_checked=True)

    @staticmethod
    def _table(table, lists: dict, id_dict: pa.Array, player_dict: pa.Array) -> pa.Table:
        """The Arrow table of ``lists`` (column name -> its values), without the columns of
        :data:`_DERIVED`. :raises NotAWholeNumber: see :func:`_arrow`."""
        arrays = []
        derived = _DERIVED.get(table.name, ())
        for column in table.columns:
            if column.name in derived:
                continue
            values = lists[column.name]
            if column.name == "game_id":
                arrays.append(pa.DictionaryArray.from_arrays(_arrow(values, pa.int32()), id_dict))
            elif column.name == "player":
                arrays.append(pa.DictionaryArray.from_arrays(_arrow(values, pa.int32()), player_dict))
            elif column.name in _ORJSON_TEXT.get(table.name, ()):
                arrays.append(values.arrow())
            else:
                try:
                    arrays.append(_arrow(values, column.arrow))
                except NotAWholeNumber as exc:
                    raise NotAWholeNumber(f"{table.name}.{column.name}: {exc}") from None
        return pa.Table.from_arrays(arrays, names=[name for name in table.column_names if name not in derived])


#: the fields of a score event (ScoreEvent), each read by one C call
_EVENT_MOVE, _EVENT_SEAT, _EVENT_DELTA, _EVENT_CATEGORY, _EVENT_REASON = map(
    attrgetter, ("move_index", "seat", "delta", "category", "reason"))
#: table -> its columns held as array("i") by the builder (never NULL)
_KEY_ARRAYS = {"moves": ("game_id", "move_index")}
#: the column of player_state_changes saying where each stored row stops holding
UNTIL_COLUMN = "until_move_index"
#: table -> its columns computed at finish from the others (never filled per move)
_DERIVED = {STATE_CHANGES: (UNTIL_COLUMN,)}
#: table -> its columns of JSON text from orjson.dumps, held as :class:`_JsonTexts`
_ORJSON_TEXT = {"moves": ("move",)}
#: the array typecode of the machine integers of each Arrow integer type
_TYPECODES = {pa.int32(): "i", pa.int64(): "q"}
assert array("i").itemsize == 4 and array("q").itemsize == 8


class NotAWholeNumber(ValueError):
    """A game gave a float for a whole-number column (an engine bug): pyarrow would cut 1.5 to 1
    without a word, so it is refused instead."""


def _arrow(values, arrow_type: pa.DataType) -> pa.Array:
    """``values`` (a list, or an array("i") of a key column) as an Arrow array of ``arrow_type``;
    a list of ints goes through machine integers (several times faster than pyarrow's conversion).

    :raises NotAWholeNumber: a float among the values of an integer column.
    """
    code = _TYPECODES.get(arrow_type)
    if code is None:
        return pa.array(values, arrow_type)
    if not isinstance(values, array):
        types = set(map(type, values))
        if types != {int}:
            if float in types:
                raise NotAWholeNumber(f"the whole-number column was given {next(v for v in values if type(v) is float)!r}")
            return pa.array(values, arrow_type)
        try:
            values = array(code, values)
        except OverflowError:
            return pa.array(values, arrow_type)
    return pa.Array.from_buffers(arrow_type, len(values), [None, pa.py_buffer(values)])


def _joined(parts: list, keys: bool):
    """``parts`` one after the other: arrays of key columns (``keys``) as one array, else a list."""
    if len(parts) == 1:
        return parts[0]
    if keys:
        joined = array("i")
        for part in parts:
            joined += part
        return joined
    return list(chain.from_iterable(parts))


def holds_until(stored: pa.Table, applied: pa.Array) -> pa.Array:
    """For every row of ``stored`` (rows of player_state_changes of a chunk, game_id dictionary
    encoded by log number) the move_index of the same seat's next stored row, after the last one
    the log's applied moves (``applied``, by log number)."""
    size = stored.num_rows
    if not size:
        return pa.array([], pa.int32())
    log = stored.column("game_id").combine_chunks().indices
    seat = stored.column("seat").combine_chunks()
    move = stored.column("move_index").combine_chunks()
    order = pc.sort_indices(pa.table({"log": log, "seat": seat, "move": move}),
                            sort_keys=[("log", "ascending"), ("seat", "ascending"), ("move", "ascending")])
    log, seat, move = log.take(order), seat.take(order), move.take(order)
    same_seat = pc.and_(pc.equal(log.slice(1), log.slice(0, size - 1)), pc.equal(seat.slice(1), seat.slice(0, size - 1)))
    same_seat = pa.concat_arrays([same_seat, pa.array([False])])
    following = pa.concat_arrays([move.slice(1), pa.array([0], pa.int32())])
    until = pc.if_else(same_seat, following, applied.take(log))
    return until.take(pc.sort_indices(order))  # the inverse of the sort: each row's value in its place


def _initial_turn_info(game, state) -> tuple[int, int]:
    try:
        return game.turn_info(state)
    except Exception:  # noqa: BLE001 - the replay itself already reports a bad set-up
        return (1, 1)


def extract_chunk(paths: list[str]) -> Chunk:
    """Replay ``paths`` and return their tables (what a worker process runs)."""
    builder = ChunkBuilder()
    for path in paths:
        builder.add_file(path)
    return builder.finish()
