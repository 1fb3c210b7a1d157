"""The report's rendering stack is the optional extra ``report``: the core install does without it,
and `ludolog report` without it says which extra to install (exit 1, no traceback) instead of
failing on an import. The missing packages are simulated by blocking their import in a fresh
interpreter (``sys.modules[name] = None`` makes ``import name`` raise ModuleNotFoundError)."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOG = ROOT / "tests" / "golden" / "entdecker" / "entdecker-2p-0.log.json"


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _names(requirements: list[str]) -> set[str]:
    return {r.split(">")[0].split("=")[0].split("<")[0].split("[")[0].strip().lower() for r in requirements}


def test_the_rendering_stack_is_an_extra_not_a_core_dependency():
    project = _pyproject()["project"]
    rendering = {"altair", "vl-convert-python", "jinja2"}
    assert rendering <= _names(project["optional-dependencies"]["report"])
    assert not rendering & _names(project["dependencies"])


def _report_without(blocked: tuple[str, ...], args: list[str]) -> subprocess.CompletedProcess:
    script = ("import sys\n"
              f"for name in {blocked!r}: sys.modules[name] = None\n"
              f"sys.argv = ['ludolog', *{args!r}]\n"
              "from ludolog.cli.app import main\nmain()\n")
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env={k: v for k, v in os.environ.items() if k != "LUDOLOG_DEBUG"})


@pytest.mark.parametrize("blocked", [("altair",), ("vl_convert",), ("jinja2", "altair", "vl_convert")],
                         ids="+".join)
def test_report_without_the_extra_names_it(tmp_path, blocked):
    out = tmp_path / "page.html"
    done = _report_without(blocked, ["report", str(LOG), "--out", str(out)])
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "'report'" in done.stderr and "pip install 'ludolog[report]'" in done.stderr, done.stderr
    distributions = {"altair": "altair", "vl_convert": "vl-convert-python", "jinja2": "jinja2"}
    for name in blocked:
        assert distributions[name] in done.stderr
    assert not out.exists()


def test_the_dashboard_without_the_extra_names_it_too(tmp_path):
    done = _report_without(("vl_convert",), ["report", "--db", str(tmp_path / "none.duckdb"),
                                             "--out", str(tmp_path / "d.html")])
    # the missing extra is said before anything else is looked at
    assert done.returncode == 1 and "ludolog[report]" in done.stderr, done.stderr


def test_a_usage_error_stays_a_usage_error_without_the_extra():
    done = _report_without(("altair",), ["report"])
    assert done.returncode == 2, done.stderr
