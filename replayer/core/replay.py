"""The replay driver: walks a log's moves through its game engine and collects violations.

Like python-chess's PGN visitor, callers that want every position (the ETL, ``replay --to``)
pass ``on_step``; the driver itself keeps nothing per move, so memory does not grow with a log.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .bots import BOT_PREFIX, result_line
from .errors import IllegalMove, Violation, all_problems
from .game import Game
from .log import GameLog
from .migrate import migrated_index, source_index, to_source
from .registry import get_game
from .rules import CORE_RULES

StepHook = Callable[[int, dict, Any], None]
#: called once with the state set-up gives, before the first move (the ETL reads the first position)
StartHook = Callable[[Any], None]
#: violations for which other legal moves are no help: a player id that is no player (the did-you-mean
#: says whom), a move after the end (there are none)
_NO_LEGAL_HINT = frozenset({"CORE.MOVE.UNKNOWN_PLAYER", "CORE.MOVE.AFTER_END"})
_AFTER_END = ("CORE.MOVE.AFTER_END", "the game is already over; no move may follow")


@dataclass
class ReplayResult:
    log: GameLog
    game: Game
    state: Any  # the state after the last applied move (None if set-up failed)
    applied: int  # how many moves were applied
    violations: list[Violation] = field(default_factory=list)
    terminal: bool = False

    @property
    def status(self) -> str:
        if self.violations:
            return "invalid"
        return "valid" if self.terminal else "unfinished"

    @property
    def scores(self) -> dict[str, int]:
        if self.state is None:
            return {}
        return dict(zip(self.log.player_ids, self.game.scores(self.state)))

    @property
    def winners(self) -> list[str]:
        """Ids of the winning players (bots are in :attr:`bot_winners`)."""
        if self.state is None or not self.terminal:
            return []
        ids = self.log.player_ids
        return [ids[i] for i in self.game.winners(self.state)]

    @property
    def bots(self) -> list:
        """The game's :class:`~ludolog.replayer.core.bots.BotSeat` list (empty without bots)."""
        return [] if self.state is None else list(self.game.bot_seats(self.state))

    @property
    def bot_scores(self) -> dict[str, int]:
        """Bot id -> score (empty without bots)."""
        return {} if self.state is None else self.game.bot_scores(self.state)

    @property
    def bot_winners(self) -> list[str]:
        if self.state is None or not self.terminal:
            return []
        return self.game.bot_winners(self.state)

    @property
    def unrevealed(self) -> int:
        """Hidden draws (``"?"``) never identified: information, not a violation."""
        return 0 if self.state is None else self.game.unrevealed(self.state)

    @property
    def result_line(self) -> str:
        """Scores and winner in one line: ``"ana 31, Paco & Paca 147: Paco & Paca win"`` (finished games)."""
        if self.state is None:
            return ""
        scores = [(pid, score) for pid, score in self.scores.items()]
        bots = self.bots
        bot_scores = self.bot_scores
        scores += [(bot.name, bot_scores[bot.id]) for bot in bots]
        if not self.terminal:
            return ", ".join(f"{name} {score}" for name, score in scores) + ": the game is not over"
        names = {bot.id: bot.name for bot in bots}
        winners = self.winners + [names[b] for b in self.bot_winners]
        return result_line(scores, winners, {bot.name for bot in bots if bot.plural})


def replay(log: GameLog, *, to: int | None = None, on_step: StepHook | None = None,
           check_claims: bool = True, on_start: StartHook | None = None) -> ReplayResult:
    """Replay ``log`` (up to its first ``to`` moves) and check its claimed scores.

    Never raises for a bad log: every problem is a violation in the result, and the state is the
    one the valid prefix reached. For a log migrated from an older format (``log.migration``),
    ``to`` counts the moves of the file as written and every violation is located there too
    (``on_step`` and the ledger see the migrated moves). ``on_start`` (if given) sees the state
    before the first move, when the set-up is legal; it must not change it.
    """
    migration = log.migration
    if migration is None:
        return _replay(log, to=to, on_step=on_step, check_claims=check_claims, on_start=on_start)
    result = _replay(log, to=None if to is None else migrated_index(to, migration), on_step=on_step,
                     check_claims=check_claims, schema_to=to, on_start=on_start)
    from_schema = {id(v) for v in log.violations}  # already located in the file by the reader
    result.violations = [v if id(v) in from_schema else to_source(v, migration) for v in result.violations]
    return result


