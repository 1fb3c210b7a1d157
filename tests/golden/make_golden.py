"""Writes the golden playthroughs: a few simulated logs per game with what their replay must give.

A golden file pins the engine's behaviour: final scores, every ledger event and a digest of every
per-move player row. tests/test_golden.py replays them; a change to a rules engine that alters any
outcome fails there, and regenerating (``.venv/bin/python -m tests.golden.make_golden``) is then a
deliberate act, visible in the diff of these files - the corpus diff that guards every refactor.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import orjson

from ludolog.replayer.core import all_games, get_game, parse_log, replay, simulate_log

HERE = Path(__file__).parent


def summarise(raw: dict) -> dict:
    """What the replay of ``raw`` gives: status, scores, winners, ledger and a digest of every
    per-move player row."""
    log = parse_log(orjson.dumps(raw), "golden.json")
    game = get_game(log.game)
    digest = hashlib.sha256()

    def on_step(index, move, state):
        digest.update(repr(game.player_rows(state)).encode())

    result = replay(log, on_step=on_step)
    ids = log.player_ids
    return {
        "status": result.status,
        "moves": result.applied,
        "scores": result.scores,
        "winners": result.winners,
        "ledger": [[e.move_index, ids[e.seat], e.delta, e.category, e.reason] for e in result.state.ledger.events],
        "player_rows_sha256": digest.hexdigest(),
    }


def cases(game) -> list[tuple[int, dict]]:
    out = []
    for n in range(game.min_players, game.max_players + 1):
        sets = game.option_sets(n)
        out.append((n, sets[0]))
        if len(sets) > 1:
            out.append((n, sets[-1]))
    return out


def main() -> None:
    for game in all_games():
        folder = HERE / game.name
        folder.mkdir(exist_ok=True)
        for old in folder.glob("*.json"):
            old.unlink()
        for k, (n, options) in enumerate(cases(game)):
            raw = simulate_log(game, n, f"golden-{k}", options)
            name = f"{game.name}-{n}p-{k}"
            (folder / f"{name}.log.json").write_bytes(orjson.dumps(raw) + b"\n")
            (folder / f"{name}.expected.json").write_bytes(
                orjson.dumps(summarise(raw), option=orjson.OPT_INDENT_2) + b"\n")
        print(f"{game.name}: {len(cases(game))} golden playthroughs")


if __name__ == "__main__":
    main()
