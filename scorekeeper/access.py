"""Who may change the games at this table: the device that started the server (the host), and the
devices that entered the table's PIN. Every other device follows the games and changes nothing.

No Flet: the app asks `TableAccess` whether a PIN is right, how long a device must wait after wrong
ones, and whether a device's right still holds; storage is handed read-only to a device that may not
write (storage.readonly.GuardedStore).

What is kept where:
- The PIN is stored hashed in the database (storage.table_pin), so it outlives a restart and every
  server process on one database shares it; the PIN itself is kept only in a file of this machine's
  (PIN_FILE, readable by its owner alone), for the host to read on its Invite screen and in the terminal.
- A device that enters the PIN gets a random token, kept by its browser; the database keeps the token's
  hash. The right holds for RIGHT_LASTS, until the host makes a new PIN, or until the host sends the
  device back to viewer, whichever comes first, across restarts too.
- Wrong PINs: each address may try FREE_TRIES times, then waits, longer each time; and the table as a
  whole may have TABLE_BUDGET wrong PINs in BUDGET_WINDOW, from any number of addresses, before the PIN
  stops working until the host makes a new one (guessing a 6-digit PIN from many addresses would
  otherwise take hours, not years).
- Who a device is comes from its connection: the server records the address of the WebSocket's peer
  (or the trusted proxy's X-Forwarded-For) before it reads any message of the device's (scorekeeper.peer),
  and the app reads it from there, never from a page property the device could change.
"""
from __future__ import annotations

from scorekeeper.i18n import _, _n

import hashlib
import hmac
import ipaddress
import logging
import os
import secrets
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from scorekeeper import services

PIN_DIGITS = 6
FREE_TRIES = 3  # wrong PINs a device may enter before it has to wait
FIRST_WAIT = 5.0  # seconds after the first wrong PIN past the free ones; doubled for each one after
LONGEST_WAIT = 300.0
TABLE_BUDGET = 30  # wrong PINs from anywhere in BUDGET_WINDOW before the PIN stops working
BUDGET_WINDOW = timedelta(hours=1)
RIGHT_LASTS = timedelta(hours=12)  # an evening: after that a device enters the PIN again
RIGHT_RECHECK = 2.0  # seconds a device's right, once checked, is taken as holding before it is checked again
PIN_FILE = "table-pin"  # beside the database file in the app's data folder
# scrypt's cost: ~40 ms a PIN on a small machine, 16 MB; a PIN is checked only after the throttles.
SCRYPT = {"n": 1 << 14, "r": 8, "p": 1, "dklen": 32}

log = logging.getLogger(__name__)

def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _digit in range(PIN_DIGITS))


def is_this_machine(address: str | None) -> bool:
    """Whether a connection comes from the machine the server runs on (the host). None: no server in
    between, the app is the device's own. An empty or unreadable address is nobody's: not the host."""
    if address is None:
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _pin_hash(pin: str, salt: bytes) -> str:
    return hashlib.scrypt(pin.encode(), salt=salt, **SCRYPT).hex()


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class PinRefused(Exception):
    """A wrong PIN, one entered too soon after wrong ones, or one the table no longer takes; the message
    says which, and what to do."""


