"""Errors storage raises. Every message is written for the score keeper's screen: what is wrong and
what to do about it. Entries the rules refuse raise scorekeeper.rules.InvalidEntry instead."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import N_, _


class StorageError(Exception):
    """Something about the stored games stops this request; nothing was changed."""


class GameNotFound(StorageError):
    """The game asked for is not stored (or is in the bin)."""


STALE_MESSAGE = N_(
    "This game was changed on another device since this screen was drawn. The latest entries are shown "
    "now; make the entry again if it is still needed."
)


TAPPED_MESSAGE = N_(
    "Another device tapped this step just now: what it tapped shows here. Check it, then tap the button again."
)


@dataclass(frozen=True)
class DraftSeen:
    """The taps of the step under way (its draft, None when none) as a device last saw them: a step
    entered from that device is refused when another device has tapped since (Store.change), or that
    tap, kept and shown as kept on the other device, would be lost without a word."""
    draft: Any


class StaleGame(StorageError):
    """The screen was drawn from an older version of the game than the one stored."""

    def __init__(self, game_id: str, message: str | None = None):
        super().__init__(_(STALE_MESSAGE) if message is None else message)
        self.game_id = game_id
