"""The Entdecker position before the first move, read from a log's set-up and options and checked
all at once, and a set-up as a table would write it (random play).
"""
from __future__ import annotations

import random

from ..core.components import HiddenPool
from ..core.errors import IllegalMove, SetupProblems
from ..core.ledger import Ledger
from ..core.log import GameLog
from ..core.simulate import PLAYER_NAMES
from ..core.suggest import did_you_mean
from .catalog import Catalog
from .state import EntdeckerState


def new_state(cat: Catalog, log: GameLog) -> EntdeckerState:
    """The position before the first move: every player's gold, pieces and (in the personal-tiles
    variant) own tiles, the full piles, and the first player's income spin to come.

    :raises IllegalMove: a wrong set-up value (pile sizes that do not add up, a first player who is
        not one of the players), carrying every other one found (:class:`SetupProblems`).
    """
    setup, options = log.setup, log.options
    n = len(log.players)
    problems = SetupProblems()  # every wrong set-up value at once
    tiles = plant_tokens = None
    try:
        tiles = HiddenPool.create("discovery tile", {k: t.count for k, t in cat.tiles.items()},
                                  piles=cat.discovery_piles, pile_sizes=setup.get("piles"), pointer="/setup/piles")
    except IllegalMove as exc:
        problems.add_error(exc)
    try:
        plant_tokens = HiddenPool.create("plant token", cat.plants, piles=cat.plant_piles,
                                         pile_sizes=setup.get("plant_piles"), pointer="/setup/plant_piles")
    except IllegalMove as exc:
        problems.add_error(exc)
    first = log.seat_of.get(setup["first_player"])
    if first is None:
        problems.add_error(IllegalMove("ENT.SETUP.FIRST_PLAYER", f"first player {setup['first_player']!r} is not one of "
                                       f"the players ({', '.join(log.seat_of)})"
                                       f"{did_you_mean(setup['first_player'], log.seat_of)}", "/setup/first_player"))
    problems.check()
    personal = bool(options.get("personal_tiles"))
    state = EntdeckerState(
        cat=cat, n=n, ledger=Ledger(n), personal_variant=personal,
        change_first=bool(options.get("change_first_player")),
        unplaceable_to_reserve=bool(options.get("unplaceable_to_reserve")),
        faces=[None] * cat.cells, wealth=[cat.wealth_start] * n,
        pieces=[list(cat.piece_count) for _ in range(n)], plants=[[] for _ in range(n)],
        tiles=tiles, reserve={num: k.count for num, k in cat.reserve.items()}, plant_tokens=plant_tokens,
        personal_left=[set(cat.personal) if personal else set() for _ in range(n)],
        first=first, current=first, ids=tuple(log.player_ids), open_edges=len(cat.edge_spaces))
    state.parent = list(range(cat.cells * 4))
    state.seaside = [mask != 0 for mask in cat.border_mask]
    return state


def random_setup(cat: Catalog, rng: random.Random, n_players: int, options: dict) -> dict:
    """A set-up as a table would write it: a first player drawn with ``rng``, and the piles counted
    (the tiles and the plant tokens dealt as evenly as they go over their piles)."""
    total, k = cat.discovery_total, cat.discovery_piles
    piles = [total // k + (1 if i < total % k else 0) for i in range(k)]
    ptotal, pk = sum(cat.plants.values()), cat.plant_piles
    plant_piles = [ptotal // pk + (1 if i < ptotal % pk else 0) for i in range(pk)]
    return {"first_player": PLAYER_NAMES[rng.randrange(n_players)].lower(), "piles": piles, "plant_piles": plant_piles}
