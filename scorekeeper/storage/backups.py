"""Copies of the SQLite file in `<database folder>/backups/`, made with SQLite's online backup API so
a copy is consistent even while other sessions write."""
from __future__ import annotations

from scorekeeper.i18n import _

import logging
import os
import re
import sqlite3
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

from .database import BUSY_TIMEOUT_SECONDS, make_engine, parse_url, sqlite_file_uri, sqlite_url, utc_now
from .errors import StorageError
from .migrate import STAGED, head_revision, known_revisions, upgrade
from .tables import metadata
from .results import BackupInfo

log = logging.getLogger(__name__)

FOLDER = "backups"
NAME = re.compile(r"^scorekeeper-(\d{8}T\d{12}Z)\.db$")  # scorekeeper-20240501T201500123456Z.db
BEFORE_DAMAGE = "before-damage-"  # backups/before-damage-<UTC stamp>/: kept for good, never pruned
STAMP = "%Y%m%dT%H%M%S%fZ"
AUTOMATIC_INTERVAL = timedelta(hours=1)  # start-ups make at most one backup an hour


def copy_database(source: Path, target: Path) -> None:
    """A consistent copy of `source` into a new file `target` (written beside it, then renamed into place)."""
    partial = target.with_name(target.name + ".part")
    partial.unlink(missing_ok=True)
    origin = sqlite3.connect(sqlite_file_uri(source, "ro"), uri=True, timeout=BUSY_TIMEOUT_SECONDS)
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
        """Every backup, newest first, with the games in each: the current ones and those kept from
        before a damaged file was set aside (before_damage=True)."""
        found = self._in(self.folder, before_damage=False)
        if self.folder.is_dir():
            for kept in self.folder.iterdir():
                if kept.name.startswith(BEFORE_DAMAGE) and kept.is_dir():
                    found.extend(self._in(kept, before_damage=True))
        found = [replace(info, games=count_games(info.path)) for info in found]
        return sorted(found, key=lambda info: (info.created_at, not info.before_damage), reverse=True)

    def find(self, path: Path) -> Path:
        """The backup at `path`; when it is gone, the one of the same name the list holds now (a damaged
        file set aside since moved the backups made before it into backups/before-damage-<time>/)."""
        if path.exists():
            return path
        for info in self.list():
            if info.path.name == path.name:
                return info.path
        return path

    @staticmethod
    def _in(folder: Path, before_damage: bool) -> list[BackupInfo]:
        found = []
        if folder.is_dir():
            for path in folder.iterdir():
                match = NAME.match(path.name)
                if match and path.is_file():
                    created = datetime.strptime(match.group(1), STAMP).replace(tzinfo=timezone.utc)
                    found.append(BackupInfo(path=path, created_at=created, size=path.stat().st_size,
                                            before_damage=before_damage))
        return found

    def current(self) -> list[BackupInfo]:
        """The backups pruning and the hourly start-up copy count: not the ones kept from before damage."""
        return sorted(self._in(self.folder, before_damage=False), key=lambda info: info.created_at, reverse=True)

    def keep_before_damage(self, stamp: str) -> Path | None:
        """A damaged database was just set aside: move the backups made before it into
        backups/before-damage-<stamp>/, where pruning never reaches, so the new file's backups can't
        push out the last good copies. Returns that folder (None when there was no backup)."""
        made = self.current()
        if not made:
            return None
        target = self.folder / f"{BEFORE_DAMAGE}{stamp}"
        count = 1
        while target.exists():
            count += 1
            target = self.folder / f"{BEFORE_DAMAGE}{stamp}-{count}"
        try:
            target.mkdir(parents=True)
            for info in made:
                os.replace(info.path, target / info.path.name)
        except OSError as error:  # the backups stay where they are; pruning is held off instead
            log.error("backups from before the damage could not be moved to %s: %s", target, error)
            self.keep = max(self.keep, len(self.current()) + 1000)
            return self.folder
        return target

    def make(self) -> BackupInfo:
        created = utc_now()
        target = self.folder / f"scorekeeper-{created.strftime(STAMP)}.db"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            copy_database(self.database, target)
        except (OSError, sqlite3.Error) as error:
            raise StorageError(_(
                "The backup could not be written to {folder} ({problem}). Check the free space and that the "
                "folder can be written; the games themselves are safe.", folder=self.folder, problem=error)) from None
        self.prune()
        return BackupInfo(path=target, created_at=created, size=target.stat().st_size)

    def prune(self) -> None:
        for old in self.current()[self.keep:]:
            old.path.unlink(missing_ok=True)

    def make_automatic(self, at_most_every: timedelta | None = None) -> BackupInfo | None:
        """A backup unless a recent one exists; failures are logged, never raised: the entry that
        triggered it is already safe in the database."""
        if self.keep < 1:
            return None
        if at_most_every is not None:
            newest = self.current()[:1]
            if newest and utc_now() - newest[0].created_at < at_most_every:
                return None
        try:
            return self.make()
        except StorageError as error:
            log.warning("automatic backup skipped: %s", error)
            return None


