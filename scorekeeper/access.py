"""Who may change the games at this table: the device that started the server (the host), and the
devices that entered the table's PIN. Every other device follows the games and changes nothing.

No Flet, no database: the app asks `TableAccess` whether a PIN is right and how long a device must
wait after wrong ones; storage is handed read-only to a device that may not write (storage.ReadOnlyStore).
"""
from __future__ import annotations

from scorekeeper.i18n import _, _n

import hmac
import ipaddress
import secrets
import threading
import time
from typing import Callable

PIN_DIGITS = 6  # a million PINs: with the throttle below, guessing takes years
FREE_TRIES = 3  # wrong PINs a device may enter before it has to wait
FIRST_WAIT = 5.0  # seconds after the first wrong PIN past the free ones; doubled for each one after
LONGEST_WAIT = 300.0


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _digit in range(PIN_DIGITS))


def is_this_machine(address: str | None) -> bool:
    """Whether a connection comes from the machine the server runs on (the host). An empty address is
    a packaged app's own client, which is the device itself."""
    if not address:
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class PinRefused(Exception):
    """A wrong PIN, or one entered too soon after wrong ones; the message says which, and how long to wait."""


class TableAccess:
    """The table's PIN and the throttle on wrong ones, per device address (a device that reloads the
    page keeps its count)."""

    def __init__(self, pin: str | None = None, clock: Callable[[], float] = time.monotonic):
        self._lock = threading.Lock()
        self._pin = pin or new_pin()
        self._clock = clock
        self._wrong: dict[str, tuple[int, float]] = {}  # address -> (wrong tries, when it may try again)

    @property
    def pin(self) -> str:
        return self._pin

    def change_pin(self, pin: str | None = None) -> str:
        """A new PIN (random unless given): devices that entered the old one keep editing until the host
        sends them back to viewer; new devices need the new one."""
        if pin is not None:
            pin = pin.strip()
            if not (pin.isascii() and pin.isdigit() and len(pin) >= PIN_DIGITS):
                raise PinRefused(_("A PIN has at least {digits} digits, and digits only.", digits=PIN_DIGITS))
        with self._lock:
            self._pin = pin or new_pin()
            return self._pin

    def wait_for(self, address: str) -> float:
        """Seconds before the device at `address` may try a PIN again (0: now)."""
        with self._lock:
            _tries, allowed_at = self._wrong.get(address, (0, 0.0))
            return max(0.0, allowed_at - self._clock())

    def check(self, address: str, attempt: str) -> None:
        """Accept the PIN or raise PinRefused. Wrong tries past the free ones make the device wait,
        longer each time; the right PIN clears its count."""
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
            if hmac.compare_digest(attempt.strip().encode(), self._pin.encode()):
                self._wrong.pop(address, None)
                return
            tries += 1
            wait = 0.0 if tries < FREE_TRIES else min(LONGEST_WAIT, FIRST_WAIT * 2 ** (tries - FREE_TRIES))
            self._wrong[address] = (tries, now + wait)
        if wait:
            seconds, minutes = _wait(wait)
            if minutes is None:
                raise PinRefused(_n("That is not the table's PIN. Try again in {count} second.",
                                    "That is not the table's PIN. Try again in {count} seconds.", seconds))
            raise PinRefused(_n("That is not the table's PIN. Try again in {count} minute.",
                                "That is not the table's PIN. Try again in {count} minutes.", minutes))
        raise PinRefused(_("That is not the table's PIN: the host's Invite a device screen shows it."))


def _wait(seconds: float) -> tuple[int, int | None]:
    """(whole seconds, whole minutes) of a wait: the minutes are None under two minutes (said in seconds)."""
    whole = max(1, round(seconds))
    return whole, (None if whole < 120 else round(whole / 60))


_table: TableAccess | None = None
_table_lock = threading.Lock()


def table() -> TableAccess:
    """This server's access: one PIN per server process, made when it starts (or on first use)."""
    global _table
    with _table_lock:
        if _table is None:
            _table = TableAccess()
        return _table
