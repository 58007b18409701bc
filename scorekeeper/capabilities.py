"""What this copy of the app can do where it runs: decided here, once, and read by the screens.

`scorekeeper` and `scorekeeper serve` run on a computer: they serve the table's other devices (the LAN
server, the QR code of this machine's addresses, the PIN), may keep the games in PostgreSQL and make the
recap picture and the PDF card. The static site (`scorekeeper build-web`, scorekeeper/web/) runs the same app inside one
phone's browser, where none of those can be: the screens leave them out instead of showing them broken.
In the browser, every write is kept in the browser's persistent storage before its tap shows as done
(`kept_later`); Settings says whether the browser promised to keep that storage (`storage_persisted`).
"""
from __future__ import annotations

import sys
from typing import Any, Awaitable, Callable

IN_BROWSER = sys.platform == "emscripten"  # Pyodide: Python compiled to WebAssembly, in a browser tab
# Serving the table's other devices: the LAN server, the addresses' QR code, the PIN.
SERVES_TABLE = not IN_BROWSER
# The printed card (PDF), the recap picture and the card's fonts for names in other scripts: reportlab and
# Pillow, and Pillow has no build for the browser on PyPI.
PRINTS = not IN_BROWSER
POSTGRES = not IN_BROWSER

# Set by scorekeeper/web/boot.py in the browser: an awaitable that ends once the last writes are kept in the
# browser's persistent storage, or None when nothing is waiting.
_pending: Callable[[], Awaitable[Any] | None] | None = None
# Whether the browser granted persistent storage (navigator.storage.persisted()): None where it is not asked.
storage_persisted: bool | None = None


def set_pending(pending: Callable[[], Awaitable[Any] | None] | None) -> None:
    global _pending
    _pending = pending


def kept_later() -> Awaitable[Any] | None:
    """What a tap that wrote must wait for before it shows as done (None: written already, as on a server)."""
    return _pending() if _pending is not None else None
