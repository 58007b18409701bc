"""The Store: every game, player and entry the app keeps, in SQLite or PostgreSQL.

Each public call is one transaction, committed before it returns. Every write to a game names the
version the screen was drawn from; the version is bumped in the same transaction
(`UPDATE games SET version = version + 1 WHERE id = ? AND version = ?`), so a write from a screen
another device has overtaken changes nothing and raises StaleGame. Entries are checked by the rules
engine before anything is written: a refused entry raises InvalidEntry and leaves the database as it was.
"""
from __future__ import annotations

from .about import AboutMixin
from .base import StoreBase
from .bin import BinMixin
from .drafts import DraftsMixin
from .games import GamesMixin
from .people import PlayersMixin
from .restore import BackupsMixin
from .shared import GameChange, finish_refusal
from .table_pin import StoredPin, TablePinMixin
from .transfer import RecordsMixin

__all__ = ["GameChange", "Store", "StoredPin", "finish_refusal"]


class Store(GamesMixin, AboutMixin, PlayersMixin, BinMixin, RecordsMixin, DraftsMixin, BackupsMixin, TablePinMixin,
            StoreBase):
    """Opens (creating or upgrading) the database at `url`; see the package docstring for the calls.

    One class to the callers, built from one part per concern: games and entries (games.py), players
    and statistics (people.py), a game's name and notes (about.py), the bin (bin.py), records for export and import (transfer.py), drafts
    (drafts.py), backups and restore (restore.py), the table's PIN and the devices' rights (table_pin.py), on
    the transactions of base.py."""
