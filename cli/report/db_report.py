"""The corpus dashboard (``ludolog report --db``): one self-contained HTML page over an ingested
database, each chart fed by a named query (or analysis) whose name and SQL the page shows, so a
reader can ask the same question with ``ludolog query NAME``. The page opens offline.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .game_report import page, svg

#: how many players the Elo ranking chart shows per game (the table lists them all)
ELO_TOP = 15
#: rows shown per section's table (the whole answer is one `ludolog query` away)
TABLE_ROWS = 60


@dataclass(slots=True)
class Section:
    """One question of the dashboard: its chart, its answer as a table, and where it comes from."""

    key: str
    title: str
    question: str
    source: str  # "ludolog query NAME" or "ludolog analyze NAME"
    sql: str  # the named query's text ("" for an analysis)
    columns: list[str]
    rows: list[list[Any]]
    total_rows: int
    chart_svg: str = ""
    empty: str = ""  # why there is no chart (no rows), shown instead


@dataclass(slots=True)
class Dashboard:
    db: str
    games: int
    by_status: dict[str, int]
    sections: list[Section] = field(default_factory=list)


# -- one chart per question (each takes the query's rows) -------------------------------------------

def _label(row: dict) -> str:
    return f"{row['game'] or '(unknown game)'}, {row['player_count']}p"


def chart_games(rows: list[dict]) -> str:
    import altair as alt

    values = [{"group": _label(r), "status": status, "games": r[status]}
              for r in rows for status in ("valid", "unfinished", "invalid") if r[status]]
    # whole numbers only, each once: the renderer ignores tickMinStep and printed "0 1 1 2 2"
    # (ticks at 0.5 steps rounded by the format) for groups of 2 logs
    top = max((sum(r[s] for s in ("valid", "unfinished", "invalid")) for r in rows), default=0)
    step = max(1, -(-top // 10))
    last = step * -(-max(top, 1) // step)  # the axis ends on a tick
    chart = alt.Chart(alt.Data(values=values)).mark_bar().encode(
        x=alt.X("games:Q", title="logs", scale=alt.Scale(domain=[0, last], nice=False),
                axis=alt.Axis(format="d", values=list(range(0, last + 1, step)))),
        y=alt.Y("group:N", title=None, sort=None, axis=alt.Axis(labelLimit=0)),
        color=alt.Color("status:N", scale=alt.Scale(domain=["valid", "unfinished", "invalid"],
                                                    range=["#2e7d32", "#f9a825", "#c62828"])))
    return svg(chart.properties(width=520, title="Logs per game and player count"))


def chart_win_rate(rows: list[dict]) -> str:
    """One bar per seat, grouped by game and player count on one axis (no grid of panels, so no
    empty panel whatever the number of groups), each group's fair share as a dashed tick."""
    import altair as alt

    # a solo game has one seat: nothing to compare
    values = [{"group": _label(r), "seat": f"{r['seat'] + 1}", "win_share": r["win_share"],
               "fair_share": r["fair_share"]} for r in rows if r["player_count"] > 1]
    if not values:
        return ""
    y = alt.Y("group:N", title=None, sort=None, axis=alt.Axis(labelLimit=0))
    bars = alt.Chart().mark_bar().encode(
        x=alt.X("win_share:Q", title="share of wins", scale=alt.Scale(domain=[0, 1])), y=y, yOffset="seat:N",
        color=alt.Color("seat:N", title="turn position"))
    seats = max(int(v["seat"]) for v in values)
    band = 9 * seats + 10  # px per group: a bar of 9 px per seat and a gap
    fair = alt.Chart().mark_tick(color="#333", strokeDash=[4, 3], thickness=2, size=band - 4).encode(
        x="fair_share:Q", y=y)
    groups = len({v["group"] for v in values})
    chart = alt.layer(bars, fair, data=alt.Data(values=values)).properties(width=560, height=band * groups)
    return svg(chart.properties(title="Win share by place in the turn order (bars from the first player down; "
                                       "black line: a fair share)"))


def chart_scores(rows: list[dict]) -> str:
    import altair as alt

    values = [{**r, "group": _label(r)} for r in rows]
    base = alt.Chart(alt.Data(values=values)).encode(y=alt.Y("group:N", title=None, sort=None))
    whiskers = base.mark_rule().encode(x=alt.X("min_score:Q", title="final score"), x2="max_score:Q")
    box = base.mark_bar(size=14, color="#90caf9").encode(x="p25:Q", x2="p75:Q")
    median = base.mark_tick(color="#0d47a1", size=14, thickness=2).encode(x="median:Q")
    winners = base.mark_point(shape="diamond", color="#c62828", filled=True).encode(x="winner_mean:Q")
    chart = alt.layer(whiskers, box, median, winners).properties(
        width=520, title="Final scores: min-max, quartiles, median (tick), winners' mean (diamond)")
    return svg(chart)


def chart_length(rows: list[dict]) -> str:
    import altair as alt

    values = [{**r, "group": _label(r)} for r in rows]
    base = alt.Chart(alt.Data(values=values)).encode(y=alt.Y("group:N", title=None, sort=None))
    span = base.mark_rule().encode(x=alt.X("min_moves:Q", title="moves per game"), x2="max_moves:Q")
    mean = base.mark_point(filled=True, size=60).encode(x="mean_moves:Q")
    return svg(alt.layer(span, mean).properties(width=520, title="Game length in moves: shortest-longest, mean (dot)"))


