"""Keyflower's rules references name what a player has: the rulebook's chapters and the headings of
the tile, boat and summer boat texts - never a path or a source's abbreviation (tests/test_rule_refs.py
runs the same checks over registered games; this file holds Keyflower to them before and after
registration, and checks each section named against the headings of the tile texts)."""
from __future__ import annotations

from pathlib import Path

import pytest

from ludolog.replayer.keyflower.rules import CHAPTERS, KEYFLOWER_RULES
from tests.test_rule_refs import PATH_LIKE, _headings, _rules_dir


def _tiles_text() -> Path | None:
    folder = _rules_dir()
    path = folder / "keyflower-tiles.txt" if folder else None
    return path if path is not None and path.is_file() else None


def _sections(ref: str) -> list[str]:
    """``Keyflower rules, End of season: 6. Expanding the villages; Boat 2a`` -> ``End of season``,
    ``Boat 2a`` (the part after ``:`` is a step or a paragraph of that section). Headings of the tile
    texts hold commas (``Fair, Peddler and Store``), so only ``;`` separates sections here."""
    body = ref.removeprefix(KEYFLOWER_RULES.source + ", ")
    return [part.split(":")[0].strip() for part in body.split(";") if part.strip()]


def test_no_reference_names_a_file_or_an_abbreviated_source():
    for rule in KEYFLOWER_RULES:
        assert not PATH_LIKE.search(rule.ref), rule
        assert rule.ref.startswith("Keyflower rules, "), rule
        assert not any(word in rule.ref for word in ("SUPP", "TEXT", "RULEBOOK")), rule


def test_every_section_named_is_a_chapter_or_a_heading_of_the_tile_texts():
    path = _tiles_text()
    if path is None:
        pytest.skip("the tile texts (keyflower-tiles.txt) are not at hand (set LUDOLOG_RULES_DIR)")
    headings = _headings(path.read_text(encoding="utf-8"), False) | {c.casefold() for c in CHAPTERS}
    missing = [(rule.code, section) for rule in KEYFLOWER_RULES for section in _sections(rule.ref)
               if section.casefold() not in headings]
    assert not missing


def test_a_step_of_a_chapter_is_read_as_that_chapter():
    assert _sections("Keyflower rules, End of season: 6. Expanding the villages; Boat 2a") == ["End of season", "Boat 2a"]
    assert _sections("Keyflower rules, Fair, Peddler and Store; Tavern") == ["Fair, Peddler and Store", "Tavern"]
