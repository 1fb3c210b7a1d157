"""`ludolog new GAME --players ana,ben`: a starting log to write a game into.

The envelope is filled in, no moves, and every set-up value is a placeholder, ``"<fill in: what
goes here>"``, which is not valid on purpose: ``ludolog validate`` points at each one until the
table has written what it saw. The set-up's shape is that of one the engine draws, without the keys
the schema calls optional, so any registered game gets its template without code of its own.
"""

import random
import re
from pathlib import Path
from typing import Annotated, Any, Optional

import orjson
import typer

from ludolog.replayer.core import CURRENT_FORMAT
from ludolog.replayer.core.files import write_file
from ludolog.replayer.core.schemas import PLACEHOLDER
from ludolog.replayer.core.simulate import setup_for

from .common import display_name, handle_errors, resolve_game, usage_error

_PLAYER_ID = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")


def resolve_ref(doc: dict, node: Any) -> dict:
    """``node`` with its local ``$ref`` (``#/$defs/...``) followed, repeatedly, its own keys kept."""
    for _ in range(10):
        if not isinstance(node, dict):
            return {}
        ref = node.get("$ref")
        if not (isinstance(ref, str) and ref.startswith("#/$defs/")):
            return node
        target = doc.get("$defs", {}).get(ref.removeprefix("#/$defs/"), {})
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def placeholders(value: Any, schema_doc: dict, node: Any, words: str = "", label: str = "") -> Any:
    """``value`` (a set-up drawn by the engine) with each leaf replaced by a placeholder saying what
    goes there: its own schema description, or its place (``G1``, ``card of start_pairs 2``) and
    the description of what holds it; an ``enum`` adds its choices. Keys the schema calls
    optional (its description says so) and does not require are left out."""
    own = node.get("description", "") if isinstance(node, dict) else ""
    resolved = resolve_ref(schema_doc, node)
    if isinstance(value, dict):
        required = resolved.get("required")
        properties = resolved.get("properties", {})
        extra = resolved.get("additionalProperties")
        out = {}
        for key, child in value.items():
            child_node = properties.get(key, extra if isinstance(extra, dict) else {})
            optional = resolve_ref(schema_doc, child_node).get("description", "").lower().startswith("optional")
            if required is not None and key not in required and optional:
                continue  # what only a table that counted can write (pile sizes...) is left out
            place = f"{key} of {label}" if label and not own else key
            out[key] = placeholders(child, schema_doc, child_node, own or words, place)
        return out
    if isinstance(value, list):
        item_node = resolved.get("items", {})
        return [placeholders(item, schema_doc, item_node, own or words, f"{label} {i + 1}".strip())
                for i, item in enumerate(value)]
    text = own or (f"{label}: {words}" if label and words else words or label)
    choices = resolved.get("enum")
    if isinstance(choices, list) and choices:
        text += f" ({' or '.join(str(c) for c in choices)})"
    return f"{PLACEHOLDER}: {text}>"


def starting_log(game, players: list[str]) -> dict:
    """The starting log of ``game`` for ``players`` (ids in seat order)."""
    doc = game.schema.document
    setup = setup_for(game, random.Random(0), players, {})
    setup_node = doc.get("properties", {}).get("setup", {})
    return {
        "$schema": f"{game.name}.schema.json",
        "format": CURRENT_FORMAT,
        "game": game.name,
        "edition": game.editions[0],
        "options": {},
        "catalog": game.catalog_version,
        "players": [{"id": pid, "name": pid.capitalize()} for pid in players],
        "setup": placeholders(setup, doc, setup_node),
        "moves": [],
        "meta": {"date": "", "place": "", "source": f"written at the table; begun with ludolog new {game.name}"},
    }


def count_placeholders(value: Any) -> int:
    if isinstance(value, dict):
        return sum(count_placeholders(v) for v in value.values())
    if isinstance(value, list):
        return sum(count_placeholders(v) for v in value)
    return int(isinstance(value, str) and value.startswith(PLACEHOLDER))


def player_ids(engine, players: str) -> list[str]:
    """The ``--players`` ids in seat order, each a valid id, given once, as many as the game seats;
    a usage error (exit 2) naming the first fault otherwise. Used by ``new`` and ``record``."""
    ids = [p.strip() for p in players.split(",")]
    bad = [p for p in ids if not _PLAYER_ID.match(p)]
    if bad:
        usage_error(f"{bad[0]!r} is not a player id: 1 to 40 letters, digits, '_', '.' or '-', without spaces",
                    "--players")
    if len(set(ids)) != len(ids):
        usage_error("each player id is given once", "--players")
    if not engine.min_players <= len(ids) <= engine.max_players:
        usage_error(f"{engine.title} is played by {engine.min_players}-{engine.max_players} players", "--players")
    return ids


@handle_errors
def new_command(
        game: Annotated[str, typer.Argument(help="Game name, e.g. entdecker.")],
        players: Annotated[str, typer.Option("--players", "-p", metavar="IDS",
                                             help="The players' ids in seat order, comma-separated: ana,ben.")],
        out: Annotated[Optional[Path], typer.Option("--out", "-o", readable=False,
                                                    help="The log file to write (default: GAME.json).")] = None) -> None:
    """Write a starting log for GAME: the envelope filled in, the set-up to fill in, no moves yet.

    Every "<fill in: ...>" value is what the table writes down at set-up; `ludolog validate` shows
    each one left. An existing file is never replaced (exit 1).
    """
    engine = resolve_game(game)
    ids = player_ids(engine, players)
    target = out if out is not None else Path(f"{engine.name}.json")
    log = starting_log(engine, ids)
    write_file(target, orjson.dumps(log, option=orjson.OPT_INDENT_2) + b"\n")
    left = count_placeholders(log)
    typer.echo(f"wrote {display_name(target)}: {engine.title} for {', '.join(ids)}; fill in the "
               f"{left} set-up value{'s' if left != 1 else ''} marked \"{PLACEHOLDER}: ...>\", then add the moves "
               f"(`ludolog ids {engine.name}` lists the ids; `ludolog schema {engine.name} > "
               f"{engine.name}.schema.json` lets an editor complete them)")
