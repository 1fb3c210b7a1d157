"""What the faster ingest path relies on: the set-up hook of the replay, the check of a game's
player rows, and JSON text from outside the replayer still checked by DuckDB."""
from __future__ import annotations

import duckdb
import orjson
import pyarrow as pa
import pytest

from ludolog.etl.db import open_for_writing
from ludolog.etl.extract import ChunkBuilder
from ludolog.etl.ingest import ingest
from ludolog.etl.load import Loader
from ludolog.replayer.core import parse_log, replay
from ludolog.replayer.core.simulate import simulate_log

from .test_etl_corpus import fetch, toy_everywhere, write_corpus  # noqa: F401


def _toy_log(seed: int = 3, players: int = 3):
    return parse_log(orjson.dumps(simulate_log("toy", players, seed=seed)), f"toy-{seed}.json")


def test_on_start_sees_the_set_up_once_before_the_first_move(toy):
    log = _toy_log()
    seen: list = []
    result = replay(log, on_start=lambda state: seen.append(("start", toy.turn_info(state), list(toy.scores(state)))),
                    on_step=lambda index, move, state: seen.append(("step", index)))
    assert result.applied == len(log.moves) > 2
    fresh = toy.new_state(log)  # an independent set-up: what the hook must have seen
    assert seen[0] == ("start", toy.turn_info(fresh), [0] * 3)
    assert [entry for entry in seen[1:]] == [("step", i) for i in range(result.applied)]


def test_on_start_is_not_called_when_the_set_up_is_illegal(toy):
    raw = simulate_log("toy", 2, seed=4, options={"cards": True})
    raw["setup"] = {"deck_piles": [5, 5]}  # the deck has 12 cards: the set-up refuses piles of 10
    log = parse_log(orjson.dumps(raw), "bad-setup.json")
    seen: list = []
    result = replay(log, on_start=seen.append)
    assert result.state is None and result.violations and seen == []


def test_player_rows_of_the_wrong_width_make_the_log_an_internal_error(tmp_path, toy, monkeypatch):
    files = write_corpus(tmp_path / "logs", toy=3, entdecker=0, extras=False)
    rows = type(toy).player_rows

    def short(self, state):  # a broken engine: one value missing from every row after turn 3
        found = rows(self, state)
        return [row[:-1] for row in found] if state.turn >= 3 else found

    monkeypatch.setattr(type(toy), "player_rows", short)
    summary = ingest(files, tmp_path / "t.duckdb", workers=1)
    assert (summary.stats.logs, summary.stats.invalid) == (3, 3)
    assert fetch(tmp_path / "t.duckdb", "SELECT DISTINCT code FROM violations") == [("CORE.INTERNAL",)]
    assert fetch(tmp_path / "t.duckdb", "SELECT count(*) FROM player_states") == [(0,)]


def _loaded_chunk(tmp_path, toy):
    raw = simulate_log("toy", 2, seed=7)
    raw["meta"] = {"date": "2026-01-02", "place": "club"}
    builder = ChunkBuilder()
    builder.add_bytes(orjson.dumps(raw), str(tmp_path / "toy-7.json"))
    return builder.finish()


def test_json_the_replayer_wrote_loads_as_json(tmp_path, toy):
    chunk = _loaded_chunk(tmp_path, toy)
    assert chunk.json_checked
    con = open_for_writing(tmp_path / "t.duckdb")
    try:
        Loader(con).write(chunk)
        moves = con.execute("SELECT typeof(move), move->>'$.type' = move_type FROM moves").fetchall()
        assert moves and set(moves) == {("JSON", True)}
        assert con.execute("SELECT typeof(meta), meta->>'$.place' FROM games").fetchall() == [("JSON", "club")]
    finally:
        con.close()


def test_json_text_from_elsewhere_is_still_checked(tmp_path, toy):
    """A chunk read from Parquet (json_checked False) holding text that is no JSON is refused by
    DuckDB's cast, and the transaction leaves nothing behind."""
    chunk = _loaded_chunk(tmp_path, toy)
    games = chunk.tables["games"]
    meta = games.schema.get_field_index("meta")
    chunk.tables["games"] = games.set_column(meta, "meta", pa.array(["{not json"], pa.string()))
    chunk.json_checked = False
    con = open_for_writing(tmp_path / "t.duckdb")
    try:
        with pytest.raises(duckdb.ConversionException):
            Loader(con).write(chunk)
        assert con.execute("SELECT count(*) FROM games").fetchone() == (0,)
        assert con.execute("SELECT count(*) FROM moves").fetchone() == (0,)
    finally:
        con.close()


def test_a_float_in_a_whole_number_column_is_refused_not_cut(tmp_path, toy, monkeypatch):
    # pyarrow would store 1.5 in an integer column as 1 without a word; an engine that gives a float there
    # has a bug, and the chunk is refused with the column named rather than loaded with a wrong number
    from ludolog.etl.extract import NotAWholeNumber, _arrow

    assert _arrow([1, None, 3], pa.int64()).to_pylist() == [1, None, 3]
    with pytest.raises(NotAWholeNumber, match="1.5"):
        _arrow([1, 1.5], pa.int64())
    with pytest.raises(NotAWholeNumber, match="2.0"):
        _arrow([2.0], pa.int32())
    files = write_corpus(tmp_path / "logs", toy=2, entdecker=0, extras=False)
    rows = type(toy).player_rows

    def halves(self, state):  # a broken engine: the score after turn 3 in halves
        return [(row[0] + 0.5, *row[1:]) if state.turn >= 3 else row for row in rows(self, state)]

    monkeypatch.setattr(type(toy), "player_rows", halves)
    with pytest.raises(NotAWholeNumber, match=r"player_state_changes\.score: .*\.5"):
        ingest(files, tmp_path / "t.duckdb", workers=1)
