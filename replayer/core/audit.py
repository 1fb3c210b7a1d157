"""The score audit: what the players wrote down against what the rules give, for a referee.

Game-independent: it reads only the :class:`ReplayResult` and its ledger. Claims are checked in
order (each of ``claimed.events``, then ``claimed.final``); the first that differs from the replay
is the *divergence*, shown with the scoring moves since the last claim that agreed, for the
players whose claims differ. Bots are audited like players, after them, as ``@id``.

A log that breaks a rule at move N has one verdict, INVALID at move N: the audit says so first and
audits its valid prefix - the claims within it are checked, the final scores claimed are shown but
never compared (the game does not reach its end in the log).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

from .errors import Violation
from .ledger import Ledger, ScoreEvent
from .migrate import source_index
from .replay import ReplayResult


@dataclass
class PlayerAudit:
    seat: int
    player: str
    name: str
    claimed: int | None  # None: no final score claimed for this player
    replayed: int
    by_category: dict[str, int]
    bot: bool = False  #: an automated opponent, ``player`` is its ``@id``
    #: whether the replay reached the end of the game, so that a claimed final score can be compared
    final_reached: bool = True

    @property
    def difference(self) -> int | None:
        """claimed - replayed (None without a claim, or when the replay did not reach the end)."""
        return None if self.claimed is None or not self.final_reached else self.claimed - self.replayed

    @property
    def agrees(self) -> bool:
        """No claimed final score that differs from the replayed one (a claim the replay cannot
        judge, the game not being over in it, is not disputed)."""
        return self.difference is None or self.difference == 0


@dataclass
class ClaimCheck:
    """One claimed scoring moment: an intermediate event or the final scores."""

    label: str
    after: int  # index of the move after which the scores were written down
    pointer: str  # where the claim is in the log
    scores: dict[str, tuple[int, int]]  # player -> (claimed, replayed)
    written: int | None = None  #: ``after`` as the file numbers its moves (an older log's); None: the same

    @property
    def shown_after(self) -> int:
        return self.after if self.written is None else self.written

    @property
    def differing(self) -> list[str]:
        return [pid for pid, (claimed, replayed) in self.scores.items() if claimed != replayed]


@dataclass
class ScoringMove:
    """A ledger event of a disputed player inside the divergence window."""

    move_index: int  # -1: set-up
    move_type: str | None
    mover: str | None  # who made the move (None for set-up and chance moves)
    player: str  # who scored
    delta: int
    category: str
    reason: str


@dataclass
class Divergence:
    claim: ClaimCheck
    since: int  # first move index of the window (-1 includes set-up scoring)
    previous_label: str | None  # the last claim that agreed, if any
    moves: list[ScoringMove]
    #: per disputed player: points by category scored in the window (replayed)
    categories: dict[str, dict[str, int]]

    @property
    def players(self) -> list[str]:
        return self.claim.differing


@dataclass
class AuditReport:
    file: str
    game: str
    status: str  # the replay's: valid / unfinished / invalid
    moves_in_log: int
    applied: int
    players: list[PlayerAudit]
    claims: list[ClaimCheck]
    divergence: Divergence | None
    violations: list[Violation] = field(default_factory=list)  # rule and schema violations (not claims)

    @property
    def invalid_at(self) -> int | None:
        """The move at which the log breaks a rule (or its schema): the replay stopped before it
        and the audit is of the moves before. None for a log without such a move."""
        moves = [v.move_index for v in self.violations
                 if v.move_index is not None and not v.code.startswith("CORE.CLAIM.")]
        return min(moves) if moves else None

    @property
    def first_violation(self) -> Violation | None:
        at = self.invalid_at
        return next((v for v in self.violations if v.move_index == at), None) if at is not None else \
            (self.violations[0] if self.violations else None)

    @property
    def has_claims(self) -> bool:
        return bool(self.claims) or any(p.claimed is not None for p in self.players)

    @property
    def ok(self) -> bool:
        """Exit 0 for the referee: a legal log whose every claim matches the replay."""
        return not self.violations and self.divergence is None

    def as_dict(self) -> dict:
        return {
            "file": self.file, "game": self.game, "status": self.status, "moves_in_log": self.moves_in_log,
            "applied": self.applied, "claims_match": self.divergence is None, "ok": self.ok,
            "invalid_at": self.invalid_at,
            "players": [{**asdict(p), "difference": p.difference} for p in self.players],
            "claims": [{"label": c.label, "after": c.after, "pointer": c.pointer,
                        "scores": {pid: {"claimed": a, "replayed": b} for pid, (a, b) in c.scores.items()},
                        "differing": c.differing} for c in self.claims],
            "divergence": None if self.divergence is None else {
                "label": self.divergence.claim.label, "after": self.divergence.claim.after,
                "pointer": self.divergence.claim.pointer, "players": self.divergence.players,
                "since": self.divergence.since, "previous_label": self.divergence.previous_label,
                "differences": {pid: {"claimed": self.divergence.claim.scores[pid][0],
                                      "replayed": self.divergence.claim.scores[pid][1]}
                                for pid in self.divergence.players},
                "categories": self.divergence.categories,
                "moves": [asdict(m) for m in self.divergence.moves]},
            "violations": [v.as_dict() for v in self.violations],
        }


def audit(result: ReplayResult) -> AuditReport:
    """Audit the claims of a replayed log (replay it with the default ``check_claims=True``)."""
    log = result.log
    bots = result.bots
    # bots take the seats after the players' in this audit (and their @id)
    ids = log.player_ids + [bot.claim_id for bot in bots]
    seat_of = {pid: seat for seat, pid in enumerate(ids)}
    names = [p.name for p in log.players] + [bot.name for bot in bots]
    events = list(result.state.ledger.events) if result.state is not None else []
    for k, bot in enumerate(bots):
        seat = len(log.players) + k
        events += [ScoreEvent(e.move_index, seat, e.delta, e.category, e.reason)
                   for e in result.game.bot_ledger(result.state, bot).events]
    events.sort(key=lambda e: e.move_index)  # stable: the players' events first at one move
    ledger = Ledger(len(ids))  # every seat's, the bots' too
    for e in events:
        ledger.move_index = e.move_index
        ledger.add(e.seat, e.delta, e.category, e.reason)
    claimed = log.claimed or {}
    final = claimed.get("final") or {}
    players = [PlayerAudit(seat, pid, names[seat], final.get(pid), ledger.totals[seat], ledger.by_category(seat),
                           bot=seat >= len(log.players), final_reached=result.terminal)
               for seat, pid in enumerate(ids)]

    checks: list[ClaimCheck] = []
    for k, event in enumerate(claimed.get("events") or []):
        after = event.get("after", -1)
        if after >= result.applied:  # beyond the replayed moves: reported as a violation
            continue
        totals = ledger.totals_through(after)
        scores = {pid: (value, totals[seat_of[pid]]) for pid, value in (event.get("scores") or {}).items()
                  if pid in seat_of}
        written = after if log.migration is None else source_index(after, log.migration)  # as the file numbers it
        checks.append(ClaimCheck(event.get("label") or f"after move {written}", after, f"/claimed/events/{k}", scores,
                                 written if written != after else None))
    checks.sort(key=lambda c: c.after)  # stable: equal moments keep the log's order
    if final and result.terminal:
        checks.append(ClaimCheck("final scores", result.applied - 1, "/claimed/final",
                                 {p.player: (p.claimed, p.replayed) for p in players if p.claimed is not None}))

    divergence = None
    previous: ClaimCheck | None = None
    for check in checks:
        if check.differing:
            divergence = _divergence(result, check, previous, events, ids)
            break
        previous = check
    # mismatches are shown by the checks; every other problem (rules, schema, unknown players in
    # claims, claims past the end, final scores claimed for an unfinished game) is listed as is
    other = [v for v in result.violations if v.code != "CORE.CLAIM.FINAL_MISMATCH"
             and (v.code != "CORE.CLAIM.EVENT_MISMATCH" or v.move_index is None)]
    return AuditReport(file=log.file, game=log.game, status=result.status, moves_in_log=len(log.moves or []),
                       applied=result.applied, players=players, claims=checks, divergence=divergence,
                       violations=other)


def _divergence(result: ReplayResult, check: ClaimCheck, previous: ClaimCheck | None, events,
                ids: list[str]) -> Divergence:
    log = result.log
    since = previous.after + 1 if previous is not None else -1
    disputed = {ids.index(pid) for pid in check.differing}
    moves: list[ScoringMove] = []
    categories: dict[str, dict[str, int]] = {pid: {} for pid in check.differing}
    for e in events:
        if since <= e.move_index <= check.after and e.seat in disputed:
            move = log.moves[e.move_index] if e.move_index >= 0 else {}
            pid = ids[e.seat]
            moves.append(ScoringMove(e.move_index, move.get("type"), move.get("player"), pid, e.delta,
                                     e.category, e.reason))
            categories[pid][e.category] = categories[pid].get(e.category, 0) + e.delta
    return Divergence(check, since, previous.label if previous is not None else None, moves, categories)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


TEXT_WIDTH = 100  #: the category ledger is turned on its side when a line would be wider


def audit_text(report: AuditReport, max_moves: int = 30) -> str:
    """The audit as a referee reads it at the table."""
    humans = sum(1 for p in report.players if not p.bot)
    bots = [p.name for p in report.players if p.bot]
    lines = [f"Audit of {report.file}",
             f"{report.game}, {humans} player{'' if humans == 1 else 's'}"
             + (f" and {', '.join(bots)}" if bots else "") + f", {report.applied} of {report.moves_in_log} moves "
             f"replayed, status {report.status}"
             + (" (because of the claims)" if report.status == "invalid" and not report.violations else ""), ""]
    broken = report.invalid_at
    if broken is not None:
        first = report.first_violation
        lines += [f"The log is INVALID at move {broken}: {first.code}: {first.message}",
                  f"What follows is the audit of its valid prefix, moves 0 to {broken - 1}: the claims written "
                  f"within it are checked; the final scores claimed cannot be (the game does not reach "
                  f"its end in the log)." if broken else
                  "Its first move is refused: there is no valid prefix to audit.", ""]
    width = max([len(p.player) for p in report.players] + [6])
    lines.append(f"{'player':<{width}}  {'claimed':>7}  {'replayed':>8}  {'diff':>5}")
    for p in report.players:
        claimed = "-" if p.claimed is None else str(p.claimed)
        diff = "" if p.difference is None else _signed(p.difference) if p.difference else "0"
        mark = "" if p.agrees else "  <- DISPUTED"
        if p.claimed is not None and not p.final_reached:
            mark = "  (final score: not checked)"
        lines.append(f"{p.player:<{width}}  {claimed:>7}  {p.replayed:>8}  {diff:>5}{mark}")
    categories = sorted({c for p in report.players for c in p.by_category})
    if categories:
        lines += ["", "Ledger by category (replayed points):"]
        headers = categories + ["total"]
        widths = [max(len(c), 5) for c in headers]
        if width + sum(w + 2 for w in widths) <= TEXT_WIDTH:
            lines.append(" " * width + "".join(f"  {c:>{w}}" for c, w in zip(headers, widths)))
            for p in report.players:
                cells = [p.by_category.get(c, 0) for c in categories] + [p.replayed]
                lines.append(f"{p.player:<{width}}" + "".join(f"  {v:>{w}}" for v, w in zip(cells, widths)))
        else:  # too wide for a terminal: one line per category, one column per player
            name_width = max(len(c) for c in headers)
            columns = [max(len(p.player), 5) for p in report.players]
            lines.append(" " * name_width + "".join(f"  {p.player:>{w}}" for p, w in zip(report.players, columns)))
            for c in headers:
                cells = [p.replayed if c == "total" else p.by_category.get(c, 0) for p in report.players]
                lines.append(f"{c:<{name_width}}" + "".join(f"  {v:>{w}}" for v, w in zip(cells, columns)))
    intermediate = [c for c in report.claims if c.pointer != "/claimed/final"]
    if intermediate:
        agreeing = sum(1 for c in intermediate if not c.differing)
        lines += ["", f"Claims at scoring events: {len(intermediate)} ({agreeing} agree with the replay)"]
    d = report.divergence
    if d is not None:
        lines += ["", f"First claim that differs: {d.claim.label} (after move {d.claim.shown_after}, {d.claim.pointer})"]
        for pid in d.players:
            claimed, replayed = d.claim.scores[pid]
            lines.append(f"  {pid} claims {claimed}, the replay gives {replayed} ({_signed(claimed - replayed)})")
        where = (f"since the last claim that agrees ({d.previous_label})"
                 if d.previous_label else "since the start of the game")
        lines.append(f"  points the replay gives them {where}:")
        for pid in d.players:
            parts = ", ".join(f"{c} {_signed(v)}" for c, v in sorted(d.categories[pid].items())) or "none"
            lines.append(f"    {pid}: {parts}")
        if d.moves:
            lines.append("  the scoring moves:")
            for m in d.moves[-max_moves:] if len(d.moves) > max_moves else d.moves:
                at = "set-up" if m.move_index < 0 else f"move {m.move_index} ({m.move_type}" + (
                    f" by {m.mover})" if m.mover else ")")
                lines.append(f"    {at}: {m.player} {_signed(m.delta)} {m.category} - {m.reason}")
            if len(d.moves) > max_moves:
                lines.append(f"    ... {len(d.moves) - max_moves} earlier scoring moves not shown "
                             "(--format json lists them all)")
    if report.violations:
        lines += ["", f"The log breaks the rules (scores are those of its valid prefix, moves 0 to {broken - 1}):"
                  if broken else "The log breaks the rules:"]
        lines += [f"  {v}" for v in report.violations]
    lines.append("")
    if report.ok:
        lines.append("Result: every claim matches the replay." if report.has_claims
                     else "Result: the log is legal; it records no claimed scores to check.")
    elif broken is not None:
        within = [c for c in report.claims if c.pointer != "/claimed/final"]
        prefix = (f"; within its valid prefix the claims DIFFER from the replay ({', '.join(d.players)})" if d is not None
                  else ("; the claim within its valid prefix agrees with the replay" if len(within) == 1 else
                        f"; the {len(within)} claims within its valid prefix agree with the replay") if within else "")
        lines.append(f"Result: the log is INVALID at move {broken} ({report.first_violation.code}){prefix}.")
    elif d is not None:
        lines.append(f"Result: the claims DIFFER from the replay ({', '.join(d.players)}).")
    else:
        lines.append("Result: the log is INVALID.")
    return "\n".join(lines)
