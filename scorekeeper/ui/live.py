"""This process's pages hear the changes made by the other server processes on the same database.

The Store announces every committed change (storage/notices.py: in the process with SQLite, LISTEN/NOTIFY
with PostgreSQL). A change made here reaches this process's other pages at once through Flet's PubSub
(App.changed); one made by another `scorekeeper serve` process on the database is heard here and relayed
to every page of this process on the same PubSub: `{"game": id, "version": n}`, only ids and the version,
and each page showing that game reads it from the database (App._on_pubsub). When the notices may have
been missed (the listening connection dropped and came back), the pages are told `{"caught_up": True}`:
each compares the versions it shows with the stored ones and redraws what moved.
"""
from __future__ import annotations

import logging
import threading
from typing import Any

from scorekeeper.storage.notices import NEW_PIN, RIGHT_ENDED

from . import devices

log = logging.getLogger(__name__)

_lock = threading.Lock()
_store: Any = None
_unsubscribe: Any = None


def start(store: Any) -> None:
    """Relay `store`'s notices from other processes to this process's pages (once per store; a later
    store, in tests, takes the place of the earlier one)."""
    global _store, _unsubscribe
    notices = getattr(store, "notices", None)
    if notices is None or not notices.crosses_processes:  # SQLite: every page is in this process (App.changed)
        return
    with _lock:
        if _store is store:
            return
        if _unsubscribe is not None:
            _unsubscribe()
        _store = store
        _unsubscribe = notices.subscribe(_heard)


def stop() -> None:
    global _store, _unsubscribe
    with _lock:
        if _unsubscribe is not None:
            _unsubscribe()
        _store, _unsubscribe = None, None


def message_for(notice: Any, origin: str) -> dict | None:
    """What this process's pages are told of `notice`: None for a change made here (told already)."""
    if notice.origin == origin:
        return None
    if notice.game is None:  # missed notices, or a change to any game (a player renamed, an import)
        return {"caught_up": True}
    if notice.game in (NEW_PIN, RIGHT_ENDED):  # the devices' rights: each device with one checks it
        return {"access": "all" if notice.game == NEW_PIN else "ended"}
    return {"game": notice.game, "version": notice.version}


def _heard(notice: Any) -> None:
    store = _store
    if store is None:
        return
    message = message_for(notice, store.notices.origin)
    if message is None:
        return
    for app in list(devices.sessions()):
        try:
            app.page.pubsub.send_all(message)  # one hub for every session of this app: sent once
            return
        except Exception:  # noqa: BLE001 - that session's page is gone: another one's hub is the same
            log.debug("relaying a notice through a page that went failed", exc_info=True)
