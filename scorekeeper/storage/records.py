"""A game as plain data: what storage keeps, export writes and import reads.

A record holds the entries, not the scores: points, totals and winners are always recomputed by the
rules engine from the entries, so a stored or imported game can never disagree with its rules.
"""
from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scorekeeper.rules.kinds import new_game

STATUSES = ("playing", "finished", "abandoned")
MOST_REF_CHARS = 200  # an imported game's outside id (GameRecord.external_ref)
# A UUID as people and other programs write it: 32 hex digits, or dashed 8-4-4-4-12, in either case,
# in braces or after urn:uuid: (a game's id is its 32 lowercase digits: GameRecord.id)
UUID_FORM = re.compile(r"(?:urn:uuid:)?(\{)?(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
                       r"(?(1)\})", re.IGNORECASE)


def uuid_id(text: Any) -> str | None:
    """The game id (32 lowercase hex digits) a UUID written in any usual form stands for, or None."""
    if not isinstance(text, str) or not UUID_FORM.fullmatch(text):
        return None
    return uuid.UUID(text).hex


def can_finish(game: Any) -> bool:
    """A game may be finished when its rules say it is over, or, for a game without a set number of
    rounds (progress() total None: a score pad without a target, Hit the Deck), whenever the table
    stops after at least one round: nothing else would ever end it."""
    if game.is_over:
        return True
    played, total = game.progress()
    return total is None and played > 0


@dataclass(frozen=True)
class GameRecord:
    id: str  # a uuid4 hex string, the same on every device and in every export
    kind: str  # the game kind, a key of scorekeeper.rules.kinds.KINDS
    rules: dict[str, Any]  # kind.Rules.to_dict()
    players: tuple[str, ...]  # names in seat order (the direction of play)
    setup: dict[str, Any]  # keyword arguments of kind.Game besides players and rules ({"first_dealer": 0})
    status: str  # one of STATUSES
    started_at: datetime  # timezone-aware, UTC
    finished_at: datetime | None = None
    actions: tuple[dict[str, Any], ...] = field(default_factory=tuple)  # the entries in order; undone ones excluded
    # The game's id in the file it was imported from when that was no id of ours (a spreadsheet's
    # "2024-03-01 Smiths"): stored as games.external_ref, so importing the file again adds nothing.
    external_ref: str | None = None
    title: str = ""  # the table's own name for the game (storage.about); empty when none
    notes: str = ""

    def build(self):
        """The engine's Game with every action replayed; raises InvalidEntry when an entry breaks the rules."""
        game = new_game(self.kind, self.players, self.rules, self.setup)
        for action in self.actions:
            game.apply(action)
        return game
