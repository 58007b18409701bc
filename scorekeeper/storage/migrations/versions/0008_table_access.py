"""The table's PIN (hashed), the wrong PINs entered at the table, and the devices' rights to make
entries: kept across a restart and shared by every server process on the database.

Revision ID: 0008
Revises: 0007
"""
import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_pin",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("pin_hash", sa.Text, nullable=False),
        sa.Column("salt", sa.Text, nullable=False),
        sa.Column("generation", sa.Integer, nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("locked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "pin_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_pin_attempts_at", "pin_attempts", ["at"])
    op.create_table(
        "device_rights",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("generation", sa.Integer, nullable=False),
        sa.Column("granted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("device_rights")
    op.drop_index("ix_pin_attempts_at", "pin_attempts")
    op.drop_table("pin_attempts")
    op.drop_table("table_pin")
