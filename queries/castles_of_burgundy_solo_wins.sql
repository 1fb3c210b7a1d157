-- How often is the Castles of Burgundy Solo game won on each board side, and in which round is the estate filled?
--
-- Complete (valid) one-player Castles of Burgundy games per Solo board side (the board number the
-- edition prints: solo-A / solo-B in the alea editions, 33 / 34 in the SE): games, wins (all 37 spaces
-- filled within the 25 rounds, the Solo text's win), the win rate, and over the won games the mean and
-- the earliest round in which the 37th space was filled; also the mean spaces filled at the end.
--
-- @game castles-of-burgundy
-- @param min_games INTEGER = 1  only board sides with at least this many games
WITH solo AS (
    SELECT g.game_id, p.is_winner
    FROM games g
    JOIN players p USING (game_id)
    WHERE g.game = 'castles-of-burgundy' AND g.status = 'valid' AND g.player_count = 1
),
final_state AS (
    SELECT s.game_id,
           arg_max(s.board, s.move_index) AS board,
           arg_max(s.spaces_filled, s.move_index) AS spaces_filled
    FROM castles_of_burgundy_player_states s
    JOIN solo USING (game_id)
    GROUP BY s.game_id
),
filled AS (
    SELECT s.game_id, min(s.round) AS round_filled
    FROM castles_of_burgundy_player_states s
    JOIN solo USING (game_id)
    WHERE s.spaces_filled = 37
    GROUP BY s.game_id
)
SELECT f.board AS side,
       count(*) AS games,
       CAST(sum(CASE WHEN solo.is_winner THEN 1 ELSE 0 END) AS BIGINT) AS wins,
       round(avg(CASE WHEN solo.is_winner THEN 1.0 ELSE 0.0 END), 4) AS win_rate,
       round(avg(CASE WHEN solo.is_winner THEN r.round_filled END), 3) AS mean_round_filled,
       min(CASE WHEN solo.is_winner THEN r.round_filled END) AS earliest_round_filled,
       round(avg(f.spaces_filled), 3) AS mean_spaces_filled
FROM solo
JOIN final_state f USING (game_id)
LEFT JOIN filled r USING (game_id)
GROUP BY f.board
HAVING count(*) >= $min_games
ORDER BY f.board
