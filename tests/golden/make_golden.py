"""Writes the golden playthroughs: a few simulated logs per game with what their replay must give.

A golden file pins the engine's behaviour: status, final scores and winners (bots included), every
ledger event, the per-player rows (``Game.player_rows``, the ``player_states`` columns) at every
scoring event and at the end of every round, and a digest of the rows after every single move.
tests/test_golden.py replays them; a change to a rules engine that alters any outcome fails there,
and regenerating (``.venv/bin/python -m tests.golden.make_golden [GAME...]``) is then a deliberate
act whose diff shows what moved: each ledger event and each row snapshot is one line of the
``.expected.json`` file, so a review reads "after move 160 (round 4) ben's score 12 -> 17".

Format of ``<name>.expected.json`` (one JSON object):

- ``status``, ``moves`` (moves applied), ``scores`` (player id -> score), ``winners`` (player ids);
  with bots also ``bot_scores`` (``@id`` -> score) and ``bot_winners``;
- ``ledger``: ``[move index, player id or @bot id, delta, category, reason]`` per event;
- ``columns``: the names of the row values;
- ``rows``: ``{"after": move index, "turn": t, "round": r, "at": why, "rows": {player id: [values]}}``
  after every move that scored (``"at": "scoring"``), that ended a round (``"round end"``) and
  after the last move (``"end"``);
- ``player_rows_sha256``: digest of the rows after every move (catches what the snapshots skip).
"""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import orjson

from ludolog.replayer.core import all_games, get_game, parse_log, replay, simulate_log
from ludolog.replayer.core.registry import register, unregister

HERE = Path(__file__).parent


def summarise(raw: dict) -> dict:
    """What the replay of ``raw`` gives (see the module docstring for the keys)."""
    log = parse_log(orjson.dumps(raw), "golden.json")
    game = get_game(log.game)
    digest = hashlib.sha256()
    ids = log.player_ids
    snapshots: list[dict] = []
    seen = {"events": 0, "round": None}

    def on_step(index, move, state):
        rows = game.player_rows(state)
        digest.update(repr(rows).encode())
        events = len(state.ledger.events) + sum(len(game.bot_ledger(state, b).events) for b in game.bot_seats(state))
        turn, round_ = game.turn_info(state)
        reason = None
        if index == len(log.moves) - 1:
            reason = "end"
        elif events != seen["events"]:
            reason = "scoring"
        elif seen["round"] is not None and round_ != seen["round"]:
            reason = "round end"
        seen["events"], seen["round"] = events, round_
        if reason:
            snapshots.append({"after": index, "turn": turn, "round": round_, "at": reason,
                              "rows": {pid: list(row) for pid, row in zip(ids, rows)}})

    result = replay(log, on_step=on_step)
    state = result.state
    ledger = [[e.move_index, ids[e.seat], e.delta, e.category, e.reason] for e in state.ledger.events]
    out = {"status": result.status, "moves": result.applied, "scores": result.scores, "winners": result.winners}
    bots = game.bot_seats(state)
    if bots:
        out["bot_scores"] = {bot.claim_id: score for bot, score in zip(bots, result.bot_scores.values())}
        out["bot_winners"] = ["@" + b for b in result.bot_winners]
        for bot in bots:
            ledger += [[e.move_index, bot.claim_id, e.delta, e.category, e.reason]
                       for e in game.bot_ledger(state, bot).events]
        ledger.sort(key=lambda e: e[0])  # stable: players' events before the bot's at one move
    out["ledger"] = ledger
    out["columns"] = [name for name, _ in game.state_columns]
    out["rows"] = snapshots
    out["player_rows_sha256"] = digest.hexdigest()
    return out


def dumps(summary: dict) -> bytes:
    """The summary as JSON with one ledger event and one row snapshot per line (reviewable diffs)."""
    lines = ["{"]
    items = list(summary.items())
    for k, (key, value) in enumerate(items):
        comma = "," if k < len(items) - 1 else ""
        head = f"  {orjson.dumps(key).decode()}: "
        if isinstance(value, list) and value and isinstance(value[0], (list, dict)):
            lines.append(head + "[")
            lines += [f"    {orjson.dumps(item).decode()}{',' if i < len(value) - 1 else ''}" for i, item in enumerate(value)]
            lines.append(f"  ]{comma}")
        else:
            lines.append(head + orjson.dumps(value).decode() + comma)
    lines.append("}")
    return ("\n".join(lines) + "\n").encode()


def cases(game) -> list[tuple[int, dict]]:
    out = []
    for n in range(game.min_players, game.max_players + 1):
        sets = game.option_sets(n)
        out.append((n, sets[0]))
        if len(sets) > 1:
            out.append((n, sets[-1]))
    return out


def main(names: list[str]) -> None:
    """Regenerate the golden files of the games named (all games when none is; the engines being
    built, tests/in_progress.py, registered for it)."""
    from tests.in_progress import in_progress_games

    unregistered = in_progress_games()
    for game in unregistered:
        register(game)
    try:
        _write(names, all_games())
    finally:
        for game in unregistered:
            unregister(game.name)


def _write(names: list[str], games: list) -> None:
    for game in games:
        if names and game.name not in names:
            continue
        folder = HERE / game.name
        folder.mkdir(exist_ok=True)
        for old in folder.glob("*.json"):
            old.unlink()
        for k, (n, options) in enumerate(cases(game)):
            raw = simulate_log(game, n, f"golden-{k}", options)
            name = f"{game.name}-{n}p-{k}"
            (folder / f"{name}.log.json").write_bytes(orjson.dumps(raw) + b"\n")
            (folder / f"{name}.expected.json").write_bytes(dumps(summarise(raw)))
        print(f"{game.name}: {len(cases(game))} golden playthroughs")


if __name__ == "__main__":
    main(sys.argv[1:])
