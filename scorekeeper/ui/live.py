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

import asyncio
import logging
import threading
from typing import Any

from scorekeeper.i18n import _
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


class LivePage:
    """A page that follows the games as they change (App's part): it tells this process's other pages
    of its own writes, and redraws what changed when told of theirs or of another process's."""

    # What App holds: its page, lock, store, stack of screens and the screen on top.
    page: Any
    lock: Any
    store: Any
    stack: list[Any]
    screen: Any
    right: str | None
    connected: bool

    def redraw(self) -> None:
        raise NotImplementedError

    def may_write(self) -> bool:
        raise NotImplementedError

    def changed(self, game_id: str) -> None:
        """A game was written: the other sessions showing it reload it, once this tap's own answer is
        on its way: their redraws run on the server's other threads, and started at once they held it up
        (benchmarks' tap_with_viewers_ms_p95, 20 viewers: 130 to 209 ms, 46 to 65 once told after)."""
        try:
            self.page.run_task(self._tell_others_next, game_id)
        except Exception:  # this device's connection went meanwhile: it has no answer to wait for
            self._tell_others(game_id)

    async def _tell_others_next(self, game_id: str) -> None:
        await asyncio.sleep(0)  # the tap's redraw, queued meanwhile, goes out first
        self._tell_others(game_id)

    def _tell_others(self, game_id: str) -> None:
        try:
            self.page.pubsub.send_others({"game": game_id})
        except Exception:  # pragma: no cover - broadcasting is best effort; the write is stored
            log.exception("broadcast failed")

    def _on_pubsub(self, message: Any) -> None:
        if not self.connected:  # a page with no browser: drawing it is work for nobody
            return
        if isinstance(message, dict) and "access" in message:
            # (from another server process: "all", a new PIN, or "ended", a device's right ended: ui/live.py)
            if message["access"] == id(self) or (message["access"] in ("all", "ended") and self.right is not None
                                                 and not self.may_write()):
                with self.lock:
                    if self.screen is not None:
                        self.screen.notify(_("The host made this device a viewer: it follows the game now.")
                                           if message["access"] in (id(self), "ended") else
                                           _("The host made a new PIN: enter it to make entries here again."))
                    self.redraw()
            return
        if isinstance(message, dict) and message.get("caught_up"):
            self._catch_up()
            return
        if not isinstance(message, dict) or "game" not in message:
            return
        with self.lock:
            self._reload([screen for screen in self.stack
                          if screen.game_id == message["game"] or screen.follows_any_game])

    def _catch_up(self) -> None:
        """Changes made by another server process may have been missed (its notices were not heard: the
        database's connection dropped, ui/live.py): once the database answers again, every screen showing
        a game reads it again, and those that follow every game read them all. Not only those whose
        stored version moved: the taps of a step under way (drafts) are kept on the same version."""
        with self.lock:
            games = [screen.game_id for screen in self.stack if screen.game_id]
            try:
                self.store.versions(games) if games else None  # (does the database answer?)
            except Exception:  # the database is not back yet: the next notice or tap tells
                log.info("the stored versions could not be read to catch up", exc_info=True)
                return
            self._reload([screen for screen in self.stack if screen.follows_any_game or screen.game_id])

    def _reload(self, screens: list[Any]) -> None:
        """The screens read their game again (under the lock); the page is redrawn when the one on top did."""
        for screen in screens:
            try:
                screen.on_game_changed()
            except Exception as error:  # deleted elsewhere, say: tell the table, keep the screen
                log.exception("reloading a changed game failed")
                screen.message = str(error)
        if self.screen in screens:
            self.redraw()
