"""polars analyses (``ludolog analyze NAME``): what SQL does badly - sequential ratings and
per-game trajectory summaries. The first sentence of each function's docstring is its question.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import duckdb
import polars as pl

from .named import Param, QueryUsageError, bind_params

ELO_SCALE = 400.0


def _finished_games(con: duckdb.DuckDBPyConnection, game: str | None) -> pl.DataFrame:
    return con.sql("SELECT game_id, game, date, file, player_count, moves_applied FROM games "
                   "WHERE status = 'valid' AND ($game IS NULL OR game = $game)", params={"game": game}).pl()


def elo(con: duckdb.DuckDBPyConnection, game: str | None = None, k: float = 32.0,
        initial: float = 1500.0) -> pl.DataFrame:
    """Elo ratings per game and player over complete games in date order (``meta.date``; games
    without a date follow, in file order). A game of n players counts as n(n-1)/2 duels decided by
    finishing rank (equal ranks draw), each weighted K/(n-1), applied after the game; so ratings
    stay zero-sum and a 2-player game is classic Elo."""
    games = _finished_games(con, game).filter(pl.col("player_count") > 1)
    players = con.sql("SELECT p.game_id, p.player, p.rank, p.is_winner FROM players p JOIN games g USING (game_id) "
                      "WHERE g.status = 'valid' AND g.player_count > 1 AND ($game IS NULL OR g.game = $game)",
                      params={"game": game}).pl()
    ordered = games.sort(["date", "file"], nulls_last=True)
    seats = {key[0]: part for key, part in players.group_by(["game_id"])} if players.height else {}
    rating: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], list] = {}
    for game_id, name, date in ordered.select("game_id", "game", "date").iter_rows():
        part = seats[game_id]
        ids, ranks, wins = part["player"].to_list(), part["rank"].to_list(), part["is_winner"].to_list()
        keys = [(name, pid) for pid in ids]
        current = [rating.get(key, initial) for key in keys]
        weight = k / (len(ids) - 1)
        delta = [0.0] * len(ids)
        for i in range(len(ids)):
            for j in range(i + 1, len(ids)):
                expected = _expected_score(current[i], current[j])
                actual = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                delta[i] += weight * (actual - expected)
                delta[j] -= weight * (actual - expected)
        for key, value, change, won in zip(keys, current, delta, wins):
            rating[key] = value + change
            record = played.setdefault(key, [0, 0, value + change, None])
            record[0] += 1
            record[1] += bool(won)
            record[2] = max(record[2], value + change)
            record[3] = date if date is not None else record[3]
    rows = [{"game": g, "player": p, "rating": round(rating[(g, p)], 1), "games": r[0], "wins": r[1],
             "peak": round(r[2], 1), "last_date": r[3]} for (g, p), r in played.items()]
    schema = {"game": pl.String, "player": pl.String, "rating": pl.Float64, "games": pl.Int64, "wins": pl.Int64,
              "peak": pl.Float64, "last_date": pl.Date}
    return pl.DataFrame(rows, schema=schema).sort(["game", "rating", "player"], descending=[False, True, False])


def _expected_score(rating: float, opponent: float) -> float:
    """Elo's expected score 1 / (1 + 10^((opponent - rating) / 400)), without overflow for any gap
    (10 is raised only to a power <= 0)."""
    x = (opponent - rating) / ELO_SCALE
    if x > 0:
        tail = 10.0 ** -x
        return tail / (1.0 + tail)
    return 1.0 / (1.0 + 10.0 ** x)


CHECKPOINTS = (0.25, 0.5, 0.75, 1.0)


def trajectory(con: duckdb.DuckDBPyConnection, game: str | None = None) -> pl.DataFrame:
    """Score trajectories of complete games: at 25/50/75/100 % of each game's moves, the mean
    score of winners and of the others, as a share of their final score, and the mean gap to the
    leader at that moment."""
    games = _finished_games(con, game).filter(pl.col("moves_applied") > 0)
    points = (games.join(pl.DataFrame({"progress": list(CHECKPOINTS)}), how="cross")
              .with_columns(move_index=((pl.col("moves_applied") - 1) * pl.col("progress")).floor().cast(pl.Int32)))
    con.register("_ludolog_points", points.select("game_id", "move_index").unique().to_arrow())
    try:
        states = con.sql("SELECT ps.game_id, ps.move_index, ps.seat, ps.score FROM player_states ps "
                         "SEMI JOIN _ludolog_points c USING (game_id, move_index)").pl()
    finally:
        con.unregister("_ludolog_points")
    finals = con.sql("SELECT game_id, seat, is_winner, final_score FROM players").pl()
    table = (points.join(states, on=["game_id", "move_index"])
             .join(finals, on=["game_id", "seat"])
             .with_columns(leader=pl.col("score").max().over(["game_id", "progress"]),
                           side=pl.when(pl.col("is_winner")).then(pl.lit("winners")).otherwise(pl.lit("others")))
             .with_columns(gap=pl.col("leader") - pl.col("score"),
                           share=pl.when(pl.col("final_score") != 0)
                           .then(pl.col("score") / pl.col("final_score")).otherwise(None)))
    return (table.group_by(["game", "progress", "side"])
            .agg(player_games=pl.len(), mean_score=pl.col("score").mean().round(3),
                 mean_share_of_final=pl.col("share").mean().round(4), mean_gap_to_leader=pl.col("gap").mean().round(3))
            .sort(["game", "progress", "side"], descending=[False, False, True]))


_COMEBACKS = """
WITH finished AS (
    SELECT game_id, game FROM games
    WHERE status = 'valid' AND moves_applied > 0 AND ($game IS NULL OR game = $game)
),
leaders AS (  -- the leading score after every move
    SELECT ps.game_id, ps.move_index, max(ps.score) AS leader
    FROM player_states ps SEMI JOIN finished USING (game_id)
    GROUP BY ps.game_id, ps.move_index
),
deficits AS (  -- each winner's largest distance behind the leader
    SELECT ps.game_id, ps.seat, max(l.leader - ps.score) AS deficit
    FROM player_states ps
    JOIN players p ON p.game_id = ps.game_id AND p.seat = ps.seat AND p.is_winner
    JOIN leaders l ON l.game_id = ps.game_id AND l.move_index = ps.move_index
    GROUP BY ps.game_id, ps.seat
)
SELECT f.game,
       count(*) AS winners,
       count(*) FILTER (WHERE d.deficit > 0) AS trailed,
       round(avg(CASE WHEN d.deficit > 0 THEN 1.0 ELSE 0.0 END), 4) AS trailed_share,
       round(avg(d.deficit), 3) AS mean_largest_deficit,
       max(d.deficit) AS largest_deficit_overcome
