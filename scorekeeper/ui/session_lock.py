"""One session's lock, with the session's language in force for everything it guards."""
from __future__ import annotations

import threading
from typing import Any, Callable

from scorekeeper import i18n


class SessionLock:
    """A session's lock, which also puts the session's language in force for everything it guards.

    Every tap, redraw and message from another device runs under it, on whatever thread or task Flet
    gives it; the language is a context variable (scorekeeper/i18n.py), set on entry and put back on
    exit, so two devices at the table each read their own language, even on one worker thread."""

    def __init__(self, language: Callable[[], str]):
        self._lock = threading.RLock()
        self._language = language
        self._tokens: list[Any] = []  # one per nested entry, by the one thread holding the lock

    def __enter__(self) -> "SessionLock":  # i18n: not shown
        self._lock.acquire()
        self._tokens.append(i18n.enter(self._language()))
        return self

    def __exit__(self, *_exc) -> None:
        try:
            i18n.leave(self._tokens.pop())
        finally:
            self._lock.release()
