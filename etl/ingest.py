"""Ingest: log files -> replay (N worker processes) -> Arrow chunks -> DuckDB, one transaction per batch.

The chunks are gathered in file order into batches, each loaded in one transaction by a thread of
this process while the next batch is replayed (DuckDB works without the GIL).
"""
from __future__ import annotations

import math
import time
from concurrent.futures import Future, ThreadPoolExecutor
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ludolog.replayer.core.files import find_logs

from .db import DEFAULT_DB, SchemaStatus, open_checked_read_only, open_for_writing, upgrade_text
from .chunks import Chunk, ChunkStats, merge_chunks
from .load import MB, LoadFailure, Loader
from .sources import find_sources, is_url
from .unchanged import Replay, files_to_replay
from .workers import ExtractPool, chunked_files, default_workers

MAX_CHUNK = 32  # logs per worker task: small enough to keep every worker busy
#: ... and at most about this many bytes of log files: a larger file is a task of its own
CHUNK_FILE_BYTES = 8 * MB
#: Chunks are gathered into one transaction up to this many player-state rows, logs or bytes of
#: Arrow data: bigger transactions load faster (fewer commits, large inserts go straight to the
#: data file), and the bounds keep the parent's memory flat.
BATCH_STATE_ROWS = 150_000
BATCH_LOGS = 512
BATCH_BYTES = 64 * MB


def chunk_size_for(n_files: int, workers: int) -> int:
    """Logs per chunk: at most MAX_CHUNK, few enough that every worker gets several chunks."""
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
    load_seconds: float = 0.0  # time the parent spent writing to DuckDB
    stats: ChunkStats = field(default_factory=ChunkStats)
    failures: list[LoadFailure] = field(default_factory=list)  # logs checked but not written
    notes: list[str] = field(default_factory=list)  # e.g. an in-place schema upgrade
    #: unchanged logs not replayed, by their stored status (valid / unfinished / invalid)
    skipped: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.stats.ok and not self.failures and not self.skipped.get("invalid")

    def as_dict(self) -> dict:
        return {"db": self.db, "files": self.files, "workers": self.workers, "seconds": round(self.seconds, 3),
                "load_seconds": round(self.load_seconds, 3), "games_written": self.games_written,
                **self.stats.as_dict(), "not_loaded": [{"file": f.file, "error": f.message} for f in self.failures],
                "skipped": dict(self.skipped), "notes": list(self.notes)}


class Batches:
    """Gathers chunks, in order, into batches of about ``batch_rows`` player-state rows,
    :data:`BATCH_LOGS` logs or :data:`BATCH_BYTES` of Arrow data; a chunk that would take a batch
    past :data:`BATCH_BYTES` starts a batch of its own."""

    def __init__(self, batch_rows: int = BATCH_STATE_ROWS):
        self.batch_rows = batch_rows
        self.pending: list[Chunk] = []
        self._rows = self._logs = self._bytes = 0

    def add(self, chunk: Chunk) -> list[list[Chunk]]:
        """The batches ``chunk`` completes (none, one or two)."""
        ready: list[list[Chunk]] = []
        size = chunk.nbytes
        if self.pending and self._bytes + size > BATCH_BYTES:
            ready += self.rest()
        self.pending.append(chunk)
        self._rows += chunk.state_rows
        self._logs += len(chunk.files)
        self._bytes += size
        if self._rows >= self.batch_rows or self._logs >= BATCH_LOGS or self._bytes >= BATCH_BYTES:
            ready += self.rest()
        return ready

    def rest(self) -> list[list[Chunk]]:
        """The last batch, if chunks are left."""
        ready = [self.pending] if self.pending else []
        self.pending = []
        self._rows = self._logs = self._bytes = 0
        return ready


