"""The `scorekeeper` command: start the app, serve it to the table's phones and tablets."""
from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from typing import Sequence

DEFAULT_PORT = 8550


def _desktop_client_available() -> bool:
    # flet[web] alone has no desktop client; the `flet-desktop` package brings one.
    return importlib.util.find_spec("flet_desktop") is not None and not os.environ.get("SCOREKEEPER_WEB")


def _run(host: str | None, port: int, browser: bool) -> int:
    import flet as ft

    from scorekeeper.ui.app import ASSETS_DIR, main as app_main

    os.environ.setdefault("FLET_WEB_NO_CDN", "true")  # the table may have no internet: never fetch the renderer
    view = ft.AppView.WEB_BROWSER if browser else (ft.AppView.FLET_APP if _desktop_client_available() else ft.AppView.WEB_BROWSER)
    if view == ft.AppView.WEB_BROWSER and host is not None:
        view = None  # serving for other devices: don't open a browser on this machine
    ft.run(app_main, name="", host=host, port=port, view=view, assets_dir=ASSETS_DIR, no_cdn=True)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorekeeper", description="The score card for Oh Heck and its family.")
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="serve the app to phones and tablets on the local network")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every address)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default: {DEFAULT_PORT})")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        print(f"Scorekeeper is serving on http://{args.host}:{args.port}/ (Ctrl+C stops it)", file=sys.stderr)
        return _run(args.host, args.port, browser=True)
    return _run(None, 0, browser=False)
