"""CastlesOfBurgundy.take_row_changes (the ingest asks it after every move before computing the
players' rows): where it says no player's figures changed, player_rows asked afresh must be the
rows after the move before, in simulated games of every player count and option (the Solo game,
side B, rivers joining regions) that reach every move type and every tile effect kind, and in the
golden playthroughs."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import random

import orjson
import pytest

from ludolog.replayer.castles_of_burgundy.state import BLACK_TILE, TradeOffer
from ludolog.replayer.castles_of_burgundy.tile_effects import EFFECTS
from ludolog.replayer.core import get_game, parse_log, replay, simulate_log
from ludolog.replayer.core.log import GameLog, Player
from tests.row_change_checks import answers_by_move_type, check_golden_playthroughs, untouched_share

GOLDEN = Path(__file__).parents[1] / "golden" / "castles-of-burgundy"
GAME = get_game("castles-of-burgundy")


def _random_game(edition: str, players: int, seed: str) -> bytes:
    """A random legal game of another edition than simulate_log's (the 2019 and SE catalogs have
    knowledge tiles of their own), played move by move from the engine's random moves."""
    rng = random.Random(f"{edition}-{players}-{seed}")
    ids = ["ana", "ben", "cleo", "dev"][:players]
    setup = GAME.random_setup(rng, players, {})
    raw = {"format": "ludolog/2", "game": GAME.name, "edition": edition, "options": {}, "catalog": GAME.catalog_version,
           "players": [{"id": i} for i in ids], "setup": setup, "moves": []}
    log = GameLog(file="e", raw=raw, game=GAME.name, edition=edition, players=[Player(i, i) for i in ids],
                  setup=setup, seat_of={i: k for k, i in enumerate(ids)})
    s = GAME.new_state(log)
    while not GAME.is_terminal(s):
        move = GAME.random_move(s, rng)
        GAME.apply(s, move, log.seat_of.get(move.get("player")))
        raw["moves"].append(move)
    return orjson.dumps(raw)


def _simulated() -> list[bytes]:
    logs = []
    for seed in range(16):
        n = 1 + seed % 4
        sets = GAME.option_sets(n)
        logs.append(orjson.dumps(simulate_log(GAME, n, f"rows-{seed}", sets[seed // 4 % len(sets)])))
    for edition in GAME.editions[1:]:
        counts = _player_counts(edition)
        # a Solo-only edition (the SE) plays seeds 16-31: rows-28's game places its knowledge #6
        for seed in range(16) if len(counts) > 1 else range(16, 32):
            logs.append(_random_game(edition, counts[seed % len(counts)], f"rows-{seed}"))
    return logs


def _player_counts(edition: str) -> tuple[int, ...]:
    """The player counts an edition's numbered boards serve (the SE numbers only its Solo board)."""
    from ludolog.replayer.castles_of_burgundy.catalog import load_catalog

    cat = load_catalog(edition=edition)
    return (1, 2, 3, 4) if any(not cat.boards[b].solo for b in cat.board_numbers.values()) else (1,)


@pytest.fixture(scope="module")
def simulated() -> list[bytes]:
    return _simulated()


def test_the_simulated_games_reach_every_move_type_and_tile_effect(simulated, monkeypatch):
    calls: Counter = Counter()
    implementations = {kind: EFFECTS[kind] for kind in EFFECTS.names()}
    for kind in implementations:
        def counted(*args, _run=implementations[kind], _kind=kind):
            calls[_kind] += 1
            return _run(*args)
        monkeypatch.setitem(EFFECTS._kinds, kind, counted)
    types: Counter = Counter()
    solo_targets = 0
    for data in simulated:
        reached = []
        replay(parse_log(data, "sim.json"), on_step=lambda index, move, state: (
            types.update((move["type"],)), reached.append(state.estates[0].target)))
        solo_targets += len(set(reached)) > 1
    # every implementation runs (the five game-end knowledge kinds share one, _end_vp)
    run = {implementations[kind] for kind in calls}
    missing = {kind for kind, function in implementations.items() if function not in run}
    assert not missing, sorted(missing)
    assert {"depot", "black", "roll", "white", "take", "workers", "place", "sell", "buy", "goods", "end", "trade",
            "buy_vp"} <= set(types), types
    assert solo_targets  # a Solo game whose VP counter reached its target marker


def test_a_move_said_to_change_no_row_changes_none_in_many_simulated_games(simulated):
    # depots and the black depot turned up, dice rolled, most turns' ends change no player's
    # figures: the method does say so (a game always answering True would pass the check)
    assert untouched_share(GAME, simulated) > 1 / 3


def test_a_move_said_to_change_no_row_changes_none_in_the_golden_playthroughs():
    check_golden_playthroughs(GAME, GOLDEN)


def test_the_answer_is_forgotten_once_given(simulated):
    answers = answers_by_move_type(GAME, simulated[1])
    # a tile placed fills a space; the dice rolled change nobody's figures
    assert answers["place"] == {True} and answers["roll"] == {False}


def test_a_trade_with_a_full_storage_tells_a_change(simulated):
    """The Solo trade gives 5 goods for a black-depot tile; with every storage space taken the tile
    stored replaces a discarded one (no storage change): the goods given still change the row. The
    simulations reach no such trade, so it is made here from a position offering one."""
    offers = []

    def on_step(index, move, state):
        if not offers and isinstance(state.stack.top(), TradeOffer):
            offers.append(GAME.clone(state))

    for data in simulated:
        if not offers:
            replay(parse_log(data, "sim.json"), on_step=on_step)
    assert offers
    s = offers[0]
    e = s.estates[0]
    e.storage = [BLACK_TILE] * s.cat.economy.storage_spaces
    GAME.take_row_changes(s)
    before = GAME.player_rows(s)
    trade = next(m for m in GAME.legal_moves(s) if m["type"] == "trade" and "discard" in m)
    GAME.apply(s, trade, 0)
    assert GAME.player_rows(s) != before
    assert GAME.take_row_changes(s)
