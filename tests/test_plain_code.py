"""The engines are plain code a reader can follow: no source generated and run at import or play
time (``exec``/``eval``/``compile``), found by walking every module's syntax tree."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[1]
MODULES = sorted((ROOT / "replayer").rglob("*.py"))


def generated_code(source: str) -> list[int]:
    """Lines calling the builtins ``exec``, ``eval`` or ``compile``."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("exec", "eval", "compile")]


def test_the_check_finds_a_generated_function():
    assert generated_code("ns = {}\nexec('def f(): pass', ns)\nx = eval('1')\n") == [2, 3]
    assert generated_code("re.compile('x')\n") == []


def test_no_generated_code_in_the_replayer():
    found = {str(p.relative_to(ROOT)): lines for p in MODULES if (lines := generated_code(p.read_text()))}
    assert len(MODULES) > 50 and found == {}


#: the games' packages (the core's loaders and schema validators are not an engine's)
GAME_MODULES = [p for p in MODULES if p.parent.name not in ("replayer", "core")]
#: functools caches kept, each with its reason: data built once from files or the catalog, never a
#: value of a position
KEPT_CACHES = {
    # the catalog schema compiled once, as the core compiles the log schemas
    ("replayer/boonlake/catalog.py", "_fast_validator"),
    # an estate board's drawing (a placement search over the catalog's board), for the pictures only
    ("replayer/castles_of_burgundy/board_layout.py", "_layout"),
}
_CACHE_DECORATORS = ("cache", "lru_cache", "cached_property")


def hand_kept_caches(source: str, path: str = "") -> list[tuple[int, str]]:
    """Where a module keeps values for speed: a functools cache (unless in :data:`KEPT_CACHES`),
    ``id()`` used as a key, per-thread storage (``get_ident``, ``threading.local``), an own
    ``__hash__``, a mutable container made empty at module level to be filled later, or a name
    saying memo or cache (``cache_clear``, the core loader's, excepted)."""
    found = []
    tree = ast.parse(source)
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if (isinstance(value, (ast.Dict, ast.Set, ast.List)) and not getattr(value, "keys", getattr(value, "elts", None))
                or isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                and value.func.id in ("dict", "set", "list") and not value.args):
            found.append((node.lineno, "a mutable container filled after import"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name == "__hash__":
                found.append((node.lineno, "__hash__"))
            for d in node.decorator_list:
                target = d.func if isinstance(d, ast.Call) else d
                name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
                if name in _CACHE_DECORATORS and (path, node.name) not in KEPT_CACHES:
                    found.append((d.lineno, f"@{name}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id":
            found.append((node.lineno, "id()"))
        elif isinstance(node, (ast.Name, ast.Attribute, ast.alias)):
            name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else node.name
            low = name.lower()
            if name in ("get_ident", "local") and isinstance(node, (ast.Attribute, ast.alias)) or name == "get_ident":
                found.append((node.lineno, name))
            elif ("memo" in low or "cache" in low) and name != "cache_clear" and name not in _CACHE_DECORATORS:
                found.append((node.lineno, name))
        elif isinstance(node, ast.arg) and ("memo" in node.arg.lower() or "cache" in node.arg.lower()):
            found.append((node.lineno, node.arg))
    return sorted(set(found))


def test_the_check_finds_each_kind_of_cache():
    source = ("import functools\nfrom threading import get_ident\n_SEEN: dict = {}\n"
              "@functools.lru_cache(maxsize=9)\ndef f(x):\n    return _SEEN.get(id(x))\n"
              "class A:\n    def __hash__(self):\n        return 1\n"
              "    def rows(self, s):\n        memo = self._snapshots[get_ident()]\n        return memo\n"
              "@functools.cache\ndef g():\n    return 1\nx = [1, 2]\n")
    assert hand_kept_caches(source) == [(2, "get_ident"), (3, "a mutable container filled after import"),
                                        (4, "@lru_cache"), (6, "id()"), (8, "__hash__"), (11, "get_ident"),
                                        (11, "memo"), (12, "memo"), (13, "@cache")]
    assert hand_kept_caches("import functools\n@functools.cache\ndef _layout(b):\n    return b\n",
                            "replayer/castles_of_burgundy/board_layout.py") == []


def test_no_hand_kept_cache_in_the_engines():
    found = {}
    for p in GAME_MODULES:
        path = str(p.relative_to(ROOT))
        if lines := hand_kept_caches(p.read_text(), path):
            found[path] = lines
    assert len(GAME_MODULES) > 50 and found == {}
