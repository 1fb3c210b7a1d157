-- Which players claimed a final score the replay does not give?
--
-- Every player whose claimed final score (claimed.final) differs from the replayed score of the
-- same log, with the difference (claimed - replayed), over every ingested log that completed its
-- replay (valid or invalid only because of the claim), most recent first.
--
-- @param game VARCHAR = NULL  only this game (NULL: every game)
WITH claims AS (
    SELECT g.game_id, g.game, g.file, g.date, g.status, p.seat, p.player, p.claimed_score, p.final_score
    FROM games g
    JOIN players p USING (game_id)
    WHERE p.claimed_score IS NOT NULL AND ($game IS NULL OR g.game = $game)
)
SELECT game,
       file,
       date,
       player,
       claimed_score,
       final_score AS replayed_score,
       claimed_score - final_score AS difference
FROM claims
WHERE claimed_score <> final_score
  AND game_id NOT IN (SELECT game_id FROM violations WHERE code NOT LIKE 'CORE.CLAIM.%')
ORDER BY date DESC NULLS LAST, file, seat
