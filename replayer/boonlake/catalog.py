"""The Boonlake catalog: component data loaded from JSON, schema-checked, cross-checked, precomputed.

Lookups an engine needs on every move are built once per process: board adjacency as tuples and
bit masks over the space numbers (bit ``n`` = space ``n``), each round's river as one path of
space ids with the index of every space and the position of every lock, cards and tiles as dicts
by id. Effects become :class:`Effect` values of the closed :class:`EffectKind` vocabulary.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.catalogs import CatalogError, CatalogFiles, check_catalog, check_unique
from .effects import TIMING_KINDS, ConditionKind, EffectKind, StripPart, Timing

RESOURCES = ("stone", "iron", "loam", "wood")
CARD_KINDS = ("day", "sunset", "night")
PIECES = ("house", "settlement", "cattle")
CORNERS = ("upper_left", "upper_right", "lower_right", "lower_left")
CATALOG_ENV = "LUDOLOG_BOONLAKE_CATALOG"
SCHEMA_FILE = "boonlake.catalog.schema.json"


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: a kind of the vocabulary and its parameters as sorted (name, value) pairs."""

    kind: EffectKind
    params: tuple[tuple[str, object], ...] = ()

    def get(self, name: str, default: object = None) -> object:
        for key, value in self.params:
            if key == name:
                return value
        return default


def effect(d: dict) -> Effect:
    """An effect of the catalog (the schema has checked its kind and that its parameters are the kind's own)."""
    return Effect(EffectKind(d["kind"]), tuple(sorted((k, v) for k, v in d.items() if k != "kind")))


def resource_tuple(d: dict) -> tuple[int, int, int, int]:
    """Resource amounts in the order of RESOURCES."""
    return tuple(d.get(r, 0) for r in RESOURCES)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Region:
    id: str
    name: str
    north_rank: int  # 1 = the most northern (solo region-scoring tie-break)
    label_reward: Effect


@dataclass(frozen=True, slots=True)
class BoardSpace:
    region: str
    bridged: tuple[int, ...]  # across a bridge
    forded: tuple[int, ...]  # across a ford
    adjacent: tuple[int, ...]  # all three, sorted
    start_symbol: str | None
    reward: Effect


@dataclass(frozen=True, slots=True)
class RiverSpace:
    id: str
    harbor: bool
    reward: Effect | None
    next: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundRiver:
    """The river as one round's ships travel it: the trunk and that round's arm of the fork."""

    path: tuple[str, ...]
    index: dict[str, int]
    harbor: tuple[bool, ...]  # by path index
    locks: tuple[tuple[int, str], ...]  # (i, lock id): the lock lies between path[i] and path[i + 1]
    final: str


@dataclass(frozen=True, slots=True)
class ActionRow:
    row: int  # 1 = top
    steps: int
    vp_cost: int


@dataclass(frozen=True, slots=True)
class Strip:
    id: str
    name: str
    card: str  # a card kind, or "builder": 3 coins instead of playing/discarding
    middle: tuple[StripPart, ...]
    right: tuple[StripPart, ...]
    right_players: str  # "all" or "others" (Pioneer)
    right_order: str  # "parallel" or "clockwise" (Settle, Cattle-breeding)


@dataclass(frozen=True, slots=True)
class Recess:
    id: str
    piece: str  # house, settlement, cattle, or inhabitant (a tier bonus)
    coins: int  # income at each interim scoring once vacated
    vp: int
    final_vp: int  # at the final scoring once vacated (tiers 3-5)


@dataclass(frozen=True, slots=True)
class LeverSpace:
    id: str
    row: int
    top_row: bool  # usable only by forgoing the all-players part
    cost: int
    effect: Effect


@dataclass(frozen=True, slots=True)
class TrackSpace:
    position: int
    income: int  # coins or cards
    vp: int
    reward: Effect | None  # gained when the marker reaches this space


@dataclass(frozen=True, slots=True)
class BuildingTile:
    id: str
    back: str
    pasture: bool
    sites: tuple[tuple[Effect, ...], ...]


@dataclass(frozen=True, slots=True)
class Condition:
    kind: ConditionKind
    values: tuple  # four ints, or four (top, bottom) pairs
    regions: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    track: str | None = None
    coins: int = 0
    vp: int = 0


@dataclass(frozen=True, slots=True)
class Project:
    coins: int
    resources: tuple[int, int, int, int]
    vp: int
    track: str


