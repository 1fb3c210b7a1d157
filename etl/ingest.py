"""Ingest: log files -> replay (N worker processes) -> Arrow chunks -> DuckDB, one transaction per chunk.

    summary = ingest(["logs/"], "club.duckdb", workers=4)

is the whole API; :func:`ingest_steps` is the same as a generator of per-chunk statistics, for a
progress bar. An existing database is checked before any worker starts and opened before any log
is replayed in this process, so a second ingest into a file that is in use fails at once with
:class:`~ludolog.etl.db.DatabaseError`; a new one is created while the first logs are replayed.
"""
from __future__ import annotations

import contextlib
import itertools
import math
import os
import queue
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ludolog.replayer.core.files import find_logs

from .db import DEFAULT_DB, SchemaStatus, open_checked_read_only, open_for_writing, upgrade_text
from .chunks import Chunk, ChunkStats, merge_chunks
from .load import MB, LoadFailure, Loader
from .sources import find_sources, is_url
from .unchanged import Replay, files_to_replay
from .workers import ChunkPlan, ExtractPool, default_workers, plan_chunks, pool_has_processes

if TYPE_CHECKING:
    import duckdb

MAX_CHUNK = 32  # logs per worker task: small enough to keep every worker busy
#: ... and at most about this many bytes of log files: a larger file is a task of its own
CHUNK_FILE_BYTES = 8 * MB
#: Worker chunks are gathered into one transaction until it holds this many player-state rows:
#: a commit costs a WAL write and fsync, and DuckDB writes large inserts straight to the data file,
#: so bigger transactions load faster; the bounds keep the parent's memory flat.
BATCH_STATE_ROWS = 150_000
BATCH_LOGS = 512
#: ... or this many bytes of Arrow data; a chunk at least this large is a transaction of its own.
#: (A batch of 150,000 Entdecker state rows is about 20 MB.)
BATCH_BYTES = 64 * MB


def chunk_size_for(n_files: int, workers: int) -> int:
    """Logs per chunk: at most MAX_CHUNK, and small enough that every worker gets several chunks."""
    if workers <= 1:
        return MAX_CHUNK
    return max(1, min(MAX_CHUNK, math.ceil(n_files / (workers * 4))))


@dataclass
class IngestSummary:
    db: str
    files: int
    workers: int
    seconds: float = 0.0
    games_written: int = 0
    committed: int = 0
    load_seconds: float = 0.0  # time the parent spent writing to DuckDB (transactions, checkpoint)
    #: time from the last chunk replayed to the end (its insert, the last commit, keys, checkpoint,
    #: closing): what nothing overlaps, the ingest's serial tail
    tail_seconds: float = 0.0
    stats: ChunkStats = field(default_factory=ChunkStats)
    #: logs that were checked but could not be written (see :class:`~ludolog.etl.load.Loader`)
    failures: list[LoadFailure] = field(default_factory=list)
    #: what the ingest did to the database besides loading (an in-place schema upgrade)
    notes: list[str] = field(default_factory=list)
    #: unchanged logs not replayed, by their stored status (valid / unfinished / invalid)
    skipped: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.stats.invalid == 0 and self.stats.unreadable == 0 and not self.failures and not self.skipped.get("invalid")

    def as_dict(self) -> dict:
        s = self.stats
        return {"db": self.db, "files": self.files, "workers": self.workers, "seconds": round(self.seconds, 3),
                "load_seconds": round(self.load_seconds, 3),
                "games_written": self.games_written, "valid": s.valid, "unfinished": s.unfinished,
                "invalid": s.invalid, "unreadable_logs": s.unreadable, "moves": s.moves, "state_rows": s.state_rows,
                "score_events": s.score_events, "violations": s.violations,
                "invalid_files": [{"file": f, "violation": v} for f, v in s.invalid_files],
                "not_loaded": [{"file": f.file, "error": f.message} for f in self.failures],
                "skipped": dict(self.skipped),
                "notes": list(self.notes)}


