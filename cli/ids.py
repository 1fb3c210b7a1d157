"""`ludolog ids GAME [KIND]`: the ids a log of GAME may use, with what each one is.

The ids come from the engine's :meth:`Game.catalog_ids`, so what is printed is what the engine
accepts, each with its name, facts and whether the catalog reconstructed them (core/idlist.py).
"""

from typing import Annotated, Optional

import typer

from ludolog.replayer.core.idlist import line

from .common import FormatOption, OutputFormat, emit, handle_errors, resolve_game, usage_error


def ids_text(game_name: str, kinds: dict[str, dict[str, dict]]) -> str:
    lines = []
    for kind, entries in kinds.items():
        lines.append(f"{kind} ({len(entries)}):")
        width = max((len(i) for i in entries), default=0)
        lines.extend(f"  {i.ljust(width)}  {line(entry, i)}".rstrip() for i, entry in entries.items())
    return "\n".join(lines) if lines else f"{game_name} names no ids"


@handle_errors
def ids_command(game: Annotated[str, typer.Argument(help="Game name, e.g. entdecker.")],
                kind: Annotated[Optional[str], typer.Argument(help="One kind of id (tile, card, space...); "
                                                              "default: every kind.")] = None,
                fmt: FormatOption = OutputFormat.text) -> None:
    """List the ids a log of GAME may use (tiles, cards, spaces, bridges...) and what each one is."""
    engine = resolve_game(game)
    kinds = engine.catalog_ids()
    if kind is not None:
        if kind not in kinds:
            from ludolog.replayer.core.suggest import did_you_mean

            usage_error(f"{engine.name} has no ids of kind {kind!r}{did_you_mean(kind, kinds)} "
                        f"(kinds: {', '.join(kinds)})", "KIND")
        kinds = {kind: kinds[kind]}
    emit({"game": engine.name, "catalog": engine.catalog_version, "ids": kinds}, fmt,
         lambda: ids_text(engine.name, kinds))
