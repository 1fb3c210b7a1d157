"""Regression diff of two ingested databases (as Terra Mystica's diffgame after an engine change):
the games, by id, whose status, final scores, winners or first violation differ.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .db import check_readable, connect, database_faults

#: what is compared, in the order it is reported
FIELDS = ("status", "final_scores", "winners", "first_violation")

_OUTCOMES = """
SELECT g.game_id, g.file, g.status, g.final_scores, g.winners,
       (SELECT v.code || ' at ' || coalesce('move ' || v.move_index, 'the head') || ' ' || v.pointer
        FROM violations v WHERE v.game_id = g.game_id
        ORDER BY v.move_index NULLS FIRST, v.pointer, v.code LIMIT 1) AS first_violation
FROM games g
"""


@dataclass(slots=True)
class GameDiff:
    """One game whose outcome differs."""

    game_id: str
    file: str
    changes: dict[str, tuple]  # field -> (old value, new value)

    def as_dict(self) -> dict:
        return {"game_id": self.game_id, "file": self.file,
                "changes": {k: {"old": old, "new": new} for k, (old, new) in self.changes.items()}}


def _outcomes(path: Path) -> dict[str, dict]:
    """:raises DatabaseError: not a ludolog database this ludolog can read, or one without its
    tables yet; a damaged file is named alone, not with the database it is compared with."""
    with database_faults(f"read database {path}"):
        con = connect(path, read_only=True)
        try:
            check_readable(con, path)
            rows = con.execute(_OUTCOMES).fetchall()
        finally:
            con.close()
    return {r[0]: {"file": r[1], "status": r[2], "final_scores": r[3], "winners": sorted(r[4] or []),
                   "first_violation": r[5]} for r in rows}


def diff_databases(old: str | Path, new: str | Path) -> list[GameDiff]:
    """Every game whose outcome differs between ``old`` and ``new`` (and every game in one only),
    in the order of its file name. :raises DatabaseError: either is not a readable ludolog database."""
    before, after = _outcomes(Path(old)), _outcomes(Path(new))
    out = []
    for game_id in before.keys() | after.keys():
        a, b = before.get(game_id), after.get(game_id)
        if a is None or b is None:
            out.append(GameDiff(game_id, (a or b)["file"], {"present": (a is not None, b is not None)}))
            continue
        changes = {f: (a[f], b[f]) for f in FIELDS if a[f] != b[f]}
        if changes:
            out.append(GameDiff(game_id, b["file"], changes))
    return sorted(out, key=lambda d: (d.file, d.game_id))
