"""`make demo`: games of every game simulated, validated, replayed, ingested, queried and audited.

Run as ``python -m ludolog.cli.demo [--out demo-out] [--game NAME]... [--games 60] [--seed 1]``; it
needs ludolog alone, no extra. The demo is a sequence of step functions over one shared :class:`Demo`
record (:data:`STEPS`); each prints its heading and the commands a user would type.
"""
from __future__ import annotations

import argparse
import collections
import re
import shlex
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from . import render
from .common import FileCheck, check_file, progress, run_script
from .report_command import INSTALL_HINT


@dataclass
class Demo:
    """What the steps share. ``extra`` is free for later steps (e.g. the database path)."""

    out: Path
    names: list[str]  #: the games shown, in order
    games: int  #: games simulated per game
    seed: int
    player_counts: tuple[int, ...] = (2, 3, 4)
    logs: Path = field(init=False)
    files: dict[str, list[Path]] = field(default_factory=dict)  #: per game
    checks: dict[str, list[FileCheck]] = field(default_factory=dict)  #: per game
    seconds: dict[str, float] = field(default_factory=dict)
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.logs = self.out / "logs"


class DemoFailed(Exception):
    """A step found something wrong; the demo stops with exit 1."""


def say(text: str = "") -> None:
    print(text, flush=True)


def run_cli(args: list[str]) -> int:
    """Run a ``ludolog`` command in this process (as a user would type it) and return its exit code."""
    from .app import app

    say(f"$ ludolog {shlex.join(args)}")
    code = app(args=args, prog_name="ludolog", standalone_mode=False)
    return int(code or 0)


# -- steps ----------------------------------------------------------------------------------------

