"""The `ludolog` command line: games, schema, validate, replay, simulate, record; the other
commands are registered from their own modules. Each command imports what it alone needs inside it.
"""

import os
import time
from pathlib import Path
from typing import Annotated, Optional

import orjson
import typer

from ludolog.replayer.core import CORE_RULES, IllegalMove, LogError, simulate_log
from ludolog.replayer.core.files import FILE_RULES, LOG_SUFFIX, search_logs, write_file

from . import render
from .common import (DEFAULT_MAX_SIZE, EXIT_INVALID, FileProblem, FormatOption, MaxSizeOption, OutputFormat,
                     available_games, check_file, color_enabled, debug_enabled, display_name, emit, error_boundary,
                     fail, handle_errors, internal_violation, load_log, one_log_file, parse_option_pairs,
                     path as path_parser, problem_check, progress, resolve_game, say, usage_error, violation_text)

app = typer.Typer(
    name="ludolog",
    help="Validate, replay and analyse recorded tabletop games (JSON move logs).",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish, PowerShell
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"ludolog {version('ludolog')}")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", "-V", callback=_version, is_eager=True,
                                                help="Show the version and exit.")] = False) -> None:
    """Validate, replay and analyse recorded tabletop games (JSON move logs)."""


# -- games ----------------------------------------------------------------------------------------

@app.command()
@handle_errors
def games(rules: Annotated[Optional[str], typer.Option("--rules", metavar="GAME",
                                                       help="List every rule code of GAME (and the core codes).")] = None,
          fmt: FormatOption = OutputFormat.text) -> None:
    """List the games, their variants, player counts and catalog versions."""
    if rules is not None:
        game = resolve_game(rules, "--rules")
        game_rules = [{"code": r.code, "ref": r.ref, "summary": r.summary} for r in game.rules]
        core_rules = [{"code": r.code, "ref": r.ref, "summary": r.summary} for r in (*CORE_RULES, *FILE_RULES)]
        emit({"game": game.name, "rules": game_rules, "core_rules": core_rules}, fmt,
             lambda: render.rules_text(game.name, game_rules, core_rules))
        return
    loaded, unavailable = available_games()
    infos = [render.game_info(game) for game in loaded]
    emit({"games": infos, "unavailable": unavailable}, fmt, lambda: render.games_text(infos, unavailable))


# -- schema ---------------------------------------------------------------------------------------

@app.command()
@handle_errors
def schema(game: Annotated[str, typer.Argument(help="Game name, e.g. entdecker.")],
           fmt: FormatOption = OutputFormat.json) -> None:
    """Print the JSON Schema of GAME's logs (envelope and moves, one document).

    A schema is a JSON document, so both formats print it as JSON.
    """
    engine = resolve_game(game)
    typer.echo(orjson.dumps(engine.schema.document, option=orjson.OPT_INDENT_2).decode())


# -- validate -------------------------------------------------------------------------------------

@app.command()
@handle_errors
def validate(paths: Annotated[list[Path], typer.Argument(metavar="PATH...", show_default=False, parser=path_parser,
                                                         help="Log files and folders (searched for *.json).")],
             limit: Annotated[int, typer.Option(min=0, help="Violations shown per file in text output (0: all).")] = 20,
             quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Text output: only files with problems and the summary.")] = False,
             max_size: MaxSizeOption = DEFAULT_MAX_SIZE,
             fmt: FormatOption = OutputFormat.text) -> None:
    """Check logs: schema, full strict replay and claimed scores.

    Exit 0 if every log is valid (an unfinished game is valid unless it claims final scores),
    1 if any is not, or if anything found cannot be read (a folder, a broken link, a FIFO...).
    """
    search = search_logs(paths, LOG_SUFFIX, max_size)
    counts: dict[str, int] = {}
    files = moves = 0
    # each file's line (or JSON entry) is printed as soon as it is checked and only the counts are
    # kept, so memory stays flat however many logs there are
    stream = render.JsonListStream("files") if fmt == OutputFormat.json else None
    colour = color_enabled()
    start = time.perf_counter()
    for entry in progress(search.entries, len(search.entries), "validating"):
        check = problem_check(entry) if isinstance(entry, FileProblem) else check_file(entry, max_size=max_size)
        files += 1
        counts[check.status] = counts.get(check.status, 0) + 1
        moves += check.applied
        if stream is not None:
            stream.add(check.as_dict())
        elif not (quiet and check.ok):
            say(render.check_text(check, limit, colour))
    seconds = time.perf_counter() - start
    all_valid = counts.keys() <= {"valid", "unfinished"}
    summary = {"files": files, "counts": counts, "moves": moves, "seconds": round(seconds, 3),
               "moves_per_s": round(moves / seconds, 1) if seconds > 0 else 0.0, "all_valid": all_valid}
    if stream is not None:
        stream.close({"summary": summary})
    else:
        typer.echo(render.summary_text(summary))
    if not all_valid:
        raise typer.Exit(EXIT_INVALID)


