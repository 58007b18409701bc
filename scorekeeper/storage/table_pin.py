"""The table's PIN as stored: its hash, the wrong PINs entered from any device, and the rights of the
devices that entered it. scorekeeper.access decides what they mean (hashing, budgets, expiry); this part
only keeps them, each call one transaction, so several server processes on one database agree.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, insert, select, update

from .base import StoreBase
from .notices import NEW_PIN, RIGHT_ENDED
from .tables import device_rights, pin_attempts, table_pin

ROW = 1  # the table has one PIN


@dataclass(frozen=True)
class StoredPin:
    pin_hash: str
    salt: str
    generation: int
    made_at: datetime
    locked_at: datetime | None  # too many wrong PINs: it lets nobody in until a new one is made


class TablePinMixin(StoreBase):
    def stored_pin(self) -> StoredPin | None:
        with self._read() as connection:
            row = connection.execute(select(table_pin).where(table_pin.c.id == ROW)).first()
        return None if row is None else StoredPin(row.pin_hash, row.salt, row.generation, row.made_at, row.locked_at)

    def replace_pin(self, pin_hash: str, salt: str, at: datetime, *, only_if_none: bool = False) -> StoredPin:
        """Store a new PIN (its hash) in a new generation: the wrong PINs counted so far and every
        device's right go with the old one. `only_if_none`: keep the stored PIN if there is one (a
        server starting while another made the first), and return it."""
        with self._write() as connection:
            row = connection.execute(select(table_pin).where(table_pin.c.id == ROW)).first()
            if row is not None and only_if_none:
                return StoredPin(row.pin_hash, row.salt, row.generation, row.made_at, row.locked_at)
            generation = 1 if row is None else row.generation + 1
            values = dict(pin_hash=pin_hash, salt=salt, generation=generation, made_at=at, locked_at=None)
            if row is None:
                connection.execute(insert(table_pin).values(id=ROW, **values))
            else:
                connection.execute(update(table_pin).where(table_pin.c.id == ROW).values(**values))
            connection.execute(delete(pin_attempts))
            connection.execute(delete(device_rights))
            if row is not None:
                self.notices.announce(connection, NEW_PIN)  # every process's devices hear their right ended
        return StoredPin(pin_hash, salt, generation, at, None)

    def count_wrong_pin(self, at: datetime, since: datetime, budget: int) -> bool:
        """Count a wrong PIN entered at `at`; forget those before `since`. True when the table has had
        `budget` wrong PINs since then: the PIN is locked from now on (until replace_pin)."""
        with self._write() as connection:
            connection.execute(delete(pin_attempts).where(pin_attempts.c.at < since))
            connection.execute(insert(pin_attempts).values(at=at))
            wrong = connection.execute(select(func.count()).select_from(pin_attempts)).scalar_one()
            if wrong < budget:
                return False
            connection.execute(update(table_pin).where(table_pin.c.id == ROW, table_pin.c.locked_at.is_(None))
                               .values(locked_at=at))
            return True

    def grant_right(self, token_hash: str, generation: int, at: datetime, expires_at: datetime) -> bool:
        """Keep a device's right, granted under PIN `generation`; False (nothing kept) when the PIN
        changed meanwhile."""
        with self._write() as connection:
            current = connection.execute(select(table_pin.c.generation).where(table_pin.c.id == ROW)).scalar()
            if current != generation:
                return False
            connection.execute(delete(device_rights).where(device_rights.c.expires_at < at))
            connection.execute(insert(device_rights).values(token_hash=token_hash, generation=generation,
                                                            granted_at=at, expires_at=expires_at))
            return True

    def right_expires(self, token_hash: str) -> datetime | None:
        """When the right kept under `token_hash` ends; None when there is none (never granted, revoked,
        or granted under an earlier PIN)."""
        with self._read() as connection:
            row = connection.execute(
                select(device_rights.c.expires_at)
                .select_from(device_rights.join(table_pin, device_rights.c.generation == table_pin.c.generation))
                .where(device_rights.c.token_hash == token_hash)).first()
        return None if row is None else row.expires_at

    def revoke_right(self, token_hash: str) -> None:
        with self._write() as connection:
            connection.execute(delete(device_rights).where(device_rights.c.token_hash == token_hash))
            self.notices.announce(connection, RIGHT_ENDED)