class Batches:
    """Gathers worker chunks, in order, into the batches an ingest commits one transaction each:
    about ``batch_rows`` player-state rows, :data:`BATCH_LOGS` logs or :data:`BATCH_BYTES` of Arrow
    data; a chunk that would take a batch past :data:`BATCH_BYTES` starts a batch of its own.

    :meth:`feed` says it chunk by chunk (what the streaming writer needs), :meth:`add` as whole
    batches; both cut the same batches."""

    def __init__(self, batch_rows: int = BATCH_STATE_ROWS):
        self.batch_rows = batch_rows
        self.pending: list[Chunk] = []
        self._rows = self._logs = self._bytes = 0

    def feed(self, chunk: Chunk) -> list[Chunk | None]:
        """``chunk`` in its place among the batch ends (None) it makes: a batch may end before it
        (too many bytes with it), after it (full), both or neither."""
        steps: list[Chunk | None] = []
        size = chunk.nbytes  # once: it walks every buffer of every table (about 0.2 ms a chunk)
        if self.pending and self._bytes + size > BATCH_BYTES:
            steps.append(None)
            self._start()
        self.pending.append(chunk)
        self._rows += chunk.state_rows
        self._logs += len(chunk.files)
        self._bytes += size
        steps.append(chunk)
        if self._rows >= self.batch_rows or self._logs >= BATCH_LOGS or self._bytes >= BATCH_BYTES:
            steps.append(None)
            self._start()
        return steps

    def cut(self) -> bool:
        """End the batch being filled here (the tail of an ingest is a batch of its own): whether
        one was being filled."""
        if not self.pending:
            return False
        self._start()
        return True

    def _start(self) -> None:
        self.pending = []
        self._rows = self._logs = self._bytes = 0

    def add(self, chunk: Chunk) -> list[list[Chunk]]:
        """The batches ``chunk`` completes (none, one or two)."""
        ready: list[list[Chunk]] = []
        current = list(self.pending)
        for step in self.feed(chunk):
            if step is None:
                ready.append(current)
                current = []
            else:
                current.append(step)
        return ready

    def rest(self) -> list[list[Chunk]]:
        """The last batch, if chunks are left."""
        ready = [self.pending] if self.pending else []
        self._start()
        return ready


#: chunks handed to the writer that it has not begun to insert: one being replayed while one
#: waits keeps both threads busy; more would only hold memory
WRITER_QUEUE_CHUNKS = 2
#: the most chunks waiting in a row that the writer inserts as one (see _BatchWriter._next)
WRITER_MERGE_CHUNKS = 1 + WRITER_QUEUE_CHUNKS
#: Python's switch interval while a writer thread runs, in seconds (Python's default is 0.005).
#: The writer needs the GIL for a moment after each DuckDB call (to take the next chunk, to begin
#: the next statement), and the replaying thread, which holds it nearly always, gives it up only
#: when the interval has passed: with 5 ms, a batch's dozens of statements waited most of the
#: writer's time (Entdecker's bench corpus, 1 process: the writer 0.78 s of which DuckDB works
#: under 0.2 s; at 0.2 ms 0.48 s, and the whole ingest 3-19 % faster, median of 6 runs each).
WRITER_SWITCH_INTERVAL = 0.0002
_switch_lock = threading.Lock()
_switch_users = 0  # writers running (of overlapping ingests in threads of one process)
_switch_saved = 0.005  # the interval before the first of them


def _shorten_switch_interval() -> None:
    global _switch_users, _switch_saved
    with _switch_lock:
        if not _switch_users:
            _switch_saved = sys.getswitchinterval()
            sys.setswitchinterval(min(_switch_saved, WRITER_SWITCH_INTERVAL))
        _switch_users += 1


def _restore_switch_interval() -> None:
    global _switch_users
    with _switch_lock:
        _switch_users -= 1
        if not _switch_users:
            sys.setswitchinterval(_switch_saved)


_END_BATCH = object()  # the writer's queue: commit the batch being filled
_SETTLE = object()  # ... add a new database's keys and checkpoint (between batches)
_STOP = object()  # ... and stop


