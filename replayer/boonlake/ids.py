"""The ids a Boonlake log may use, with what each one is (``ludolog ids boonlake``), read from the
catalog: project cards, building tiles (cattle pastures among them), scoring tiles, action strips,
lever (modernization) spaces, building spaces, river spaces, regions, solo tiles, and the fixed
words of the moves (resources, pieces, tracks, exchanges...); an entry carries its catalog table's
reconstruction mark (CATALOG.md)."""
from __future__ import annotations

from collections.abc import Mapping

from ..core.idlist import Ids, amounts, component, effect_words, id_words, words
from .catalog import CARD_KINDS, CORNERS, RESOURCES, Catalog


#: counted things of the effects' parameters: 2 coins, 1 vase, 3 VP
_NOUNS = {"coins": ("coin", "coins"), "cards": ("card", "cards"), "vases": ("vase", "vases"),
          "inhabitants": ("inhabitant", "inhabitants"), "vp": ("VP", "VP")}


def _value(key: str, value, regions: Mapping[str, str]) -> str:
    if key in ("region", "regions"):  # as the board prints them: New Hope, not new_hope
        names = value if isinstance(value, list) else [value]
        return "/".join(regions.get(v, id_words(v)) for v in names)
    if isinstance(value, dict):
        return amounts(value)
    if isinstance(value, list):
        return "/".join("/".join(map(str, v)) if isinstance(v, list) else id_words(v) for v in value)
    return id_words(value) if isinstance(value, str) else str(value)


def _effect(effect: dict, regions: Mapping[str, str] = {}) -> str:  # noqa: B006 - read only
    """A catalog effect in a few words: ``take coins 2``, ``draw cards 1``; its other parameters
    after a colon, counted things counted (``card joker or coins or cards: 2 coins, 2 cards``)."""
    return effect_words(effect, _NOUNS, lambda key, value: _value(key, value, regions))


def _cost(cost: dict) -> str:
    parts = []
    if cost.get("coins"):
        parts.append(f"{cost['coins']} coin{'s' if cost['coins'] != 1 else ''}")
    if cost.get("vases"):
        parts.append(f"{cost['vases']} vase{'s' if cost['vases'] != 1 else ''}")
    if cost.get("resources"):
        parts.append(amounts(cost["resources"]))
    return ", ".join(parts) or "nothing"


def _regions(data: dict) -> dict[str, str]:
    return {r["id"]: r["name"] for r in data["board"]["regions"]}


def _reconstructed(data: dict, table: str) -> bool:
    return bool(data[table].get("provenance", {}).get("reconstruction", data["reconstruction"]))


def _cards(data: dict) -> dict:
    rec = _reconstructed(data, "project_cards")
    return {c["id"]: component(f"{c['kind']} card {c['id']}",
                               f"costs {_cost(c['cost'])}; {c['vp']} VP; {c['timing'].replace('_', ' ')}: {_effect(c['effect'], _regions(data))}",
                               reconstruction=rec, kind=c["kind"], cost=c["cost"], vp=c["vp"], timing=c["timing"],
                               effect=c["effect"])
            for c in data["project_cards"]["cards"]}


def _tiles(data: dict) -> dict:
    rec = _reconstructed(data, "building_tiles")
    out = {}
    for t in data["building_tiles"]["tiles"]:
        back = t["back"].replace("players-", "back for ") + (" players" if t["back"].startswith("players-") else "")
        if t["pasture"]:
            name, text = f"cattle pasture {t['id']}", "a cattle pasture on both sides (no sites)"
        else:
            sites = "; ".join(f"site {i}: " + (", ".join(_effect(e) for e in s["effects"]) or "nothing")
                              for i, s in enumerate(t["sites"], 1))
            grey = t["back"] == "gray"
            name = f"{'gray ' if grey else 'starting '}building tile {t['id']}"
            text = f"{back if not grey else 'gray back (the mound)'}; {sites}"
        out[t["id"]] = component(name, text, reconstruction=rec, back=t["back"], pasture=t["pasture"], sites=t["sites"])
    return out


def _condition(c: dict, regions: Mapping[str, str]) -> str:
    what = id_words(c["kind"])
    for key in ("regions", "kinds", "track"):
        if key in c:
            what += " " + _value(key, c[key], regions)
    values = ", ".join("/".join(map(str, v)) if isinstance(v, list) else str(v) for v in c["values"])
    return f"{what} (scorings 1-4: {values})"


def _scoring_tiles(data: dict) -> dict:
    rec = _reconstructed(data, "scoring_tiles")
    out = {}
    for t in data["scoring_tiles"]["tiles"]:
        p = t["project"]
        project = f"special project: {_cost({'coins': p['coins'], 'resources': p['resources']})} for {p['vp']} VP and 1 {p['track']}-track step"
        out[t["id"]] = component(f"scoring tile {t['id']}", f"{_condition(t['condition'], _regions(data))}; {project}", reconstruction=rec,
                                 project=p, condition=t["condition"])
    return out


