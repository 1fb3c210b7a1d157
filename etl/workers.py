"""Parallel extraction: worker processes replay chunks of logs into Arrow tables; the parent loads.

The workers are a :class:`~concurrent.futures.ProcessPoolExecutor`, forked on Linux when the
parent is single-threaded (they inherit its registered games) and before the parent opens DuckDB;
otherwise spawned, with the games registered in-process passed by name. At most ``2 * workers``
chunks are in flight and results come back in submission order, so the database receives exactly
the serial sequence. A worker sends its tables as Arrow IPC streams, and ends once it has been
re-parented (its parent was killed, even by SIGKILL), so no orphan keeps replaying.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace

import pyarrow as pa

from ludolog.replayer.core import LudologError, game_names, registry

from .chunks import Chunk
from .extract import extract_chunk

START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"


def start_method() -> str:
    """Fork only a single-threaded process: forking one with other threads running can deadlock
    the child."""
    return START_METHOD if START_METHOD != "fork" or threading.active_count() == 1 else "spawn"


def default_workers() -> int:
    return os.cpu_count() or 1


#: how often a worker looks whether its parent is still there
PARENT_POLL_SECONDS = 0.5


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


def die_with_parent(parent: int) -> None:
    """Make this worker end when ``parent`` dies, by any signal (also if it already has)."""
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="ludolog-parent-watch", daemon=True).start()


def _init_worker(parent: int, plugins: list[str]) -> None:
    die_with_parent(parent)  # a killed ingest never leaves its workers behind
    # Ctrl+C goes to the whole process group: the parent alone decides how to stop. SIGTERM (the
    # parent's way to stop a worker) ends it, whatever handler a forked worker inherited.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    game_names()  # registers the LUDOLOG_PLUGINS engines once, before the first chunk
    for spec in plugins:  # engines the parent registered in-process (plug-ins, test games)
        registry.load_plugin(spec)


def _ready() -> int:
    return os.getpid()


def chunked_files(paths: Iterable[str], size: int, max_bytes: int) -> Iterator[list[str]]:
    """Chunks of at most ``size`` paths and, by their file sizes, about ``max_bytes`` (a file that
    cannot be stat'ed counts as empty: reading it reports the problem)."""
    batch: list[str] = []
    batch_bytes = 0
    for path in paths:
        try:
            file_bytes = os.stat(path).st_size
        except OSError:
            file_bytes = 0
        if batch and (len(batch) >= size or batch_bytes + file_bytes > max_bytes):
            yield batch
            batch, batch_bytes = [], 0
        batch.append(path)
        batch_bytes += file_bytes
    if batch:
        yield batch


def to_ipc(table: pa.Table) -> bytes:
    """``table`` as one Arrow IPC stream."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


def from_ipc(data: bytes) -> pa.Table:
    """The table :func:`to_ipc` wrote; its buffers point into ``data`` (nothing is copied)."""
    return pa.ipc.open_stream(pa.py_buffer(data)).read_all()


@dataclass(slots=True)
class ChunkMessage:
    """A :class:`Chunk` as a worker process sends it: its tables as Arrow IPC bytes."""

    chunk: Chunk  # without its tables
    tables: dict[str, bytes]

    @classmethod
    def of(cls, chunk: Chunk) -> "ChunkMessage":
        return cls(replace(chunk, tables={}), {name: to_ipc(table) for name, table in chunk.tables.items()})

    def open(self) -> Chunk:
        return replace(self.chunk, tables={name: from_ipc(data) for name, data in self.tables.items()})


def extract_message(paths: list[str]) -> ChunkMessage:
    return ChunkMessage.of(extract_chunk(paths))


#: chunks in flight per worker: one being replayed, one waiting
IN_FLIGHT_PER_WORKER = 2


class ExtractPool:
    """``workers`` processes (none for 1: the parent extracts) that turn chunks of paths into
    :class:`Chunk` s; the processes exist once ``__enter__`` returns."""

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self.pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> "ExtractPool":
        if self.workers > 1:
            method = start_method()
            specs = [] if method == "fork" else registry.plugin_specs()
            if method == "fork":
                game_names()  # listed once here, inherited by every worker
            self.pool = ProcessPoolExecutor(max_workers=self.workers,
                                            mp_context=multiprocessing.get_context(method),
                                            initializer=_init_worker, initargs=(os.getpid(), specs))
            try:
                for future in [self.pool.submit(_ready) for _ in range(self.workers)]:
                    future.result()
            except BaseException:
                self.close(abort=True)
                raise
        return self

    def __exit__(self, *exc) -> None:
        self.close(abort=exc[0] is not None)

    def close(self, abort: bool = False) -> None:
        """Stop the workers: after the chunks being replayed are done, or at once (``abort``)."""
        if self.pool is not None:
            if abort:
                # the executor has no public way to stop a running task; its processes are its own
                for process in list((getattr(self.pool, "_processes", None) or {}).values()):
                    with contextlib.suppress(Exception):
                        process.terminate()
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def extract(self, chunks: Iterable[list[str]]) -> Iterator[Chunk]:
        """Replay each chunk of file paths, in the order given; the first chunks are handed to the
        workers at once, so that they replay while the caller opens the database."""
        if self.pool is None:
            return (extract_chunk(paths) for paths in chunks)
        return Replays(self._submit, self._receive, chunks, IN_FLIGHT_PER_WORKER * self.workers)

    def _submit(self, paths: list[str]) -> Future:
        try:
            return self.pool.submit(extract_message, paths)
        except BrokenProcessPool:
            raise LudologError(WORKER_DIED) from None

    @staticmethod
    def _receive(paths: list[str], future: Future) -> Chunk:
        try:
            return future.result().open()
        except BrokenProcessPool:
            raise LudologError(WORKER_DIED) from None


WORKER_DIED = ("an ingest worker process died (out of memory or killed?); "
               "the games loaded so far are complete - ingest again to continue")


class Replays:
    """The chunks of ``chunks`` in the order given, each handed to ``submit`` (paths -> a future) and
    taken back by ``receive`` (paths, future -> the chunk), at most ``in_flight`` at once."""

    def __init__(self, submit: Callable, receive: Callable, chunks: Iterable[list[str]], in_flight: int):
        self.submit, self.receive = submit, receive
        self.source = iter(chunks)
        self.pending: deque = deque()  # (paths, future), in order
        for paths in self.source:
            self.pending.append((paths, submit(paths)))
            if len(self.pending) >= in_flight:
                break

    def __iter__(self) -> "Replays":
        return self

    def __next__(self) -> Chunk:
        if not self.pending:
            raise StopIteration
        paths, future = self.pending.popleft()
        chunk = self.receive(paths, future)
        following = next(self.source, None)
        if following is not None:
            self.pending.append((following, self.submit(following)))
        return chunk

    def close(self) -> None:
        """Give up the chunks not taken back."""
        for _, future in self.pending:
            future.cancel()
        self.pending.clear()
