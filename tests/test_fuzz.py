"""Structural fuzzing: mutated logs of every registered game never crash ludolog or fool it.

Seeded mutations of simulated logs (a game registered later is fuzzed with no change here):
deleted and inserted keys, changed types, nulls, huge and negative numbers, whole floats,
NaN/Infinity literals, long and odd unicode strings, trailing newlines, duplicate keys, BOMs,
truncation at random offsets, random bytes, moved moves, and plausible values (another move's value of the same field, small integers) that
pass the schema and reach the rules engine. Each mutant goes through
:func:`ludolog.cli.common.check_file` (what ``ludolog validate`` runs per file) and all of them
through ``ludolog validate -f json`` in-process; a few through the real command. For each:

* no traceback, no ``CORE.INTERNAL``: the status is valid, unfinished or invalid;
* a log with any violation is invalid, and the exit code is 1 exactly when a log is invalid;
* a log that an independent check rejects is invalid: not JSON (strict parser), a duplicate key
  (a pairs hook), a move or a head that the compiled schema rejects, a truncated or NaN log;
* every message is bounded.

``make test`` runs a few thousand mutants; ``pytest -m fuzz tests/test_fuzz.py`` runs tens of
thousands (``LUDOLOG_FUZZ_MUTANTS`` per game changes the number). The counts by outcome are printed.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.cli.common import check_file
from ludolog.replayer.core import all_games, simulate_log
from ludolog.replayer.core.errors import MAX_MESSAGE_CHARS

SEED = 20261201
QUICK_MUTANTS = int(os.environ.get("LUDOLOG_FUZZ_QUICK", "1200"))  # in make test, shared by the registered games
LARGE_MUTANTS_PER_GAME = int(os.environ.get("LUDOLOG_FUZZ_MUTANTS", "15000"))

TOKEN = "\x00fuzz-token\x00"  # replaced in the written bytes by a raw JSON text
DUP = "\x00fuzz-duplicate\x00"  # a key replaced in the written bytes by another key of the object
ODD_STRINGS = ["", " ", "\n", "B3\n", "ana\n", "\u0000", "\u202eana", "e\u0301", "\U0001f600", "\ufeff",
               "\u2028", "\u0660\u0661", "ＡＢ", "x" * 100_000, "é" * 5_000, "null", "0", "-1", "1.0", "a:b",
               '{"type": "x"}', "\\", '"', "/moves/0"]
ODD_NUMBERS = [-1, 0, 1, -(2 ** 63), 2 ** 63 - 1, 2 ** 64 - 1, 10 ** 15, 1.5, -0.5, 1e308, 2.0, 0.0]
RAW_TOKENS = [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"1" + b"0" * 400, b"-0", b"1.0e0", b"1E2",
              b"123456789012345678901234567890", b"0.1e1", b'"\\ud800"', b'"\\u0000"', b"00", b"+1",
              b"tru", b"'a'", b"0x10", b".5"]
MUST_REJECT_TOKENS = {b"NaN", b"Infinity", b"-Infinity", b"1e999", b"1" + b"0" * 400, b'"\\ud800"', b"00", b"+1",
                      b"tru", b"'a'", b"0x10", b".5"}


# -- picking a place in a log -------------------------------------------------------------------

def _at(root, path):
    for step in path:
        root = root[step]
    return root


def _random_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(8 if depth < 2 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice(ODD_NUMBERS)
    if kind == 3:
        return rng.randrange(-5, 50)
    if kind in (4, 5):
        return rng.choice(ODD_STRINGS)
    if kind == 6:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(3))]
    return {rng.choice(["type", "player", "x", "cell", "pile", ""]): _random_value(rng, depth + 1)
            for _ in range(rng.randrange(3))}


def _other_type(rng: random.Random, value):
    while True:
        new = _random_value(rng)
        if type(new) is not type(value):
            return new


# -- mutations: each edits the parsed log (and may set raw text or must_reject) ---------------

class Mutant:
    def __init__(self, raw: dict):
        self.raw = raw
        self.token: bytes | None = None
        self.duplicate: bytes | None = None
        self.must_reject = False
        self.kinds: list[str] = []


def _pick(rng, mutant: Mutant, want=None, tries: int = 40):
    """A random (container path, key) by a random descent from the root (cheap on a big log), half
    of the time inside the moves; one whose value satisfies ``want`` if given (None if none found)."""
    for _ in range(tries):
        path, node = (), mutant.raw
        if rng.random() < 0.5 and isinstance(node.get("moves"), list) and node["moves"]:
            path, node = ("moves",), node["moves"]
        while True:
            keys = list(node) if isinstance(node, dict) else range(len(node))
            if not keys:
                break
            key = rng.choice(list(keys))
            child = node[key]
            if not isinstance(child, (dict, list)) or not child or rng.random() < 0.3:
                if want is None or want(child):
                    return path, key
                if not isinstance(child, (dict, list)) or not child:
                    break
            path, node = path + (key,), child
    return None


def m_delete(rng, m):
    place = _pick(rng, m)
    if place:
        container = _at(m.raw, place[0])
        del container[place[1]]


def m_insert(rng, m):
    place = _pick(rng, m, lambda v: isinstance(v, (dict, list)))
    target = _at(m.raw, place[0])[place[1]] if place else m.raw
    if isinstance(target, dict):
        target[rng.choice(["x", "type", "player", "extra", "é", ""])] = _random_value(rng)
    else:
        target.insert(rng.randrange(len(target) + 1), _random_value(rng))


def m_change_type(rng, m):
    place = _pick(rng, m)
    if place:
        container = _at(m.raw, place[0])
        container[place[1]] = _other_type(rng, container[place[1]])


def m_null(rng, m):
    place = _pick(rng, m)
    if place:
        _at(m.raw, place[0])[place[1]] = None


def m_number(rng, m):
    place = _pick(rng, m, lambda v: type(v) is int) or _pick(rng, m)
    if place:
        _at(m.raw, place[0])[place[1]] = rng.choice(ODD_NUMBERS)


def m_whole_float(rng, m):
    place = _pick(rng, m, lambda v: type(v) is int)
    if place:
        container = _at(m.raw, place[0])
        container[place[1]] = float(container[place[1]])


def m_raw_token(rng, m):
    place = _pick(rng, m)
    if place:
        _at(m.raw, place[0])[place[1]] = TOKEN
        m.token = rng.choice(RAW_TOKENS)


def m_odd_string(rng, m):
    place = _pick(rng, m, lambda v: isinstance(v, str)) or _pick(rng, m)
    if place:
        _at(m.raw, place[0])[place[1]] = rng.choice(ODD_STRINGS)


def m_trailing_newline(rng, m):
    place = _pick(rng, m, lambda v: isinstance(v, str))
    if place:
        container = _at(m.raw, place[0])
        container[place[1]] += rng.choice(["\n", "\r\n", "\r", " "])


def m_duplicate_key(rng, m):
    place = _pick(rng, m, lambda v: isinstance(v, dict) and v)
    target = _at(m.raw, place[0])[place[1]] if place else m.raw
    key = rng.choice(list(target))
    target[DUP] = rng.choice([target[key], _random_value(rng)])
    m.duplicate = orjson.dumps(key)


def m_rename_key(rng, m):
    place = _pick(rng, m, lambda v: isinstance(v, dict) and v)
    if place:
        target = _at(m.raw, place[0])[place[1]]
        key = rng.choice(list(target))
        target[key + rng.choice(["\n", "_", " ", "\u0301"])] = target.pop(key)


def m_move_shuffle(rng, m):
    moves = m.raw.get("moves")
    if isinstance(moves, list) and len(moves) > 2:
        i, j = rng.randrange(len(moves)), rng.randrange(len(moves))
        choice = rng.randrange(3)
        if choice == 0:
            moves[i], moves[j] = moves[j], moves[i]
        elif choice == 1:
            moves.insert(j, json.loads(json.dumps(moves[i])))
        else:
            del moves[i:]


def m_plausible_value(rng, m):
    """A move field given a value of the same type that the schema may well accept: another move's
    value of that field, or a small or boundary integer - what reaches the rules engine."""
    moves = m.raw.get("moves")
    if not isinstance(moves, list) or not moves:
        return
    move = rng.choice(moves)
    if not isinstance(move, dict):
        return
    keys = [k for k, v in move.items() if k != "type" and isinstance(v, (int, str)) and not isinstance(v, bool)]
    if not keys:
        return
    key = rng.choice(keys)
    if isinstance(move[key], int) and rng.random() < 0.6:
        move[key] = rng.choice([0, 1, 2, 3, 5, 7, 9, 10, 11, 12, 13, 20, 49, 50, 99, 100, 255, 500])
        return
    others = [o[key] for o in rng.sample(moves, min(30, len(moves)))
              if isinstance(o, dict) and type(o.get(key)) is type(move[key])]
    if others:
        move[key] = rng.choice(others)


EDITS = [m_plausible_value, m_plausible_value, m_plausible_value, m_delete, m_insert, m_change_type, m_null, m_number, m_whole_float, m_raw_token, m_odd_string,
         m_trailing_newline, m_duplicate_key, m_rename_key, m_move_shuffle]


def _write(m: Mutant, rng) -> bytes:
    option = orjson.OPT_INDENT_2 if rng.random() < 0.3 else 0
    data = orjson.dumps(m.raw, option=option)
    # a later edit may have deleted or renamed the placeholder: then nothing was put in its place
    if m.token is not None and orjson.dumps(TOKEN) in data:
        data = data.replace(orjson.dumps(TOKEN), m.token, 1)
        m.must_reject |= m.token in MUST_REJECT_TOKENS
    if m.duplicate is not None and orjson.dumps(DUP) + b":" in data.replace(b'": ', b'":'):
        data = data.replace(orjson.dumps(DUP), m.duplicate, 1)
        m.must_reject = True
    return data


def _byte_edit(rng, data: bytes, m: Mutant) -> bytes:
    """Mutations of the written text itself."""
    choice = rng.randrange(6)
    if choice == 0:
        m.kinds.append("truncate")
        m.must_reject = True
        return data[:rng.randrange(len(data) - 1)]
    if choice == 1:
        m.kinds.append("bom")
        return b"\xef\xbb\xbf" + data
    if choice == 2:
        m.kinds.append("double-bom")
        m.must_reject = True
        return b"\xef\xbb\xbf\xef\xbb\xbf" + data
    if choice == 3:
        m.kinds.append("utf-16")
        m.must_reject = True
        return data.decode("utf-8").encode("utf-16")
    if choice == 4:
        m.kinds.append("random-bytes")
        out = bytearray(data)
        for _ in range(rng.randrange(1, 4)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    m.kinds.append("inserted-bytes")
    at = rng.randrange(len(data))
    return data[:at] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6))) + data[at:]


def mutants(game, count: int, seed: int):
    """``count`` (name, bytes, mutant) for ``game``, the same for the same seed."""
    rng = random.Random(f"{seed}|{game.name}")
    bases = []
    for n in sorted({game.min_players, game.max_players}):
        for options in game.option_sets(n)[:2]:
            raw = simulate_log(game, n, f"fuzz-{n}", options)
            if len(raw["moves"]) > 400:  # keep each mutant cheap; the prefix is a real game too
                raw["moves"] = raw["moves"][:400]
                raw.pop("claimed", None)
            bases.append(orjson.dumps(raw))
    for k in range(count):
        m = Mutant(orjson.loads(rng.choice(bases)))
        for edit in rng.sample(EDITS, rng.choice([1, 1, 1, 2, 3])):
            m.kinds.append(edit.__name__.removeprefix("m_"))
            edit(rng, m)
        data = _write(m, rng)
        if rng.random() < 0.15:
            data = _byte_edit(rng, data, m)
        yield f"{game.name}-{k:05d}.json", data, m


# -- independent judges ---------------------------------------------------------------------------

def _strict_json(data: bytes):
    """Python's json, made strict: no NaN/Infinity, no duplicate keys. None if not strict JSON."""
    def pairs(items):
        keys = [k for k, _ in items]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(items)

    def no_constant(name):
        raise ValueError(name)

    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        parsed = json.loads(data.decode("utf-8"), object_pairs_hook=pairs, parse_constant=no_constant)
        json.dumps(parsed, ensure_ascii=False).encode("utf-8")  # a lone surrogate is no text
    except (ValueError, RecursionError):
        return None
    return parsed


