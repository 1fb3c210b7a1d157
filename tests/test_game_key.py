"""Schema 7: games.game_key, an integer the loader assigns, stored by every other table in place of
the 64-character game_id, and views of the documented names that give game_id back.

The expectations come from the table lists of docs/database.md (the documented names and columns), from the
files' own SHA-256 (game_id) and from the load order (the key rule), never from the stored layout
under test.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import duckdb
import orjson
import pyarrow as pa
import pytest

from ludolog.etl import load as load_module
from ludolog.etl.db import connect, game_tables
from ludolog.etl.export import export
from ludolog.etl.ingest import ingest
from ludolog.etl.load import Loader, with_game_keys
from ludolog.etl.parquet import extract, ingest_parquet
from ludolog.etl.tables import COMMON_TABLES, GAME_TABLE_SUFFIX, SCHEMA_VERSION
from ludolog.replayer.core import simulate_log

from .test_etl_corpus import fetch, schema_7_undone, snapshot, toy_everywhere, write_corpus  # noqa: F401
from .test_trust_db import GAME_KEYS_TEXT, STORED_KEYS, _keys

DATABASE_DOC = Path(__file__).resolve().parent.parent / "docs" / "database.md"


@pytest.fixture
def corpus(tmp_path, toy_everywhere):  # noqa: F811
    return write_corpus(tmp_path / "logs", toy=6, entdecker=3, kingdom=2)


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _games(db: Path) -> list[tuple[int, str, str]]:
    return fetch(db, "SELECT game_key, game_id, file FROM games ORDER BY game_key")


def _stored(db: Path) -> dict[str, list[tuple]]:
    """Every stored table's rows as stored (game_key included), sorted."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        names = [n for (n,) in con.execute("SELECT table_name FROM duckdb_tables() WHERE table_name <> 'ludolog_meta' "
                                           "ORDER BY 1").fetchall()]
        return {n: sorted(con.execute(f"SELECT * FROM {n}").fetchall(), key=repr) for n in names}
    finally:
        con.close()


def _documented_columns() -> dict[str, list[tuple[str, str]]]:
    """The column tables of docs/database.md: table name -> [(column, type)] in the documented order."""
    tables: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in DATABASE_DOC.read_text().splitlines():
        if line.startswith("**`") and "`** - " in line:
            current = line[3:line.index("`** - ")]
            tables[current] = []
        elif current and line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            tables[current].append((cells[0].strip("`"), cells[1]))
        elif current and tables[current] and not line.startswith("|"):
            current = None
    return {name: columns for name, columns in tables.items() if columns and "<" not in name}


def test_the_docs_document_every_common_table_and_game_key():
    documented = _documented_columns()
    assert set(documented) == {t.name for t in COMMON_TABLES}
    assert ("game_key", "INTEGER") in documented["games"]
    for table in COMMON_TABLES:
        assert [name for name, _ in documented[table.name]] == (
            ["game_key", *table.column_names] if not table.by_key else table.column_names)


def test_every_documented_table_answers_with_its_documented_columns_and_the_stored_ones_hold_the_key(tmp_path, corpus):
    db = tmp_path / "t.duckdb"
    ingest(corpus, db, workers=1)
    documented = _documented_columns()
    con = duckdb.connect(str(db), read_only=True)
    try:
        kinds = dict(con.execute("SELECT table_name, table_type FROM information_schema.tables").fetchall())
        for name, columns in documented.items():
            described = [(c, t) for c, t, *_ in con.execute(f"DESCRIBE {name}").fetchall()]
            assert described == columns, name
            if name == "games":
                assert kinds[name] == "BASE TABLE"
                continue
            assert kinds[name] == "VIEW" and kinds[f"{name}_stored"] == "BASE TABLE"
            stored = [c for c, *_ in con.execute(f"DESCRIBE {name}_stored").fetchall()]
            assert stored == ["game_key"] + [c for c, _ in columns if c != "game_id"]
        for game in ("entdecker", "kingdom_crossing", "toy"):
            view = game + GAME_TABLE_SUFFIX
            assert kinds[view] == "VIEW" and kinds[f"{view}_stored"] == "BASE TABLE"
            assert [c for c, *_ in con.execute(f"DESCRIBE {view}").fetchall()][:3] == ["game_id", "move_index", "seat"]
            assert con.execute(f"SELECT count(*) FROM {view}").fetchone() == \
                con.execute(f"SELECT count(*) FROM {view}_stored").fetchone()
        # every row of a view names its game by the id of the file it came from
        by_file = {str(p.resolve()): _sha(p) for p in corpus}
        for file, game_id in con.execute("SELECT file, game_id FROM games").fetchall():
            assert by_file[file] == game_id
        for name in [t.name for t in COMMON_TABLES] + game_tables(con):
            if name != "games":
                orphans = con.execute(f"SELECT count(*) FROM {name} WHERE game_id NOT IN (SELECT game_id FROM games)")
                assert orphans.fetchone() == (0,)
    finally:
        con.close()
    assert _keys(db) == STORED_KEYS