# -- replay ---------------------------------------------------------------------------------------

@app.command("replay")
@handle_errors
def replay_command(log_file: Annotated[Path, typer.Argument(metavar="LOG", readable=False, help="One log file.")],
                   to: Annotated[Optional[int], typer.Option("--to", min=0, metavar="N",
                                                             help="Stop after the first N moves (default: the end).")] = None,
                   max_size: MaxSizeOption = DEFAULT_MAX_SIZE,
                   fmt: FormatOption = OutputFormat.text,
                   svg: Annotated[Optional[Path], typer.Option(
                       "--svg", metavar="FILE", help="Also write the board picture of this position to FILE "
                                                     "(SVG; an existing FILE is not replaced).")] = None) -> None:
    """Show the state, scores and score ledger after move N (default: the end).

    Exit 1, showing the violation, if the log is invalid before that point.
    """
    from ludolog.replayer.core import replay

    name = one_log_file(log_file, "replay")
    log = None
    try:
        log = load_log(log_file, max_size=max_size)
        total = len(log.moves or [])
        stop = None if to is None or to >= total else to
        result = replay(log, to=stop)
    except LogError:
        raise
    except Exception as exc:  # noqa: BLE001 - name the file in the message
        if debug_enabled():
            raise
        fail(internal_violation(name, exc, log.game if log else "").message, file=name)
    end = total if stop is None else stop
    # Problems after the requested point do not concern this position (schema errors of later moves).
    relevant = [v for v in result.violations if v.move_index is None or v.move_index < end]
    if result.applied < end and not relevant:
        # The replay stopped short of N for a problem recorded later in the log: the position asked
        # for was not reached, so that problem does concern it.
        relevant = list(result.violations)
    game = result.game
    state = result.state
    report = {
        "file": name, "game": game.name, "title": game.title, "moves_total": total,
        "to": end, "applied": result.applied,
        "status": "invalid" if relevant else ("valid" if result.terminal else "unfinished"),
        "terminal": result.terminal, "turn": None, "round": None, "round_name": game.round_name,
        "columns": [], "players": [],
        "scores": result.scores, "winners": result.winners, "ledger": [], "position": "",
        "violations": [v.as_dict() for v in relevant],
        # the move that led to this position, and those around it (move N is /moves/N)
        "last_move": _move_entry(log.moves, end - 1) if end > 0 else None,
        "moves_around": [_move_entry(log.moves, i) for i in range(max(0, end - MOVES_AROUND), min(total, end + MOVES_AROUND))],
    }
    picture = ""
    if state is not None:
        ids = log.player_ids
        report["turn"], report["round"] = game.turn_info(state)
        report["columns"] = [name for name, _ in game.state_columns]
        report["players"] = [{"player": ids[seat], **dict(zip(report["columns"], row))}
                             for seat, row in enumerate(game.player_rows(state))]
        report["bots"] = [{"id": b.id, "claim_id": b.claim_id, "name": b.name, "score": result.bot_scores[b.id]}
                          for b in result.bots]
        # the players' ledger and each bot's own, under its reserved id
        ledgers = [(state.ledger, None)] + [(game.bot_ledger(state, bot), bot.claim_id) for bot in result.bots]
        report["ledger"] = sorted(({"move_index": e.move_index, "player": who or ids[e.seat], "delta": e.delta,
                                    "category": e.category, "reason": e.reason}
                                   for ledger, who in ledgers for e in ledger.events), key=lambda e: e["move_index"])
        report["result"] = result.result_line if result.terminal else ""
        report["unrevealed"] = result.unrevealed
        report["position"] = game.describe(state)
        picture = game.render(state) if fmt == OutputFormat.text else ""
        if svg is not None:
            drawing = game.render_svg(state)
            if drawing is None:
                fail(f"{name}: {game.title} draws no board picture; leave out --svg")
            write_file(svg, drawing.encode("utf-8"))
    # a player's notes on the moves replayed (free comments, like PGN's)
    report["notes"] = [{"move_index": i, "note": m["note"]} for i, m in enumerate((log.moves or [])[:end])
                       if isinstance(m, dict) and isinstance(m.get("note"), str)]
    if fmt == OutputFormat.json:
        emit(report, fmt)
    else:
        hidden = () if report.get("bots") else game.bot_columns  # no solo opponent's column in a game without one
        typer.echo(render.replay_text({**report, "violation_objects": relevant}, picture, hidden_columns=hidden,
                                      around=to is not None))
        if report["notes"]:
            typer.echo(render.notes_text(report["notes"]))
    if relevant:
        raise typer.Exit(EXIT_INVALID)


