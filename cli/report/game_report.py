"""The single-log HTML report: header, score chart, ledger, claims, and a step-through of the moves.

Everything the page needs is inside the one file (styles, the script, the chart as inline SVG,
every board picture), so it opens offline. A game contributes only its board picture,
:meth:`Game.render_svg`. jinja2, altair and vl-convert are imported here only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import orjson

from ludolog.replayer.core import replay
from ludolog.replayer.core.colours import seat_colour
from ludolog.replayer.core.log import GameLog

from ..render import move_text

SETUP_LABEL = "set-up"


@dataclass(slots=True)
class Step:
    """One position of the step-through: after the set-up (position 0) or after a move."""

    position: int  # 0: after the set-up; p: after the move with index p - 1
    label: str
    scores: list[int]
    board: int | None  # index into the distinct board pictures, None: the game draws none
    text: str  # the game's one-line position text


@dataclass(slots=True)
class MoveRow:
    index: int
    player: str
    text: str
    note: str
    replayed: bool
    violation: str = ""  # the violation found at this move, if any


@dataclass(slots=True)
class ClaimRow:
    label: str
    after: int | None  # move index, None for the final claim
    player: str
    claimed: int
    replayed: int | None  # None: the replay did not reach that point
    first_divergence: bool = False

    @property
    def agrees(self) -> bool:
        return self.replayed == self.claimed


@dataclass(slots=True)
class GameReport:
    file: str
    game: str
    title: str
    edition: str
    options: dict
    players: list[dict]
    status: str
    result: str
    moves_total: int
    applied: int
    violations: list[dict]
    steps: list[Step] = field(default_factory=list)
    boards: list[str] = field(default_factory=list)
    moves: list[MoveRow] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    by_category: list[dict] = field(default_factory=list)
    claims: list[ClaimRow] = field(default_factory=list)
    chart_svg: str = ""
    #: the take-backs the log keeps (its ``corrections``, written by ``ludolog record``), in order
    corrections: list[dict] = field(default_factory=list)


def build(log: GameLog) -> GameReport:
    """Replay ``log`` once, keeping every position's scores and board picture. Never raises for a
    bad log: the report shows the valid prefix and the violation at its move."""
    boards: dict[str, int] = {}
    steps: list[Step] = []
    ids = log.player_ids

    def picture(game, state) -> int | None:
        svg = game.render_svg(state)
        if svg is None:
            return None
        return boards.setdefault(svg, len(boards))

    def on_step(index: int, move: dict, state) -> None:
        steps.append(Step(index + 1, f"{move.get('player', '')} {move_text(move)}".strip(), list(state.ledger.totals),
                          picture(game, state), game.describe(state)))

    from ludolog.replayer.core.registry import get_game

    game = get_game(log.game)
    # the set-up position is built by a replay of no move (the driver owns how a state starts)
    start = replay(log, to=0, check_claims=False)
    if start.state is not None:
        steps.append(Step(0, SETUP_LABEL, list(start.state.ledger.totals), picture(game, start.state),
                          game.describe(start.state)))
    result = replay(log, on_step=on_step if start.state is not None else None)
    report = GameReport(
        file=log.file, game=game.name, title=game.title, edition=log.edition, options=dict(log.options),
        players=[{"id": p.id, "name": getattr(p, "name", "") or p.id} for p in log.players],
        status=result.status, result=result.result_line if result.terminal else "",
        moves_total=len(log.moves or []), applied=result.applied,
        violations=[v.as_dict() for v in result.violations], steps=steps,
        boards=sorted(boards, key=boards.__getitem__))
    at_move = {}
    for v in result.violations:
        if v.move_index is not None:
            at_move.setdefault(v.move_index, f"{v.code}: {v.message}")
    for i, move in enumerate(log.moves or []):
        move = move if isinstance(move, dict) else {"type": repr(move)}
        report.moves.append(MoveRow(i, str(move.get("player", "")), move_text(move), str(move.get("note", "") or ""),
                                    i < result.applied, at_move.get(i, "")))
    state = result.state
    if state is not None:
        report.events = [{"move": e.move_index, "player": ids[e.seat], "delta": e.delta, "category": e.category,
                          "reason": e.reason} for e in state.ledger.events]
        report.categories = sorted({e.category for e in state.ledger.events})
        report.by_category = [{"player": pid, "total": state.ledger.totals[seat],
                               "points": state.ledger.by_category(seat)} for seat, pid in enumerate(ids)]
        report.claims = _claims(log, state, result)
    report.chart_svg = score_chart(report)
    report.corrections = [{"time": str(c.get("time", "")), "index": c.get("index"),
                           "text": f"{c['move'].get('player', '')} {move_text(c['move'])}".strip()}
                          for c in (log.raw.get("corrections") or [])
                          if isinstance(c, dict) and isinstance(c.get("move"), dict)]
    return report


def _claims(log: GameLog, state, result) -> list[ClaimRow]:
    """Every claimed score beside the replayed one; the first that differs is marked."""
    claimed = log.claimed or {}
    rows: list[ClaimRow] = []
    seat_of = log.seat_of
    for event in claimed.get("events") or []:
        after = event.get("after")
        reached = isinstance(after, int) and after < result.applied
        totals = state.ledger.totals_through(after) if reached else None
        label = event.get("label") or f"after move {after}"
        for pid, score in (event.get("scores") or {}).items():
            seat = seat_of.get(pid)
            rows.append(ClaimRow(label, after, pid, score, totals[seat] if totals is not None and seat is not None else None))
    final = claimed.get("final") or {}
    for pid, score in final.items():
        seat = seat_of.get(pid)
        replayed = state.ledger.totals[seat] if result.terminal and seat is not None else None
        rows.append(ClaimRow("final", None, pid, score, replayed))
    rows.sort(key=lambda r: (r.after is None, r.after if r.after is not None else 0))
    first = next((row for row in rows if not row.agrees), None)
    if first is not None:
        first.first_divergence = True
    return rows


def score_chart(report: GameReport) -> str:
    """Every player's score over the moves, the scoring events as points, violations as rules (SVG)."""
    import altair as alt

    if not report.steps:
        return ""
    ids = [p["id"] for p in report.players]
    lines = [{"move": step.position - 1, "player": pid, "score": step.scores[seat]}
             for step in report.steps for seat, pid in enumerate(ids)]
    running = {pid: 0 for pid in ids}
    points = []
    for e in report.events:
        running[e["player"]] += e["delta"]
        points.append({"move": e["move"], "player": e["player"], "score": running[e["player"]],
                       "category": e["category"], "delta": e["delta"]})
    marks = [{"move": v["move_index"], "code": v["code"]} for v in report.violations if v.get("move_index") is not None]
    last = max([len(report.steps) - 2, 0, *(m["move"] for m in marks)])  # a violation's move is on the axis too
    x = alt.X("move:Q", title="move (index; -1 is the set-up)", scale=alt.Scale(domain=[-1, last], nice=False))
    y = alt.Y("score:Q", title="points")
    # the board pictures' seat colours, so a player is one colour on the board and in the chart
    colour = alt.Color("player:N", title="player", sort=ids,
                       scale=alt.Scale(domain=ids, range=[seat_colour(seat) for seat in range(len(ids))]))
    chart = alt.Chart(alt.Data(values=lines)).mark_line(interpolate="step-after").encode(x=x, y=y, color=colour)
    if points:
        chart += alt.Chart(alt.Data(values=points)).mark_point(filled=True, size=40).encode(
            x=x, y=y, color=colour, shape=alt.Shape("category:N", title="scoring event"))
    if marks:
        chart += alt.Chart(alt.Data(values=marks)).mark_rule(color="#c00", strokeDash=[4, 3]).encode(x="move:Q")
    return svg(chart.properties(width=640, height=260, title="Score over the moves"))


