"""The entries of ``ludolog ids``: what each id a log may use names, and what is printed on it.

:meth:`Game.catalog_ids` returns ``kind -> id -> entry``; every entry is a dict made by
:func:`component`: ``name`` (what the table calls it), ``text`` (the facts printed on it, in words,
maybe empty), the facts themselves under the catalog's own keys (``cost``, ``vp``, ``effect``...;
keys that do not apply are left out, never null), and ``reconstruction`` (true when the facts are
ludolog's estimate, explained in the game's CATALOG.md). The recorder and editors read this shape
from ``ludolog ids GAME --format json`` (docs/commands.md).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Entry = dict[str, Any]
Ids = dict[str, dict[str, Entry]]


def component(name: str, text: str = "", *, reconstruction: bool = False, **facts: Any) -> Entry:
    """One entry: ``name``, ``text``, the facts given (None left out) and ``reconstruction``."""
    entry: Entry = {"name": name, "text": text}
    entry.update((key, value) for key, value in facts.items() if value is not None)
    entry["reconstruction"] = bool(reconstruction)
    return entry


def words(values, what: str = "", *, reconstruction: bool = False) -> dict[str, Entry]:
    """Entries for fixed words of a log (``coin``, ``card``): each named by itself, ``what`` as text."""
    return {str(v): component(str(v), what, reconstruction=reconstruction) for v in values}


def amounts(counts: dict) -> str:
    """``{"wood": 2, "stone": 1}`` -> ``2 wood, 1 stone`` (zero amounts left out)."""
    return ", ".join(f"{n} {kind}" for kind, n in counts.items() if n)


def line(entry: Entry, ident: str = "") -> str:
    """An entry as one line of ``ludolog ids``: its name (unless it is ``ident`` itself), its facts,
    and the reconstruction mark."""
    name, text = entry["name"], entry["text"]
    if name == ident:
        name = ""
    out = f"{name}: {text}" if text and name else (text or name)
    return out + (" [reconstruction]" if entry["reconstruction"] else "")


def id_words(text) -> str:
    """A catalog id in words: ``card_joker_or_coins`` -> ``card joker or coins``, ``vp`` -> ``VP``."""
    return " ".join("VP" if w == "vp" else w for w in str(text).replace("_", " ").split())


def effect_words(effect: dict, nouns: Mapping[str, tuple[str, str]],
                 value_words: Callable[[str, Any], str]) -> str:
    """A catalog effect in a few words: its kind (``take coins``) with its ``n``; its other
    parameters after a colon, the counted ones counted by ``nouns`` (key -> singular, plural:
    ``2 coins``), the rest as ``key value`` with the value said by ``value_words(key, value)``."""
    head, extras = id_words(effect.get("kind", "")), []
    for key, value in effect.items():
        if key == "kind":
            continue
        if key == "n":
            head += f" {value}"
        elif key in nouns and isinstance(value, int) and not isinstance(value, bool):
            extras.append(f"{value} {nouns[key][value != 1]}")
        else:
            extras.append(f"{id_words(key)} {value_words(key, value)}")
    return head + (f": {', '.join(extras)}" if extras else "")