MOVES_AROUND = 4  #: moves listed before and after the position ``replay --to N`` shows


def _move_entry(moves: list | None, index: int) -> dict:
    move = (moves or [])[index]
    return {"index": index, "player": move.get("player", "") if isinstance(move, dict) else "", "move": move}


# -- simulate -------------------------------------------------------------------------------------

@app.command()
@handle_errors
def simulate(game: Annotated[str, typer.Argument(help="Game name, e.g. entdecker.")],
             players: Annotated[int, typer.Option("--players", "-p", min=1, help="Number of players.")],
             out: Annotated[Path, typer.Option("--out", "-o", readable=False,
                                               help="Folder for the logs (created if missing).")],
             count: Annotated[int, typer.Option("--count", "-n", min=1, help="Number of games.")] = 1,
             seed: Annotated[int, typer.Option("--seed", "-s", help="Seed: the same seed writes identical logs.")] = 0,
             option: Annotated[Optional[list[str]], typer.Option("--option", metavar="KEY=VALUE",
                                                                 help="A game option (variant), repeatable.")] = None,
             overwrite: Annotated[bool, typer.Option("--overwrite", help="Replace files of the same names in OUT "
                                                     "(without it, existing files are never touched).")] = False,
             fmt: FormatOption = OutputFormat.text) -> None:
    """Write random legal games of GAME as logs, one .json file per game.

    Each log has its final scores claimed as the players would have written them down; the same
    seed writes identical files. Existing files of the same names are refused (exit 1) unless
    --overwrite; a file is never written through a symbolic link.
    """
    engine = resolve_game(game)
    if not engine.min_players <= players <= engine.max_players:
        usage_error(f"{engine.title} is played by {engine.min_players}-{engine.max_players} players", "--players")
    options = parse_option_pairs(option)
    _check_options(engine, options)
    if out.exists() and not out.is_dir():
        fail(f"{display_name(out)}: exists and is not a folder")
    paths = [out / f"{engine.name}-{players}p-s{seed}-{i:04d}.json" for i in range(1, count + 1)]
    if not overwrite:
        taken = [p for p in paths if os.path.lexists(p)]
        if taken:
            fail(f"{len(taken)} of the {count} files to write exist already in {display_name(out)} (the first: "
                 f"{display_name(taken[0].name)}); give --overwrite to replace them, or another --out")
    written, moves = [], 0
    start = time.perf_counter()
    for i, path in progress(list(enumerate(paths, 1)), count, f"simulating {engine.name}"):
        raw = _simulate_one(engine, players, f"{seed}:{i}", options)
        raw["meta"] = {"source": f"ludolog simulate {engine.name} --players {players} --seed {seed}, game {i}"}
        data = orjson.dumps(raw, option=orjson.OPT_INDENT_2) + b"\n"
        if i == 1:
            _check_simulated(path, data)
            out.mkdir(parents=True, exist_ok=True)
        write_file(path, data, overwrite=overwrite)
        written.append(display_name(path))
        moves += len(raw["moves"])
    seconds = time.perf_counter() - start
    emit({"game": engine.name, "players": players, "seed": seed, "options": options, "files": written,
          "games": len(written), "moves": moves, "seconds": round(seconds, 3)}, fmt,
         lambda: f"wrote {len(written)} {engine.name} log{'s' if len(written) != 1 else ''} "
                 f"({moves:,} moves) to {display_name(out)} in {seconds:.2f} s")


