"""The core's rollback and catalog loading, written once for every game (replayer/core)."""
from __future__ import annotations

from dataclasses import dataclass, field

import orjson
import pytest

from ludolog.replayer.core.catalogs import CatalogError, CatalogFiles
from ludolog.replayer.core.cloning import clone_fields, restore
from ludolog.replayer.core.ledger import Ledger


@dataclass(slots=True)
class _State:
    ledger: Ledger
    bots: Ledger | None
    coins: list[int] = field(default_factory=list)
    step: str = "start"


def test_restore_puts_every_field_back_and_keeps_the_ledger_objects():
    s = _State(Ledger(2), Ledger(1), [3, 4])
    s.ledger.add(0, 2, "c", "before")
    held, bots = s.ledger, s.bots  # what the replay driver holds
    before = clone_fields(s)
    s.ledger.move_index = 7
    s.ledger.add(1, 5, "c", "refused move")
    s.bots.add(0, 1, "c", "refused move")
    s.coins[0] = 99
    s.step = "middle"
    restore(s, before)
    assert s.ledger is held and s.bots is bots
    assert s.ledger.totals == [2, 0] and len(s.ledger.events) == 1 and s.ledger.move_index == -1
    assert s.bots.totals == [0] and s.bots.events == []
    assert s.coins == [3, 4] and s.step == "start"


class _Built:
    def __init__(self, data: dict, edition: str | None = None):
        if "version" not in data:
            raise CatalogError("no version")
        self.version, self.edition = data["version"], edition


def test_catalog_files_read_the_package_default_once_and_a_given_file_each_time(tmp_path, monkeypatch):
    monkeypatch.setenv("LUDOLOG_TEST_CATALOG", str(tmp_path / "env.json"))
    (tmp_path / "env.json").write_bytes(orjson.dumps({"version": "env/1"}))
    files = CatalogFiles(_Built, "ludolog.replayer.entdecker", "LUDOLOG_TEST_CATALOG", "Test")
    assert files.default() is files.default() and files.default().version == "env/1"
    assert files.load().version == "env/1" and files.load(edition="x").edition == "x"
    (tmp_path / "given.json").write_bytes(orjson.dumps({"version": "given/1"}))
    given = files.load(str(tmp_path / "given.json"))
    assert given.version == "given/1" and given is not files.load(str(tmp_path / "given.json"))
    with pytest.raises(CatalogError, match="missing.json"):
        files.load(str(tmp_path / "missing.json"))
    (tmp_path / "env.json").write_bytes(orjson.dumps({"version": "env/2"}))
    assert files.default().version == "env/1"
    files.cache_clear()
    assert files.default().version == "env/2"
