-- Boonlake: which scoring tile, kept at set-up, wins most often?
--
-- Complete (valid) Boonlake games with 2-4 players, per scoring tile a player kept of the two drawn
-- at set-up (boonlake_player_states.scoring_tile; its interim scorings count double for that
-- player): players who kept it, wins (tied players each count as a winner), the winning share
-- beside the fair share (1 / players in the game, averaged), the mean final score and the mean
-- points those players scored from scoring tiles (the ledger's scoring_tiles category).
--
-- @game boonlake
-- @param players INTEGER = NULL  only games with this many players (NULL: 2, 3 and 4)
WITH finished AS (
    SELECT game_id, player_count, moves_applied
    FROM games
    WHERE status = 'valid' AND game = 'boonlake' AND player_count >= 2
      AND ($players IS NULL OR player_count = $players)
),
kept AS (
    SELECT s.game_id, s.seat, f.player_count, s.scoring_tile
    FROM boonlake_player_states s
    JOIN finished f ON s.game_id = f.game_id AND s.move_index = f.moves_applied - 1
),
tile_points AS (
    SELECT e.game_id, e.seat, sum(e.delta) AS points
    FROM score_events e
    JOIN finished f USING (game_id)
    WHERE e.category = 'scoring_tiles'
    GROUP BY e.game_id, e.seat
)
SELECT k.scoring_tile,
       count(*) AS players,
       count(*) FILTER (WHERE p.is_winner) AS wins,
       round(count(*) FILTER (WHERE p.is_winner) / count(*), 4) AS win_share,
       round(avg(1 / k.player_count), 4) AS fair_share,
       round(avg(p.final_score), 3) AS mean_score,
       round(avg(coalesce(t.points, 0)), 3) AS mean_tile_points
FROM kept k
JOIN players p USING (game_id, seat)
LEFT JOIN tile_points t USING (game_id, seat)
GROUP BY k.scoring_tile
ORDER BY win_share DESC, k.scoring_tile
