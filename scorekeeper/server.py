"""The web server the table's browsers connect to: Flet's web app, served by uvicorn with what the
app needs and nothing more.

Built here rather than by `ft.run` so that the page is named Scorekeeper (its title, and the name a
phone gives it on the home screen), routes the app never uses (FastAPI's /docs, /redoc and
/openapi.json, Flet's OAuth callback) are not served, and a session whose device went away is freed
in minutes rather than kept for an hour.
"""
from __future__ import annotations

import asyncio
import os
import sys
import webbrowser

import flet_web.fastapi as flet_fastapi
import uvicorn
from starlette.routing import Mount

from scorekeeper.ui.app import ASSETS_DIR, main as app_main

APP_NAME = "Scorekeeper"
APP_DESCRIPTION = "The score card for Oh Heck and its family, at a real table with a real deck"
# A device that went away (a phone locked in a pocket, a closed tab) keeps its session this long, so
# it comes back to where it was; after that its memory is freed. Flet's own default is an hour.
SESSION_SECONDS = 300
UNUSED_PATHS = {"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json", "/oauth_callback"}


def _without_unused_routes(app) -> None:
    """Drop the routes nobody at the table needs, from `app` and the apps mounted in it (Starlette's
    public `routes` list: what is not listed is not served)."""
    app.router.routes[:] = [route for route in app.router.routes if getattr(route, "path", None) not in UNUSED_PATHS]
    for route in app.router.routes:
        if isinstance(route, Mount) and hasattr(route.app, "router"):
            _without_unused_routes(route.app)


def web_app(on_startup=None):
    """The ASGI app: Flet's web client and its WebSocket, our assets, our name."""
    outer = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None,
                                 on_startup=[on_startup] if on_startup else None)
    inner = flet_fastapi.app(
        app_main, assets_dir=ASSETS_DIR, app_name=APP_NAME, app_short_name=APP_NAME,
        app_description=APP_DESCRIPTION, no_cdn=True, session_timeout_seconds=SESSION_SECONDS)
    outer.mount("/", inner)
    _without_unused_routes(outer)
    return outer


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

    config = uvicorn.Config(web_app(started), host=host, port=port, log_level="warning", ws="websockets-sansio",
                            timeout_keep_alive=5)
    asyncio.run(uvicorn.Server(config).serve())
