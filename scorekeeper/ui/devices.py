"""The devices connected to this server now: each browser session's App, as the host's Invite screen
lists them. Held weakly: a session freed at its deadline leaves the list by itself."""
from __future__ import annotations

import weakref
from typing import Any

import flet as ft

from scorekeeper import peer

_sessions: "weakref.WeakSet[Any]" = weakref.WeakSet()


def arrived(app: Any) -> None:
    _sessions.add(app)


def left(app: Any) -> None:
    _sessions.discard(app)


def connected() -> list[Any]:
    """The devices whose browser is connected now (a closed tab's session lives on a while), the host's
    first."""
    return sorted((app for app in _sessions if app.connected), key=lambda app: (not app.is_host, app.address))


def sessions() -> list[Any]:
    """Every session of this process, connected or not."""
    return list(_sessions)


class Presence:
    """Whether a session's browser is connected: the server's record of its connection (scorekeeper.peer),
    and Flet's connect and disconnect events, heard from the session's very start. A browser may leave or
    come back (a reload) while the session is still asking it for its settings: App, built after those
    answers, would not hear of it, and a page drawn for a connection that had gone stayed blank."""

    def __init__(self, page: ft.Page):
        self.peer = peer.current.get()
        self.away = False
        self.app: Any = None  # told when the browser comes back, once it is built
        page.on_connect = self._connected
        page.on_disconnect = self._disconnected

    @property
    def connected(self) -> bool:
        return not self.away and (self.peer is None or self.peer.open)

    def _disconnected(self, _event=None) -> None:
        self.away = True

    def _connected(self, _event=None) -> None:
        self.away = False
        self.peer = peer.current.get() or self.peer  # its new connection, as the server recorded it
        if self.app is not None:
            self.app._on_connect()
