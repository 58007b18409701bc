"""The web server the table's browsers connect to: Flet's web app, served by uvicorn with what the
app needs and nothing more.

Built here rather than by `ft.run` so that the page is named Scorekeeper (its title, and the name a
phone gives it on the home screen), routes the app never uses (FastAPI's /docs, /redoc and
/openapi.json, Flet's OAuth callback) are not served, a session whose device went away is freed in
minutes rather than kept for an hour, and a rude client is bounded: a connection that doesn't finish
its request headers in seconds is closed, one address can't hold more than a table's worth of
connections, and no message from a browser can be larger than the app ever sends.
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
import webbrowser

import flet_web.fastapi as flet_fastapi
import uvicorn
from starlette.routing import Mount
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from scorekeeper import i18n
from scorekeeper.i18n import N_, _
from scorekeeper.ui import fonts
from scorekeeper.ui.app import ASSETS_DIR, main as app_main

APP_NAME = "Scorekeeper"
APP_DESCRIPTION = N_("The score card for Oh Heck and its family, at a real table with a real deck")
# A device that went away (a phone locked in a pocket, a closed tab) keeps its session this long, so
# it comes back to where it was; after that its memory is freed. Flet's own default is an hour.
SESSION_SECONDS = 300
HEADER_SECONDS = 10.0  # a phone on a slow Wi-Fi sends its request headers in well under a second
PER_ADDRESS = 200  # connections from one address: a browser opens up to 6 plus its WebSocket; behind a TLS
# proxy the whole table is one address, 20 devices included
MESSAGE_BYTES = 1 << 20  # the largest WebSocket message a browser may send: a tap or a typed name is < 1 kB
UNUSED_PATHS = {"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json", "/oauth_callback"}


def _without_unused_routes(app) -> None:
    """Drop the routes nobody at the table needs, from `app` and the apps mounted in it (Starlette's
    public `routes` list: what is not listed is not served)."""
    app.router.routes[:] = [route for route in app.router.routes if getattr(route, "path", None) not in UNUSED_PATHS]
    for route in app.router.routes:
        if isinstance(route, Mount) and hasattr(route.app, "router"):
            _without_unused_routes(route.app)


# Added to the page Flet serves, in its <head>: assets/connection.js, the notice shown while the
# server can't be reached (Flet's client shows a white "Working..." page and drops taps meanwhile), and
# its words in every language (it shows when the server can't be asked for them).
CONNECTION_WORDS = {
    "title": N_("Not connected"),
    "body": N_("The device keeping the score can't be reached. Trying again by itself; everything entered "
               "before is stored."),
    "tap": N_("That tap was not sent: tap again once the connection is back."),
}


def page_additions() -> bytes:
    """The script tags added to the page: the connection notice and its words in each language."""
    words = {}
    for language in i18n.LANGUAGES:
        with i18n.use(language):
            words[language] = {key: _(message) for key, message in CONNECTION_WORDS.items()}
    data = json.dumps(words, ensure_ascii=True).replace("</", "<\\/")
    return f'<script>window.SCOREKEEPER_WORDS={data};</script><script src="connection.js"></script>'.encode()


PAGE_ADDITIONS = page_additions()


class PageAdditions:
    """ASGI middleware: PAGE_ADDITIONS in every HTML page served (the app's page, at any address)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started: dict | None = None
        chunks: list[bytes] = []

        async def add_to_html(message):
            nonlocal started
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers") or [])
                if headers.get(b"content-type", b"").startswith(b"text/html"):
                    started = message  # held until the body is complete (the page is ~5 kB)
                    return
            elif message["type"] == "http.response.body" and started is not None:
                chunks.append(message.get("body", b""))
                if message.get("more_body"):
                    return
                body = b"".join(chunks).replace(b"</head>", PAGE_ADDITIONS + b"</head>", 1)
                headers = [(name, value) for name, value in started["headers"] if name.lower() != b"content-length"]
                await send({**started, "headers": headers + [(b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
            await send(message)

        await self.app(scope, receive, add_to_html)


async def _font(position: str):
    """A font the screens need for names in another script (ui/fonts.py): only the card's own fonts."""
    from starlette.responses import FileResponse, Response

    path = fonts.file_of(int(position)) if position.isascii() and position.isdigit() and len(position) < 3 else None
    if path is None:
        return Response(status_code=404)
    return FileResponse(path, media_type="font/ttf", headers={"Cache-Control": "public, max-age=86400"})


def web_app(on_startup=None):
    """The ASGI app: Flet's web client and its WebSocket, our assets, our name."""
    outer = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None,
                                 on_startup=[on_startup] if on_startup else None)
    inner = flet_fastapi.app(
        app_main, assets_dir=ASSETS_DIR, app_name=APP_NAME, app_short_name=APP_NAME,
        app_description=_(APP_DESCRIPTION), no_cdn=True, session_timeout_seconds=SESSION_SECONDS)
    outer.add_api_route(fonts.ROUTE + "{position}", _font, methods=["GET"])  # before the app: names in any script
    outer.mount("/", inner)
    _without_unused_routes(outer)
    outer.add_middleware(PageAdditions)
    return outer


def bounded_http(header_seconds: float = HEADER_SECONDS, per_address: int = PER_ADDRESS):
    """uvicorn's HTTP protocol with two bounds it lacks: a deadline for each request's headers (else a
    client that sends them a byte a minute holds its connection for ever, and a thousand such clients
    lock every browser out), and a cap on the connections open from one address."""

    class BoundedHttp(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None
        # Per address, the transports it has open (a WebSocket's too: it keeps the transport it was
        # upgraded from). Closed ones are dropped whenever the address connects again.
        _open: dict[str, set[asyncio.Transport]] = {}

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else ""
            live = {other for other in self._open.get(address, ()) if not other.is_closing()}
            if len(live) >= per_address:
                transport.close()
                return
            live.add(transport)
            self._open[address] = live
            self._arm()

        def _arm(self) -> None:
            self._deadline = self.loop.call_later(header_seconds, self._headers_too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _headers_too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request on this kept-alive connection has its own deadline

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return BoundedHttp


def server_config(app, host: str, port: int, *, header_seconds: float = HEADER_SECONDS,
                  per_address: int = PER_ADDRESS) -> uvicorn.Config:
    return uvicorn.Config(app, host=host, port=port, log_level="warning", ws="websockets-sansio",
                          http=bounded_http(header_seconds, per_address), ws_max_size=MESSAGE_BYTES,
                          timeout_keep_alive=5, timeout_graceful_shutdown=3)


def has_screen() -> bool:
    """Whether this machine shows windows: a Linux server without a display gets no browser opened
    (a text browser would take over the terminal that shows the address)."""
    return not sys.platform.startswith("linux") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def serve(host: str, port: int, *, open_browser_at: str | None = None) -> None:
    """Serve until Ctrl+C (or SIGTERM); with `open_browser_at`, open this machine's browser there once
    the server answers (a machine without a screen has none to open: nothing happens)."""

    def started() -> None:
        if open_browser_at and has_screen():
            try:
                webbrowser.open(open_browser_at)
            except Exception:  # noqa: BLE001 - no browser here: the address was printed
                pass

    asyncio.run(uvicorn.Server(server_config(web_app(started), host, port)).serve())
