"""Rules references point to something a player has: the rulebook's section by name, or a section of
ludolog's docs for the core's own rules - never a path of the source tree.

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
from ludolog.replayer.core.rules import DOCS, Rule, RuleBook, render_ref

REPO = Path(__file__).resolve().parent.parent
PATH_LIKE = re.compile(r"\w/\w|\.(txt|md|py|json)\b|DESIGN|principle \d")


def _rules_dir() -> Path | None:
    candidates = [os.environ.get("LUDOLOG_RULES_DIR", ""), REPO.parent / "shared" / "rules",
                  REPO.parent.parent / "shared" / "rules"]
    return next((Path(c) for c in candidates if c and Path(c, "entdecker.txt").is_file()), None)


#: The books a game's references name besides its own rules text ``<game>.txt``: the book's name
#: as references write it -> its file under the rules folder. A summary (``.md``) is matched by its
#: ``#`` headings, a section named by the start of one (``6.3 Action B`` for ``6.3 Action B: add a
#: tile from storage to the estate``); a rules text by its short lines, exactly.
BOOKS: dict[str, dict[str, str]] = {
    "castles-of-burgundy": {"Castles of Burgundy Solo rules": "castles-of-burgundy-solo.txt",
                            "Castles of Burgundy base rules": "supplements/castles-of-burgundy-base.md"},
}


def _headings(text: str, summary: bool) -> set[str]:
    if not summary:
        return {line.strip().casefold() for line in text.splitlines() if 0 < len(line.strip()) <= 80}
    return {re.sub(r"\s*\([^)]*\)", "", line.lstrip("#").strip()).casefold()
            for line in text.splitlines() if line.startswith("#")}


def _found(section: str, headings: set[str], summary: bool) -> bool:
    """``section`` (as written, or without its parentheses) is a heading; in a rules text, also the
    part of one before its ":" (``Phase A`` for ``Phase A: Choose 1 action and carry it out``); in a
    summary, the start of one."""
    for candidate in {section.casefold(), re.sub(r"\s*\([^)]*\)", "", section).strip(" -").casefold()}:
        if candidate in headings or not summary and any(h.startswith(candidate + ":") for h in headings) or summary and any(
                h.startswith(candidate) and not h[len(candidate)].isalnum() for h in headings):
            return True
    return False


def _before_comma(part: str) -> str:
    """``part`` up to its first ``,`` or ``:`` outside parentheses (``8. Immediate effects (carpenter,
    church)`` keeps its parenthesis; ``1) Morning Phase, B) Birds`` ends at the comma)."""
    depth = 0
    for index, char in enumerate(part):
        if char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
        elif char in ",:" and not depth:
            return part[:index]
    return part


def _sections(body: str) -> list[str]:
    """The headings a reference's body names: ``2. Exploration (ii)-(iv)`` -> ``2. Exploration``,
    ``3. Construction / Events: Storm`` -> ``3. Construction``, ``Events``; a parenthesis that is not
    part of the heading (``8. Immediate effects (castle)``) is dropped when looking it up (a
    sub-heading after ``,`` or ``:`` is a paragraph of that section, not looked up)."""
    out = []
    for part in re.split(r"\s*/\s*", body):
        head = _before_comma(part)
        head = re.sub(r"\s*\([ivx]+\).*$", "", head).strip()
        if head:
            out.append(head)
    return out


def _books(game, folder: Path) -> dict[str, Path]:
    return {name: folder / file for name, file in BOOKS.get(game.name, {game.rules.source: f"{game.name}.txt"}).items()}


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
    books = _books(game, folder) if folder else {}
    if not books or not all(path.is_file() for path in books.values()):
        pytest.skip(f"the rules text of {game.name} is not at hand (set LUDOLOG_RULES_DIR)")
    headings = {name: _headings(path.read_text(encoding="utf-8"), path.suffix == ".md") for name, path in books.items()}
    missing = []
    for rule in game.rules:
        name = None  # a piece after ";" that names no book is another section of the book before it
        for position, piece in enumerate(re.split(r"\s*;\s*", rule.ref)):
            named = next((n for n in books if piece == n or piece.startswith(n + ", ")), None)
            if named is None and position == 0:
                break  # not a rulebook reference (e.g. the catalog's ids)
            name = named or name
            if piece == name:
                continue
            summary = books[name].suffix == ".md"
            missing += [(rule.code, name, section) for section in _sections(piece.removeprefix(name + ", "))
                        if not _found(section, headings[name], summary)]
    assert not missing, f"sections not found: {missing}"


def test_core_references_name_a_section_of_the_docs():
    headings = {line.lstrip("#").strip() for page in sorted((REPO / "docs").glob("*.md"))
                for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("#")}
    for rule in (*CORE_RULES, *FILE_RULES):
        assert rule.ref.startswith(DOCS + ", "), rule
        section = rule.ref.removeprefix(DOCS + ", ")
        assert section in headings, f"{rule.code}: docs/ has no section {section!r}"


def test_an_old_style_declaration_is_rendered_with_its_books_name():
    book = RuleBook("some-game", [Rule("X.ONE", "rules/some-game.txt, 2. Setup", "One."),
                                  Rule("X.TWO", "rules/some-game.txt", "Two.")])
    assert book.ref("X.ONE") == "Some Game rules, 2. Setup" and book.ref("X.TWO") == "Some Game rules"
    assert render_ref("Entdecker rules, 1. Determine Income", "Entdecker rules") == "Entdecker rules, 1. Determine Income"
