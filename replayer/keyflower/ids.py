"""The ids a Keyflower log may use, with what each one is (``ludolog ids keyflower``), read from the
catalog: the village tiles of each season, the home tiles, the summer boats with their two sides,
the boats and the turn-order tiles (all of them go into a move's ``tile``), and the words for the
workers, resources and skill tiles.

An entry is a reconstruction when the catalog marks the tile so (its ``reconstruction`` flag: some
of its printed facts are ludolog's estimate; the ``status`` of each fact says which)."""
from __future__ import annotations

from ..core.idlist import Ids, component, words
from .catalog import COLOURS, RESOURCES, SKILLS, Catalog
from .transport import cost_words


def _amounts(counts: dict) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in counts.items())


def _params(entry: dict) -> str:
    """The parameters of an action, scoring or ability kind in words: ``gain 2 wood``, ``size 5``."""
    words = []
    for key, value in entry.items():
        if key == "kind":
            continue
        if isinstance(value, dict):
            value = _amounts(value)
        elif isinstance(value, list):
            value = "/".join(map(str, value))
        words.append(f"{key.replace('_', ' ')} {value}")
    return f" ({'; '.join(words)})" if words else ""


def _kind(entry: dict) -> str:
    return entry["kind"].replace("_", " ") + _params(entry)


def _face(face: dict) -> str:
    parts = [_kind(face["action"])] if face.get("action") else []
    parts += [_kind(s) for s in face.get("scoring", ())]
    if face.get("vp"):
        parts.append(f"{face['vp']} VP")
    return ", ".join(parts) or "nothing"


def _upgrade(entry: dict) -> str:
    if "upgraded" not in entry:
        return ""
    cost = entry.get("upgrade_cost", {})
    return f"; upgraded for {cost_words(cost.get('resources', {}), cost.get('skills', {}))}: {_face(entry['upgraded'])}"


def _tile(entry: dict, name: str, text: str) -> dict:
    facts = {k: entry[k] for k in ("season", "edges", "front", "upgrade_cost", "upgraded", "status", "note") if k in entry}
    return component(name, text, reconstruction=entry.get("reconstruction", False), **facts)


def catalog_ids(cat: Catalog) -> Ids:
    """Kind -> id -> entry, from the catalog's data."""
    data = cat.data
    tiles = {t["id"]: _tile(t, t["name"], f"{t['season']}: {_face(t['front'])}{_upgrade(t)}") for t in data["village_tiles"]}
    homes = {t["id"]: _tile(t, t["name"], f"{_face(t['front'])}{_upgrade(t)}") for t in data["home_tiles"]}
    summer = {t["id"]: component(t["name"], f"summer; side a {_kind(t['sides']['a'])}, side b {_kind(t['sides']['b'])}",
                                 reconstruction=t.get("reconstruction", False), sides=t["sides"], edges=t.get("edges"),
                                 river_points=t.get("river_points"), status=t.get("status"))
              for t in data["summer_boats"]}
    boats = {t["id"]: component(t["name"], f"{t['min_players']}+ players: " + ", ".join(_kind(s) for s in t.get("scoring", ())),
                                reconstruction=t.get("reconstruction", False), min_players=t["min_players"], loads=t.get("loads"),
                                scoring=t.get("scoring"), status=t.get("status"))
             for t in data["boats"]}
    turn_order = {t["id"]: component(f"turn-order tile {t['number']}", ", ".join(
        (f"side {side['side']} with {'/'.join(map(str, side['players']))} players" if side["players"]
         else f"side {side['side']} not used")  # a side no player count lays out
        + (" (the start-player icon)" if side["start_player"] else "") for side in t["sides"]),
        reconstruction=t.get("reconstruction", False), sides=t["sides"], scoring=t.get("scoring"), status=t.get("status"))
        for t in data["turn_order_tiles"]}
    return {"tile": tiles, "home": homes, "summer-boat": summer, "boat": boats, "turn-order": turn_order,
            "colour": {c: component(f"{c} worker", "from the supply, never in the bag at the start" if c == "green" else "")
                       for c in COLOURS},
            "resource": words(RESOURCES, "resource"), "skill": words(SKILLS, "skill tile"),
            "side": {"a": component("side a", "a summer boat's or a turn-order tile's"), "b": component("side b", "the other side")}}
