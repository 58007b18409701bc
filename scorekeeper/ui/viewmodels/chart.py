"""The score curve of any kind: each player's running total after each hand (round), scaled to a drawing area."""
from __future__ import annotations

from dataclasses import dataclass

from typing import Any

from scorekeeper.i18n import _, _n
from scorekeeper.rules.sheet import played_rows

from .texts import card_text

LINE_GAP, RIBBON = 3.0, 12.0  # px between the lines of equal totals; the widest their ribbon gets


@dataclass(frozen=True)
class Series:
    seat: int
    name: str
    totals: tuple[int, ...]  # 0 before the first hand (round), then after each played one
    first: int = 0  # where the line starts: a late arrival's at the total they came with, not at 0 before


class ScoreChart:
    def __init__(self, game: Any):
        self.game = game
        played = played_rows(game)
        joins = game.joins  # (rules.roster: a late arrival's first hand)
        self.series = [
            Series(seat, name, tuple([0] + [row.totals[seat] for row in played]), first=joins.get(seat, (0,))[0])
            for seat, name in enumerate(game.players)
        ]
        self.played = len(played)
        self.total = game.progress()[1]  # None: a game with no set length
        self.steps = self.total or self.played  # the x axis: the whole game, or what was played of an open one
        self.unit = game.unit
        self.highest_wins = game.highest_wins

    @property
    def empty(self) -> bool:
        return self.played == 0

    def y_range(self) -> tuple[int, int]:
        values = [v for s in self.series for v in s.totals] or [0]
        low, high = min(0, *values), max(0, *values)
        if low == high:
            high = low + 10
        step = self.y_step(high - low)
        return (low // step) * step, -((-high) // step) * step

    @staticmethod
    def y_step(span: int) -> int:
        for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
            if span / step <= 6:
                return step
        return 10000

    def y_ticks(self) -> list[int]:
        low, high = self.y_range()
        step = self.y_step(high - low)
        return list(range(low, high + 1, step))

    def points(self, seat: int, width: float, height: float) -> list[tuple[float, float]]:
        """Pixel positions of one player's curve in a width x height area (y down). Each player's line sits
        a little above or below the value (at most RIBBON / 2 px): players with equal totals, common at
        the start of a game, run side by side as a ribbon instead of hiding each other. A late arrival's
        line starts after the hand before theirs, at the total they came with."""
        low, high = self.y_range()
        span_x = max(self.steps, 1)
        count = len(self.series)
        nudge = (seat - (count - 1) / 2) * min(LINE_GAP, RIBBON / max(count - 1, 1))
        series = self.series[seat]
        return [
            (width * index / span_x, height - height * (value - low) / (high - low) - nudge)
            for index, value in enumerate(series.totals) if index >= series.first
        ]

    def y_of(self, value: float, height: float) -> float:
        low, high = self.y_range()
        return height - height * (value - low) / (high - low)

    def describe(self) -> str:
        """The chart in words, for screen readers."""
        hands = self.unit == "hand"
        if self.empty:
            return _("Score chart: no hand played yet") if hands else _("Score chart: no round played yet")
        scores = ", ".join(f"{s.name} {card_text(s.totals[-1])}" for s in self.series)
        if self.total is None:
            played = (_n("{count} hand", "{count} hands", self.played) if hands
                      else _n("{count} round", "{count} rounds", self.played))
        else:
            played = (_n("{played} of {count} hand", "{played} of {count} hands", self.total, played=self.played)
                      if hands else
                      _n("{played} of {count} round", "{played} of {count} rounds", self.total, played=self.played))
        if self.highest_wins:
            # Translators: {progress} is "6 of 15 hands" or "4 rounds"; {scores} "Ann 41, Bob −5"
            return _("Score chart after {progress}: {scores}", progress=played, scores=scores)
        return _("Score chart after {progress}: {scores} (lowest wins)", progress=played, scores=scores)

    def caption(self) -> str:
        if self.unit == "hand":
            said = _("One line per player: the total after each hand. The dashed line is 0.")
        else:
            said = _("One line per player: the total after each round. The dashed line is 0.")
        return said if self.highest_wins else said + " " + _("Lowest total wins.")
