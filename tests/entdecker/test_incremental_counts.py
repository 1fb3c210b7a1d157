"""The counts the engine keeps as tiles are laid (instead of scanning the board on every turn) equal
a scan of the board, computed here from the rules' definitions, after every move of many games."""
from pathlib import Path

import orjson

from ludolog.replayer.core import get_game, parse_log, replay, simulate_log

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
    assert get_game("entdecker")._explorable(result.state) == explorable
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
