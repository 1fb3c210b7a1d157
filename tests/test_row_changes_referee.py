"""The referee of every game's take_row_changes (issue 13): a move a game says changed no row must
change no seat's :meth:`Game.player_rows`, asked afresh, value and type.

tests/test_state_columns.py follows one simulated path per player count and option set, so a move
the random player seldom picks (a trade with a full storage, a pass that ends a season, an effect
of a rare tile) is checked only where some log happens to make it. Here every legal move of sampled
positions is applied on a clone of the position: the clone's flag is cleared first (its
take_row_changes asked once), its rows taken, the move applied, and where take_row_changes then
says False the rows afresh must be the rows before. The expectation is the straightforward
player_rows, never the engine's own snapshot (state_rows) or flag. The rows the ingest holds
(state_rows asked only where take_row_changes says True) are checked against player_rows too, and
Castles of Burgundy is played in its 2019 and 2023 editions, which the core's simulator never writes.

The normal suite runs a small sample of every game (a few seconds); the long sweep (hundreds of
simulated logs per game followed move by move, many more positions branched, the bench corpus of
every game) is behind the ``referee`` marker: ``.venv/bin/python -m pytest -m referee
tests/test_row_changes_referee.py``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import orjson
import pytest

from ludolog.replayer.core import all_games, get_game, parse_log, replay, simulate_log
from ludolog.replayer.core.errors import IllegalMove
from tests.test_state_columns import _typed, _untouched_rows_stay

GAMES = all_games()
IDS = [g.name for g in GAMES]


@dataclass(slots=True)
class Branching:
    """What :func:`branch_every_legal_move` saw: the moves applied, those said to change no row,
    and the misses (a move said to change none that changed a row), each described for a person."""

    applied: int = 0
    quiet: int = 0
    misses: list[str] = field(default_factory=list)


def _row_difference(before: list[tuple], after: list[tuple]) -> list[tuple]:
    """(seat, column, before, after) of every cell that differs."""
    return [(seat, column, old, new)
            for seat, (row_before, row_after) in enumerate(zip(before, after))
            for column, (old, new) in enumerate(zip(row_before, row_after)) if old != new]


def branch_every_legal_move(game, data: bytes, every: int, cap: int, seed: int, seen: Branching) -> None:
    """Replay the log ``data``; at every ``every``-th position, and at every position where a
    simultaneous window is open (the rare steps: a region scoring's lever holders, an interim
    scoring, the winter choice), apply each legal move (at most ``cap`` of them, drawn with
    ``seed``) to a clone and check it as the module docstring says. A legal move the engine
    refuses is a miss too (the listing and the rules disagree)."""
    log = parse_log(data, "branched.json")
    rng = random.Random(seed)
    columns = [name for name, _ in game.state_columns]

    def on_step(index: int, move: dict, state) -> None:
        if index % every and game.open_window(state) is None:
            return
        moves = game.legal_moves(state)
        if len(moves) > cap:
            moves = rng.sample(moves, cap)
        for candidate in moves:
            position = game.clone(state)
            game.take_row_changes(position)  # what the ingest asked after the move before
            before = [_typed(row) for row in game.player_rows(position)]
            player = candidate.get("player")
            try:
                game.apply(position, candidate, log.seat_of[player] if player is not None else None)
            except IllegalMove as exc:
                seen.misses.append(f"{game.name} after move {index}: the legal {candidate} refused ({exc.code})")
                continue
            seen.applied += 1
            if game.take_row_changes(position):
                continue
            seen.quiet += 1
            after = [_typed(row) for row in game.player_rows(position)]
            if after != before:
                cells = [(seat, columns[c], old, new) for seat, c, old, new in _row_difference(before, after)]
                seen.misses.append(f"{game.name} {len(log.players)}p, after move {index}: {orjson.dumps(candidate).decode()} "
                                   f"said no row changed, but (seat, column, before, after): {cells}")

    replay(log, on_step=on_step)


def rows_as_the_ingest_keeps_them(game, data: bytes, file: str) -> int:
    """Replay ``data`` as the ingest does (take_row_changes after every move, state_rows only when it
    says True and after the first move) and check, after every move, that the rows the ingest then
    holds (the last state_rows it asked for) are player_rows asked afresh, value and type: a stale
    row from a wrong False, or from a snapshot memo that goes wrong when moves are skipped, fails.
    Returns the number of moves said to change no row."""
    held: list = []
    quiet = 0

    def on_step(index: int, move: dict, state) -> None:
        nonlocal quiet
        if game.take_row_changes(state) or not index:
            held[:] = [_typed(row) for row in game.state_rows(state)]  # first, as the ingest asks
        else:
            quiet += 1
        expected = [_typed(row) for row in game.player_rows(state)]
        assert held == expected, (game.name, file, index, move, _row_difference(held, expected))

    replay(parse_log(data, file), on_step=on_step)
    return quiet


def _logs(game, seeds: range) -> list[tuple[int, bytes]]:
    """(seed, simulated log) of every player count and option set, for each seed."""
    logs = []
    for seed in seeds:
        for players in range(game.min_players, game.max_players + 1):
            for k, options in enumerate(game.option_sets(players)):
                logs.append((seed * 1009 + k, orjson.dumps(simulate_log(game, players, seed * 1009 + k, options))))
    return logs


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_legal_move_of_sampled_positions_said_quiet_changes_no_row(game):
    seen = Branching()
    for seed, data in _logs(game, range(3, 4)):
        branch_every_legal_move(game, data, every=23, cap=12, seed=seed, seen=seen)
    assert not seen.misses, "\n".join(seen.misses[:10])
    # the check judged something: many moves applied, and some said to change no row
    assert seen.applied > 100 and seen.quiet > 10, (seen.applied, seen.quiet)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_rows_the_ingest_holds_are_the_player_rows_after_every_move(game):
    quiet = sum(rows_as_the_ingest_keeps_them(game, data, f"{game.name}-{seed}.json")
                for seed, data in _logs(game, range(5, 6)))
    assert quiet > 50, quiet  # moves were skipped, so the check judged the skipping


def _long_sweep(request) -> None:
    if "referee" not in (request.config.getoption("-m") or ""):
        pytest.skip("the referee's long sweep: pytest -m referee tests/test_row_changes_referee.py")


@pytest.mark.referee
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_many_simulated_logs_move_by_move(game, request):
    _long_sweep(request)
    for seed, data in _logs(game, range(100, 300)):
        _untouched_rows_stay(game, data, f"{game.name}-{seed}.json")
        rows_as_the_ingest_keeps_them(game, data, f"{game.name}-{seed}.json")


@pytest.mark.referee
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_legal_move_of_many_positions(game, request):
    _long_sweep(request)
    seen = Branching()
    for seed, data in _logs(game, range(300, 320)):
        branch_every_legal_move(game, data, every=4, cap=60, seed=seed, seen=seen)
    assert not seen.misses, "\n".join(seen.misses[:10])


@pytest.mark.referee
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_bench_corpus_move_by_move(game, request):
    _long_sweep(request)
    from ludolog.cli.bench import corpus_entries, simulated_bytes

    for name, players, seed in corpus_entries(game):
        data = simulated_bytes(game, players, seed)
        _untouched_rows_stay(game, data, name)
        rows_as_the_ingest_keeps_them(game, data, name)


def simulated_castles_of_burgundy(edition: str, players: int, seed: int) -> bytes:
    """A random Castles of Burgundy log of ``edition``: the core's simulator writes only a game's
    first edition (alea-2011), so the knowledge tiles and depots of the 2019 and 2023 editions are
    played here, by an engine holding that edition's catalog (its random set-up and moves)."""
    from ludolog.replayer.castles_of_burgundy.catalog import load_catalog
    from ludolog.replayer.castles_of_burgundy.engine import CastlesOfBurgundy
    from ludolog.replayer.core.log import GameLog, Player
    from ludolog.replayer.core.migrate import CURRENT_FORMAT
    from ludolog.replayer.core.simulate import PLAYER_NAMES

    game = CastlesOfBurgundy(load_catalog(edition=edition))
    rng = random.Random(f"{edition}|{players}|{seed}")
    seats = [{"id": name.lower(), "name": name} for name in PLAYER_NAMES[:players]]
    raw = {"format": CURRENT_FORMAT, "game": game.name, "edition": edition, "options": {},
           "catalog": game.catalog_version, "players": seats, "setup": game.random_setup(rng, players, {}), "moves": []}
    log = GameLog(file="<simulated>", raw=raw, game=game.name, format=CURRENT_FORMAT, edition=edition, options={},
                  catalog=game.catalog_version, players=[Player(p["id"], p["name"]) for p in seats],
                  setup=raw["setup"], seat_of={p["id"]: i for i, p in enumerate(seats)})
    state = game.new_state(log)
    while not game.is_terminal(state):
        move = game.random_move(state, rng)
        state.ledger.move_index = len(raw["moves"])
        player = move.get("player")
        game.apply(state, move, log.seat_of[player] if player is not None else None)
        raw["moves"].append(move)
    return orjson.dumps(raw)


