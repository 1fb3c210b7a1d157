-- Keyflower: does holding more winter tiles win?
--
-- Complete (valid) Keyflower games, per number of winter tiles a player holds in the village at the
-- end (the tiles put up in winter - the `winter` moves - that the player placed): players, wins,
-- the winning share, the mean final score and the mean points those players scored from winter
-- tiles (the ledger's winter_tiles category). Tied players each count as a winner. Read from the
-- moves, so the query answers on any database (no Keyflower games: no rows).
--
-- @game keyflower
-- @param players INTEGER = NULL  only games with this many players (NULL: every player count)
WITH finished AS (
    SELECT game_id
    FROM games
    WHERE status = 'valid' AND game = 'keyflower' AND ($players IS NULL OR player_count = $players)
),
put_up AS (
    SELECT DISTINCT m.game_id, unnest(json_extract_string(m.move, '$.tiles[*]')) AS tile
    FROM moves m
    JOIN finished f USING (game_id)
    WHERE m.move_type = 'winter'
),
held AS (
    SELECT m.game_id, m.seat, count(*) AS winter_tiles
    FROM moves m
    JOIN put_up w ON w.game_id = m.game_id AND w.tile = m.move->>'$.tile'
    WHERE m.move_type = 'place'
    GROUP BY m.game_id, m.seat
),
winter_points AS (
    SELECT e.game_id, e.seat, sum(e.delta) AS points
    FROM score_events e
    JOIN finished f USING (game_id)
    WHERE e.category = 'winter_tiles'
    GROUP BY e.game_id, e.seat
)
SELECT coalesce(h.winter_tiles, 0) AS winter_tiles,
       count(*) AS players,
       count(*) FILTER (WHERE p.is_winner) AS wins,
       round(count(*) FILTER (WHERE p.is_winner) / count(*), 4) AS win_share,
       round(avg(p.final_score), 3) AS mean_score,
       round(avg(coalesce(w.points, 0)), 3) AS mean_winter_points
FROM players p
JOIN finished f USING (game_id)
LEFT JOIN held h USING (game_id, seat)
LEFT JOIN winter_points w USING (game_id, seat)
GROUP BY coalesce(h.winter_tiles, 0)
ORDER BY winter_tiles