class _BatchWriter:
    """Loads chunks in a background thread of the same process as they are replayed: DuckDB
    releases the GIL while it inserts, so the next chunks are replayed meanwhile. Each chunk is
    inserted at once into its batch's open transaction (:class:`~ludolog.etl.load.LoadBatch`),
    which commits when :meth:`end_batch` says the batch is complete; chunks are loaded in the
    order given, one transaction per batch, and at most :data:`WRITER_QUEUE_CHUNKS` wait, so
    memory stays bounded. An error stops the writing and reaches the ingesting thread at its
    next call; :meth:`abort` (Ctrl-C, SIGTERM) rolls back the batch not yet committed.

    With ``defer_until_settle`` (an ingest with a tail) the batches before :meth:`settle` are
    deferred (:class:`~ludolog.etl.load.LoadBatch`): their chunks are inserted at their commit, a
    statement per table instead of one per table and chunk. Nothing waits for those commits - the
    replay goes on meanwhile - while the tail's chunks are still inserted as they come, so that
    after its last chunk only that one is left to insert."""

    def __init__(self, loader: Loader, summary: IngestSummary, defer_until_settle: bool = False):
        self.loader = loader
        self.summary = summary
        self.deferring = defer_until_settle
        self.queue: queue.Queue = queue.Queue(maxsize=WRITER_QUEUE_CHUNKS)
        self.error: BaseException | None = None
        self.aborted = False
        self.thread = threading.Thread(target=self._run, name="ludolog-ingest-writer", daemon=True)
        _shorten_switch_interval()  # until finish: see WRITER_SWITCH_INTERVAL
        self.shortened = True
        self.thread.start()

    def _next(self, held: list) -> object:
        """The next item: a marker, or the chunks waiting in a row (at most
        :data:`WRITER_MERGE_CHUNKS`, so memory stays bounded) as one chunk (see :meth:`_run`). A
        chunk holding a file of the ones taken is left for the next insert, which replaces that
        file's rows."""
        item = held.pop() if held else self.queue.get()
        if not isinstance(item, Chunk):
            return item
        chunks = [item]
        files = set(item.files)
        while len(chunks) < WRITER_MERGE_CHUNKS:
            try:
                following = self.queue.get_nowait()
            except queue.Empty:
                break
            if not isinstance(following, Chunk) or not files.isdisjoint(following.files):
                held.append(following)
                break
            chunks.append(following)
            files.update(following.files)
        return merge_chunks(chunks)

    def _run(self) -> None:
        batch = None
        logs = 0  # logs given to the open batch
        held: list = []  # a marker taken from the queue behind chunks
        try:
            while True:
                # Chunks that wait in a row (the replay ran ahead) are inserted as one: a statement
                # per table costs about a millisecond whatever its rows, measured with DuckDB 2.0
                # (Boonlake, 8 chunks: 0.27 s inserted one by one, 0.21 s as one); they belong to
                # one batch, since end_batch puts its marker between batches.
                item = self._next(held)
                if item is _STOP:
                    return
                if self.error is not None or self.aborted:
                    continue  # write nothing more; the caller sees the error or stops
                began = time.perf_counter()
                try:
                    if item is _END_BATCH:
                        if batch is not None:
                            self.summary.games_written += batch.commit()
                            batch = None
                        self.summary.committed += logs
                        logs = 0
                    elif item is _SETTLE:
                        self.deferring = False  # the tail follows: its chunks are inserted as they come
                        self.loader.finish(final=False)  # batches follow: they load into keyed tables
                    else:
                        if batch is None:
                            batch = self.loader.batch(deferred=self.deferring)
                        batch.add(item)
                        logs += item.stats.logs
                except BaseException as exc:  # noqa: BLE001 - handed to the ingesting thread
                    self.error = exc
                    batch = None  # rolled back by the batch itself
                self.summary.load_seconds += time.perf_counter() - began
        finally:
            if batch is not None:
                batch.rollback()

    def check(self) -> None:
        if self.error is not None:
            raise self.error

    def put(self, chunk: Chunk) -> None:
        """Insert ``chunk`` into the batch being filled (a new one after :meth:`end_batch`).

        :raises BaseException: what an earlier write raised.
        """
        self.check()
        self.queue.put(chunk)

    def end_batch(self) -> None:
        """Commit the batch being filled (once its chunks are inserted)."""
        self.check()
        self.queue.put(_END_BATCH)

    def settle(self) -> None:
        """Once the batches given so far are committed, do what :meth:`Loader.finish` would do
        with them (a new database's keys, the checkpoint), so that the end of the ingest has only
        the batches given after this left to do."""
        self.check()
        self.queue.put(_SETTLE)

    def finish(self) -> None:
        """Wait until every chunk given is written (or abandoned after an error)."""
        if self.thread.is_alive():
            self.queue.put(_STOP)
            self.thread.join()
        if self.shortened:
            self.shortened = False
            _restore_switch_interval()

    def abort(self) -> None:
        """Stop at once: a commit under way completes, the batch being filled is rolled back and
        the chunks waiting are dropped."""
        self.aborted = True
        self.finish()