def test_keys_follow_the_load_order_and_are_never_given_twice(tmp_path, corpus):
    db = tmp_path / "t.duckdb"
    ingest(corpus, db, workers=1, chunk_size=2)  # several chunks and batches
    first = _games(db)
    assert [k for k, _, _ in first] == list(range(1, len(corpus) + 1))
    assert [f for _, _, f in first] == [str(p.resolve()) for p in corpus]  # the files in the order given
    # an unchanged re-ingest keeps every key; a changed file's game gets the next free key and its old
    # rows (found by key) go
    assert ingest(corpus, db, workers=1).stats.logs == 0 and _games(db) == first
    changed = next(p for p in corpus if p.name.startswith("entdecker"))
    old_key = next(k for k, _, f in first if f == str(changed.resolve()))
    raw = orjson.loads(changed.read_bytes())
    raw["meta"]["place"] = "elsewhere"
    changed.write_bytes(orjson.dumps(raw))
    ingest(corpus, db, workers=1)
    after = _games(db)
    assert [(k, f) for k, _, f in after if f == str(changed.resolve())] == [(len(corpus) + 1, str(changed.resolve()))]
    assert [row for row in after if row[0] != len(corpus) + 1] == [row for row in first if row[0] != old_key]
    for name in ("moves_stored", "player_state_changes_stored", "players_stored", "score_events_stored",
                 "entdecker_player_state_changes_stored"):
        assert fetch(db, f"SELECT count(*) FROM {name} WHERE game_key = ?", [old_key]) == [(0,)], name
        assert fetch(db, f"SELECT count(*) FROM {name} WHERE game_key NOT IN (SELECT game_key FROM games)") == [(0,)]
    assert snapshot(db) == snapshot(_fresh(tmp_path, corpus))  # the same rows as one ingest of the files


def _fresh(tmp_path: Path, corpus: list[Path], workers: int = 1) -> Path:
    db = tmp_path / f"fresh-{workers}.duckdb"
    ingest(corpus, db, workers=workers)
    return db


def test_a_deleted_highest_key_is_not_given_again(tmp_path, corpus):
    """A game removed without a replacement (a log that cannot be loaded at all) takes its key with
    it: the next game loaded, by this loader or a later one, gets a higher key."""
    db = tmp_path / "t.duckdb"
    ingest(corpus[:3], db, workers=1)
    assert [k for k, _, _ in _games(db)] == [1, 2, 3]
    last = str(corpus[2].resolve())
    con = connect(db)
    try:
        loader = Loader(con, str(db))
        chunk = _chunk_of(loader, corpus[2])
        loader._give_up(chunk, MemoryError("out of memory"))  # removes the file's earlier rows
    finally:
        con.close()
    assert [f for _, _, f in _games(db)] == [str(p.resolve()) for p in corpus[:2]]
    assert fetch(db, "SELECT value FROM ludolog_meta WHERE key = 'last_deleted_game_key'") == [("3",)]
    ingest(corpus[2:4], db, workers=1)
    assert [(k, f) for k, _, f in _games(db)][2:] == [(4, last), (5, str(corpus[3].resolve()))]


def _chunk_of(loader: Loader, path: Path):
    from ludolog.etl.extract import extract_chunk

    return extract_chunk([str(path.resolve())])


def test_workers_1_and_2_store_the_same_rows_and_keys(tmp_path, corpus):
    one, two = _fresh(tmp_path, corpus, 1), _fresh(tmp_path, corpus, 2)
    assert _stored(one) == _stored(two)


