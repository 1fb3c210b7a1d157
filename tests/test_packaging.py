"""Packaging: every subpackage is installed and the data files travel as package data."""
from __future__ import annotations

import re
import subprocess
import tomllib
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {"replayer": "ludolog.replayer", "etl": "ludolog.etl", "cli": "ludolog.cli",
           "schema": "ludolog.schema", "queries": "ludolog.queries"}


def shipped_files(folder: str) -> list[Path]:
    """The files of ``folder`` that a clean checkout has: git-tracked ones in a git working tree
    (so uncommitted work in progress is not judged yet), else every file on disk."""
    try:
        listing = subprocess.run(["git", "ls-files", "-z", "--", folder], cwd=ROOT, capture_output=True,
                                 check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return [p for p in (ROOT / folder).rglob("*") if p.is_file()]
    return [ROOT / name for name in listing.decode().split("\0") if name]


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_package_folder_is_listed_in_pyproject():
    setuptools = pyproject()["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    assert {v: k for k, v in setuptools["package-dir"].items()} == {folder: pkg for folder, pkg in FOLDERS.items()}
    missing = []
    for folder, package in FOLDERS.items():
        for init in shipped_files(folder):
            if init.name != "__init__.py":
                continue
            relative = init.parent.relative_to(ROOT / folder).parts
            name = ".".join((package, *relative))
            if name not in listed:
                missing.append(name)
    assert not missing, f"add these packages to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_console_script_points_at_the_cli():
    assert pyproject()["project"]["scripts"]["ludolog"] == "ludolog.cli.app:main"


def test_schema_files_are_package_data():
    on_disk = sorted(p.name for p in shipped_files("schema") if p.suffix == ".json" and p.parent == ROOT / "schema")
    assert "log.schema.json" in on_disk
    installed = resources.files("ludolog.schema")
    for name in on_disk:
        assert installed.joinpath(name).is_file(), f"schema/{name} is not reachable through importlib.resources"
        assert installed.joinpath(name).read_bytes() == (ROOT / "schema" / name).read_bytes()


def test_query_files_are_package_data():
    installed = resources.files("ludolog.queries")
    for path in (p for p in shipped_files("queries") if p.suffix == ".sql" and p.parent == ROOT / "queries"):
        assert installed.joinpath(path.name).is_file(), f"queries/{path.name} is not reachable as package data"


def test_package_data_patterns_cover_the_data_files():
    """Data files (.json, .sql) in a package folder must match a package-data pattern (a wheel would
    otherwise leave them out, even though an editable install still finds them)."""
    setuptools = pyproject()["tool"]["setuptools"]
    patterns = setuptools.get("package-data", {})
    uncovered = []
    for folder, package in FOLDERS.items():
        for path in shipped_files(folder):
            if path.suffix not in (".json", ".sql"):
                continue
            relative = path.parent.relative_to(ROOT / folder).parts
            owner = ".".join((package, *relative))
            if not any(path.match(pattern) for pattern in patterns.get(owner, [])):
                uncovered.append(str(path.relative_to(ROOT)))
    assert not uncovered, f"add package-data patterns in pyproject.toml for: {uncovered}"


def _normal_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _dependency_closure(root: str, extras: set[str]) -> set[str]:
    """The distributions ``root[extras]`` needs, as installed here, transitively (names normalised)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    seen: set[str] = set()
    todo = [(root, frozenset(extras))]
    while todo:
        name, wanted = todo.pop()
        for text in metadata.distribution(name).requires or []:
            requirement = Requirement(text)
            marker = requirement.marker
            if marker is not None and not any(marker.evaluate({"extra": e}) for e in (wanted or {""})):
                continue
            key = _normal_name(requirement.name)
            if key not in seen:
                seen.add(key)
                todo.append((requirement.name, frozenset(requirement.extras)))
    return seen


def test_every_package_make_test_installs_is_pinned():
    """constraints.txt names every package `make test` installs (ludolog[report,test,bench,dask] and
    what they need), each at one exact version: a dependency added to pyproject.toml without
    `make constraints` (docs/development.md) would otherwise be installed at whatever version is
    newest that day."""
    pinned = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version and re.fullmatch(r"[A-Za-z0-9._+!-]+", version), line
            pinned[_normal_name(name)] = version
    extras = set(re.search(r"EXTRAS\s*:=\s*(\S+)", (ROOT / "Makefile").read_text()).group(1).split(","))
    assert {"report", "test"} <= extras
    missing = sorted(_dependency_closure("ludolog", extras) - set(pinned))
    assert not missing, f"not in constraints.txt (run `make constraints`): {missing}"