def count_games(path: Path) -> int | None:
    """The games outside the bin in a backup, read without changing it; None when it can't be read."""
    try:
        connection = sqlite3.connect(sqlite_file_uri(path, "ro"), uri=True, timeout=BUSY_TIMEOUT_SECONDS)
        try:
            return connection.execute("SELECT count(*) FROM games WHERE deleted_at IS NULL").fetchone()[0]
        finally:
            connection.close()
    except (sqlite3.Error, UnicodeDecodeError):
        return None


def check_backup_file(path: Path) -> None:
    """Refuse anything that is not an intact Scorekeeper database this version can read."""
    problem = None
    if not path.is_file():
        problem = _("{path} can't be restored: there is no such file. Pick one of the backups the app lists.",
                    path=path)
    else:
        try:
            connection = sqlite3.connect(sqlite_file_uri(path, "ro"), uri=True)
            try:
                if connection.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                    problem = _("{path} can't be restored: the file is damaged. Pick one of the backups the app "
                                "lists.", path=path)
                elif not connection.execute(
                        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'").fetchone():
                    problem = _("{path} can't be restored: it holds no Scorekeeper games (it is another program's "
                                "database). Pick one of the backups the app lists.", path=path)
                else:
                    revisions = [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
                    if len(revisions) != 1:
                        problem = _("{path} can't be restored: it holds no Scorekeeper games (its schema version "
                                    "is missing). Pick one of the backups the app lists.", path=path)
                    elif revisions[0] not in known_revisions():
                        problem = _("{path} can't be restored: it was made by a newer version of Scorekeeper "
                                    "(schema {schema}; this version knows up to {head}): update the app first. "
                                    "Pick one of the backups the app lists.",
                                    path=path, schema=repr(revisions[0]), head=repr(head_revision()))
            finally:
                connection.close()
        except sqlite3.Error as error:
            problem = _("{path} can't be restored: it can't be read as a database ({problem}). Pick one of the "
                        "backups the app lists.", path=path, problem=error)
    if problem:
        raise StorageError(problem)


def stage_backup(path: Path, folder: Path) -> Path:
    """A checked copy of the backup at `path`, brought up to this version's schema, in a new file in
    `folder` (the caller deletes it). Raises StorageError, having changed nothing, when the backup is
    not one of ours, is damaged, comes from a newer version or can't be upgraded."""

    check_backup_file(path)
    staged = folder / f".restoring-{utc_now().strftime(STAMP)}.db"
    try:
        copy_database(path, staged)
    except (OSError, sqlite3.Error) as error:
        discard(staged)
        raise StorageError(_("{path} can't be restored: it could not be copied to {folder} ({problem}). Check the "
                             "free space; the games are as they were.", path=path, folder=folder,
                             problem=error)) from None
    try:
        engine = make_engine(parse_url(sqlite_url(staged)))
        try:
            upgrade(engine, where=STAGED)
        finally:
            engine.dispose()
        connection = sqlite3.connect(staged)
        try:
            for table in ("players", "games", "game_players", "actions"):
                have = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
                want = {column.name for column in metadata.tables[table].columns}
                if have != want and have:
                    raise StorageError(_("its {table} table is not Scorekeeper's (it has {columns}). Pick one of "
                                         "the backups the app lists.", table=table, columns=", ".join(sorted(have))))
                if have != want:
                    raise StorageError(_("its {table} table is not Scorekeeper's (it has no columns). Pick one of "
                                         "the backups the app lists.", table=table))
            if connection.execute("PRAGMA foreign_key_check").fetchone() is not None:
                raise StorageError(_("its games, players and entries don't match up. Pick another of the backups "
                                     "the app lists."))
        finally:
            connection.close()
    except StorageError as error:
        discard(staged)
        # Translators: {problem} is a whole refusal that starts in lower case ("it was written by a newer version ...").
        raise StorageError(_("{path} can't be restored: {problem}", path=path, problem=error)) from None
    except (OSError, sqlite3.Error) as error:
        discard(staged)
        raise StorageError(_("{path} can't be restored ({problem}). The games are as they were.",
                             path=path, problem=error)) from None
    return staged


def discard(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
