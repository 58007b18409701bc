"""The club screen (/club, a TV on the club's wall): every table's game of the night, live, and the
night's leaderboard (rules/club.py), from storage's game summaries: nothing is replayed or computed here."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from scorekeeper.i18n import _
from scorekeeper.rules.club import BY_PLACES, BY_TOTAL, WAYS, BoardLine, NightGame, leaderboard
from scorekeeper.rules.common import standings, shown_display_name

from .texts import card_text
from .summaries import progress_line

NIGHT = timedelta(hours=12)  # a club night: the games started or played in the last 12 hours


@dataclass(frozen=True)
class TableLine:
    place: int
    name: str
    score: str
    leads: bool


@dataclass(frozen=True)
class ClubTable:
    game_id: str
    table: str  # "Table 3"; a game at no named table: its own name, else "Game 2"
    kind: str  # "Oh Heck", in the reader's language
    progress: str  # "5 of 15 played", "Finished", "Ended early", "Not started"
    lines: tuple[TableLine, ...]  # best first
    over: bool


class ClubNight:
    def __init__(self, store: Any, by: str | None = None, now: datetime | None = None):
        self.store = store
        self.by = by if by in WAYS else BY_TOTAL
        self._now = now
        self.tables: list[ClubTable] = []
        self.board: list[BoardLine] = []
        self.reload()

    def reload(self) -> None:
        since = (self._now or datetime.now(timezone.utc)) - NIGHT
        summaries = sorted(self.store.club_night(since), key=lambda summary: (not summary.table, natural(summary.table)))
        self.tables = [self._table(summary, number) for number, summary in enumerate(summaries, start=1)]
        self.board = leaderboard((NightGame(summary.players, summary.scores, summary.highest_wins,
                                            summary.rounds_played) for summary in summaries), self.by)

    def choose(self, by: str) -> None:
        if by in WAYS and by != self.by:
            self.by = by
            self.reload()

    @staticmethod
    def _table(summary: Any, number: int) -> ClubTable:
        started = summary.rounds_played > 0
        lines = tuple(TableLine(standing.place, standing.name, card_text(standing.score),
                                started and standing.place == 1)
                      for standing in standings(summary.players, summary.scores, summary.highest_wins))
        if summary.status == "finished":
            progress = _("Finished")
        elif summary.status == "abandoned":
            progress = _("Ended early")
        elif not started:
            progress = _("Not started")
        else:
            progress = progress_line(summary)
        return ClubTable(game_id=summary.id, table=summary.table or summary.title or _("Game {number}", number=number),
                         kind=shown_display_name(summary.game_name), progress=progress, lines=lines,
                         over=summary.status != "playing")


WAYS_SHOWN = ((BY_TOTAL, "by-total"), (BY_PLACES, "by-places"))


def points_text(points: int) -> str:
    """A leaderboard's points as the cards print scores ("−5", a real minus sign)."""
    return card_text(points)


def natural(name: str) -> tuple:
    """A table's name as it sorts: "Table 2" before "Table 10"."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.casefold())
                 for part in re.split(r"(\d+)", name) if part)
