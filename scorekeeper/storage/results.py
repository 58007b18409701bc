"""What the store hands back: plain, frozen values the screens and export read."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper.i18n import _

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


def undo_label(game: Any, action: Any) -> str:
    """What Undo says while `action` is the last entry of `game`: "Undo bids of hand 3"."""
    # Translators: {entry} is the rules' description of an entry ("bids of hand 3").
    return _("Undo {entry}", entry=game.describe(action))


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
    leaders: list[str] = field(default_factory=list)  # ahead now, by the engine's outcome; none before the first round
    title: str = ""  # the table's own name for the game ("Friday at Ann's"); empty when none
    notes: str = ""
    table: str = ""  # the table it is played at ("Table 3"); empty when none
    highest_wins: bool = True


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str
    games: int  # games this player is seated in, any status, not counting the bin


@dataclass(frozen=True)
class KindStats:
    """A player's figures over the finished games of one kind.

    Scores only compare within one direction of play: average and best are over the games where the
    highest total wins when the player has any of those, else over the lowest-wins ones (penalty
    points, where the best is the lowest). `highest_wins` says which."""

    kind: str
    games: int  # at least 1: a kind the player has no finished game of is not in PlayerStats.by_kind
    wins: int  # a shared first place counts as a win; "first" follows each game's direction
    average_score: float
    best_score: int
    best_game_id: str | None  # the first game (by end time) to reach the best score
    highest_wins: bool  # the direction average and best are taken over
    counters: dict[str, int] = field(default_factory=dict)  # this kind's Game.stats(), summed


@dataclass(frozen=True)
class PlayerStats:
    """Figures over the player's finished games (not abandoned ones, not the bin), all kinds together,
    with the figures of each kind in `by_kind`.

    `games` and `wins` count every kind. Average and best follow the rule of KindStats over all the
    player's games: highest-wins games when there are any, else the lowest-wins ones. What each kind
    counts (the engine's Game.stats()) is in `by_kind`: storage adds the counters up, it doesn't know them."""

    player_id: int
    name: str
    games: int
    wins: int  # a shared first place counts as a win
    average_score: float | None
    best_score: int | None
    best_game_id: str | None
    # Every kind's counters, each named "<kind>.<counter>" ("hit-the-deck.hands_played"), since the
    # same name means different things in different kinds.
    counters: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, KindStats] = field(default_factory=dict)  # kinds the player has finished games of
    scored_games: int = 0  # the games average and best are over (fewer than `games` when some went the other way)

    @property
    def counters_by_kind(self) -> dict[str, dict[str, int]]:
        return {kind: stats.counters for kind, stats in self.by_kind.items()}


@dataclass(frozen=True)
class GameChoice:
    """A kind and preset a player has finished games of: one choice on the player page."""

    kind: str
    preset_id: str  # "custom" for house rules
    name: str  # the game's name as the history shows it
    games: int


@dataclass(frozen=True)
class Opponent:
    player_id: int
    name: str
    games: int  # finished games sat in together, of the kind and preset chosen


@dataclass(frozen=True)
class PlayerPage:
    """One player's figures over the finished games of one kind, and of one preset when chosen. Every
    figure is the engine's (rules.player_record) over the rows the store keeps."""

    player_id: int
    name: str
    choices: tuple[GameChoice, ...]  # the kinds and presets the player finished games of, most games first
    kind: str | None  # the kind shown; None when the player has no finished game
    preset_id: str | None  # the preset shown; None for every preset of the kind
    record: Any  # rules.player_record.PlayerRecord
    opponents: tuple[Opponent, ...]  # most games together first
    versus: Opponent | None = None  # the player compared with, when one was chosen
    head_to_head: Any = None  # rules.player_record.HeadToHead against `versus`
    left_out: tuple[Any, ...] = ()  # DamagedGame: games whose figures can't be read, named
    counters: dict[str, int] = field(default_factory=dict)  # a kind without bids: its Game.stats(), summed


@dataclass(frozen=True)
class ImportResult:
    added: list[str]  # game ids stored by this import
    skipped: list[str]  # game ids already stored, left as they were


@dataclass(frozen=True)
class BackupInfo:
    path: Path
    created_at: datetime
    size: int  # bytes
    # Made before a damaged database file was set aside: kept for good (never pruned), in
    # backups/before-damage-<UTC timestamp>/. The newest of these holds the games as they were.
    before_damage: bool = False
    games: int | None = None  # games outside the bin in it (Backups.list); None: not counted or unreadable


class Readable(list):
    """A list read from storage without the games that could not be read (storage.integrity): those are
    in `left_out` (DamagedGame; integrity.left_out_line(damage) is the line that names one)."""

    def __init__(self, items=(), left_out=()):
        super().__init__(items)
        self.left_out = list(left_out)
