"""The ingest section of `make bench`: moves/s and player-state rows/s of a full ingest into a
fresh database (best of N, one process and every core), each ratio beside its floor or ceiling on
this machine, and the peak memory of the ingesting process and its largest worker for two corpus
sizes (it must not grow with the number of logs: logs stream through bounded chunks).

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

from .db import wal_path
from .ingest import ingest
from .workers import default_workers

MEMORY_BASE = 2  # copies of the corpus in the smaller memory run
MEMORY_SCALE = 8  # and in the larger one


def _fresh(db: Path) -> None:
    for path in (db, wal_path(db)):
        path.unlink(missing_ok=True)


def time_ingest(files: list[Path], workers: int, repeat: int, scratch: Path) -> dict:
    """Best of ``repeat`` full ingests of ``files`` into a new database."""
    best = None
    db = scratch / f"bench-{workers}.duckdb"
    for _ in range(repeat):
        _fresh(db)
        start = time.perf_counter()
        summary = ingest(files, db, workers=workers)
        seconds = time.perf_counter() - start
        if best is None or seconds < best["seconds"]:
            best = {"workers": summary.workers, "games": summary.stats.logs, "moves": summary.stats.moves,
                    "state_rows": summary.stats.state_rows, "stored_state_rows": summary.stats.stored_state_rows,
                    "seconds": seconds, "load_seconds": summary.load_seconds, "db_bytes": db.stat().st_size}
    _fresh(db)
    assert best is not None
    best["moves_per_s"] = best["moves"] / best["seconds"]
    best["state_rows_per_s"] = best["state_rows"] / best["seconds"]
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in best.items()}


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
        figures["speedup_parallel"] = round(figures["serial"]["seconds"] / figures["parallel"]["seconds"], 3)
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
             f"(of which DuckDB writes {s['load_seconds']:.3f} s)"]
    if "parallel" in f:
        p = f["parallel"]
        lines.append(f"  {p['workers']} workers {p['seconds']:.3f} s = {p['moves_per_s']:,.0f} moves/s, "
                     f"{p['state_rows_per_s']:,.0f} state rows/s: {f['speedup_parallel']:.2f}x 1 process (the "
                     f"ceiling is {p['workers']}x, less the parent's DuckDB writes on the same cores: "
                     f"{p['load_seconds']:.3f} s, one writer per database)")
    if f.get("ratio_ingest_to_replay"):
        lines.append(f"  ingest / full validation time (1 process, same corpus): {f['ratio_ingest_to_replay']:.2f}x "
                     f"(the floor is 1x, validation {f['replay_seconds']:.3f} s: an ingest validates every log, "
                     f"then builds its rows and loads them)")
    if "memory" in f:
        for key, m in f["memory"].items():
            lines.append(f"  peak memory, {m['logs']} logs ({key}): parent {m['parent_mb']:.0f} MB, largest worker "
                         f"{m['worker_mb']:.0f} MB (that run: {m['workers']} workers, {m['seconds']:.2f} s, "
                         f"{m['moves_per_s']:,} moves/s)")
    return lines


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
