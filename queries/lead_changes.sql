-- How often does the lead change, and how often does the leader at mid-game win?
--
-- Over complete (valid) games with at least one move. The leader after a move is the one player
-- with the highest score; a tie for the lead means no leader at that moment. A lead change is a
-- move after which the leader differs from the previous leader (moments without a leader are
-- skipped). Mid-game is the position after move floor((moves - 1) * at).
--
-- @param game VARCHAR = NULL  only this game (NULL: every game)
-- @param at DOUBLE = 0.5      where "mid-game" is, as a fraction of the game's moves
WITH finished AS (
    SELECT game_id, game, moves_applied,
           CAST(floor((moves_applied - 1) * $at) AS INTEGER) AS mid_index
    FROM games
    WHERE status = 'valid' AND moves_applied > 0 AND ($game IS NULL OR game = $game)
),
top_scores AS (
    SELECT game_id, move_index, seat, score,
           max(score) OVER (PARTITION BY game_id, move_index) AS best
    FROM player_states
    WHERE game_id IN (SELECT game_id FROM finished)
),
leaders AS (  -- the single leader after each move; NULL when the lead is shared
    SELECT game_id, move_index,
           CASE WHEN count(*) = 1 THEN min(seat) END AS leader
    FROM top_scores
    WHERE score = best
    GROUP BY game_id, move_index
),
leader_sequence AS (
    SELECT game_id, move_index, leader,
           lag(leader) OVER (PARTITION BY game_id ORDER BY move_index) AS previous_leader
    FROM leaders
    WHERE leader IS NOT NULL
),
changes AS (
    SELECT f.game_id, count(s.previous_leader) FILTER (WHERE s.leader <> s.previous_leader) AS lead_changes
    FROM finished f
    LEFT JOIN leader_sequence s USING (game_id)
    GROUP BY f.game_id
),
mid_game AS (
    SELECT f.game, f.game_id, c.lead_changes, l.leader AS mid_leader, p.is_winner AS mid_leader_won
    FROM finished f
    JOIN changes c USING (game_id)
    JOIN leaders l ON l.game_id = f.game_id AND l.move_index = f.mid_index
    LEFT JOIN players p ON p.game_id = f.game_id AND p.seat = l.leader
)
SELECT game,
       count(*) AS games,
       round(avg(lead_changes), 3) AS mean_lead_changes,
       max(lead_changes) AS max_lead_changes,
       count(mid_leader) AS games_with_mid_leader,
       count(*) FILTER (WHERE mid_leader_won) AS mid_leader_wins,
       round(count(*) FILTER (WHERE mid_leader_won) / nullif(count(mid_leader), 0), 4) AS mid_leader_win_rate
FROM mid_game
GROUP BY game
ORDER BY game
