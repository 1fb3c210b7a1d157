"""`make bench`: how fast ludolog validates (beside python-chess), ingests, starts and records.

Each game's fixed simulated corpus is measured; docs/benchmark.md says what each figure means.

The benchmark is a sequence of section functions over one :class:`Bench` record (:data:`SECTIONS`).
Not a pytest test: nothing here asserts speed.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import orjson

from .common import run_script
from .render import table

#: The fixed corpus per game: (players, games) per player count. Games not listed get DEFAULT_GAMES
#: spread over their player counts.
CORPUS_PLANS: dict[str, tuple[tuple[int, int], ...]] = {
    "entdecker": ((2, 67), (3, 67), (4, 66)),
}
DEFAULT_GAMES = 120
SEED_PREFIX = "bench"
PEER_SCRIPT = "chess_peer.py"
GOAL_RATIO = 2.0  #: moves/s over python-chess's, for a game without a goal of its own
#: the owner's goals per game (Entdecker 3.5x, Kingdom Crossing 2.5x, Boonlake 1x)
GOAL_RATIOS: dict[str, float] = {"entdecker": 3.5, "kingdom-crossing": 2.5, "boonlake": 1.0}


@dataclass
class Bench:
    out: Path
    repeat: int
    games: list  # the engines to measure
    as_json: bool = False
    results: dict = field(default_factory=dict)  # section name -> figures (what --json prints)
    corpora: dict[str, list[Path]] = field(default_factory=dict)

    def say(self, text: str = "") -> None:
        if not self.as_json:
            print(text, flush=True)


# -- the corpus -----------------------------------------------------------------------------------

def corpus_plan(game) -> list[tuple[int, int]]:
    if game.name in CORPUS_PLANS:
        return list(CORPUS_PLANS[game.name])
    counts = list(range(game.min_players, game.max_players + 1))[:4]
    return [(n, DEFAULT_GAMES // len(counts) + (1 if i < DEFAULT_GAMES % len(counts) else 0))
            for i, n in enumerate(counts)]


def corpus_entries(game) -> list[tuple[str, int, str]]:
    """(file name, players, seed) of every game of the fixed corpus."""
    return [(f"{game.name}-{players}p-{i:04d}.json", players, f"{SEED_PREFIX}:{players}:{i}")
            for players, count in corpus_plan(game) for i in range(1, count + 1)]


def simulated_bytes(game, players: int, seed: str) -> bytes:
    from ludolog.replayer.core import simulate_log

    raw = simulate_log(game, players, seed)
    raw["meta"] = {"source": f"ludolog bench corpus, {players} players, seed {seed}"}
    return orjson.dumps(raw, option=orjson.OPT_INDENT_2) + b"\n"


def build_corpus(game, folder: Path) -> tuple[list[Path], bool]:
    """The corpus files of ``game`` in ``folder`` and whether they were reused."""
    entries = corpus_entries(game)
    # beside the folder, not in it: the folder holds nothing but logs, so that `ludolog ingest` or
    # `validate` of it sees no file that is not a log
    manifest_path = folder.with_name(folder.name + ".manifest.json")
    spec = {"game": game.name, "catalog": game.catalog_version, "engine": engine_fingerprint(game),
            "entries": [[n, p, s] for n, p, s in entries]}
    if _reusable(manifest_path, spec, folder, entries, game):
        return [folder / n for n, _, _ in entries], True
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    digests = {}
    for name, players, seed in entries:
        data = simulated_bytes(game, players, seed)
        (folder / name).write_bytes(data)
        digests[name] = hashlib.sha256(data).hexdigest()
    manifest_path.write_bytes(orjson.dumps({"spec": spec, "sha256": digests}, option=orjson.OPT_INDENT_2))
    return [folder / n for n, _, _ in entries], False


def engine_fingerprint(game) -> str:
    """A digest of the code and data the corpus depends on (the core and the game's package): any
    change to the rules engine makes a new corpus, so a stale log is never benchmarked."""
    digest = hashlib.sha256()
    for package in ("ludolog.replayer.core", type(game).__module__.rpartition(".")[0]):
        root = resources.files(package)
        for entry in sorted(root.iterdir(), key=lambda e: e.name):
            if entry.name.endswith((".py", ".json")):
                digest.update(entry.name.encode())
                digest.update(entry.read_bytes())
    return digest.hexdigest()


def _reusable(manifest_path: Path, spec: dict, folder: Path, entries, game) -> bool:
    """Whether the corpus on disk was made by this spec and is unchanged."""
    try:
        manifest = orjson.loads(manifest_path.read_bytes())
        name, players, seed = entries[0]
        return (manifest.get("spec") == spec
                and all(hashlib.sha256((folder / n).read_bytes()).hexdigest() == manifest["sha256"].get(n)
                        for n, _, _ in entries)
                and simulated_bytes(game, players, seed) == (folder / name).read_bytes())
    except (OSError, orjson.JSONDecodeError, KeyError, AttributeError, TypeError):
        return False  # a missing or unreadable file, a stale manifest: rebuild


# -- sections -------------------------------------------------------------------------------------

def section_corpus(bench: Bench) -> None:
    """Build or reuse the fixed simulated corpus of every game."""
    figures = {}
    for game in bench.games:
        folder = bench.out / game.name
        start = time.perf_counter()
        files, reused = build_corpus(game, folder)
        bench.corpora[game.name] = files
        plan = ", ".join(f"{n}p x{k}" for n, k in corpus_plan(game))
        figures[game.name] = {"folder": str(folder), "games": len(files), "plan": plan, "reused": reused,
                              "bytes": sum(p.stat().st_size for p in files),
                              "build_seconds": round(time.perf_counter() - start, 3)}
        how = "reused" if reused else f"simulated in {figures[game.name]['build_seconds']:.1f} s"
        bench.say(f"corpus {game.name}: {len(files)} games ({plan}), {figures[game.name]['bytes'] / 1e6:.1f} MB "
                  f"in {folder} ({how})")
    bench.results["corpus"] = figures


def time_full_validation(files: list[Path], repeat: int) -> dict:
    """Best of ``repeat`` passes of: read + parse + schema + strict replay + claimed scores."""
    from ludolog.replayer.core import parse_log, replay

    best = None
    for _ in range(repeat):
        moves = games = invalid = 0
        read_parse = 0.0
        start = time.perf_counter()
        for path in files:
            t0 = time.perf_counter()
            log = parse_log(path.read_bytes(), str(path))
            t1 = time.perf_counter()
            result = replay(log)
            read_parse += t1 - t0
            games += 1
            moves += result.applied
            invalid += result.status != "valid"
        seconds = time.perf_counter() - start
        if best is None or seconds < best["seconds"]:
            best = {"games": games, "moves": moves, "invalid": invalid, "seconds": seconds,
                    "read_parse_schema_seconds": read_parse, "replay_seconds": seconds - read_parse}
    best["games_per_s"] = best["games"] / best["seconds"]
    best["moves_per_s"] = best["moves"] / best["seconds"]
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in best.items()}


def section_validation(bench: Bench) -> None:
    """Full validation of each corpus and python-chess in rounds, each a pass of every corpus and one
    of the peer (the best pass of each counts), so that the machine's drift falls on both sides."""
    figures: dict[str, dict] = {}
    passes: dict[str, list[dict]] = {game.name: [] for game in bench.games if bench.corpora.get(game.name)}
    peer_passes: list[dict] = []
    script = find_peer_script()
    peer_error = None if script is not None else ("chess_peer.py not found (set LUDOLOG_PEER_DIR, or put it at "
                                                  "../shared/bench/)")
    for _ in range(bench.repeat):
        for name in passes:
            passes[name].append(time_full_validation(bench.corpora[name], 1))
        if peer_error is None:
            try:
                peer_passes.append(run_peer(script, 1))
            except PeerError as exc:
                peer_error = str(exc)
    for name, runs in passes.items():
        figures[name] = fig = min(runs, key=lambda run: run["seconds"])
        share = 100 * fig["read_parse_schema_seconds"] / fig["seconds"] if fig["seconds"] else 0
        bench.say(f"validation {name}: {fig['moves']:,} moves in {fig['seconds']:.3f} s (best of {bench.repeat}, "
                  f"each round a pass of every corpus and of python-chess); "
                  f"read+parse+schema {share:.0f}%, strict replay+claims {100 - share:.0f}%")
        if fig["invalid"]:
            bench.say(f"  warning: {fig['invalid']} corpus logs did not validate (an engine bug: run "
                      f"`ludolog validate {bench.out / name}`)")
    bench.results["validation"] = figures
    section_peer(bench, script, peer_passes, peer_error)


def find_peer_script() -> Path | None:
    """``$LUDOLOG_PEER_DIR/chess_peer.py`` when that variable is set, else ``../shared/bench/`` beside
    the current directory or the source tree of an editable install."""
    env = os.environ.get("LUDOLOG_PEER_DIR")
    if env:
        candidates = [Path(env) / PEER_SCRIPT]
    else:
        repo = Path(__file__).resolve().parents[1]  # cli/ -> repository root (editable install)
        candidates = [root.parent / "shared" / "bench" / PEER_SCRIPT for root in (Path.cwd(), repo)]
    return next((c for c in candidates if c.is_file()), None)


class PeerError(Exception):
    """python-chess could not be run (not installed, the script failed, no figures)."""


def run_peer(script: Path, repeat: int) -> dict:
    """One run of ``script`` (python-chess validating real games, best of ``repeat`` passes).
    :raises PeerError: it could not run or printed no figures."""
    try:
        proc = subprocess.run([sys.executable, str(script), "--repeat", str(repeat)],
                              capture_output=True, text=True, timeout=1800)
        lines = [line for line in proc.stdout.splitlines() if line.strip().startswith("{")]
        if proc.returncode != 0 or not lines:
            reason = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise PeerError(f"{script} failed: {reason}")
        return json.loads(lines[-1])
    except (OSError, ValueError, subprocess.TimeoutExpired) as exc:
        raise PeerError(str(exc)) from None


def section_peer(bench: Bench, script: Path | None, passes: list[dict], error: str | None) -> None:
    """python-chess's figures, from its passes in the rounds of :func:`section_validation`."""
    if error is not None or not passes:
        bench.say(f"peer: {error if script is None else f'could not run python-chess ({error})'}; no ratio this run")
        bench.results["peer"] = {"error": error}
        return
    peer = min(passes, key=lambda run: run["seconds"])
    peer["script"] = str(script)
    bench.results["peer"] = peer
    bench.say(f"peer: {peer['peer']} reading {script.parent / 'capablanca.pgn'} (best of {len(passes)})")


def section_comparison(bench: Bench) -> None:
    """Side-by-side table and the ratio of moves/s."""
    peer = bench.results.get("peer", {})
    measured = [(f"ludolog {name}", fig) for name, fig in bench.results.get("validation", {}).items()]
    measured += [(peer["peer"], peer)] if "moves_per_s" in peer else []
    rows = [[label, f"{fig['games']:,}", f"{fig['moves']:,}", f"{fig['seconds']:.3f}", f"{fig['games_per_s']:,.0f}",
             f"{fig['moves_per_s']:,.0f}"] for label, fig in measured]
    bench.say("")
    bench.say(table(["full validation", "games", "moves", "seconds", "games/s", "moves/s"], rows))
    ratios = {}
    if "moves_per_s" in peer:
        for name, fig in bench.results.get("validation", {}).items():
            ratios[name] = round(fig["moves_per_s"] / peer["moves_per_s"], 2)
            goal = GOAL_RATIOS.get(name, GOAL_RATIO)
            verdict = "meets" if ratios[name] >= goal else "below"
            bench.say(f"ratio ludolog {name} / python-chess moves/s: {ratios[name]:.2f}x "
                      f"({verdict} the {goal:g}x goal)")
    bench.results["ratio_moves_per_s"] = ratios


def section_ingest(bench: Bench) -> None:
    """Ingest into DuckDB: moves/s and state rows/s, cost over replay alone, peak memory at two sizes."""
    from ludolog.etl import bench as ingest_bench

    scratch = ingest_bench.scratch_dir(bench.out)
    figures = {}
    bench.say("")
    for number, game in enumerate(bench.games):
        files = bench.corpora.get(game.name)
        if not files:
            continue
        replay = bench.results.get("validation", {}).get(game.name) or time_full_validation(files, bench.repeat)
        figures[game.name] = ingest_bench.measure(files, replay["seconds"], bench.repeat, memory=number == 0,
                                                  scratch=scratch)
        for line in ingest_bench.report_lines(game.name, figures[game.name]):
            bench.say(line)
    bench.results["ingest"] = figures


REINGEST_LOGS = 2000  #: the corpus of the re-ingest figure: 2,000 unchanged logs
REINGEST_GOAL = 0.10  #: a second ingest of unchanged logs, as a share of the first ingest's time


def section_reingest(bench: Bench) -> None:
    """A second ingest of 2,000 unchanged logs against the first: skipped by path, size and time;
    after every file is touched (same bytes, new times), by content hash."""
    import math

    from ludolog.etl import bench as ingest_bench
    from ludolog.etl import ingest

    game, files = next(((g, bench.corpora[g.name]) for g in bench.games if bench.corpora.get(g.name)), (None, None))
    if not files:
        return
    scratch = ingest_bench.scratch_dir(bench.out)
    folder = ingest_bench.scaled_corpus(files, scratch / "reingest", math.ceil(REINGEST_LOGS / len(files)))
    logs = sorted(folder.glob("*.json"))[:REINGEST_LOGS]
    db = scratch / "reingest.duckdb"
    runs: dict[str, dict] = {}
    try:
        _remove_database(db)
        for name in ("first", "unchanged", "touched"):
            if name == "touched":
                for path in logs:
                    os.utime(path)
            start = time.perf_counter()
            summary = ingest(logs, db)
            runs[name] = {"seconds": round(time.perf_counter() - start, 3), "replayed": summary.stats.logs,
                          "skipped": sum(summary.skipped.values()), "workers": summary.workers}
    finally:
        _remove_database(db)
        shutil.rmtree(folder, ignore_errors=True)
    first = runs["first"]["seconds"]
    ratio = {name: round(runs[name]["seconds"] / first, 4) if first else None for name in ("unchanged", "touched")}
    verdict = "meets" if ratio["unchanged"] is not None and ratio["unchanged"] <= REINGEST_GOAL else "above"
    bench.say("")
    bench.say(f"re-ingest {game.name}: {len(logs):,} logs, first ingest {first:.2f} s ({runs['first']['workers']} workers); "
              f"again, unchanged: {runs['unchanged']['seconds']:.2f} s = {100 * ratio['unchanged']:.1f}% of the first "
              f"({verdict} the {100 * REINGEST_GOAL:.0f}% goal; {runs['unchanged']['skipped']:,} skipped, "
              f"{runs['unchanged']['replayed']} replayed)")
    bench.say(f"  after touching every file (same bytes, new times: the content hash decides): "
              f"{runs['touched']['seconds']:.2f} s = {100 * ratio['touched']:.1f}% of the first "
              f"({runs['touched']['skipped']:,} skipped, {runs['touched']['replayed']} replayed)")
    bench.results["reingest"] = {"game": game.name, "logs": len(logs), **runs, "ratio_unchanged": ratio["unchanged"],
                                 "ratio_touched": ratio["touched"], "goal_ratio": REINGEST_GOAL}


def _remove_database(db: Path) -> None:
    for path in (db, db.with_name(db.name + ".wal")):
        path.unlink(missing_ok=True)


STARTUP_RUNS = 10  #: runs per start-up figure (its median)
STARTUP_GOAL_S = 0.300  #: `ludolog validate one.json`, the typer app with each command's imports inside it
NO_BYTECODE_VAR = "PYTHONDONTWRITEBYTECODE"


def startup_seconds(command: list[str], env: dict[str, str]) -> float:
    """The median wall time of STARTUP_RUNS runs of ``command``, each a new process, after one run
    not counted (it writes the bytecode cache)."""
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    seconds = []
    for _ in range(STARTUP_RUNS):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        seconds.append(time.perf_counter() - start)
    return round(statistics.median(seconds), 3)


def section_startup(bench: Bench) -> None:
    """`ludolog validate one.json` as a user starts it, from bytecode as installed (a cache of the
    bench's own) and, where the environment sets it, with PYTHONDONTWRITEBYTECODE; the first log of
    every other game too, so that no game's start-up hides behind the headline one."""
    firsts = [f[0] for f in bench.corpora.values() if f]
    if not firsts:
        return
    script = Path(sys.executable).with_name("ludolog")
    validate = [str(script)] if script.exists() else [sys.executable, "-c", "from ludolog.cli.app import main; main()"]
    validate.append("validate")
    command = [*validate, str(firsts[0])]
    cache = (bench.out / "pycache").resolve()
    cached_env = {k: v for k, v in os.environ.items() if k != NO_BYTECODE_VAR}
    cached_env["PYTHONPYCACHEPREFIX"] = str(cache)
    figure = startup_seconds(command, cached_env)
    verdict = "meets" if figure <= STARTUP_GOAL_S else "above"
    bench.say("")
    bench.say(f"start-up: `ludolog validate {firsts[0].name}` median of {STARTUP_RUNS}: {figure * 1000:.0f} ms "
              f"({verdict} the {STARTUP_GOAL_S * 1000:.0f} ms goal; bytecode cached as installed)")
    bench.results["startup"] = {"seconds_median": figure, "runs": STARTUP_RUNS, "goal_seconds": STARTUP_GOAL_S,
                                "bytecode_cache": str(cache)}
    if os.environ.get(NO_BYTECODE_VAR):
        uncached = startup_seconds(command, dict(os.environ))
        bench.say(f"  with {NO_BYTECODE_VAR}=1 as this environment sets it (modules without bytecode compiled at "
                  f"each start): {uncached * 1000:.0f} ms")
        bench.results["startup"]["seconds_median_no_bytecode_writes"] = uncached
    others = {log.name: startup_seconds([*validate, str(log)], cached_env) for log in firsts[1:]}
    if others:
        slowest = max(others.values())
        bench.say("  the other games' first logs: " + ", ".join(f"{name} {s * 1000:.0f} ms" for name, s in others.items())
                  + f" ({'all meet' if slowest <= STARTUP_GOAL_S else 'not all meet'} the goal)")
        bench.results["startup"]["other_games_seconds_median"] = others


def section_record(bench: Bench) -> None:
    """The scoresheet's taps per move and its choices' latency (cli/record/bench.py)."""
    from .record import bench as record_bench

    figures = {}
    bench.say("")
    for game in bench.games:
        files = bench.corpora.get(game.name)
        if not files:
            continue
        taps = record_bench.measure_taps(game, files)
        latency = record_bench.measure_latency(game, files)
        figures[game.name] = {"taps": taps, "choices_latency": latency}
        bench.say(record_bench.report_line(game.name, taps, latency))
    bench.results["record"] = figures


#: The benchmark, in order. Append a section function to extend it (e.g. ingest).
SECTIONS: list[Callable[[Bench], None]] = [section_corpus, section_validation, section_comparison,
                                           section_ingest, section_reingest, section_startup, section_record]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ludolog.cli.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--repeat", type=int, default=3, help="passes per measurement; the best counts (default 3)")
    parser.add_argument("--game", action="append", help="measure only this game (repeatable)")
    parser.add_argument("--out", type=Path, default=Path("bench-out"), help="corpus folder (default bench-out)")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    def body() -> int:
        from .common import available_games

        games, _ = available_games()
        if args.game:
            unknown = sorted(set(args.game) - {g.name for g in games})
            if unknown:
                parser.error(f"not an available game: {', '.join(unknown)}")
            games = [g for g in games if g.name in args.game]
        bench = Bench(out=args.out, repeat=args.repeat, games=games, as_json=args.json)
        bench.results["machine"] = machine = {"python": platform.python_version(), "platform": platform.platform(),
                                              "cpus": os.cpu_count()}
        bench.say("ludolog benchmark: full validation = read bytes + orjson parse + schema + strict replay "
                  f"+ claimed scores, best of {args.repeat}")
        bench.say(f"machine: Python {machine['python']}, {machine['cpus']} CPUs, {machine['platform']}")
        if not games:
            bench.say("no game engine is available to measure")
        for section in SECTIONS:
            section(bench)
        if args.json:
            print(json.dumps(bench.results, indent=2))
        return 0

    return run_script("bench", body)


if __name__ == "__main__":
    sys.exit(main())
