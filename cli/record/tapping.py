"""A game recorded as a scorer taps it: the scoresheet's own calls, without the browser.

:func:`record_game` writes a finished log into a :class:`~.session.Recording` the way the page
does (``make demo`` shows the recorder with it): the set-up as the form sends it, each move chosen
through :meth:`Recording.step` (behind ``/api/choices``) and recorded, the final scores claimed.
Once, near the middle, a mistaken tap is recorded and taken back, so that the log's ``corrections``
trail holds it, as a real scoresheet's would.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludolog.replayer.core import LudologError

from . import choices


class TappingError(LudologError):
    """The recording refused what the table played (its message says where and why)."""


@dataclass
class Tapped:
    """What recording a game took."""

    setup_values: int = 0  #: values chosen in the set-up form
    moves: int = 0
    taps: int = 0  #: choices made for the moves kept (the mistaken one and its take-back not counted)
    taken_back: dict = field(default_factory=dict)  #: index, wrong and right move in words


def setup_values(setup: Any, pointer: str = "") -> dict[str, Any]:
    """The set-up as the page's form sends it: each leaf value under its JSON pointer."""
    out: dict[str, Any] = {}
    if isinstance(setup, dict):
        for key, value in setup.items():
            out.update(setup_values(value, f"{pointer}/{key}"))
    elif isinstance(setup, list):
        for i, value in enumerate(setup):
            out.update(setup_values(value, f"{pointer}/{i}"))
    else:
        out[pointer] = setup
    return out


def tap_move(recording, move: dict) -> int:
    """Choose ``move`` through the choice tree and record it; the number of taps it took.
    :raises TappingError: ``move`` is not among the choices (not legal here)."""
    try:
        chosen, taps = choices.choose(lambda picks: recording.step(picks, recording.count), move)
    except ValueError as exc:
        raise TappingError(f"move {recording.count} ({recording.names.move_text(move)}): {exc}") from None
    recording.record(recording.count, chosen)
    return taps


def _mistap(recording, move: dict) -> dict | None:
    """The move the button beside the right one leads to (the first choice of each later step), or
    None when the first choice has no other button."""
    offer = recording.step([], recording.count)
    if offer["kind"] == "whole":
        keys = [o["key"] for o in offer["options"]]
        right = keys.index(choices.value_key(move))
        return offer["options"][right + 1 if right + 1 < len(keys) else right - 1]["move"] if len(keys) > 1 else None
    if offer["kind"] != "field" or len(offer["options"]) < 2:
        return None
    values = [o["value"] for o in offer["options"]]
    right = values.index(choices.field_key(move, offer["field"]))
    picks = [(offer["field"], values[right + 1 if right + 1 < len(values) else right - 1])]
    while True:
        offer = recording.step(picks, recording.count)
        if offer["kind"] == "move":
            return offer["move"]
        if offer["kind"] == "whole":
            return offer["options"][0]["move"]
        picks.append((offer["field"], offer["options"][0]["value"]))


def record_game(recording, raw: dict) -> Tapped:
    """Record the set-up, every move and the final claimed scores of the log ``raw`` into a new
    ``recording``, with one mistaken tap taken back. :raises TappingError: something is refused."""
    done = Tapped()
    values = setup_values(raw.get("setup") or {})
    answer = recording.set_setup(values)
    done.setup_values = len(values)
    if answer["phase"] != "play":
        raise TappingError("the set-up is refused: " + "; ".join(p["message"] for p in answer["problems"][:3]))
    moves = raw["moves"]
    mistake_at = len(moves) // 2
    for i, move in enumerate(moves):
        if i >= mistake_at and not done.taken_back:
            wrong = _mistap(recording, move)
            if wrong is not None:
                recording.record(recording.count, wrong)
                recording.undo(recording.count)
                done.taken_back = {"index": i, "wrong": recording.move_words(wrong),
                                   "right": recording.move_words(move)}
        done.taps += tap_move(recording, move)
        done.moves += 1
    final = (raw.get("claimed") or {}).get("final")
    if final:
        recording.claim(final, None)
    return done
