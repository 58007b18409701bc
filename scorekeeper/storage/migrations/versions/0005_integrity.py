"""Integrity and outside references: a hash of each game's stored log, and the id a game had in a file
it was imported from when that id is not one of ours (a spreadsheet's "2024-03-01 Smiths").

Revision ID: 0005
Revises: 0004
"""
import sqlalchemy as sa
from alembic import op

from scorekeeper.storage import integrity

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (SQLite has it): a batch would copy the tables, and copying games cascades.
    # storage.integrity.log_hash of the game's stored log (rules, setup, players, entries); every read
    # checks it. The games stored before this revision are hashed here, as they are now: from here on a
    # game without a hash is a damaged one.
    op.add_column("games", sa.Column("log_hash", sa.Text, nullable=True))
    integrity.stamp_all(op.get_bind())
    # The game's id in the file it was imported from, when that was not a Scorekeeper id; importing the
    # same file again finds the game by it and adds nothing.
    op.add_column("games", sa.Column("external_ref", sa.Text, nullable=True))
    op.create_index("ix_games_external_ref", "games", ["external_ref"], unique=True)


def downgrade() -> None:
    # Plain DROP COLUMN (SQLite has it since 3.35), as in 0002.
    op.drop_index("ix_games_external_ref", table_name="games")
    op.drop_column("games", "external_ref")
    op.drop_column("games", "log_hash")
