"""What every case-making script does with its cases: write one indented ``<name>.json`` each into
its folder, replacing the cases written before (the folder holds only generated cases; sub-folders
such as ``ludolog-1/`` are not touched)."""
from __future__ import annotations

from pathlib import Path

import orjson


def write_cases(out: Path, cases: dict[str, dict]) -> None:
    out.mkdir(exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    for name, raw in cases.items():
        (out / f"{name}.json").write_bytes(orjson.dumps(raw, option=orjson.OPT_INDENT_2) + b"\n")
    print(f"wrote {len(cases)} cases to {out}")
