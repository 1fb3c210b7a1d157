-- What is each player's record across games?
--
-- Per game and player id (players are identified by the id the logs use), over complete
-- (valid) games: games played, wins (shared wins included), win rate, mean and best final score,
-- and mean finishing rank (1 = winner).
--
-- @param game VARCHAR = NULL    only this game (NULL: every game)
-- @param player VARCHAR = NULL  only this player id (NULL: everybody)
-- @param min_games INTEGER = 1  only players with at least this many games
WITH finished AS (
    SELECT game_id, game
    FROM games
    WHERE status = 'valid' AND ($game IS NULL OR game = $game)
),
results AS (
    SELECT f.game, p.player, p.is_winner, p.final_score, p.rank
    FROM finished f
    JOIN players p USING (game_id)
    WHERE $player IS NULL OR p.player = $player
)
SELECT game,
       player,
       count(*) AS games,
       count(*) FILTER (WHERE is_winner) AS wins,
       round(count(*) FILTER (WHERE is_winner) / count(*), 4) AS win_rate,
       round(avg(final_score), 3) AS mean_score,
       max(final_score) AS best_score,
       round(avg(rank), 3) AS mean_rank
FROM results
GROUP BY game, player
HAVING count(*) >= $min_games
ORDER BY game, wins DESC, player
