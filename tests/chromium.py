"""Headless Chromium for the tests that look at a page: a DevTools Protocol session and a PNG reader.

Debian's Chromium (``apt-get install chromium``; ``.ci/run`` installs it) is started with a DevTools
port on loopback. Since Chromium 111 the DevTools websocket refuses a connection whose ``Origin``
header it does not know ("Handshake status 403 Forbidden ... Use the command line flag
--remote-allow-origins"), so the client sends no Origin header at all (``suppress_origin``) and the
browser allows exactly its own loopback origin besides.

Where Chromium cannot be had the ``browser`` fixture skips with :data:`SKIP_REASON`; conftest.py
counts such skips and names them in the test summary, so a run that never drove the browser is seen.
"""
from __future__ import annotations

import contextlib
import json
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
import zlib
from collections.abc import Iterator

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: the reason every browser test gives when it skips; conftest.py looks for it in the summary
SKIP_REASON = "BROWSER TEST NOT RUN: Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)"


def png_pixels(png: bytes) -> tuple[int, int, list[list[bytes]]]:
    """Width, height and the RGB pixels, row by row, of an 8-bit RGB/RGBA PNG (what Chromium writes)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, [[row[i:i + 3] for i in range(0, stride, channels)] for row in rows]


class DevTools:
    """A minimal Chrome DevTools Protocol session over one page (websocket-client)."""

    def __init__(self, url: str):
        import websocket

        # No Origin header: Chromium then accepts the connection without --remote-allow-origins.
        self.ws = websocket.create_connection(url, timeout=30, suppress_origin=True)
        self.next_id = 0
        self.events: list[dict] = []

    def call(self, method: str, **params) -> dict:
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        assert "exceptionDetails" not in result, result
        return result["result"].get("value")

    def wait_for(self, expression: str, seconds: float = 30) -> object:
        """Evaluate ``expression`` until it is truthy; its value, or an AssertionError after ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            assert time.monotonic() < deadline, f"timed out waiting for {expression}"
            time.sleep(0.05)

    def errors(self) -> list[dict]:
        """The page's uncaught exceptions and console errors seen so far."""
        self.call("Runtime.evaluate", expression="0")  # collect the events that arrived meanwhile
        return [e for e in self.events if e.get("method") == "Runtime.exceptionThrown"
                or (e.get("method") == "Runtime.consoleAPICalled" and e["params"]["type"] in ("error", "assert"))]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def chromium(window: str = "1400,1800") -> Iterator[DevTools]:
    """A headless Chromium with one blank page, driven over DevTools; closed and cleaned up after."""
    assert CHROMIUM is not None, SKIP_REASON
    port = _free_port()
    profile = tempfile.mkdtemp(prefix="ludolog-chromium-")
    process = subprocess.Popen(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
         "--disable-quic", f"--user-data-dir={profile}", "--remote-debugging-address=127.0.0.1",
         f"--remote-debugging-port={port}", f"--remote-allow-origins=http://127.0.0.1:{port}",
         f"--window-size={window}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    session = None
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2) as answer:
                    pages = [t for t in json.load(answer) if t["type"] == "page"]
                if pages:
                    break
            except OSError:
                pass
            assert process.poll() is None, f"Chromium exited at start with status {process.returncode}"
            assert time.monotonic() < deadline, "Chromium did not open its DevTools port"
            time.sleep(0.2)
        session = DevTools(pages[0]["webSocketDebuggerUrl"])
        yield session
    finally:
        if session is not None:
            session.ws.close()
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(profile, ignore_errors=True)
