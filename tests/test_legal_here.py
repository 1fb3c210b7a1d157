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
    tail = re.sub(r", and \d+ more \(ludolog next lists them\)$", "", tail)
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
    assert _suggested(v.message) == [f"place B1 rotation {r}" for r in fitting]


def test_kingdom_crossing_suggests_the_bridges_of_the_beavers_region():
    log = _load(CASES / "kingdom-crossing" / "KC.BRIDGE.NOT_CONNECTED.json")
    (v,) = replay(log).violations
    region = re.search(r"does not connect to (\w+)", v.message).group(1)
    catalog = orjson.loads((REPO / "replayer" / "kingdom_crossing" / "catalog.json").read_bytes())
    touching = [b["id"] for b in catalog["bridges"] if region in (b["a"], b["b"])]
    kind = log.moves[v.move_index]["type"]
    assert _suggested(v.message) == [f"{kind} path [{b}]" for b in touching][:MAX_SUGGESTIONS]


def test_kingdom_crossing_card_mismatch_suggests_the_face_up_card_first():
    log = _load(CASES / "kingdom-crossing" / "KC.CARD.MISMATCH.json")
    (v,) = replay(log).violations
    move = log.moves[v.move_index]
    face_up = re.search(r"is (\S+), not", v.message).group(1)
    assert _suggested(v.message)[0] == f"{move['type']} {move['space']} card {face_up}"


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
    found, _ = nearest_legal_moves(game, before, log.moves[first.move_index])
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


ALL_CASES = sorted(p for p in CASES.rglob("*.json"))


def _schema_types(game) -> set[str]:
    return set(game.schema.move_types)


@pytest.mark.parametrize("path", ALL_CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_hint_names_a_move_type_and_says_how_many_more(path):
    """A hint is a list of whole moves, each starting with its move type (after the player when it
    is another player's), never empty or a bare value; when it shows only some of the legal moves
    it says how many more there are: the position's legal moves less those shown."""
    try:
        log = _load(path)
    except Exception:  # noqa: BLE001 - a case of an unreadable log has no hint
        pytest.skip("not a readable log")
    if log.migration is not None:
        pytest.skip("an older format: its moves are not the engine's moves one for one")
    result = replay(log)
    hinted = [v for v in result.violations if "egal here: " in v.message]
    if not hinted:
        pytest.skip("no hint")
    (v,) = hinted
    game = get_game(log.game)
    types = _schema_types(game)
    tail = re.split(r"[;.?] [Ll]egal here: ", v.message, maxsplit=1)[1]
    assert not tail.endswith(": ") and tail.strip()
    suggestions = _suggested(v.message)
    for text in suggestions:
        words = re.sub(r"^\w+: ", "", text).split()
        assert words and words[0] in types, (text, sorted(types))
        assert words[:2] != [words[0]] * 2, text  # "card card D01"
        assert "[]" not in text and "{}" not in text and "  " not in text and text == text.strip(), text
    more = re.search(r", and (\d+) more", tail)
    before = replay(log, to=v.move_index).state
    listed = game.legal_moves(before)
    if more:
        assert int(more.group(1)) == len(listed) - len(suggestions)
    else:
        assert len(listed) == len(suggestions)


def test_a_field_named_like_its_move_type_is_named_once():
    from ludolog.replayer.core.suggest import suggestion_text

    assert suggestion_text({"type": "card", "card": "D01"}, {"type": "discard", "player": "ana"}) == "card D01"
    assert suggestion_text({"type": "pass", "player": "ben"}, {"type": "pass", "player": "ana"}) == "ben: pass"
    assert suggestion_text({"type": "play", "player": "ana", "card": "S01"},
                           {"type": "play", "player": "ana", "card": "S01", "exchange": "discard"}) == "play without exchange"


def test_a_field_written_empty_reads_no_field():
    """An empty list or object in a legal move is named as what the table says ("no types"), never
    printed as a bracket pair or as nothing ("types []", "resources  skills", "final skills ")."""
    from ludolog.replayer.core.suggest import suggestion_text

    # Castles of Burgundy: a full goods storage ships no new type ("goods" requires "types")
    assert suggestion_text({"type": "goods", "player": "ana", "depot": 6, "types": []},
                           {"type": "goods", "player": "ana", "depot": 1, "types": [4, 6]}) == "goods depot 6 no types"
    # Keyflower: an upgrade paid with skill tiles alone; a final with nothing behind the screen
    assert suggestion_text({"type": "upgrade", "player": "fay", "tile": "blacksmith", "resources": {},
                            "skills": {"anvil": 1}},
                           {"type": "carry", "player": "fay"}) == "upgrade tile blacksmith no resources skills anvil=1"
    assert suggestion_text({"type": "final", "player": "ben", "workers": {}, "skills": {}},
                           {"type": "final", "player": "cleo", "workers": {}, "skills": {"saw": 1}}) \
        == "ben: final no skills"
    # an optional field left out says the same as the legal move's empty one: nothing to change
    assert suggestion_text({"type": "upgrade", "player": "fay", "tile": "smithy", "resources": {}, "skills": {"anvil": 1}},
                           {"type": "upgrade", "player": "fay", "tile": "smithy", "skills": {"saw": 1}}) \
        == "upgrade skills anvil=1"


def test_a_hint_for_another_player_or_a_numbered_place_reads_whole():
    """Only the player differs: the whole move, not a bare "ana: action"; a place that is a number
    is named ("place space 12 workers 0", not "place 12 workers 0", which reads as a count)."""
    from ludolog.replayer.core.suggest import suggestion_text

    assert suggestion_text({"type": "action", "player": "ana", "strip": "hire"},
                           {"type": "action", "player": "ben", "strip": "hire"}) == "ana: action strip hire"
    assert suggestion_text({"type": "place", "player": "ana", "die": 3, "workers": 0, "tile": "ship", "space": "12"},
                           {"type": "place", "player": "ana", "die": 3, "workers": 3, "tile": "ship", "space": "12"}) \
        == "place space 12 workers 0"
    assert suggestion_text({"type": "place", "player": "ana", "cell": "B1", "rotation": 90},
                           {"type": "place", "player": "ana", "cell": "B1", "rotation": 0}) == "place B1 rotation 90"


def test_the_hint_of_a_turn_not_yours_names_the_whole_move():
    log = _load(CASES / "boonlake" / "BOON.TURN.NOT_YOURS.json")
    (v,) = replay(log).violations
    written = log.moves[v.move_index]
    # the move written by the wrong player, as the player whose decision it is would write it
    assert f"ana: {written['type']} strip {written['strip']}" in _suggested(v.message)
