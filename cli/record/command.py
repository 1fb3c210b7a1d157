"""`ludolog record`: start (GAME) or resume (FILE) a log and serve its scoresheet page until
interrupted, printing the page's full address (token included) and opening a browser where there is one.
"""
from __future__ import annotations

import os
import secrets
import socket
import sys
import threading
import webbrowser
from pathlib import Path

import typer

from ludolog.replayer.core import LogError
from ludolog.replayer.core.files import display_name

from ..common import EXIT_INVALID, parse_option_pairs, resolve_game, usage_error, violation_text
from ..new import player_ids

_LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def open_recording(target: str, players: str | None, options: list[str] | None, out: Path | None):
    """A new log (GAME with --players and --out) or an existing one (FILE)."""
    from .session import Recording

    path = Path(target)
    if players is None and out is None and (path.suffix == ".json" or path.exists()):
        if options:
            usage_error("--option is given when a game starts; the log keeps the options it began with", "--option")
        try:
            return Recording.open(path)
        except LogError as exc:
            typer.echo("\n".join(violation_text(v) for v in exc.violations[:5]), err=True)
            if not path.exists():
                typer.echo(f"to start a new game in it: ludolog record GAME --players ana,ben --out {display_name(path)}",
                           err=True)
            else:
                typer.echo(f"{display_name(path)} cannot be recorded into: fix what is said above first", err=True)
            raise typer.Exit(EXIT_INVALID) from None
    engine = resolve_game(target)
    if players is None:
        usage_error("a new game needs its players in seat order, e.g. --players ana,ben", "--players")
    if out is None:
        usage_error("a new game needs the file to write, e.g. --out game.json", "--out")
    ids = player_ids(engine, players)
    chosen = parse_option_pairs(options)
    unknown = [k for k in chosen if k not in engine.variants]
    if unknown:
        usage_error(f"{unknown[0]!r} is not an option of {engine.name} (options: {', '.join(engine.variants) or 'none'})",
                    "--option")
    try:
        return Recording.create(out, engine.name, ids, chosen)
    except FileExistsError:  # a file or link of that name, even one appearing meanwhile
        typer.echo(f"{display_name(out)} exists already; ludolog never replaces it. To go on recording it: "
                   f"ludolog record {display_name(out)}", err=True)
        raise typer.Exit(EXIT_INVALID) from None


def serve(recording, host: str, port: int, open_browser: bool) -> None:
    """Serve ``recording`` on ``host:port`` (0: a free port) until interrupted."""
    import uvicorn

    from .server import make_app

    token = secrets.token_urlsafe(18)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # no Nagle delay: an answer's head and body go out as two writes, and the second would wait
    # for the browser's delayed acknowledgement (about 40 ms a request); accepted sockets inherit it
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        usage_error(f"cannot listen on {host}:{port} ({exc.strerror or exc})", "--port" if port else "--host")
    sock.listen(64)
    bound = sock.getsockname()[1]
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    address = f"http://{'[' + shown + ']' if ':' in shown else shown}:{bound}/?token={token}"
    typer.echo(f"recording {display_name(recording.path)} ({recording.game.title}): open {address}")
    if host not in _LOOPBACK:
        typer.echo(f"listening on every network interface ({host}): a phone on this network opens the same "
                   "address with this machine's network address; without the token nothing is answered")
    typer.echo("every move is written to the file as it is recorded; stop with Ctrl+C")
    sys.stdout.flush()
    config = uvicorn.Config(make_app(recording, token), log_level="warning", access_log=False, lifespan="off")
    server = uvicorn.Server(config)
    if open_browser:
        threading.Timer(0.5, lambda: _open(address)).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    name = display_name(recording.path)
    typer.echo(f"stopped: {name} holds {recording.count} moves; to go on recording: ludolog record {name}")


def _open(address: str) -> None:
    """Open ``address`` in a graphical browser where there is one: on Linux without a display
    Python's webbrowser would start a text browser in this very terminal."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return
    try:
        webbrowser.open(address)
    except Exception:  # noqa: BLE001 - no browser here: the printed address is enough
        pass
