"""Errors storage raises. Every message is written for the score keeper's screen: what is wrong and
what to do about it. Entries the rules refuse raise scorekeeper.rules.InvalidEntry instead."""
from __future__ import annotations

from scorekeeper.i18n import N_, _


class StorageError(Exception):
    """Something about the stored games stops this request; nothing was changed."""


class GameNotFound(StorageError):
    """The game asked for is not stored (or is in the bin)."""


STALE_MESSAGE = N_(
    "This game was changed on another device since this screen was drawn. The latest entries are shown "
    "now; make the entry again if it is still needed."
)


class StaleGame(StorageError):
    """The screen was drawn from an older version of the game than the one stored."""

    def __init__(self, game_id: str, message: str | None = None):
        super().__init__(_(STALE_MESSAGE) if message is None else message)
        self.game_id = game_id
