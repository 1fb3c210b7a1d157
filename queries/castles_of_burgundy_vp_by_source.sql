-- Where do Castles of Burgundy victory points come from at each player count?
--
-- Complete (valid) Castles of Burgundy games per player count (1 = the Solo game) and ledger category
-- (region, bonus, sale, animals, watchtower, knowledge, goods, silverlings, workers; Solo: bought):
-- the points scored, their share of all points at that player count, and the points per player-game.
--
-- @game castles-of-burgundy
-- @param players INTEGER = NULL  only this player count (NULL: every count)
WITH finished AS (
    SELECT game_id, player_count
    FROM games
    WHERE game = 'castles-of-burgundy' AND status = 'valid' AND ($players IS NULL OR player_count = $players)
),
player_games AS (
    SELECT player_count, CAST(sum(player_count) AS BIGINT) AS player_games
    FROM finished
    GROUP BY player_count
),
points AS (
    SELECT f.player_count, e.category, CAST(sum(e.delta) AS BIGINT) AS points
    FROM score_events e
    JOIN finished f USING (game_id)
    GROUP BY f.player_count, e.category
)
SELECT p.player_count,
       p.category,
       p.points,
       round(p.points / sum(p.points) OVER (PARTITION BY p.player_count), 4) AS share,
       round(p.points / g.player_games, 3) AS points_per_player_game
FROM points p
JOIN player_games g USING (player_count)
ORDER BY p.player_count, p.points DESC, p.category