@dataclass(frozen=True, slots=True)
class ScoringTile:
    id: str
    project: Project
    condition: Condition


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: str
    coins: int
    vases: int
    resources: tuple[int, int, int, int]
    vp: int
    timing: Timing
    effect: Effect


@dataclass(frozen=True, slots=True)
class SoloTile:
    id: str
    grade: str  # "A" or "B"
    actions: tuple[str, str, str]
    corners: tuple[int, int, int, int]  # in the order of CORNERS


class Catalog:
    """Component data of one catalog version, with derived lookup tables.

    :raises CatalogError: the data breaks the schema or its own cross-references.
    """

    def __init__(self, data: dict):
        check_catalog(data, SCHEMA_FILE, "Boonlake")
        self.data = data
        self.version: str = data["version"]
        self.materials: dict = data["materials"]
        self._board(data["board"])
        self._river(data["river"])
        self.rows = tuple(ActionRow(r["row"], r["steps"], r["vp_cost"]) for r in data["action_board"]["rows"])
        if [r.row for r in self.rows] != list(range(1, 8)):
            raise CatalogError("the action board's rows must be numbered 1-7 from the top")
        st = data["strips"]
        check_unique([s["id"] for s in st["strips"]], "action strip id")
        self.strips = {s["id"]: Strip(s["id"], s["name"], s["card"], tuple(map(StripPart, s["middle"])),
                                      tuple(map(StripPart, s["right"])), s["right_players"], s["right_order"])
                       for s in st["strips"]}
        self.discard_coins: int = st["discard_coins"]
        self.builder_coins: int = st["builder_coins"]
        self._player_board(data["player_board"])
        tracks = data["income_tracks"]
        self.tracks: dict[str, tuple[TrackSpace, ...]] = {}
        for name in ("coin", "card"):
            spaces = tuple(TrackSpace(s["position"], s["income"], s["vp"], effect(s["reward"]) if "reward" in s else None)
                           for s in tracks[name])
            if [s.position for s in spaces] != list(range(len(spaces))):
                raise CatalogError(f"the {name} track's positions must run 0, 1, 2, ...")
            self.tracks[name] = spaces
        self.wasted_step_vp: int = tracks["wasted_step_vp"]
        self._tiles(data["building_tiles"]["tiles"])
        self._scoring_tiles(data["scoring_tiles"]["tiles"])
        self._cards(data["project_cards"]["cards"])
        self._solo(data["solo"])

    # -- the gameboard
    def _board(self, b: dict) -> None:
        self.regions = tuple(Region(r["id"], r["name"], r["north_rank"], effect(r["label_reward"])) for r in b["regions"])
        check_unique([r.id for r in self.regions], "region id")
        if sorted(r.north_rank for r in self.regions) != list(range(1, len(self.regions) + 1)):
            raise CatalogError("the regions' north_rank must number them 1-4 without ties")
        self.region = {r.id: r for r in self.regions}
        raw = {s["number"]: s for s in b["spaces"]}
        if sorted(raw) != list(range(1, len(b["spaces"]) + 1)):
            raise CatalogError("building spaces must be numbered 1 to their count, each once")
        self.space_count = len(raw)
        extra: dict[str, dict[int, list[int]]] = {"bridge": {n: [] for n in raw}, "ford": {n: [] for n in raw}}
        for what, pairs in (("bridge", b["bridges"]), ("ford", b["fords"])):
            for a, c in pairs:
                if a not in raw or c not in raw or a == c:
                    raise CatalogError(f"a {what} joins unknown or identical spaces {a} and {c}")
                if raw[a]["region"] == raw[c]["region"]:
                    raise CatalogError(f"the {what} {a}-{c} must join two regions; both spaces are in {raw[a]['region']}")
                if c in extra[what][a]:
                    raise CatalogError(f"the {what} {a}-{c} is listed twice")
                extra[what][a].append(c)
                extra[what][c].append(a)
        for n, s in raw.items():
            for m in s["neighbours"]:
                if m not in raw or m == n:
                    raise CatalogError(f"space {n} names unknown or itself as neighbour {m}")
                if n not in raw[m]["neighbours"]:
                    raise CatalogError(f"space {n} lists {m} as a neighbour but not the other way round")
                if raw[m]["region"] != s["region"]:
                    raise CatalogError(f"spaces {n} and {m} are land neighbours in different regions; join them by a bridge or ford")
        spaces = {}
        for n, s in raw.items():
            adjacent = tuple(sorted({*s["neighbours"], *extra["bridge"][n], *extra["ford"][n]}))
            spaces[n] = BoardSpace(s["region"], tuple(sorted(extra["bridge"][n])), tuple(sorted(extra["ford"][n])),
                                   adjacent, s.get("start_symbol"), effect(s["reward"]))
        self.spaces: dict[int, BoardSpace] = spaces
        #: by space number, bit m set: space m is adjacent
        self.adjacent_mask = (0, *(sum(1 << m for m in spaces[n].adjacent) for n in range(1, self.space_count + 1)))
        for r in self.regions:
            if all(sp.region != r.id for sp in spaces.values()):
                raise CatalogError(f"region {r.id} has no building space")
        reached, todo = {1}, [1]
        while todo:
            for m in spaces[todo.pop()].adjacent:
                if m not in reached:
                    reached.add(m)
                    todo.append(m)
        if len(reached) != self.space_count:
            raise CatalogError(f"the board is not connected: spaces {sorted(set(spaces) - reached)} cannot be reached")
        self.start_symbols = {int(k): tuple(v) for k, v in b["start_symbols"].items()}

    # -- the river
    def _river(self, r: dict) -> None:
        check_unique([s["id"] for s in r["spaces"]], "river space id")
        spaces = {}
        for s in r["spaces"]:
            spaces[s["id"]] = RiverSpace(s["id"], s["harbor"], effect(s["reward"]) if "reward" in s else None, tuple(s["next"]))
            if (len(s["next"]) == 2) != ("fork" in s) or ("fork" in s and set(s["fork"].values()) != set(s["next"])):
                raise CatalogError(f"river space {s['id']}: two next spaces make a fork, which names the arm of each round")
        for s in spaces.values():
            for n in s.next:
                if n not in spaces:
                    raise CatalogError(f"river space {s.id} leads to unknown space {n!r}")
        self.river_spaces: dict[str, RiverSpace] = spaces
        forks = {s["id"]: s["fork"] for s in r["spaces"] if "fork" in s}
        if len(forks) != 1:
            raise CatalogError(f"the river must fork exactly once, not {len(forks)} times")
        firsts = set(spaces) - {n for s in spaces.values() for n in s.next}
        if len(firsts) != 1:
            raise CatalogError(f"the river must have one first space, not {sorted(firsts)}")
        first = firsts.pop()
        check_unique([lk["id"] for lk in r["locks"]], "lock id")
        locks = {}
        for lk in r["locks"]:
            if lk["after"] not in spaces or lk["before"] not in spaces[lk["after"]].next:
                raise CatalogError(f"lock {lk['id']} must lie between two consecutive river spaces")
            locks[(lk["after"], lk["before"])] = lk["id"]
        rounds = {}
        for rnd in (1, 2):
            path, at = [first], first
            while spaces[at].next:
                nxt = spaces[at].next
                at = forks[at][str(rnd)] if len(nxt) == 2 else nxt[0]
                if at in path:
                    raise CatalogError(f"the river loops at space {at}")
                path.append(at)
            if r["final"][str(rnd)] != path[-1]:
                raise CatalogError(f"round {rnd}'s river ends at {path[-1]}, not at the final space {r['final'][str(rnd)]}")
            index = {sid: i for i, sid in enumerate(path)}
            rlocks = tuple((index[a], lid) for (a, b), lid in locks.items() if a in index and b in index)
            rounds[rnd] = RoundRiver(tuple(path), index, tuple(spaces[s].harbor for s in path), tuple(sorted(rlocks)),
                                     path[-1])
        self.river: dict[int, RoundRiver] = rounds
        reached = set(rounds[1].path) | set(rounds[2].path)
        if reached != set(spaces):
            raise CatalogError(f"river spaces {sorted(set(spaces) - reached)} lie on neither round's path")
        self.river_start: dict[int, dict[int, str]] = {}
        for rnd in (1, 2):
            starts = {int(p): sid for p, sid in r["start"][str(rnd)].items()}
            for p, sid in starts.items():
                if sid not in rounds[rnd].index:
                    raise CatalogError(f"round {rnd}'s start space {sid} for {p} players is not on that round's river")
                if p > 1 and not spaces[sid].harbor:
                    raise CatalogError(f"start space {sid} holds {p} ships and must be a harbor")
            self.river_start[rnd] = starts
        self.locks = tuple(lk["id"] for lk in r["locks"])

    # -- the player board
    def _player_board(self, pb: dict) -> None:
        tiers, recesses = [], []
        if [t["tier"] for t in pb["tiers"]] != list(range(1, 6)):
            raise CatalogError("the player board's tiers must be numbered 1-5 from the top")
        for t in pb["tiers"]:
            row = []
            for r in t["recesses"]:
                if r["piece"] == "inhabitant":
                    raise CatalogError(f"recess {r['id']}: inhabitants sit only in a tier's bonus recess")
                row.append(Recess(r["id"], r["piece"], r["income"]["coins"], r["income"]["vp"], t["final_vp"]))
            bonus = t.get("bonus_inhabitant")
            if bonus is not None:
                if bonus["piece"] != "inhabitant":
                    raise CatalogError(f"tier {t['tier']}'s bonus recess must hold an inhabitant")
                bonus = Recess(bonus["id"], "inhabitant", bonus["income"]["coins"], bonus["income"]["vp"], t["final_vp"])
            tiers.append((tuple(row), bonus))
            recesses += row + ([bonus] if bonus else [])
        check_unique([rec.id for rec in recesses], "recess id")
        self.tiers: tuple[tuple[tuple[Recess, ...], Recess | None], ...] = tuple(tiers)
        self.recesses: dict[str, Recess] = {rec.id: rec for rec in recesses}
        #: recess ids of each piece kind, top to bottom (the order pieces leave the board)
        self.piece_order: dict[str, tuple[str, ...]] = {p: tuple(r.id for row, _ in tiers for r in row if r.piece == p) for p in PIECES}
        per_player = self.materials["per_player"]
        for piece, key in (("house", "houses"), ("settlement", "settlements"), ("cattle", "cattle")):
            if len(self.piece_order[piece]) != per_player[key]:
                raise CatalogError(f"the player board has {len(self.piece_order[piece])} {key} recesses for {per_player[key]} {key}")
        bonuses = sum(1 for _, b in tiers if b)
        if bonuses != pb["inhabitants"]["recesses"]:
            raise CatalogError(f"{bonuses} tier-bonus recesses for {pb['inhabitants']['recesses']} inhabitants placed in recesses")
        self.start_inhabitants: dict[str, int] = pb["inhabitants"]
        self.site_types: tuple[str, ...] = tuple(pb["production_sites"]["types"])
        self.site_max_level: int = pb["production_sites"]["max_level"]
        canal = pb["canal"]
        self.canal: tuple[str, ...] = tuple(canal["spaces"])
        self.boat_start: tuple[int, ...] = tuple(canal["boat_start"])
        if any(not 1 <= p <= len(self.canal) for p in self.boat_start):
            raise CatalogError(f"boats start on canal spaces {self.boat_start}, outside 1-{len(self.canal)}")
        self.upstream_coins: int = canal["upstream_coins"]
        levers = tuple(LeverSpace(m["id"], m["row"], m["top_row"], m["cost"], effect(m["effect"])) for m in pb["lever_spaces"])
        check_unique([m.id for m in levers], "lever space id")
        if any(m.top_row != (m.row == 1) for m in levers):
            raise CatalogError("exactly the lever spaces of row 1 are top-row levers")
        self.lever_spaces: dict[str, LeverSpace] = {m.id: m for m in levers}

    # -- tiles and cards
    def _tiles(self, tiles: list) -> None:
        check_unique([t["id"] for t in tiles], "building tile id")
        out = {}
        for t in tiles:
            if t["pasture"] != (t["back"] == "pasture") or t["pasture"] == bool(t["sites"]):
                raise CatalogError(f"building tile {t['id']}: a cattle pasture (back 'pasture') has no sites, every other tile 1 or 2")
            out[t["id"]] = BuildingTile(t["id"], t["back"], t["pasture"], tuple(tuple(effect(e) for e in s["effects"]) for s in t["sites"]))
        self.building_tiles: dict[str, BuildingTile] = out
        self.tiles_by_back = {back: tuple(t.id for t in out.values() if t.back == back)
                              for back in dict.fromkeys(t.back for t in out.values())}
        for symbol in ("players-2", "players-3", "players-4"):
            on_board = sum(1 for s in self.spaces.values() if s.start_symbol == symbol)
            if on_board != len(self.tiles_by_back.get(symbol, ())):
                raise CatalogError(f"{on_board} board spaces show {symbol} but {len(self.tiles_by_back.get(symbol, ()))} tiles have that back")

    def _scoring_tiles(self, tiles: list) -> None:
        check_unique([t["id"] for t in tiles], "scoring tile id")
        out = {}
        for t in tiles:
            c, p = t["condition"], t["project"]
            values = tuple(tuple(v) if isinstance(v, list) else v for v in c["values"])
            cond = Condition(ConditionKind(c["kind"]), values, tuple(c.get("regions", ())), tuple(c.get("kinds", ())),
                             c.get("track"), c.get("coins", 0), c.get("vp", 0))
            out[t["id"]] = ScoringTile(t["id"], Project(p["coins"], resource_tuple(p["resources"]), p["vp"], p["track"]), cond)
        self.scoring_tiles: dict[str, ScoringTile] = out

    def _cards(self, cards: list) -> None:
        check_unique([c["id"] for c in cards], "project card id")
        out = {}
        for c in cards:
            timing, eff = Timing(c["timing"]), effect(c["effect"])
            if eff.kind not in TIMING_KINDS[timing]:
                raise CatalogError(f"card {c['id']}: {eff.kind.value} is not a {timing.value} effect of the symbol overview")
            if c["id"][0] != c["kind"][0].upper():
                raise CatalogError(f"card {c['id']}: the id's letter must be its kind's ({c['kind']})")
            cost = c["cost"]
            out[c["id"]] = Card(c["id"], c["kind"], cost["coins"], cost["vases"], resource_tuple(cost["resources"]), c["vp"], timing, eff)
        self.cards: dict[str, Card] = out

    def _solo(self, s: dict) -> None:
        tiles = tuple(SoloTile(t["id"], t["grade"], tuple(t["actions"]), tuple(t["corners"][k] for k in CORNERS)) for t in s["tiles"])
        check_unique([t.id for t in tiles], "solo tile id")
        for t in tiles:
            if not t.id.startswith(f"solo-{t.grade}"):
                raise CatalogError(f"solo tile {t.id}: the id must name its grade {t.grade}")
            for n in t.corners:
                if n not in self.spaces:
                    raise CatalogError(f"solo tile {t.id} names building space {n}, which the board lacks")
        self.solo_tiles: dict[str, SoloTile] = {t.id: t for t in tiles}
        grades = {g: sum(1 for t in tiles if t.grade == g) for g in "AB"}
        self.solo_grades: dict[str, int] = grades  #: how many solo tiles of each grade
        self.solo_stack_size: int = s["stack_size"]
        self.difficulty: dict[str, tuple[int, int]] = {}
        for level, rm in s["difficulty"].items():
            if rm["A"] > grades["A"] or rm["B"] > grades["B"] or len(tiles) - rm["A"] - rm["B"] != self.solo_stack_size:
                raise CatalogError(f"difficulty {level} removes {rm['A']} A and {rm['B']} B tiles, which must leave "
                                   f"{self.solo_stack_size} of the {grades['A']} A and {grades['B']} B tiles")
            self.difficulty[level] = (rm["A"], rm["B"])
        self.solo_board: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in s["board"].items()}
        per_player = self.materials["per_player"]
        for key in ("houses", "settlements", "cattle"):
            if len(self.solo_board[key]) != per_player[key]:
                raise CatalogError(f"the solo board shows {len(self.solo_board[key])} {key} spaces for {per_player[key]} {key}")
        self.solo_bottom_strip: dict[str, dict[str, dict[str, int]]] = s["bottom_strip"]
        self.solo_region_scoring: dict = s["region_scoring"]
        self.solo_fallback_vp: dict[str, int] = s["fallback_vp"]
        self.solo_player_coins: int = s["player_coins"]


#: the built-in reconstruction or the file ``LUDOLOG_BOONLAKE_CATALOG`` names (``default_catalog``),
#: or a file given (``load_catalog(path)``); :raises CatalogError: missing, not JSON, or invalid
FILES = CatalogFiles(Catalog, __package__, CATALOG_ENV, "Boonlake")
default_catalog = FILES.default
load_catalog = FILES.load
