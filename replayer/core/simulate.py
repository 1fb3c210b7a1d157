"""Random legal games, written as logs a table could have recorded."""
from __future__ import annotations

import random

from .game import Game
from .log import GameLog, Player
from .migrate import CURRENT_FORMAT
from .registry import get_game

PLAYER_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eda", "Fay")


def setup_for(game: Game, rng: random.Random, players: list[str], options: dict) -> dict:
    """A set-up drawn by :meth:`Game.random_setup` for the players ``players`` (ids in seat order).

    ``random_setup`` keys what belongs to a seat by the simulator's ids (``ana``, ``ben`` ...): each
    such key, and each value that is such an id (a seat order, a list of the players), becomes the
    id of the player in that seat."""
    rename = {name.lower(): pid for name, pid in zip(PLAYER_NAMES, players)}
    return _renamed(game.random_setup(rng, len(players), options), rename)


def _renamed(value, rename: dict[str, str]):
    if isinstance(value, dict):
        return {rename.get(k, k): _renamed(v, rename) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, rename) for v in value]
    return rename.get(value, value) if isinstance(value, str) else value


def simulate_log(game: Game | str, n_players: int, seed: int | str, options: dict | None = None,
                 max_moves: int = 100_000) -> dict:
    """One complete random legal game as a log dict with ``claimed.final`` filled in (bots as ``@id``).

    The same (game, players, seed, options) always gives the same log. Simultaneous windows need
    nothing special: :meth:`Game.random_move` picks one of the seats still to decide.

    :raises RuntimeError: the game did not end within ``max_moves`` (an engine bug).
    """
    game = get_game(game) if isinstance(game, str) else game
    options = dict(options or {})
    rng = random.Random(f"{game.name}|{n_players}|{seed}|{sorted(options.items())}")
    players = [{"id": name.lower(), "name": name} for name in PLAYER_NAMES[:n_players]]
    setup = game.random_setup(rng, n_players, options)
    raw = {
        "format": CURRENT_FORMAT, "game": game.name, "edition": game.editions[0], "options": options,
        "catalog": game.catalog_version, "players": players, "setup": setup, "moves": [],
    }
    log = GameLog(file="<simulated>", raw=raw, game=game.name, format=CURRENT_FORMAT, edition=game.editions[0],
                  options=options, catalog=game.catalog_version,
                  players=[Player(p["id"], p["name"]) for p in players], setup=setup,
                  seat_of={p["id"]: i for i, p in enumerate(players)})
    state = game.new_state(log)
    moves = raw["moves"]
    seat_of = log.seat_of
    bots = game.bot_seats(state)
    ledgers = [state.ledger] + [game.bot_ledger(state, bot) for bot in bots]
    while not game.is_terminal(state):
        if len(moves) >= max_moves:
            raise RuntimeError(f"simulated {game.name} game did not end within {max_moves} moves")
        move = game.random_move(state, rng)
        for ledger in ledgers:
            ledger.move_index = len(moves)
        pid = move.get("player")
        game.apply(state, move, seat_of[pid] if pid is not None else None)
        moves.append(move)
    final = dict(zip(log.player_ids, game.scores(state)))
    bot_scores = game.bot_scores(state)
    final.update((bot.claim_id, bot_scores[bot.id]) for bot in bots)
    raw["claimed"] = {"final": final}
    raw["meta"] = {"source": f"ludolog simulate {game.name} --players {n_players} --seed {seed}"}
    return raw
