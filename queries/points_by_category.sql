-- Where do the points come from, and do winners score them differently?
--
-- The score ledger of complete (valid) games, per game, side (winners / others) and category:
-- the points scored, their share of that side's points, and the points per player-game of the
-- side (so winners and others compare although there are fewer winners).
--
-- @param game VARCHAR = NULL  only this game (NULL: every game)
WITH finished AS (
    SELECT game_id, game
    FROM games
    WHERE status = 'valid' AND ($game IS NULL OR game = $game)
),
player_sides AS (
    SELECT f.game, p.game_id, p.seat,
           CASE WHEN p.is_winner THEN 'winners' ELSE 'others' END AS side
    FROM finished f
    JOIN players p USING (game_id)
),
side_sizes AS (
    SELECT game, side, count(*) AS player_games
    FROM player_sides
    GROUP BY game, side
),
points AS (
    SELECT s.game, s.side, e.category, CAST(sum(e.delta) AS BIGINT) AS points
    FROM score_events e
    JOIN player_sides s USING (game_id, seat)
    GROUP BY s.game, s.side, e.category
)
SELECT p.game,
       p.side,
       p.category,
       p.points,
       round(p.points / sum(p.points) OVER (PARTITION BY p.game, p.side), 4) AS share,
       round(p.points / z.player_games, 3) AS points_per_player
FROM points p
JOIN side_sizes z USING (game, side)
ORDER BY p.game, p.side DESC, p.points DESC, p.category