def _independently_rejected(game, data: bytes) -> str | None:
    """Why an independent reading rejects the log, or None when it has no objection."""
    parsed = _strict_json(data)
    if parsed is None:
        return "not strict JSON"
    if not isinstance(parsed, dict) or parsed.get("game") != game.name:
        return "not a log of this game"
    schema = game.schema
    if not schema._head_fast.is_valid(parsed):
        return "head fails the compiled schema"
    moves = parsed.get("moves")
    if isinstance(moves, list):
        for move in moves:
            if not schema.move_ok_fast(move):
                return "a move fails the compiled schema"
    return None


def judge(game, name: str, data: bytes, m: Mutant, outcomes: Counter) -> str:
    """Check one mutant, assert everything the module promises, count its outcome, return its status."""
    check = check_file(name, data)
    where = f"{name} ({'+'.join(m.kinds)})"
    assert check.status in ("valid", "unfinished", "invalid"), (where, check.status, check.violations)
    codes = [v.code for v in check.violations]
    assert "CORE.INTERNAL" not in codes and "CORE.GAME.UNAVAILABLE" not in codes, (where, check.violations)
    assert (check.status == "invalid") == bool(check.violations), (where, check.status, check.violations)
    if m.must_reject:
        assert check.status == "invalid", (where, "must be rejected")
    reason = _independently_rejected(game, data)
    if reason is not None:
        assert check.status == "invalid", (where, reason)
    for v in check.violations:
        assert v.code and isinstance(v.pointer, str) and v.message, (where, v)
        assert len(v.message) <= MAX_MESSAGE_CHARS, (where, v.code, len(v.message))
    outcomes[check.status] += 1
    if check.violations:
        outcomes[check.violations[0].code] += 1
    return check.status


