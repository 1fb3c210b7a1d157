-- Keyflower: does holding more winter tiles win?
--
-- Complete (valid) Keyflower games, per number of winter tiles a player holds in the village at the
-- end (keyflower_player_states.winter_tiles after the last move): players, wins, the winning share,
-- the mean final score and the mean points those players scored from winter tiles (the ledger's
-- winter_tiles category). Tied players each count as a winner.
--
-- @param players INTEGER = NULL  only games with this many players (NULL: every player count)
WITH finished AS (
    SELECT game_id, moves_applied
    FROM games
    WHERE status = 'valid' AND game = 'keyflower' AND ($players IS NULL OR player_count = $players)
),
final_states AS (
    SELECT s.game_id, s.seat, s.winter_tiles
    FROM keyflower_player_states s
    JOIN finished f ON s.game_id = f.game_id AND s.move_index = f.moves_applied - 1
),
winter_points AS (
    SELECT e.game_id, e.seat, sum(e.delta) AS points
    FROM score_events e
    JOIN finished f USING (game_id)
    WHERE e.category = 'winter_tiles'
    GROUP BY e.game_id, e.seat
)
SELECT fs.winter_tiles,
       count(*) AS players,
       count(*) FILTER (WHERE p.is_winner) AS wins,
       round(count(*) FILTER (WHERE p.is_winner) / count(*), 4) AS win_share,
       round(avg(p.final_score), 3) AS mean_score,
       round(avg(coalesce(w.points, 0)), 3) AS mean_winter_points
FROM final_states fs
JOIN players p USING (game_id, seat)
LEFT JOIN winter_points w USING (game_id, seat)
GROUP BY fs.winter_tiles
ORDER BY fs.winter_tiles
