"""The per-move rows the ingest stores (Game.player_rows): after every move of simulated logs of
every game, for every player count and option set, one tuple per seat of the declared width and
types; and the Arrow tables ChunkBuilder makes, keeping a seat's row only where it changed, against
a reference computed here from player_rows that keeps every row."""
from __future__ import annotations


import orjson
import pyarrow as pa
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


def _simulated(game) -> list[bytes]:
    logs = []
    for n in range(game.min_players, game.max_players + 1):
        for k, options in enumerate(game.option_sets(n)):
            logs.append(orjson.dumps(simulate_log(game, n, 17 + k, options)))
    return logs


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_player_rows_after_every_move_fit_the_state_columns(game):
    width = len(game.state_columns)
    kinds = [{"int": int, "bool": bool, "str": str, "float": float}[kind] for _, kind in game.state_columns]
    for data in _simulated(game):
        log = parse_log(data, "sim.json")
        n = len(log.players)
        moves = []

        def on_step(index, move, state):
            fast = game.player_rows(state)
            assert len(fast) == n and all(len(row) == width for row in fast), (game.name, index)
            assert all(type(row) is tuple for row in fast), (game.name, n, index)
            # of the declared type (or NULL): the ingest stores a seat's row only where it differs by
            # Python's ==, which takes True for 1 and 1.0 for 1, so only this holds the unstored rows to it
            assert all(type(value) in (kind, type(None)) for row in fast for value, kind in zip(row, kinds)), \
                (game.name, n, index, fast)
            moves.append(index)

        result = replay(log, on_step=on_step)
        assert result.status == "valid" and result.applied == len(log.moves) == len(moves)


def _every_row(game, data: bytes, number: int) -> list[tuple]:
    """(log number, move index, seat, *player_rows values) after every move of one log: every row,
    as the views give them back."""
    moves: list = []
    replay(parse_log(data, "sim.json"), on_step=lambda index, move, state: moves.append(game.player_rows(state)))
    return [(number, index, seat, *row) for index, rows in enumerate(moves) for seat, row in enumerate(rows)]


def _stored(every: list[tuple]) -> list[tuple]:
    """Of ``every`` (rows of whole logs, move after move), those to store: a seat's row at the
    first move, and where any of its values differs from its row one move before."""
    before = {(number, index, seat): values for number, index, seat, *values in every}
    return [row for row in every if row[1] == 0 or before[(row[0], row[1] - 1, row[2])] != list(row[3:])]


def _until(stored: list[tuple], moves: dict[int, int]) -> dict[tuple, int]:
    """(log, move, seat) -> the move its stored row holds until: the seat's next stored row, after
    the last the log's number of moves (``moves``)."""
    until, following = {}, {}
    for number, index, seat, *_ in reversed(stored):
        until[(number, index, seat)] = following.get((number, seat), moves[number])
        following[(number, seat)] = index
    return until


def _expanded(stored: list[tuple], every: list[tuple]) -> list[tuple]:
    """``every``'s keys, each with the values of the seat's latest stored row (what the views do)."""
    latest: dict = {}
    kept = {(number, index, seat): tuple(values) for number, index, seat, *values in stored}
    rows = []
    for number, index, seat, *_ in every:
        latest[(number, seat)] = kept.get((number, index, seat), latest.get((number, seat)))
        rows.append((number, index, seat, *latest[(number, seat)]))
    return rows


def _chunk_rows(chunk, game) -> tuple[list[tuple], list[tuple]]:
    """(the rows of player_state_changes of ``game``'s logs, (log number, move, seat, until),
    and the rows of its own table joined to them, (log number, move, seat, score, *figures))."""
    number_of = {game_id: number for number, game_id in enumerate(chunk.game_ids)}
    names = [name for name, _ in game.state_columns]
    per_game = chunk.tables[game_state_table(game.name, game.state_columns).name].to_pylist()
    keys = {(g["game_id"], g["move_index"], g["seat"]) for g in per_game}
    states = {(s["game_id"], s["move_index"], s["seat"]): s for s in chunk.tables["player_state_changes"].to_pylist()
              if (s["game_id"], s["move_index"], s["seat"]) in keys}
    assert len(states) == len(keys) == len(per_game)  # the two stored tables hold the same rows
    rows = [(number_of[g["game_id"]], g["move_index"], g["seat"],
             states[(g["game_id"], g["move_index"], g["seat"])]["score"], *(g[name] for name in names[1:]))
            for g in per_game]
    until = [(number_of[s["game_id"]], s["move_index"], s["seat"], s["until_move_index"]) for s in states.values()]
    return rows, until


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_chunk_tables_hold_the_player_rows_of_every_move(game):
    logs = _simulated(game)
    builder = ChunkBuilder()
    every = []  # every row of every log, in order
    for number, data in enumerate(logs):
        builder.add_bytes(data, f"sim-{number}.json")
        every += _every_row(game, data, number)
    chunk = builder.finish()
    assert chunk.stats.invalid == 0
    assert chunk.state_rows == chunk.stats.state_rows == len(every)
    got, until = _chunk_rows(chunk, game)
    stored = _stored(every)
    assert got == stored and len(got) == chunk.stats.stored_state_rows
    moves = {number: index + 1 for number, index, *_ in every}
    assert sorted(until) == sorted((*key, value) for key, value in _until(stored, moves).items())
    assert len(stored) < len(every)  # most moves leave most seats as they were
    assert _expanded(got, every) == every  # and every row comes back