def chart_points(rows: list[dict]) -> str:
    """One bar chart per game, each with its own colours and its own legend listing every one of
    its categories (the categories are the game's own: one shared legend was cut short and
    repeated its colours)."""
    import altair as alt

    by_game: dict[str, list[dict]] = {}
    for r in rows:
        by_game.setdefault(r["game"] or "(unknown game)", []).append(r)
    charts = []
    for game, values in by_game.items():
        charts.append(alt.Chart(alt.Data(values=values)).mark_bar().encode(
            x=alt.X("points_per_player:Q", title="points per player and game"),
            y=alt.Y("side:N", title=None),
            color=alt.Color("category:N", title=f"{game}: category", scale=alt.Scale(scheme="category20"),
                            legend=alt.Legend(symbolLimit=0, labelLimit=0, columns=2 if len(values) > 24 else 1)),
        ).properties(width=460, title=alt.TitleParams(game, anchor="start", fontSize=12)))
    chart = alt.vconcat(*charts, spacing=18).resolve_scale(color="independent", x="independent")
    return svg(chart.properties(title="Points by category: winners and the others"))


def chart_elo(rows: list[dict]) -> str:
    import altair as alt

    ranked: dict[str, list[dict]] = {}
    for r in rows:  # rows come sorted by game, then rating (best first)
        ranked.setdefault(r["game"], []).append(r)
    values = [{"game": game, "player": r["player"], "rating": r["rating"], "games": r["games"]}
              for game, players in ranked.items() for r in players[:ELO_TOP]]
    # dots on a scale around the starting rating (bars would have to start at 0)
    dots = alt.Chart().mark_point(filled=True, size=70).encode(
        x=alt.X("rating:Q", title="Elo rating (every player starts at 1500)", scale=alt.Scale(zero=False)),
        y=alt.Y("player:N", title=None, sort="-x"), color=alt.Color("game:N", legend=None),
        tooltip=["player:N", "rating:Q", "games:Q"])
    start = alt.Chart().mark_rule(color="#999", strokeDash=[3, 3]).encode(x=alt.datum(1500))
    chart = alt.layer(start, dots, data=alt.Data(values=values)).properties(width=360)
    # each game's name written across, over its panel (a row label turned on its side ran over the
    # next game's when a game has few players)
    chart = chart.facet(row=alt.Row("game:N", title=None, header=alt.Header(
        labelAngle=0, labelOrient="top", labelAnchor="start", labelFontWeight="bold", labelLimit=0))).resolve_scale(y="independent")
    return svg(chart.properties(title=f"Elo ranking (top {ELO_TOP} per game)"))


def chart_violations(rows: list[dict]) -> str:
    import altair as alt

    values = [{"code": r["code"], "violations": r["violations"], "game": r["game"] or "(unknown game)"}
              for r in rows[:30]]
    chart = alt.Chart(alt.Data(values=values)).mark_bar().encode(
        x=alt.X("violations:Q"), y=alt.Y("code:N", title=None, sort="-x"), color=alt.Color("game:N"))
    return svg(chart.properties(width=420, title="Violations by rule (the 30 most frequent)"))


#: the dashboard's questions in page order: (key, title, named query, chart)
QUERY_SECTIONS: tuple[tuple[str, str, str, Callable[[list[dict]], str]], ...] = (
    ("games", "Games", "games_by_player_count", chart_games),
    ("win-rate", "Win rate by turn position", "win_rate_by_seat", chart_win_rate),
    ("scores", "Score distributions", "score_distribution", chart_scores),
    ("length", "Game length", "game_length", chart_length),
    ("points", "Points by category", "points_by_category", chart_points),
)


def _cell(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 4)
    return "" if value is None else value


def _section(key: str, title: str, question: str, source: str, sql: str, columns: list[str], rows: list[dict],
             chart: Callable[[list[dict]], str], empty: str) -> Section:
    chart_svg = chart(rows) if rows else ""
    table = [[_cell(r[c]) for c in columns] for r in rows[:TABLE_ROWS]]
    return Section(key, title, question, source, sql, columns, table, len(rows), chart_svg, "" if chart_svg else empty)


def build_dashboard(db: Path) -> Dashboard:
    """Run every question of the dashboard on ``db`` (read-only, sandboxed).
    :raises DatabaseError: ``db`` is not a ludolog database, or holds no ludolog tables yet."""
    from ludolog.etl.db import check_readable, connect
    from ludolog.queries import get_query, run_query
    from ludolog.queries.analysis import get_analysis

    with contextlib.closing(connect(db, sandbox=True)) as con:
        check_readable(con, db)
        totals = dict(con.sql("SELECT status, count(*) FROM games GROUP BY status").fetchall())
        board = Dashboard(db=str(db), games=sum(totals.values()), by_status=totals)

        def named(key, title, name, chart,
                  empty="no game in the database answers this question yet (complete games are needed)"):
            query = get_query(name)
            table = run_query(con, name, {})
            columns, rows = list(table.column_names), table.to_pylist()
            return _section(key, title, query.question, f"ludolog query {name}", query.sql, columns, rows, chart,
                            empty)

        board.sections = [named(*spec) for spec in QUERY_SECTIONS]
        elo = get_analysis("elo")
        frame = elo(con, {})
        question = elo.question.replace("``", "")  # a docstring's markup, not for the page
        board.sections.append(_section("elo", "Elo ranking", question, "ludolog analyze elo", "",
                                       list(frame.columns), frame.to_dicts(), chart_elo,
                                       "no complete game of two or more players yet"))
        board.sections.append(named("violations", "Violations by rule", "violations_by_rule", chart_violations,
                                    "no log in the database breaks a rule"))
    return board


def render_dashboard(board: Dashboard) -> str:
    return page("dashboard.html.j2", d=board)
