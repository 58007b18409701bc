"""What the store hands back: plain, frozen values the screens and export read."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .records import GameRecord


@dataclass(frozen=True)
class GameState:
    """One stored game as a screen draws it. Pass `version` back with the next write."""

    id: str
    version: int
    status: str  # "playing", "finished" or "abandoned"
    started_at: datetime
    finished_at: datetime | None
    game: Any  # the kind's engine Game, with every active action replayed
    record: GameRecord
    can_undo: bool
    can_redo: bool
    undo_text: str | None  # "Undo bids of hand 3"; None when there is nothing to undo
    redo_text: str | None


@dataclass(frozen=True)
class GameSummary:
    """A line of the history or the resume list, read from columns kept up to date on every write."""

    id: str
    kind: str
    game_name: str
    preset_id: str
    players: list[str]
    status: str
    started_at: datetime
    finished_at: datetime | None
    updated_at: datetime
    rounds_played: int
    rounds_total: int | None  # None when the game is open-ended
    scores: list[int]  # final scores when finished, else the running totals
    winners: list[str]  # empty unless finished; several when tied
    version: int


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str
    games: int  # games this player is seated in, any status, not counting the bin


@dataclass(frozen=True)
class PlayerStats:
    """Figures over the player's finished games (not abandoned ones, not the bin)."""

    player_id: int
    name: str
    games: int
    wins: int  # a shared first place counts as a win
    average_score: float | None
    hands_played: int
    hands_made: int
    made_share: float | None  # hands made / hands played
    zero_bids_made: int
    best_score: int | None
    best_game_id: str | None
    counters: dict[str, int] = field(default_factory=dict)  # every counter the kinds report, summed


@dataclass(frozen=True)
class ImportResult:
    added: list[str]  # game ids stored by this import
    skipped: list[str]  # game ids already stored, left as they were


@dataclass(frozen=True)
class BackupInfo:
    path: Path
    created_at: datetime
    size: int  # bytes
