"""The ids a Kingdom Crossing log may use, with what each one is (``ludolog ids kingdom-crossing``)."""
from __future__ import annotations

from .catalog import Catalog


def _effect(effect: dict) -> str:
    """A catalog effect in a few words: its kind and its amounts (``gain sap 1``)."""
    parts = [str(effect.get("kind", "")).replace("_", " ")]
    for key, value in effect.items():
        if key == "kind":
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items() if not isinstance(v, (dict, list)))
        elif isinstance(value, list):
            value = "/".join(str(v) for v in value if not isinstance(v, (dict, list)))
        parts.append(str(value) if key in ("resource", "n") else f"{key} {value}")
    return " ".join(p for p in parts if p)


def catalog_ids(cat: Catalog) -> dict[str, dict[str, str]]:
    """Kind -> {id: what it is}, from the catalog."""
    data = cat.data
    regions = {r: "" for r in cat.regions}
    spaces = {s["id"]: f"deck space in {s['region']}" for s in data["deck_spaces"]}
    bridges = {b["id"]: f"{b['a']} - {b['b']}" for b in data["bridges"]}
    cards = {}
    for deck in data["decks"]:
        for card in deck["cards"]:
            guild = card.get("guild") or deck["type"]
            cards[card["id"]] = f"{deck['id']} deck, {guild}, cost {card.get('cost', 0)}: {_effect(card.get('effect', {}))}"
    queen = {q["id"]: f"{q.get('guild', '')}: {_effect(q.get('effect', {}))}".strip(": ") for q in data["queen_cards"]}
    starting = {s["id"]: f"starting card {s['card']}, {s['region']}, {s['guild']}, {s['coins']} coins"
                for s in data["starting_cards"]}
    goals = {g["id"]: f"row {g['row']}; easy: {_effect(g['easy'])}; hard: {_effect(g['hard'])}" for g in data["bridge_goals"]}
    favors = {f["id"]: _effect(f["score"]) for f in data["favors"]}
    birds = {b["id"]: f"{b['colour']} bird of {b['region']}: {_effect(b['effect'])}" for b in data["birds"]}
    empty = {t["id"]: _effect(t["effect"]) for t in data["empty_deck_tiles"]}
    decorations = {d.id: f"{d.picture} space for a token of {d.symbols} symbol{'s' if d.symbols != 1 else ''}"
                   for d in cat.deco_spaces}
    tiles = {str(t["id"]): t["name"] for t in data["action_tiles"]}
    out = {"region": regions, "space": spaces, "bridge": bridges, "card": cards, "queen-card": queen,
           "starting-card": starting, "bridge-goal": goals, "favor": favors, "bird": birds,
           "empty-deck-tile": empty, "decoration-space": decorations, "action-tile": tiles,
           "guild": {g: "" for g in data["guilds"]}, "resource": {r: "" for r in data["resources"]}}
    solo = data.get("solo", {})
    if solo.get("tiles"):
        out["solo-tile"] = {t["id"]: f"Paco & Paca tile: {t.get('kind', '')} {t.get('space', '')}".strip()
                            for t in solo["tiles"] + solo.get("rest_tiles", [])}
    return out
