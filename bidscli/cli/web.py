"""`bids serve`'s web side: the ASGI application (Starlette) over the folder's table games.

The games themselves (load, check a line, save, undo, version, state) are ``app/table.py``'s;
this module turns them into HTTP (the JSON API of serve.md), serves the pages and their
script and style from the package, streams each game's state to the watchers, and guards
the door (docs/serve.md, "Security"):

- writes need ``Authorization: Bearer <secret>``, compared in constant time (``hmac``);
- a request whose ``Host`` is not the address served is refused (DNS rebinding);
- a body is counted as its bytes arrive and refused past 64 KiB (413); requests and event
  streams are bounded per client address (429);
- every answer carries a Content-Security-Policy with no inline script (the pages load
  ``/static/serve.js``; a report page's own inline script is allowed by its hash), and
  ``Referrer-Policy: no-referrer``.

Saves run on the event loop's thread, one at a time: two phones sending the same trick are
served in turn, so the second one meets the new version (409) and never a half-made game.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import re
import time
from importlib import resources

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from ..app.table import LANGS, Answer, Folder, in_language, refused
from ..core.i18n import Message
from ..core.sanitize import json_text

MAX_BODY = 64 * 1024  # bytes of a request body (serve.md)
HEARTBEAT = 15.0  # seconds between the comment lines of an event stream
POLL = 0.5  # seconds between two looks at the files of the games watched (another program's edits)
RATE = 200.0  # requests a second, per client address, with a burst of BURST
BURST = 400.0
STREAMS_PER_CLIENT = 100  # event streams open at once, per client address
STREAMS = 1000  # event streams open at once, in all
BAD_SECRETS = 20  # wrong secrets per client address before it waits (a minute's refill)

PAGE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def _json(doc, status: int = 200) -> Response:
    import json

    body = json_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
    return Response(body, status_code=status, media_type="application/json",
                    headers={"Cache-Control": "no-store"})


def _error(status: int, message: str) -> Response:
    return _json({"errors": [{"message": message, "line": None}]}, status)


class Buckets:
    """Token buckets by client address: ``take(addr)`` is False when it must wait."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.state: dict[str, tuple[float, float]] = {}

    def ok(self, addr: str) -> bool:
        """Whether ``addr`` could take one now (nothing taken)."""
        now = time.monotonic()
        tokens, then = self.state.get(addr, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.rate) >= 1

    def take(self, addr: str, cost: float = 1.0) -> bool:
        now = time.monotonic()
        tokens, then = self.state.get(addr, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if len(self.state) > 10_000:  # bounded: forget the quiet ones
            self.state = {a: v for a, v in self.state.items() if now - v[1] < 60}
        if tokens < cost:
            self.state[addr] = (tokens, now)
            return False
        self.state[addr] = (tokens - cost, now)
        return True


class Hub:
    """The event streams open on each game: a save, or a change noticed on disk, wakes them."""

    def __init__(self) -> None:
        self.queues: dict[str, set[asyncio.Queue]] = {}
        self.by_client: dict[str, int] = {}
        self.closing = False
        self.events: dict[tuple, str] = {}

    def count(self) -> int:
        return sum(len(q) for q in self.queues.values())

    def publish(self, name: str) -> None:
        for q in self.queues.get(name, ()):
            if q.empty():  # one wake-up is enough: the stream sends the state as it is then
                q.put_nowait(True)

    def event(self, game, lang: str) -> str:
        """The event that sends a game's state: made once per version and language, whatever the
        number of watchers."""
        import json

        key = (game.name, game.version, lang)
        text = self.events.get(key)
        if text is None:
            try:
                with in_language(lang):
                    doc = game.state(lang)
            except Answer as exc:
                doc = exc.body
            if len(self.events) > 256:
                self.events.clear()
            text = self.events[key] = (
                f"data: {json_text(json.dumps(doc, ensure_ascii=False, separators=(',', ':')))}\n\n")
        return text

    def close(self) -> None:
        """The server stops: every stream ends now (no shutdown waits on a watcher)."""
        self.closing = True
        for qs in self.queues.values():
            for q in qs:
                q.put_nowait(None)


class Site:
    """The folder served and everything a request needs to be answered."""

    def __init__(self, folder: str, secret: str, hosts: set[str], *, rate: float = RATE,
                 burst: float = BURST) -> None:
        self.folder = Folder(folder)
        self.secret = secret.encode()
        self.hosts = {h.lower() for h in hosts}
        self.buckets = Buckets(rate, burst)
        self.bad = Buckets(BAD_SECRETS / 60, BAD_SECRETS)
        self.hub = Hub()
        self.folder.busy = lambda name: bool(self.hub.queues.get(name))
        self.static: dict[str, tuple[bytes, str]] = {}
        self.app = self._app()

    # -- the door -------------------------------------------------------------------------------
    def allowed(self, request: Request) -> Response | None:
        """Refusals before any route: another Host, too many requests."""
        host = (request.headers.get("host") or "").lower()
        with in_language(_lang(request)):
            if host not in self.hosts:
                return _refusal(request, 421, Message("this server answers only for {hosts}",
                                                      hosts=" | ".join(sorted(self.hosts))))
            if not self.buckets.take(_client(request)):
                return _refusal(request, 429, Message("too many requests: wait a moment"), {"Retry-After": "1"})
        return None

    def authorised(self, request: Request) -> bool:
        header = request.headers.get("authorization", "")
        scheme, _, given = header.partition(" ")
        ok = scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), self.secret)
        return ok

    async def body(self, request: Request) -> dict:
        """The JSON body, counted as it arrives: refused past MAX_BODY bytes (413)."""
        import json

        lang = _lang(request)
        too_big = Message("a request body is at most {n} KiB", n=MAX_BODY // 1024)
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            with in_language(lang):
                raise refused(413, too_big)
        chunks, n = [], 0
        async for chunk in request.stream():
            n += len(chunk)
            if n > MAX_BODY:
                with in_language(lang):
                    raise refused(413, too_big)
            chunks.append(chunk)
        with in_language(lang):
            try:
                doc = json.loads(b"".join(chunks).decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                raise refused(400, Message("expected a JSON object (UTF-8)")) from None
            if not isinstance(doc, dict):
                raise refused(422, Message("expected a JSON object"))
        return doc

    # -- the application ----------------------------------------------------------------------
    def _app(self) -> _Guard:
        routes = [
            Route("/", self.page),
            Route("/g/{gid}", self.page),
            Route("/w/{gid}", self.page),
            Route("/g/{gid}/report", self.report),
            Route("/season", self.season),
            Route("/static/{name}", self.asset),
            Route("/api/games", self.games, methods=["GET", "POST"]),
            Route("/api/rulesets", self.rulesets),
            Route("/api/games/{gid}", self.game),
            Route("/api/games/{gid}/check", self.check, methods=["POST"]),
            Route("/api/games/{gid}/tricks", self.tricks, methods=["POST"]),
            Route("/api/games/{gid}/undo", self.undo, methods=["POST"]),
            Route("/api/games/{gid}/events", self.events),
        ]
        app = Starlette(routes=routes, lifespan=self._lifespan,
                        exception_handlers={Answer: lambda request, exc: _json(exc.body, exc.status)})
        return _Guard(app, self)

    def _lifespan(self, app):
        site = self

        class Span:
            async def __aenter__(self):
                self.task = asyncio.get_running_loop().create_task(site.watch_files())

            async def __aexit__(self, *exc):
                site.hub.close()
                self.task.cancel()

        return Span()

    async def watch_files(self) -> None:
        """Every POLL seconds, the files of the games watched: a change made by another program
        (``bids record``, an editor) reaches the watchers."""
        while True:
            await asyncio.sleep(POLL)
            for name in [n for n, qs in self.hub.queues.items() if qs]:
                game = self.folder.games.get(name)
                if game is not None and game.refresh():
                    self.hub.publish(name)

    # -- the API --------------------------------------------------------------------------------
    # Each answer is made in the request's language (in_language), with no await inside: the
    # server answers one request at a time while it words and saves.
    async def games(self, request: Request) -> Response:
        lang = _lang(request)
        if request.method == "GET":
            with in_language(lang):
                return _json(self.folder.listing())
        self._write_allowed(request)
        body = await self.body(request)
        with in_language(lang):
            game = self.folder.create(body)
            self.hub.publish(game.name)
            return _json(game.state(lang), 201)

    async def rulesets(self, request: Request) -> Response:
        with in_language(_lang(request)):
            return _json(self.folder.rulesets())

    async def game(self, request: Request) -> Response:
        lang = _lang(request)
        with in_language(lang):
            return _json(self.folder.find(request.path_params["gid"]).state(lang))

    async def check(self, request: Request) -> Response:
        self._write_allowed(request)
        body = await self.body(request)
        with in_language(_lang(request)):
            game = self.folder.find(request.path_params["gid"])
            return _json(game.check(body.get("line")))

    async def tricks(self, request: Request) -> Response:
        return await self._change(request, lambda game, body: game.add(body.get("line"), body.get("version")))

    async def undo(self, request: Request) -> Response:
        return await self._change(request, lambda game, body: game.undo(body.get("version")))

    async def _change(self, request: Request, change) -> Response:
        """A write that changes a game (a trick, an undo): the watchers are woken when it saved."""
        self._write_allowed(request)
        body = await self.body(request)
        lang = _lang(request)
        with in_language(lang):
            game = self.folder.find(request.path_params["gid"])
            before = game.version
            try:
                change(game, body)
            finally:
                if game.version != before:
                    self.hub.publish(game.name)
            return _json(game.state(lang))

    def _write_allowed(self, request: Request) -> None:
        client = _client(request)
        with in_language(_lang(request)):
            if not self.bad.ok(client):
                raise refused(429, Message("too many wrong secrets: wait a minute"))
            if not self.authorised(request):
                self.bad.take(client)
                raise refused(401, Message("writing needs the scorekeeper's link (its secret)"))

    async def events(self, request: Request) -> Response:
        with in_language(_lang(request)):
            game = self.folder.find(request.path_params["gid"])
        client = _client(request)
        hub = self.hub
        lang = _lang(request)
        if hub.count() >= STREAMS or hub.by_client.get(client, 0) >= STREAMS_PER_CLIENT:
            with in_language(lang):
                response = _error(429, Message("too many event streams open: close some pages").text())
            response.headers["Retry-After"] = "15"  # a stream left is let go within a heartbeat
            return response
        queue: asyncio.Queue = asyncio.Queue()
        hub.queues.setdefault(game.name, set()).add(queue)
        hub.by_client[client] = hub.by_client.get(client, 0) + 1

        async def stream():
            sent = None
            try:
                while not hub.closing:
                    if game.version != sent:
                        sent = game.version
                        yield hub.event(game, lang)
                    try:
                        wake = await asyncio.wait_for(queue.get(), HEARTBEAT)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    if wake is None:
                        return
            finally:
                watching = hub.queues.get(game.name, set())
                watching.discard(queue)
                if not watching:
                    hub.queues.pop(game.name, None)
                left = hub.by_client.get(client, 1) - 1
                if left:
                    hub.by_client[client] = left
                else:
                    hub.by_client.pop(client, None)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    # -- the pages ------------------------------------------------------------------------------
    async def page(self, request: Request) -> Response:
        from ..report import serve as pages

        lang = _lang(request)
        gid = request.path_params.get("gid")
        with in_language(lang):
            if gid is not None:
                lang = self._table_language(request, self.folder.find(gid))  # 404 for a game not there
        kind = "home" if gid is None else ("watch" if request.url.path.startswith("/w/") else "keep")
        with in_language(lang):
            return Response(pages.page(kind, lang, gid), media_type="text/html; charset=utf-8",
                            headers={"Cache-Control": "no-store"})

    @staticmethod
    def _table_language(request: Request, game) -> str:
        """A game's pages speak the table's language (chosen when the game was made, the log's
        ``[meta] lang``), unless the link asks for another (?lang=)."""
        if request.query_params.get("lang") not in LANGS and game.rec is not None and game.rec.lang in LANGS:
            return game.rec.lang
        return _lang(request)

    async def report(self, request: Request) -> Response:
        from ..app.api import report_page
        from ..core.errors import BidsError
        from ..report import html
        from ..report import serve as pages

        with in_language(_lang(request)):
            game = self.folder.find(request.path_params["gid"])
        lang = self._table_language(request, game)
        with in_language(lang):
            try:
                text = html.game(report_page(game.path, [], allow_partial=True))
            except BidsError as exc:
                text = pages.note(lang, str(exc.located(file=game.name)))
            return _html_with_inline(text)

    async def season(self, request: Request) -> Response:
        from ..app import season as app
        from ..report import html

        with in_language(_lang(request)):
            result = app.run(self.folder.playable(), [], app.alias_map([]))
            return _html_with_inline(html.season(result, "bids season ."))

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ("serve.js", "serve.css"):
            return PlainTextResponse("not found\n", status_code=404)
        if name not in self.static:
            data = resources.files("bidscli.report").joinpath("templates", name).read_bytes()
            kind = "text/javascript" if name.endswith(".js") else "text/css"
            self.static[name] = (data, f"{kind}; charset=utf-8")
        data, kind = self.static[name]
        return Response(data, media_type=kind, headers={"Cache-Control": "no-cache"})


def _html_with_inline(text: str) -> Response:
    """A report page (one self-contained file): its inline script allowed by its hash only."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(m.encode()).digest()).decode()}'"
                      for m in re.findall(r"<script>(.*?)</script>", text, flags=re.DOTALL))
    csp = (f"default-src 'none'; script-src {hashes or chr(39) + 'none' + chr(39)}; style-src 'self' 'unsafe-inline'; "
           "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return Response(text, media_type="text/html; charset=utf-8",
                    headers={"Content-Security-Policy": csp, "Cache-Control": "no-store"})


def _refusal(request: Request, status: int, message: Message, headers: dict[str, str] | None = None) -> Response:
    """The door's refusal: the API's ``{"errors": [...]}`` under ``/api/`` (serve.md), a line of
    text for a page."""
    if request.url.path.startswith("/api/"):
        response = _error(status, message.text())
        response.headers.update(headers or {})
        return response
    return PlainTextResponse(message.text() + "\n", status_code=status, headers=headers)


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _lang(request: Request) -> str:
    """The language of the texts meant for people: ``?lang=``, else ``Accept-Language``, else English."""
    asked = request.query_params.get("lang")
    if asked in LANGS:
        return asked
    for part in (request.headers.get("accept-language") or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGS:
            return tag
    return "en"


class _Guard:
    """The ASGI layer every HTTP request passes: the door (Host, rate), the answers raised as
    :class:`Answer`, and the headers every answer carries."""

    def __init__(self, app: Starlette, site: Site) -> None:
        self.app, self.site = app, site

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        refusal = self.site.allowed(request)
        if refusal is not None:
            await _with_headers(refusal)(scope, receive, send)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                for k, v in _HEADERS:
                    if k not in names:
                        headers.append((k, v))
                message = dict(message, headers=headers)
            await send(message)

        await self.app(scope, receive, send_with_headers)


_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", PAGE_CSP.encode()),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def _with_headers(response: Response) -> Response:
    for k, v in _HEADERS:
        response.headers.setdefault(k.decode(), v.decode())
    return response


__all__ = ["MAX_BODY", "Site"]

