"""Notices of committed changes: which game changed, and its version, never the data.

One small interface for both databases (`Notices`): the Store announces every committed change to a
game (an entry, an undo, a correction, seats, its status, its name, its step's taps, the bin) inside the
transaction that makes it, and anyone in the process may `subscribe` to hear them once committed.

- SQLite (one process): the notices stay in the process; they are handed to the subscribers right
  after the commit, on the writing thread.
- PostgreSQL (any number of `scorekeeper serve` processes on one database): the announcement is a
  `NOTIFY` in the change's own transaction, so it is sent when, and only when, the change is committed;
  every process LISTENs on one connection of its own (a thread) and hands what it hears to its
  subscribers. When that connection drops (PostgreSQL restarted, the network), the thread connects
  again and, once it listens, tells its subscribers `Notice.caught_up()`: whatever changed meanwhile
  was not heard, so they compare the versions they show with the stored ones.

Each notice names the Store that made it (`origin`): a process hears its own changes too, and its
pages were already told of those in the process (ui/live.py).
"""
from __future__ import annotations

import logging
import threading
import time
import uuid
from typing import Any, Callable, NamedTuple

from sqlalchemy import text

CHANNEL = "scorekeeper_changes"
RETRY_FIRST, RETRY_LONGEST = 0.2, 2.0  # seconds between attempts to listen again, doubling
CHECK_EVERY = 5.0  # seconds of quiet after which the listening connection is asked whether it still lives
log = logging.getLogger(__name__)

Listener = Callable[["Notice"], None]
# Not games: the devices' rights changed (no game id has these: they are hex). A new PIN ended every right;
# the host sent one device back to following.
NEW_PIN, RIGHT_ENDED = "~pin", "~viewer"


class Notice(NamedTuple):
    """A committed change: `game` (its id) changed and is at `version` now (None: a change that keeps
    the version, say its name or a tap of the step under way). `game` None: anything may have changed
    (a player renamed, an import, the bin emptied, or notices missed while not listening)."""

    game: str | None
    version: int | None
    origin: str

    @property
    def missed(self) -> bool:
        """Notices may have been missed: compare what is shown with what is stored."""
        return self.game is None and self.origin == ""

    @staticmethod
    def caught_up() -> "Notice":
        return Notice(None, None, "")

    def payload(self) -> str:
        return f"{self.origin} {self.game or '-'} {self.version if self.version is not None else '-'}"

    @staticmethod
    def parse(payload: str) -> "Notice | None":
        parts = payload.split(" ")
        if len(parts) != 3 or not parts[0]:
            return None
        origin, game, version = parts
        return Notice(None if game == "-" else game, int(version) if version.isdigit() else None, origin)


class Notices:
    """The notices of one Store (SQLite: in this process only). `subscribe(listener)` returns the
    call that ends the subscription; a listener must be quick (it runs on the writing or listening
    thread) and never raise (what it raises is logged and dropped)."""

    crosses_processes = False

    def __init__(self) -> None:
        self.origin = uuid.uuid4().hex[:16]
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        with self._lock:
            self._listeners = [*self._listeners, listener]

        def unsubscribe() -> None:
            with self._lock:
                self._listeners = [other for other in self._listeners if other is not listener]

        return unsubscribe

    def announce(self, connection: Any, game: str | None, version: int | None = None) -> None:
        """Inside a write transaction: announce `game` at `version` once it is committed."""
        connection.info.setdefault("notices", []).append(Notice(game, version, self.origin))

    def taken(self, connection: Any) -> list["Notice"]:
        """What the transaction on `connection` announced, taken off it as the transaction ends."""
        return connection.info.pop("notices", [])

    def committed(self, announced: list["Notice"]) -> None:
        """The transaction that announced these was committed: hand them on."""
        for notice in announced:
            self._deliver(notice)

    def _deliver(self, notice: Notice) -> None:
        for listener in self._listeners:
            try:
                listener(notice)
            except Exception:  # one listener's failure must not keep the others from hearing
                log.exception("a listener of the database's notices failed")

    def close(self) -> None:
        with self._lock:
            self._listeners = []


class PostgresNotices(Notices):
    """LISTEN/NOTIFY: every process on the database hears every committed change (see the module)."""

    crosses_processes = True

    def __init__(self, conninfo: str, *, retry_first: float = RETRY_FIRST, retry_longest: float = RETRY_LONGEST,
                 check_every: float = CHECK_EVERY) -> None:
        super().__init__()
        self._conninfo = conninfo
        self._retry_first, self._retry_longest, self._check_every = retry_first, retry_longest, check_every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._connection: Any = None
        self.listening = threading.Event()  # set while the listening connection is up (tests wait on it)
        self.reconnects = 0  # how many times it listened again after losing its connection

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        unsubscribe = super().subscribe(listener)
        self._start()
        return unsubscribe

    def announce(self, connection: Any, game: str | None, version: int | None = None) -> None:
        # Sent by PostgreSQL at the commit, to every listening process, this one included; never if rolled back.
        connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                           {"channel": CHANNEL, "payload": Notice(game, version, self.origin).payload()})


    def _start(self) -> None:
        with self._lock:
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._listen, name="scorekeeper-notices", daemon=True)
                self._thread.start()

    def _listen(self) -> None:
        import psycopg

        wait = self._retry_first
        lost = False  # the connection was up once and went: what was sent meanwhile was not heard
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=5, keepalives=1,
                                     keepalives_idle=5, keepalives_interval=2, keepalives_count=2) as connection:
                    self._connection = connection
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    wait = self._retry_first
                    if lost:
                        self.reconnects += 1
                        log.info("listening to the database's notices again: catching up")
                        self._deliver(Notice.caught_up())
                    lost = True
                    while not self._stop.is_set():
                        heard = False
                        for message in connection.notifies(timeout=self._check_every):
                            heard = True
                            notice = Notice.parse(message.payload)
                            if notice is not None:
                                self._deliver(notice)
                            if self._stop.is_set():
                                break
                        if not heard and not self._stop.is_set():
                            connection.execute("SELECT 1")  # a quiet connection that is gone raises here
            except Exception as error:  # noqa: BLE001 - the database went away: listen again once it is back
                if self._stop.is_set():
                    break
                log.warning("not listening to the database's notices (%s): trying again in %.1f s",
                            str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__, wait)
            finally:
                self._connection = None
                self.listening.clear()
            self._stop.wait(wait)
            wait = min(wait * 2, self._retry_longest)

    def close(self) -> None:
        self._stop.set()
        super().close()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(timeout=1.0)  # (a daemon thread: a process that ends doesn't wait for it)


def notices_for(url: Any) -> Notices:
    """The Notices of a database at `url` (a SQLAlchemy URL)."""
    if url.get_backend_name() == "postgresql":
        return PostgresNotices(url.set(drivername="postgresql").render_as_string(hide_password=False))
    return Notices()
