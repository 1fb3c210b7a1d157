"""Keyflower's per-move snapshot (``Keyflower.player_rows``): the state columns of every seat, as
cheap as they can be made, for the ingest that asks for them after every move.

Every figure of a seat's row (see ``Keyflower.player_rows``) is a function of a few inputs: the
scores, the unseen workers and skill tiles per seat, the start seat (shared by the seats), and per
seat its village, its workers and skill tiles by kind and its summer-boat abilities. Most moves
change one seat's inputs or none (on the bench corpus 43% of the moves change no row, 54% one), so
:class:`SnapshotMemo` keeps the inputs of the last snapshot with its rows and compares: equal
inputs, the same rows; a seat whose inputs differ gets its row made again, and a change of the
shared inputs makes every row again. The comparisons are of the inputs themselves (copies of the
lists and dicts, which the engine changes in place), never of flags a move would have to set, so
no move can leave a row stale; one comparison of lists of tuples runs in C.

A village is a value (:class:`~.geometry.Village`): the engine replaces it whenever a tile is
placed, flipped or given resources, so a village is compared by identity (``Village`` has no value
equality) and its figures (resources on its tiles, tiles besides the home tile, upgraded and
winter tiles, transport numbers) are worked out once per village object (:meth:`SnapshotMemo.village_figures`).
The village's tiles are the seat's tiles (``Player.coords``: ``moves.place`` adds a tile to both).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .catalog import AbilityKind, Catalog
from .state import SEASONS, KFState

#: villages whose figures are remembered at most (the memo is then emptied)
VILLAGE_CACHE = 4096
# an enum member as a module constant: a global look-up, not an attribute of the enum class
_DOUBLE_TRANSPORT = AbilityKind.DOUBLE_TRANSPORT_UPGRADE


def side_figures(cat: Catalog) -> dict[str, dict[str, tuple[int, int, int]]]:
    """Tile id -> side -> (1 if the side is the upgraded one, 1 if the tile is a winter tile, its
    transport number), made once per catalog (kept in its memo). The transport number is the
    scoring's own (``scoring.transport_total`` of a village of that tile alone), so the snapshot
    and the final scoring never count it differently."""
    table = cat.memo.get("snapshot side figures")
    if table is None:
        # imported here, once per catalog: an import statement costs microseconds even when the
        # module is loaded (its relative name is resolved again), and villages change often
        from .geometry import HOME, PlacedTile, Village
        from .scoring import transport_total

        winter_season = SEASONS[3]
        table = cat.memo["snapshot side figures"] = {
            tile_id: {side: (int(side == "upgraded"), int(tile.season is winter_season),
                             transport_total(Village(cat, [PlacedTile(tile_id, HOME, side=side)])))
                      for side in tile.sides}
            for tile_id, tile in cat.tiles.items()}
    return table


@dataclass(slots=True)
class SnapshotMemo:
    """The last snapshot's inputs and rows, and the figures of the villages seen (one per engine and thread)."""

    #: (scores, unseen workers per seat, unseen skill tiles per seat, start seat) of the last snapshot, copied
    shared: tuple = ()
    #: per seat, its own inputs at the last snapshot: (village, workers, skill tiles, abilities), copied
    inputs: list = field(default_factory=list)
    rows: tuple = ()  #: the rows of the last snapshot, seat 0 first
    figures: list = field(default_factory=list)  #: per seat, the figures of its village in ``inputs``
    #: id of a village -> (the village, its figures): see :meth:`village_figures`
    villages: dict = field(default_factory=dict)
    sides_of: Catalog | None = None  #: the catalog whose :func:`side_figures` are ``sides``
    sides: dict = field(default_factory=dict)

    def rows_of(self, s: KFState) -> tuple[tuple, ...]:
        """Every seat's row of ``s``, seat 0 first (the values of ``Keyflower.state_columns``): the
        kept rows, with those of the seats whose own inputs changed made again, or every row made
        again when a shared input changed. A Python loop over the seats: reading slots in bytecode
        is cheaper than ``attrgetter``."""
        if self.shared != (s.ledger.totals, s.bag.unknown_held, s.skill_pile.unknown_held, s.start):
            return self._every_seat(s)
        kept = self.inputs
        rows = None  # a copy of the kept rows once a seat's row is made again
        seat = 0
        for p in s.players:
            if (p.village, p.workers, p.skills, p.abilities) != kept[seat]:
                if rows is None:
                    rows = list(self.rows)
                rows[seat] = self._row(s, seat, p)
            seat += 1
        if rows is None:
            return self.rows
        self.rows = rows = tuple(rows)
        return rows

    def _every_seat(self, s: KFState) -> tuple[tuple, ...]:
        """The rows of ``s`` made afresh, with the shared inputs kept."""
        self.shared = (list(s.ledger.totals), dict(s.bag.unknown_held), dict(s.skill_pile.unknown_held), s.start)
        n = len(s.players)
        if len(self.inputs) != n:
            self.inputs, self.figures = [()] * n, [()] * n
        self.rows = rows = tuple([self._row(s, seat, p) for seat, p in enumerate(s.players)])
        return rows

    def _row(self, s: KFState, seat: int, p) -> tuple:
        """The row of ``seat`` (player ``p``), its own inputs kept (copied: the engine changes the
        lists and may change the dict in place); the figures of its village are the kept ones
        while the village is the same object (most changes are of workers and skill tiles), else
        those of the village before corrected by the tiles that differ (:meth:`changed_figures`)."""
        village, workers, skills, abilities = p.village, p.workers, p.skills, p.abilities
        known = self.inputs[seat]
        if known and known[0] is village:
            w, st, i, gd, tiles, upgraded, winter, transport = self.figures[seat]
        else:
            figures = self.figures[seat] = (self.changed_figures(village, known[0], self.figures[seat]) if known
                                            else self.village_figures(village))
            w, st, i, gd, tiles, upgraded, winter, transport = figures
        self.inputs[seat] = (village, workers.copy(), skills.copy(), abilities.copy())
        uw = s.bag.unknown_held.get(seat, 0)
        us = s.skill_pile.unknown_held.get(seat, 0)
        r, y, b, g = workers
        sa, pi, an = skills
        return (s.ledger.totals[seat], r + y + b + g + uw, r, y, b, g, uw, w, st, i, gd, sa + pi + an + us, sa, pi, an,
                us, tiles, upgraded, winter, transport * abilities.get(_DOUBLE_TRANSPORT, 1), seat == s.start)

    def changed_figures(self, village, before, figures: tuple[int, ...]) -> tuple[int, ...]:
        """The figures of ``village`` (as :meth:`village_figures` gives them) from ``figures``, those
        of the village ``before``: a move replaces one tile or a few (products, a carry, an upgrade,
        a tile placed), so only the tiles that are not the same placed tile at the same coordinate
        are taken out and put in; counted afresh when a tile of ``before`` is gone or the catalogs
        differ (a tile's figures are its catalog's)."""
        old = before.tiles
        if before.catalog is not village.catalog or len(village.tiles) < len(old):
            return self.village_figures(village)
        sides = self._sides(village.catalog)
        # A tile's figures are taken out and put in written out, not through a helper: player_rows
        # calls this after most moves, and a call per tile costs more than the sums themselves.
        wood, stone, iron, gold, _, upgraded, winter, transport = figures  # the tile count is len() below
        kept = 0  # coordinates of ``before`` still in the village
        for coord, placed in village.tiles.items():
            was = old.get(coord)
            if was is not None:
                kept += 1
                if was is placed:
                    continue
                w, st, i, g = was.resources
                wood -= w
                stone -= st
                iron -= i
                gold -= g
                u, wi, t = sides[was.tile][was.side]
                upgraded -= u
                winter -= wi
                transport -= t
            w, st, i, g = placed.resources
            wood += w
            stone += st
            iron += i
            gold += g
            u, wi, t = sides[placed.tile][placed.side]
            upgraded += u
            winter += wi
            transport += t
        if kept != len(old):
            return self.village_figures(village)
        return wood, stone, iron, gold, len(village.tiles) - 1, upgraded, winter, transport

    def _sides(self, catalog) -> dict[str, dict[str, tuple[int, int, int]]]:
        """:func:`side_figures` of ``catalog``: the table of the catalog asked last, else made anew."""
        if catalog is not self.sides_of:
            self.sides_of, self.sides = catalog, side_figures(catalog)
        return self.sides

    def village_figures(self, village) -> tuple[int, ...]:
        """(wood, stone, iron, gold, tiles besides the home tile, upgraded tiles, winter tiles,
        transport total) of ``village``, kept by its identity (the village is kept too, so that its
        id() stays its own); at most :data:`VILLAGE_CACHE` villages are kept. What a tile adds
        besides its resources depends on the tile and the side it shows (:func:`side_figures`)."""
        found = self.villages.get(id(village))
        if found is not None and found[0] is village:
            return found[1]
        wood = stone = iron = gold = upgraded = winter = transport = 0
        sides = self._sides(village.catalog)
        for placed in village.tiles.values():
            w, st, i, g = placed.resources
            wood += w
            stone += st
            iron += i
            gold += g
            u, wi, t = sides[placed.tile][placed.side]
            upgraded += u
            winter += wi
            transport += t
        figures = (wood, stone, iron, gold, len(village.tiles) - 1, upgraded, winter, transport)
        if len(self.villages) >= VILLAGE_CACHE:
            self.villages.clear()
        self.villages[id(village)] = (village, figures)
        return figures
