-- Which rules do recorded games break most often?
--
-- Per game and rule code: how many violations, in how many logs, and one example message.
--
-- @param game VARCHAR = NULL  only this game (NULL: every game; logs naming no known game
--                             appear with game NULL)
WITH found AS (
    SELECT g.game, v.game_id, v.code, v.message, v.file, v.move_index
    FROM violations v
    JOIN games g USING (game_id)
    WHERE $game IS NULL OR g.game = $game
)
SELECT game,
       code,
       count(*) AS violations,
       count(DISTINCT game_id) AS logs,
       arg_min(message, file || ':' || coalesce(CAST(move_index AS VARCHAR), '')) AS example
FROM found
GROUP BY game, code
ORDER BY violations DESC, game, code
