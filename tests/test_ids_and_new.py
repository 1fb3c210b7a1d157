"""`ludolog ids GAME [KIND]` lists the ids a log may use; `ludolog new GAME --players ...` writes a
starting log that validates as UNFINISHED once its set-up placeholders are filled.

The ids expected are read from the catalog files themselves (not from the engine's listing), and
the set-up used to fill a template is one the engine draws (random_setup), not the template code."""
from __future__ import annotations

import random
import re
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.cli.new import count_placeholders
from ludolog.replayer.core import Game, all_games, get_game
from ludolog.replayer.core.schemas import PLACEHOLDER

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _unboxed(text: str) -> str:
    """A usage error's words without the box typer draws around them (it wraps lines)."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def _ids(*args: str) -> dict:
    result = runner.invoke(app, ["ids", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return orjson.loads(result.output)["ids"]


def test_entdecker_ids_are_the_catalogs():
    catalog = orjson.loads((REPO / "replayer" / "entdecker" / "catalog.json").read_bytes())
    ids = _ids("entdecker")
    assert list(ids["tile"]) == [t["id"] for t in catalog["tiles"]]
    assert list(ids["personal-tile"]) == [t["id"] for t in catalog["personal_tiles"]]
    columns, rows = catalog["board"]["columns"], catalog["board"]["rows"]
    assert sorted(ids["space"]) == sorted(f"{chr(65 + c)}{r + 1}" for c in range(columns) for r in range(rows))
    assert len(ids["edge"]) == 2 * (columns + rows)
    bay = next(t for t in catalog["tiles"] if t["id"] == "bay")
    assert ids["tile"]["bay"]["count"] == bay["count"] and f"{bay['count']} in the piles" in ids["tile"]["bay"]["text"]


def test_kingdom_crossing_ids_are_the_catalogs():
    catalog = orjson.loads((REPO / "replayer" / "kingdom_crossing" / "catalog.json").read_bytes())
    ids = _ids("kingdom-crossing")
    assert {i: e["between"] for i, e in ids["bridge"].items()} == {b["id"]: [b["a"], b["b"]] for b in catalog["bridges"]}
    assert list(ids["space"]) == [s["id"] for s in catalog["deck_spaces"]]
    assert sorted(ids["card"]) == sorted(c["id"] for deck in catalog["decks"] for c in deck["cards"])
    assert list(ids["favor"]) == [f["id"] for f in catalog["favors"]]
    assert list(_ids("kingdom-crossing", "region")) == ["region"]


def test_one_kind_and_an_unknown_kind():
    assert list(_ids("entdecker", "piece")) == ["piece"]
    result = runner.invoke(app, ["ids", "entdecker", "tiles"])
    assert result.exit_code == 2 and "did you mean 'tile'?" in _unboxed(result.output)


def test_the_default_lists_the_schemas_fixed_words():
    words = Game.catalog_ids(get_game("entdecker"))  # the base class's default, on a real schema
    assert set(words["piece"]) == {"post", "fort", "colony"} and set(words["segment"]) == set("NESW")


def _catalog(game: str) -> dict:
    return orjson.loads((REPO / "replayer" / game / "catalog.json").read_bytes())


def test_boonlake_ids_are_the_catalogs():
    catalog = _catalog("boonlake")
    ids = _ids("boonlake")
    cards = catalog["project_cards"]["cards"]
    assert list(ids["card"]) == [c["id"] for c in cards] and len(cards) == catalog["materials"]["project_cards"]
    d44 = next(c for c in cards if c["id"] == "D44")
    assert {k: ids["card"]["D44"][k] for k in ("cost", "vp", "effect", "timing")} == {k: d44[k] for k in ("cost", "vp", "effect", "timing")}
    assert ids["card"]["D44"]["reconstruction"] is catalog["project_cards"]["provenance"]["reconstruction"] is True
    assert list(ids["tile"]) == [t["id"] for t in catalog["building_tiles"]["tiles"]]
    assert sorted(i for i, t in ids["tile"].items() if t["pasture"]) == sorted(
        t["id"] for t in catalog["building_tiles"]["tiles"] if t["back"] == "pasture")
    assert list(ids["scoring-tile"]) == [t["id"] for t in catalog["scoring_tiles"]["tiles"]]
    assert list(ids["strip"]) == [s["id"] for s in catalog["strips"]["strips"]]
    assert list(ids["lever"]) == [f"m{n}" for n in range(1, 13)]
    assert list(ids["space"]) == [str(n) for n in range(1, 34)]  # building spaces 1-33 (rules: "from space 33 skip to space 1")
    assert len(ids["river-space"]) == 48 and {"1", "16", "U1", "U16", "L1", "L16"} <= set(ids["river-space"])
    assert {r["name"] for r in ids["region"].values()} == {"Boonlake", "Southern", "New Hope", "Unknown"}
    # a space names its region as the board prints it ("Unknown" is a region, not missing data)
    space1 = next(s for s in catalog["board"]["spaces"] if s["number"] == 1)
    region = next(r["name"] for r in catalog["board"]["regions"] if r["id"] == space1["region"])
    assert ids["space"]["1"]["text"].startswith(f"in the region {region};")
    # effects in words: counted things counted, regions named, no catalog ids with underscores
    names = {r["id"]: r["name"] for r in catalog["board"]["regions"]}
    m10 = next(m for m in catalog["player_board"]["lever_spaces"] if m["id"] == "m10")["effect"]
    assert f"{m10['coins']} coins, {m10['cards']} cards" in ids["lever"]["m10"]["text"]
    by_region = next(c for c in cards if "region" in c["effect"])
    assert f"region {names[by_region['effect']['region']]}" in ids["card"][by_region["id"]]["text"]
    for kind, entries in ids.items():
        for ident, entry in entries.items():
            assert "_" not in entry["text"] and " vp" not in entry["text"], (kind, ident, entry["text"])


def test_castles_of_burgundy_ids_are_the_catalogs():
    catalog = _catalog("castles_of_burgundy")
    ids = _ids("castles-of-burgundy")
    kinds = catalog["hex_tiles"]["kinds"]
    assert list(ids["tile"]) == [k["id"] for k in kinds] + ["black"]
    assert sum(t.get("knowledge") is not None for t in ids["tile"].values()) == len(catalog["knowledge_tiles"])
    k12 = ids["tile"]["knowledge-12"]
    raw = next(k for k in kinds if k["id"] == "knowledge-12")
    assert (k12["normal_back"], k12["black_back"]) == (raw["normal_back"], raw["black_back"])
    # knowledge tiles 16-23 as printed: "4 VP for each <building>" at the end of the game
    k16 = next(k for k in catalog["knowledge_tiles"] if k["number"] == 16)["effect"]
    building = next(b["name"] for b in catalog["building_types"] if b["id"] == k16["building"])
    assert f"game end: {k16['vp']} VP per {building}" in ids["tile"]["knowledge-16"]["text"]
    assert all(" vp" not in t["text"] and "_" not in t["text"] for t in ids["tile"].values())
    assert set(ids["depot"]) == {"1", "2", "3", "4", "5", "6"}
    assert set(ids["depot-space"]) == {s["id"] for d in catalog["depots"]["numbered"] for s in d["spaces"]}
    standard = {str(n) for n in range(1, 38)}  # 37 spaces numbered row by row (catalog notes)
    assert standard | {f"A{n}" for n in range(37)} | {f"B{n}" for n in range(1, 38)} == set(ids["space"])
    assert ids["space"]["19"]["boards"]["1"] == "castle 6"  # board #1's centre: the starting castle (rulebook)
    uncertain = {b["numbers"]["alea-2011"] for b in catalog["boards"] if b["status"] != "confirmed" and "alea-2011" in b["numbers"]}
    assert {n for n, b in ids["board"].items() if b["reconstruction"]} == uncertain


def test_keyflower_upgrade_costs_name_what_is_paid():
    """The Workshop's upgrade asks 2 resources of any kind, the Barn's 2 skill tiles of any kind:
    the two must not read alike (both used to print "2 any")."""
    catalog = _catalog("keyflower")
    tiles = {t["id"]: t for t in catalog["village_tiles"]}
    assert tiles["workshop"]["upgrade_cost"] == {"resources": {"any": 2}, "skills": {}}
    assert tiles["barn"]["upgrade_cost"] == {"resources": {}, "skills": {"any": 2}}
    ids = _ids("keyflower", "tile")["tile"]
    assert "upgraded for 2 resources of any kind" in ids["workshop"]["text"]
    assert "upgraded for 2 skill tiles of any kind" in ids["barn"]["text"]
    assert "any" not in ids["workshop"]["text"].replace("of any kind", "")
    assert ids["barn"]["reconstruction"] is tiles["barn"]["reconstruction"]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_entry_has_the_documented_shape(game):
    result = runner.invoke(app, ["ids", game.name, "--format", "json"])
    assert result.exit_code == 0, result.output
    out = orjson.loads(result.output)
    assert set(out) == {"game", "catalog", "ids"} and out["game"] == game.name
    for kind, entries in out["ids"].items():
        assert entries, kind
        for ident, entry in entries.items():
            assert isinstance(entry["name"], str) and entry["name"], (kind, ident)
            assert isinstance(entry["text"], str) and isinstance(entry["reconstruction"], bool), (kind, ident)
            assert list(entry)[:2] == ["name", "text"] and list(entry)[-1] == "reconstruction"
            assert None not in entry.values(), (kind, ident)
            # read as a player would: no empty list left in the words ("side b with  players"), no
            # Python or JSON punctuation, no dangling separator
            for words in (entry["name"], entry["text"]):
                assert not re.search(r"  |\[\]|\{\}|\bNone\b|'\[|[:;,]$|^[:;,]", words), (kind, ident, words)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_game_lists_some_ids(game):
    result = runner.invoke(app, ["ids", game.name])
    assert result.exit_code == 0 and result.output.strip(), result.output


# -- ludolog new ----------------------------------------------------------------------------------

def _fill(template, drawn):
    """Each placeholder of ``template`` replaced by the value at the same place in ``drawn``."""
    if isinstance(template, dict):
        return {k: _fill(v, drawn[k]) for k, v in template.items()}
    if isinstance(template, list):
        return [_fill(v, d) for v, d in zip(template, drawn)]
    if isinstance(template, str) and template.startswith(PLACEHOLDER):
        return drawn
    return template


def _overflow(violation: dict) -> bool:
    """The one line that says how many more schema errors were found than are explained."""
    return violation["pointer"] in ("", "/") and "are not listed" in violation["message"]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_generate_fill_validate(game, tmp_path):
    names = ["ana", "ben", "cleo", "dev", "eli", "fay", "gus", "hal"]
    for n in sorted({game.min_players, game.max_players}):
        path = tmp_path / f"{game.name}-{n}.json"
        players = ",".join(names[:n])
        result = runner.invoke(app, ["new", game.name, "--players", players, "--out", str(path)])
        assert result.exit_code == 0, result.output
        template = orjson.loads(path.read_bytes())
        assert template["players"] == [{"id": p, "name": p.capitalize()} for p in names[:n]]
        assert template["moves"] == [] and count_placeholders(template["setup"]) >= 1
        # as written, every placeholder is reported, and nothing else
        result = runner.invoke(app, ["validate", str(path), "--format", "json"])
        assert result.exit_code == 1
        violations = orjson.loads(result.output)["files"][0]["violations"]
        assert violations and all("still to be filled in" in v["message"] or _overflow(v) for v in violations)
        assert sum(map(_overflow, violations)) <= 1 and not _overflow(violations[0])
        # filled in as a table would, from a set-up the engine draws (the template's own shape:
        # optional parts, such as a Castles of Burgundy board, vary from draw to draw): UNFINISHED
        drawn = game.random_setup(random.Random(0), n, {})
        template["setup"] = _fill(template["setup"], drawn)
        path.write_bytes(orjson.dumps(template, option=orjson.OPT_INDENT_2))
        result = runner.invoke(app, ["validate", str(path)])
        assert result.exit_code == 0 and result.output.startswith("UNFINISHED"), result.output


def test_new_never_replaces_a_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("mine")
    result = runner.invoke(app, ["new", "entdecker", "--players", "ana,ben", "--out", str(path)])
    assert result.exit_code == 1 and "exists already" in result.output
    assert path.read_text() == "mine"


@pytest.mark.parametrize("players,what", [("ana", "played by"), ("ana,ana", "once"), ("ana,b en", "not a player id")])
def test_new_refuses_bad_players(tmp_path, players, what):
    result = runner.invoke(app, ["new", "entdecker", "--players", players, "--out", str(tmp_path / "g.json")])
    assert result.exit_code == 2 and what in _unboxed(result.output)
    assert not (tmp_path / "g.json").exists()


def _strings(value) -> set[str]:
    """Every key and string value in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return {value} if isinstance(value, str) else set()


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_new_writes_the_given_players_into_the_setup(game, tmp_path):
    # players the simulator never names: a set-up part keyed by player (an estate, a seat order)
    # must name these players, not the simulator's ana and ben
    path = tmp_path / "game.json"
    players = ["zed", "amy", "qix", "vod"][:game.min_players if game.min_players > 1 else 2]
    result = runner.invoke(app, ["new", game.name, "--players", ",".join(players), "--out", str(path)])
    assert result.exit_code == 0, result.output
    found = _strings(orjson.loads(path.read_bytes())["setup"])
    assert not found & {"ana", "ben", "cleo", "dev"}, sorted(found & {"ana", "ben", "cleo", "dev"})