#: (edition, player counts) the simulated editions' logs are made for: the 2023 boards print no
#: number, so its random set-up serves the solo game only
EDITION_PLAYERS = (("alea-2019", (1, 2, 3, 4)), ("awaken-realms-2023", (1,)))


def test_castles_of_burgundy_editions_the_simulator_does_not_play():
    game = get_game("castles-of-burgundy")
    quiet = 0
    for edition, counts in EDITION_PLAYERS:
        for players in counts:
            data = simulated_castles_of_burgundy(edition, players, 11)
            result = replay(parse_log(data, "edition.json"))
            assert result.status == "valid" and result.applied == len(orjson.loads(data)["moves"]), (edition, players)
            quiet += _untouched_rows_stay(game, data, f"{edition}-{players}p.json")
            quiet += rows_as_the_ingest_keeps_them(game, data, f"{edition}-{players}p.json")
    assert quiet > 500, quiet


@pytest.mark.referee
def test_castles_of_burgundy_editions_many_logs(request):
    _long_sweep(request)
    game = get_game("castles-of-burgundy")
    for seed in range(100, 160):
        for edition, counts in EDITION_PLAYERS:
            for players in counts:
                data = simulated_castles_of_burgundy(edition, players, seed)
                _untouched_rows_stay(game, data, f"{edition}-{players}p-{seed}.json")
                rows_as_the_ingest_keeps_them(game, data, f"{edition}-{players}p-{seed}.json")
