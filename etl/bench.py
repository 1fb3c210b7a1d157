"""The ingest section of `make bench`: throughput, cost over replay alone, and peak memory.

* throughput: moves/s and player-state rows/s (the rows of the view player_states; the rows stored,
  those that changed, are given beside them) of a full ingest (read, parse, replay, Arrow, DuckDB
  load, checkpoint) into a fresh database, best of N, with one process and with every core;
* the ratio of that one-process ingest time to replay-only time (read + parse + replay + claims,
  the validation figure) for the same corpus - what loading adds on top of replaying;
* the ingest's serial tail: the time from the last chunk replayed to the end of the ingest (its
  insert, the last commit and checkpoint), which nothing overlaps;
* peak memory (max RSS) of the ingesting process and of its largest worker, measured in a fresh
  subprocess for the corpus and for a corpus four times larger: it must not grow with the number
  of logs, since logs stream through bounded chunks.

Run alone as ``python -m ludolog.etl.bench --peak FOLDER DB WORKERS`` (prints one JSON line).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ludolog.replayer.core.files import find_logs

from .db import open_for_writing
from .chunks import merge_chunks
from .ingest import Batches, ingest, plan_ingest
from .load import Loader
from .workers import default_workers, extract_chunks

GOAL_RATIO = 1.3
GOAL_LOAD_ROWS_PER_S = 1_500_000  # DuckDB alone, state rows/s: the owner's goal
GOAL_SPEEDUP = 1.8  # ingest with 2 workers over 1 process
MEMORY_BASE = 2  # copies of the corpus in the smaller memory run
MEMORY_SCALE = 8  # and in the larger one


def _fresh(db: Path) -> None:
    for path in (db, db.with_name(db.name + ".wal")):
        if path.exists():
            path.unlink()


def time_ingest(files: list[Path], workers: int, repeat: int, scratch: Path) -> dict:
    """Best of ``repeat`` full ingests of ``files`` into a new database."""
    best = None
    db = scratch / f"bench-{workers}.duckdb"
    for _ in range(repeat):
        _fresh(db)
        before, faults_before = _cpu(), _faults()
        start = time.perf_counter()
        summary = ingest(files, db, workers=workers)
        seconds = time.perf_counter() - start
        main, parent, children = (after - earlier for after, earlier in zip(_cpu(), before))
        faults_parent, faults_workers = (after - earlier for after, earlier in zip(_faults(), faults_before))
        if best is None or seconds < best["seconds"]:
            best = {"workers": summary.workers, "games": summary.stats.logs, "moves": summary.stats.moves,
                    "state_rows": summary.stats.state_rows, "stored_state_rows": summary.stats.stored_state_rows,
                    "seconds": seconds,
                    "load_seconds": summary.load_seconds,
                    "tail_seconds": summary.tail_seconds,
                    # CPU time: this (the ingesting) thread, the whole parent process (DuckDB's
                    # threads included), the worker processes
                    "cpu_main_thread": main, "cpu_parent": parent, "cpu_workers": children,
                    # page faults (minor: no disk) of the parent process and of the workers
                    "faults_parent": faults_parent, "faults_workers": faults_workers,
                    "db_bytes": db.stat().st_size}
    _fresh(db)
    assert best is not None
    best["moves_per_s"] = best["moves"] / best["seconds"]
    best["state_rows_per_s"] = best["state_rows"] / best["seconds"]
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in best.items()}


def _cpu() -> tuple[float, float, float]:
    """CPU seconds so far of this thread, of this process and of its ended child processes."""
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return (time.thread_time(), own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime)


def _faults() -> tuple[int, int]:
    """Minor page faults so far of this process and of its ended child processes."""
    import resource

    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt, resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt)


def time_load(files: list[Path], repeat: int, scratch: Path) -> dict:
    """DuckDB alone: the chunks of a 1-process ingest of ``files``, replayed beforehand, loaded
    into a new database in the same transactions (the batches of
    :class:`~ludolog.etl.ingest.Batches`, then the keys and checkpoint; not creating and closing
    the file), best of ``repeat`` - what the parent's loading costs without replay competing with it."""
    paths = [str(f) for f in files]
    chunks = list(extract_chunks(plan_ingest(paths, 1), 1))
    batches = Batches()
    groups = [group for chunk in chunks for group in batches.add(chunk)] + batches.rest()
    rows = sum(chunk.state_rows for chunk in chunks)
    stored = sum(chunk.stored_state_rows for chunk in chunks)
    db = scratch / "bench-load.duckdb"
    best = best_cpu = None
    for _ in range(repeat):
        _fresh(db)
        con = open_for_writing(db)
        try:
            loader = Loader(con, str(db))
            start, start_cpu = time.perf_counter(), time.process_time()
            for group in groups:
                loader.write(merge_chunks(group))
            loader.finish()
            seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        finally:
            con.close()
        best = seconds if best is None else min(best, seconds)
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
    _fresh(db)
    assert best is not None and best_cpu is not None
    return {"state_rows": rows, "stored_state_rows": stored, "transactions": len(groups), "seconds": round(best, 4),
            "state_rows_per_s": round(rows / best) if best else None,
            "stored_state_rows_per_s": round(stored / best) if best else None,
            # this process's CPU time (DuckDB's threads included): what other programs running on
            # the machine disturb least
            "cpu_seconds": round(best_cpu, 4), "state_rows_per_cpu_s": round(rows / best_cpu) if best_cpu else None}


