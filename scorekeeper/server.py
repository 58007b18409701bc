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
import ipaddress
import json
import logging
import os
import socket
import sys
import time
import urllib.parse
import webbrowser
from typing import Iterable

import flet_web.fastapi as flet_fastapi
import uvicorn
from starlette.routing import Mount
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from scorekeeper import i18n, peer
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
MESSAGE_RATE = 20.0  # a connection's messages a second, kept up: a quick thumb taps 5, a typist sends ~10 keys
MESSAGE_BURST = 60.0  # at once: a page starting, a held key
FLOOD_SECONDS = 5.0  # held back this long without a pause, a connection is a flood, not a person: it is closed
log = logging.getLogger(__name__)
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


class Guard:
    """ASGI middleware in front of the app, for every request and WebSocket:

    - Host: only names of this server are answered (an IP address, localhost, this machine's own names,
      and those given with --allow-host). A page elsewhere whose name was made to point at this machine
      (DNS rebinding) is refused, so it can't read the app as if it were its own.
    - Origin: a WebSocket opened by a page of another site is refused. A browser lets any page open a
      WebSocket anywhere; opened from the host's own browser, it would reach the app as the host.
    - Who: the device's address, as the connection gives it (the peer, or the trusted proxy's
      X-Forwarded-For, which uvicorn reads before this), is recorded for the app (scorekeeper.peer) before
      any message of the device's is read, and so is the connection's end.
    - Pace: one connection may send MESSAGE_RATE messages a second, MESSAGE_BURST at once; past that its
      messages wait, which slows only that connection, and one held back for FLOOD_SECONDS without a
      pause (a hundred messages more than a person sends) is closed. Every tap runs on the server's one
      event loop: unpaced, one device's flood held every other device's taps until their connections
      dropped.
    - A WebSocket's session ends when its browser goes, even if an update was being sent (_while_open).
    - Flet's blanket Access-Control-Allow-Origin: * is taken off the answers: no other site needs to
      read them.
    """

    def __init__(self, app, allowed_hosts: "AllowedHosts", *, rate: float = MESSAGE_RATE,
                 burst: float = MESSAGE_BURST, flood_seconds: float = FLOOD_SECONDS):
        self.app = app
        self.allowed = allowed_hosts
        self.rate, self.burst, self.flood_seconds = rate, burst, flood_seconds

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {name: value for name, value in scope.get("headers") or ()}
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.allowed.admits(host):
            log.warning("refused a %s for host %r", scope["type"], host)
            await _refuse(scope, send, "This server answers only to its own names (scorekeeper serve --allow-host "
                                       "adds one).")
            return
        if scope["type"] == "http":
            await self.app(scope, receive, _without_cors(send))
            return
        origin = headers.get(b"origin")
        if origin is not None and not same_site(origin.decode("latin-1"), host):
            log.warning("refused a WebSocket from a page of %r", origin)
            await _refuse(scope, send, "")
            return
        client = scope.get("client")
        connected = peer.Peer(client[0] if client else "")
        token = peer.current.set(connected)
        try:
            await self.app(scope, _paced(receive, send, self.rate, self.burst, self.flood_seconds),
                           _while_open(send))
        finally:
            connected.open = False
            peer.current.reset(token)


def _paced(receive, send, rate: float, burst: float, flood_seconds: float):
    """`receive` of one WebSocket, each message handed on no faster than its pace (see Guard)."""
    tokens, last = burst, time.monotonic()
    behind_since: float | None = None  # held back since then, message after message

    async def paced_receive():
        nonlocal tokens, last, behind_since
        message = await receive()
        if message["type"] != "websocket.receive":
            return message
        now = time.monotonic()
        tokens = min(burst, tokens + (now - last) * rate) - 1
        last = now
        if tokens >= 0:
            behind_since = None
            return message
        behind_since = now if behind_since is None else behind_since
        if now - behind_since > flood_seconds:
            log.warning("closed a connection that sent faster than %s messages a second for %s s", rate, flood_seconds)
            await send({"type": "websocket.close", "code": 1008, "reason": "too many messages"})
            return {"type": "websocket.disconnect", "code": 1008}
        await asyncio.sleep(-tokens / rate)  # reading this connection waits meanwhile: the sender is held back
        return message

    return paced_receive


