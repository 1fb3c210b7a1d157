"""The builder's own columns (etl/extract.py) against values computed here from the parsed logs and
their replays: the move texts (held joined per log) are orjson's text of each move, a log that fails
after its moves were added leaves none of them, the score events are the ledger's, and a
whole-number column stores ints and refuses anything else as the rules here say."""
from __future__ import annotations

import itertools

import orjson
import pyarrow as pa
import pytest

from ludolog.etl import extract
from ludolog.etl.extract import ChunkBuilder, NotAWholeNumber, _arrow, _JsonTexts
from ludolog.replayer.core import parse_log, registry, replay, simulate_log

from . import toygame


@pytest.fixture(autouse=True)
def _registered():
    registry.register(toygame.GAME)
    yield
    registry.unregister(toygame.GAME.name)


def _logs(count: int) -> list[bytes]:
    return [orjson.dumps(simulate_log(toygame.GAME, 2, seed, {})) for seed in range(count)]


MOVES = [[{"type": "roll", "die": 3}, {"type": "é", "player": "ana", "x": [1, {"y": None}]}],
         [],
         [{"type": "pass", "note": "},{\"type\":"}],
         [{"type": "end"}]]


def test_json_texts_are_orjsons_text_of_each_value_in_one_string_array():
    texts = _JsonTexts()
    for values in MOVES:
        texts.extend_dumped(values)
    every = [orjson.dumps(m).decode() for values in MOVES for m in values]
    assert len(texts) == len(every) == 4
    column = texts.arrow()
    assert column.type == pa.string() and column.to_pylist() == every
    column.validate(full=True)


def test_json_texts_drop_whole_logs_from_a_mark_and_refuse_any_other_cut():
    texts = _JsonTexts()
    texts.extend_dumped(MOVES[0])
    mark = len(texts)
    texts.extend_dumped(MOVES[2])
    texts.extend_dumped(MOVES[3])
    del texts[mark:]
    assert texts.arrow().to_pylist() == [orjson.dumps(m).decode() for m in MOVES[0]]
    del texts[5:]  # past the end: nothing to drop
    assert len(texts) == 2
    with pytest.raises(ValueError):
        del texts[1:]  # inside a log's texts
    with pytest.raises(ValueError):
        del texts[0:1]


def test_json_texts_beyond_one_arrays_offsets_are_a_chunked_array_of_the_same_texts(monkeypatch):
    monkeypatch.setattr(extract, "_MAX_STRING_ARRAY_BYTES", 10)
    texts = _JsonTexts()
    for values in MOVES:
        texts.extend_dumped(values)
    column = texts.arrow()
    assert isinstance(column, pa.ChunkedArray) and column.type == pa.string()
    assert column.to_pylist() == [orjson.dumps(m).decode() for values in MOVES for m in values]


def test_a_log_failing_after_its_moves_were_added_leaves_no_move_and_the_others_are_whole(monkeypatch):
    logs = _logs(3)
    game = toygame.GAME
    winners = type(game).winners
    builder = ChunkBuilder()
    builder.add_bytes(logs[0], "a.json")

    def broken(self, state):
        raise ZeroDivisionError("engine bug")

    # asked by the builder after the log's moves were added (the replay never asks it)
    monkeypatch.setattr(type(game), "winners", broken)
    builder.add_bytes(logs[1], "b.json")
    monkeypatch.setattr(type(game), "winners", winners)
    builder.add_bytes(logs[2], "c.json")
    chunk = builder.finish()
    assert chunk.stats.logs == 3 and chunk.stats.invalid == 1
    moves = chunk.tables["moves"]
    ids = moves.column("game_id").cast(pa.string()).to_pylist()
    expected_texts, expected_ids = [], []
    for data in (logs[0], logs[2]):
        log = parse_log(data, "x.json")
        expected_texts += [orjson.dumps(m).decode() for m in log.moves]
        expected_ids += [log.sha256] * len(log.moves)
    assert moves.column("move").to_pylist() == expected_texts
    assert ids == expected_ids
    assert moves.column("move_index").to_pylist() == [k for data in (logs[0], logs[2])
                                                       for k in range(len(parse_log(data, "x.json").moves))]


@pytest.mark.parametrize("game", ["toy", "keyflower"])  # Keyflower's logs have moves naming no player
def test_moves_and_score_events_are_those_of_the_replay(game):
    logs = _logs(4) if game == "toy" else [orjson.dumps(simulate_log(game, players, 7, {})) for players in (2, 3)]
    builder = ChunkBuilder()
    for k, data in enumerate(logs):
        builder.add_bytes(data, f"{k}.json")
    chunk = builder.finish()
    moves, events = chunk.tables["moves"].to_pylist(), chunk.tables["score_events"].to_pylist()
    want_moves, want_events = [], []
    for k, data in enumerate(logs):
        log = parse_log(data, f"{k}.json")
        result = replay(log)
        for index, move in enumerate(log.moves):
            seat = log.seat_of.get(move.get("player"))
            want_moves.append((log.sha256, index, seat, None if seat is None else log.player_ids[seat],
                               move.get("type"), orjson.dumps(move).decode()))
        for index, event in enumerate(result.state.ledger.events):
            want_events.append({"game_id": log.sha256, "event_index": index, "move_index": event.move_index,
                                "seat": event.seat, "player": log.player_ids[event.seat], "delta": event.delta,
                                "category": event.category, "reason": event.reason})
    assert [(m["game_id"], m["move_index"], m["seat"], m["player"], m["move_type"], m["move"])
            for m in moves] == want_moves
    assert [{k: e[k] for k in want_events[0]} for e in events] == want_events
    assert want_events and any(m[2] is not None for m in want_moves)
    assert game == "toy" or any(m[2] is None for m in want_moves)


_ATOMS = [0, 1, -1, 2 ** 31 - 1, 2 ** 31, -2 ** 31, -2 ** 31 - 1, 2 ** 63 - 1, 2 ** 63, -2 ** 63, True, None, 1.5,
          2.0, "x"]


def _stored_or_refused(values: tuple, bits: int):
    """What a whole-number column of ``bits`` bits must hold for ``values``: the values themselves
    (NULL as NULL) when each is an int in range or None; NotAWholeNumber for any float; another
    error for a bool, a text or an int out of range."""
    if any(type(v) is float for v in values):
        return NotAWholeNumber
    if any(type(v) not in (int, type(None)) for v in values):
        return Exception
    if any(v is not None and not -2 ** (bits - 1) <= v < 2 ** (bits - 1) for v in values):
        return Exception
    return list(values)


@pytest.mark.parametrize("bits", [32, 64])
def test_whole_number_columns_store_ints_and_refuse_floats_bools_texts_and_values_out_of_range(bits):
    arrow_type = pa.int32() if bits == 32 else pa.int64()
    for size in (0, 1, 2, 3):
        for values in itertools.product(_ATOMS, repeat=size):
            want = _stored_or_refused(values, bits)
            for shape in (list, tuple):  # lists of the builder, tuples of the transposed state rows
                if isinstance(want, list):
                    got = _arrow(shape(values), arrow_type)
                    assert got.type == arrow_type and got.to_pylist() == want, values
                else:
                    with pytest.raises(want):
                        _arrow(shape(values), arrow_type)