def svg(chart) -> str:
    """An altair chart as inline SVG (vl-convert renders it without a browser)."""
    import vl_convert

    return vl_convert.vegalite_to_svg(chart.to_json())


def page(template: str, **values: Any) -> str:
    """The HTML page ``template`` (a jinja2 template of the package) filled with ``values``."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("ludolog.cli.report", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined)
    return env.get_template(template).render(**values)


def render_html(report: GameReport) -> str:
    """The page from the package's jinja2 template."""
    steps: list[dict[str, Any]] = [{"position": s.position, "label": s.label, "scores": s.scores, "board": s.board,
                                    "text": s.text} for s in report.steps]
    pieces, boards = encode_boards(report.boards)
    # in a <script> element only "</" could end it early
    steps_json = orjson.dumps({"players": [p["id"] for p in report.players], "steps": steps, "pieces": pieces,
                               "boards": boards}).decode().replace("</", "<\\/")
    return page("game.html.j2", r=report, steps_json=steps_json)


_ELEMENT_BOUNDARY = re.compile(r"(?<=>)(?=<)")


def encode_boards(boards: list[str]) -> tuple[list[str], list[list[int]]]:
    """The board pictures as a table of distinct markup pieces (one element's tags each) and, per
    board, the pieces it is made of in order: consecutive positions differ in a few pieces, so a
    game of 300 moves takes a few hundred kilobytes instead of 300 whole pictures (8 MB for an
    Entdecker game). The page joins a board's pieces when it is shown; ``"".join`` of the pieces
    of board k is exactly ``boards[k]``."""
    index: dict[str, int] = {}
    pieces: list[str] = []
    encoded = []
    for svg in boards:
        ids = []
        for piece in _ELEMENT_BOUNDARY.split(svg):
            k = index.get(piece)
            if k is None:
                k = index[piece] = len(pieces)
                pieces.append(piece)
            ids.append(k)
        encoded.append(ids)
    return pieces, encoded
