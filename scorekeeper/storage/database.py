"""Where the games live and how to open it: the default location, engines for SQLite and PostgreSQL,
and the check that moves a damaged SQLite file aside instead of failing at every start."""
from __future__ import annotations

from scorekeeper.i18n import _

import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import platformdirs
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.pool import StaticPool

from .errors import StorageError

DATABASE_FILE = "scorekeeper.db"
URL_VARIABLE = "SCOREKEEPER_DATABASE_URL"
BUSY_TIMEOUT_SECONDS = 15  # several app sessions share one file: wait for another's write, don't fail
SIDE_FILES = ("-wal", "-shm")  # SQLite's write-ahead log and its index travel with the database file


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def utc_stamp(moment: datetime | None = None) -> str:
    """20240501T201500Z: sortable, safe in file names on every system."""
    return (moment or utc_now()).strftime("%Y%m%dT%H%M%SZ")


def default_database_url() -> str:
    """SCOREKEEPER_DATABASE_URL when set; else a SQLite file in Flet's app storage folder when the app
    runs under Flet (FLET_APP_STORAGE_DATA); else in the user's data folder."""
    configured = os.environ.get(URL_VARIABLE, "").strip()
    if configured:
        return configured
    folder = data_folder()
    make_folder(folder)
    return sqlite_url(folder / DATABASE_FILE)


def data_folder() -> Path:
    """The app's own folder on this machine: Flet's app storage folder when the app runs under Flet
    (FLET_APP_STORAGE_DATA), else the user's data folder. The SQLite file lives there by default."""
    flet_folder = os.environ.get("FLET_APP_STORAGE_DATA", "").strip()
    return Path(flet_folder) if flet_folder else Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


def make_folder(folder: Path) -> None:
    """The folder of the database file, made when missing; StorageError when it can't be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or str(error)
        raise StorageError(_(
            "The folder {folder} for the score database can't be made ({reason}: {file}). Check the path in the "
            "database address (SCOREKEEPER_DATABASE_URL when set) and that the folder can be written.",
            folder=folder, reason=reason, file=error.filename or folder)) from None


def sqlite_url(path: Path | str) -> str:
    """The database address of the SQLite file at `path`, escaped: a folder named "Club?" or "50%20off"
    is that folder, not the address's query or an escape (make_url reads the address back)."""
    return URL.create("sqlite", database=str(Path(path).resolve())).render_as_string()


def parse_url(url: str) -> URL:
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as error:
        raise StorageError(_(
            "The database address {url} can't be read ({problem}). Use sqlite:///path/to/scorekeeper.db or "
            "postgresql://user:password@host/database.", url=repr(url), problem=error)) from None
    backend = parsed.get_backend_name()
    if backend == "postgresql" and parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")  # the driver the project ships with
    elif backend not in ("sqlite", "postgresql"):
        raise StorageError(_("Scorekeeper keeps its games in SQLite or PostgreSQL, not {backend}: change the "
                             "database address.", backend=backend))
    return parsed


def sqlite_path(url: URL) -> Path | None:
    """The file of a SQLite database, or None for an in-memory one (and for other databases)."""
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return Path(url.database).expanduser().resolve()


def make_engine(url: URL) -> Engine:
    if url.get_backend_name() == "sqlite":
        path = sqlite_path(url)
        connect_args = {"timeout": BUSY_TIMEOUT_SECONDS, "check_same_thread": False}
        if path is None:  # in memory: one shared connection, or every connection sees its own empty database
            engine = create_engine(url, connect_args=connect_args, poolclass=StaticPool)
        else:
            make_folder(path.parent)
            engine = create_engine(url, connect_args=connect_args)
        _manage_sqlite_transactions(engine, in_file=path is not None)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _manage_sqlite_transactions(engine: Engine, in_file: bool) -> None:
    """Python's sqlite3 starts transactions late and never for reads; take that over so every request
    runs in one real transaction, and writes take the write lock up front (BEGIN IMMEDIATE): a write
    that read first and locked later could fail on another session's commit instead of waiting."""

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if in_file and _ours_or_new(cursor):
            cursor.execute("PRAGMA journal_mode=WAL")  # readers don't wait for the writer
        cursor.execute("PRAGMA synchronous=FULL")  # an acknowledged entry survives a power cut
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_SECONDS * 1000}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection):
        connection.exec_driver_sql(connection.get_execution_options().get("sqlite_begin", "BEGIN"))


def _ours_or_new(cursor) -> bool:
    """Whether the SQLite file is Scorekeeper's (its schema version and only its tables) or holds no table
    yet. Another program's is refused with "nothing was changed" (migrate.check_revision), so it is not
    switched to WAL either: that mode stays with the file. (Other programs keep an alembic_version too.)"""
    from .migrate import OUR_TABLES

    tables = {name for (name,) in cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return not tables or ("alembic_version" in tables and tables <= OUR_TABLES | {"alembic_version"})


# ----- a damaged SQLite file -----

DAMAGE_CODES = ("SQLITE_NOTADB", "SQLITE_CORRUPT")  # and extended codes (SQLITE_CORRUPT_INDEX ...)


def sqlite_file_uri(path: Path, mode: str) -> str:
    """The URI that opens the SQLite file at `path` read-only ("ro") or without creating it ("rw"): escaped,
    so a folder named "Club #2" or "50% off" is the folder, not a URI's fragment or escape."""
    return f"{Path(path).absolute().as_uri()}?mode={mode}"


def is_damaged(path: Path) -> bool:
    """True when the file is not a SQLite database or fails PRAGMA quick_check. Locked or unreadable
    files are not damage: those raise StorageError, and the file is left alone."""
    if not path.exists() or path.stat().st_size == 0:
        return False
    try:
        connection = sqlite3.connect(sqlite_file_uri(path, "rw"), uri=True, timeout=BUSY_TIMEOUT_SECONDS)
        # Its findings can quote damaged text that is not UTF-8 any more: read them as they come.
        connection.text_factory = lambda data: data.decode("utf-8", "replace")
        try:
            rows = connection.execute("PRAGMA quick_check").fetchall()
        finally:
            connection.close()
    except UnicodeDecodeError:  # SQLite's own error quotes a damaged schema that is not UTF-8 any more
        return True
    except sqlite3.DatabaseError as error:
        if (getattr(error, "sqlite_errorname", "") or "").startswith(DAMAGE_CODES):
            return True
        raise StorageError(_(
            "The score database {path} can't be opened ({problem}). Check that the folder can be written and no "
            "other program holds the file, then start again.", path=path, problem=error)) from None
    return rows != [("ok",)]


def move_aside(path: Path, label: str, stamp: str | None = None) -> Path:
    """Rename the database file (and its -wal/-shm) to `<name>.<label>-<UTC timestamp>`; never delete."""
    stamp = stamp or utc_stamp()
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    count = 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", *SIDE_FILES)):
        count += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{count}")
    for suffix in SIDE_FILES:  # the log first: a new file must never pick up the old one's log
        side = Path(f"{path}{suffix}")
        if side.exists():
            os.replace(side, f"{target}{suffix}")
    os.replace(path, target)
    return target