def ingest_steps(files: Sequence[str | Path], db: str | Path = DEFAULT_DB, workers: int | None = None,
                 chunk_size: int | None = None, summary: IngestSummary | None = None,
                 batch_rows: int = BATCH_STATE_ROWS, replay: Replay = Replay.CHANGED,
                 dask: str | None = None) -> Iterator[ChunkStats]:
    """Ingest ``files`` (log files, not folders), yielding each worker chunk's statistics as it
    is replayed (``summary.committed`` counts the logs whose transaction has committed), after
    empty statistics once the unchanged logs to skip are known (``summary.skipped``).

    Chunks are committed in transactions of about ``batch_rows`` player-state rows (1: one
    transaction per chunk), written by a background thread. ``summary`` (if given) is filled in
    as it goes. ``replay`` says which files are replayed (by default an unchanged file keeps its
    stored game; see :func:`files_to_replay`). ``dask`` (an address, see
    :class:`~ludolog.etl.distributed.DaskAddress`) replays on a Dask cluster instead of
    ``workers`` local processes; the database is written here all the same.

    :raises DatabaseError: the file is in use by another process, or is not a ludolog DuckDB database.
    :raises DaskError: the Dask cluster cannot be used (see :class:`~ludolog.etl.distributed.DaskPool`).
    """
    workers = dask_workers(dask) if dask else default_workers() if workers is None else max(1, workers)
    files = [str(f) for f in files]
    summary = summary if summary is not None else IngestSummary(str(db), len(files), workers)
    start = time.perf_counter()
    hashes: dict[str, str | None] = {}
    # The unchanged logs are known before any worker starts (on a read-only connection, which a
    # second ingest into a busy file fails on at once), so that a re-ingest with nothing to replay
    # starts none; the workers are forked before this process opens DuckDB read-write or starts
    # the writer thread (neither thread is copied into a worker).
    planned = _plan(db, files, replay, hashes)
    pool = open_pool(dask, min(workers, max(1, len(files if planned is None else planned)))) if planned != [] else None
    if dask and pool is not None:
        summary.workers = pool.workers
    # The workers start on the planned logs at once: they replay while this process opens the
    # database (creating a file and its tables waits for the disk several times)
    plan = plan_ingest(planned or [], workers, chunk_size)
    early = pool.extract(plan.chunks) if pool is not None and planned else None
    first: list[Chunk] = []
    try:
        if early is not None and not pool_has_processes(pool) and _is_new(db):
            # replayed here: a new file is created while the first chunk is replayed (an existing
            # one is opened first, so that a second ingest into a file in use fails before any replay)
            opened, first = _open_while_replaying(db, files, replay, hashes, early)
        else:
            opened = _open(db, files, replay, hashes)
    except BaseException:
        if pool is not None:
            pool.close(abort=True)  # the chunks replayed meanwhile are not wanted
        raise
    con, loader = opened.con, opened.loader
    writer = None
    completed = False
    try:
        summary.failures = loader.failures
        if loader.database.status is SchemaStatus.OLDER:
            summary.notes.append(upgrade_text(loader.database, db))
        files, summary.skipped = opened.files, opened.skipped
        if files and pool is None:  # more to replay than planned: in this process (no fork now)
            pool = ExtractPool(1).__enter__()
        replays = itertools.chain(first, early) if first else early
        if files != planned:  # another process wrote the database since it was planned (or it was upgraded)
            if early is not None:
                early.close()
            plan = plan_ingest(files, workers, chunk_size)
            replays = pool.extract(plan.chunks) if files else None
        writer = _BatchWriter(loader, summary, defer_until_settle=plan.tail is not None)
        yield ChunkStats()  # nothing replayed yet, but the skipped logs are known: a progress bar can show them
        batches = Batches(batch_rows)
        for number, chunk in enumerate(replays if replays is not None else (), start=1):
            summary.stats.add(chunk.stats)
            for step in batches.feed(chunk):
                writer.put(step) if step is not None else writer.end_batch()
            if number == plan.tail:  # the last chunk before the tail: finish those while it is replayed
                if batches.cut():
                    writer.end_batch()
                writer.settle()
            summary.seconds = time.perf_counter() - start
            yield chunk.stats
        replayed = time.perf_counter()
        if batches.rest():
            writer.end_batch()
        if pool is not None:
            # every chunk is here: the workers exit while the writer inserts the last ones
            pool.close()
        writer.finish()
        writer.check()
        began = time.perf_counter()
        loader.finish()  # the keys of a new database, the checkpoint
        summary.load_seconds += time.perf_counter() - began
        completed = True
    finally:
        if pool is not None:
            pool.close(abort=not completed)  # interrupted (Ctrl-C, SIGTERM, an error): workers stop now
        if writer is not None:
            # a commit under way completes; an interrupted ingest rolls back the batch being filled
            writer.finish() if completed else writer.abort()
        con.close()
        summary.seconds = time.perf_counter() - start
        if completed:
            summary.tail_seconds = time.perf_counter() - replayed


