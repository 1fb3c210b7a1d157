"""The ids a Keyflower log may use, with what each one is (``ludolog ids keyflower``), read from the
catalog: the village tiles of each season, the home tiles, the summer boats with their two sides,
the boats and the turn-order tiles (all of them go into a move's ``tile``), and the words for the
workers, resources and skill tiles."""
from __future__ import annotations

from .catalog import COLOURS, RESOURCES, SKILLS, Catalog


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
    paid = _amounts({**cost.get("resources", {}), **cost.get("skills", {})}) or "nothing"
    return f"; upgraded for {paid}: {_face(entry['upgraded'])}"


def catalog_ids(cat: Catalog) -> dict[str, dict[str, str]]:
    """Kind -> {id: what it is}, from the catalog's data."""
    data = cat.data
    tiles = {t["id"]: f"{t['name']}, {t['season']}: {_face(t['front'])}{_upgrade(t)}" for t in data["village_tiles"]}
    homes = {t["id"]: f"{t['name']}: {_face(t['front'])}{_upgrade(t)}" for t in data["home_tiles"]}
    summer = {t["id"]: f"{t['name']} (summer): side a {_kind(t['sides']['a'])}, side b {_kind(t['sides']['b'])}"
              for t in data["summer_boats"]}
    boats = {t["id"]: f"{t['name']}, {t['min_players']}+ players: " + ", ".join(_kind(s) for s in t.get("scoring", ()))
             for t in data["boats"]}
    turn_order = {t["id"]: f"turn-order tile {t['number']}: " + ", ".join(
        f"side {side['side']} with {'/'.join(map(str, side['players']))} players"
        + (" (the start-player icon)" if side["start_player"] else "") for side in t["sides"]) for t in data["turn_order_tiles"]}
    return {"tile": tiles, "home": homes, "summer-boat": summer, "boat": boats, "turn-order": turn_order,
            "colour": {c: "worker colour" + (" (green: from the supply, never in the bag at the start)" if c == "green" else "")
                       for c in COLOURS},
            "resource": {r: "resource" for r in RESOURCES}, "skill": {s: "skill tile" for s in SKILLS},
            "side": {"a": "side a (a summer boat's or a turn-order tile's)", "b": "side b"}}