def peak_memory(folder: Path, workers: int, scratch: Path) -> dict:
    """Max RSS of a fresh process ingesting ``folder`` (and of its largest worker), in MB."""
    db = scratch / "peak.duckdb"
    _fresh(db)
    proc = subprocess.run([sys.executable, "-m", "ludolog.etl.bench", "--peak", str(folder), str(db), str(workers)],
                          capture_output=True, text=True, timeout=3600)
    _fresh(db)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        raise RuntimeError(f"the memory probe failed: {(proc.stderr.strip().splitlines() or ['no output'])[-1]}")
    return json.loads(lines[-1])


def scaled_corpus(files: list[Path], folder: Path, scale: int) -> Path:
    """``scale`` distinct copies of every log (a trailing space per copy changes the content hash)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for k in range(scale):
        for path in files:
            (folder / f"c{k}-{path.name}").write_bytes(path.read_bytes() + b" " * k)
    return folder


def measure(files: list[Path], replay_seconds: float, repeat: int, memory: bool, scratch: Path) -> dict:
    """Every figure of the ingest section for one corpus."""
    figures = {"serial": time_ingest(files, 1, repeat, scratch)}
    cores = default_workers()
    if cores > 1:
        figures["parallel"] = time_ingest(files, cores, repeat, scratch)
    figures["load_only"] = time_load(files, repeat, scratch)
    figures["replay_seconds"] = replay_seconds
    figures["ratio_ingest_to_replay"] = round(figures["serial"]["seconds"] / replay_seconds, 3) if replay_seconds else None
    if memory:
        # both sizes fill whole transactions, so the comparison isolates growth with the log count
        small = scaled_corpus(files, scratch / f"memory-x{MEMORY_BASE}", MEMORY_BASE)
        large = scaled_corpus(files, scratch / f"memory-x{MEMORY_SCALE}", MEMORY_SCALE)
        figures["memory"] = {f"x{MEMORY_BASE}": {"logs": len(files) * MEMORY_BASE, **peak_memory(small, cores, scratch)},
                             f"x{MEMORY_SCALE}": {"logs": len(files) * MEMORY_SCALE,
                                                  **peak_memory(large, cores, scratch)}}
        shutil.rmtree(small)
        shutil.rmtree(large)
    return figures


def report_lines(game: str, f: dict) -> list[str]:
    s = f["serial"]
    lines = [f"ingest {game}: {s['games']} logs, {s['moves']:,} moves, {s['state_rows']:,} state rows "
             f"({s['stored_state_rows']:,} stored: the rows that changed); "
             f"1 process {s['seconds']:.3f} s = {s['moves_per_s']:,.0f} moves/s, {s['state_rows_per_s']:,.0f} state rows/s "
             f"(of which DuckDB writes {s['load_seconds']:.3f} s; after the last chunk is replayed "
             f"{s['tail_seconds']:.3f} s)"]
    if "parallel" in f:
        p = f["parallel"]
        lines.append(f"  {p['workers']} workers {p['seconds']:.3f} s = {p['moves_per_s']:,.0f} moves/s, "
                     f"{p['state_rows_per_s']:,.0f} state rows/s (the parent's DuckDB writes {p['load_seconds']:.3f} s; "
                     f"after the last chunk is replayed {p['tail_seconds']:.3f} s)")
    if "load_only" in f:
        lo = f["load_only"]
        verdict = "meets" if (lo["state_rows_per_s"] or 0) >= GOAL_LOAD_ROWS_PER_S else "below"
        lines.append(f"  DuckDB alone (the same {lo['transactions']} transactions, chunks replayed beforehand): "
                     f"{lo['seconds']:.3f} s = {lo['state_rows_per_s']:,} state rows/s "
                     f"({verdict} the {GOAL_LOAD_ROWS_PER_S / 1e6:g}M goal), of them "
                     f"{lo['stored_state_rows']:,} stored = {lo['stored_state_rows_per_s']:,} stored rows/s")
        if lo.get("cpu_seconds"):
            lines.append(f"    its CPU time {lo['cpu_seconds']:.3f} s = {lo['state_rows_per_cpu_s']:,} state rows per "
                         f"CPU-second (less disturbed by other programs on the machine than the wall time)")
    if "parallel" in f and f["parallel"]["seconds"]:
        f["speedup_parallel"] = round(s["seconds"] / f["parallel"]["seconds"], 3)
        verdict = "meets" if f["speedup_parallel"] >= GOAL_SPEEDUP else "below"
        lines.append(f"  speed of {f['parallel']['workers']} workers over 1 process: {f['speedup_parallel']:.2f}x "
                     f"({verdict} the {GOAL_SPEEDUP:g}x goal)")
    if "parallel" in f and f["parallel"].get("cpu_parent") is not None:
        lines.append(cpu_line(s, f["parallel"]))
    if f.get("ratio_ingest_to_replay") and "parallel" in f:
        f["ratio_parallel_ingest_to_replay"] = round(f["parallel"]["seconds"] / f["replay_seconds"], 3)
    if f.get("ratio_ingest_to_replay"):
        verdict = "meets" if f["ratio_ingest_to_replay"] <= GOAL_RATIO else "above"
        lines.append(f"  ingest / replay-only time (1 process, same corpus): {f['ratio_ingest_to_replay']:.2f}x "
                     f"({verdict} the {GOAL_RATIO:g}x goal; replay-only {f['replay_seconds']:.3f} s)")
    if f.get("ratio_parallel_ingest_to_replay"):
        lines.append(f"  ingest with {f['parallel']['workers']} workers / replay-only in 1 process: "
                     f"{f['ratio_parallel_ingest_to_replay']:.2f}x")
    if "memory" in f:
        for key, m in f["memory"].items():
            lines.append(f"  peak memory, {m['logs']} logs ({key}): parent {m['parent_mb']:.0f} MB, largest worker "
                         f"{m['worker_mb']:.0f} MB (that run: {m['workers']} workers, {m['seconds']:.2f} s, "
                         f"{m['moves_per_s']:,} moves/s)")
    return lines


def cpu_line(serial: dict, parallel: dict) -> str:
    """The CPU time of both ingests and the most the workers can gain from it: with nothing else
    running, the 1-process run takes about its main thread's CPU time, and a parallel run at least
    all its CPU time over the cores it can use - figures that other programs on the machine disturb
    far less than the wall times."""
    cores = default_workers()
    total = parallel["cpu_parent"] + parallel["cpu_workers"]
    ceiling = serial["cpu_main_thread"] / (total / min(cores, parallel["workers"] + 1)) if total else 0.0
    parallel["speedup_ceiling_from_cpu"] = round(ceiling, 3)
    line = (f"  CPU: 1 process {serial['cpu_parent']:.3f} s (its main thread {serial['cpu_main_thread']:.3f} s); "
            f"{parallel['workers']} workers {total:.3f} s (parent {parallel['cpu_parent']:.3f} s, workers "
            f"{parallel['cpu_workers']:.3f} s): on {cores} cores at most {ceiling:.2f}x faster")
    # A forked worker shares the parent's memory until it writes to a page, which the kernel then
    # copies (a page fault): measured on the bench machine, nearly all of a worker's faults, about
    # 3 microseconds of kernel time each, paid again by every worker of every ingest.
    return line + (f"\n  page faults: 1 process {serial['faults_parent']:,}; {parallel['workers']} workers "
                   f"{parallel['faults_workers']:,} (their parent {parallel['faults_parent']:,})")


def _probe(folder: str, db: str, workers: int) -> None:
    import resource

    start = time.perf_counter()
    summary = ingest(find_logs([folder]), db, workers=workers)
    seconds = time.perf_counter() - start
    scale = 1024 if sys.platform != "darwin" else 1024 * 1024  # ru_maxrss: KB on Linux, bytes on macOS
    parent = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale
    worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / scale
    print(json.dumps({"parent_mb": round(parent, 1), "worker_mb": round(worker, 1), "workers": summary.workers,
                      "seconds": round(seconds, 3), "moves": summary.stats.moves,
                      "moves_per_s": round(summary.stats.moves / seconds) if seconds else None}))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 4 and args[0] == "--peak":
        _probe(args[1], args[2], int(args[3]))
        return 0
    print("usage: python -m ludolog.etl.bench --peak FOLDER DB WORKERS", file=sys.stderr)
    return 2


def scratch_dir(base: Path) -> Path:
    path = base / "ingest-scratch"
    path.mkdir(parents=True, exist_ok=True)
    return path if os.access(path, os.W_OK) else Path(tempfile.mkdtemp(prefix="ludolog-bench-"))


if __name__ == "__main__":
    sys.exit(main())
