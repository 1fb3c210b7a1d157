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
    assert "14 in the piles" in ids["tile"]["bay"]  # the catalog's count, with what the tile is


def test_kingdom_crossing_ids_are_the_catalogs():
    catalog = orjson.loads((REPO / "replayer" / "kingdom_crossing" / "catalog.json").read_bytes())
    ids = _ids("kingdom-crossing")
    assert ids["bridge"] == {b["id"]: f"{b['a']} - {b['b']}" for b in catalog["bridges"]}
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
