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


def build_cases(cases: dict, source: str) -> dict[str, dict]:
    """The case logs of a maker's ``CASES`` (code -> (builder, pointer, rule, setup_error)): each
    log's last move (or its set-up) breaks the rule, and ``meta.expect`` says so by hand."""
    out = {}
    for code, (fn, pointer, rule, setup_error) in cases.items():
        raw = fn()
        raw.pop("state", None)
        index = None if setup_error else len(raw["moves"]) - 1
        full = pointer if setup_error else f"/moves/{index}{pointer}"
        raw["meta"] = {"source": source, "rule": rule, "expect": {"code": code, "move_index": index, "pointer": full}}
        out[code] = raw
    return out
