"""Names as Text, and player keys that match names however they are typed.

A player's name has at most 40 characters, but its case-folded key can be longer ("ﬃ" folds to
"ffi"), and a custom rule set's name has no set length: PostgreSQL refused such entries with "value
too long". Player keys become rules.common.name_key (NFKC + casefold), so "Zoë" typed with a combining
accent is the player already on the list. Nothing is refused: two stored players whose new keys meet
are both kept, the later one (by id) with its key suffixed.

Revision ID: 0003
Revises: 0002
"""
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def name_key(name: str) -> str:
    """rules.common.name_key as of this revision (a migration must not change with later code)."""
    return unicodedata.normalize("NFKC", name).casefold()


def _check_foreign_keys_off(bind) -> None:
    # SQLite changes a column type by copying the table; with foreign keys on, dropping the old `games`
    # would cascade to every seat and entry. scorekeeper.storage.migrate.upgrade switches them off.
    if bind.dialect.name == "sqlite" and bind.exec_driver_sql("PRAGMA foreign_keys").scalar():
        raise RuntimeError("revision 0003 copies tables on SQLite: run it with foreign keys off "
                           "(scorekeeper.storage.migrate.upgrade does)")


def upgrade() -> None:
    bind = op.get_bind()
    _check_foreign_keys_off(bind)
    with op.batch_alter_table("players") as batch:
        batch.alter_column("name", type_=sa.Text, existing_type=sa.String(40), existing_nullable=False)
        batch.alter_column("name_key", type_=sa.Text, existing_type=sa.String(40), existing_nullable=False)
    with op.batch_alter_table("games") as batch:
        batch.alter_column("game_name", type_=sa.Text, existing_type=sa.String(120), existing_nullable=False,
                           existing_server_default="")
        batch.alter_column("preset_id", type_=sa.Text, existing_type=sa.String(40), existing_nullable=False,
                           existing_server_default="")
    recompute_name_keys(bind)


def recompute_name_keys(bind) -> None:
    rows = bind.execute(sa.text("SELECT id, name FROM players ORDER BY id")).all()
    if not rows:
        return
    keys: dict[int, str] = {}
    taken: set[str] = set()
    for player_id, name in rows:
        key = name_key(name)
        if key in taken:  # an earlier player has this key: keep both, this one's key told apart
            suffix = 1
            while f"{key}\n{player_id}.{suffix}" in taken:
                suffix += 1
            key = f"{key}\n{player_id}.{suffix}"
        taken.add(key)
        keys[player_id] = key
    # Through placeholder keys first: a new key may equal another row's old one until that row changes.
    update = sa.text("UPDATE players SET name_key = :key WHERE id = :id")
    bind.execute(update, [{"key": f"\n{player_id}", "id": player_id} for player_id in keys])
    bind.execute(update, [{"key": key, "id": player_id} for player_id, key in keys.items()])


def downgrade() -> None:
    # Keys stay as recomputed (they are valid keys for 0002 too). SQLite keeps any length in VARCHAR(n),
    # so there the types are left alone rather than copying tables; PostgreSQL gets its limits back
    # (refused, changing nothing, if a longer value is stored).
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        return
    op.alter_column("games", "preset_id", type_=sa.String(40), existing_type=sa.Text, existing_nullable=False)
    op.alter_column("games", "game_name", type_=sa.String(120), existing_type=sa.Text, existing_nullable=False)
    op.alter_column("players", "name_key", type_=sa.String(40), existing_type=sa.Text, existing_nullable=False)
    op.alter_column("players", "name", type_=sa.String(40), existing_type=sa.Text, existing_nullable=False)
