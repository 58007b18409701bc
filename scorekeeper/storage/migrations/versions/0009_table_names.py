"""The table a game is played at, by its name ("Table 3"): a club night's games, table by table.

Revision ID: 0009
Revises: 0008
"""
import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN with a default, as in 0006: the games stored before were played at no named table.
    op.add_column("games", sa.Column("table_name", sa.Text, nullable=False, server_default=""))


def downgrade() -> None:
    op.drop_column("games", "table_name")
