"""Alembic's entry point. scorekeeper.storage.migrate passes an open connection, already in a
transaction; the migrations run inside it."""
from alembic import context

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=None,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite rebuilds tables to change columns
)
with context.begin_transaction():
    context.run_migrations()
