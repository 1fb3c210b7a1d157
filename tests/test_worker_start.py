"""What an ingest worker repeats when it starts: a forked worker inherits what its parent computed
before the fork, so work every worker would do alike is done once, in the parent."""
from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludolog.etl import workers
from ludolog.replayer.core import registry

ROOT = Path(__file__).resolve().parents[1]

#: records which processes scan the installed distributions' entry points, then starts 2 workers
#: (forked: the process running it has no other thread) and prints the processes' ids
_SCANS_WHILE_STARTING = """
import importlib.metadata, json, os, sys
record = sys.argv[1]
real = importlib.metadata.entry_points
def recorded(*args, **kwargs):
    with open(record, "a") as out:
        out.write(f"{os.getpid()}\\n")
    return real(*args, **kwargs)
importlib.metadata.entry_points = recorded
from ludolog.etl import workers
from ludolog.replayer.core import registry
registry.installed_games.cache_clear()
method = workers.start_method()  # (before the pool's own threads exist)
with workers.ExtractPool(2) as pool:  # returns once every worker has started (_init_worker)
    print(json.dumps({"method": method, "parent": os.getpid(),
                      "workers": sorted(pool.pool._processes)}))
"""


@pytest.mark.skipif(workers.START_METHOD != "fork", reason="workers are forked only on Linux")
def test_forked_workers_do_not_scan_the_installed_games_again(tmp_path):
    record = tmp_path / "scans"
    record.write_text("")
    proc = subprocess.run([sys.executable, "-c", _SCANS_WHILE_STARTING, str(record)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    started = json.loads(proc.stdout.strip().splitlines()[-1])
    assert started["method"] == "fork" and len(started["workers"]) == 2
    scanned = [int(pid) for pid in record.read_text().split()]
    assert scanned == [started["parent"]]  # once, before the fork; no worker scanned again


def test_one_process_scans_nothing_to_start(tmp_path, monkeypatch):
    scanned = []
    real = importlib.metadata.entry_points
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda *a, **k: scanned.append(os.getpid()) or real(*a, **k))
    registry.installed_games.cache_clear()
    try:
        with workers.ExtractPool(1) as pool:
            assert pool.pool is None
    finally:
        registry.installed_games.cache_clear()  # made again as usual when asked for
    assert scanned == []  # the list of games is made when something asks for it
