"""Replaying on a Dask cluster: the chunks of the local worker processes, scheduled by dask.distributed.

Each task is :func:`ludolog.etl.extract.extract_chunk` on one chunk of paths (local paths every
worker can read, or fsspec URLs); this process alone writes, taking the chunks back in submission
order. A worker that dies is Dask's to handle (the scheduler retries its task up to
``allowed-failures``). A chunk replayed with another engine or catalog digest than this process's
is refused: the tables would depend on which worker took which chunk.
"""
from __future__ import annotations

import contextlib
import itertools
import logging
import re
import uuid
from collections.abc import Iterable, Iterator
from concurrent.futures import CancelledError
from dataclasses import dataclass

from ludolog.replayer.core import LudologError, game_names, registry

from .chunks import Chunk
from .extract import extract_chunk
from .faults import first_line
from .versions import current_digests
from .workers import Replays

#: how long to wait for a scheduler to answer (a cluster being started may take a while)
CONNECT_TIMEOUT_SECONDS = 30
#: chunks in flight per worker thread: one running, one queued, one coming back
IN_FLIGHT_PER_THREAD = 3
LOCAL_PREFIX = "local:"
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+://.+")
TASK_PREFIX = "ludolog-replay"


class DaskUsageError(LudologError):
    """An ``--dask`` address of neither accepted form."""


class DaskError(LudologError):
    """The cluster cannot be used (not installed, not reached, a task failed, another engine)."""


@dataclass(frozen=True, slots=True)
class DaskAddress:
    """Where to replay: ``local:N`` (a LocalCluster of N worker processes) or a scheduler's address."""

    text: str
    local_workers: int | None = None

    @classmethod
    def parse(cls, text: str) -> "DaskAddress":
        text = text.strip()
        if text.startswith(LOCAL_PREFIX):
            count = text[len(LOCAL_PREFIX):]
            if not count.isdigit() or int(count) < 1:
                raise DaskUsageError(f"--dask {text}: local:N needs a number of worker processes N >= 1 (e.g. local:4)")
            return cls(text, int(count))
        if not _SCHEME.match(text):
            raise DaskUsageError(f"--dask {text}: give a Dask scheduler address (tcp://host:8786) or local:N "
                                 "for N local worker processes")
        return cls(text)


def _distributed():
    try:
        import distributed
    except ImportError:
        raise DaskError("--dask needs dask.distributed, which is not installed: pip install 'ludolog[dask]'") from None
    return distributed


_LOADED_PLUGINS: set[str] = set()


def replay_on_worker(paths: list[str], plugins: list[str]) -> Chunk:
    """The task a Dask worker runs: register the client's in-process engines once, replay ``paths``."""
    if not _LOADED_PLUGINS.issuperset(plugins):
        game_names()  # the LUDOLOG_PLUGINS engines of the worker's own environment
        for spec in plugins:
            if spec not in _LOADED_PLUGINS:
                registry.load_plugin(spec)
                _LOADED_PLUGINS.add(spec)
    return extract_chunk(paths)


class DaskPool:
    """A Dask client (and, for ``local:N``, its LocalCluster) that turns chunks of paths into
    :class:`Chunk` s, like :class:`~ludolog.etl.workers.ExtractPool`."""

    def __init__(self, address: DaskAddress | str, connect_timeout: float = CONNECT_TIMEOUT_SECONDS):
        self.address = DaskAddress.parse(address) if isinstance(address, str) else address
        self.connect_timeout = connect_timeout
        self.cluster = None
        self.client = None
        #: worker threads of the cluster when it was joined (1 until then)
        self.workers = 1
        self._digests: dict[str, tuple | None] = {}

    def __enter__(self) -> "DaskPool":
        distributed = _distributed()
        try:
            if self.address.local_workers is not None:
                # processes, one thread each: a replay holds the GIL, so threads would not add speed
                self.cluster = distributed.LocalCluster(
                    n_workers=self.address.local_workers, threads_per_worker=1, processes=True,
                    dashboard_address=":0", silence_logs=logging.ERROR)
                self.client = distributed.Client(self.cluster, set_as_default=False)
            else:
                self.client = distributed.Client(self.address.text, timeout=self.connect_timeout,
                                                 set_as_default=False)
            self.workers = max(1, sum(self.client.nthreads().values()))
        except BaseException as exc:
            self.close()
            if isinstance(exc, (OSError, TimeoutError, ValueError)):
                raise DaskError(f"cannot reach the Dask scheduler at {self.address.text}: {first_line(exc)}") from None
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close(abort=exc[0] is not None)

    def close(self, abort: bool = False) -> None:
        client, cluster = self.client, self.cluster
        self.client = self.cluster = None
        if client is not None:
            with contextlib.suppress(Exception):
                client.close()
        if cluster is not None:
            with contextlib.suppress(Exception):
                cluster.close()

    def _check_digests(self, chunk: Chunk) -> None:
        """Refuse a chunk replayed by an engine or catalog other than this process's."""
        games = chunk.tables.get("games")
        if games is None or not games.num_rows:
            return
        names = games.column("game").to_pylist()
        engines = games.column("engine_digest").to_pylist()
        catalogs = games.column("catalog_digest").to_pylist()
        for name, engine, catalog in zip(names, engines, catalogs):
            if name is None or engine is None:
                continue  # an unreadable log: no engine replayed it
            mine = current_digests(name, self._digests)
            if mine is not None and mine != (engine, catalog):
                which, theirs, ours = (("engine", engine, mine[0]) if mine[0] != engine
                                       else ("catalog", catalog, mine[1]))
                raise DaskError(f"a Dask worker replayed {name} with another {which} than this ludolog's "
                                f"({which} digest {theirs or 'none'} instead of {ours or 'none'}): give every worker "
                                f"the same ludolog version and catalogs (LUDOLOG_<GAME>_CATALOG) as this machine")

    def extract(self, chunks: Iterable[list[str]]) -> Iterator[Chunk]:
        """Replay each chunk of paths on the cluster, in the order given. :raises DaskError: see the class."""
        distributed = _distributed()
        client = self.client
        plugins = registry.plugin_specs()
        run = uuid.uuid4().hex[:12]
        numbers = itertools.count()

        def submit(paths: list[str]):
            key = f"{TASK_PREFIX}-{run}-{next(numbers)}"
            return client.submit(replay_on_worker, paths, plugins, key=key, pure=False)

        def receive(paths: list[str], future) -> Chunk:
            try:
                chunk = future.result()
            except distributed.KilledWorker:
                raise DaskError(f"Dask workers kept dying while replaying {len(paths)} logs from {paths[0]} "
                                "(out of memory or killed?); the games written so far are complete - run "
                                "the same command again to continue") from None
            except (CancelledError, OSError) as exc:
                raise DaskError(f"the Dask cluster at {self.address.text} went away: {first_line(exc)}") from None
            except Exception as exc:  # noqa: BLE001 - a task's own error (e.g. no ludolog on a worker)
                raise DaskError(f"a Dask task failed on the cluster ({type(exc).__name__}: {first_line(exc)}); "
                                "every worker needs the same ludolog installed") from None
            future.release()
            self._check_digests(chunk)
            return chunk

        return Replays(submit, receive, chunks, IN_FLIGHT_PER_THREAD * self.workers)