def _replay(log: GameLog, *, to: int | None, on_step: StepHook | None, check_claims: bool,
            schema_to: int | None = None, on_start: StartHook | None = None) -> ReplayResult:
    """:func:`replay` in the terms of ``log.moves``; ``schema_to`` (default ``to``) bounds the
    reader's violations, which may be located in the file as written."""
    game = get_game(log.game)
    violations = log.violations
    if schema_to is None:
        schema_to = to
    if schema_to is not None:  # a position before a later error is still a valid position
        violations = [v for v in violations if v.move_index is None or v.move_index < schema_to]
    result = ReplayResult(log=log, game=game, state=None, applied=0, violations=list(violations))
    if not log.head_ok:
        return result
    file = log.file
    try:
        state = game.new_state(log)
    except IllegalMove as exc:  # every wrong set-up value the game found, each a violation
        result.violations.extend(Violation(file, None, problem.pointer or "/setup", problem.code, problem.message,
                                           game.rules.ref(problem.code)) for problem in all_problems(exc))
        return result
    result.state = state
    if on_start is not None:
        on_start(state)
    state.ledger.rollback = False  # no copy per guarded move: a rejected move's position is rebuilt
    moves = log.moves
    end = len(moves) if log.first_bad_move is None else log.first_bad_move
    if to is not None:
        end = min(end, max(0, to))
    seat_of = log.seat_of
    apply, is_terminal = game.apply, game.is_terminal
    ledger = state.ledger
    bot_ledgers = [game.bot_ledger(state, bot) for bot in game.bot_seats(state)]
    for i in range(end):
        move = moves[i]
        ledger.move_index = i
        if bot_ledgers:
            for bot_ledger in bot_ledgers:
                bot_ledger.move_index = i
        pid = move.get("player")
        seat = None
        try:
            if pid is not None:
                seat = seat_of.get(pid)
                if seat is None:
                    from .suggest import did_you_mean  # the error path only

                    raise IllegalMove("CORE.MOVE.UNKNOWN_PLAYER", f"{pid!r} is not a player of this game"
                                      f"{did_you_mean(pid, seat_of)} (players: {', '.join(seat_of)})", "/player")
            try:
                apply(state, move, seat)
            except IllegalMove as exc:
                if exc.unrestored:  # the rejected move may have changed it: the position before it again
                    state = result.state = _position_before(game, log, i)
                if is_terminal(state):  # every game's apply refuses a move once the game is over
                    raise IllegalMove(*_AFTER_END) from None
                raise
        except IllegalMove as exc:
            state.ledger.rollback = True  # the state handed on keeps its rollback
            ptr = exc.pointer if exc.pointer.startswith("/moves/") else f"/moves/{i}{exc.pointer}"
            message = exc.message
            if exc.code not in _NO_LEGAL_HINT:  # the nearest legal moves, for the reported violation only
                from .suggest import legal_here

                message += legal_here(game, state, move, message)
            position = game.describe(state)
            result.violations.append(Violation(file, i, ptr, exc.code, message, game.rules.ref(exc.code), position))
            # the move's other wrong values, and those of later moves the game checks without it
            later = [(i, problem) for problem in all_problems(exc)[1:]]
            try:
                later += game.later_problems(state, moves, i)
            except Exception:  # noqa: BLE001 - a courtesy: never hides the violation found
                pass
            for k, problem in later:
                result.violations.append(Violation(file, k, f"/moves/{k}{problem.pointer}", problem.code, problem.message,
                                                   game.rules.ref(problem.code), position if k == i else ""))
            result.applied = i
            result.terminal = False
            return result
        if on_step is not None:
            on_step(i, move, state)
    state.ledger.rollback = True
    result.applied = end
    result.terminal = is_terminal(state)
    if end == log.first_bad_move:  # the move the schema rejected: shown in its position, as a rule error is
        _place_schema_errors(result.violations, end, game.describe(state))
    window = game.open_window(state)
    claims_the_end = bool((log.claimed or {}).get("final"))
    if to is None and end == len(moves) and window is not None and not window.complete and claims_the_end:
        # A log that stops inside a window is unfinished (a recording paused while the players
        # decide); one that claims final scores says the game is over, and it is not: the window
        # still waits, which says more than "the game is not over".
        names = log.player_ids
        waiting = ", ".join(names[s] for s in sorted(window.waiting))
        # located at the missing decision: the move the log would need next
        result.violations.append(Violation(file, end, "/moves", "CORE.SIMULTANEOUS.INCOMPLETE",
                                           f"final scores are claimed, but the log ends while {window.label} still waits for {waiting}",
                                           CORE_RULES.ref("CORE.SIMULTANEOUS.INCOMPLETE"), game.describe(state)))
    if check_claims and to is None and not result.violations:
        result.violations.extend(check_claimed(log, game, state, result.terminal))
    return result


