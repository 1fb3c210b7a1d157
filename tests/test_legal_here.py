"""For an illegal move, the nearest legal moves from the engine's listing ("legal here").

Expectations come from the rules and the catalog (which rotations of a tile fit on a space, which
bridges touch a region), and every suggestion is checked to be a move the engine accepts, for
every rule case of every game that has them. The listing is asked for once per invalid log - for
the reported violation - and never for a valid one."""
from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import get_game, parse_log, replay
from ludolog.replayer.core.errors import IllegalMove
from ludolog.replayer.core.suggest import MAX_SUGGESTIONS, nearest_legal_moves

HERE = Path(__file__).parent
CASES = HERE / "cases"
REPO = HERE.parent


def _load(path: Path):
    return parse_log(path.read_bytes(), path.name)


def _suggested(message: str) -> list[str]:
    tail = re.split(r"[;.?] [Ll]egal here: ", message, maxsplit=1)[1] if re.search(r"[Ll]egal here: ", message) else ""
    return [part.strip() for part in tail.split(", ")] if tail else []


def test_entdecker_edge_mismatch_suggests_the_rotations_that_fit():
    log = _load(CASES / "entdecker" / "ENT.PLACE.EDGE_MISMATCH.json")
    (v,) = replay(log).violations
    move = log.moves[v.move_index]
    # The case places a cape (one land side: north at rotation 0) on B1 of an empty board. The
    # board's edge is water (rules 2. Exploration (ii)), so only the rotations that turn the land
    # side away from the north edge fit; nothing else borders B1 yet.
    catalog = orjson.loads((REPO / "replayer" / "entdecker" / "catalog.json").read_bytes())
    cape = next(t for t in catalog["tiles"] if t["id"] == "cape")
    land_side = cape["edges"].index("L")  # edges are written north, east, south, west
    fitting = [r for r in (0, 90, 180, 270) if (land_side + r // 90) % 4 != 0]
    assert move["cell"] == "B1" and move["rotation"] not in fitting
    assert _suggested(v.message) == [f"B1 rotation {r}" for r in fitting]


def test_kingdom_crossing_suggests_the_bridges_of_the_beavers_region():
    log = _load(CASES / "kingdom-crossing" / "KC.BRIDGE.NOT_CONNECTED.json")
    (v,) = replay(log).violations
    region = re.search(r"does not connect to (\w+)", v.message).group(1)
    catalog = orjson.loads((REPO / "replayer" / "kingdom_crossing" / "catalog.json").read_bytes())
    touching = [b["id"] for b in catalog["bridges"] if region in (b["a"], b["b"])]
    assert _suggested(v.message) == [f"path [{b}]" for b in touching][:MAX_SUGGESTIONS]


def test_kingdom_crossing_card_mismatch_suggests_the_face_up_card_first():
    log = _load(CASES / "kingdom-crossing" / "KC.CARD.MISMATCH.json")
    (v,) = replay(log).violations
    move = log.moves[v.move_index]
    face_up = re.search(r"is (\S+), not", v.message).group(1)
    assert _suggested(v.message)[0] == f"{move['space']} card {face_up}"


ENGINE_CASES = [p for game in ("entdecker", "kingdom-crossing") for p in sorted((CASES / game).glob("*.json"))]


@pytest.mark.parametrize("path", ENGINE_CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_suggestion_is_a_move_the_engine_accepts(path):
    log = _load(path)
    result = replay(log)
    first = result.violations[0]
    if first.move_index is None or first.code == "CORE.SCHEMA" or first.move_index >= len(log.moves):
        pytest.skip("not a rule broken by a move")
    game = get_game(log.game)
    before = replay(log, to=first.move_index).state
    found = nearest_legal_moves(game, before, log.moves[first.move_index])
    assert len(found) <= MAX_SUGGESTIONS
    if "egal here: " in first.message:
        assert found, "the message names moves the listing does not give"
    for move in found:
        state = game.clone(before)
        try:
            game.apply(state, move, log.seat_of.get(move.get("player")))
        except IllegalMove as exc:  # pragma: no cover - the failure message says which
            pytest.fail(f"suggested {move} is refused: {exc}")


def test_the_listing_is_asked_once_for_an_invalid_log_and_never_for_a_valid_one(monkeypatch):
    game = get_game("entdecker")
    calls = []
    original = type(game).legal_moves

    def counting(self, state):
        calls.append(1)
        return original(self, state)

    monkeypatch.setattr(type(game), "legal_moves", counting)
    replay(_load(HERE / "golden" / "entdecker" / "entdecker-2p-0.log.json"))
    assert calls == []
    replay(_load(CASES / "entdecker" / "ENT.PLACE.EDGE_MISMATCH.json"))
    assert calls == [1]


def test_a_failing_listing_never_hides_the_violation(monkeypatch):
    game = get_game("entdecker")

    def broken(self, state):
        raise RuntimeError("listing failed")

    monkeypatch.setattr(type(game), "legal_moves", broken)
    (v,) = replay(_load(CASES / "entdecker" / "ENT.PLACE.EDGE_MISMATCH.json")).violations
    assert v.code == "ENT.PLACE.EDGE_MISMATCH" and "legal here" not in v.message
