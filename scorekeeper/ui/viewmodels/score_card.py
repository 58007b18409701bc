"""The score card of any kind of game: hands (rounds) as rows, players as columns, the running totals,
the standings and what the card says under its grid. The rows come from the kind (KindUI.card_rows),
every figure from the engine; ui/drawing/card.py draws it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _
from scorekeeper.rules import outcome
from scorekeeper.rules.adjustments import adjustment_lines
from scorekeeper.rules.outcome import PLAYING

from ..kinds import CardRow, kind_ui
from .texts import card_text, leader_line, place_texts


@dataclass(frozen=True)
class StandingRow:
    place_text: str  # "1st", "=2nd" when shared
    seat: int
    name: str
    score: int
    detail: str  # the kind's: "3 of 5 made", "collected 7", "went out in 2 of 4 hands"
    leader: bool

    @property
    def score_text(self) -> str:
        return card_text(self.score)


class ScoreCard:
    def __init__(self, game: Any, status: str = PLAYING):
        self.game = game
        self.ui = kind_ui(game)
        self.verdict = outcome(game, status)  # storage's status: a game over has no hand under way, its own verdict

    @property
    def players(self) -> list[str]:
        return self.game.players

    @property
    def head(self) -> str:
        """The heading of the first column."""
        return self.ui.card_head(self.game)

    def rows(self) -> list[CardRow]:
        current = self.game.current if self.verdict.status == PLAYING else None
        return self.ui.card_rows(self.game, current)

    def totals(self) -> list[int]:
        return self.game.totals()

    def total_texts(self) -> list[str]:
        """The totals row as shown (and read out): "−10"."""
        return [card_text(total) for total in self.game.totals()]

    def standings(self) -> list[StandingRow]:
        verdict = self.verdict
        return [StandingRow(place_text, s.seat, s.name, s.score, self.ui.detail(self.game, s.seat), s.seat in verdict.leaders)
                for s, place_text in zip(verdict.standings, place_texts(verdict.standings))]

    def leader_line(self) -> str:
        nothing_yet = _("No hand played yet") if self.game.unit == "hand" else _("No round played yet")
        return leader_line(self.verdict, nothing_yet)

    def progress_line(self) -> str:
        game = self.game
        # Translators: {progress} is "6 of 15 hands" or "4 rounds"
        return _("{progress} played", progress=self.verdict.progress_text) + self.ui.progress_extra(game)

    def adjustments(self) -> list[str]:
        return adjustment_lines(self.game)

    def table_changes(self) -> list[str]:
        """Who came and went (rules.roster)."""
        return self.game.roster_lines()

    def notes(self) -> list[str]:
        """The scoring changed mid-game (every hand rescored), and what the kind adds (hands against the hook)."""
        return [*self.game.rule_change_lines(), *self.ui.card_lines(self.game)]

    def legend(self) -> str:
        return self.ui.legend(self.game)
