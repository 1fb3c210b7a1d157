"""The scoresheet's figures for ``make bench`` (docs/benchmark.md): taps per move, counted by
:func:`.choices.taps` against each position's legal moves, and the latency of every ``/api/choices``
request the page would make while the corpus is recorded through a real server on a loopback port
(each move fsynced into a scratch folder), the first request of each move (a new position's) apart.
"""
from __future__ import annotations

import http.client
import shutil
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import orjson

from . import choices

TAPS_GOAL = (2, 5)  #: median, 95th percentile
LATENCY_GOAL_MS = 50.0


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(share * len(ordered) + 0.5)) - 1))]


def measure_taps(game, files: list[Path]) -> dict:
    """Taps per move over every move of ``files`` (logs of ``game``), each in the position before it."""
    from ludolog.replayer.core import SIMULTANEOUS, parse_log, replay

    names = choices.Names.of(game)
    taps: list[int] = []
    for path in files:
        log = parse_log(path.read_bytes(), str(path), game)

        def count(state, index: int = 0) -> None:
            if index < len(log.moves):
                simultaneous = game.to_move(state) == SIMULTANEOUS
                taps.append(choices.taps(game.legal_moves(state), log.moves[index], names, simultaneous))

        replay(log, on_start=count, on_step=lambda i, move, state: count(state, i + 1), check_claims=False)
    return {"moves": len(taps), "median": statistics.median(taps), "p95": percentile(taps, 0.95),
            "max": max(taps), "mean": round(statistics.fmean(taps), 2)}


class _Client:
    """One keep-alive HTTP connection to the server, as a browser tab holds one."""

    def __init__(self, port: int, token: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.token = token

    def post(self, path: str, body: dict) -> tuple[int, dict]:
        self.conn.request("POST", path, body=orjson.dumps(body),
                          headers={"Content-Type": "application/json", "X-Ludolog-Token": self.token})
        response = self.conn.getresponse()
        return response.status, orjson.loads(response.read())


def _serve(recording, token: str):
    import uvicorn

    from .server import make_app

    sock = socket.socket()
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    server = uvicorn.Server(uvicorn.Config(make_app(recording, token), log_level="warning", access_log=False,
                                           lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    return server, thread, sock


def measure_latency(game, files: list[Path]) -> dict:
    """Milliseconds per ``/api/choices`` answer while every log of ``files`` is recorded through the
    HTTP API."""
    from .session import Recording

    scratch = Path(tempfile.mkdtemp(prefix="ludolog-record-bench-"))
    times: list[float] = []
    first: list[float] = []  # the first request of each move: the new position's choices, listed afresh
    moves = 0
    try:
        for number, path in enumerate(files):
            raw = orjson.loads(path.read_bytes())
            ids = [p["id"] for p in raw["players"]]
            recording = Recording.create(scratch / f"{number}.json", game.name, ids, raw.get("options") or {},
                                         raw["setup"])
            token = "bench"
            server, thread, sock = _serve(recording, token)
            try:
                client = _Client(sock.getsockname()[1], token)
                for i, move in enumerate(raw["moves"]):

                    def offer_after(picks: list[tuple[str, str]]) -> dict:
                        start = time.perf_counter()
                        status, offer = client.post("/api/choices", {"count": i, "picks": picks})
                        times.append((time.perf_counter() - start) * 1000)
                        if not picks:
                            first.append(times[-1])
                        if status != 200:
                            raise RuntimeError(f"{path.name} move {i}: /api/choices answered {status}: {offer}")
                        return offer

                    choices.choose(offer_after, move)
                    status, answer = client.post("/api/move", {"count": i, "move": move})
                    if status != 200:
                        raise RuntimeError(f"{path.name} move {i}: /api/move answered {status}: {answer.get('error')}")
                    moves += 1
                client.conn.close()
            finally:
                server.should_exit = True
                thread.join(timeout=10)
                sock.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return {"logs": len(files), "moves": moves, "requests": len(times),
            "p50_ms": round(statistics.median(times), 2), "p95_ms": round(percentile(times, 0.95), 2),
            "max_ms": round(max(times), 2), "first_p95_ms": round(percentile(first, 0.95), 2),
            "first_max_ms": round(max(first), 2)}


def report_line(name: str, taps: dict, latency: dict) -> str:
    median_goal, p95_goal = TAPS_GOAL
    taps_ok = taps["median"] <= median_goal and taps["p95"] <= p95_goal
    fast = max(latency["p95_ms"], latency["first_p95_ms"]) <= LATENCY_GOAL_MS
    return (f"record {name}: taps per move median {taps['median']:g}, p95 {taps['p95']:g}, max {taps['max']} over "
            f"{taps['moves']:,} moves ({'meets' if taps_ok else 'misses'} the goal of {median_goal} and {p95_goal}); "
            f"/api/choices p95 {latency['p95_ms']:.1f} ms (median {latency['p50_ms']:.1f} ms; the first of each "
            f"move, a new position's: p95 {latency['first_p95_ms']:.1f} ms) over {latency['requests']:,} requests "
            f"recording {latency['logs']} logs "
            f"({'meets' if fast else 'misses'} the {LATENCY_GOAL_MS:g} ms goal)")