FROM deficits d JOIN finished f USING (game_id)
GROUP BY f.game
ORDER BY f.game
"""


def comebacks(con: duckdb.DuckDBPyConnection, game: str | None = None) -> pl.DataFrame:
    """How far behind do winners fall before they win? Per game: the share of games whose
    winner trailed the leader at some point, the mean of the winners' largest deficit, and the
    largest deficit ever overcome."""
    frame = con.sql(_COMEBACKS, params={"game": game}).pl()
    return frame.with_columns(pl.col("winners").cast(pl.UInt32), pl.col("trailed").cast(pl.UInt32),
                              pl.col("largest_deficit_overcome").cast(pl.Int64))


@dataclass(frozen=True, slots=True)
class Range:
    """The values a numeric parameter may take: finite, not NULL, from ``low`` (excluded when
    ``low_open``) to ``high``."""

    low: float
    high: float
    low_open: bool = False

    def check(self, name: str, value) -> None:
        """:raises QueryUsageError: ``value`` is outside the range (a usage error, exit 2)."""
        inside = (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
                  and (value > self.low if self.low_open else value >= self.low) and value <= self.high)
        if not inside:
            text = f"{'above' if self.low_open else 'from'} {self.low:g} {'and at most' if self.low_open else 'to'}"
            raise QueryUsageError(f"parameter {name} must be a number {text} {self.high:g}, "
                                  f"not {'NULL' if value is None else repr(value)}")


@dataclass(frozen=True)
class Analysis:
    name: str
    run: Callable[..., pl.DataFrame]
    params: tuple[Param, ...]
    ranges: dict[str, Range] = field(default_factory=dict)

    @property
    def question(self) -> str:
        text = self.description
        ends = [i for i in (text.find(". "), text.find("? ")) if i >= 0]
        return text[:min(ends) + 1] if ends else text

    @property
    def description(self) -> str:
        return " ".join(line.strip() for line in (self.run.__doc__ or "").strip().splitlines())

    def __call__(self, con: duckdb.DuckDBPyConnection, given: dict | None = None) -> pl.DataFrame:
        values = bind_params(f"analysis {self.name}", self.params, given)
        for name, allowed in self.ranges.items():
            allowed.check(name, values[name])
        return self.run(con, **values)


_GAME = Param("game", "VARCHAR", None, "only this game (NULL: every game)")
ANALYSES: dict[str, Analysis] = {a.name: a for a in (
    Analysis("elo", elo, (_GAME, Param("k", "DOUBLE", 32.0, "K factor: rating points at stake per game, above 0 "
                                                              "and at most 1000"),
                          Param("initial", "DOUBLE", 1500.0, "rating of a player's first game, from -1e9 to 1e9")),
             # A rating moves by at most K per game, so with these ranges every rating stays finite.
             {"k": Range(0.0, 1000.0, low_open=True), "initial": Range(-1e9, 1e9)}),
    Analysis("trajectory", trajectory, (_GAME,)),
    Analysis("comebacks", comebacks, (_GAME,)),
)}


def get_analysis(name: str) -> Analysis:
    if name not in ANALYSES:
        raise QueryUsageError(f"no analysis {name!r}; analyses: {', '.join(ANALYSES)}")
    return ANALYSES[name]
