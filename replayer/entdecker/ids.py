"""The ids an Entdecker log may use, with what each one is (``ludolog ids entdecker``)."""
from __future__ import annotations

from .catalog import Catalog


def _sides(edges: str) -> str:
    """``LLWW`` (north, east, south, west at rotation 0) in words."""
    land = [name for name, e in zip(("north", "east", "south", "west"), edges) if e == "L"]
    return "all sea" if not land else "land " + ", ".join(land)


def catalog_ids(cat: Catalog) -> dict[str, dict[str, str]]:
    """Kind -> {id: what it is}, from the catalog."""
    data = cat.data
    tiles = {}
    for entry in data["tiles"]:
        event = f"; event: {entry['event'].replace('_', ' ')}" if entry.get("event") else ""
        tiles[entry["id"]] = f"{entry['count']} in the piles; at rotation 0 {_sides(entry['edges'])}{event}"
    personal = {e["id"]: f"personal-tiles variant, costs {e['cost']}; at rotation 0 {_sides(e['edges'])}"
                for e in data["personal_tiles"]}
    spaces = {cat.cell_name(c): "" for c in range(cat.cells)}
    edges = {name: f"edge circle beside {cat.cell_name(cell)}" for name, (cell, _side) in cat.edge_spaces.items()}
    pieces = {pid: f"{p['name']}: costs {p['cost']}, {p['count']} per player" for pid, p in data["pieces"].items()}
    return {"tile": tiles, "personal-tile": personal, "space": spaces, "edge": edges, "piece": pieces,
            "rotation": {str(r): "degrees clockwise from the catalog orientation" for r in (0, 90, 180, 270)},
            "segment": {s: "the land segment reaching that side (a card with two)" for s in "NESW"}}
