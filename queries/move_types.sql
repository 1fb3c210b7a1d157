-- Which moves are made most, and do winners make them more often?
--
-- Per game and move type, over complete (valid) games: how many moves of the type were made and
-- their share of all moves; then per player-game (zero when a player never made the move) the
-- mean count for winners and for the others, and the Pearson correlation between that count and
-- winning (NULL when it cannot be computed, e.g. when every player made the same number).
--
-- @param game VARCHAR = NULL  only this game (NULL: every game)
-- @param top INTEGER = 1000   at most this many move types per game, most frequent first
WITH finished AS (
    SELECT game_id, game
    FROM games
    WHERE status = 'valid' AND ($game IS NULL OR game = $game)
),
typed_moves AS (
    SELECT f.game, m.game_id, m.seat, m.move_type
    FROM moves m
    JOIN finished f USING (game_id)
),
type_totals AS (
    SELECT game, move_type, count(*) AS moves,
           count(*) / sum(count(*)) OVER (PARTITION BY game) AS share
    FROM typed_moves
    GROUP BY game, move_type
),
per_player AS (
    SELECT game_id, seat, move_type, count(*) AS n
    FROM typed_moves
    WHERE seat IS NOT NULL
    GROUP BY game_id, seat, move_type
),
player_grid AS (  -- every player-game x every move type of its game, with a zero where none
    SELECT f.game, p.game_id, p.seat, p.is_winner, t.move_type, coalesce(c.n, 0) AS n
    FROM finished f
    JOIN players p USING (game_id)
    JOIN type_totals t USING (game)
    LEFT JOIN per_player c ON c.game_id = p.game_id AND c.seat = p.seat AND c.move_type = t.move_type
),
correlations AS (
    SELECT game, move_type,
           avg(n) FILTER (WHERE is_winner) AS per_winner,
           avg(n) FILTER (WHERE NOT is_winner) AS per_other,
           corr(n, CASE WHEN is_winner THEN 1.0 ELSE 0.0 END) AS win_correlation
    FROM player_grid
    GROUP BY game, move_type
),
ranked AS (
    SELECT t.game, t.move_type, t.moves, t.share, c.per_winner, c.per_other, c.win_correlation,
           row_number() OVER (PARTITION BY t.game ORDER BY t.moves DESC, t.move_type) AS popularity
    FROM type_totals t
    JOIN correlations c USING (game, move_type)
)
SELECT game,
       move_type,
       moves,
       round(share, 4) AS share,
       round(per_winner, 3) AS per_winner,
       round(per_other, 3) AS per_other,
       round(CASE WHEN isnan(win_correlation) THEN NULL ELSE win_correlation END, 4) AS win_correlation
FROM ranked
WHERE popularity <= $top
ORDER BY game, moves DESC, move_type
