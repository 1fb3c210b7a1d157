-- How are final scores distributed in each game, and by how much do winners win?
--
-- Per game and player count, over complete (valid) games: the spread of every player's final
-- score (min, quartiles, median, max, mean, standard deviation), the winners' mean score, and the
-- mean margin between the best and the second-best score of a game (0 for shared first places).
--
-- @param game VARCHAR = NULL  only this game (NULL: every game)
WITH finished AS (
    SELECT game_id, game, player_count
    FROM games
    WHERE status = 'valid' AND ($game IS NULL OR game = $game)
),
scores AS (
    SELECT f.game, f.player_count, p.game_id, p.final_score, p.is_winner,
           row_number() OVER (PARTITION BY p.game_id ORDER BY p.final_score DESC) AS place
    FROM finished f
    JOIN players p USING (game_id)
),
margins AS (
    SELECT game_id,
           max(final_score) FILTER (WHERE place = 1) - max(final_score) FILTER (WHERE place = 2) AS margin
    FROM scores
    GROUP BY game_id
)
SELECT s.game,
       s.player_count,
       count(DISTINCT s.game_id) AS games,
       count(*) AS player_scores,
       min(s.final_score) AS min_score,
       quantile_cont(s.final_score, 0.25) AS p25,
       median(s.final_score) AS median,
       quantile_cont(s.final_score, 0.75) AS p75,
       max(s.final_score) AS max_score,
       round(avg(s.final_score), 3) AS mean,
       round(stddev_samp(s.final_score), 3) AS stddev,
       round(avg(s.final_score) FILTER (WHERE s.is_winner), 3) AS winner_mean,
       round(avg(m.margin) FILTER (WHERE s.place = 1), 3) AS mean_margin
FROM scores s
JOIN margins m USING (game_id)
GROUP BY s.game, s.player_count
ORDER BY s.game, s.player_count
