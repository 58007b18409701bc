"""Backups of the SQLite file, and restoring one."""
from __future__ import annotations

from scorekeeper.i18n import _

import sqlite3
from pathlib import Path

from .backups import copy_database, discard, stage_backup
from .base import StoreBase
from .database import BUSY_TIMEOUT_SECONDS, utc_stamp
from .errors import StorageError
from .results import BackupInfo


class BackupsMixin(StoreBase):
    # ----- backups of the SQLite file -----

    def backup(self) -> BackupInfo | None:
        """A backup now; None when the games are not in a SQLite file (PostgreSQL has its own tools)."""
        return self._backups.make() if self._backups is not None else None

    def backups(self) -> list[BackupInfo]:
        return self._backups.list() if self._backups is not None else []

    def restore_backup(self, path: Path | str) -> Path:
        """Put a backup's games in place of the current ones; returns where the current ones were kept.

        The backup is checked first (an intact database of ours, from this version or an older one,
        brought up to date in a copy), so a refused backup changes nothing. Then, holding the write lock
        throughout (BEGIN IMMEDIATE), the current games are copied aside (scorekeeper.db.replaced-<UTC
        timestamp>, never deleted) and replaced by the backup's in the same transaction: an entry another
        session saves is either in the copy aside or waits and then finds the restored games. Every restored
        game gets a version no screen has seen, so a screen drawn before the restore gets StaleGame."""
        if self._backups is None or self._path is None:
            raise StorageError(_("Backups are kept only for a SQLite database file; restore this database with "
                                 "its server's own tools."))
        source = self._backups.find(Path(path).expanduser().resolve())
        staged = stage_backup(source, self._path.parent)
        try:
            return self._swap_in(staged)
        finally:
            discard(staged)

    def _swap_in(self, staged: Path) -> Path:
        aside = self._path.with_name(f"{self._path.name}.replaced-{utc_stamp()}")
        count = 1
        while aside.exists():
            count += 1
            aside = self._path.with_name(f"{self._path.name}.replaced-{utc_stamp()}-{count}")
        live = None
        try:
            live = sqlite3.connect(self._path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
            live.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_SECONDS * 1000}")
            live.execute("ATTACH DATABASE ? AS restored", (str(staged),))  # not possible inside a transaction
            live.execute("BEGIN IMMEDIATE")
            try:
                newest_version = live.execute("SELECT max(version) FROM main.games").fetchone()[0] or 0
                # Another connection reads the committed file (WAL lets it while this one holds the write
                # lock); nothing can be committed between this copy and the replacement below.
                copy_database(self._path, aside)
                for table in ("actions", "game_players", "games", "players"):
                    live.execute(f"DELETE FROM main.{table}")
                for table in ("players", "games", "game_players", "actions"):
                    columns = ", ".join(f'"{row[1]}"' for row in live.execute(f"PRAGMA main.table_info({table})"))
                    live.execute(f"INSERT INTO main.{table} ({columns}) SELECT {columns} FROM restored.{table}")
                live.execute("UPDATE main.games SET version = version + ?", (newest_version,))
                live.execute("COMMIT")
            except BaseException:
                if live.in_transaction:
                    live.execute("ROLLBACK")
                raise
        except (OSError, sqlite3.Error) as error:
            aside.with_name(aside.name + ".part").unlink(missing_ok=True)  # a copy aside cut short
            if aside.exists():
                raise StorageError(_("The backup could not be restored ({problem}). The games are as they were: "
                                     "nothing was changed. A copy of them is in {copy}.",
                                     problem=error, copy=aside.name)) from None
            raise StorageError(_("The backup could not be restored ({problem}). The games are as they were: "
                                 "nothing was changed.", problem=error)) from None
        finally:
            if live is not None:
                live.close()
        return aside
