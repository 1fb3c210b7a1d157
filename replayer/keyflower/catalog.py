"""The Keyflower catalog: component data loaded from JSON, schema-checked, turned into typed tables.

Every hex tile (home tiles, the 48 village tiles including the four summer boats, the six boats
and the four turn-order tiles) becomes one :class:`HexTile`, so geometry and scoring look tiles up
in one dict. Effects are named kinds from three closed vocabularies, each implemented once:

:class:`ActionKind` (what using a tile does):

- ``resources``: take the resources ``gain`` from the stock (mines, quarries, woodcutters).
- ``resource_choice``: take ``count`` resource of one of ``choices`` (Workshop, front side).
- ``random_workers``: draw ``count`` workers from the bag (Alehouse, Inn).
- ``random_skills``: take ``count`` random skill tiles from the face-down pile (Apprentice Hall).
- ``skill_swap``: set one skill tile of any type aside, take ``count`` random ones, then mix the
  set-aside tile back into the pile (Hiring Fair).
- ``skill_for_workers``: return a skill tile of type ``pay`` (``any``) to the pile, draw ``count``
  workers from the bag (Brewer).
- ``skill_for_resources``: return a skill tile of type ``pay`` to the pile, take ``gain``
  (Carpenter, Mason, Smelter).
- ``worker_for_green``: put one more worker of colour ``pay`` into the bag, take ``count`` green
  workers from the stock (Peddler, Store, Fair).
- ``worker_for_workers``: discard one more worker (into the bag after the draw), draw ``count``
  workers (Tavern).
- ``transport_upgrade``: move up to ``transport`` resource-steps along roads and upgrade up to
  ``upgrades`` tiles in the actor's own village (home tiles, Stable, Farrier, Wainwright).

:class:`ScoringKind` (what a tile is worth at the end of the game):

- ``flat``: ``points`` (Keythedral 12, Flipper 2, Ianvincible 5).
- ``stored_resources``: ``points_each`` per resource lying on the tile whose type is in
  ``accepts`` (Timber Yard, Stone Yard, Blacksmith, Barn).
- ``per_group``: ``points`` per ``size`` items of class ``items``, of ``types`` only when given
  (Apothecary 3 per 5 workers, Key Guild 10 per 5 skills, Windmill 5 per 5 resources, Key
  Market 2 per green worker, Jeweller 2 per gold, White Wind 1 per worker).
- ``distinct_set``: ``points`` per set of one item of each of ``types``; ``substitute`` may stand
  in for any of them (Craftsman's Guild, Scribes, Mercer's Guild with gold).
- ``chosen_type_each``: the owner names one type of ``items``; ``points`` per item of it
  (Scholar, Village Hall, Watermill).
- ``transport_capacity``: ``points_each`` per point of transport on the owner's tiles (Keyflower).
- ``road_loop``: ``points_each`` per tile lying on a closed loop of roads (Sea Bastion).
- ``river_boats``: the ``river_points`` of every boat joined to the home tile by river (Sea Breese).
- ``adjacent_tiles``: ``points_each`` per tile next to this one (turn-order tiles).

:class:`AbilityKind` (a summer boat side, held by its owner without placing workers):

- ``boat_draw_workers``: 1a, ``count`` extra workers from the bag with each boat taken.
- ``boat_green_worker``: 1b, ``count`` green worker from the stock with each boat taken.
- ``cross_fields_free_placement``: 2a, transport across fields too; tiles placed without matching sides.
- ``double_transport_upgrade``: 2b, transport and upgrade capacity times ``factor``; Keyflower score too.
- ``upgrade_any_resource``: 3a, any resource pays for any other when upgrading.
- ``score_any_resource``: 3b, any resource counts as any other at final scoring.
- ``counter_bid_other_colour``: 4a, counter-bid in another colour against a red, yellow or blue bid.
- ``use_any_colour``: 4b, use a tile already bid for or used with workers of any colours.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from ..core.catalogs import CatalogError, CatalogFiles, check_catalog

CATALOG_ENV = "LUDOLOG_KEYFLOWER_CATALOG"
SCHEMA_FILE = "keyflower.catalog.schema.json"

RESOURCES = ("wood", "stone", "iron", "gold")
SKILLS = ("saw", "pickaxe", "anvil")
COLOURS = ("red", "yellow", "blue", "green")
#: the types an item class may name in a scoring kind
ITEM_TYPES = {"workers": COLOURS, "skills": SKILLS, "resources": RESOURCES}


# the catalog's vocabularies are str enums: their values are the file's strings, their hash the string's
class Season(str, enum.Enum):
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


class Edge(enum.IntEnum):
    """What a tile shows on one of its six sides."""

    ROAD = 0
    FIELD = 1
    WATER = 2


EDGE_LETTERS = {"R": Edge.ROAD, "F": Edge.FIELD, "W": Edge.WATER}


class TileGroup(str, enum.Enum):
    HOME = "home"
    VILLAGE = "village"
    SUMMER_BOAT = "summer_boat"
    BOAT = "boat"
    TURN_ORDER = "turn_order"


class ActionKind(str, enum.Enum):
    RESOURCES = "resources"
    RESOURCE_CHOICE = "resource_choice"
    RANDOM_WORKERS = "random_workers"
    RANDOM_SKILLS = "random_skills"
    SKILL_SWAP = "skill_swap"
    SKILL_FOR_WORKERS = "skill_for_workers"
    SKILL_FOR_RESOURCES = "skill_for_resources"
    WORKER_FOR_GREEN = "worker_for_green"
    WORKER_FOR_WORKERS = "worker_for_workers"
    TRANSPORT_UPGRADE = "transport_upgrade"


class ScoringKind(str, enum.Enum):
    FLAT = "flat"
    STORED_RESOURCES = "stored_resources"
    PER_GROUP = "per_group"
    DISTINCT_SET = "distinct_set"
    CHOSEN_TYPE_EACH = "chosen_type_each"
    TRANSPORT_CAPACITY = "transport_capacity"
    ROAD_LOOP = "road_loop"
    RIVER_BOATS = "river_boats"
    ADJACENT_TILES = "adjacent_tiles"


class AbilityKind(str, enum.Enum):
    BOAT_DRAW_WORKERS = "boat_draw_workers"
    BOAT_GREEN_WORKER = "boat_green_worker"
    CROSS_FIELDS_FREE_PLACEMENT = "cross_fields_free_placement"
    DOUBLE_TRANSPORT_UPGRADE = "double_transport_upgrade"
    UPGRADE_ANY_RESOURCE = "upgrade_any_resource"
    SCORE_ANY_RESOURCE = "score_any_resource"
    COUNTER_BID_OTHER_COLOUR = "counter_bid_other_colour"
    USE_ANY_COLOUR = "use_any_colour"


Counts = tuple[tuple[str, int], ...]  # (type, n) pairs in catalog order, n > 0


def _counts(d: dict, order: tuple[str, ...]) -> Counts:
    return tuple((k, d[k]) for k in order if d.get(k))


@dataclass(frozen=True, slots=True)
class Cost:
    """An upgrade cost: resources (``any`` = of the payer's choice) from the tile, skill tiles from the screen."""

    resources: Counts
    skills: Counts


@dataclass(frozen=True, slots=True)
class Action:
    kind: ActionKind
    count: int = 0
    gain: Counts = ()
    choices: tuple[str, ...] = ()
    pay: str = ""
    transport: int = 0
    upgrades: int = 0


@dataclass(frozen=True, slots=True)
class Scoring:
    kind: ScoringKind
    points: int = 0
    points_each: int = 0
    items: str = ""
    types: tuple[str, ...] = ()
    size: int = 1
    substitute: str = ""
    accepts: tuple[str, ...] = ()
    #: for a rule taking items: :func:`unit_slots` of one unit per type it may choose (one entry for a rule
    #: choosing none), in the order of ``ITEM_TYPES[items]``; None when only a search is exact
    slots: tuple | None = None


#: the scoring kinds that take workers, skill tiles or resources (allocated at the end)
TAKING_KINDS = frozenset((ScoringKind.PER_GROUP, ScoringKind.DISTINCT_SET, ScoringKind.CHOSEN_TYPE_EACH))


@dataclass(frozen=True, slots=True)
class Side:
    """One face of a tile: printed VP, what using it does, how it scores. ``yard``, ``takes`` and
    ``fixed`` split ``scoring`` as final scoring reads it (made once, as the catalog loads)."""

    vp: int
    action: Action | None
    scoring: tuple[Scoring, ...]
    yard: Scoring | None = None  #: the first stored-resources entry
    takes: tuple[Scoring, ...] = ()  #: the entries of :data:`TAKING_KINDS`
    fixed: tuple[Scoring, ...] = ()  #: the others: flat, transport capacity, road loop, river boats, adjacent tiles
    transport: int = 0  #: the transport number of a transport-upgrade action (0 for any other side)


def _face(vp: int, action: Action | None, scoring: tuple[Scoring, ...]) -> Side:
    yards = [x for x in scoring if x.kind is ScoringKind.STORED_RESOURCES]
    transport = action.transport if action is not None and action.kind is ActionKind.TRANSPORT_UPGRADE else 0
    return Side(vp, action, scoring, yards[0] if yards else None, tuple(x for x in scoring if x.kind in TAKING_KINDS),
                tuple(x for x in scoring if x.kind not in TAKING_KINDS and x.kind is not ScoringKind.STORED_RESOURCES),
                transport)


@dataclass(frozen=True, slots=True)
class Ability:
    kind: AbilityKind
    count: int = 0
    factor: int = 1

    @property
    def amount(self) -> int:
        """What the owner holds of it: the factor of 2b, the count of the others."""
        return self.factor if self.kind is AbilityKind.DOUBLE_TRANSPORT_UPGRADE else self.count


@dataclass(frozen=True, slots=True)
class BoatLoad:
    side: str
    seasons: tuple[Season, ...]
    workers: int
    skills: int


@dataclass(frozen=True, slots=True)
class TurnOrderSide:
    side: str
    players: tuple[int, ...]
    start_player: bool


@dataclass(frozen=True, slots=True)
class HexTile:
    """Any hex tile a village can hold. ``sides`` maps a side name to its face:
    ``front``/``upgraded`` for home and village tiles, ``front`` for boats and turn-order tiles,
    ``a``/``b`` for summer boats (whose abilities are in ``abilities``)."""

    id: str
    name: str
    group: TileGroup
    season: Season | None
    edges: tuple[Edge, ...]  # printed sides, clockwise from the top
    sides: dict
    upgrade_cost: Cost | None
    number: int = 0  # home and turn-order tiles
    min_players: int = 0  # boats
    river_points: int = 0  # boats and summer boats (Sea Breese)
    abilities: dict | None = None  # summer boats: side -> Ability
    loads: tuple[BoatLoad, ...] = ()
    before_scoring: str = ""
    turn_order_sides: tuple[TurnOrderSide, ...] = ()
    reconstruction: bool = False

    @property
    def upgradable(self) -> bool:
        return self.upgrade_cost is not None

    @property
    def is_boat(self) -> bool:
        return self.group in (TileGroup.BOAT, TileGroup.SUMMER_BOAT)


@dataclass(frozen=True, slots=True)
class PlayerCount:
    players: int
    home_tiles: int
    boats: int
    turn_order_tiles: int
    season_tiles: int
    winter_tiles_each: int


def _action(d: dict | None) -> Action | None:
    if d is None:
        return None
    return Action(ActionKind(d["kind"]), d.get("count", 0), _counts(d.get("gain", {}), RESOURCES),
                  tuple(d.get("choices", ())), d.get("pay", ""), d.get("transport", 0), d.get("upgrades", 0))


def _scoring(d: dict, where: str) -> Scoring:
    kind = ScoringKind(d["kind"])
    items = d.get("items", "")
    allowed = ITEM_TYPES.get(items, ())
    for t in (*d.get("types", ()), *((d["substitute"],) if "substitute" in d else ())):
        if t not in allowed:
            raise CatalogError(f"{where}: scoring kind {kind.value} names {t!r}, which is not one of the {items}: {', '.join(allowed)}")
    s = Scoring(kind, d.get("points", 0), d.get("points_each", 0), items, tuple(d.get("types", ())), d.get("size", 1),
                d.get("substitute", ""), tuple(d.get("accepts", ())))
    if kind not in TAKING_KINDS:
        return s
    wanted = [(t,) for t in allowed] if kind is ScoringKind.CHOSEN_TYPE_EACH else [s.types or allowed]
    slots = tuple(unit_slots(s, w, allowed, False) for w in wanted)
    return replace(s, slots=slots if all(countable(s, x) for x in slots) else None)


def unit_slots(s: Scoring, wants: tuple[str, ...], types: tuple[str, ...], any_resource: bool) -> tuple:
    """The slots of one unit of ``s`` (``wants``: the types of its group, or the type chosen) as
    (fitting non-gold type indices, gold fits, demand) over ``types``; with boat 3b (``any_resource``)
    every type fits."""
    gold = types.index("gold") if "gold" in types else -1
    out = []
    for wanted, demand in ([((w,), 1) for w in s.types] if s.kind is ScoringKind.DISTINCT_SET else [(wants, s.size)]):
        fitting = [k for k, t in enumerate(types) if any_resource or t in wanted or t == s.substitute]
        out.append((tuple(k for k in fitting if k != gold), gold in fitting, demand))
    return tuple(out)


def countable(s: Scoring, slots: tuple) -> bool:
    """Whether units of ``s`` can be counted rather than searched: its slots share no item type and
    only gold substitutes."""
    taken = [k for non_gold, _, _ in slots for k in non_gold]
    return s.substitute in ("", "gold") and len(taken) == len(set(taken))


def _side(d: dict, where: str) -> Side:
    return _face(d["vp"], _action(d.get("action")), tuple(_scoring(s, where) for s in d.get("scoring", ())))


def _cost(d: dict | None) -> Cost | None:
    if d is None:
        return None
    return Cost(_counts(d["resources"], (*RESOURCES, "any")), _counts(d["skills"], (*SKILLS, "any")))


def _edges(s: str) -> tuple[Edge, ...]:
    return tuple(EDGE_LETTERS[c] for c in s)


def _check_status(entry: dict) -> None:
    flagged = any(v == "reconstruction" for v in entry["status"].values())
    if flagged != entry["reconstruction"]:
        raise CatalogError(f"tile {entry['id']}: 'reconstruction' must be {str(flagged).lower()} when its status "
                           f"{'names' if flagged else 'does not name'} a reconstructed field")


class Catalog:
    """Component data of one catalog version, with derived lookup tables.

    :raises CatalogError: the data breaks the schema or one of the cross-references checked here.
    """

    def __init__(self, data: dict):
        check_catalog(data, SCHEMA_FILE, "Keyflower")
        self.data = data
        self.version: str = data["version"]
        self.resource_supply = {r["id"]: r["count"] for r in data["resources"]}
        self.skill_supply = {s["id"]: s["count"] for s in data["skills"]}
        self.skill_resource = {s["id"]: s["resource"] for s in data["skills"]}
        self.worker_supply = {w["colour"]: w["count"] for w in data["workers"]}
        self.bag_colours = tuple(w["colour"] for w in data["workers"] if w["bag"])
        for what, table, expected in (("resources", self.resource_supply, RESOURCES), ("skills", self.skill_supply, SKILLS),
                                      ("workers", self.worker_supply, COLOURS)):
            if set(table) != set(expected):
                raise CatalogError(f"{what} must list each of {', '.join(expected)} once")
        if len(set(self.skill_resource.values())) != len(SKILLS):
            raise CatalogError("each skill tile type must belong to a different resource")
        self.gold_points: int = data["gold_points"]
        self.max_workers_per_tile: int = data["max_workers_per_tile"]
        self.starting_workers: int = data["starting_workers"]
        self.player_counts: dict[int, PlayerCount] = {}
        for p in data["player_counts"]:
            if p["players"] in self.player_counts:
                raise CatalogError(f"player count {p['players']} is listed twice")
            self.player_counts[p["players"]] = PlayerCount(**p)
        self.tiles: dict[str, HexTile] = {}
        for h in data["home_tiles"]:
            _check_status(h)
            self._add(HexTile(h["id"], h["name"], TileGroup.HOME, None, _edges(h["edges"]),
                              {"front": _side(h["front"], h["id"]), "upgraded": _side(h["upgraded"], h["id"])},
                              _cost(h["upgrade_cost"]), number=h["number"], reconstruction=h["reconstruction"]))
        for v in data["village_tiles"]:
            _check_status(v)
            sides = {"front": _side(v["front"], v["id"])}
            if "upgraded" in v:
                sides["upgraded"] = _side(v["upgraded"], v["id"])
            self._add(HexTile(v["id"], v["name"], TileGroup.VILLAGE, Season(v["season"]), _edges(v["edges"]), sides,
                              _cost(v.get("upgrade_cost")), reconstruction=v["reconstruction"]))
        for b in data["summer_boats"]:
            _check_status(b)
            abilities = {k: Ability(AbilityKind(a["kind"]), a.get("count", 0), a.get("factor", 1)) for k, a in b["sides"].items()}
            self._add(HexTile(b["id"], b["name"], TileGroup.SUMMER_BOAT, Season.SUMMER, _edges(b["edges"]),
                              {k: _face(0, None, ()) for k in abilities}, None, river_points=b["river_points"],
                              abilities=abilities, reconstruction=b["reconstruction"]))
        for b in data["boats"]:
            _check_status(b)
            loads = tuple(BoatLoad(x["side"], tuple(Season(s) for s in x["seasons"]), x["workers"], x["skills"]) for x in b["loads"])
            self._add(HexTile(b["id"], b["name"], TileGroup.BOAT, None, _edges(b["edges"]),
                              {"front": _face(0, None, tuple(_scoring(s, b["id"]) for s in b["scoring"]))}, None,
                              min_players=b["min_players"], river_points=b["river_points"], loads=loads,
                              before_scoring=b.get("before_scoring", ""), reconstruction=b["reconstruction"]))
        for t in data["turn_order_tiles"]:
            _check_status(t)
            sides = tuple(TurnOrderSide(s["side"], tuple(s["players"]), s["start_player"]) for s in t["sides"])
            self._add(HexTile(t["id"], f"Turn order {t['number']}", TileGroup.TURN_ORDER, None, _edges(t["edges"]),
                              {"front": _face(0, None, tuple(_scoring(s, t["id"]) for s in t["scoring"]))}, None,
                              number=t["number"], turn_order_sides=sides, reconstruction=t["reconstruction"]))
        self.by_group = {g: tuple(t.id for t in self.tiles.values() if t.group is g) for g in TileGroup}
        #: season -> ids of the tiles auctioned in it (summer boats are summer tiles)
        self.season_tiles = {s: tuple(t.id for t in self.tiles.values() if t.season is s) for s in Season}
        self.home_ids = tuple(sorted(self.by_group[TileGroup.HOME], key=lambda i: self.tiles[i].number))
        #: season -> boat id -> its load at the start of that season (the first listed; absent: not loaded)
        self.loads: dict[Season, dict[str, BoatLoad]] = {s: {} for s in Season}
        for b in self.by_group[TileGroup.BOAT]:
            for load in self.tiles[b].loads:
                for season in load.seasons:
                    self.loads[season].setdefault(b, load)
        self._check_cross_references()

    def _add(self, tile: HexTile) -> None:
        if tile.id in self.tiles:
            raise CatalogError(f"tile id {tile.id!r} is used twice")
        self.tiles[tile.id] = tile

    def _check_cross_references(self) -> None:
        """What the schema cannot say: tables that must agree with each other."""
        numbers = [self.tiles[i].number for i in self.home_ids]
        if len(set(numbers)) != len(numbers):
            raise CatalogError("home tile numbers must be different (the lowest number starts)")
        for tid in self.by_group[TileGroup.HOME]:
            if Edge.WATER not in self.tiles[tid].edges:
                raise CatalogError(f"home tile {tid} needs a water side (the river the boats join)")
        for season in (Season.SPRING, Season.SUMMER, Season.AUTUMN):
            front_only = [t for t in self.season_tiles[season] if self.tiles[t].group is TileGroup.VILLAGE and
                          self.tiles[t].sides["front"].action is None and not self.tiles[t].sides["front"].scoring and
                          not self.tiles[t].sides["front"].vp and not self.tiles[t].upgradable]
            if front_only:
                raise CatalogError(f"{season.value} tiles {', '.join(front_only)} neither act, score nor upgrade")
        for tid in self.season_tiles[Season.WINTER]:
            tile = self.tiles[tid]
            if tile.upgradable or tile.sides["front"].action is not None or not tile.sides["front"].scoring:
                raise CatalogError(f"winter tile {tid} must score and can neither be used nor upgraded")
        turn_order = [self.tiles[i] for i in self.by_group[TileGroup.TURN_ORDER]]
        if len({t.number for t in turn_order}) != len(turn_order):
            raise CatalogError("turn-order tile numbers must be different")
        for n, pc in self.player_counts.items():
            boats = [b for b in self.by_group[TileGroup.BOAT] if self.tiles[b].min_players <= n]
            if len(boats) != pc.boats:
                raise CatalogError(f"{n} players use {pc.boats} boats, but {len(boats)} boats are marked for {n} players")
            if len(self.home_ids) < pc.home_tiles:
                raise CatalogError(f"{n} players need {pc.home_tiles} home tiles, the catalog has {len(self.home_ids)}")
            for season in (Season.SPRING, Season.SUMMER, Season.AUTUMN):
                if len(self.season_tiles[season]) < pc.season_tiles:
                    raise CatalogError(f"{n} players draw {pc.season_tiles} {season.value} tiles from only {len(self.season_tiles[season])}")
            if len(self.season_tiles[Season.WINTER]) < n * pc.winter_tiles_each:
                raise CatalogError(f"{n} players are dealt {n * pc.winter_tiles_each} winter tiles from only "
                                   f"{len(self.season_tiles[Season.WINTER])}")
            sides = [(t, s) for t in turn_order for s in t.turn_order_sides if n in s.players]
            if len({t.id for t, _ in sides}) != len(sides):
                raise CatalogError(f"a turn-order tile shows {n} players on both sides")
            if len(sides) != pc.turn_order_tiles:
                raise CatalogError(f"{n} players use {pc.turn_order_tiles} turn-order tiles, but {len(sides)} sides are marked for {n}")
            if sum(1 for _, s in sides if s.start_player) != 1:
                raise CatalogError(f"exactly one turn-order tile in play must show the start player for {n} players")

    # ---- set-up lookups ----

    def setup(self, players: int) -> PlayerCount:
        """:raises CatalogError: the catalog has no set-up for that many players."""
        try:
            return self.player_counts[players]
        except KeyError:
            raise CatalogError(f"Keyflower is played by {min(self.player_counts)} to {max(self.player_counts)} players, not {players}") from None

    def boats_for(self, players: int) -> tuple[str, ...]:
        """The boats in play: those marked for at most this many players (rules text: "Keyflower (2+ Players)")."""
        self.setup(players)
        return tuple(b for b in self.by_group[TileGroup.BOAT] if self.tiles[b].min_players <= players)

    def turn_order_for(self, players: int) -> tuple[tuple[str, TurnOrderSide], ...]:
        """The turn-order tiles in play with the side shown, lowest number first."""
        self.setup(players)
        out = [(t.id, s) for t in (self.tiles[i] for i in self.by_group[TileGroup.TURN_ORDER]) for s in t.turn_order_sides
               if players in s.players]
        return tuple(sorted(out, key=lambda x: self.tiles[x[0]].number))

    def boat_load(self, boat: str, season: Season) -> BoatLoad | None:
        """The workers and skill tiles loaded onto ``boat`` at the start of ``season`` (None: not loaded)."""
        return self.loads[season].get(boat)


#: the built-in catalog or the file ``LUDOLOG_KEYFLOWER_CATALOG`` names (``default_catalog``), or a
#: file given (``load_catalog(path)``); :raises CatalogError: missing, not JSON, or invalid
FILES = CatalogFiles(Catalog, __package__, CATALOG_ENV, "Keyflower")
default_catalog = FILES.default
load_catalog = FILES.load