def _simulate_one(engine, players: int, seed: str, options: dict) -> dict:
    """One simulated game; an option the game refuses at set-up is a usage error (exit 2)."""
    try:
        return simulate_log(engine, players, seed=seed, options=options)
    except IllegalMove as exc:
        if exc.pointer.startswith("/options"):
            usage_error(f"{exc.message} ({exc.code})", "--option")
        raise


def _check_options(engine, options: dict) -> None:
    """Options must match the game's schema before any game is played (usage error otherwise)."""
    options_schema = engine.schema.document.get("properties", {}).get("options")
    if not options or not options_schema:
        return
    from ludolog.replayer.core.schemas import strict_validator_class  # worded like a log's schema errors

    # The options schema may refer to the game schema's $defs, so validate inside that document.
    schema = {"$defs": engine.schema.document.get("$defs", {}), "allOf": [options_schema]}
    errors = sorted(strict_validator_class()(schema).iter_errors(options), key=lambda e: list(map(str, e.path)))
    if errors:
        known = ", ".join(engine.variants) or "none"
        where = "/".join(str(p) for p in errors[0].path)
        usage_error(f"{where + ': ' if where else ''}{errors[0].message} (options of {engine.name}: {known})",
                    "--option")


def _check_simulated(path: Path, data: bytes) -> None:
    """The first simulated log must validate: a failure here is a bug in the engine, not user input."""
    check = check_file(path, data)
    if not check.ok:
        first = violation_text(check.violations[0]) if check.violations else check.status
        fail(f"the simulated game does not validate ({first}); this is a bug in ludolog, please report it")


def main() -> None:
    """Console-script entry point ``ludolog``."""
    with error_boundary():
        app(prog_name="ludolog")  # also the name shell completion is installed under


from . import extract, ids, migrate, new, next as next_, report_command, tables  # noqa: E402 - in `--help` order

for _name, _command in (("migrate", migrate.migrate_command), ("report", report_command.report_command),
                        ("extract", extract.extract), ("tables", tables.tables), ("ids", ids.ids_command),
                        ("new", new.new_command), ("next", next_.next_command)):
    app.command(_name)(_command)


@app.command("record")
@handle_errors
def record(target: Annotated[str, typer.Argument(metavar="GAME|FILE", help="A game to start (with --players and --out) or a log to go on recording.")],
           players: Annotated[Optional[str], typer.Option("--players", "-p", metavar="IDS", help="A new game's player ids in seat order: ana,ben.")] = None,
           option: Annotated[Optional[list[str]], typer.Option("--option", metavar="K=V", help="A new game's option (repeatable).")] = None,
           out: Annotated[Optional[Path], typer.Option("--out", "-o", readable=False, help="The new log's file (never replaced).")] = None,
           host: Annotated[str, typer.Option("--host", help="Where to listen: 127.0.0.1 (this machine) or 0.0.0.0 (the network; needs the token).")] = "127.0.0.1",
           port: Annotated[int, typer.Option("--port", help="The port (default 0: a free one).")] = 0,
           no_open: Annotated[bool, typer.Option("--no-open", help="Do not open a browser.")] = False) -> None:
    """Record a game at the table: a local web scoresheet offering only the legal moves, writing the log after every move."""
    from .record.command import open_recording, serve

    if not 0 <= port <= 65535:
        usage_error("a port is 0 to 65535 (0: any free port)", "--port")
    serve(open_recording(target, players, option, out), host, port, not no_open)


from .data_commands import register  # noqa: E402

register(app)
