"""Text renderings of command results (the JSON output is the same data, unformatted)."""
from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any

import typer

from .common import FileCheck, say, to_json, violation_text


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], indent: str = "") -> str:
    """A plain aligned text table; numbers right-aligned, text left-aligned."""
    cells = [[str(h) for h in headers]] + [["" if c is None else str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    numeric = [bool(rows) and all(_is_number(row[i]) or row[i] in ("", None) for row in rows)
               for i in range(len(headers))]
    lines = []
    for k, row in enumerate(cells):
        parts = [c.rjust(w) if numeric[i] and k else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))]
        lines.append(indent + "  ".join(parts).rstrip())
        if k == 0:
            lines.append(indent + "  ".join("-" * w for w in widths))
    return "\n".join(lines)


_NUMBER_TEXT = re.compile(r"^[+-]?\d[\d,]*(\.\d+)?[%x]?$")


def _is_number(value: Any) -> bool:
    """Numbers and percentages are right-aligned."""
    if isinstance(value, str):
        return _NUMBER_TEXT.match(value) is not None
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# -- games --------------------------------------------------------------------------------------

def game_info(game) -> dict:
    """What `ludolog games` says about one engine."""
    return {
        "name": game.name, "title": game.title, "editions": list(game.editions),
        "min_players": game.min_players, "max_players": game.max_players,
        "variants": dict(game.variants), "catalog_version": game.catalog_version,
        "move_types": list(game.schema.move_types), "rule_codes": len(game.rules),
    }


def games_text(infos: list[dict], unavailable: list[dict]) -> str:
    lines = []
    for info in infos:
        players = (f"{info['min_players']}-{info['max_players']}" if info["min_players"] != info["max_players"]
                   else str(info["min_players"]))
        lines.append(f"{info['name']}: {info['title']}, edition {', '.join(info['editions'])}, "
                     f"{players} players, catalog {info['catalog_version']}, {info['rule_codes']} rule codes")
        lines.append(f"  moves: {', '.join(info['move_types'])}")
        if info["variants"]:
            lines.append("  options:")
            width = max(len(k) for k in info["variants"])
            lines.extend(f"    {k.ljust(width)}  {v}" for k, v in info["variants"].items())
        else:
            lines.append("  options: none")
    for item in unavailable:
        lines.append(f"{item['name']}: not available in this installation ({item['error']})")
    if not lines:
        lines.append("no games are registered")
    return "\n".join(lines)


def rules_text(game_name: str, game_rules: list[dict], core_rules: list[dict]) -> str:
    out = []
    for title, rules in ((f"{game_name} rule codes", game_rules), ("core rule codes (every game)", core_rules)):
        out.append(f"{title} ({len(rules)}):")
        for r in rules:
            out.append(f"  {r['code']}  [{r['ref']}]")
            out.append(f"      {r['summary']}")
    return "\n".join(out)


# -- validate -------------------------------------------------------------------------------------

