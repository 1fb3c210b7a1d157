"""A `ludolog record` server in a subprocess for the scoresheet's tests, and a small JSON client.

The server is the real command (``ludolog record ... --no-open``); its address (token included) is
read from the first line it prints, as a person reads it.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

_ADDRESS = re.compile(r"open (http://\S+)")


@dataclass
class Server:
    process: subprocess.Popen
    address: str  # http://127.0.0.1:PORT/?token=...

    @property
    def base(self) -> str:
        return self.address.split("/?")[0]

    @property
    def token(self) -> str:
        return self.address.split("token=")[1]

    def call(self, method: str, path: str, body=None, token: bool = True, raw: bytes | None = None,
             headers: dict | None = None) -> tuple[int, dict]:
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("X-Ludolog-Token", self.token)
        for k, v in (headers or {}).items():
            request.add_header(k, v)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"{}")

    def get(self, path: str, **kw):
        return self.call("GET", path, **kw)

    def post(self, path: str, body=None, **kw):
        return self.call("POST", path, body, **kw)

    def stop(self, kill: bool = False) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start(args: list[str], cwd: Path | None = None) -> Server:
    """``ludolog record ARGS --no-open`` started; returns once it printed its address.

    :raises RuntimeError: it exited instead (its output in the message).
    """
    exe = Path(sys.executable).with_name("ludolog")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen([str(exe), "record", *args, "--no-open"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=cwd, env=env)
    line = process.stdout.readline()
    found = _ADDRESS.search(line)
    if not found:
        process.wait(timeout=20)
        raise RuntimeError(f"ludolog record exited {process.returncode}: {line}{process.stdout.read()}{process.stderr.read()}")
    return Server(process, found.group(1))


def fill_setup(server: Server, setup: dict) -> tuple[int, dict]:
    """Send a set-up (as a log holds it) to the page's set-up form."""
    values: dict[str, object] = {}

    def walk(value, pointer):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{pointer}/{k}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{pointer}/{i}")
        else:
            values[pointer] = value

    walk(setup, "")
    return server.post("/api/setup", {"values": values})


@contextmanager
def recording(game: str, path: Path, setup: dict):
    """``ludolog record GAME`` for ana and ben writing ``path``, its set-up form filled with
    ``setup`` (as a log holds it); stopped at the end of the block."""
    server = start([game, "--players", "ana,ben", "--out", str(path)])
    try:
        assert fill_setup(server, setup)[0] == 200
        yield server
    finally:
        server.stop()
