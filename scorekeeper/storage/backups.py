"""Copies of the SQLite file in `<database folder>/backups/`, made with SQLite's online backup API so
a copy is consistent even while other sessions write."""
from __future__ import annotations

import logging
import os
import re
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

from .database import BUSY_TIMEOUT_SECONDS, utc_now
from .errors import StorageError
from .results import BackupInfo

log = logging.getLogger(__name__)

FOLDER = "backups"
NAME = re.compile(r"^scorekeeper-(\d{8}T\d{12}Z)\.db$")  # scorekeeper-20240501T201500123456Z.db
STAMP = "%Y%m%dT%H%M%S%fZ"
AUTOMATIC_INTERVAL = timedelta(hours=1)  # start-ups make at most one backup an hour


def copy_database(source: Path, target: Path) -> None:
    """A consistent copy of `source` into a new file `target` (written beside it, then renamed into place)."""
    partial = target.with_name(target.name + ".part")
    partial.unlink(missing_ok=True)
    origin = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_SECONDS)
    try:
        copy = sqlite3.connect(partial)
        try:
            origin.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file, no -wal beside it
        finally:
            copy.close()
    finally:
        origin.close()
    with open(partial, "rb") as handle:
        os.fsync(handle.fileno())
    os.replace(partial, target)


class Backups:
    def __init__(self, database: Path, keep: int):
        self.database = database
        self.folder = database.parent / FOLDER
        self.keep = keep

    def list(self) -> list[BackupInfo]:
        found = []
        if self.folder.is_dir():
            for path in self.folder.iterdir():
                match = NAME.match(path.name)
                if match and path.is_file():
                    created = datetime.strptime(match.group(1), STAMP).replace(tzinfo=timezone.utc)
                    found.append(BackupInfo(path=path, created_at=created, size=path.stat().st_size))
        return sorted(found, key=lambda info: info.created_at, reverse=True)

    def make(self) -> BackupInfo:
        self.folder.mkdir(parents=True, exist_ok=True)
        created = utc_now()
        target = self.folder / f"scorekeeper-{created.strftime(STAMP)}.db"
        try:
            copy_database(self.database, target)
        except (OSError, sqlite3.Error) as error:
            raise StorageError(
                f"The backup could not be written to {self.folder} ({error}). Check the free space and that "
                "the folder can be written; the games themselves are safe."
            ) from None
        self.prune()
        return BackupInfo(path=target, created_at=created, size=target.stat().st_size)

    def prune(self) -> None:
        for old in self.list()[self.keep:]:
            old.path.unlink(missing_ok=True)

    def make_automatic(self, at_most_every: timedelta | None = None) -> BackupInfo | None:
        """A backup unless a recent one exists; failures are logged, never raised: the entry that
        triggered it is already safe in the database."""
        if self.keep < 1:
            return None
        if at_most_every is not None:
            newest = self.list()[:1]
            if newest and utc_now() - newest[0].created_at < at_most_every:
                return None
        try:
            return self.make()
        except StorageError as error:
            log.warning("automatic backup skipped: %s", error)
            return None


def check_backup_file(path: Path) -> None:
    """Refuse anything that is not an intact Scorekeeper database."""
    problem = None
    if not path.is_file():
        problem = "there is no such file"
    else:
        try:
            connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                if connection.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                    problem = "the file is damaged"
                elif not connection.execute(
                        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").fetchone():
                    problem = "it holds no Scorekeeper games"
            finally:
                connection.close()
        except sqlite3.Error as error:
            problem = f"it can't be read as a database ({error})"
    if problem:
        raise StorageError(f"{path} can't be restored: {problem}. Pick one of the backups the app lists.")
