"""The Castles of Burgundy catalog: component data loaded from JSON, schema-checked, cross-checked,
and turned into small frozen tables once per process.

An edition other than the default (``alea-2011``) is the default data with that edition's
``changes`` applied before the tables are built, so an engine reads one catalog either way.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, fields

from ..core.catalogs import CatalogError, CatalogFiles, check_catalog, check_unique
from .effects import DieUse, EffectKind, TieBreak
from .geometry import LETTER_OF, Board, Colour, StartCastle, areas, build_board, hexagon_layout

CATALOG_ENV = "LUDOLOG_CASTLES_OF_BURGUNDY_CATALOG"
SCHEMA_FILE = "castles-of-burgundy.catalog.schema.json"
TITLE = "Castles of Burgundy"
#: effect parameters that carry the effect's one number, whatever the kind calls it
_AMOUNT_KEYS = ("n", "vp", "silverlings", "turn_order_steps")


@dataclass(frozen=True, slots=True)
class Effect:
    """A named effect kind and its parameters."""

    kind: EffectKind
    amount: int = 0  # the kind's number (n, vp, silverlings or turn_order_steps)
    colours: tuple[Colour, ...] = ()
    building: str | None = None
    action: DieUse | None = None  # free_adjust: the action the free pips apply to


@dataclass(frozen=True, slots=True)
class HexKind:
    """One face of a hex tile and how many tiles of it have each back: its own colour (depots 1-6,
    starting castles) or black (black depot)."""

    id: str
    colour: Colour
    normal_back: int
    black_back: int
    building: str | None = None
    animal: str | None = None
    animals: int = 0
    knowledge: int | None = None


@dataclass(frozen=True, slots=True)
class BuildingType:
    id: str
    name: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class KnowledgeTile:
    number: int
    tile: str  # hex kind id
    effect: Effect


@dataclass(frozen=True, slots=True)
class DepotSpace:
    """A hex space of a numbered depot; used from ``players`` players on."""

    id: str
    depot: int
    colour: Colour
    players: int


@dataclass(frozen=True, slots=True)
class DepotException:
    space: str
    players: tuple[int, ...]
    phases: tuple[str, ...]
    colour: Colour


@dataclass(frozen=True, slots=True)
class Economy:
    """Base-game numbers (section 4-6 and 11 of the supplement)."""

    phases: int
    rounds_per_phase: int
    start_silverlings: int
    start_workers_by_seat: tuple[int, ...]
    storage_spaces: int
    goods_spaces: int
    black_purchase_silverlings: int
    take_workers: int
    sale_silverlings: int
    sale_vp_per_tile: int | None  # None: as many VP as there are players
    worker_step: int
    final_vp_per_goods: int
    final_vp_per_silverling: int
    final_workers_per_vp: int
    tie_break: tuple[TieBreak, ...]
    #: the purchase may also come inside an action, while its effect is pending (2019); else only
    #: "before, between or after the die actions" (supplement 6)
    purchase_during_action: bool = False


@dataclass(frozen=True, slots=True)
class SoloRules:
    """The numbers the Solo text states, and ludolog's readings where it is silent (the catalog's ``solo`` keys)."""

    start_silverlings: int
    start_workers: int
    start_goods: int
    setup_players: int
    rounds: int
    target_start: int
    target_step: int
    target_minimum: int
    goods_for_black_tile: int
    silverlings_per_vp: int
    sale_vp_per_tile: int


def _effect(d: dict) -> Effect:
    amount = next((d[k] for k in _AMOUNT_KEYS if k in d), 0)
    return Effect(EffectKind(d["kind"]), amount, tuple(Colour(c) for c in d.get("colours", ())),
                  d.get("building"), DieUse(d["action"]) if "action" in d else None)


def _board_from(b: dict, rivers_join_regions: bool = False) -> Board:
    """:raises CatalogError: the board entry is malformed (see :func:`geometry.build_board`)."""
    if b["layout"] == "hexagon":
        spaces, links = hexagon_layout(b["rows"])
        rivers: list = []
    else:
        spaces = [(s["id"], s["code"], s["area"]) for s in b["spaces"]]
        links, rivers = b["land_links"], b["river_links"]
    return build_board(b["id"], b["name"], spaces, [tuple(x) for x in links], [tuple(x) for x in rivers],
                       StartCastle(b["start_castle"]), b.get("solo", False), rivers_join_regions)


def apply_edition(data: dict, edition: str) -> dict:
    """A copy of catalog ``data`` with the ``changes`` of ``edition`` applied.

    :raises CatalogError: the edition is unknown or a change names something the catalog lacks."""
    editions = {e["id"]: e for e in data["editions"]}
    if edition not in editions:
        raise CatalogError(f"unknown edition {edition!r}; this catalog has: {', '.join(editions)}")
    out = copy.deepcopy(data)
    knowledge = {k["number"]: k for k in out["knowledge_tiles"]}
    animals = {a["id"]: a for a in out["animal_types"]}
    black = {b["players"]: b for b in out["depots"]["black_depot"]}
    for change in editions[edition]["changes"]:
        kind = change["kind"]
        if kind == "knowledge_effect":
            if change["number"] not in knowledge:
                raise CatalogError(f"edition {edition} changes knowledge tile #{change['number']}, which the catalog lacks")
            knowledge[change["number"]]["effect"] = copy.deepcopy(change["effect"])
        elif kind == "rename_animal":
            old, new = change["animal"], change["id"]
            if old not in animals:
                raise CatalogError(f"edition {edition} renames animal type {old!r}, which the catalog lacks")
            animals[old].update(id=new, name=change["name"])
            # the tiles take the edition's name too, so its logs write e.g. "goats-3"
            for tile in out["hex_tiles"]["kinds"]:
                if tile.get("animal") == old:
                    tile["animal"] = new
                    if tile["id"].startswith(old + "-"):
                        tile["id"] = new + tile["id"][len(old):]
        elif kind == "tie_break":  # each edition's own, with how sure it is (the note is the edition's)
            out["economy"]["tie_break"] = list(change["criteria"])
            out["economy"]["tie_break_status"] = change["status"]
        elif kind == "purchase_timing":
            out["economy"]["purchase_during_action"] = change["during_action"]
        else:  # black_depot (the schema admits no other kind)
            if change["players"] not in black:
                raise CatalogError(f"edition {edition} changes the black depot for {change['players']} players, "
                                   f"which the catalog lacks")
            black[change["players"]]["tiles"] = change["tiles"]
    return out


class Catalog:
    """Component data of one catalog version and edition, with derived lookup tables.

    :raises CatalogError: the data breaks the schema or one of the cross-reference checks, or has no
        such edition."""

    def __init__(self, data: dict, edition: str | None = None):
        check_catalog(data, SCHEMA_FILE, TITLE)
        check_unique((e["id"] for e in data["editions"]), "edition")
        defaults = [e["id"] for e in data["editions"] if e.get("default")]
        if len(defaults) != 1:
            raise CatalogError(f"exactly one edition must be the default, not {len(defaults)}")
        self.edition: str = edition or defaults[0]
        self.editions: tuple[str, ...] = tuple(e["id"] for e in data["editions"])
        data = apply_edition(data, self.edition)
        self.data = data
        self.version: str = data["version"]
        self.reconstruction: bool = data["reconstruction"]
        self._colours(data)
        self._tiles(data)
        self._depots(data)
        self.goods_count: dict[int, int] = {g["die"]: g["count"] for g in data["goods"]["types"]}
        if sorted(self.goods_count) != [1, 2, 3, 4, 5, 6]:
            raise CatalogError("the goods types must be the die numbers 1-6, each once")
        self.goods_per_phase: int = data["goods"]["per_phase"]
        self.goods_per_player: int = data["goods"]["per_player_at_start"]
        values = data["bonus_tiles"]["values"]
        check_unique((v["players"] for v in values), "bonus tile value row for players")
        #: players -> (large tile VP, small tile VP)
        self.bonus_vp: dict[int, tuple[int, int]] = {v["players"]: (v["large"], v["small"]) for v in values}
        self.region_vp_by_size: tuple[int, ...] = tuple(data["region_vp"]["by_size"])
        self.phases: tuple[str, ...] = tuple(data["phases"])
        self.phase_bonus: dict[str, int] = dict(data["region_vp"]["phase_bonus"])
        e = data["economy"]
        self.economy = Economy(
            e["phases"], e["rounds_per_phase"], e["start_silverlings"], tuple(e["start_workers_by_seat"]),
            e["storage_spaces"], e["goods_spaces"], e["black_purchase_silverlings"], e["take_workers"], e["sale_silverlings"],
            None if e["sale_vp_per_tile"] == "players" else e["sale_vp_per_tile"], e["worker_step"],
            e["final_vp_per_goods"], e["final_vp_per_silverling"], e["final_workers_per_vp"],
            tuple(TieBreak(t) for t in e["tie_break"]), e.get("purchase_during_action", False))
        if e["phases"] != len(self.phases):
            raise CatalogError(f"economy.phases is {e['phases']} but the catalog names {len(self.phases)} phases")
        self.solo = SoloRules(**{f.name: data["solo"][f.name] for f in fields(SoloRules)})
        self._boards(data)
        self._solo_removal(data)

    def _colours(self, data: dict) -> None:
        check_unique((c["id"] for c in data["colours"]), "colour")
        for c in data["colours"]:
            if LETTER_OF[Colour(c["id"])] != c["letter"]:
                raise CatalogError(f"colour {c['id']} must use the letter {LETTER_OF[Colour(c['id'])]} of the board codes")
        #: colour -> the effect every tile of that colour has on entering the estate (buildings and
        #: knowledge tiles have their own, by type and number)
        self.colour_effect: dict[Colour, Effect] = {
            Colour(c["id"]): _effect(c["effect"]) for c in data["colours"] if "effect" in c}

    def _tiles(self, data: dict) -> None:
        check_unique((b["id"] for b in data["building_types"]), "building type")
        self.buildings: dict[str, BuildingType] = {
            b["id"]: BuildingType(b["id"], b["name"], _effect(b["effect"])) for b in data["building_types"]}
        check_unique((a["id"] for a in data["animal_types"]), "animal type")
        self.animal_names: dict[str, str] = {a["id"]: a["name"] for a in data["animal_types"]}
        kinds = data["hex_tiles"]["kinds"]
        check_unique((k["id"] for k in kinds), "hex tile kind")
        self.hex_kinds: dict[str, HexKind] = {}
        for k in kinds:
            colour = Colour(k["colour"])
            extra = {f for f in ("building", "animal", "animals", "knowledge") if f in k}
            needed = {Colour.BUILDING: {"building"}, Colour.PASTURE: {"animal", "animals"},
                      Colour.KNOWLEDGE: {"knowledge"}}.get(colour, set())
            if extra != needed:
                raise CatalogError(f"hex tile kind {k['id']} ({colour.value}) must give exactly "
                                   f"{sorted(needed) or 'no type fields'}, not {sorted(extra)}")
            if "building" in k and k["building"] not in self.buildings:
                raise CatalogError(f"hex tile kind {k['id']} names unknown building type {k['building']!r}")
            if "animal" in k and k["animal"] not in self.animal_names:
                raise CatalogError(f"hex tile kind {k['id']} names unknown animal type {k['animal']!r}")
            if k["normal_back"] + k["black_back"] == 0:
                raise CatalogError(f"hex tile kind {k['id']} has no tiles")
            self.hex_kinds[k["id"]] = HexKind(k["id"], colour, k["normal_back"], k["black_back"], k.get("building"),
                                              k.get("animal"), k.get("animals", 0), k.get("knowledge"))
        check_unique((t["number"] for t in data["knowledge_tiles"]), "knowledge tile number")
        knowledge_kinds = [k for k in self.hex_kinds.values() if k.knowledge is not None]
        check_unique((k.knowledge for k in knowledge_kinds), "the hex tile kinds' knowledge tile")
        tile_of = {k.knowledge: k.id for k in knowledge_kinds}
        self.knowledge: dict[int, KnowledgeTile] = {}
        for t in data["knowledge_tiles"]:
            if t["number"] not in tile_of:
                raise CatalogError(f"knowledge tile #{t['number']} has no hex tile kind")
            effect = _effect(t["effect"])
            if effect.building is not None and effect.building not in self.buildings:
                raise CatalogError(f"knowledge tile #{t['number']} names unknown building type {effect.building!r}")
            self.knowledge[t["number"]] = KnowledgeTile(t["number"], tile_of[t["number"]], effect)
        missing = sorted(set(tile_of) - set(self.knowledge))
        if missing:
            raise CatalogError(f"hex tile kinds name knowledge tiles {missing} that knowledge_tiles does not define")

    def _depots(self, data: dict) -> None:
        depots = data["depots"]
        if sorted(depots["ring"]) != [1, 2, 3, 4, 5, 6]:
            raise CatalogError("the depot ring must name depots 1-6 once each")
        self.ring: tuple[int, ...] = tuple(depots["ring"])
        check_unique((d["number"] for d in depots["numbered"]), "depot")
        spaces: dict[int, tuple[DepotSpace, ...]] = {}
        for d in depots["numbered"]:
            row = []
            for s in d["spaces"]:
                if s["id"][0] != str(d["number"]):
                    raise CatalogError(f"depot {d['number']} lists space {s['id']!r} of another depot")
                row.append(DepotSpace(s["id"], d["number"], Colour(s["colour"]), s["players"]))
            check_unique((s.id for s in row), "depot space")
            spaces[d["number"]] = tuple(row)
        #: depot number -> its hex spaces in catalog order
        self.depot_spaces: dict[int, tuple[DepotSpace, ...]] = dict(sorted(spaces.items()))
        by_id = {s.id: s for row in spaces.values() for s in row}
        self.depot_exceptions: tuple[DepotException, ...] = tuple(
            DepotException(x["space"], tuple(x["players"]), tuple(x["phases"]), Colour(x["colour"]))
            for x in depots["exceptions"])
        for x in self.depot_exceptions:
            if x.space not in by_id:
                raise CatalogError(f"a depot exception names unknown depot space {x.space!r}")
            if min(x.players) < by_id[x.space].players:
                raise CatalogError(f"the exception for depot space {x.space} names a player count that does not use it")
        check_unique((b["players"] for b in depots["black_depot"]), "black depot row for players")
        self.black_depot: dict[int, int] = {b["players"]: b["tiles"] for b in depots["black_depot"]}

    def _solo_removal(self, data: dict) -> None:
        order = data["depots"]["solo_removal_order"]["order"]
        check_unique((o["depot"] for o in order), "solo removal order for depot")
        self.solo_removal_order: dict[int, tuple[str, ...]] = {}
        for o in order:
            used = {s.id for s in self.depot_spaces[o["depot"]] if s.players <= self.solo.setup_players}
            if set(o["spaces"]) != used:
                raise CatalogError(f"the solo removal order of depot {o['depot']} must list its "
                                   f"{self.solo.setup_players}-player spaces {sorted(used)}, not {o['spaces']}")
            self.solo_removal_order[o["depot"]] = tuple(o["spaces"])

    def _boards(self, data: dict) -> None:
        check_unique((b["id"] for b in data["boards"]), "board")
        self.boards: dict[str, Board] = {}
        #: the number printed on each board in the catalog's edition -> board id (logs name boards by it)
        self.board_numbers: dict[str, str] = {}
        #: board id -> the number printed on it in the catalog's edition (the inverse of board_numbers)
        self.board_number: dict[str, str] = {}
        #: the Solo boards read with the same-coloured spaces a river joins as one region
        self.river_joined: dict[str, Board] = {}
        #: board id -> how many copies of it the edition's box holds (a board not listed: not known, no limit)
        self.board_copies: dict[str, int] = {}
        for b in data["boards"]:
            for ed in b.get("copies", {}):
                if ed not in self.editions:
                    raise CatalogError(f"board {b['id']} counts copies for unknown edition {ed!r}")
            if self.edition in b.get("copies", {}):
                self.board_copies[b["id"]] = b["copies"][self.edition]
            for ed, number in b["numbers"].items():
                if ed not in self.editions:
                    raise CatalogError(f"board {b['id']} names unknown edition {ed!r}")
                if ed == self.edition:
                    if number in self.board_numbers:
                        raise CatalogError(f"boards {self.board_numbers[number]} and {b['id']} both print number "
                                           f"{number!r} in edition {ed}")
                    self.board_numbers[number] = b["id"]
                    self.board_number[b["id"]] = number
            board = _board_from(b)
            labelled: dict[str, set[int]] = {}
            for space in board.spaces:
                labelled.setdefault(space.area, set()).add(space.index)
            if sorted(map(sorted, labelled.values())) != sorted(map(list, areas(board))):
                raise CatalogError(f"board {b['id']}: the spaces' area labels must name exactly its land areas "
                                   f"(groups joined by land links)")
            largest = max(r.size for r in board.regions)
            if largest > len(self.region_vp_by_size):
                raise CatalogError(f"board {b['id']} has a region of {largest} spaces; region_vp.by_size stops at "
                                   f"{len(self.region_vp_by_size)}")
            self.boards[b["id"]] = board
            if board.solo:
                self.river_joined[b["id"]] = _board_from(b, True)

    def board(self, board_id: str, rivers_join_regions: bool = False) -> Board:
        """Board ``board_id``; with ``rivers_join_regions`` the same-coloured spaces a river joins form
        one region (the other reading of the Solo side A rivers, supplement uncertainty 7).

        :raises KeyError: no board of that id (with ``rivers_join_regions``: no Solo board).
        """
        return (self.river_joined if rivers_join_regions else self.boards)[board_id]


def load_catalog(path: str | None = None, edition: str | None = None) -> Catalog:
    """The built-in catalog, or the file ``path`` or env ``LUDOLOG_CASTLES_OF_BURGUNDY_CATALOG`` names,
    for ``edition`` (the catalog's default if ``None``).

    :raises CatalogError: the file is missing or not JSON, or :class:`Catalog` refuses its data."""
    if edition is None:
        return FILES.load(path)
    if path is None and edition == FILES.default().edition:
        return FILES.default()  # built once whether it is named or not: the engine asks for both
    return FILES.load(path, edition=edition)


#: where the catalog comes from (the core's loader); built once per edition when no path is given
FILES = CatalogFiles(Catalog, __package__, CATALOG_ENV, TITLE)
#: forget the catalogs built so far (a test names another catalog file through the environment)
load_catalog.cache_clear = FILES.cache_clear  # type: ignore[attr-defined]
