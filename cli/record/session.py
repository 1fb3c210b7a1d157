"""One game being recorded: the log on disk, the engine state in memory, and every change to both.

A :class:`Recording` keeps the engine's state after the last accepted move, so that a request
never replays the game from its first move (only a take-back does). Every change is written to the
file before it is acknowledged (:func:`durable_write`): a killed server leaves every move the page
showed as recorded.

Phases: ``setup`` (the set-up still holds placeholders or breaks a rule; moves wait), ``play``,
``blocked`` (the last move was recorded against the engine's verdict, after the scorer confirmed:
nothing more is recorded until it is taken back) and ``over``.
"""
from __future__ import annotations

import os
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import orjson

from ludolog.replayer.core import (CURRENT_FORMAT, SIMULTANEOUS, LogError, LudologError, get_game,
                                   replay)
from ludolog.replayer.core.files import OutputError, OutputExistsError, display_name, read_log_bytes, write_file
from ludolog.replayer.core.reading import parse_log
from ludolog.replayer.core.replay import check_claimed
from ludolog.replayer.core.schemas import PLACEHOLDER

from . import choices, setup_form

#: the envelope field holding the take-backs (log.schema.json documents it)
TRAIL = "corrections"
#: moves shown as "last moves"
LAST_MOVES = 8


class RecordError(LudologError):
    """A request the recording refuses; ``status`` is the HTTP status, ``data`` extra JSON."""

    def __init__(self, status: int, message: str, **data: Any):
        super().__init__(message)
        self.status = status
        self.data = data


class StorageError(LudologError):
    """The log file cannot be written (disk full, read-only folder...): a fault of the machine."""


