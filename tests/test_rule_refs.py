"""Rules references point to something a player has: the rulebook's section by name, or a section of
ludolog's README for the core's own rules - never a path of the source tree.

Every declared code of every registered game is checked, and where the rules texts are at hand
(``LUDOLOG_RULES_DIR``, or ``../shared/rules`` beside the repository) each section a reference names
must be a heading of that text, so a reference cannot name a section the book does not have."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from ludolog.replayer.core import CORE_RULES, all_games
from ludolog.replayer.core.files import FILE_RULES
from ludolog.replayer.core.rules import README, Rule, RuleBook, render_ref

REPO = Path(__file__).resolve().parent.parent
PATH_LIKE = re.compile(r"\w/\w|\.(txt|md|py|json)\b|DESIGN|principle \d")


def _rules_dir() -> Path | None:
    candidates = [os.environ.get("LUDOLOG_RULES_DIR", ""), REPO.parent / "shared" / "rules",
                  REPO.parent.parent / "shared" / "rules"]
    return next((Path(c) for c in candidates if c and Path(c, "entdecker.txt").is_file()), None)


def _headings(text: str) -> set[str]:
    return {line.strip().casefold() for line in text.splitlines() if 0 < len(line.strip()) <= 80}


def _sections(ref: str, source: str) -> list[str]:
    """The headings a reference names: ``2. Exploration (ii)-(iv)`` -> ``2. Exploration``,
    ``3. Construction / Events: Storm`` -> ``3. Construction``, ``Events`` (a sub-heading after
    ``,`` or ``:`` is a paragraph of that section, not looked up)."""
    body = ref.removeprefix(source + ", ")
    out = []
    for part in re.split(r"\s*(?:/|;)\s*", body):
        head = re.split(r",|:", part)[0]
        head = re.sub(r"\s*\([ivx]+\).*$", "", head).strip()
        if head:
            out.append(head)
    return out


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_game_reference_names_its_rulebook_section_not_a_file(game):
    book = game.rules
    assert len(book) > 0
    name = book.source.removesuffix(" rules")
    for rule in book:
        assert not PATH_LIKE.search(rule.ref), f"{rule.code}: {rule.ref!r} names a file"
        assert rule.ref.startswith(name), f"{rule.code}: {rule.ref!r} does not name the {book.source}"
        assert book.ref(rule.code) == rule.ref


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_section_named_is_a_heading_of_the_rulebook(game):
    folder = _rules_dir()
    text_file = folder / f"{game.name}.txt" if folder else None
    if text_file is None or not text_file.is_file():
        pytest.skip(f"the rules text of {game.name} is not at hand (set LUDOLOG_RULES_DIR)")
    headings = _headings(text_file.read_text(encoding="utf-8"))
    book = game.rules
    missing = [(rule.code, section) for rule in book if rule.ref.startswith(book.source + ", ")
               for section in _sections(rule.ref, book.source) if section.casefold() not in headings]
    assert not missing, f"sections not found in {text_file.name}: {missing}"


def test_core_references_name_a_section_of_the_readme():
    headings = {line.lstrip("#").strip() for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("#")}
    for rule in (*CORE_RULES, *FILE_RULES):
        assert rule.ref.startswith(README + ", "), rule
        section = rule.ref.removeprefix(README + ", ")
        assert section in headings, f"{rule.code}: README has no section {section!r}"


def test_an_old_style_declaration_is_rendered_with_its_books_name():
    book = RuleBook("some-game", [Rule("X.ONE", "rules/some-game.txt, 2. Setup", "One."),
                                  Rule("X.TWO", "rules/some-game.txt", "Two.")])
    assert book.ref("X.ONE") == "Some Game rules, 2. Setup" and book.ref("X.TWO") == "Some Game rules"
    assert render_ref("Entdecker rules, 1. Determine Income", "Entdecker rules") == "Entdecker rules, 1. Determine Income"
