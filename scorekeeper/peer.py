"""The device at the other end of a session's connection, as the server saw it: its address (the
connection's peer, or the X-Forwarded-For of a proxy on the server's machine), recorded by the server
before any message of the device's is read, and whether that connection is still open.

No Flet, no database. The server (server.Guard) sets `current` for each WebSocket; the app reads it when a
session starts and when a browser comes back to it (a new connection). None: no server between the app
and its screen (a packaged app, the app in the browser itself): the device is the host.
"""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass


@dataclass
class Peer:
    address: str  # "" when the server couldn't say
    open: bool = True  # False once the connection has ended


current: ContextVar[Peer | None] = ContextVar("scorekeeper_peer", default=None)
