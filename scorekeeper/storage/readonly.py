"""The store as one device sees it: every read, and writes only while that device may write.

The app hands each device (browser session) its own GuardedStore; while the device has not entered the
table's PIN (scorekeeper.access), or after the host sent it back to viewer, no tap and no message
crafted by hand can change a stored game through it. Whether it may write is asked at every call, so a
screen opened before a change of role follows the new role at once. It lists what it lets through
without that (fail closed): a call it doesn't know, today's or one added to Store later, is refused.
"""
from __future__ import annotations

from scorekeeper.i18n import N_, _

from typing import Any, Callable

from .errors import StorageError

READS = frozenset({
    "roster", "player_stats", "all_player_stats", "load", "unfinished_games", "latest_unfinished",
    "finished_games", "deleted_games", "records", "draft", "backups", "game_id_for", "player_page",
    "versions", "club_night", "table_of",  # (a club night: catching up, the club screen, the next game's table)
    # attributes, not calls
    "url", "recovered_from", "kept_backups",
})

# Reads kept from every device, whatever its right: the PIN's hash and the devices' rights are the
# door's own (scorekeeper.access reads them from the process's Store).
DOOR_READS = frozenset({"stored_pin", "right_expires"})

VIEWER_MESSAGE = N_("This device follows the game and can't change it: enter the table's PIN (the host's "
                  "\u201cInvite a device\u201d screen shows it) to make entries here.")


class NotAllowed(StorageError):
    """A write from a device that may only follow the games; nothing was changed."""


class GuardedStore:
    def __init__(self, store: Any, may_write: Callable[[], bool]):
        self._store = store
        self._may_write = may_write

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and friends probing: not a store call
            raise AttributeError(name)
        if name in READS or self._may_write():
            return getattr(self._store, name)
        return _refused

    def __repr__(self) -> str:
        return f"GuardedStore({self._store!r})"


def _refused(*_args: Any, **_kwargs: Any) -> Any:
    raise NotAllowed(_(VIEWER_MESSAGE))
