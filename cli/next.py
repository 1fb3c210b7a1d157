"""`ludolog next LOG`: every legal next move at the end of a log.

The moves come from the engine's own listing (:meth:`Game.legal_moves`), so each one printed is
the exact object the log would hold next: a chance move's every outcome, inside a simultaneous
window each waiting seat's choices. The components a move names are shown as ``ludolog ids``
describes them.
"""

from pathlib import Path
from typing import Annotated, Any

import orjson
import typer

from ludolog.replayer.core.idlist import line

from .common import (DEFAULT_MAX_SIZE, EXIT_INVALID, FormatOption, MaxSizeOption, OutputFormat, catalog_ids,
                     debug_enabled, emit, fail, handle_errors, internal_violation, load_log, one_log_file,
                     violation_text)

#: the log ends inside a simultaneous window: not a fault here, the next moves are the missing decisions
_OPEN_WINDOW = "CORE.SIMULTANEOUS.INCOMPLETE"
#: a component's description is cut to this many characters in text output
_NAME_CHARS = 70


def component_names(game) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """(kind -> {id: catalog entry}, id -> entry for ids that mean one thing in every kind)."""
    kinds = catalog_ids(game)
    anywhere: dict[str, Any] = {}
    for entries in kinds.values():
        for cid, what in entries.items():
            if what:  # None marks an id that means different things in different kinds
                anywhere[cid] = what if anywhere.get(cid, what) == what else None
    return kinds, {cid: what for cid, what in anywhere.items() if what is not None}


def _kind_of(field: str, kinds: dict) -> dict[str, str] | None:
    """The kind of id a move field holds when its name says so (``card``, ``cards``, ``tile_id``)."""
    for name in (field, field.rstrip("s"), field.split("_")[0]):
        if name in kinds:
            return kinds[name]
    return None


def names_in(move: dict, kinds: dict, anywhere: dict) -> list[tuple[str, str]]:
    """(id, catalog entry) of the components ``move`` names, in the order written, each once."""
    found: dict[str, str] = {}

    def visit(field: str, value: Any) -> None:
        if isinstance(value, str):
            entries = _kind_of(field, kinds)
            what = (entries or {}).get(value) or anywhere.get(value)
            if what and value not in found:
                found[value] = what
        elif isinstance(value, list):
            for item in value:
                visit(field, item)
        elif isinstance(value, dict):
            for key, item in value.items():
                visit(key, item)

    for key, value in move.items():
        if key not in ("type", "player", "note"):
            visit(key, value)
    return list(found.items())


def next_report(log, name: str) -> dict:
    """Its status and, unless the game is over or the log invalid, the legal moves by type."""
    from ludolog.replayer.core import replay
    from ludolog.replayer.core.game import CHANCE, SIMULTANEOUS

    result = replay(log, check_claims=False)
    violations = [v for v in result.violations if v.code != _OPEN_WINDOW]
    game = result.game
    older = log.source_format if log.migration is not None else ""
    report: dict[str, Any] = {"file": name, "game": game.name, "after_move": len(log.moves or []),
                              "older_format": older,
                              "status": "invalid", "to_move": [], "chance": False, "count": 0,
                              "moves": [], "groups": [], "violations": [v.as_dict() for v in violations]}
    if violations or result.state is None:
        report["violation_objects"] = violations
        return report
    state = result.state
    if result.terminal:
        report["status"] = "over"
        report["result"] = result.result_line
        return report
    report["status"] = "unfinished"
    ids = log.player_ids
    seat = game.to_move(state)
    report["chance"] = seat == CHANCE
    report["to_move"] = ([ids[s] for s in sorted(game.acting_seats(state))] if seat == SIMULTANEOUS or seat >= 0
                         else [])
    turn, round_number = game.turn_info(state)
    report["turn"], report["round"], report["round_name"] = turn, round_number, game.round_name
    moves = list(game.legal_moves(state))
    kinds, anywhere = component_names(game)
    groups: dict[str, dict] = {}
    for move in moves:
        kind = str(move.get("type", ""))
        group = groups.setdefault(kind, {"type": kind, "count": 0, "moves": [], "names": {}})
        group["count"] += 1
        group["moves"].append(move)
        group["names"].update(names_in(move, kinds, anywhere))
    report["count"] = len(moves)
    report["moves"] = moves
    report["groups"] = list(groups.values())
    return report


def _short(text: str) -> str:
    return text if len(text) <= _NAME_CHARS else text[:_NAME_CHARS - 3] + "..."


def next_text(report: dict) -> str:
    where = f"{report['file']} ({report['game']}), after its {report['after_move']} moves"
    if report["status"] == "over":
        return f"{where}: the game is over; no move may follow. {report.get('result', '')}".rstrip()
    count, groups = report["count"], report["groups"]
    types = len(groups)
    if report["chance"]:
        head = (f"{where}: the next move is a chance move (the table writes what it reveals): "
                f"{count} possible outcome{'s' if count != 1 else ''}")
    else:
        who = " and ".join(report["to_move"]) or "nobody"
        verb = "decide" if len(report["to_move"]) > 1 else "decides"
        head = f"{where}: {who} {verb} next: {count} legal move{'s' if count != 1 else ''}"
    head += f" of {types} type{'s' if types != 1 else ''}" if types else ""
    lines = [head + "."]
    if report.get("older_format"):
        lines.append(f"(the log is written in the older format {report['older_format']}; these moves are in the "
                     f"current one: `ludolog migrate` the log before appending them)")
    for group in groups:
        lines.append(f"{group['type']} ({group['count']}):")
        lines.extend("  " + orjson.dumps(move).decode() for move in group["moves"])
        if group["names"]:
            lines.append("  the components named:")
            width = max(len(cid) for cid in group["names"])
            lines.extend(f"    {cid.ljust(width)}  {_short(line(what, cid))}" for cid, what in group["names"].items())
    if not groups:
        lines.append("(the engine lists no legal move here)")
    return "\n".join(lines)


@handle_errors
def next_command(log_file: Annotated[Path, typer.Argument(metavar="LOG", readable=False, help="One log file.")],
                 max_size: MaxSizeOption = DEFAULT_MAX_SIZE,
                 fmt: FormatOption = OutputFormat.text) -> None:
    """List every legal next move at the end of LOG, grouped by move type.

    Each move is printed as the JSON object the log would hold next (append it as it is); where
    the next move is a chance move, every possible outcome is listed. Says when the game is over.
    Exit 1, showing the violation, if the log is invalid.
    """
    name = one_log_file(log_file, "next")
    log = load_log(log_file, max_size=max_size)
    try:
        report = next_report(log, name)
    except Exception as exc:  # noqa: BLE001 - name the file in the message
        if debug_enabled():
            raise
        fail(internal_violation(name, exc, log.game).message, file=name)
    found = report.pop("violation_objects", [])
    if report["status"] == "invalid":
        emit(report, fmt, lambda: f"{name}: the log is invalid, so no next move can be listed; first correct:\n"
                                  + "\n".join(violation_text(v) for v in found))
        raise typer.Exit(EXIT_INVALID)
    emit(report, fmt, lambda: next_text(report))