def _while_open(send):
    """`send` of one WebSocket that drops what is sent once the browser has gone. Flet's session ends
    (and is freed at its deadline) only when its read of the connection sees it close; a send that failed
    first (the tab closed as an update was on its way) ended Flet's handler before that, so the session
    was never let go: redrawn at every tap, for good (issue 38: 200 departed followers, 8 minutes on)."""
    gone = False

    async def send_while_open(message):
        nonlocal gone
        if message["type"] != "websocket.send":
            await send(message)
            return
        if gone:
            return
        try:
            await send(message)
        except OSError:  # (uvicorn's ClientDisconnected): Flet's read of the connection ends it next
            gone = True

    return send_while_open


async def _refuse(scope, send, reason: str) -> None:
    if scope["type"] == "websocket":  # before it is accepted: the handshake is answered 403
        await send({"type": "websocket.close", "code": 1008})
        return
    body = (reason + "\n").encode()
    await send({"type": "http.response.start", "status": 421,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def _without_cors(send):
    async def send_without(message):
        if message["type"] == "http.response.start":
            message = {**message, "headers": [(name, value) for name, value in message.get("headers") or ()
                                               if name.lower() != b"access-control-allow-origin"]}
        await send(message)

    return send_without


def _split_host(host: str) -> tuple[str, int | None]:
    """('example.org', 8550) of 'Example.org:8550'; ('::1', None) of '[::1]'; the name lower-cased."""
    host = host.strip().lower()
    if host.startswith("["):
        name, _bracket, rest = host[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif host.count(":") == 1:
        name, _colon, port = host.partition(":")
    else:
        name, port = host, ""
    return name.rstrip("."), (int(port) if port.isdigit() and len(port) <= 5 else None)


def same_site(origin: str, host: str) -> bool:
    """Is `origin` (a page's Origin header) this server's own, reached at `host` (the Host header)? The
    names must be the same; the ports too, when the Host header names one (a proxy may leave it out)."""
    parsed = urllib.parse.urlsplit(origin.strip())
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        return False
    name, port = _split_host(host)
    if parsed.hostname.rstrip(".") != name:
        return False
    if port is None:
        return True
    try:
        origin_port = parsed.port or (443 if parsed.scheme == "https" else 80)
    except ValueError:
        return False
    return origin_port == port


class AllowedHosts:
    """The names this server answers to: any IP address, localhost, this machine's own names, and `extra`
    (--allow-host: the name a proxy or a club's DNS gives it)."""

    def __init__(self, extra: Iterable[str] = ()):
        names = {"localhost"}
        try:
            machine = socket.gethostname().lower()
            names.update({machine, machine.split(".")[0], f"{machine.split('.')[0]}.local",
                          socket.getfqdn().lower()})
        except OSError:
            pass
        self.names = {name.rstrip(".") for name in names | {_split_host(name)[0] for name in extra} if name}

    def admits(self, host: str) -> bool:
        if not host:  # (HTTP/1.0 without a Host header: no browser page sends that)
            return True
        name, _port = _split_host(host)
        if name in self.names or name.endswith(".localhost"):
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True


def web_app(on_startup=None, allowed_hosts: AllowedHosts | None = None):
    """The ASGI app: Flet's web client and its WebSocket, our assets, our name, behind the Guard."""
    outer = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None,
                                 on_startup=[on_startup] if on_startup else None)
    inner = flet_fastapi.app(
        app_main, assets_dir=ASSETS_DIR, app_name=APP_NAME, app_short_name=APP_NAME,
        app_description=_(APP_DESCRIPTION), no_cdn=True, session_timeout_seconds=SESSION_SECONDS)
    outer.add_api_route(fonts.ROUTE + "{position}", _font, methods=["GET"])  # before the app: names in any script
    outer.mount("/", inner)
    _without_unused_routes(outer)
    outer.add_middleware(PageAdditions)
    return Guard(outer, allowed_hosts or AllowedHosts())


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


def serve(host: str, port: int, *, open_browser_at: str | None = None, allow_hosts: Iterable[str] = ()) -> None:
    """Serve until Ctrl+C (or SIGTERM); with `open_browser_at`, open this machine's browser there once
    the server answers (a machine without a screen has none to open: nothing happens)."""

    def started() -> None:
        if open_browser_at and has_screen():
            try:
                webbrowser.open(open_browser_at)
            except Exception:  # noqa: BLE001 - no browser here: the address was printed
                pass

    asyncio.run(uvicorn.Server(server_config(web_app(started, AllowedHosts(allow_hosts)), host, port)).serve())
