"""The ids a Kingdom Crossing log may use, with what each one is (``ludolog ids kingdom-crossing``)."""
from __future__ import annotations

from ..core.idlist import Ids, amounts, component, words
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


def catalog_ids(cat: Catalog) -> Ids:
    """Kind -> id -> entry, from the catalog. The regions, guilds and resources are the rulebook's;
    everything else is marked a reconstruction, as the catalog says: the rulebook names every
    effect but not which card carries it, the costs, the board topology or the track values."""
    data = cat.data
    regions = {r["id"]: component(r["id"], f"{r['bird']} birds", bird=r["bird"]) for r in data["regions"]}
    spaces = {s["id"]: component(f"deck space {s['id']}", f"in {s['region']}", reconstruction=True, region=s["region"])
              for s in data["deck_spaces"]}
    bridges = {b["id"]: component(f"bridge {b['id']}", f"{b['a']} - {b['b']}", reconstruction=True, between=[b["a"], b["b"]])
               for b in data["bridges"]}
    cards = {}
    for deck in data["decks"]:
        for card in deck["cards"]:
            guild = card.get("guild") or deck["type"]
            cards[card["id"]] = component(
                f"{deck['id']} card {card['id']}", f"{deck['id']} deck, {guild}, cost {card.get('cost', 0)}: {_effect(card.get('effect', {}))}",
                reconstruction=True, deck=deck["id"], guild=card.get("guild"), cost=card.get("cost", 0), effect=card.get("effect"))
    queen = {q["id"]: component(f"queen card {q['id']}", f"{q.get('guild', '')}: {_effect(q.get('effect', {}))}".strip(": "),
                                reconstruction=True, guild=q.get("guild"), effect=q.get("effect")) for q in data["queen_cards"]}
    starting = {s["id"]: component(f"starting card {s['card']} side {s['id'][-1]}",
                                   f"{s['region']}, {s['guild']}, {s['coins']} coins, {amounts(s.get('resources', {}))}"
                                   f"{', invest' if s.get('invest') else ''}, {s.get('decoration', '')}".rstrip(", "),
                                   reconstruction=True, **{k: v for k, v in s.items() if k != "id"})
                for s in data["starting_cards"]}
    goals = {g["id"]: component(f"bridge goal {g['id']}", f"row {g['row']}; easy: {_effect(g['easy'])}; hard: {_effect(g['hard'])}",
                                reconstruction=True, row=g["row"], easy=g["easy"], hard=g["hard"]) for g in data["bridge_goals"]}
    favors = {f["id"]: component(f"favor {f['id']}", _effect(f["score"]), reconstruction=True, score=f["score"]) for f in data["favors"]}
    birds = {b["id"]: component(f"{b['colour']} bird {b['id']}", f"{b['colour']} bird of {b['region']}, back {b.get('back')}: {_effect(b['effect'])}",
                                reconstruction=True, colour=b["colour"], region=b["region"], back=b.get("back"), effect=b["effect"])
             for b in data["birds"]}
    empty = {t["id"]: component(f"empty-deck tile {t['id']}", _effect(t["effect"]), reconstruction=True, effect=t["effect"])
             for t in data["empty_deck_tiles"]}
    decorations = {d.id: component(f"decoration space {d.id}",
                                   f"{d.picture} space for a token of {d.symbols} symbol{'s' if d.symbols != 1 else ''}",
                                   reconstruction=True, picture=d.picture, symbols=d.symbols) for d in cat.deco_spaces}
    tiles = {str(t["id"]): component(f"{t['name']} action tile", _tile(t), reconstruction=True, base=t["base"], improved=t["improved"])
             for t in data["action_tiles"]}
    out = {"region": regions, "space": spaces, "bridge": bridges, "card": cards, "queen-card": queen,
           "starting-card": starting, "bridge-goal": goals, "favor": favors, "bird": birds,
           "empty-deck-tile": empty, "decoration-space": decorations, "action-tile": tiles,
           "guild": words(data["guilds"], "guild"), "resource": words(data["resources"], "resource")}
    home = data["home"]
    out["home"] = {home["id"]: component("your home", f"a Structure every player has: {_effect(home['effect'])}",
                                         effect=home["effect"])}
    pictures = {}
    for token in data["decoration_supply"]:
        pictures.setdefault(token["picture"], []).append(f"{token['count']} of {token['stars']} star{'s' if token['stars'] != 1 else ''}")
    out["picture"] = {p: component(f"{p} token", ", ".join(counts)) for p, counts in pictures.items()}
    out["goal-side"] = {"easy": component("easy side", "of a Bridge Goal tile"), "hard": component("hard side", "of a Bridge Goal tile")}
    out["invest"] = {"advance": component("advance", "the investment marker one step on"),
                     "cash": component("cash", "take the investment's coins")}
    out["favor-source"] = {"display": component("display", "a face-up Favor (its index 0-2)"),
                           "stack": component("stack", "the top Favor of a stack (its index)")}
    solo = data["solo"]
    out["difficulty"] = {d: component(d, f"solo: {n} rest tile{'s' if n != 1 else ''}", rest_tiles=n)
                         for d, n in solo["difficulty"].items()}
    out["paco-decoration"] = {"pictured": component("pictured", "solo: Paco & Paca take the token pictured on the space"),
                              "most_stars": component("most stars", "solo: the matching token with the most stars")}
    out["solo-tile"] = {t["id"]: component(f"Paco & Paca tile {t['id']}", f"{t['kind']} {t.get('space', '')}".strip(),
                                           reconstruction=True, kind=t["kind"], space=t.get("space"))
                        for t in solo["tiles"] + solo["rest_tiles"]}
    return out


def _tile(t: dict) -> str:
    """An action tile's two sides: rest, bridges and work of each."""
    def side(x: dict) -> str:
        work = ", ".join(_effect(w) for w in x.get("work", ())) or "no work"
        return f"rest {x.get('rest')}, bridges {x.get('bridges')}, {work}"
    return f"base: {side(t['base'])}; improved: {side(t['improved'])}"
