"""Reading a referee's audit (a game's tests/<game>/AUDIT.md): one table row per rule, grouped in
``## `` sections, each row naming the tests and case logs that prove it. Shared by the games' audit
tests, which check that every test and case a row names exists."""
from __future__ import annotations

import re
from pathlib import Path

#: the sections of an audit that are not rule tables
NOT_RULES = (None, "Counts", "Open, and why")
#: a test named in a row: ``t_<module>::test_<name>`` (tests/<game>/test_<module>.py) or ``audit::test_<name>``;
#: a name ending in ``...`` or ``*`` is the start of longer ones
TEST_REF = re.compile(r"\b(t_[a-z_]+|audit)::(test_[a-z0-9_]+)(\.\.\.|\*)?")


def audit_rows(audit: Path, headers: tuple[str, ...] = ("rule",)) -> list[tuple[str, list[str]]]:
    """(section, cells) of every rule row of ``audit``; a row whose first cell is one of ``headers``
    is a table's header and left out."""
    section, rows = None, []
    for line in audit.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        elif line.startswith("| ") and section not in NOT_RULES:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[0] not in headers:
                rows.append((section, cells))
    return rows


def verdict(cells: list[str]) -> str:
    """The first word of a row's last cell (covered, audit, fixed, reading, open ...)."""
    return cells[-1].replace("*", "").split()[0].rstrip(":,")


def missing_references(rows, tests: Path, case_dirs: list[Path], code_prefix: str) -> tuple[list[str], int]:
    """The tests (in ``tests``) and case logs (``cases/<CODE>`` with ``code_prefix``, in any of
    ``case_dirs``) that the proof cells (the fourth) of ``rows`` name but that do not exist, and how
    many references there are in all."""
    modules = {"audit": tests / "test_audit.py"} | {p.stem.removeprefix("test_"): p for p in tests.glob("test_*.py")}
    case_ref = re.compile(rf"cases/({re.escape(code_prefix)}\.[A-Z_.]+[A-Z])")
    missing, named = [], 0
    for _, cells in rows:
        for module, test, abridged in TEST_REF.findall(cells[3]):
            named += 1
            path = modules.get(module.removeprefix("t_"))
            if path is None or f"def {test}{'' if abridged else '('}" not in path.read_text(encoding="utf-8"):
                missing.append(f"{module}::{test}")
        for case in case_ref.findall(cells[3]):
            named += 1
            if not any((folder / f"{case}.json").is_file() for folder in case_dirs):
                missing.append(case)
    return missing, named


#: code a row names: ``module.name`` where ``module`` is a module of the game's package
CODE_REF = re.compile(r"\b([a-z_]+)\.([A-Za-z_][A-Za-z0-9_]*)\b")


def missing_code(rows, package: Path) -> tuple[list[str], int]:
    """The ``module.name`` references in ``rows`` whose module is a file of ``package`` but defines
    no ``name`` (a function, class or module-level name), and how many such references there are."""
    sources = {p.stem: p.read_text(encoding="utf-8") for p in package.glob("*.py")}
    missing, named = [], 0
    for _, cells in rows:
        for module, name in CODE_REF.findall(" ".join(cells)):
            source = sources.get(module)
            if source is None or name in ("json", "md"):  # a data file, not code
                continue
            named += 1
            if not re.search(rf"^\s*(def|class)\s+{name}\b|^{name}\s*[:=]|^\s+{name}\s*[:=]", source, re.M):
                missing.append(f"{module}.{name}")
    return sorted(set(missing)), named