def step_simulate(demo: Demo) -> None:
    """Random legal games of every game for each player count, fixed seeds, one .json log per game."""
    from ludolog.replayer.core import get_game

    for name in demo.names:
        engine = get_game(name)
        counts = [n for n in demo.player_counts if engine.min_players <= n <= engine.max_players] or [engine.min_players]
        folder = demo.logs / name
        folder.mkdir(parents=True, exist_ok=True)
        for old in _simulated_files(folder, name):  # a fresh corpus every run, so the figures are exact
            old.unlink()
        per_count = [demo.games // len(counts) + (1 if i < demo.games % len(counts) else 0) for i in range(len(counts))]
        for players, count in zip(counts, per_count):
            if count and run_cli(["simulate", name, "--players", str(players), "--count", str(count),
                                  "--seed", str(demo.seed + players), "--out", str(folder)]) != 0:
                raise DemoFailed(f"simulating {name} failed")
        demo.files[name] = _simulated_files(folder, name)


def _simulated_files(folder: Path, name: str) -> list[Path]:
    """The logs `ludolog simulate` wrote in ``folder``: its file names, its ``meta.source``. Any
    other file there is someone else's: the demo neither removes nor counts it."""
    pattern = re.compile(rf"{re.escape(name)}-\d+p-s\d+-\d{{4}}\.json")
    found = []
    for path in sorted(folder.glob("*.json")):
        if not pattern.fullmatch(path.name) or path.is_symlink():
            continue
        try:
            source = (orjson.loads(path.read_bytes()).get("meta") or {}).get("source", "")
        except (OSError, orjson.JSONDecodeError, AttributeError):
            continue
        if isinstance(source, str) and source.startswith(f"ludolog simulate {name} "):
            found.append(path)
    return found


def step_validate(demo: Demo) -> None:
    """Schema + strict replay + claimed scores of every log (what `ludolog validate` does)."""
    say(f"$ ludolog validate {demo.logs}")
    start = time.perf_counter()
    files = [(name, path) for name in demo.names for path in demo.files.get(name, [])]
    checks = [(name, check_file(path)) for name, path in progress(files, len(files), "validating")]
    seconds = time.perf_counter() - start
    demo.checks = {name: [c for n, c in checks if n == name] for name in demo.names}
    counts = collections.Counter(check.status for _, check in checks)
    moves = sum(c.applied for _, c in checks)
    demo.seconds["validate"] = seconds
    say(render.summary_text({"files": len(checks), "counts": counts, "moves": moves, "seconds": seconds,
                             "moves_per_s": moves / seconds if seconds else 0.0}))
    bad = [c for _, c in checks if not c.ok]
    for check in bad[:5]:
        say(render.check_text(check, limit=3))
    if bad:
        raise DemoFailed(f"{len(bad)} simulated logs do not validate")


def step_replay(demo: Demo) -> None:
    """One game of each replayed to its middle move: position, scores, the ledger so far."""
    for name in demo.names:
        checks = [c for c in demo.checks.get(name, []) if c.status == "valid"]
        if not checks:
            raise DemoFailed(f"no valid game of {name} to replay")
        # A game with three players if there is one: the most typical table.
        chosen = next((c for c in checks if len(c.scores) == 3), checks[0])
        middle = chosen.moves // 2
        if run_cli(["replay", chosen.file, "--to", str(middle)]) != 0:
            raise DemoFailed(f"replaying {chosen.file} to move {middle} failed")
        demo.extra.setdefault("replayed", {})[name] = chosen.file
        say()


def step_summary(demo: Demo) -> None:
    """Per game: games, moves, valid count, scores and win share by seat, per player count."""
    for name in demo.names:
        _summarise(name, demo.checks.get(name, []))
    checks = [c for name in demo.names for c in demo.checks.get(name, [])]
    moves = sum(c.moves for c in checks)
    validate_s = demo.seconds.get("validate", 0.0)
    if validate_s:
        say(f"validation: {validate_s:.2f} s, {moves / validate_s:,.0f} moves/s, {len(checks) / validate_s:,.0f} games/s")
    some = next(iter(demo.extra.get("replayed", {}).values()), "<log>")
    say(f"logs: {demo.logs}/   try: ludolog validate {demo.logs}   |   ludolog replay {some} --to 10")
    if "recorded" in demo.extra:
        say(f"recorded: ludolog record {demo.extra['recorded']}   |   ludolog report {demo.extra['recorded']}")


def _summarise(name: str, checks: list[FileCheck]) -> None:
    valid = [c for c in checks if c.status == "valid"]
    moves = sum(c.moves for c in checks)
    say(f"\n{len(checks)} games of {name}, {moves:,} moves; {len(valid)} valid, {len(checks) - len(valid)} not valid")
    by_players: dict[int, list[FileCheck]] = {}
    for c in valid:
        by_players.setdefault(len(c.scores), []).append(c)
    max_seats = max(by_players, default=0)
    rows = []
    for n in sorted(by_players):
        group = by_players[n]
        scores = [s for c in group for s in c.scores.values()]
        wins = [0.0] * max_seats
        for c in group:
            seats = list(c.scores)
            for pid in c.winners:  # a shared win counts as a share for each winner
                wins[seats.index(pid)] += 1 / len(c.winners)
        rows.append([n, len(group), round(statistics.mean(c.moves for c in group), 1),
                     round(statistics.mean(scores), 1), max(scores), min(scores),
                     *[f"{100 * w / len(group):.0f}%" if seat < n else "" for seat, w in enumerate(wins)]])
    if rows:
        say(render.table(["players", "games", "moves/game", "mean score", "max", "min",
                          *[f"seat {i + 1} wins" for i in range(max_seats)]], rows))


def step_ingest(demo: Demo) -> None:
    """Every log replayed and loaded into DuckDB (tables games, players, moves, player_states, ...)."""
    demo.extra["db"] = db = demo.out / "demo.duckdb"
    if run_cli(["ingest", str(demo.logs), "--db", str(db)]) != 0:
        raise DemoFailed("ingest failed")


DEMO_QUERIES = ("win_rate_by_seat", "points_by_category", "lead_changes")


def step_queries(demo: Demo) -> None:
    """Three named queries over the database, every game: seats, where the points come from, lead changes."""
    for name in DEMO_QUERIES:  # over every game in the database, one row group per game
        if run_cli(["query", name, "--db", str(demo.extra["db"])]) != 0:
            raise DemoFailed(f"query {name} failed")
        say()
    say("more: ludolog query --list   |   ludolog analyze elo --db " + str(demo.extra["db"]))


def step_audit(demo: Demo) -> None:
    """A disputed game: the scorer wrote 3 points too many for one player at one scoring moment."""
    from ludolog.replayer.core import read_log, replay

    source = next(iter(demo.extra.get("replayed", {}).values()), None) or str(demo.files[demo.names[0]][0])
    raw = orjson.loads(Path(source).read_bytes())
    ledger = replay(read_log(source)).state.ledger
    ids = [p["id"] for p in raw["players"]]
    scoring = sorted({e.move_index for e in ledger.events if e.move_index >= 0})  # a claim after each scoring move
    claims = [{"after": move, "label": f"scores after move {move}",
               "scores": dict(zip(ids, ledger.totals_through(move)))} for move in scoring]
    if not claims:
        raise DemoFailed(f"{source} has no scoring moves to dispute")
    victim = claims[len(claims) // 2]
    player = max(victim["scores"], key=lambda pid: victim["scores"][pid])
    for claim in claims[len(claims) // 2:]:
        claim["scores"][player] += 3
    raw["claimed"] = {"final": {**raw["claimed"]["final"], player: raw["claimed"]["final"][player] + 3},
                      "events": claims}
    disputed = demo.out / "disputed" / Path(source).name
    disputed.parent.mkdir(parents=True, exist_ok=True)
    disputed.write_bytes(orjson.dumps(raw, option=orjson.OPT_INDENT_2))
    if run_cli(["audit", str(disputed)]) != 1:
        raise DemoFailed("the audit did not find the altered claim")


def step_record(demo: Demo) -> None:
    """A game recorded through the scoresheet's choices, one take-back included.

    What `ludolog record`'s page does, by the recorder's own calls (cli/record/tapping.py); the file
    goes to a free name in ``recorded/`` (one recorded before stays) and is validated."""
    from ludolog.cli.record.session import Recording

    from .record import tapping

    name = demo.names[0]
    checks = [c for c in demo.checks.get(name, []) if c.status == "valid" and len(c.scores) == 2]
    if not checks:
        raise DemoFailed(f"no valid 2-player game of {name} to record")
    source = min(checks, key=lambda c: (c.moves, c.file))  # the table's game: the shortest, quickest to tap
    raw = orjson.loads(Path(source.file).read_bytes())
    ids = [p["id"] for p in raw["players"]]
    folder = demo.out / "recorded"
    folder.mkdir(parents=True, exist_ok=True)
    say(f"(the moves of {source.file}, chosen one tap at a time through the page's choices)")
    for number in range(1, 1000):  # a free name: a file recorded earlier (and maybe recorded on since) stays
        path = folder / (f"{name}.json" if number == 1 else f"{name}-{number}.json")
        try:
            recording = Recording.create(path, name, ids, raw.get("options") or {})
        except FileExistsError:
            continue
        break
    else:
        raise DemoFailed(f"{folder} holds 999 recorded games already; remove some")
    option_args = [a for k, v in (raw.get("options") or {}).items() for a in ("--option", f"{k}={v}")]
    say(f"$ ludolog record {shlex.join([name, '--players', ','.join(ids), *option_args, '--out', str(path)])}")
    try:
        done = tapping.record_game(recording, raw)
    except tapping.TappingError as exc:
        raise DemoFailed(f"recording {name}: {exc}") from None
    say(f"   set-up: {done.setup_values} values chosen in the form")
    say(f"   {done.moves} moves in {done.taps} taps ({done.taps / done.moves:.2f} a move)")
    if not done.taken_back:
        raise DemoFailed(f"the game of {name} offered no second choice to tap by mistake")
    say(f"   move {done.taken_back['index']}: \"{done.taken_back['wrong']}\" tapped by mistake and taken back "
        f"(the log's corrections keep it), then \"{done.taken_back['right']}\"")
    say(f"   the scores the table wrote down: {', '.join(f'{p} {s}' for p, s in raw['claimed']['final'].items())}")
    if run_cli(["validate", str(path)]) != 0:
        raise DemoFailed(f"the recorded game {path} does not validate")
    written = orjson.loads(path.read_bytes())
    if written["moves"] != raw["moves"] or len(written.get("corrections") or []) != 1:
        raise DemoFailed(f"the recorded game {path} does not hold the game's moves and its one take-back")
    demo.extra["recorded"] = path
    say(f"open it in the scoresheet (take back, notes, claims): ludolog record {path}")
    say(f"look at it: ludolog report {path}   (needs the report extra: make install, or {INSTALL_HINT})")


#: The demo, in order. Append (or insert before step_summary) to extend it.
STEPS: list[Callable[[Demo], None]] = [step_simulate, step_validate, step_replay, step_ingest, step_queries,
                                       step_audit, step_record, step_summary]


def run(demo: Demo, steps: list[Callable[[Demo], None]] | None = None) -> int:
    steps = STEPS if steps is None else steps
    total_start = time.perf_counter()
    for number, step in enumerate(steps, 1):
        title = (step.__doc__ or step.__name__).strip().splitlines()[0]
        say(f"\n== {number}/{len(steps)} {step.__name__.removeprefix('step_')}: {title}")
        start = time.perf_counter()
        try:
            step(demo)
        except DemoFailed as exc:
            say(f"demo failed: {exc}")
            return 1
        demo.seconds[step.__name__] = time.perf_counter() - start
        say(f"   ({demo.seconds[step.__name__]:.1f} s)")
    say(f"\ndemo finished in {time.perf_counter() - total_start:.1f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ludolog.cli.demo", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("demo-out"), help="output folder (default demo-out)")
    parser.add_argument("--game", action="append",
                        help="a game to show (repeatable; default: every installed game)")
    parser.add_argument("--games", type=int, default=60, help="games simulated per game (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    def body() -> int:
        from .common import available_games

        known = [g.name for g in available_games()[0]]
        unknown = [name for name in args.game or () if name not in known]
        if unknown:
            parser.error(f"unknown game {unknown[0]!r}; known games: {', '.join(known)}")
        names = list(dict.fromkeys(args.game)) if args.game else known
        return run(Demo(out=args.out, names=names, games=args.games, seed=args.seed))

    return run_script("demo", body)


if __name__ == "__main__":
    sys.exit(main())