def test_a_chunk_of_logs_of_every_game_in_turn_holds_each_games_rows():
    """Logs of different games one after the other in one chunk: each stored row goes with its own
    log and game, in both stored tables, typed as the game's columns say."""
    logs = [(game, data) for game in GAMES for data in _simulated(game)[:2]]
    logs = logs[0::2] + logs[1::2]  # the games interleaved
    builder = ChunkBuilder()
    every: dict[str, list] = {}
    for number, (game, data) in enumerate(logs):
        builder.add_bytes(data, f"sim-{number}.json")
        every.setdefault(game.name, []).extend(_every_row(game, data, number))
    chunk = builder.finish()
    assert chunk.stats.invalid == 0 and len(chunk.game_ids) == len(logs)
    moves = {number: index + 1 for rows in every.values() for number, index, *_ in rows}
    for game in GAMES:
        got, until = _chunk_rows(chunk, game)
        stored = _stored(every[game.name])
        assert sorted(got) == sorted(stored), game.name
        assert sorted(until) == sorted((*key, value) for key, value in _until(stored, moves).items()), game.name
        table = chunk.tables[game_state_table(game.name, game.state_columns).name]
        assert [(f.name, f.type) for f in table.schema][3:] == \
            [(c.name, c.arrow) for c in game_state_table(game.name, game.state_columns).columns][3:]
    assert chunk.stats.stored_state_rows == sum(len(_stored(rows)) for rows in every.values())


def _broken(kind: str):
    real = type(toygame.GAME).player_rows

    def player_rows(self, state):
        rows = real(self, state)
        if kind == "a seat missing":
            return rows[:1]
        if kind == "a value too many":
            return [(*row, 0) for row in rows]
        return [list(row) for row in rows]  # a list a caller could change later, not a tuple

    return player_rows


@pytest.mark.parametrize("kind", ["a seat missing", "a value too many", "a list for a row"])
def test_a_game_whose_player_rows_do_not_fit_is_recorded_as_an_internal_failure(monkeypatch, kind):
    game = toygame.GAME
    good, bad = (orjson.dumps(simulate_log(game, 2, seed, {})) for seed in (1, 2))
    builder = ChunkBuilder()
    builder.add_bytes(good, "good.json")
    monkeypatch.setattr(type(game), "player_rows", _broken(kind))
    builder.add_bytes(bad, "bad.json")
    monkeypatch.undo()
    chunk = builder.finish()
    assert chunk.stats.invalid == 1 and chunk.stats.valid == 1
    assert chunk.tables["violations"].column("code").to_pylist() == ["CORE.INTERNAL"]
    assert "player_rows" in chunk.tables["violations"].column("message")[0].as_py()
    # nothing of the broken log is left: the good log's rows alone
    good_id = chunk.game_ids[0]
    for name in ("player_state_changes", game_state_table(game.name, game.state_columns).name, "moves"):
        assert set(chunk.tables[name].column("game_id").cast(pa.string()).to_pylist()) == {good_id}, name
    assert chunk.stats.stored_state_rows == len(_stored(_every_row(game, good, 0)))


def test_the_ingest_asks_for_the_rows_after_every_move_and_keeps_the_changed_ones(monkeypatch):
    """The ETL finds the changed rows itself: it asks the game for its rows after every move and
    compares each seat's row with the one it kept before; a game whose rows never change keeps the
    rows after the first move alone."""
    game = toygame.GAME
    data = orjson.dumps(simulate_log(game, 2, 3, {}))
    asked: list[int] = []
    real = type(game).player_rows
    monkeypatch.setattr(type(game), "player_rows", lambda self, state: asked.append(1) or real(self, state))
    builder = ChunkBuilder()
    builder.add_bytes(data, "toy.json")
    chunk = builder.finish()
    assert len(asked) == chunk.stats.moves > 1
    first = []
    monkeypatch.setattr(type(game), "player_rows", lambda self, state: first or first.extend(real(self, state)) or first)
    builder = ChunkBuilder()
    builder.add_bytes(data, "toy.json")
    chunk = builder.finish()
    assert chunk.stats.stored_state_rows == 2
    assert set(chunk.tables["player_state_changes"].column("move_index").to_pylist()) == {0}
