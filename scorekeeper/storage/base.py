"""Opening the database and the transactions every part of the Store runs in."""
from __future__ import annotations

from scorekeeper.i18n import _

import threading
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Iterator, Self

from sqlalchemy import select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from .backups import AUTOMATIC_INTERVAL, Backups
from .database import default_database_url, is_damaged, make_engine, move_aside, parse_url, sqlite_path, utc_stamp
from .errors import StorageError
from .notices import notices_for
from .migrate import upgrade
from .shared import _draft_writer, _short, log
from .tables import games


class StoreBase:
    """Opens (creating or upgrading) the database at `url`; see the package docstring for the calls."""

    def __init__(self, url: str | None = None, *, keep_backups: int = 5, damaged: str = "set aside"):
        """`damaged` says what to do with a SQLite file that is not a database or fails its check:
        "set aside" (the app) renames it to <name>.damaged-<UTC timestamp>, keeps the backups made
        before it for good (store.backups(), before_damage=True) and starts on a new file;
        "refuse" (the command line) raises StorageError and leaves the file where it is."""
        if isinstance(keep_backups, bool) or not isinstance(keep_backups, int) or keep_backups < 0:
            raise StorageError(f"keep_backups must be a whole number of 0 or more, not {keep_backups!r}.")
        if damaged not in ("set aside", "refuse"):
            raise StorageError(f"damaged must be 'set aside' or 'refuse', not {damaged!r}.")
        self.url = url if url is not None else default_database_url()
        parsed = parse_url(self.url)
        self._where = parsed.render_as_string(hide_password=True)
        self._path = sqlite_path(parsed)
        self.recovered_from: Path | None = None
        self.kept_backups: Path | None = None  # where the backups from before the damage were put
        backups = Backups(self._path, keep_backups) if self._path is not None else None
        if self._path is not None and is_damaged(self._path):
            if damaged == "refuse":
                folder = self._path.parent / "backups"
                if folder.is_dir():
                    raise StorageError(_(
                        "The score database {path} is damaged (it is not a readable SQLite database), so nothing "
                        "was done; the file was left where it is. `scorekeeper backups` lists the backups made "
                        "before the damage (in {folder}) and `scorekeeper restore BACKUP` puts one in its place "
                        "(the damaged file is kept aside, never deleted); the app offers them too.",
                        path=self._path, folder=folder))
                raise StorageError(_(
                    "The score database {path} is damaged (it is not a readable SQLite database), so nothing was "
                    "done; the file was left where it is. `scorekeeper backups` lists the backups made before the "
                    "damage and `scorekeeper restore BACKUP` puts one in its place (the damaged file is kept "
                    "aside, never deleted); the app offers them too.", path=self._path))
            stamp = utc_stamp()
            try:
                self.recovered_from = move_aside(self._path, "damaged", stamp)
            except OSError as error:
                raise StorageError(_(
                    "The score database {path} is damaged and can't be set aside ({problem}). Check that its "
                    "folder can be written, then start again; nothing was deleted.",
                    path=self._path, problem=error.strerror or error)) from None
            self.kept_backups = backups.keep_before_damage(stamp)
            log.error("damaged database moved aside to %s; starting on a new file%s", self.recovered_from,
                      f"; the backups made before it are kept in {self.kept_backups}" if self.kept_backups else "")
        self._engine = make_engine(parsed)
        self.notices = notices_for(parsed)  # the committed changes, heard by this process (storage/notices.py)
        # An in-memory database is one shared connection: requests from several threads take turns.
        in_memory = parsed.get_backend_name() == "sqlite" and self._path is None
        self._turns = threading.RLock() if in_memory else nullcontext()
        self._postgres = parsed.get_backend_name() == "postgresql"
        self._write_draft = _draft_writer(parsed.get_backend_name())
        try:
            upgrade(self._engine, where=self._where)
            self._backups = backups
            if self._backups is not None and self._has_games():
                self._backups.make_automatic(at_most_every=AUTOMATIC_INTERVAL)
        except DBAPIError as error:
            self._engine.dispose()
            raise StorageError(_(
                "The score database at {where} can't be opened ({problem}). Check that the server is running "
                "and the address is right (it comes from SCOREKEEPER_DATABASE_URL when set).",
                where=self._where, problem=_short(error))) from None
        except SQLAlchemyError as error:
            self._engine.dispose()
            if str(error):
                raise StorageError(_(
                    "The score database at {where} can't be opened ({error}: {problem}). Nothing was changed: "
                    "check that it is a Scorekeeper database, or restore a backup.",
                    where=self._where, error=error.__class__.__name__, problem=str(error).splitlines()[0])) from None
            raise StorageError(_(
                "The score database at {where} can't be opened ({error}: no details). Nothing was changed: "
                "check that it is a Scorekeeper database, or restore a backup.",
                where=self._where, error=error.__class__.__name__)) from None
        except BaseException:
            self._engine.dispose()
            raise

    def close(self) -> None:
        self.notices.close()
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self._where!r})"

    # ----- transactions -----

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One transaction that holds the write lock from its first statement (SQLite: BEGIN IMMEDIATE)."""
        try:
            with self._turns, self._engine.connect() as connection:
                connection = connection.execution_options(sqlite_begin="BEGIN IMMEDIATE")
                try:
                    with connection.begin():
                        yield connection
                finally:
                    announced = self.notices.taken(connection)
            self.notices.committed(announced)  # what the transaction announced (storage/notices.py)
        except DBAPIError as error:
            raise StorageError(_(
                "The score database could not save this ({problem}). Nothing was changed: try again, and if it "
                "keeps failing check the free space and the connection to the database.",
                problem=_short(error))) from None

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """One transaction, so every query of a request sees the same moment: SQLite's read transaction
        is a snapshot; on PostgreSQL that takes REPEATABLE READ (READ COMMITTED, its default, lets each
        query see the commits made since the one before)."""
        try:
            with self._turns, self._engine.connect() as connection:
                if self._postgres:
                    connection = connection.execution_options(isolation_level="REPEATABLE READ",
                                                              postgresql_readonly=True)
                with connection.begin():
                    yield connection
        except DBAPIError as error:
            raise StorageError(_(
                "The score database could not be read ({problem}). Try again; if it keeps failing, check the "
                "connection to the database.", problem=_short(error))) from None

    def _has_games(self) -> bool:
        with self._read() as connection:
            return connection.execute(select(games.c.id).limit(1)).first() is not None