def _report(capsys, title: str, per_game: dict[str, Counter]) -> None:
    with capsys.disabled():
        for game_name, counts in per_game.items():
            statuses = {k: v for k, v in counts.items() if not k.startswith(("CORE.", "ENT.", "KC."))
                        and k in ("valid", "unfinished", "invalid")}
            codes = sorted(((k, v) for k, v in counts.items() if k not in statuses), key=lambda kv: -kv[1])
            total = sum(statuses.values())
            print(f"\n{title} {game_name}: {total} mutants: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
                  + "; first violation: " + ", ".join(f"{k} {v}" for k, v in codes[:12]))


def _games():
    return all_games()


def _run(tmp_path: Path, capsys, per_game_count: dict[str, int], title: str, cli_sample: int) -> None:
    per_game: dict[str, Counter] = {}
    folder = tmp_path / "mutants"
    folder.mkdir()
    expected: dict[str, str] = {}
    for game in _games():
        outcomes = per_game.setdefault(game.name, Counter())
        for name, data, m in mutants(game, per_game_count[game.name], SEED):
            expected[name] = judge(game, name, data, m, outcomes)
            (folder / name).write_bytes(data)
    _report(capsys, title, per_game)
    # the whole folder through the command, in-process: one JSON document, exit 1, same verdicts
    result = CliRunner().invoke(app, ["validate", str(folder), "-f", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    report = json.loads(result.stdout)
    statuses = {Path(entry["file"]).name: entry["status"] for entry in report["files"]}
    assert statuses == expected
    assert result.exit_code == (1 if "invalid" in expected.values() else 0)
    # one file at a time: exit 1 exactly for the invalid ones
    rng = random.Random(SEED)
    for name in rng.sample(sorted(expected), min(cli_sample, len(expected))):
        one = CliRunner().invoke(app, ["validate", str(folder / name), "-f", "json"])
        assert one.exit_code == (1 if expected[name] == "invalid" else 0), (name, one.stdout[-500:])
        assert json.loads(one.stdout)["files"][0]["status"] == expected[name]


def test_fuzz_every_game(tmp_path, capsys):
    games = _games()
    share = QUICK_MUTANTS // max(1, len(games))
    _run(tmp_path, capsys, {g.name: share for g in games}, "fuzz", cli_sample=20)


@pytest.mark.fuzz
def test_fuzz_every_game_large(tmp_path, capsys, request):
    if "fuzz" not in (request.config.getoption("-m") or ""):
        pytest.skip("the large fuzz run: pytest -m fuzz tests/test_fuzz.py")
    _run(tmp_path, capsys, {g.name: LARGE_MUTANTS_PER_GAME for g in _games()}, "fuzz (large)", cli_sample=200)


def test_a_few_mutants_through_the_real_command(tmp_path):
    """The installed command itself: no traceback on stderr, valid JSON, exit 1 for invalid logs."""
    exe = Path(sys.executable).with_name("ludolog")
    for game in _games():
        for name, data, m in mutants(game, 3, SEED + 1):
            path = tmp_path / name
            path.write_bytes(data)
            proc = subprocess.run([str(exe), "validate", str(path), "-f", "json"], capture_output=True, text=True,
                                  timeout=120)
            assert "Traceback" not in proc.stderr, proc.stderr
            status = json.loads(proc.stdout)["files"][0]["status"]
            assert proc.returncode == (1 if status == "invalid" else 0), (name, proc.returncode, status)
            assert status == check_file(name, data).status