def _strips(data: dict) -> dict:
    rec = _reconstructed(data, "strips")
    return {s["id"]: component(s["name"], f"{s['card']} card; middle: {', '.join(m.replace('_', ' ') for m in s['middle'])}; "
                                          f"right ({s['right_players']}, {s['right_order']}): {', '.join(r.replace('_', ' ') for r in s['right'])}",
                               reconstruction=rec, card=s["card"], middle=s["middle"], right=s["right"],
                               right_players=s["right_players"], right_order=s["right_order"])
            for s in data["strips"]["strips"]}


def _levers(data: dict) -> dict:
    rec = _reconstructed(data, "player_board")
    return {m["id"]: component(f"modernization space {m['id']}", f"row {m['row']}{' (top row)' if m['top_row'] else ''}, "
                                                             f"costs {m['cost']} coin{'s' if m['cost'] != 1 else ''}: {_effect(m['effect'])}",
                               reconstruction=rec, row=m["row"], top_row=m["top_row"], cost=m["cost"], effect=m["effect"])
            for m in data["player_board"]["lever_spaces"]}


def _spaces(data: dict) -> dict:
    rec = _reconstructed(data, "board")
    names = _regions(data)
    out = {}
    for s in data["board"]["spaces"]:
        start = f"; starting space ({s['start_symbol'].replace('players-', '')} players)" if s.get("start_symbol") else ""
        out[str(s["number"])] = component(
            f"building space {s['number']}", f"in the region {names[s['region']]}; explore reward: {_effect(s['reward'])}; next to "
            f"{', '.join(map(str, s['neighbours']))}{start}", reconstruction=rec, region=s["region"], reward=s["reward"],
            neighbours=s["neighbours"], start_symbol=s.get("start_symbol"))
    return out


def _river(data: dict) -> dict:
    rec = _reconstructed(data, "river")
    out = {}
    for s in data["river"]["spaces"]:
        arm = {"U": "upper arm (round 1)", "L": "lower arm (round 2)"}.get(s["id"][0], "trunk")
        what = "harbor" if s["harbor"] else (_effect(s["reward"]) if "reward" in s else "no reward")
        out[s["id"]] = component(f"river space {s['id']}", f"{arm}; {what}", reconstruction=rec, harbor=s["harbor"],
                                 reward=s.get("reward"), next=s["next"])
    return out


def _solo(data: dict) -> dict:
    rec = _reconstructed(data, "solo")
    return {t["id"]: component(f"solo tile {t['id']}", f"grade {t['grade']}; actions {', '.join(a.replace('_', ' ') for a in t['actions'])}; "
                                                   f"corners {', '.join(f'{k.replace(chr(95), chr(32))} {v}' for k, v in t['corners'].items())}",
                               reconstruction=rec, grade=t["grade"], actions=t["actions"], corners=t["corners"])
            for t in data["solo"]["tiles"]}


def catalog_ids(cat: Catalog) -> Ids:
    """Kind -> id -> entry, from the catalog's data."""
    data = cat.data
    board_rec = _reconstructed(data, "board")
    return {
        "card": _cards(data), "tile": _tiles(data), "scoring-tile": _scoring_tiles(data), "strip": _strips(data),
        "lever": _levers(data), "space": _spaces(data), "river-space": _river(data),
        "region": {r["id"]: component(r["name"], f"north rank {r['north_rank']}; region label: {_effect(r['label_reward'])}",
                                      reconstruction=board_rec, north_rank=r["north_rank"], label_reward=r["label_reward"])
                   for r in data["board"]["regions"]},
        "solo-tile": _solo(data),
        "resource": words(RESOURCES, "production site / resource"),
        "card-kind": words(CARD_KINDS, "project card kind (a special project counts as one)"),
        "piece": {"house": component("house", "an inhabitant upgraded to a house"),
                  "settlement": component("settlement", "a house upgraded to a settlement")},
        "track": words(("coin", "card"), "income track"),
        "exchange": {"discard": component("discard", "give up cards (the cards follow as give moves)"),
                     "draw": component("draw", "give up something to draw cards"),
                     "give": component("give", "give up an inhabitant or vases")},
        "harbor-bonus": words(("coins", "cards"), "a harbor's bonus"),
        "payment": words(("inhabitant", "coins", "vase"), "a payment on a paying scoring tile"),
        "lever-take": words(("joker", "coins", "cards"), "what a lever used with a card gives"),
        "corner": words(CORNERS, "corner of a solo tile"),
        "difficulty": {d: component(d.replace("_", " "), f"solo: {n['A']} A-tiles and {n['B']} B-tiles removed from the ten",
                                     reconstruction=False, removes=n)
                       for d, n in data["solo"]["difficulty"].items()},
    }
