"""No import circle inside a package of ludolog: each game package (and core) is a stack of modules,
each importing only modules below it, so any module can be read, imported and tested on its own.

The graph is built from the source with :mod:`ast`: every ``import``/``from ... import`` of a
module of the same package counts, at module level or inside a function (an import moved into a
function hides a circle from the interpreter, not from the reader); only those under
``if TYPE_CHECKING:`` are left out (read by type checkers, never run)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGES = sorted(p.parent for p in ROOT.glob("replayer/*/__init__.py")) + [ROOT / "etl", ROOT / "cli"]


def imports_within(package: Path, root: Path = ROOT) -> dict[str, set[str]]:
    """Module name -> the modules of ``package`` (a folder under ``root``, the ``ludolog`` package)
    it imports, relative or absolute, at any depth."""
    modules = {p.stem for p in package.glob("*.py")}
    dotted = "ludolog." + ".".join(package.relative_to(root).parts)
    graph: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((package / f"{name}.py").read_text())
        for node in ast.walk(tree):  # drop the type-checking-only blocks
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                node.body = []
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:  # from .x import y / from . import x, y
                    base = node.module
                elif node.level == 0 and node.module and node.module.startswith(dotted + "."):
                    base = node.module[len(dotted) + 1:]
                elif node.level == 0 and node.module == dotted:
                    base = None
                else:
                    continue
                if base is None:
                    found.update(a.name for a in node.names if a.name in modules)
                else:
                    found.add(base.split(".")[0])
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(dotted + "."):
                        found.add(alias.name[len(dotted) + 1:].split(".")[0])
        graph[name] = (found & modules) - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of ``graph`` as a list of modules (the first repeated at the end), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_circle_through_a_function_level_import(tmp_path):
    package = tmp_path / "replayer" / "toy"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import f\n")
    (package / "b.py").write_text("def f():\n    from . import a\n    return a\n")
    (package / "c.py").write_text("from ludolog.replayer.toy.a import f\n")
    (package / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import f\n")
    graph = imports_within(package, tmp_path)
    assert graph == {"__init__": set(), "a": {"b"}, "b": {"a"}, "c": {"a"}, "d": set()}
    assert find_cycle(graph) in (["a", "b", "a"], ["b", "a", "b"])
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_no_import_circle_inside_a_package(package):
    cycle = find_cycle(imports_within(package))
    assert cycle is None, f"{package.name}: " + " -> ".join(cycle)