def durable_write(path: Path, data: bytes, create: bool = False) -> None:
    """Write ``path`` whole as :func:`write_file` does (``create``: to a free name only, never
    replacing a file), the file and then its folder flushed to the disk so that it survives a crash.

    :raises FileExistsError: ``create`` and the name is taken.
    :raises StorageError: the file system refuses (the message says what and where).
    """
    def write(handle) -> None:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())

    try:
        write_file(path, write, overwrite=not create)
        folder = os.open(path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except OutputExistsError:
        raise FileExistsError(path) from None
    except (OutputError, OSError) as exc:
        reason = exc if isinstance(exc, OutputError) else f"{display_name(path)}: cannot write: {exc.strerror or exc}"
        kept = "" if create else "; the file keeps everything the page showed as recorded before this change"
        raise StorageError(f"{reason}{kept}") from None


def _now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def starting_log(game, players: list[str], options: dict) -> dict:
    """The log a recording starts from: ``ludolog new``'s, with the options and the recorder's meta."""
    from ..new import starting_log as template

    log = template(game, players)
    log["options"] = dict(options)
    log["meta"]["source"] = f"recorded with ludolog record {game.name}"
    log["meta"]["date"] = datetime.now(timezone.utc).date().isoformat()
    return log


class Recording:
    """A log being recorded (see the module's text). Every public method holds the lock."""

    def __init__(self, path: Path, raw: dict):
        self.path = path
        self.raw = raw
        self.game = get_game(raw["game"])
        self.names = choices.Names.of(self.game)
        self.lock = threading.Lock()
        self.version = 0  # bumped on every change: what the page polls
        self._rebuild()

    # -- opening ----------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path, game_name: str, players: list[str], options: dict,
               setup: dict | None = None) -> "Recording":
        """A new log at ``path``, written at once; its set-up is ``setup`` or placeholders.
        :raises FileExistsError: ``path`` exists."""
        game = get_game(game_name)
        raw = starting_log(game, players, options)
        if setup is not None:
            raw["setup"] = setup
        durable_write(path, orjson.dumps(raw, option=orjson.OPT_INDENT_2) + b"\n", create=True)
        return cls(path, raw)

    @classmethod
    def open(cls, path: Path) -> "Recording":
        """An existing log to go on recording. :raises LogError: not a log of a known game."""
        data = read_log_bytes(path)
        log = parse_log(data, display_name(path))  # raises LogError for a file that is no log
        if not log.head_ok and any(v.move_index is None and not v.pointer.startswith("/setup")
                                   for v in log.violations):
            raise LogError([v for v in log.violations if v.move_index is None])
        if log.migration is not None:  # moves appended in today's format would not fit the file's
            raise RecordError(409, f"{display_name(path)} is written in {log.source_format}, an older format: "
                                   f"`ludolog migrate {display_name(path)} --out FOLDER` writes it in {CURRENT_FORMAT}, "
                                   "which can be recorded into")
        return cls(path, orjson.loads(data.removeprefix(b"\xef\xbb\xbf")))

    # -- the position -----------------------------------------------------------------------------
    def _parsed(self, raw: dict):
        return parse_log(orjson.dumps(raw), display_name(self.path), self.game)

    def _rebuild(self) -> None:
        """Replay the whole log once (opening, set-up, take-back): the state after its last
        accepted move, the phase and any violation."""
        self.log = self._parsed(self.raw)
        self._legal: list[dict] | None = None
        self.refused: dict | None = None  # the violation of a move recorded against the verdict
        self.problems: list[dict] = []  # set-up violations (phase setup)
        setup_errors = [v for v in self.log.violations if v.move_index is None]
        result = None if setup_errors else replay(self.log, check_claims=False)
        self.state = None if result is None else result.state
        if self.state is None:
            self.problems = [_violation(v) for v in (setup_errors or result.violations)]
            return
        refused = [v for v in result.violations if v.move_index is not None and v.move_index < len(self.log.moves)]
        if refused:
            self.refused = _violation(refused[0])

    @property
    def phase(self) -> str:
        if self.state is None:
            return "setup"
        if self.refused is not None:
            return "blocked"
        return "over" if self.game.is_terminal(self.state) else "play"

    @property
    def count(self) -> int:
        return len(self.raw["moves"])

    def legal(self) -> list[dict]:
        """The legal moves of the current position (listed once per position)."""
        if self._legal is None:
            self._legal = self.game.legal_moves(self.state) if self.phase == "play" else []
        return self._legal

    def _save(self, before: bytes) -> None:
        """Write the changed log; if the disk refuses, the recording goes back to ``before`` (the log
        as it was: the file keeps it, and so does the page)."""
        try:
            durable_write(self.path, orjson.dumps(self.raw, option=orjson.OPT_INDENT_2) + b"\n")
        except StorageError:
            self.raw = orjson.loads(before)
            self._rebuild()
            raise
        self.version += 1

    # -- what the page shows ----------------------------------------------------------------------
    def view(self, svg: bool = True) -> dict:
        """The position as the page draws it."""
        with self.lock:
            return self._view(svg)

    def _view(self, svg: bool = True) -> dict:
        game, state, raw = self.game, self.state, self.raw
        ids = [p["id"] for p in raw["players"]]
        out: dict[str, Any] = {
            "game": game.name, "title": game.title, "file": display_name(self.path), "version": self.version,
            "count": self.count, "phase": self.phase, "players": ids, "options": raw.get("options") or {},
            "claimed": raw.get("claimed") or {}, "corrections": len(raw.get(TRAIL) or []),
            "last": [{"index": i, "text": self.move_words(m), "player": m.get("player"), "note": m.get("note", "")}
                     for i, m in list(enumerate(raw["moves"]))[-LAST_MOVES:]][::-1],
        }
        if state is None:
            out["problems"] = self.problems
            return out
        out["scores"] = dict(zip(ids, game.scores(state)))
        bots = game.bot_scores(state)
        if bots:
            out["bots"] = {bot.name: bots[bot.id] for bot in game.bot_seats(state)}
        turn, round_no = game.turn_info(state)
        out["turn"] = {"turn": turn, "round": round_no, "round_name": game.round_name}
        out["acting"] = [ids[s] for s in sorted(game.acting_seats(state))]
        window = game.open_window(state)
        out["to_move"] = self._to_move_words(out["acting"], window)
        out["describe"] = game.describe(state)
        if svg:  # a view without the picture (a stale answer, a poll) leaves the page's picture as it is
            out["svg"] = game.render_svg(state)
        if self.refused is not None:
            out["refused"] = self.refused
        if self.phase == "over":
            from ludolog.replayer.core import ReplayResult

            out["result"] = ReplayResult(log=self.log, game=game, state=state, applied=self.count,
                                         terminal=True).result_line
        if self.phase == "over" or raw.get("claimed"):
            out["claims"] = [_violation(v) for v in check_claimed(self.log, game, state, game.is_terminal(state))] \
                if raw.get("claimed") else []
        return out

    def _to_move_words(self, acting: list[str], window) -> str:
        if self.phase == "over":
            return "the game is over"
        if self.phase == "blocked":
            return "recording stops at a refused move: take it back to go on"
        if window is not None and not window.complete:
            if len(acting) == 1:  # the last one still to decide
                return f"{window.label}: {acting[0]} decides"
            return f"{window.label}: {', '.join(acting[:-1])} and {acting[-1]} decide (in any order)"
        if acting:
            return f"{acting[0]} to move"
        return "a random outcome (what the table drew, rolled or turned up)"

    def move_words(self, move: dict) -> str:
        """A move in words as the page's last moves show it (``ana: hire P1 FLO-10``)."""
        who = move.get("player")
        text = self.names.move_text(move)
        return f"{who}: {text}" if who else text

    def step(self, picks: list[tuple[str, str]], count: int | None = None) -> dict:
        """The next choice after ``picks`` (see :func:`choices.step`)."""
        with self.lock:
            if count is not None:
                self._check_count(count)
            if self.phase != "play":
                return {"kind": "closed", "phase": self.phase, "count": self.count}
            offer = choices.step(self.legal(), picks, self.names, [p["id"] for p in self.raw["players"]],
                                 self.game.to_move(self.state) == SIMULTANEOUS)
            offer["count"] = self.count
            offer["picks"] = [list(p) for p in picks]
            return offer

    def _check_count(self, count: int) -> None:
        """:raises RecordError: 409, with the current position, when the page shows another ``count`` of moves."""
        if count != self.count:
            raise RecordError(409, f"the position changed: {self.count} moves are recorded now, not {count}; "
                              "the page shows the current position", position=self._view(svg=False))

    # -- changes ----------------------------------------------------------------------------------
    def record(self, count: int, move: dict, force: bool = False) -> dict:
        """Append ``move`` to the log after ``count`` moves: a legal move at once; a move the
        engine refuses only with ``force`` (the scorer confirmed it), which blocks recording.

        :raises RecordError: 409 stale position or recording stopped, 422 refused (the violation
            is in ``data``; send again with ``force`` to record it anyway).
        """
        with self.lock:
            self._check_count(count)
            phase = self.phase
            if phase == "setup":
                raise RecordError(409, "the set-up is not complete yet: fill it in first")
            if phase == "blocked":
                raise RecordError(409, "the last move was recorded against the rules: take it back before going on")
            if not isinstance(move, dict) or not isinstance(move.get("type"), str):
                raise RecordError(400, "a move is a JSON object with a \"type\"")
            key = choices.value_key({k: v for k, v in move.items() if k != "note"})
            # not listed, yet legal after all: a field order the list did not use
            if any(choices.value_key(m) == key for m in self.legal()) or (violation := self._refusal(move)) is None:
                self._apply(move)
            elif not force:
                raise RecordError(422, f"the rules refuse this move: {violation['message']}", violation=violation)
            else:
                before = orjson.dumps(self.raw)
                self.raw["moves"].append(move)
                self._save(before)
                self.refused = violation
                self.log = self._parsed(self.raw)
                self._legal = []
            return self._view()

    def _apply(self, move: dict) -> None:
        game, state = self.game, self.state
        before = orjson.dumps(self.raw)
        for ledger in [state.ledger] + [game.bot_ledger(state, bot) for bot in game.bot_seats(state)]:
            ledger.move_index = self.count
        pid = move.get("player")
        seat = self.log.seat_of.get(pid) if pid is not None else None
        game.apply(state, move, seat)  # listed as legal: accepted (apply checks every rule again)
        self.raw["moves"].append(move)
        self._legal = None
        self._save(before)
        self.log.moves = self.raw["moves"]

    def _refusal(self, move: dict) -> dict | None:
        """The violation ``validate`` would report for ``move`` appended to the log, or None."""
        trial = dict(self.raw)
        trial["moves"] = [*self.raw["moves"], move]
        log = self._parsed(trial)
        index = len(trial["moves"]) - 1
        found = [v for v in log.violations if v.move_index == index]
        if not found:
            result = replay(log, check_claims=False)
            found = [v for v in result.violations if v.move_index == index]
        return _violation(found[0]) if found else None

    def undo(self, count: int) -> dict:
        """Take back the last move; the trail (time, index, the move) goes into the log."""
        with self.lock:
            self._check_count(count)
            if not self.raw["moves"]:
                raise RecordError(409, "no move to take back")
            before = orjson.dumps(self.raw)
            move = self.raw["moves"].pop()
            self.raw.setdefault(TRAIL, []).append({"time": _now(), "index": self.count, "move": move})
            self._save(before)
            self._rebuild()
            return self._view()

    def note(self, index: int, text: str) -> dict:
        """Set (or, with an empty text, remove) the note of move ``index``."""
        with self.lock:
            if not isinstance(index, int) or not 0 <= index < self.count:
                raise RecordError(400, f"there is no move {index} (the log has {self.count} moves, from 0)")
            if not isinstance(text, str) or len(text) > 2000:
                raise RecordError(400, "a note is a text of at most 2,000 characters")
            before = orjson.dumps(self.raw)
            move = self.raw["moves"][index]
            if text.strip():
                move["note"] = text.strip()
            else:
                move.pop("note", None)
            self._save(before)
            return self._view()

    def claim(self, final: dict | None, event: dict | None) -> dict:
        """The scores the table wrote down: ``final`` (player id -> score) and/or one interim
        ``event`` ({"after": index, "label": text, "scores": {...}}); checked by the schema."""
        with self.lock:
            claimed = dict(self.raw.get("claimed") or {})
            if final is not None:
                claimed["final"] = final
            if event is not None:
                claimed["events"] = [*(claimed.get("events") or []), event]
            trial = dict(self.raw)
            trial["claimed"] = claimed
            log = self._parsed(trial)
            wrong = [_violation(v) for v in log.violations if v.pointer.startswith("/claimed")]
            if wrong:
                raise RecordError(400, "; ".join(w["message"] for w in wrong), problems=wrong)
            before = orjson.dumps(self.raw)
            self.raw["claimed"] = claimed
            self._save(before)
            self.log.claimed = claimed
            return self._view()

    # -- set-up -----------------------------------------------------------------------------------
    def setup_form(self) -> dict:
        """The set-up's fields: each leaf of the game's set-up shape with its JSON pointer, the
        value written so far ("" for a placeholder), its kind and the ids it may hold with names."""
        with self.lock:
            written = self.raw.get("setup") or {}
            fields = self._fields()
            for f in fields:
                value = setup_form.value_at(written, f["path"])
                f["value"] = "" if value is None or (isinstance(value, str) and value.startswith(PLACEHOLDER)) else value
            return {"fields": [{k: v for k, v in f.items() if k != "path"} for f in fields],
                    "problems": self.problems, "phase": self.phase}

    def _fields(self) -> list[dict]:
        return setup_form.fields(self.game, [p["id"] for p in self.raw["players"]], self.raw.get("options") or {},
                                 self.names)

    def set_setup(self, values: dict[str, Any]) -> dict:
        """Write the set-up from ``values`` (JSON pointer -> value) and check it as a whole: every
        schema error at once, then the rules of set-up. The file keeps what was written either way
        (a placeholder stays where nothing was given); play starts when it is right."""
        with self.lock:
            if self.raw["moves"]:
                raise RecordError(409, "moves are recorded already: the set-up can no longer change")
            if not isinstance(values, dict):
                raise RecordError(400, "the set-up is sent as an object of JSON pointer -> value")
            before = orjson.dumps(self.raw)
            self.raw["setup"] = setup_form.fill(self._fields(), values)
            self._save(before)
            self._rebuild()
            return {"phase": self.phase, "problems": self.problems, "view": self._view()}


def _violation(v) -> dict:
    return {"index": v.move_index, "pointer": v.pointer, "code": v.code, "message": v.message, "rule": v.rule_ref}

