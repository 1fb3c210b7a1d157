"""`ludolog tables`: what a database holds - its tables and views, their row counts and columns.

The file is opened through the sandboxed read-only connection of ``ludolog query``.
"""

import contextlib
import dataclasses
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import FormatOption, OutputFormat, emit, fail, handle_errors
from .data_commands import DEFAULT_DB, DbOption
from .render import TEXT_WIDTH


@dataclass(slots=True)
class ColumnInfo:
    name: str
    type: str
    doc: str = ""  #: from ludolog's table definitions, for its own tables


@dataclass(slots=True)
class Relation:
    """One table or view of the database."""

    name: str
    kind: str  #: "table" or "view"
    rows: int
    doc: str = ""
    columns: list[ColumnInfo] = field(default_factory=list)


def _known_docs() -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """ludolog's own words for its tables, views and columns (by name)."""
    from ludolog.etl.tables import META_TABLE, TABLES, VIEW_COLUMNS, VIEWS

    tables = {name: table.doc for name, table in TABLES.items()}
    tables.update(VIEWS)
    tables[META_TABLE] = "facts about the database: schema_version, created_by, ludolog_version"
    columns = {(name, c.name): c.doc for relations in (TABLES, VIEW_COLUMNS) for name, table in relations.items()
               for c in table.columns}
    columns.update({(table.stored_name, c.name): c.doc for table in TABLES.values() for c in table.stored_columns})
    return tables, columns


def describe_database(db: Path) -> list[Relation]:
    """Every table and view of ``db`` (the main schema), in name order, with exact row counts.
    :raises DatabaseError: ``db`` cannot be opened (missing, in use, not a DuckDB file)."""
    from ludolog.etl.db import connect
    from ludolog.etl.tables import GAME_STATES_SUFFIX, GAME_TABLE_SUFFIX, GAME_VIEW_SUFFIX, STORED_SUFFIX

    table_docs, column_docs = _known_docs()
    with contextlib.closing(connect(db, sandbox=True)) as con:
        found = con.execute(
            "SELECT table_name, table_type FROM information_schema.tables "
            "WHERE table_schema = 'main' ORDER BY table_name").fetchall()
        columns = con.execute(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = 'main' ORDER BY table_name, ordinal_position").fetchall()
        relations = []
        for name, kind in found:
            quoted = '"' + name.replace('"', '""') + '"'
            rows = con.execute(f"SELECT count(*) FROM {quoted}").fetchone()[0]
            doc = table_docs.get(name, "")
            if not doc and name.endswith(STORED_SUFFIX):
                doc = (f"the stored rows of {name[:-len(STORED_SUFFIX)]}, game_key in place of game_id (the view "
                       f"{name[:-len(STORED_SUFFIX)]} gives them with game_id)")
            elif not doc and name.endswith(GAME_TABLE_SUFFIX):
                doc = ("the stored rows of the game's figures: the rows of player_state_changes of its games "
                       f"(the view <game>{GAME_STATES_SUFFIX} gives every row)")
            elif not doc and name.endswith(GAME_STATES_SUFFIX):
                doc = "the game-specific figures of each player after every move"
            elif not doc and name.endswith(GAME_VIEW_SUFFIX):
                doc = "player_states joined with the game's own figures"
            relations.append(Relation(name, "view" if kind == "VIEW" else "table", rows, doc))
        by_name = {r.name: r for r in relations}
        for table, column, data_type in columns:
            if table in by_name:
                by_name[table].columns.append(ColumnInfo(column, data_type, column_docs.get((table, column), "")))
        return relations


def tables_text(db: Path, relations: list[Relation], detail: bool) -> str:
    """Each relation on a line (name, kind, rows, what it holds), its columns wrapped below it;
    with ``detail`` one column per line with its description."""
    if not relations:
        return f"{db} holds no tables or views"
    width = max(len(r.name) for r in relations)
    counts = [f"{n} {kind}{'s' if n != 1 else ''}" for kind in ("table", "view")
              for n in [sum(r.kind == kind for r in relations)] if n]
    lines = [f"{db}: {', '.join(counts)}"]
    for r in relations:
        head = f"{r.name.ljust(width)}  {r.kind:<5}  {r.rows:>12,} rows"
        lines.append("")
        lines.append(head + (f"  {r.doc}" if r.doc and len(head) + 2 + len(r.doc) <= TEXT_WIDTH else ""))
        if r.doc and len(head) + 2 + len(r.doc) > TEXT_WIDTH:
            lines += textwrap.wrap(r.doc, TEXT_WIDTH, initial_indent="  ", subsequent_indent="  ")
        if detail:
            name_width = max((len(c.name) for c in r.columns), default=0)
            type_width = max((len(c.type) for c in r.columns), default=0)
            for c in r.columns:
                prefix = f"    {c.name.ljust(name_width)}  {c.type.ljust(type_width)}  "
                lines += textwrap.wrap(c.doc, TEXT_WIDTH, initial_indent=prefix,
                                       subsequent_indent=" " * len(prefix)) or [prefix.rstrip()]
        else:
            # a column's name and type stay on one line: joined by a no-break space while wrapping
            listing = ", ".join(f"{c.name}\u00a0{c.type}" for c in r.columns)
            lines += [line.replace("\u00a0", " ") for line in
                      textwrap.wrap(listing, TEXT_WIDTH, initial_indent="    ", subsequent_indent="    ")]
    return "\n".join(lines)


@handle_errors
def tables(name: Annotated[Optional[str], typer.Argument(
               metavar="[TABLE]", help="Only this table or view, each column with what it holds.")] = None,
           db: DbOption = DEFAULT_DB,
           fmt: FormatOption = OutputFormat.text) -> None:
    """List the tables and views of a database with their row counts and columns (read-only)."""
    relations = describe_database(db)
    if name is not None:
        chosen = [r for r in relations if r.name == name]
        if not chosen:
            fail(f"{db} has no table or view {name!r}; it has {', '.join(r.name for r in relations) or 'none'}")
        relations = chosen
    emit({"db": str(db), "tables": [dataclasses.asdict(r) for r in relations]}, fmt,
         lambda: tables_text(db, relations, detail=name is not None))