class JsonListStream:
    """One JSON object on stdout (``{"files": [ ... ], "summary": ...}``, the text of the whole
    document printed at once) whose list ``key`` is written item by item, so that only the current
    item is held; each is printed (through :func:`say`) once the next tells whether a comma follows."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.count = 0
        self._pending = f'{{\n  {to_json(key)}: ['

    def add(self, item: Any) -> None:
        if self.count:
            self._pending += ","
        say(self._pending)
        self._pending = _indented(to_json(item), "    ")
        self.count += 1

    def close(self, rest: dict) -> None:
        """End the list and the document with the other keys of the object."""
        text = self._pending + ("]" if self.count == 0 else "\n  ]")
        for key, value in rest.items():
            text += f",\n  {to_json(key)}: " + _indented(to_json(value), "  ").lstrip()
        say(text + "\n}")


def _indented(text: str, pad: str) -> str:
    return "\n".join(pad + line for line in text.split("\n"))


STATUS_LABELS = {"valid": "OK", "unfinished": "UNFINISHED", "invalid": "INVALID", "unreadable": "UNREADABLE",
                 "error": "ERROR"}


#: The label's colour in a terminal (never the only sign: the word is there without colour).
STATUS_COLOURS = {"valid": "green", "unfinished": "yellow", "invalid": "red", "unreadable": "red", "error": "magenta"}


def status_label(status: str, colour: bool = False) -> str:
    """The status word, padded to one width, in its colour when ``colour`` (a terminal)."""
    label = f"{STATUS_LABELS[status]:<10}"
    return typer.style(label, fg=STATUS_COLOURS[status], bold=True) if colour else label


def check_line(check: FileCheck, colour: bool = False) -> str:
    """One line per file: status, file, what was replayed (for an unreadable file: why)."""
    label = status_label(check.status, colour)
    if check.status == "unreadable" and check.violations:
        v = check.violations[0]
        return f"{label} {check.file}: {v.message} [{v.code}]"
    detail = []
    if check.game:
        detail.append(check.game)
    if check.moves or check.applied:
        detail.append(f"{check.applied}/{check.moves} moves" if check.status != "valid" else f"{check.moves} moves")
    if check.scores and check.status in ("valid", "unfinished"):
        detail.append("scores " + " ".join(f"{pid}={s}" for pid, s in {**check.scores, **check.bot_scores}.items()))
    if check.violations:
        n = len(check.violations)
        detail.append(f"{n} violation{'s' if n != 1 else ''}")
    return f"{label} {check.file}" + (f"  ({', '.join(detail)})" if detail else "")


def check_text(check: FileCheck, limit: int, colour: bool = False) -> str:
    lines = [check_line(check, colour)]
    if check.status == "unreadable":
        return lines[0]
    if check.bot_scores and check.status == "valid" and check.result:
        lines.append("  " + check.result)  # a solo game: who won, the bot or the player
    if check.unrevealed:
        lines.append(f"  {check.unrevealed} hidden draw{'s were' if check.unrevealed != 1 else ' was'} never revealed "
                     "(information, not a violation)")
    shown = check.violations if limit <= 0 else check.violations[:limit]
    lines.extend("  " + violation_text(v).replace("\n", "\n  ") for v in shown)
    if len(shown) < len(check.violations):
        lines.append(f"  ... and {len(check.violations) - len(shown)} more (use --limit 0 to see all)")
    return "\n".join(lines)


def summary_text(summary: dict) -> str:
    counts = summary["counts"]
    parts = [f"{counts.get(k, 0)} {k}" for k in ("valid", "unfinished", "invalid", "unreadable", "error") if counts.get(k, 0)
             or k in ("valid", "invalid")]
    rate = f", {summary['moves_per_s']:,.0f} moves/s" if summary["seconds"] > 0 and summary["moves"] else ""
    return (f"{summary['files']} log{'s' if summary['files'] != 1 else ''}: {', '.join(parts)}; "
            f"{summary['moves']:,} move{'s' if summary['moves'] != 1 else ''} replayed in {summary['seconds']:.2f} s{rate}")


# -- replay ---------------------------------------------------------------------------------------

TEXT_WIDTH = 100  #: text output is laid out for a terminal of this many columns


def fit_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], indent: str = "", width: int = TEXT_WIDTH,
              turn: bool = True) -> str:
    """:func:`table`, or, when that is wider than ``width``, the same table turned on its side
    (one line per column, one column per row: a player's figures read down; only with ``turn``),
    or else cut into groups of columns that fit, each repeating the first column."""
    text = table(headers, rows, indent)
    if max(map(len, text.splitlines()), default=0) <= width or len(headers) < 2:
        return text
    turned = table([headers[0], *[str(row[0]) for row in rows]],
                   [[h, *[row[i] for row in rows]] for i, h in enumerate(headers) if i], indent) if turn else ""
    if turn and max(map(len, turned.splitlines()), default=0) <= width:
        return turned
    groups, current = [], [0]
    for i in range(1, len(headers)):
        candidate = table([headers[j] for j in current + [i]], [[row[j] for j in current + [i]] for row in rows], indent)
        if len(current) > 1 and max(map(len, candidate.splitlines())) > width:
            groups.append(current)
            current = [0]
        current.append(i)
    groups.append(current)
    return "\n\n".join(table([headers[j] for j in group], [[row[j] for j in group] for row in rows], indent)
                        for group in groups)


def move_text(move: dict) -> str:
    """A move in one line without its player: ``draw pile=2 tile=gold-bay``."""
    parts = [str(move.get("type", "?"))]
    parts += [f"{key}={value_text(value)}" for key, value in move.items() if key not in ("type", "player", "note")]
    return " ".join(parts)


def value_text(value: Any) -> str:
    """A move's value as a person writes it: ``B7,B4,B1`` for a list, ``(to orchard)`` for an
    object, never JSON or Python syntax."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return ",".join(value_text(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return "(" + ", ".join(f"{k} {value_text(v)}" for k, v in value.items()) + ")"
    return str(value)


def move_words(move: Any) -> str:
    """:func:`move_text`, or a move that is not an object as its JSON on one line."""
    return move_text(move) if isinstance(move, dict) else " ".join(to_json(move).split())


def _move_line(entry: dict) -> str:
    who = f" ({entry['player']})" if entry["player"] else ""
    return f"move {entry['index']}{who} {move_words(entry['move'])}"


def replay_text(report: dict, picture: str, hidden_columns: Sequence[str] = (), around: bool = False) -> str:
    """The position after the moves replayed: header, picture, the players' figures (fitting
    100 columns), bots, winners, the ledger and violations; with ``around`` the move just
    applied and the moves around it."""
    count = len(report["players"])
    round_name = report.get("round_name", "round")
    lines = [f"{report['file']}: {report['title']}, {count} player{'' if count == 1 else 's'}",
             f"after {report['applied']} of {report['moves_total']} moves"
             + (f" (turn {report['turn']}, {round_name} {report['round']})" if report.get("turn") else "")
             + f"; status: {report['status']}"]
    last = report.get("last_move")
    lines += (textwrap.wrap(f"last move applied: {_move_line(last)}", TEXT_WIDTH, subsequent_indent="    ")
              if last else ["no move applied yet: the position after the set-up"])
    if around and report.get("moves_around"):
        lines.append("")
        lines.append("moves around it (move N is /moves/N in the log):")
        for entry in report["moves_around"]:
            mark = ">" if last and entry["index"] == last["index"] else " "
            state = "" if entry["index"] < report["to"] else "   (not applied yet)"
            line = f"  {mark} {entry['index']:>4}  {entry['player'] or '-':<10} {move_words(entry['move'])}"
            room = TEXT_WIDTH - len(state)
            lines.append((line if len(line) <= room else line[:room - 3] + "...") + state)
    if picture:
        lines += ["", picture.rstrip(), ""]
    columns = [c for c in report["columns"] if c not in hidden_columns]
    if columns:
        headers = ["seat", "player", *columns]
        rows = [[seat, row["player"], *[row[c] for c in columns]] for seat, row in enumerate(report["players"])]
        lines.append(fit_table(headers, rows))
    if report.get("bots"):
        lines.append("bots: " + ", ".join(f"{b['name']} ({b['claim_id']}) {b['score']}" for b in report["bots"]))
    if report.get("result") and report.get("bots"):
        lines.append(report["result"])
    elif report["winners"]:
        lines.append(f"winner{'s' if len(report['winners']) > 1 else ''}: {', '.join(report['winners'])}")
    if report.get("unrevealed"):
        lines.append(f"hidden draws never revealed: {report['unrevealed']}")
    events = report["ledger"]
    lines.append("")
    lines.append(f"score ledger ({len(events)} event{'s' if len(events) != 1 else ''} so far):")
    if events:
        lines.append(fit_table(["move", "player", "points", "category", "reason"],
                               [[e["move_index"] if e["move_index"] >= 0 else "setup", e["player"],
                                 f"{e['delta']:+d}", e["category"], e["reason"]] for e in events], indent="  "))
    if report["violations"]:
        lines.append("")
        lines.append("violations:")
        lines.extend("  " + violation_text(v).replace("\n", "\n  ") for v in report["violation_objects"])
    return "\n".join(lines)


def notes_text(notes: list[dict]) -> str:
    """The notes written on the moves replayed, one line each: ``move 12: a note``."""
    lines = ["", f"notes ({len(notes)}):"]
    lines += [f"  move {n['move_index']}: {n['note']}" for n in notes]
    return "\n".join(lines)


def counts_text(stats) -> str:
    """``V valid, U unfinished, I invalid[, N unreadable]`` of an ingest's or extract's logs."""
    unreadable = f", {stats.unreadable} unreadable" if stats.unreadable else ""
    return f"{stats.valid} valid, {stats.unfinished} unfinished, {stats.invalid} invalid{unreadable}"


def unreadable_lines(problems: list, fate: str) -> list[str]:
    """The paths an ingest or extract could not read, under their heading (``fate``: what became of them)."""
    if not problems:
        return []
    return [f"not read ({len(problems)}; {fate}):"] + [f"  {p}" for p in problems]


def bad_logs_lines(stats, more: str = "", shown: int = 20) -> list[str]:
    """The first ``shown`` logs of an ingest or extract that are not valid, under their heading."""
    if not stats.invalid_files:
        return []
    kinds = [k for k, n in (("invalid logs", stats.invalid), ("unreadable files", stats.unreadable)) if n]
    lines = [f"{' and '.join(kinds) or 'invalid logs'} ({stats.invalid + stats.unreadable}; kept in the tables "
             "games and violations):"]
    lines += [f"  {violation}" for _, violation in stats.invalid_files[:shown]]
    if len(stats.invalid_files) > shown:
        lines.append(f"  ... and {len(stats.invalid_files) - shown} more{more}")
    return lines
