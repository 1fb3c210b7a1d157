-- Boonlake: where do the victory points come from, and where do the winners' come from?
--
-- Complete (valid) Boonlake games per player count (1 = the solo game against the Wise Eminence:
-- the player's points only) and ledger category (action_rows, rewards, settlements, cattle,
-- scoring_tiles, income, income_track, levers, cards, tiers, game_end_cards): the points scored, their
-- share of all points at that player count, the points per player-game, and the points per game of
-- the winners beside those of the other players (tied winners each count as a winner).
--
-- @game boonlake
-- @param players INTEGER = NULL  only this player count (NULL: every count)
WITH finished AS (
    SELECT game_id, player_count
    FROM games
    WHERE game = 'boonlake' AND status = 'valid' AND ($players IS NULL OR player_count = $players)
),
seats AS (
    SELECT f.player_count, p.game_id, p.seat, p.is_winner
    FROM finished f
    JOIN players p USING (game_id)
),
seat_counts AS (
    SELECT player_count,
           count(*) AS player_games,
           count(*) FILTER (WHERE is_winner) AS winner_games,
           count(*) FILTER (WHERE NOT is_winner) AS other_games
    FROM seats
    GROUP BY player_count
),
points AS (
    SELECT s.player_count, e.category,
           CAST(sum(e.delta) AS BIGINT) AS points,
           CAST(coalesce(sum(e.delta) FILTER (WHERE s.is_winner), 0) AS BIGINT) AS winner_points,
           CAST(coalesce(sum(e.delta) FILTER (WHERE NOT s.is_winner), 0) AS BIGINT) AS other_points
    FROM score_events e
    JOIN seats s USING (game_id, seat)
    GROUP BY s.player_count, e.category
)
SELECT p.player_count,
       p.category,
       p.points,
       round(p.points / sum(p.points) OVER (PARTITION BY p.player_count), 4) AS share,
       round(p.points / c.player_games, 3) AS points_per_player_game,
       round(p.winner_points / nullif(c.winner_games, 0), 3) AS per_winner,
       round(p.other_points / nullif(c.other_games, 0), 3) AS per_other
FROM points p
JOIN seat_counts c USING (player_count)
ORDER BY p.player_count, p.points DESC, p.category
