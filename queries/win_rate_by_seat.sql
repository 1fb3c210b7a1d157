-- Does the seat you start in change your chance of winning?
--
-- For every game and player count: how often each place in the turn order wins, over complete
-- (valid) games. ``seat`` is the place in the first round's turn order (players.turn_position: 0
-- for the first player, who in Entdecker is setup.first_player), not the order of the log's
-- player list, which says nothing about who started.
-- A shared win counts as a win for each tied winner (wins, win_rate); win_share splits it
-- between them, so the shares of one game add up to 1. fair_share is 1 / player count.
--
-- @param game VARCHAR = NULL  only this game (NULL: every game)
WITH finished AS (
    SELECT game_id, game, player_count
    FROM games
    WHERE status = 'valid' AND ($game IS NULL OR game = $game)
),
winners_per_game AS (
    SELECT game_id, count(*) FILTER (WHERE is_winner) AS n_winners
    FROM players
    WHERE game_id IN (SELECT game_id FROM finished)
    GROUP BY game_id
),
seat_results AS (
    SELECT f.game, f.player_count, p.turn_position AS seat, p.is_winner,
           CASE WHEN p.is_winner THEN 1.0 / w.n_winners ELSE 0.0 END AS win_share
    FROM finished f
    JOIN players p USING (game_id)
    JOIN winners_per_game w USING (game_id)
)
SELECT game,
       player_count,
       seat,
       count(*) AS games,
       count(*) FILTER (WHERE is_winner) AS wins,
       round(count(*) FILTER (WHERE is_winner) / count(*), 4) AS win_rate,
       round(sum(win_share) / count(*), 4) AS win_share,
       round(1.0 / player_count, 4) AS fair_share
FROM seat_results
GROUP BY game, player_count, seat
ORDER BY game, player_count, seat
