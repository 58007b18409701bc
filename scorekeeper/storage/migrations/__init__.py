"""Alembic migrations of the score database (a package so the scripts ship with the app)."""