def ingest_steps(files: Sequence[str | Path], db: str | Path = DEFAULT_DB, workers: int | None = None,
                 chunk_size: int | None = None, summary: IngestSummary | None = None,
                 batch_rows: int = BATCH_STATE_ROWS, replay: Replay = Replay.CHANGED,
                 dask: str | None = None) -> Iterator[ChunkStats]:
    """Ingest ``files`` (log files, not folders), yielding empty statistics once the unchanged
    logs to skip are known (``summary.skipped``), then each chunk's statistics as it is replayed;
    ``summary`` is filled in as it goes. ``dask``: replay on that Dask cluster instead of
    ``workers`` local processes.

    :raises DatabaseError: the file is in use, or is not a ludolog database this ludolog can write.
    :raises DaskError: the Dask cluster cannot be used.
    """
    workers = worker_count(workers, dask)
    files = [str(f) for f in files]
    summary = summary if summary is not None else IngestSummary(str(db), len(files), workers)
    start = time.perf_counter()
    hashes: dict[str, str | None] = {}
    # The logs to replay are planned on a read-only connection, so that a re-ingest with nothing
    # to replay starts no worker; the workers are forked before this process opens DuckDB for
    # writing and replay while it does.
    planned = _plan(db, files, replay, hashes)
    pool = open_pool(dask, min(workers, max(1, len(files if planned is None else planned)))) if planned != [] else None
    if dask and pool is not None:
        summary.workers = pool.workers
    replays = pool.extract(plan_ingest(planned, workers, chunk_size)) if pool is not None and planned else None
    completed = False
    try:
        con = open_for_writing(db)  # another process may have written it since it was planned
        try:
            loader = Loader(con, str(db))
            files, summary.skipped = files_to_replay(con, files, replay, hashes)
        except BaseException:
            con.close()
            raise
        loading = _Loading(loader, summary)
        try:
            summary.failures = loader.failures
            if loader.database.status is SchemaStatus.OLDER:
                summary.notes.append(upgrade_text(loader.database, db))
            if files != planned:  # another process wrote the database since it was planned (or it was upgraded)
                if replays is not None:
                    replays.close()
                if files and pool is None:
                    pool = ExtractPool(1).__enter__()  # more to replay than planned: in this process
                replays = pool.extract(plan_ingest(files, workers, chunk_size)) if files else None
            yield ChunkStats()  # nothing replayed yet, but the skipped logs are known: a progress bar can show them
            batches = Batches(batch_rows)
            for chunk in replays if replays is not None else ():
                summary.stats.add(chunk.stats)
                loading.add(batches.add(chunk))
                summary.seconds = time.perf_counter() - start
                yield chunk.stats
            if pool is not None:
                pool.close()  # every chunk is here: the workers exit while the last batch is loaded
            loading.add(batches.rest())
            loading.wait()
            began = time.perf_counter()
            loader.finish()  # the keys of a new database, the checkpoint
            summary.load_seconds += time.perf_counter() - began
            completed = True
        finally:
            loading.close()  # a load under way completes, its commit too; the batch being filled is dropped
            con.close()
    finally:
        if pool is not None:
            pool.close(abort=not completed)  # interrupted (Ctrl-C, SIGTERM, an error): workers stop now
        summary.seconds = time.perf_counter() - start


class _Loading:
    """Loads batches in order in a thread of its own while the ingesting thread replays the next;
    a load's error reaches the ingesting thread when it gives the next batch or waits for the last."""

    def __init__(self, loader: Loader, summary: IngestSummary):
        self.loader = loader
        self.summary = summary
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="ludolog-load")
        self.loading: Future | None = None

    def add(self, ready: list[list[Chunk]]) -> None:
        """Load each batch of ``ready`` once the one before it is loaded."""
        while ready:
            self.wait()
            self.loading = self.executor.submit(self._load, ready.pop(0))

    def _load(self, batch: list[Chunk]) -> None:
        began = time.perf_counter()
        self.summary.games_written += self.loader.write(merge_chunks(batch))
        self.summary.committed += sum(chunk.stats.logs for chunk in batch)
        self.summary.load_seconds += time.perf_counter() - began

    def wait(self) -> None:
        """Wait until the batches given are loaded (raising what loading raised)."""
        loading, self.loading = self.loading, None
        if loading is not None:
            loading.result()

    def close(self) -> None:
        """Let a load under way complete (its commit too) and stop."""
        self.executor.shutdown(wait=True, cancel_futures=True)


def _plan(db: str | Path, files: list[str], replay_: Replay, hashes: dict[str, str | None]) -> list[str] | None:
    """The files an ingest into ``db`` will replay as the database holds now; None when that cannot
    be known before writing (an older schema, upgraded first).

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
    summary = IngestSummary(str(db), len(files), worker_count(workers))
    for _ in ingest_steps(files, db, workers, chunk_size, summary, replay=replay, dask=dask):
        pass
    return summary


def log_sources(paths: Sequence[str | Path]) -> list[str | Path]:
    """The logs ``paths`` name, URLs through fsspec."""
    if not any(is_url(p) for p in paths):
        return list(find_logs(paths))
    return list(find_sources(paths).files)


#: the worker count chunks are sized for on a Dask scheduler, whose workers are not known before
#: connecting
SCHEDULER_WORKERS = 16


def worker_count(workers: int | None, dask: str | None = None) -> int:
    """The worker count to size chunks for: ``workers`` (by default one per core) or, on a Dask
    cluster, N of ``local:N``, else :data:`SCHEDULER_WORKERS`. :raises DaskUsageError: a bad address."""
    if dask:
        from .distributed import DaskAddress

        return DaskAddress.parse(dask).local_workers or SCHEDULER_WORKERS
    return default_workers() if workers is None else max(1, workers)


def open_pool(dask: str | None, workers: int):
    """An entered :class:`ExtractPool` of ``workers`` local processes, or a Dask pool at ``dask``."""
    if dask:
        from .distributed import DaskPool

        return DaskPool(dask).__enter__()
    return ExtractPool(workers).__enter__()


def plan_ingest(files: list[str], workers: int, chunk_size: int | None = None) -> list[list[str]]:
    """The chunks of ``files``: ``chunk_size`` (or :func:`chunk_size_for`) logs and about
    :data:`CHUNK_FILE_BYTES` at most."""
    return list(chunked_files(files, chunk_size or chunk_size_for(len(files), workers), CHUNK_FILE_BYTES))

