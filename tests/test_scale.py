"""Scale (issue 13): start-up without heavy imports, re-ingest that skips unchanged logs.

Speed itself is measured by `make bench`; these tests check the causes (what is imported, what is
replayed), never a time.
"""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core.catalogs import CatalogError, check_catalog

GOLDEN = Path(__file__).parent / "golden" / "entdecker"
VALID_LOG = GOLDEN / "entdecker-2p-0.log.json"

#: Libraries a plain `ludolog validate` of a valid log has no use for (each costs tens of ms to import).
HEAVY = ("duckdb", "pyarrow", "polars", "jsonschema", "rich")

_RUN_AND_LIST_MODULES = """
import json, sys
sys.argv = ["ludolog", *sys.argv[1:]]
from ludolog.cli.app import main
code = 0
try:
    main()
except SystemExit as exit_:
    code = exit_.code or 0
heavy = sorted(name for name in {heavy!r} if name in sys.modules)
print("MODULES " + json.dumps({{"code": code, "heavy": heavy}}), file=sys.stderr)
"""


def _heavy_after(*args: str) -> dict:
    script = _RUN_AND_LIST_MODULES.format(heavy=HEAVY)
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=120)
    line = next(l for l in done.stderr.splitlines() if l.startswith("MODULES "))
    return json.loads(line.removeprefix("MODULES "))


def test_importing_the_cli_imports_no_heavy_library():
    script = f"import sys, ludolog.cli.app; print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.strip() == "[]"


def test_validating_a_valid_log_imports_no_heavy_library():
    result = _heavy_after("validate", str(VALID_LOG))
    assert result == {"code": 0, "heavy": []}


def test_a_schema_error_is_still_explained(tmp_path):
    """The explaining validator (jsonschema) is imported when, and because, an error needs words."""
    log = orjson.loads(VALID_LOG.read_bytes())
    log["moves"][0]["unexpected_key"] = 1
    bad = tmp_path / "bad.log.json"
    bad.write_bytes(orjson.dumps(log))
    result = _heavy_after("validate", str(bad))
    assert result["code"] == 1
    assert "jsonschema" in result["heavy"]
    done = subprocess.run([sys.executable, "-c", "from ludolog.cli.app import main; main()", "validate", str(bad)],
                          capture_output=True, text=True, timeout=120)
    assert "unexpected_key" in done.stdout + done.stderr


def _entdecker_catalog() -> dict:
    from importlib import resources

    return orjson.loads(resources.files("ludolog.replayer.entdecker").joinpath("catalog.json").read_bytes())


def test_the_shipped_catalog_passes_the_compiled_check():
    check_catalog(_entdecker_catalog(), "entdecker.catalog.schema.json", "Entdecker")


def test_a_whole_float_in_a_catalog_is_not_an_integer():
    """The compiled check takes 1.0 for an integer; a catalog holding a float is also read strictly."""
    catalog = copy.deepcopy(_entdecker_catalog())
    catalog["wealth"]["start"] = float(catalog["wealth"]["start"])  # 4 -> 4.0
    with pytest.raises(CatalogError, match="integer"):
        check_catalog(catalog, "entdecker.catalog.schema.json", "Entdecker")
