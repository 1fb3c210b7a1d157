"""The ids an Entdecker log may use, with what each one is (``ludolog ids entdecker``).

Reconstruction marks follow the catalog's notes: the board's size, the pieces and their costs are
confirmed; the mix of edge patterns and events over the tiles and the personal tiles are ludolog's
estimates."""
from __future__ import annotations

from ..core.idlist import Ids, component, words
from .catalog import Catalog


def _sides(edges: str) -> str:
    """``LLWW`` (north, east, south, west at rotation 0) in words."""
    land = [name for name, e in zip(("north", "east", "south", "west"), edges) if e == "L"]
    return "all sea" if not land else "land " + ", ".join(land)


def catalog_ids(cat: Catalog) -> Ids:
    """Kind -> id -> entry, from the catalog."""
    data = cat.data
    tiles = {}
    for entry in data["tiles"]:
        event = f"; event: {entry['event'].replace('_', ' ')}" if entry.get("event") else ""
        tiles[entry["id"]] = component(
            f"{entry['id'].replace('-', ' ')} tile", f"{entry['count']} in the piles; at rotation 0 {_sides(entry['edges'])}{event}",
            reconstruction=True, edges=entry["edges"], count=entry["count"], event=entry.get("event"))
    personal = {e["id"]: component(f"personal tile {e['id']}", f"personal-tiles variant, costs {e['cost']}; at rotation 0 {_sides(e['edges'])}",
                                   reconstruction=True, edges=e["edges"], cost=e["cost"]) for e in data["personal_tiles"]}
    spaces = {cat.cell_name(c): component(f"space {cat.cell_name(c)}", f"column {cat.cell_name(c)[0]}, row {cat.cell_name(c)[1:]}")
              for c in range(cat.cells)}
    edges = {name: component(f"edge circle {name}", f"beside {cat.cell_name(cell)}") for name, (cell, _side) in cat.edge_spaces.items()}
    pieces = {pid: component(p["name"], f"costs {p['cost']}, {p['count']} per player", cost=p["cost"], count=p["count"])
              for pid, p in data["pieces"].items()}
    return {"tile": tiles, "personal-tile": personal, "space": spaces, "edge": edges, "piece": pieces,
            "rotation": words(("0", "90", "180", "270"), "degrees clockwise from the catalog orientation"),
            "segment": words("NESW", "the land segment reaching that side (a card with two)")}
