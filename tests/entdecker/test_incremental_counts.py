"""The counts the engine keeps as tiles are laid (instead of scanning the board on every turn) equal
a scan of the board, computed here from the rules' definitions, after every move of many games."""
from pathlib import Path

import orjson

from ludolog.replayer.core import get_game, parse_log, replay, simulate_log
from ludolog.replayer.entdecker.islands import explorable as engine_explorable

GOLDEN = Path(__file__).parents[1] / "golden" / "entdecker"


def _scan(s) -> tuple[int, int]:
    """(edge circles before an undiscovered space, white lines of discovered cards that lead to an
    undiscovered space of the board), counted over the whole board."""
    cat, faces = s.cat, s.faces
    edges = sum(1 for cell, _side in cat.edge_spaces.values() if faces[cell] is None)
    lanes = 0
    for cell, face in enumerate(faces):
        if face is None:
            continue
        for side in range(4):
            nb = cat.neighbour[cell][side]
            if face.lanes >> side & 1 and nb >= 0 and faces[nb] is None:
                lanes += 1
    return edges, lanes


def _check_every_move(raw: dict) -> int:
    steps = []

    def on_step(index, move, state):
        assert (state.open_edges, state.open_lanes) == _scan(state), f"after move {index}"
        steps.append(index)

    result = replay(parse_log(orjson.dumps(raw), "x"), on_step=on_step)
    assert result.status == "valid"
    explorable = any(_scan(result.state))
    assert engine_explorable(result.state) == explorable
    return len(steps)


def test_open_edges_and_lanes_match_a_board_scan_in_simulated_games():
    game = get_game("entdecker")
    moves = 0
    for seed in range(12):
        options = {"personal_tiles": True} if seed % 4 == 0 else {"unplaceable_to_reserve": True} if seed % 4 == 1 else {}
        moves += _check_every_move(simulate_log(game, 2 + seed % 3, f"counts-{seed}", options))
    assert moves > 1000


def test_open_edges_and_lanes_match_a_board_scan_in_the_golden_playthroughs():
    logs = sorted(GOLDEN.glob("*.log.json"))
    assert logs
    for path in logs:
        _check_every_move(orjson.loads(path.read_bytes()))


def _seaside_scan(s) -> list[bool]:
    """Per cell: undiscovered, and on the board's edge or beside a discovered card whose side facing
    it is sea."""
    cat, faces = s.cat, s.faces
    out = []
    for cell in range(cat.cells):
        touches = False
        for side in range(4):
            nb = cat.neighbour[cell][side]
            if nb < 0 or (faces[nb] is not None and not faces[nb].land >> ((side + 2) % 4) & 1):
                touches = True
        out.append(faces[cell] is None and touches)
    return out


def test_seaside_spaces_match_a_board_scan():
    game = get_game("entdecker")
    checked = 0

    def on_step(index, move, state):
        nonlocal checked
        undiscovered = [c for c in range(state.cat.cells) if state.faces[c] is None]
        scan = _seaside_scan(state)
        assert [state.seaside[c] for c in undiscovered] == [scan[c] for c in undiscovered], f"after move {index}"
        checked += 1

    for seed in range(6):
        raw = simulate_log(game, 2 + seed % 3, f"seaside-{seed}", {"unplaceable_to_reserve": True} if seed % 2 else {})
        assert replay(parse_log(orjson.dumps(raw), "x"), on_step=on_step).status == "valid"
    for path in sorted(GOLDEN.glob("*.log.json")):
        assert replay(parse_log(path.read_bytes(), str(path)), on_step=on_step).status == "valid"
    assert checked > 1000
