"""A chunk: the Arrow tables of some logs, ready to load in one transaction; merged, filtered and
split by the loader and the Parquet reader."""
from __future__ import annotations

from dataclasses import dataclass, field, fields

import pyarrow as pa
import pyarrow.compute as pc


@dataclass
class ChunkStats:
    logs: int = 0
    valid: int = 0
    unfinished: int = 0
    invalid: int = 0
    unreadable: int = 0  # files that could not be read (CORE.FILE.*): not counted as invalid
    moves: int = 0
    state_rows: int = 0  # the rows of the view player_states (one per seat after every applied move)
    stored_state_rows: int = 0  # of those, the rows stored (player_state_changes)
    score_events: int = 0
    violations: int = 0
    #: (file, first violation) of each invalid or unreadable log, for the end-of-ingest summary
    invalid_files: list[tuple[str, str]] = field(default_factory=list)

    def add(self, other: "ChunkStats") -> None:
        for name in (f.name for f in fields(self) if f.name != "invalid_files"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.invalid_files.extend(other.invalid_files)

    @property
    def ok(self) -> bool:
        """Whether every log replayed was read and is valid or unfinished."""
        return self.invalid == 0 and self.unreadable == 0

    def as_dict(self) -> dict:
        """The counts an ingest or an extract reports (``--format json``)."""
        return {"valid": self.valid, "unfinished": self.unfinished, "invalid": self.invalid,
                "unreadable_logs": self.unreadable, "moves": self.moves, "state_rows": self.state_rows,
                "score_events": self.score_events, "violations": self.violations,
                "invalid_files": [{"file": f, "violation": v} for f, v in self.invalid_files]}


@dataclass
class Chunk:
    """The Arrow tables of a chunk of logs, ready to load in one transaction."""

    files: list[str]
    game_ids: list[str]
    tables: dict[str, pa.Table]
    #: game name -> its state_columns, for every per-game table in ``tables``
    game_columns: dict[str, tuple]
    stats: ChunkStats
    #: whether every JSON column holds text orjson wrote (valid JSON: DuckDB need not parse it
    #: again); False for a Parquet extract
    json_checked: bool = False

    @property
    def state_rows(self) -> int:
        """The rows of player_states (a seat after an applied move) of the chunk's games."""
        games = self.tables.get("games")
        if games is None or not games.num_rows:
            return 0
        return pc.sum(pc.multiply(games.column("moves_applied").cast(pa.int64()),
                                  games.column("player_count").cast(pa.int64()))).as_py() or 0

    @property
    def nbytes(self) -> int:
        return sum(table.nbytes for table in self.tables.values())


def merge_chunks(chunks: list[Chunk]) -> Chunk:
    """One chunk holding the rows of ``chunks`` (in order), for a single transaction."""
    if len(chunks) == 1:
        return chunks[0]
    tables: dict[str, list[pa.Table]] = {}
    game_columns: dict[str, tuple] = {}
    stats = ChunkStats()
    files: list[str] = []
    ids: list[str] = []
    json_checked = all(chunk.json_checked for chunk in chunks)
    for chunk in chunks:
        chunk = without_games(chunk, set(ids).intersection(chunk.game_ids))  # the first file of a content wins
        for name, table in chunk.tables.items():
            tables.setdefault(name, []).append(table)
        game_columns.update(chunk.game_columns)
        stats.add(chunk.stats)
        files += chunk.files
        ids += chunk.game_ids
    return Chunk(files=files, game_ids=ids, tables={name: pa.concat_tables(parts) for name, parts in tables.items()},
                 game_columns=game_columns, stats=stats, json_checked=json_checked)


def without_games(chunk: Chunk, game_ids: set[str]) -> Chunk:
    """``chunk`` without the rows of ``game_ids``."""
    if not game_ids:
        return chunk
    value_set = pa.array(sorted(game_ids), pa.string())

    def keep(table: pa.Table) -> pa.Table:
        return table.filter(pc.invert(pc.is_in(table.column("game_id").cast(pa.string()), value_set=value_set)))

    kept = [(f, i) for f, i in zip(chunk.files, chunk.game_ids) if i not in game_ids]
    return Chunk(files=[f for f, _ in kept], game_ids=[i for _, i in kept],
                 tables={name: keep(t) for name, t in chunk.tables.items()},
                 game_columns=chunk.game_columns, stats=chunk.stats, json_checked=chunk.json_checked)


def split_games(chunk: Chunk) -> list[Chunk]:
    """``chunk`` as one chunk per game, in order (for loading game by game)."""
    ids = set(chunk.game_ids)
    return [without_games(chunk, ids - {game_id}) for game_id in chunk.game_ids]