class TableAccess:
    """The table's PIN, the throttles on wrong ones and the devices' rights, over `store` (a
    storage.Store, or anything with its table_pin calls)."""

    def __init__(self, store: Any, *, pin_file: Path | None = None, clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = _utc_now):
        self._store = store
        self._pin_file = pin_file
        self._clock = clock
        self._now = now
        self._lock = threading.Lock()
        self._wrong: dict[str, tuple[int, float]] = {}  # address -> (wrong tries, when it may try again)
        self._known: tuple[int, str] | None = None  # (generation, PIN) this process knows the digits of
        self._checked: dict[str, tuple[bool, float]] = {}  # token hash -> (holds, when checked)

    # ----- the PIN -----

    def ensure_pin(self) -> None:
        """Make the table's first PIN if it has none (a server starting)."""
        if self._store.stored_pin() is None:
            self._replace(new_pin(), only_if_none=True)

    @property
    def pin(self) -> str | None:
        """The PIN's digits, for the host: None when this machine doesn't know them (made on another
        server process's machine, or its file lost): a new PIN then shows here."""
        stored = self._store.stored_pin()
        if stored is None:
            self.ensure_pin()
            stored = self._store.stored_pin()
        known = self._known
        if known is not None and known[0] == stored.generation:
            return known[1]
        kept = self._read_file()
        if kept and hmac.compare_digest(_pin_hash(kept, bytes.fromhex(stored.salt)), stored.pin_hash):
            self._known = (stored.generation, kept)
            return kept
        return None

    @property
    def locked(self) -> bool:
        """Too many wrong PINs at the table: it lets nobody in until the host makes a new one."""
        stored = self._store.stored_pin()
        return stored is not None and stored.locked_at is not None

    def change_pin(self, pin: str | None = None) -> str:
        """A new PIN (random unless given). The devices that entered the old one lose their right to
        make entries: they follow the games until they enter the new one."""
        if pin is not None:
            pin = pin.strip()
            if not (pin.isascii() and pin.isdigit() and len(pin) >= PIN_DIGITS):
                raise PinRefused(_("A PIN has at least {digits} digits, and digits only.", digits=PIN_DIGITS))
        return self._replace(pin or new_pin())

    def _replace(self, pin: str, *, only_if_none: bool = False) -> str:
        salt = secrets.token_bytes(16)
        stored = services.replace_pin(self._store, _pin_hash(pin, salt), salt.hex(), self._now(), only_if_none=only_if_none)
        if stored.salt != salt.hex():  # another process made the first PIN meanwhile: that one stands
            return self.pin or ""
        with self._lock:
            self._known = (stored.generation, pin)
            self._wrong.clear()
            self._checked.clear()
        self._write_file(pin)
        return pin

    def _read_file(self) -> str | None:
        if self._pin_file is None:
            return None
        try:
            return self._pin_file.read_text(encoding="ascii").strip() or None
        except (OSError, UnicodeDecodeError):
            return None

    def _write_file(self, pin: str) -> None:
        """Keep the digits for the host, readable by this machine's user alone."""
        if self._pin_file is None:
            return
        try:
            self._pin_file.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(self._pin_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(handle, "w", encoding="ascii") as file:
                file.write(pin + "\n")
            os.chmod(self._pin_file, 0o600)
        except OSError:
            log.warning("the table's PIN could not be kept in %s: it shows until the server stops", self._pin_file,
                        exc_info=True)

    # ----- wrong PINs -----

    def wait_for(self, address: str) -> float:
        """Seconds before the device at `address` may try a PIN again (0: now)."""
        with self._lock:
            _tries, allowed_at = self._wrong.get(address, (0, 0.0))
            return max(0.0, allowed_at - self._clock())

    def check(self, address: str, attempt: str) -> str:
        """The token of a new right to make entries when `attempt` is the PIN; else PinRefused. Wrong
        tries past the free ones make the device wait, longer each time; the right PIN clears its count.
        A device that must wait, or a table whose PIN stopped working, is refused before the PIN is
        even compared."""
        with self._lock:
            tries, allowed_at = self._wrong.get(address, (0, 0.0))
            now = self._clock()
        if now < allowed_at:
            seconds, minutes = _wait(allowed_at - now)
            if minutes is None:
                raise PinRefused(_n("Too many wrong PINs: try again in {count} second.",
                                    "Too many wrong PINs: try again in {count} seconds.", seconds))
            raise PinRefused(_n("Too many wrong PINs: try again in {count} minute.",
                                "Too many wrong PINs: try again in {count} minutes.", minutes))
        stored = self._store.stored_pin()
        if stored is None:
            self.ensure_pin()
            stored = self._store.stored_pin()
        if stored.locked_at is not None:
            raise PinRefused(locked_message())
        if hmac.compare_digest(_pin_hash(attempt.strip(), bytes.fromhex(stored.salt)), stored.pin_hash):
            with self._lock:
                self._wrong.pop(address, None)
            token = secrets.token_urlsafe(32)
            at = self._now()
            if not services.grant_right(self._store, token_hash(token), stored.generation, at, at + RIGHT_LASTS):
                raise PinRefused(_("The host made a new PIN just now: ask for it and enter that one."))
            return token
        at = self._now()
        locked = services.count_wrong_pin(self._store, at, at - BUDGET_WINDOW, TABLE_BUDGET)
        with self._lock:
            tries, _allowed = self._wrong.get(address, (0, 0.0))
            tries += 1
            wait = 0.0 if tries < FREE_TRIES else min(LONGEST_WAIT, FIRST_WAIT * 2 ** (tries - FREE_TRIES))
            self._wrong[address] = (tries, self._clock() + wait)
        if locked:
            log.warning("%d wrong PINs at the table within %s: the PIN stopped working until a new one is made",
                        TABLE_BUDGET, BUDGET_WINDOW)
            raise PinRefused(locked_message())
        if wait:
            seconds, minutes = _wait(wait)
            if minutes is None:
                raise PinRefused(_n("That is not the table's PIN. Try again in {count} second.",
                                    "That is not the table's PIN. Try again in {count} seconds.", seconds))
            raise PinRefused(_n("That is not the table's PIN. Try again in {count} minute.",
                                "That is not the table's PIN. Try again in {count} minutes.", minutes))
        raise PinRefused(_("That is not the table's PIN: the host's Invite a device screen shows it."))

    # ----- the devices' rights -----

    def holds(self, right: str | None, *, fresh: bool = False) -> bool:
        """Does the right kept under `right` (a token's hash) still let its device make entries? Asked
        of the database at most every RIGHT_RECHECK seconds, unless `fresh` (a write is about to be made)."""
        if right is None:
            return False
        now = self._clock()
        with self._lock:
            known = self._checked.get(right)
        if known is not None and not fresh and now - known[1] < RIGHT_RECHECK:
            return known[0]
        expires = self._store.right_expires(right)
        holds = expires is not None and expires > self._now()
        with self._lock:
            self._checked[right] = (holds, now)
            if len(self._checked) > 1000:  # forget the oldest: a right is checked again when next asked
                for old in sorted(self._checked, key=lambda key: self._checked[key][1])[:500]:
                    del self._checked[old]
        return holds

    def revoke(self, right: str | None) -> None:
        if right is None:
            return
        services.revoke_right(self._store, right)
        with self._lock:
            self._checked.pop(right, None)


def locked_message() -> str:
    """Why a PIN is refused once the table's budget of wrong ones is spent (in the language in force)."""
    return _("Too many wrong PINs were entered at this table, so the PIN stopped working: the host makes a new "
             "one on the \u201cInvite a device\u201d screen.")


def _wait(seconds: float) -> tuple[int, int | None]:
    """(whole seconds, whole minutes) of a wait: the minutes are None under two minutes (said in seconds)."""
    whole = max(1, round(seconds))
    return whole, (None if whole < 120 else round(whole / 60))


_table: TableAccess | None = None
_table_lock = threading.Lock()


def table() -> TableAccess:
    """This server's access, over the process's one Store: the PIN is the database's, shared by every
    process on it; its digits are kept in the app's data folder."""
    global _table
    with _table_lock:
        if _table is None:
            from scorekeeper.storage.database import data_folder

            _table = TableAccess(services.shared_store(), pin_file=data_folder() / PIN_FILE)
        return _table
