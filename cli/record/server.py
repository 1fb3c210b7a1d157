"""The scoresheet's web server: the page, its scripts, and the JSON API the page uses.

One :class:`~.session.Recording` per server, kept in memory. Every request must carry the secret
token (``?token=`` in the address, or the ``X-Ludolog-Token`` header the page sends): without it
the answer is 403 and nothing changes. The token keeps out other machines when the server listens
on the network (``--host 0.0.0.0``) and other web pages of the same browser when it does not.

The API (JSON in, JSON out) is listed in docs/recording.md.
"""
from __future__ import annotations

import hmac
from importlib import resources

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .session import Recording, RecordError, StorageError

#: the largest request body accepted (a move, a note, a set-up): 256 KiB
MAX_BODY = 256 * 1024
_STATIC = {"record.js": "text/javascript; charset=utf-8", "record.css": "text/css; charset=utf-8",
           "index.html": "text/html; charset=utf-8"}


class JSON(JSONResponse):
    def render(self, content) -> bytes:
        return orjson.dumps(content)


def _error(status: int, message: str, **data) -> JSON:
    return JSON({"error": message, **data}, status_code=status)


def static_file(name: str) -> bytes:
    return resources.files("ludolog.cli.record").joinpath("static", name).read_bytes()


def make_app(recording: Recording, token: str) -> Starlette:
    """The ASGI application serving ``recording`` to holders of ``token``."""

    async def body(request: Request) -> dict:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            raise RecordError(413, f"the request is larger than {MAX_BODY // 1024} KiB")
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise RecordError(413, f"the request is larger than {MAX_BODY // 1024} KiB")
        try:
            value = orjson.loads(data or b"{}")
        except orjson.JSONDecodeError as exc:
            raise RecordError(400, f"the request is not valid JSON ({exc})") from None
        if not isinstance(value, dict):
            raise RecordError(400, "the request is a JSON object")
        return value

    def count_of(data: dict, key: str = "count") -> int:
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RecordError(400, f"\"{key}\" (the number of moves the page shows) is a whole number")
        return value

    async def page(request: Request) -> Response:
        html = static_file("index.html").replace(b"{{token}}", token.encode())  # the token is url-safe
        return Response(html, media_type=_STATIC["index.html"],
                        headers={"Cache-Control": "no-store"})

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            return _error(404, f"no file {name!r} here")
        return Response(static_file(name), media_type=_STATIC[name], headers={"Cache-Control": "no-store"})

    async def view(request: Request) -> Response:
        since = request.query_params.get("since")
        if since is not None and since.isdigit() and int(since) == recording.version:
            return JSON({"version": recording.version, "unchanged": True})
        return JSON(recording.view(svg=request.query_params.get("svg") != "0"))

    async def choose(request: Request) -> Response:
        data = await body(request)
        picks = data.get("picks") or []
        if not isinstance(picks, list) or not all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
                                                  for p in picks):
            raise RecordError(400, "\"picks\" is a list of [field, value] pairs, as the choices gave them")
        count = data.get("count")
        return JSON(recording.step([tuple(p) for p in picks], None if count is None else count_of(data)))

    async def move(request: Request) -> Response:
        data = await body(request)
        return JSON(recording.record(count_of(data), data.get("move"), bool(data.get("force"))))

    async def undo(request: Request) -> Response:
        data = await body(request)
        return JSON(recording.undo(count_of(data)))

    async def note(request: Request) -> Response:
        data = await body(request)
        return JSON(recording.note(data.get("index"), data.get("note", "")))

    async def claim(request: Request) -> Response:
        data = await body(request)
        final, event = data.get("final"), data.get("event")
        if final is None and event is None:
            raise RecordError(400, "send \"final\" (player id -> score) or \"event\" (after, label, scores)")
        return JSON(recording.claim(final, event))

    async def setup(request: Request) -> Response:
        if request.method == "GET":
            return JSON(recording.setup_form())
        data = await body(request)
        return JSON(recording.set_setup(data.get("values")))

    routes = [Route("/", page), Route("/static/{name}", asset), Route("/api/view", view),
              Route("/api/choices", choose, methods=["POST"]), Route("/api/move", move, methods=["POST"]),
              Route("/api/undo", undo, methods=["POST"]), Route("/api/note", note, methods=["POST"]),
              Route("/api/claim", claim, methods=["POST"]), Route("/api/setup", setup, methods=["GET", "POST"])]

    async def refused(request: Request, exc: RecordError) -> Response:
        return _error(exc.status, str(exc), **exc.data)

    async def storage(request: Request, exc: StorageError) -> Response:
        return _error(507, str(exc))

    async def not_found(request: Request, exc) -> Response:  # 404 and 405
        if exc.status_code == 404:
            return _error(404, f"nothing at {request.url.path}")
        return _error(405, f"{request.method} is not accepted at {request.url.path}")

    async def internal(request: Request, exc: Exception) -> Response:
        return _error(500, f"ludolog failed on this request ({type(exc).__name__}); the log file holds every move "
                           "recorded so far")

    app = Starlette(routes=routes, exception_handlers={RecordError: refused, StorageError: storage,
                                                       404: not_found, 405: not_found, Exception: internal})

    async def guarded(scope, receive, send):
        if scope["type"] == "http":
            query = scope.get("query_string", b"").decode("latin-1")
            headers = dict(scope.get("headers") or [])
            given = headers.get(b"x-ludolog-token", b"").decode("latin-1")
            if not given:
                from urllib.parse import parse_qs

                given = (parse_qs(query).get("token") or [""])[0]
            if not hmac.compare_digest(given.encode(), token.encode()):
                response = _error(403, "this scoresheet needs its token: open the full address `ludolog record` "
                                       "printed (it ends in ?token=...)")
                await response(scope, receive, send)
                return
        await app(scope, receive, send)

    return guarded