def _position_before(game: Game, log: GameLog, index: int):
    """The position before move ``index`` of ``log``, whose earlier moves were all accepted: set up
    and replayed again (the error path only, so the valid path pays for no rollback), with full
    rollback for whoever uses it next (the nearest legal moves, a caller)."""
    state = _replay(log, to=index, on_step=None, check_claims=False).state
    for ledger in [state.ledger] + [game.bot_ledger(state, bot) for bot in game.bot_seats(state)]:
        ledger.move_index = index
    return state


def _place_schema_errors(violations: list[Violation], index: int, position: str) -> None:
    """Give the violations of move ``index`` (the first the schema rejected) the position before it."""
    for v in violations:
        if v.move_index == index and not v.context:
            v.context = position


def check_claimed(log: GameLog, game: Game, state, terminal: bool) -> list[Violation]:
    """Claimed final and per-event scores against the replay."""
    claimed = log.claimed or {}
    out: list[Violation] = []
    ids = log.player_ids

    def core(code, msg, ptr, idx=None):
        out.append(Violation(log.file, idx, ptr, code, msg, CORE_RULES.ref(code)))

    bots = {bot.claim_id: bot for bot in game.bot_seats(state)}
    final = claimed.get("final")
    if final is not None:
        for pid in final:
            if pid not in log.seat_of and pid not in bots:
                core("CORE.CLAIM.UNKNOWN_PLAYER", _unknown_claim(pid, bots), f"/claimed/final/{pid}")
        if not terminal:
            core("CORE.CLAIM.UNFINISHED",
                 f"final scores are claimed but the game is not over after its {len(log.moves)} moves", "/claimed/final")
        else:
            scores = game.scores(state)
            for seat, pid in enumerate(ids):
                if pid in final and final[pid] != scores[seat]:
                    core("CORE.CLAIM.FINAL_MISMATCH",
                         f"{pid} claims {final[pid]} points but the replay gives {scores[seat]}", f"/claimed/final/{pid}")
            for key, bot in bots.items():
                replayed = sum(game.bot_ledger(state, bot).totals)
                if key in final and final[key] != replayed:
                    core("CORE.CLAIM.FINAL_MISMATCH",
                         f"{bot.name} are claimed {final[key]} points but the replay gives {replayed}"
                         if bot.plural else f"{bot.name} is claimed {final[key]} points but the replay gives {replayed}",
                         f"/claimed/final/{key}")
    migration = log.migration
    for k, event in enumerate(claimed.get("events") or []):
        after = event["after"]
        # in messages, the move as the file numbers it (an older log's claims were moved with its moves)
        written = after if migration is None else source_index(after, migration)
        if after >= len(log.moves):
            moves = len(log.moves) if migration is None else migration.source_moves
            written = after if migration is None else after - len(log.moves) + moves
            core("CORE.CLAIM.EVENT_MISMATCH", f"claim after move {written}, but the log has {moves} moves",
                 f"/claimed/events/{k}/after")
            continue
        totals = state.ledger.totals_through(after)
        label = event.get("label") or f"after move {written}"
        for pid, claimed_score in event["scores"].items():
            seat = log.seat_of.get(pid)
            if pid in bots:
                replayed = sum(game.bot_ledger(state, bots[pid]).totals_through(after))
                if replayed != claimed_score:
                    core("CORE.CLAIM.EVENT_MISMATCH",
                         f"{bots[pid].name} {'are' if bots[pid].plural else 'is'} claimed {claimed_score} points at "
                         f"{label} but the replay gives {replayed}", f"/claimed/events/{k}/scores/{pid}", after)
            elif seat is None:
                core("CORE.CLAIM.UNKNOWN_PLAYER", _unknown_claim(pid, bots), f"/claimed/events/{k}/scores/{pid}")
            elif totals[seat] != claimed_score:
                core("CORE.CLAIM.EVENT_MISMATCH",
                     f"{pid} claims {claimed_score} points at {label} but the replay gives {totals[seat]}",
                     f"/claimed/events/{k}/scores/{pid}", after)
    return out


def _unknown_claim(key: str, bots: dict) -> str:
    if key.startswith(BOT_PREFIX):
        known = ", ".join(bots) or "none in this game"
        return f"claimed score for {key!r}, which is not a bot of this game (bots: {known})"
    return f"claimed score for {key!r}, who is not a player"