def test_a_parquet_round_trip_gives_the_same_tables_and_files(tmp_path, corpus):
    db = _fresh(tmp_path, corpus)
    exported = tmp_path / "export"
    export(db, exported)
    extracted = tmp_path / "extract"
    extract(corpus, extracted, workers=1, chunk_size=3)
    back = tmp_path / "back.duckdb"
    assert ingest_parquet(exported, back).games_written == len(corpus)
    again = tmp_path / "again.duckdb"
    ingest_parquet(extracted, again)
    assert snapshot(back) == snapshot(db) == snapshot(again)
    # keys in the order the Parquet parts and partitions hold the games, each row mapped to its game's
    assert [k for k, _, _ in _games(back)] == list(range(1, len(corpus) + 1))
    assert _games(again) == _games(db)  # an extract's parts follow the files' order, as an ingest's chunks
    re_exported = tmp_path / "re-export"
    export(back, re_exported)
    for path in sorted(exported.rglob("*.parquet")):
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        assert "game_key" not in table.column_names
        assert table.equals(pq.read_table(re_exported / path.relative_to(exported))), path


def test_a_schema_6_database_is_upgraded_in_place(tmp_path, corpus):
    reference = _fresh(tmp_path, corpus)
    old = tmp_path / "six.duckdb"
    ingest(corpus, old, workers=1)
    statements = schema_7_undone(old)
    con = duckdb.connect(str(old))
    try:
        for statement in statements:
            con.execute(statement)
        # the layout main wrote: game_id in every table, no game_key anywhere
        assert con.execute("SELECT count(*) FROM duckdb_columns() WHERE column_name = 'game_key'").fetchone() == (0,)
        assert con.execute("SELECT count(*) FROM duckdb_tables() WHERE suffix(table_name, '_stored')").fetchone() == (0,)
    finally:
        con.close()
    assert _keys(old) == {"games": ["game_id"], "moves": ["game_id", "move_index"]}
    before = snapshot(old)
    summary = ingest(corpus, old, workers=1)  # unchanged logs: skipped, the upgrade alone runs
    assert summary.stats.logs == 0
    assert summary.notes == [f"{old} upgraded in place from table schema 6 to {SCHEMA_VERSION} ({GAME_KEYS_TEXT})"]
    assert fetch(old, "SELECT value FROM ludolog_meta WHERE key = 'schema_version'") == [(str(SCHEMA_VERSION),)]
    assert snapshot(old) == before == snapshot(reference)
    assert _games(old) == _games(reference)  # 1, 2, ... in the order the games were loaded
    assert _keys(old) == STORED_KEYS
    assert _stored(old) == _stored(reference)
    changed = corpus[0]
    changed.write_bytes(changed.read_bytes() + b" ")  # new content: replaced by key in the upgraded file
    ingest(corpus, old, workers=1)
    assert _games(old)[-1][1:] == (_sha(changed), str(changed.resolve()))
    assert _games(old)[-1][0] == len(corpus) + 1


def test_game_keys_map_dictionary_and_plain_game_ids_and_refuse_a_stray_row():
    ids = pa.array(["a" * 64, "b" * 64, "c" * 64])
    keys = pa.array([7, 8, 9], pa.int32())
    dictionary = pa.DictionaryArray.from_arrays(pa.array([2, 0, 0, 1], pa.int32()), ids)
    table = pa.table({"game_id": dictionary, "move_index": [0, 0, 1, 0]})
    assert with_game_keys(table, ids, keys).to_pydict() == {"game_key": [9, 7, 7, 8], "move_index": [0, 0, 1, 0]}
    plain = pa.table({"game_id": pa.array(["b" * 64, "c" * 64]), "seat": [0, 1]})
    assert with_game_keys(plain, ids, keys, keep_id=True).column_names == ["game_id", "seat", "game_key"]
    assert with_game_keys(plain, ids, keys).column("game_key").to_pylist() == [8, 9]
    stray = pa.table({"game_id": pa.array(["d" * 64]), "seat": [0]})
    with pytest.raises(ValueError, match="does not list"):
        with_game_keys(stray, ids, keys)


def test_a_rolled_back_batch_gives_its_keys_again(tmp_path, corpus, monkeypatch):
    """Keys of a transaction that did not commit were never in the database: the retry (here game
    by game, after a batch ran out of memory) numbers the games as one transaction would."""
    db = tmp_path / "t.duckdb"
    original = Loader._insert
    failed = []

    def insert(self, chunk):
        if len(chunk.game_ids) > 1 and not failed:
            failed.append(len(chunk.game_ids))
            original(self, chunk)
            raise duckdb.OutOfMemoryException("could not allocate")
        return original(self, chunk)

    monkeypatch.setattr(Loader, "_insert", insert)
    monkeypatch.setattr(load_module, "MEMORY_CEILING", load_module.INGEST_MEMORY_LIMIT)
    ingest(corpus, db, workers=1)
    assert failed
    assert [k for k, _, _ in _games(db)] == list(range(1, len(corpus) + 1))
