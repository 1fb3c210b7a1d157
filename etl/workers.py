"""Parallel extraction: worker processes replay chunks of logs into Arrow tables; the parent loads.

On Linux the workers are forked when the parent is single-threaded - cheap, and they inherit the
parent's registered games - and :class:`ExtractPool` starts them before the parent opens DuckDB, so
no database thread is ever copied into a worker. Otherwise they are spawned fresh; games registered outside the built-in list
then reach them by name (``registry.plugin_specs()``, passed to each worker) or through the
``LUDOLOG_PLUGINS`` environment variable. At most ``2 * workers`` chunks are in flight and results
come back in submission order, so memory stays bounded by the chunk size, not the corpus, and the
database receives exactly the serial sequence.

A worker sends its chunk's tables as Arrow IPC streams (:class:`ChunkMessage`), not as pickled
Arrow objects: measured on the bench corpora (15-log chunks), writing the streams costs about a
tenth of pickling the tables and reading them back (without a copy) a tenth of unpickling.

Forked workers write those streams into memory they share with the parent (:class:`SharedSlots`,
a slot per chunk) and send only where they lie; the parent reads the tables there without a copy,
and the slot is reused once they are gone. Through the pool's pipe a megabyte costs the parent
about 1.3 ms of CPU (the pipe's reads, the message and its unpickling each copy it into fresh
pages): measured on the bench machine, the pool's thread that receives the results took 19-21 ms
of CPU in a 2-worker ingest of Boonlake's bench corpus (10 MB of streams) and takes 6-7 ms with
the slots - CPU the parent otherwise takes from the workers on a machine whose cores they fill.
A chunk too large for its slot, one sent while no slot is free, a spawned worker (no memory is
inherited) and a Dask worker send the bytes.
"""
from __future__ import annotations

import contextlib
import ctypes
import mmap
import multiprocessing
import os
import signal
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

import pyarrow as pa

from ludolog.replayer.core import LudologError, game_names, registry

from .chunks import Chunk, ChunkStats
from .extract import extract_chunk

START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"


def start_method() -> str:
    """Fork only a single-threaded process (e.g. not under a live progress bar): forking a process
    with other threads running can deadlock the child, and newer Pythons warn about it."""
    return START_METHOD if START_METHOD != "fork" or threading.active_count() == 1 else "spawn"


def default_workers() -> int:
    return os.cpu_count() or 1


#: how often a worker looks whether its parent is still there (the portable fallback)
PARENT_POLL_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def set_parent_death_signal() -> bool:
    """Ask Linux to SIGKILL this process the moment its parent dies (``prctl(PR_SET_PDEATHSIG)``);
    False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """End this process once it is no longer the child of ``parent`` (the parent died and the
    process was re-parented). Runs in a daemon thread of each worker."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


def die_with_parent(parent: int) -> None:
    """Make this worker end when ``parent`` dies, by any signal: the parent-death signal on Linux,
    and everywhere a thread watching the parent. A parent that died before this ran is noticed at
    once."""
    set_parent_death_signal()
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="ludolog-parent-watch", daemon=True).start()


#: bytes of one shared slot (see :class:`SharedSlots`): the bench corpora's chunks make 0.5-3 MB of
#: Arrow streams; a larger chunk goes through the pipe. Only the pages written are ever allocated.
SLOT_BYTES = 8 << 20
#: slots beyond those in flight, for the chunks the parent holds until their batch commits (the
#: writer's queue, the batch being filled): while none is free, chunks come through the pipe
HELD_SLOTS = 12
#: at most this many slots, whatever the number of workers (address space, not memory)
MAX_SLOTS = 64


