"""Writes small Entdecker logs the way a scorer at the table would, for worked-example tests.

The builder only writes moves; every test replays them through the engine, which checks them.
Island tiles are laid along row 2 from the north edge: each such turn starts on the edge circle
above the column, turns over a sea tile for row 1, then the island tile for row 2.
"""
from __future__ import annotations

import orjson

from ludolog.replayer.core import parse_log, replay

PLAYERS = ("ana", "ben", "cleo", "dev")
# (tile, rotation) that shows land on the east, west or both sides of a row-2 cell
CAPE_EAST, CAPE_WEST, BRIDGE_EW = ("cape", 90), ("cape", 270), ("bridge", 90)


class EntdeckerLog:
    def __init__(self, n_players: int = 4, spin: int = 5, options: dict | None = None, first: str = "ana"):
        self.ids = PLAYERS[:n_players]
        self.spin = spin
        self.options = options or {}
        self.first = first
        self.moves: list[dict] = []
        self.turns = 0
        self.piles = [19, 19, 19, 19, 18]
        self.plant_piles = [10, 10]
        self.spare_edges = [f"S-{c}" for c in "ABCDEFGHIJ"]
        self.claimed_events: list[dict] = []

    # -- low level
    def add(self, move: dict) -> "EntdeckerLog":
        self.moves.append(move)
        return self

    def _pile(self) -> int:
        i = next(i for i, n in enumerate(self.piles) if n)
        self.piles[i] -= 1
        return i + 1

    def _season_start(self, player: str) -> None:
        if self.turns % len(self.ids) == 0:
            first = self.ids[(self.ids.index(self.first) + (self.turns // len(self.ids) if self.options.get("change_first_player") else 0)) % len(self.ids)]
            self.add({"type": "income", "player": first, "spin": self.spin})

    def draw_place(self, player: str, tile: str, cell: str, rotation: int) -> "EntdeckerLog":
        self.add({"type": "draw", "player": player, "pile": self._pile(), "tile": tile})
        return self.add({"type": "place", "player": player, "cell": cell, "rotation": rotation})

    def start(self, player: str, at: str, explore: int) -> "EntdeckerLog":
        self._season_start(player)
        self.turns += 1
        return self.add({"type": "start", "player": player, "at": at, "explore": explore})

    # -- whole turns
    def island_turn(self, player: str, column: str, tile: tuple[str, int], build: str | None = None) -> "EntdeckerLog":
        """Sea on <column>1, then ``tile`` on <column>2; build there or stop."""
        self.start(player, f"N-{column}", 2)
        self.draw_place(player, "sea", f"{column}1", 0)
        self.draw_place(player, tile[0], f"{column}2", tile[1])
        return self.add({"type": "build", "player": player, "piece": build} if build
                        else {"type": "end", "player": player})

    def filler_turn(self, player: str) -> "EntdeckerLog":
        """A turn far from the action: one sea tile on the south row."""
        edge = self.spare_edges.pop(0)
        self.start(player, edge, 1)
        self.draw_place(player, "sea", f"{edge[-1]}7", 0)
        return self.add({"type": "end", "player": player})

    def plant(self, player: str, value: int, pile: int = 1) -> "EntdeckerLog":
        self.plant_piles[pile - 1] -= 1
        return self.add({"type": "plant", "player": player, "pile": pile, "value": value})

    def log(self, claimed: dict | None = None) -> dict:
        raw = {"format": "ludolog/2", "game": "entdecker", "edition": "1996", "options": self.options,
               "catalog": "entdecker/1", "players": [{"id": p, "name": p.title()} for p in self.ids],
               "setup": {"first_player": self.first, "piles": [19, 19, 19, 19, 18], "plant_piles": [10, 10]},
               "moves": self.moves}
        if claimed:
            raw["claimed"] = claimed
        return raw

    def replay(self, **kw):
        return replay(parse_log(orjson.dumps(self.log(**kw)), "example.json"))


def island_points(result) -> dict[str, int]:
    """Points each player got from island scoring, by player id."""
    ids = result.log.player_ids
    out = {pid: 0 for pid in ids}
    for e in result.state.ledger.events:
        if e.category in ("island", "incomplete_island"):
            out[ids[e.seat]] += e.delta
    return out


# -- a game that turns over every discovery tile ------------------------------------------------
# C1 (between land on B1 and D1) takes only tiles with land east and west; F1 (between sea on E1
# and G1) takes none of those. Ships on N-F and N-C therefore set aside whatever they draw.
_FITS_C1 = frozenset(("bridge", "coasts", "shore", "welcoming-shore", "ruins-shore"))


def _discard_plan(sizes: list[int], wealth: tuple[int, int], turn: int, extra: int, spin: int):
    """(seat, group, tiles set aside, last turn?) per turn, so that ana's last turn sets aside the
    last pile tile with ``extra`` explorations still declared (depth first, most tiles first)."""
    seat = turn % 2
    if seat == 0:
        wealth = (min(12, wealth[0] + spin), min(12, wealth[1] + spin))
    group = next(i for i, n in enumerate(sizes) if n)
    total = sum(sizes)
    if seat == 0 and group == len(sizes) - 1 and total + extra <= wealth[0]:
        return [(seat, group, total, True)]
    for count in range(min(wealth[seat], sizes[group]), 0, -1):
        if count == total:
            continue  # the last tile is ana's
        rest_sizes = list(sizes)
        rest_sizes[group] -= count
        rest_wealth = list(wealth)
        rest_wealth[seat] -= count
        rest = _discard_plan(rest_sizes, tuple(rest_wealth), turn + 1, extra, spin)
        if rest is not None:
            return [(seat, group, count, False)] + rest
    return None


def piles_run_out(tiles: dict[str, int], extra: int = 2) -> EntdeckerLog:
    """A 2-player personal-tiles game that draws every discovery tile (``tiles``: the catalog's
    counts by tile id). After four tiles on the north row, every other tile is drawn at C1 or F1
    and set aside; it ends inside ana's turn, with her ship on N-C, the piles empty and ``extra``
    declared explorations left."""
    log = EntdeckerLog(2, options={"personal_tiles": True})
    for player, edge, tile, cell, rot in (("ana", "N-B", "cape", "B1", 90), ("ben", "N-D", "cape", "D1", 270),
                                          ("ana", "N-E", "sea", "E1", 0), ("ben", "N-G", "sea", "G1", 0)):
        log.start(player, edge, 1).draw_place(player, tile, cell, rot).add({"type": "end", "player": player})
    left = dict(tiles)
    left["cape"] -= 2
    left["sea"] -= 2
    groups = [("N-F", [k for k in left for _ in range(left[k]) if k in _FITS_C1]),
              ("N-C", [k for k in left for _ in range(left[k]) if k not in _FITS_C1])]
    # both hold 11 gold after season 2 (4 + 5 - 1, + 5 capped at 12, - 1); season 3 begins
    plan = _discard_plan([len(g) for _, g in groups], (11, 11), 4, extra, log.spin)
    for seat, group, count, last in plan:
        player = PLAYERS[seat]
        edge, drawn = groups[group]
        log.start(player, edge, count + extra if last else count)
        for tile in drawn[:count]:
            log.add({"type": "draw", "player": player, "pile": log._pile(), "tile": tile})
            log.add({"type": "discard", "player": player})
        del drawn[:count]
        if not last:
            log.add({"type": "end", "player": player})
    return log
