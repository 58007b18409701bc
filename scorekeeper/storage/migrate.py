"""Schema migrations (Alembic), run at every start-up: an app update upgrades the file it finds.

The configuration is built here, so no alembic.ini is needed at run time; the scripts live in the
package (migrations/env.py and migrations/versions/)."""
from __future__ import annotations

from scorekeeper.i18n import _

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.util.exc import CommandError
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

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


def known_revisions() -> set[str]:
    return {script.revision for script in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


OUR_TABLES = {"players", "games", "game_players", "actions", "drafts"}


# Which database a refusal names (upgrade's `where`): None, the score database; an address, the score
# database at that address; STAGED, a backup being restored (the refusal then follows "... can't be
# restored:"). Each refusal is written whole for each of the three.
STAGED = "it"


def _said(where: str | None, plain: str, at: str, staged: str) -> str:
    return staged if where == STAGED else at if where else plain


def check_revision(connection: Connection, where: str | None = None) -> None:
    """Refuse, before anything is changed, a database this version of the app can't bring up to date:
    one made by a newer version, or one holding another program's tables (in a SQLite file, any; in a
    PostgreSQL database, which may be shared, tables with the names Scorekeeper's need)."""
    revision = MigrationContext.configure(connection).get_current_revision()
    if revision is None:
        found = set(inspect(connection).get_table_names()) - {"alembic_version"}
        if connection.dialect.name != "sqlite":
            found &= OUR_TABLES
        if found:
            tables = ", ".join(sorted(found)[:5])
            raise StorageError(_said(
                where,
                _("The score database is not a Scorekeeper database: it holds other tables ({tables}) and no "
                  "Scorekeeper schema version. Nothing was changed. Point the app at its own file "
                  "(SCOREKEEPER_DATABASE_URL), or move this file away and start again.", tables=tables),
                _("The score database at {where} is not a Scorekeeper database: it holds other tables ({tables}) "
                  "and no Scorekeeper schema version. Nothing was changed. Point the app at its own file "
                  "(SCOREKEEPER_DATABASE_URL), or move this file away and start again.", where=where, tables=tables),
                _("it is not a Scorekeeper database: it holds other tables ({tables}) and no Scorekeeper schema "
                  "version. Nothing was changed. Point the app at its own file (SCOREKEEPER_DATABASE_URL), or move "
                  "this file away and start again.", tables=tables)))
    elif revision not in known_revisions():
        schema, head = repr(revision), repr(head_revision())
        raise StorageError(_said(
            where,
            _("The score database was written by a newer version of Scorekeeper (schema {schema}; this version "
              "knows up to {head}). Nothing was changed: update the app to open it, or restore a backup made by "
              "this version.", schema=schema, head=head),
            _("The score database at {where} was written by a newer version of Scorekeeper (schema {schema}; this "
              "version knows up to {head}). Nothing was changed: update the app to open it, or restore a backup "
              "made by this version.", where=where, schema=schema, head=head),
            _("it was written by a newer version of Scorekeeper (schema {schema}; this version knows up to "
              "{head}). Nothing was changed: update the app to open it, or restore a backup made by this "
              "version.", schema=schema, head=head)))


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head", where: str | None = None) -> None:
    """Bring the database to `revision` in one transaction (`where`: the database's address for a
    refusal, or STAGED for a backup being restored), holding the write lock throughout so two
    sessions starting together don't both try (the second then finds nothing left to do).
    A database that can't be brought up to date raises StorageError and is left as it was."""
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
                check_revision(connection, where)
                try:
                    command.upgrade(alembic_config(connection), revision)
                except (CommandError, SQLAlchemyError) as error:
                    text = str(getattr(error, "orig", None) or error).strip()
                    problem = text.splitlines()[0] if text else type(error).__name__
                    raise StorageError(_said(
                        where,
                        _("The score database can't be brought up to this version of the app ({problem}). "
                          "Nothing was changed: check that it is a Scorekeeper database, or restore a backup.",
                          problem=problem),
                        _("The score database at {where} can't be brought up to this version of the app "
                          "({problem}). Nothing was changed: check that it is a Scorekeeper database, or restore "
                          "a backup.", where=where, problem=problem),
                        _("it can't be brought up to this version of the app ({problem}). Nothing was changed: "
                          "check that it is a Scorekeeper database, or restore a backup.", problem=problem))) from None
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
                    raise StorageError(_("Updating the score database to this version of the app failed (its tables no "
                                         "longer match up). Nothing was changed; install the update again or "
                                         "report the problem."))
        finally:
            if sqlite:
                connection.connection.driver_connection.execute("PRAGMA foreign_keys=ON")
