"""Parallel extraction: worker processes replay chunks of logs into Arrow tables; the parent loads.

Workers are started with ``spawn`` (a fresh interpreter, nothing inherited from the parent's
DuckDB or Arrow thread pools); games registered outside the built-in list reach them by name
(``registry.plugin_specs()``, passed to each worker) or through the ``LUDOLOG_PLUGINS`` environment
variable (see ``ludolog.replayer.core.registry``). At most
``2 * workers`` chunks are in flight and results come back in submission order, so memory stays
bounded by the chunk size, not the corpus, and the database receives exactly the serial sequence.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ludolog.replayer.core import LudologError, game_names, registry

from .extract import Chunk, extract_chunk


def default_workers() -> int:
    return os.cpu_count() or 1


def _init_worker(plugins: list[str]) -> None:
    # Ctrl+C goes to the whole process group: the parent alone decides how to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    game_names()  # registers the LUDOLOG_PLUGINS engines once, before the first chunk
    for spec in plugins:  # engines the parent registered in-process (plug-ins, test games)
        registry.load_plugin(spec)


def chunked(items: Iterable, size: int) -> Iterator[list]:
    batch: list = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def extract_chunks(chunks: Iterable[list[str]], workers: int) -> Iterator[Chunk]:
    """Replay each chunk of file paths, in order; ``workers`` > 1 uses that many processes."""
    if workers <= 1:
        for paths in chunks:
            yield extract_chunk(paths)
        return
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_init_worker, initargs=(registry.plugin_specs(),))
    pending: deque = deque()
    source = iter(chunks)
    try:
        for paths in source:
            pending.append(pool.submit(extract_chunk, paths))
            if len(pending) >= 2 * workers:
                break
        while pending:
            try:
                chunk = pending.popleft().result()
            except BrokenProcessPool:
                raise LudologError("an ingest worker process died (out of memory or killed?); "
                                   "the games loaded so far are complete - ingest again to continue") from None
            following = next(source, None)
            if following is not None:
                pending.append(pool.submit(extract_chunk, following))
            yield chunk
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