@dataclass(slots=True)
class _Opened:
    """The database opened for an ingest: its connection and loader, and the files to replay as
    it holds them (see :func:`files_to_replay`)."""

    con: duckdb.DuckDBPyConnection
    loader: Loader
    files: list[str]
    skipped: dict[str, int]


def _open(db: str | Path, files: list[str], replay_: Replay, hashes: dict[str, str | None]) -> _Opened:
    """Open ``db`` for writing and find the files to replay on that connection (another process
    may have written the database since :func:`_plan`; the hashes are not computed twice).

    :raises DatabaseError: ``db`` is in use, or not a ludolog database this ludolog can write.
    """
    con = open_for_writing(db)
    try:
        loader = Loader(con, str(db))
        keep, skipped = files_to_replay(con, files, replay_, hashes)
    except BaseException:
        con.close()
        raise
    return _Opened(con, loader, keep, skipped)


def _open_while_replaying(db: str | Path, files: list[str], replay_: Replay, hashes: dict[str, str | None],
                          replays: Iterator[Chunk]) -> tuple[_Opened, list[Chunk]]:
    """:func:`_open` in a thread of its own while this one replays the first chunks of
    ``replays``: creating a file and its tables waits for the disk several times (measured: 20-100
    ms on the bench machine, a tenth of a small ingest). Chunks are replayed until the database is
    open (at most :data:`OPEN_AHEAD_CHUNKS`, so memory stays bounded), and the switch interval is
    shortened meanwhile (see :data:`WRITER_SWITCH_INTERVAL`): the opening thread needs the GIL
    after each of its dozens of statements, and with Python's 5 ms it waited that long for each
    (Entdecker's bench corpus: the database took 0.14-0.23 s to open, and the replay stopped after
    the first chunk to wait for it). Returns the opened database and the chunks replayed (none if
    there were none).

    :raises DatabaseError: see :func:`_open` (once the chunks are replayed).
    """
    first: list[Chunk] = []
    _shorten_switch_interval()
    try:
        with ThreadPoolExecutor(1, thread_name_prefix="ludolog-ingest-open") as opener:
            opening = opener.submit(_open, db, files, replay_, hashes)
            try:
                for chunk in replays:
                    first.append(chunk)
                    if opening.done() or len(first) >= OPEN_AHEAD_CHUNKS:
                        break
                return opening.result(), first
            except BaseException:
                # stopped or failed while the database was being opened: close it once it is open
                with contextlib.suppress(Exception):
                    opening.result().con.close()
                raise
    finally:
        _restore_switch_interval()