class SharedSlots:
    """Anonymous shared memory, made before the workers are forked so that each inherits it:
    ``count`` slots of ``size`` bytes. The parent hands a free slot with each chunk it submits
    (:meth:`take`), the worker writes its message's streams there (:meth:`write`), the parent's
    tables point into it (:meth:`read`) and the slot is free again when the last of them is gone
    (:meth:`give_back`); no slot is ever used by two chunks at once. Nothing is named, so nothing
    outlives the processes."""

    def __init__(self, count: int, size: int | None = None):
        self.count = count
        size = SLOT_BYTES if size is None else size
        self.size = -(-size // mmap.PAGESIZE) * mmap.PAGESIZE  # whole pages: see _unmap
        self.memory = mmap.mmap(-1, count * self.size)  # MAP_SHARED | MAP_ANONYMOUS
        self.free: deque[int] = deque(range(count))

    @classmethod
    def for_workers(cls, workers: int) -> "SharedSlots | None":
        """Slots for the chunks ``workers`` have in flight and those the parent holds (see
        :data:`HELD_SLOTS`); None when the system refuses the memory (then the pipe carries all)."""
        try:
            return cls(min(IN_FLIGHT_PER_WORKER * workers + HELD_SLOTS, MAX_SLOTS))
        except OSError:
            return None

    def take(self) -> int | None:
        """A free slot, or None when every slot holds a chunk in flight."""
        return self.free.popleft() if self.free else None

    def give_back(self, slot: int | None) -> None:
        """(In the parent.) ``slot`` may be given to the next chunk."""
        if slot is not None:
            self._unmap(slot)
            self.free.append(slot)

    def write(self, slot: int, tables: dict[str, pa.Table]) -> dict[str, tuple[int, int]] | None:
        """(In a worker.) Write each table as an IPC stream into ``slot``: where each lies
        (offset from the slot's start, length), or None when they do not fit."""
        sink = pa.FixedSizeBufferWriter(pa.py_buffer(memoryview(self.memory)[slot * self.size:(slot + 1) * self.size]))
        spans: dict[str, tuple[int, int]] = {}
        try:
            for name, table in tables.items():
                start = sink.tell()
                with pa.ipc.new_stream(sink, table.schema) as writer:
                    writer.write_table(table)
                spans[name] = (start, sink.tell() - start)
        except OSError:  # "Write out of bounds": the slot is too small for this chunk
            return None
        finally:
            self._unmap(slot)
        return spans

    def read(self, slot: int, spans: dict[str, tuple[int, int]]) -> dict[str, pa.Table]:
        """(In the parent.) The tables :meth:`write` put into ``slot``, without a copy: they point
        into the slot, which is free again (:meth:`give_back`) once the last Arrow buffer of them is
        gone. Copying them out would cost about as much as the pipe: measured on the bench machine,
        a fresh page costs a fault of a few microseconds, about 0.8 ms of CPU per MB."""
        start = slot * self.size
        used = max((offset + length for offset, length in spans.values()), default=0)
        holder = ctypes.c_char.from_buffer(self.memory, start)  # keeps the memory mapped while it lives
        data = pa.foreign_buffer(ctypes.addressof(holder), used, base=holder)
        weakref.finalize(holder, self.give_back, slot).atexit = False
        return {name: pa.ipc.open_stream(data.slice(offset, length)).read_all()
                for name, (offset, length) in spans.items()}

    def _unmap(self, slot: int) -> None:
        """Drop this process's mapping of ``slot``'s pages; their contents stay in the shared memory
        and the next access maps them again (a page fault each). Otherwise every page of every slot
        a process ever touched would count in its resident size (the bench's peak memory lines):
        measured (Boonlake x 8, 32-log chunks), 30-40 MB more for the parent. The faults cost a
        worker about as much as sending the bytes through the pipe did (12 Boonlake chunks: 12 ms
        written into slots, 10 ms made into pickled bytes before the pipe's 5 ms)."""
        if hasattr(mmap, "MADV_DONTNEED") and not self.memory.closed:
            self.memory.madvise(mmap.MADV_DONTNEED, slot * self.size, self.size)

    def close(self) -> None:
        """Unmap the memory now if no table points into it any more (else when the last goes)."""
        with contextlib.suppress(BufferError):
            self.memory.close()


#: the worker's inherited :class:`SharedSlots` (None: in the parent, or a spawned worker)
_worker_slots: SharedSlots | None = None


def _init_worker(parent: int, plugins: list[str], slots: SharedSlots | None = None) -> None:
    global _worker_slots
    _worker_slots = slots  # inherited memory (a forked worker only: an mmap cannot be pickled)
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


def chunked(items: Iterable, size: int) -> Iterator[list]:
    batch: list = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def chunked_files(paths: Iterable[str], size: int, max_bytes: int) -> Iterator[list[str]]:
    """Chunks of at most ``size`` paths and, by their file sizes, about ``max_bytes``: a file of
    ``max_bytes`` or more is a chunk of its own, so one huge log never drags others into its
    transaction or into a worker's memory. A file that cannot be stat'ed counts as empty (reading
    it reports the problem)."""
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


#: The final share of an ingest's log bytes that is replayed as its tail: chunks that shrink toward
#: the end, loaded in a transaction of their own. While the tail is replayed the writer commits
#: everything before it, adds a new database's keys and checkpoints it - work that otherwise waits
#: for the last chunk. Measured (Castles of Burgundy, 120 logs, 1 process): committing, keying
#: and checkpointing the first four fifths takes about a fifth of the time replaying them did.
TAIL_SHARE = 0.25
#: the smallest tail chunk, in logs of the tail's mean size: a chunk costs the writer about 6 ms
#: (a statement per table) whatever its rows, so smaller ones would cost more than they save
MIN_TAIL_LOGS = 4


@dataclass(slots=True)
class ChunkPlan:
    """The chunks of an ingest, in order, and where its tail begins (see :data:`TAIL_SHARE`)."""

    chunks: list[list[str]]
    #: index in :attr:`chunks` of the tail's first chunk; None: no tail (fewer than two chunks,
    #: or chunks of a size the caller chose)
    tail: int | None = None


def _weights(paths: list[str]) -> list[int]:
    """Each file's size in bytes, at least 1 (a file that cannot be stat'ed, such as a URL, then
    counts as one log among equals)."""
    weights = []
    for path in paths:
        try:
            weights.append(max(1, os.stat(path).st_size))
        except OSError:
            weights.append(1)
    return weights


def plan_chunks(paths: list[str], size: int, max_bytes: int, workers: int, guided: bool = True) -> ChunkPlan:
    """The chunks :func:`chunked_files` cuts (``size`` logs, about ``max_bytes``), except that the
    logs holding the last :data:`TAIL_SHARE` of the bytes are the tail: there chunks shrink, each
    about 1/(2 x ``workers``) of the tail's bytes still to cut (at least :data:`MIN_TAIL_LOGS`
    logs of its mean size), so that the last chunk - whose replay and insert nothing overlaps - is
    short and the workers end together. Without ``guided`` every chunk is cut alike and there is
    no tail.

    ``paths`` are stat'ed once here (a file that cannot be read counts as small; reading it
    reports the problem)."""
    if not guided:
        return ChunkPlan(list(chunked_files(paths, size, max_bytes)))
    weights = _weights(paths)
    share = TAIL_SHARE * sum(weights)
    start, share_left = len(paths), share  # the tail's first log: the earliest after which at most the share remains
    while start > 0 and weights[start - 1] <= share_left:
        start -= 1
        share_left -= weights[start]
    chunks = list(chunked_files(paths[:start], size, max_bytes))
    if len(chunks) > 1 and len(chunks[-1]) < size and sum(weights[start - len(chunks[-1]):start]) < max_bytes:
        start -= len(chunks.pop())  # the short remainder of the rest opens the tail instead
    tail_first = len(chunks)
    tail_weights = weights[start:]
    left = sum(tail_weights)
    smallest = MIN_TAIL_LOGS * left / len(tail_weights) if tail_weights else 0
    chunk: list[str] = []
    chunk_weight = 0
    target = max(left / (2 * max(1, workers)), smallest)
    for path, weight in zip(paths[start:], tail_weights):
        if chunk and (len(chunk) >= size or chunk_weight + weight > max_bytes or chunk_weight >= target):
            chunks.append(chunk)
            left -= chunk_weight
            chunk, chunk_weight = [], 0
            target = max(left / (2 * max(1, workers)), smallest)
        chunk.append(path)
        chunk_weight += weight
    if chunk:
        chunks.append(chunk)
    return ChunkPlan(chunks, tail_first if 0 < tail_first < len(chunks) else None)


def to_ipc(table: pa.Table) -> bytes:
    """``table`` as one Arrow IPC stream (schema, dictionaries and record batches)."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


def from_ipc(data: bytes) -> pa.Table:
    """The table :func:`to_ipc` wrote; its buffers point into ``data`` (nothing is copied)."""
    return pa.ipc.open_stream(pa.py_buffer(data)).read_all()


@dataclass(slots=True)
class ChunkMessage:
    """A :class:`Chunk` as a worker process sends it to the parent: every table as Arrow IPC
    bytes (pickled as plain bytes, which the pipe carries at memory speed) or, when the worker was
    given a slot of :class:`SharedSlots`, where in that slot its stream lies; the rest as it is."""

    files: list[str]
    game_ids: list[str]
    #: table -> its IPC stream, or (offset, length) of it in the slot :attr:`slot`
    tables: dict[str, bytes] | dict[str, tuple[int, int]]
    game_columns: dict[str, tuple]
    stats: ChunkStats
    json_checked: bool
    #: the shared slot holding the tables' streams (None: they are bytes in :attr:`tables`)
    slot: int | None = None

    @classmethod
    def of(cls, chunk: Chunk, slots: SharedSlots | None = None, slot: int | None = None) -> "ChunkMessage":
        """``chunk`` as a message: its streams written into ``slot`` of ``slots`` if given and they
        fit, else as bytes."""
        spans = slots.write(slot, chunk.tables) if slots is not None and slot is not None else None
        tables = spans if spans is not None else {name: to_ipc(table) for name, table in chunk.tables.items()}
        return cls(chunk.files, chunk.game_ids, tables, chunk.game_columns, chunk.stats, chunk.json_checked,
                   slot if spans is not None else None)

    def open(self, slots: SharedSlots | None = None) -> Chunk:
        """The chunk again, its tables equal to the ones sent (types, dictionaries and chunks);
        ``slots``: the shared memory the message's slot is in (see :attr:`slot`)."""
        if self.slot is None:
            tables = {name: from_ipc(data) for name, data in self.tables.items()}
        elif slots is None:
            raise ValueError("this chunk's tables lie in shared memory that was not given")
        else:
            tables = slots.read(self.slot, self.tables)
        return Chunk(files=self.files, game_ids=self.game_ids, tables=tables,
                     game_columns=self.game_columns, stats=self.stats, json_checked=self.json_checked)


def extract_message(paths: list[str], slot: int | None = None) -> ChunkMessage:
    """What a worker process runs: replay ``paths`` (:func:`extract_chunk`) into a message, its
    tables in the shared ``slot`` the parent gave it when this worker has the shared memory."""
    return ChunkMessage.of(extract_chunk(paths), _worker_slots, slot)


def pool_has_processes(pool) -> bool:
    """Whether ``pool`` replays in processes of its own (worker processes, a Dask cluster), not
    in the caller's thread."""
    return not isinstance(pool, ExtractPool) or pool.pool is not None


class ExtractPool:
    """``workers`` processes (none for 1: the parent extracts) that turn chunks of paths into
    :class:`Chunk` s. Use as a context manager; the processes exist once ``__enter__`` returns."""

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self.pool: ProcessPoolExecutor | None = None
        #: memory the forked workers share with this process (None: none, or spawned workers)
        self.slots: SharedSlots | None = None

    def __enter__(self) -> "ExtractPool":
        if self.workers > 1:
            method = start_method()
            specs = [] if method == "fork" else registry.plugin_specs()
            if method == "fork":
                # Each worker starts by listing the games (_init_worker), which scans every
                # installed distribution's entry points unless the list is already known; forked
                # workers inherit it when it is made here, once (measured on the bench machine:
                # 5.8 ms of CPU and about 600 page faults in each worker otherwise).
                game_names()
                self.slots = SharedSlots.for_workers(self.workers)
            self.pool = ProcessPoolExecutor(max_workers=self.workers,
                                            mp_context=multiprocessing.get_context(method),
                                            initializer=_init_worker, initargs=(os.getpid(), specs, self.slots))
            try:
                for future in [self.pool.submit(_ready) for _ in range(self.workers)]:
                    future.result()
            except BaseException:
                self.close()
                raise
        return self

    def __exit__(self, *exc) -> None:
        self.close(abort=exc[0] is not None)

    def close(self, abort: bool = False) -> None:
        """Stop the workers: after the chunks being replayed are done, or (``abort``, e.g. on
        Ctrl-C or SIGTERM) at once, since their results would be thrown away."""
        if self.pool is not None:
            if abort:
                # the executor has no public way to stop a running task; its processes are its own
                for process in list(getattr(self.pool, "_processes", {}).values()):
                    with contextlib.suppress(Exception):
                        process.terminate()
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None
        if self.slots is not None:
            self.slots.close()  # the workers have exited: nothing is written there any more
            self.slots = None

    def extract(self, chunks: Iterable[list[str]]) -> Iterator[Chunk]:
        """Replay each chunk of file paths; chunks come back in the order given. With worker
        processes the first chunks are handed to them at once, before the first is asked for
        (see :class:`Replays`), so that they replay while the caller prepares the database."""
        if self.pool is None:
            return (extract_chunk(paths) for paths in chunks)
        return Replays(self.pool, chunks, IN_FLIGHT_PER_WORKER * self.workers, self.slots)


#: chunks given to the worker processes per worker and not yet taken back: one being replayed,
#: one waiting, so that no worker waits for the parent between two chunks
IN_FLIGHT_PER_WORKER = 2


class Replays:
    """The chunks of ``chunks`` replayed by ``pool``, in the order given: the first ``in_flight``
    are submitted when this is made, and each one taken back submits the next, so at most
    ``in_flight`` are replayed or held at once. :meth:`close` cancels the ones not started.
    With ``slots`` (the pool's workers share them) each chunk in flight is given a slot of its own
    to send its tables through."""

    def __init__(self, pool: ProcessPoolExecutor, chunks: Iterable[list[str]], in_flight: int,
                 slots: SharedSlots | None = None):
        self.pool = pool
        self.source = iter(chunks)
        self.slots = slots
        self.pending: deque = deque()  # the futures, in order
        self.pending_slots: deque[int | None] = deque()  # ... and the slot each was given
        #: chunks taken back that came through a shared slot (the others came through the pipe)
        self.through_slots = 0
        for paths in self.source:
            self._submit(paths)
            if len(self.pending) >= in_flight:
                break

    def _submit(self, paths: list[str]) -> None:
        slot = self.slots.take() if self.slots is not None else None
        self.pending.append(self.pool.submit(extract_message, paths, slot))
        self.pending_slots.append(slot)

    def __iter__(self) -> "Replays":
        return self

    def __next__(self) -> Chunk:
        """:raises LudologError: a worker process died."""
        if not self.pending:
            raise StopIteration
        future, slot = self.pending.popleft(), self.pending_slots.popleft()
        try:
            message = future.result()
        except BrokenProcessPool:
            raise LudologError("an ingest worker process died (out of memory or killed?); "
                               "the games loaded so far are complete - ingest again to continue") from None
        chunk = message.open(self.slots)
        if message.slot is not None:
            self.through_slots += 1  # its slot is given back once the chunk's tables are gone
        elif self.slots is not None:
            self.slots.give_back(slot)  # it came through the pipe: the slot is free at once
        following = next(self.source, None)
        if following is not None:
            self._submit(following)
        return chunk

    def close(self) -> None:
        """Give up the chunks not taken back (those being replayed finish; their results are dropped)."""
        for future in self.pending:
            future.cancel()
        self.pending.clear()
        self.pending_slots.clear()  # a chunk still being replayed may write into its slot: none is reused


def extract_chunks(chunks: Iterable[list[str]], workers: int) -> Iterator[Chunk]:
    """Replay each chunk of file paths, in order; ``workers`` > 1 uses that many processes."""
    with ExtractPool(workers) as pool:
        yield from pool.extract(chunks)
