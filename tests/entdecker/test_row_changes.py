"""Entdecker.take_row_changes (the ingest asks it after every move before computing the seats' rows):
where it says no seat's figures changed, player_rows asked afresh must be the rows after the move
before, in many simulated games reaching every place the figures change (every event tile, trading
posts taken back, plant tokens of islands and of welcoming natives, islands scored and their
constructions returned, the end-game scores) and in the golden playthroughs."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import orjson

from ludolog.replayer.core import get_game, parse_log, replay, simulate_log
from tests.row_change_checks import answers_by_move_type, check_golden_playthroughs, untouched_share

GOLDEN = Path(__file__).parents[1] / "golden" / "entdecker"
GAME = get_game("entdecker")


def _simulated() -> list[bytes]:
    logs = []
    for seed in range(24):
        n = 2 + seed % 3
        options = GAME.option_sets(n)[seed % 4]
        logs.append(orjson.dumps(simulate_log(GAME, n, f"rows-{seed}", options)))
    return logs


def _paths(data: bytes) -> Counter:
    """How often one log goes through each place the seats' figures change, read from the moves and
    the positions (not from the flag under test)."""
    seen: Counter = Counter()
    events = [0]
    pieces = [0]
    offered = [False]  # welcoming natives were met on the move before

    def on_step(index, move, state):
        kind = move["type"]
        seen[kind] += 1
        if kind == "plant" and offered[0]:
            seen["plant outside an island's draws"] += 1
        offered[0] = state.natives_offer
        if kind == "place":
            event = state.faces[state.cat.parse_cell(move["cell"])].event
            if event is not None:
                seen[f"event {event}"] += 1
        for event in state.ledger.events[events[0]:]:
            seen[f"score {event.category}"] += 1
        events[0] = len(state.ledger.events)
        in_reserve = sum(map(sum, state.pieces))
        if in_reserve > pieces[0] and kind != "return" and index:
            seen["constructions returned"] += 1
        pieces[0] = in_reserve

    replay(parse_log(data, "sim.json"), on_step=on_step)
    return seen


def test_simulated_games_reach_every_place_a_seats_figures_change():
    seen: Counter = sum((_paths(data) for data in _simulated()), Counter())
    wanted = {"income", "start", "build", "return", "plant", "plant outside an island's draws",
              "constructions returned", "score island", "score incomplete_island", "score grand_inventor",
              *(f"event {name}" for name in GAME.cat.events)}
    wanted.discard("score ruins")
    assert wanted <= set(seen), sorted(wanted - set(seen))
    assert seen["event ruins"] and seen["score ruins"]


def test_a_move_said_to_change_no_row_changes_none_in_many_simulated_games():
    # most moves (draws, placements without an event, discards, ends) change no seat's figures:
    # the method does say so (a game always answering True would pass the check)
    assert untouched_share(GAME, _simulated()) > 0.5


def test_a_move_said_to_change_no_row_changes_none_in_the_golden_playthroughs():
    check_golden_playthroughs(GAME, GOLDEN)


def test_the_answer_is_forgotten_once_given():
    answers = answers_by_move_type(GAME, _simulated()[0])
    # a draw only turns a tile over; a declared start always pays at least one gold
    assert answers["draw"] == {False} and answers["start"] == {True}
