"""The ingest's per-move snapshot (Game.add_state_columns, filled straight into the chunk's column
lists) against the straightforward one (Game.player_rows, a tuple per seat, asked afresh): after
every move of simulated logs of every game, for every player count and option set, the same values
of the same types; and the Arrow tables ChunkBuilder makes from them hold those rows."""
from __future__ import annotations

import orjson
import pytest

from ludolog.etl.extract import ChunkBuilder
from ludolog.etl.tables import game_state_table
from ludolog.replayer.core import all_games, parse_log, registry, replay, simulate_log

from . import toygame
from .in_progress import in_progress_games

IN_PROGRESS = in_progress_games()
GAMES = all_games() + [toygame.GAME] + IN_PROGRESS
IDS = [g.name for g in GAMES]


@pytest.fixture(autouse=True)
def _registered():
    for game in [toygame.GAME, *IN_PROGRESS]:
        registry.register(game)
    yield
    for game in [toygame.GAME, *IN_PROGRESS]:
        registry.unregister(game.name)


def _typed(row) -> tuple:
    """``row`` with each value's type beside it: True and 1 are different cells."""
    return tuple((type(value).__name__, value) for value in row)


def _simulated(game) -> list[bytes]:
    logs = []
    for n in range(game.min_players, game.max_players + 1):
        for k, options in enumerate(game.option_sets(n)):
            logs.append(orjson.dumps(simulate_log(game, n, 17 + k, options)))
    return logs


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_columns_filled_after_every_move_are_the_player_rows(game):
    width = len(game.state_columns)
    for data in _simulated(game):
        log = parse_log(data, "sim.json")
        expected: list[list[tuple]] = []  # per move: player_rows, typed
        filled = [[] for _ in range(width)]  # one list per column over the whole log, as the ingest fills them
        alone: list[list[tuple]] = []  # per move: add_state_columns into fresh lists

        def on_step(index, move, state):
            rows = [_typed(row) for row in game.player_rows(state)]
            expected.append(rows)
            game.add_state_columns(state, filled)
            fresh = [[] for _ in range(width)]
            game.add_state_columns(state, fresh)
            alone.append([_typed(row) for row in zip(*fresh)])
            assert all(len(column) == len(rows) for column in fresh), (index, [len(c) for c in fresh])

        result = replay(log, on_step=on_step)
        assert result.status == "valid" and result.applied == len(log.moves) == len(expected)
        n = len(log.players)
        for index, rows in enumerate(expected):
            assert len(rows) == n
            assert alone[index] == rows, (game.name, n, index)
            assert [_typed(column[index * n + seat] for column in filled) for seat in range(n)] == rows, \
                (game.name, n, index)
        assert all(len(column) == len(expected) * n for column in filled)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_chunk_tables_hold_the_player_rows_of_every_move(game):
    logs = _simulated(game)
    builder = ChunkBuilder()
    expected = []  # (log number, move index, seat, *player_rows values) of every log in order
    for number, data in enumerate(logs):
        builder.add_bytes(data, f"sim-{number}.json")
        moves: list = []
        replay(parse_log(data, "sim.json"), on_step=lambda index, move, state: moves.append(game.player_rows(state)))
        expected += [(number, index, seat, *row) for index, rows in enumerate(moves) for seat, row in enumerate(rows)]
    chunk = builder.finish()
    assert chunk.stats.invalid == 0
    assert chunk.state_rows == chunk.stats.state_rows == len(expected)
    ids = {game_id: number for number, game_id in enumerate(chunk.game_ids)}
    states = chunk.tables["player_state_changes"].to_pylist()
    per_game = chunk.tables[game_state_table(game.name, game.state_columns).name].to_pylist()
    names = [name for name, _ in game.state_columns]
    got = [(ids[s["game_id"]], s["move_index"], s["seat"], s["score"], *(g[name] for name in names[1:]))
           for s, g in zip(states, per_game)]
    assert [(s["game_id"], s["move_index"], s["seat"]) for s in states] == \
        [(g["game_id"], g["move_index"], g["seat"]) for g in per_game]
    # stored: a seat's row at the first move, and where any value differs from its row one move before
    before = {(number, index, seat): values for number, index, seat, *values in expected}
    changed = [row for row in expected if row[1] == 0 or before[(row[0], row[1] - 1, row[2])] != list(row[3:])]
    assert got == changed and len(got) == chunk.stored_state_rows
    # each stored row holds up to the seat's next stored row, the last one to the end of its log
    moves = {number: index + 1 for number, index, *_ in expected}
    following = {}
    for number, index, seat, *_ in reversed(got):
        following[(number, index, seat)] = following.get((number, seat), moves[number])
        following[(number, seat)] = index
    assert [s["until_move_index"] for s in states] == [following[row[:3]] for row in got]
    assert len(changed) < len(expected)  # most moves leave most seats as they were
    # and every row comes back: each stored row holds until the seat's next stored row
    latest: dict = {}
    stored = {(number, index, seat): tuple(values) for number, index, seat, *values in got}
    expanded = []
    for number, index, seat, *_ in expected:
        latest[(number, seat)] = stored.get((number, index, seat), latest.get((number, seat)))
        expanded.append((number, index, seat, *latest[(number, seat)]))
    assert expanded == expected


class _Wide(type(toygame.GAME)):
    """The toy game with one value too many in every row of player_rows."""

    def player_rows(self, state):
        return [(*row, 0) for row in super().player_rows(state)]


def test_the_default_filling_refuses_a_row_that_does_not_fit_the_columns():
    game = toygame.GAME
    data = orjson.dumps(simulate_log(game, 2, 1, {}))
    seen = []
    replay(parse_log(data, "sim.json"), on_step=lambda index, move, state: seen.append(state) if not seen else None)
    columns = [[] for _ in game.state_columns]
    with pytest.raises(ValueError):
        _Wide().add_state_columns(seen[0], columns)


def test_a_game_that_fills_too_few_values_is_recorded_as_an_internal_failure(monkeypatch):
    game = toygame.GAME
    data = orjson.dumps(simulate_log(game, 2, 1, {}))

    def one_seat_only(self, state, columns):
        for column, value in zip(columns, self.player_rows(state)[0]):
            column.append(value)

    monkeypatch.setattr(type(game), "add_state_columns", one_seat_only)
    builder = ChunkBuilder()
    builder.add_bytes(data, "sim.json")
    chunk = builder.finish()
    assert chunk.stats.invalid == 1
    assert chunk.tables["violations"].column("code").to_pylist() == ["CORE.INTERNAL"]
    assert chunk.tables["player_state_changes"].num_rows == 0 and chunk.tables["moves"].num_rows == 0
