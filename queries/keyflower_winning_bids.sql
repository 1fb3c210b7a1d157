-- Keyflower: how many workers does it take to win a tile, season by season?
--
-- Complete (valid) Keyflower games: for every tile won at auction (the season's village tiles, the
-- winter tiles put up and the turn-order tiles), the winning bid - the most workers one player had
-- bidding on it when the season ended. A player's bid on a tile is the sum of the workers their bids
-- placed there since their group last moved away from it (a bid's count includes an outbid group it
-- brings along; a group moves away with a bid or a use naming its tile in `from`, and then all of it
-- goes). Per season (1 spring .. 4 winter) and kind of tile: tiles won, the mean and the largest
-- winning bid.
--
-- @game keyflower
-- @param players INTEGER = NULL  only games with this many players (NULL: every player count)
WITH finished AS (
    SELECT game_id
    FROM games
    WHERE status = 'valid' AND game = 'keyflower' AND ($players IS NULL OR player_count = $players)
),
actions AS (
    SELECT m.game_id, m.round AS season, m.move_index, m.player, m.move_type,
           m.move->>'$.tile' AS tile, CAST(m.move->>'$.count' AS INTEGER) AS workers,
           m.move->>'$.from' AS moved_from
    FROM moves m
    JOIN finished f USING (game_id)
    WHERE m.move_type IN ('bid', 'use')
),
moved_away AS (
    SELECT game_id, season, player, moved_from AS tile, max(move_index) AS moved_at
    FROM actions
    WHERE moved_from IS NOT NULL
    GROUP BY game_id, season, player, moved_from
),
standing AS (
    SELECT b.game_id, b.season, b.tile, b.player, sum(b.workers) AS workers
    FROM actions b
    LEFT JOIN moved_away a
           ON a.game_id = b.game_id AND a.season = b.season AND a.player = b.player AND a.tile = b.tile
    WHERE b.move_type = 'bid' AND (a.moved_at IS NULL OR b.move_index > a.moved_at)
    GROUP BY b.game_id, b.season, b.tile, b.player
),
winning AS (
    SELECT game_id, season, tile, max(workers) AS winning_bid
    FROM standing
    GROUP BY game_id, season, tile
)
SELECT season,
       CASE season WHEN 1 THEN 'spring' WHEN 2 THEN 'summer' WHEN 3 THEN 'autumn' ELSE 'winter' END AS season_name,
       CASE WHEN tile LIKE 'turn\_order\_%' ESCAPE '\' THEN 'turn order' ELSE 'village' END AS kind,
       count(*) AS tiles_won,
       round(avg(winning_bid), 3) AS mean_winning_bid,
       max(winning_bid) AS largest_winning_bid
FROM winning
GROUP BY season, kind
ORDER BY season, kind DESC
