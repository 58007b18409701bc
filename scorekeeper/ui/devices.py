"""The devices connected to this server now: each browser session's App, as the host's Invite screen
lists them. Held weakly: a session freed at its deadline leaves the list by itself."""
from __future__ import annotations

import weakref
from typing import Any

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
