-- How many games does the database hold, of which game and player count, and in what state?
--
-- Per game and player count: every ingested log, and how many of them are complete and legal
-- (valid), legal but not over (unfinished) or break a rule (invalid). Logs that name no known
-- game appear with game NULL. The corpus dashboard (`ludolog report --db`) opens with it.
--
-- @param game VARCHAR = NULL  only this game (NULL: every game)
WITH logs AS (
    SELECT game, player_count, status
    FROM games
    WHERE $game IS NULL OR game = $game
)
SELECT game,
       player_count,
       count(*) AS games,
       count(*) FILTER (WHERE status = 'valid') AS valid,
       count(*) FILTER (WHERE status = 'unfinished') AS unfinished,
       count(*) FILTER (WHERE status = 'invalid') AS invalid
FROM logs
GROUP BY game, player_count
ORDER BY game NULLS LAST, player_count
