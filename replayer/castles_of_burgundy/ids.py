"""The ids a Castles of Burgundy log may use, with what each one is (``ludolog ids
castles-of-burgundy``), read from the catalog of the default edition: the hex tile kinds (what a
depot, black, take, place, buy or trade move names; knowledge tiles by number), the estate boards
by the number printed on them, the estate spaces with what each board prints there, the depots and
their spaces, the colours, goods types, animals, editions and Solo sides.

The catalog gives a status to the facts it could not confirm (``uncertain``: weak sources;
``reconstruction``: ludolog's own estimate); an entry is marked a reconstruction when its status
is either, and carries the status as a fact."""
from __future__ import annotations

from collections.abc import Mapping

from ..core.idlist import Ids, component, effect_words, id_words
from .catalog import Catalog


#: counted things of the effects' parameters: 4 VP, 1 silverling
_NOUNS = {"vp": ("VP", "VP"), "silverlings": ("silverling", "silverlings"), "workers": ("worker", "workers")}


def _effect(effect: dict, buildings: Mapping[str, str] = {}) -> str:  # noqa: B006 - read only
    """A catalog effect in words: ``gain VP 4``, ``take tile: colours mine/castle/knowledge``; the
    end-of-game knowledge tiles as printed, ``game end: 4 VP per Warehouse``."""
    kind = str(effect.get("kind", ""))
    if kind.startswith("end_vp_per_") and "vp" in effect and set(effect) <= {"kind", "vp", "building"}:
        what = buildings.get(effect["building"], effect["building"]) if "building" in effect else \
            id_words(kind[len("end_vp_per_"):])
        return f"game end: {effect['vp']} VP per {what}"
    return effect_words(effect, _NOUNS, lambda key, value: "/".join(map(str, value)) if isinstance(value, list)
                        else id_words(value))


def _uncertain(entry: dict) -> bool:
    return entry.get("status") in ("uncertain", "reconstruction")


def _tiles(data: dict) -> dict:
    colours = {c["id"]: c for c in data["colours"]}
    buildings = {b["id"]: b for b in data["building_types"]}
    animals = {a["id"]: a["name"] for a in data["animal_types"]}
    knowledge = {k["number"]: k for k in data["knowledge_tiles"]}
    out = {}
    for k in data["hex_tiles"]["kinds"]:
        colour = colours[k["colour"]]
        backs = f"{k['normal_back']} with a normal back, {k['black_back']} with a black back"
        if "building" in k:
            b = buildings[k["building"]]
            name, effect = b["name"], b["effect"]
        elif "animal" in k:
            name, effect = f"pasture with {k['animals']} {animals[k['animal']]}", colour.get("effect")
        elif "knowledge" in k:
            name, effect = f"knowledge tile {k['knowledge']}", knowledge[k["knowledge"]]["effect"]
        else:
            name, effect = colour["name"].split(" (")[0], colour.get("effect")
            name = {"castle": "castle", "mine": "silver mine", "ship": "ship"}.get(k["id"], name)
        text = (f"{colour['printed']} ({colour['id']}); "
                f"{_effect(effect, {b: v['name'] for b, v in buildings.items()}) if effect else 'scores as its colour'}; {backs}")
        if _uncertain(k):
            text += f" ({k['status']})"
        out[k["id"]] = component(name, text, reconstruction=_uncertain(k), colour=k["colour"], printed=colour["printed"],
                                 effect=effect, normal_back=k["normal_back"], black_back=k["black_back"],
                                 building=k.get("building"), animal=k.get("animal"), animals=k.get("animals"),
                                 knowledge=k.get("knowledge"), status=k.get("status"))
    out["black"] = component("a Solo tile face down", "a tile of the black depot lying face down in the Solo game")
    return out


def _boards(cat: Catalog) -> tuple[dict, dict]:
    """Boards by printed number, and estate spaces with what each board prints on them."""
    boards, spaces = {}, {}
    entries = {b["id"]: b for b in cat.data["boards"]}
    for number, board_id in cat.board_numbers.items():
        entry, board = entries[board_id], cat.boards[board_id]
        others = {ed: n for ed, n in entry["numbers"].items() if ed != cat.edition}
        boards[number] = component(entry["name"], f"{len(board.spaces)} spaces; starting castle: "
                                   f"{entry['start_castle'].replace('_', ' ')}" + (f" ({entry['status']})" if _uncertain(entry) else ""),
                                   reconstruction=_uncertain(entry), board=board_id, numbers=others or None,
                                   start_castle=entry["start_castle"], solo=entry.get("solo", False), status=entry.get("status"))
        for space in board.spaces:
            spot = spaces.setdefault(space.id, component(f"estate space {space.id}", "", boards={}))
            spot["boards"][number] = f"{space.colour.value} {space.die}"
    for spot in spaces.values():
        spot["text"] = "; ".join(f"board {n}: {code}" for n, code in spot["boards"].items())
    return boards, spaces


def catalog_ids(cat: Catalog) -> Ids:
    """Kind -> id -> entry, from the catalog's data (the catalog's edition)."""
    data = cat.data
    boards, spaces = _boards(cat)
    depots = {}
    for d in data["depots"]["numbered"]:
        depots[str(d["number"])] = component(
            f"depot {d['number']}", ", ".join(f"{s['id']} {s['colour']} (from {s['players']} players)" for s in d["spaces"]),
            spaces=[s["id"] for s in d["spaces"]])
    depot_spaces = {s["id"]: component(f"depot space {s['id']}", f"depot {d['number']}: {s['colour']} tile, used from "
                                                                  f"{s['players']} players", colour=s["colour"], players=s["players"])
                    for d in data["depots"]["numbered"] for s in d["spaces"]}
    for x in data["depots"]["exceptions"]:
        depot_spaces[x["space"]]["text"] += (f"; with {'/'.join(map(str, x['players']))} players in phases "
                                             f"{', '.join(x['phases'])} a {x['colour']} tile instead")
    editions = {e["id"]: component(e["name"], "the default edition" if e.get("default") else
                                   f"{len(e['changes'])} change{'s' if len(e['changes']) != 1 else ''} to the default",
                                   default=e.get("default", False), changes=e["changes"], note=e.get("note"))
                for e in data["editions"]}
    return {
        "tile": _tiles(data), "board": boards, "space": spaces, "depot": depots, "depot-space": depot_spaces,
        "colour": {c["id"]: component(c["name"], f"printed {c['printed']}, letter {c['letter']} in board codes"
                                      + (f"; {_effect(c['effect'])}" if "effect" in c else ""),
                                      printed=c["printed"], letter=c["letter"], effect=c.get("effect")) for c in data["colours"]},
        "goods": {str(g["die"]): component(f"goods type {g['die']}", f"{g['count']} tiles, named by the die number",
                                           count=g["count"]) for g in data["goods"]["types"]},
        "animal": {a["id"]: component(a["name"]) for a in data["animal_types"]},
        "edition": editions,
        "side": {"A": component("Solo side A", "for beginners (the default)"), "B": component("Solo side B", "advanced")},
    }