#: the most chunks replayed while a new database is being created (see _open_while_replaying)
OPEN_AHEAD_CHUNKS = 4


def _is_new(db: str | Path) -> bool:
    """Whether ``db`` is no database yet (no file, or an empty one)."""
    try:
        return os.stat(db).st_size == 0
    except OSError:
        return True


def _plan(db: str | Path, files: list[str], replay_: Replay, hashes: dict[str, str | None]) -> list[str] | None:
    """The files an ingest into ``db`` will replay, as the database holds now (see
    :func:`files_to_replay`); None when that cannot be known before writing (a database of an
    older schema, upgraded first).

    :raises DatabaseError: ``db`` is in use, or not a ludolog database this ludolog can write.
    """
    if replay_ is Replay.ALL or not files:
        return files
    checked = open_checked_read_only(db)
    if checked is None:
        return files
    con, info = checked
    try:
        if info.status is SchemaStatus.NEW:
            return files
        if info.status is not SchemaStatus.CURRENT:
            return None
        return files_to_replay(con, files, replay_, hashes)[0]
    finally:
        con.close()


def ingest(files: Sequence[str | Path], db: str | Path = DEFAULT_DB, workers: int | None = None,
           chunk_size: int | None = None, replay: Replay = Replay.CHANGED, dask: str | None = None) -> IngestSummary:
    """Replay and load ``files`` (folders are searched for ``*.json``; URLs through fsspec) into ``db``."""
    files = log_sources(files)
    summary = IngestSummary(str(db), len(files), default_workers() if workers is None else max(1, workers))
    for _ in ingest_steps(files, db, workers, chunk_size, summary, replay=replay, dask=dask):
        pass
    return summary


def log_sources(paths: Sequence[str | Path]) -> list[str | Path]:
    """The logs ``paths`` name (see :func:`~ludolog.replayer.core.files.find_logs`); URLs among them
    are searched through fsspec (:func:`~ludolog.etl.sources.find_sources`)."""
    if not any(is_url(p) for p in paths):
        return list(find_logs(paths))
    return list(find_sources(paths).files)


#: the worker count chunks are sized for on a Dask scheduler, whose workers are not known before
#: connecting (and come and go): small corpora are cut into one-log chunks, large ones into MAX_CHUNK
SCHEDULER_WORKERS = 16


def dask_workers(address: str) -> int:
    """The worker count to size chunks for on a Dask cluster: N of ``local:N``, else
    :data:`SCHEDULER_WORKERS`. :raises DaskUsageError: not an address ``--dask`` takes."""
    from .distributed import DaskAddress

    return DaskAddress.parse(address).local_workers or SCHEDULER_WORKERS


def open_pool(dask: str | None, workers: int):
    """An entered :class:`ExtractPool` of ``workers`` local processes, or a Dask pool at ``dask``."""
    if dask:
        from .distributed import DaskPool

        return DaskPool(dask).__enter__()
    return ExtractPool(workers).__enter__()


def plan_ingest(files: list[str], workers: int, chunk_size: int | None = None) -> ChunkPlan:
    """The chunks an ingest of ``files`` replays (see :func:`~ludolog.etl.workers.plan_chunks`):
    ``chunk_size`` logs each when given, else :func:`chunk_size_for` and a tail that shrinks."""
    size = chunk_size or chunk_size_for(len(files), workers)
    return plan_chunks(files, size, CHUNK_FILE_BYTES, workers, guided=chunk_size is None)


def n_chunks(files: Sequence[str | Path], workers: int | None = None, chunk_size: int | None = None,
             dask: str | None = None) -> int:
    """How many chunks :func:`ingest_steps` will yield (the progress bar's total)."""
    workers = dask_workers(dask) if dask else default_workers() if workers is None else max(1, workers)
    return len(plan_ingest([str(f) for f in files], workers, chunk_size).chunks)
