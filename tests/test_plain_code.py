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
