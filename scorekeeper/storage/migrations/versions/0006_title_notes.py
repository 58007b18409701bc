"""A game's own name and notes, given by the table ("Friday at Ann's", "Bob's birthday; Cy left at 11").

Revision ID: 0006
Revises: 0005
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN with a default, as in 0005: the games stored before have no name and no notes.
    op.add_column("games", sa.Column("title", sa.Text, nullable=False, server_default=""))
    op.add_column("games", sa.Column("notes", sa.Text, nullable=False, server_default=""))


def downgrade() -> None:
    op.drop_column("games", "notes")
    op.drop_column("games", "title")
