"""Schema migrations (Alembic), run at every start-up: an app update upgrades the file it finds.

The configuration is built here, so no alembic.ini is needed at run time; the scripts live in the
package (migrations/env.py and migrations/versions/)."""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection, Engine

from .errors import StorageError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
PG_MIGRATION_LOCK = 0x5C0E  # any fixed number: app sessions starting together upgrade one at a time


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to `revision` in one transaction, holding the write lock throughout so two
    sessions starting together don't both try (the second then finds nothing left to do)."""
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite changes a column by copying its table; with foreign keys on, dropping the old
            # `games` would cascade to every entry. Checked by hand before the commit instead.
            # (The switch only works outside a transaction, so it goes to the driver directly.)
            connection.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")
        try:
            connection = connection.execution_options(sqlite_begin="BEGIN IMMEDIATE")
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_MIGRATION_LOCK})")
                command.upgrade(alembic_config(connection), revision)
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
                    raise StorageError("Updating the score database to this version of the app failed (its tables no longer match up). Nothing was changed; install the update again or report the problem.")
        finally:
            if sqlite:
                connection.connection.driver_connection.execute("PRAGMA foreign_keys=ON")
