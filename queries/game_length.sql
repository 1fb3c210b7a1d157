-- How long are the games?
--
-- Per game and player count, over complete (valid) games: the number of games and the mean,
-- shortest and longest length in moves, the mean number of turns and rounds, and the mean
-- number of moves per player.
--
-- @param game VARCHAR = NULL  only this game (NULL: every game)
WITH finished AS (
    SELECT game_id, game, player_count, moves_applied, turns, rounds
    FROM games
    WHERE status = 'valid' AND ($game IS NULL OR game = $game)
)
SELECT game,
       player_count,
       count(*) AS games,
       round(avg(moves_applied), 3) AS mean_moves,
       min(moves_applied) AS min_moves,
       max(moves_applied) AS max_moves,
       round(avg(turns), 3) AS mean_turns,
       round(avg(rounds), 3) AS mean_rounds,
       round(avg(moves_applied / player_count), 3) AS mean_moves_per_player
FROM finished
GROUP BY game, player_count
ORDER BY game, player_count
