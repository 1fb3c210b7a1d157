"""The Kingdom Crossing catalog: component data loaded from JSON, schema-checked, turned into tables.

Everything the engine looks up during a replay is precomputed here once per process: regions,
bridges and deck spaces become small integers, cards and birds become dicts by id, and the
adjacency of regions and bridges is a tuple of tuples.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.catalogs import CatalogError, CatalogFiles, check_catalog, check_unique
from ..core.components import HiddenPool

GUILDS = ("foxes", "owls", "bears", "boars", "deer")
RESOURCES = ("lumber", "stone", "sap", "food")
PICTURES = ("flower", "sculpture")


@dataclass(frozen=True, slots=True)
class Card:
    """A Character, Structure, Queen card, starting card or the Home card."""

    id: str
    deck: str  # deck id, "queen", "start" or "home"
    structure: bool
    guild: int  # index into GUILDS; -1 for structures
    cost: int
    effect: dict


@dataclass(frozen=True, slots=True)
class DecorationSpace:
    id: str
    index: int
    track: int  # resource index
    after: int  # the marker has passed the space once its position is greater than this
    picture: str
    symbols: int
    pictured_stars: int  # the token pictured on the space (the one Paco & Paca take, option "pictured")


@dataclass(frozen=True, slots=True)
class TileSide:
    """One side of an Action tile, flattened for the hot path."""

    rest: int
    bridges: int
    work: tuple  # effects of working with it other than coins (Prestige)
    work_coins: int  # coins it gives when activated (they count toward the balloon and the card)
    buy_cost: int  # market purchase cost, -1 without
    invest_first: bool
    bird_twice: bool
    queen: int  # times the Queen card resolves, 0 for moving tiles


def _side(d: dict) -> TileSide:
    work = tuple(e for e in d["work"] if e["kind"] != "coins")
    return TileSide(d["rest"], d["bridges"], work, sum(e["n"] for e in d["work"] if e["kind"] == "coins"),
                    d.get("buy_cost", -1), bool(d.get("invest_first")), bool(d.get("bird_twice")), d.get("queen", 0))


class Catalog:
    """Component data of one catalog version, with derived lookup tables."""

    def __init__(self, data: dict):
        check_catalog(data, "kingdom-crossing.catalog.schema.json", "Kingdom Crossing")
        self.data = data
        self.version: str = data["catalog"]
        self.regions: tuple[str, ...] = tuple(r["id"] for r in data["regions"])
        self.region_index = {r: i for i, r in enumerate(self.regions)}
        self.region_colour = tuple(r["bird"] for r in data["regions"])
        order = sorted(range(len(self.regions)), key=lambda i: data["regions"][i]["clockwise"])
        self.clockwise_next = {order[k]: order[(k + 1) % len(order)] for k in range(len(order))}
        self.bridges: tuple[str, ...] = tuple(b["id"] for b in data["bridges"])
        self.bridge_index = {b: i for i, b in enumerate(self.bridges)}
        refs = [(f"bridge {b['id']}", b[end]) for b in data["bridges"] for end in ("a", "b")]
        for what, key in (("deck space", "deck_spaces"), ("bird", "birds"), ("starting card", "starting_cards")):
            refs += [(f"{what} {x['id']}", x["region"]) for x in data[key]]
        for who, region in refs:
            if region not in self.region_index:
                raise CatalogError(f"{who} names unknown region {region!r}")
        ends = tuple((self.region_index[b["a"]], self.region_index[b["b"]]) for b in data["bridges"])
        self.bridge_ends: tuple[tuple[int, int], ...] = ends
        #: bridges touching each region
        self.region_bridges = tuple(tuple(i for i, (a, b) in enumerate(ends) if r in (a, b)) for r in range(len(self.regions)))
        self.spaces: tuple[str, ...] = tuple(s["id"] for s in data["deck_spaces"])
        self.space_index = {s: i for i, s in enumerate(self.spaces)}
        self.space_region = tuple(self.region_index[s["region"]] for s in data["deck_spaces"])
        self.region_spaces = tuple(tuple(i for i, r in enumerate(self.space_region) if r == reg) for reg in range(len(self.regions)))
        self.paw_markers: int = data["paw_markers"]
        self.paw_bonus = {int(k): v for k, v in data["paw_bonus"].items()}
        self.balloon_same: int = data["balloon_cost"]["same_region"]
        self.balloon_elsewhere: int = data["balloon_cost"]["elsewhere"]
        self.rounds: int = data["rounds"]
        self.actions_per_round: int = data["actions_per_round"]
        self.houses: int = data["houses"]
        self.invest_coins = tuple(s["coins"] for s in data["invest_track"])
        self.invest_prestige = tuple(s["prestige"] for s in data["invest_track"])
        self.invest_last = len(self.invest_coins) - 1
        track = data["resource_track"]
        self.track_length: int = track["length"]
        self.track_bonus = tuple(
            tuple((b["at"], b["effect"]) for b in track["bonuses"].get(r, ())) for r in RESOURCES)
        #: decoration token kinds (picture, stars) -> (symbols, count in the supply)
        self.tokens = {(t["picture"], t["stars"]): (t["symbols"], t["count"]) for t in data["decoration_supply"]}

        def most_stars(picture: str, symbols: int) -> int:
            return max((stars for (pic, stars), (sym, _) in self.tokens.items() if pic == picture and sym == symbols), default=0)

        self.deco_spaces = tuple(
            DecorationSpace(d["id"], i, RESOURCES.index(d["track"]), d["after"], d["picture"], d["symbols"],
                            d.get("pictured_stars") or most_stars(d["picture"], d["symbols"]))
            for i, d in enumerate(track["decoration_spaces"]))
        for d in self.deco_spaces:
            if self.tokens.get((d.picture, d.pictured_stars), (None,))[0] != d.symbols:
                raise CatalogError(f"decoration space {d.id} pictures a {d.pictured_stars}-star {d.picture} token with "
                                   f"{d.symbols} symbol(s), which the supply does not have")
        self.deco_index = {d.id: d.index for d in self.deco_spaces}
        #: per decoration space the symbols of its token: all, and those of each picture (0 on the others)
        self.deco_symbols = tuple(d.symbols for d in self.deco_spaces)
        self.picture_symbols = {pic: tuple(d.symbols if d.picture == pic else 0 for d in self.deco_spaces)
                                for pic in PICTURES}
        self.tiles = tuple((t["base"], t["improved"]) for t in data["action_tiles"])
        self.sides = tuple((_side(t["base"]), _side(t["improved"])) for t in data["action_tiles"])
        self.birds = {b["id"]: b for b in data["birds"]}
        self.region_birds = tuple(sorted(b["id"] for b in data["birds"] if b["region"] == reg) for reg in self.regions)
        cards = []
        self.decks: dict[str, tuple[str, ...]] = {}
        for deck in data["decks"]:
            structure = deck["type"] == "structure"
            ids = []
            for c in deck["cards"]:
                if not structure and "guild" not in c:
                    raise CatalogError(f"character {c['id']} has no guild")
                guild = -1 if structure else GUILDS.index(c["guild"])
                cards.append(Card(c["id"], deck["id"], structure, guild, c["cost"], c["effect"]))
                ids.append(c["id"])
            self.decks[deck["id"]] = tuple(sorted(ids))
        if len(self.decks) != len(self.spaces):
            raise CatalogError(f"{len(self.decks)} decks for {len(self.spaces)} deck spaces")
        #: the face-down piles every game starts from, copied at set-up: each deck whole (its top card
        #: is turned up from it) and the empty-deck tiles
        self.deck_pools = {deck: HiddenPool.create(f"card of the {deck} deck", dict.fromkeys(ids, 1))
                           for deck, ids in self.decks.items()}
        home = data["home"]
        cards.append(Card("home", "home", True, -1, 0, home["effect"]))
        for q in data["queen_cards"]:
            cards.append(Card(q["id"], "queen", False, GUILDS.index(q["guild"]), 0, q["effect"]))
        self.queen_ids = tuple(q["id"] for q in data["queen_cards"])
        self.starting = {s["id"]: s for s in data["starting_cards"]}
        for s in data["starting_cards"]:
            cards.append(Card(s["id"], "start", False, GUILDS.index(s["guild"]), 0, {"kind": "coins", "n": 0}))
        check_unique([card.id for card in cards], "card id")
        self.cards: dict[str, Card] = {card.id: card for card in cards}
        self.goals = tuple(data["bridge_goals"])
        self.goal_ids = tuple(g["id"] for g in self.goals)
        self.goal_index = {g: i for i, g in enumerate(self.goal_ids)}
        self.goal_row = tuple(g["row"] for g in self.goals)
        self.favors = {f["id"]: f["score"] for f in data["favors"]}
        self.favor_stacks: int = data["favor_stacks"]
        self.empty_tiles = {t["id"]: t["effect"] for t in data["empty_deck_tiles"]}
        self.empty_pool = HiddenPool.create("empty-deck tile", dict.fromkeys(self.empty_tiles, 1))
        solo = data["solo"]
        self.solo_tiles = {t["id"]: t for t in solo["tiles"] + solo["rest_tiles"]}
        for tile in solo["tiles"]:
            if tile["kind"] == "card" and tile.get("space") not in self.space_index:
                raise CatalogError(f"solo tile {tile['id']} names unknown deck space {tile.get('space')!r}")
        self.solo_base = tuple(t["id"] for t in solo["tiles"])
        self.solo_rest = tuple(t["id"] for t in solo["rest_tiles"])
        self.difficulty: dict[str, int] = solo["difficulty"]
        self.solo_tiles_per_turn: int = solo["tiles_per_turn"]
        self.deer_order = tuple(RESOURCES.index(r) for r in solo["deer_tie_order"])
        self.favor_per_rest: int = solo["favor_per_rest_tile"]
        self.guild_of_resource = tuple(GUILDS.index(data["resource_guild"][r]) for r in RESOURCES)
        self.resource_of_guild = {g: r for r, g in enumerate(self.guild_of_resource)}

    def effect_uses(self):
        """Every ``(effect kind, where in the catalog)``, for checking them against the engine."""
        for card in self.cards.values():
            yield card.effect["kind"], f"card {card.id}"
        for bird in self.birds.values():
            yield bird["effect"]["kind"], f"bird {bird['id']}"
        for tile_id, effect in self.empty_tiles.items():
            yield effect["kind"], f"empty-deck tile {tile_id}"
        for r, bonuses in zip(RESOURCES, self.track_bonus):
            for at, effect in bonuses:
                yield effect["kind"], f"{r} track space {at}"
        for k, tile in enumerate(self.data["action_tiles"]):
            for side in ("base", "improved"):
                for effect in tile[side]["work"]:
                    yield effect["kind"], f"action tile {k} ({side})"


CATALOG_ENV = "LUDOLOG_KINGDOM_CROSSING_CATALOG"


#: the built-in reconstruction or the file ``LUDOLOG_KINGDOM_CROSSING_CATALOG`` names
#: (``default_catalog``); :raises CatalogError: missing, not JSON, or invalid
FILES = CatalogFiles(Catalog, __package__, CATALOG_ENV, "Kingdom Crossing")
default_catalog = FILES.default
