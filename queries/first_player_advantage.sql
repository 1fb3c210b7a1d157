-- Is there a first-player advantage?
--
-- Per game and player count, over complete (valid) games: how often the first player - the one
-- who takes the first turn (players.turn_position = 0, from the game's turn order: Entdecker's
-- setup.first_player, not seat 0) - wins against the fair share 1 / player count, and how many
-- points the first player scores compared with the mean of the other players of the same game.
-- The columns keep their names (first_seat_*): the "first seat" is the first in turn order.
--
-- @param game VARCHAR = NULL  only this game (NULL: every game)
WITH finished AS (
    SELECT game_id, game, player_count
    FROM games
    WHERE status = 'valid' AND player_count > 1 AND ($game IS NULL OR game = $game)
),
first_seat AS (
    SELECT f.game, f.player_count, f.game_id, p.is_winner, p.final_score
    FROM finished f
    JOIN players p USING (game_id)
    WHERE p.turn_position = 0
),
other_seats AS (
    SELECT game_id, avg(final_score) AS others_mean
    FROM players
    WHERE turn_position > 0 AND game_id IN (SELECT game_id FROM finished)
    GROUP BY game_id
)
SELECT s.game,
       s.player_count,
       count(*) AS games,
       count(*) FILTER (WHERE s.is_winner) AS first_seat_wins,
       round(count(*) FILTER (WHERE s.is_winner) / count(*), 4) AS first_seat_win_rate,
       round(1.0 / s.player_count, 4) AS fair_share,
       round(count(*) FILTER (WHERE s.is_winner) / count(*) - 1.0 / s.player_count, 4) AS advantage,
       round(avg(s.final_score), 3) AS first_seat_mean_score,
       round(avg(s.final_score - o.others_mean), 3) AS mean_margin_over_others
FROM first_seat s
JOIN other_seats o USING (game_id)
GROUP BY s.game, s.player_count
ORDER BY s.game, s.player_count
