"""The score curve of any kind: each player's running total after each hand (round), scaled to a drawing area."""
from __future__ import annotations

from dataclasses import dataclass

from typing import Any

from scorekeeper.rules.common import plural

from .kind_entry import card_text


@dataclass(frozen=True)
class Series:
    seat: int
    name: str
    totals: tuple[int, ...]  # 0 before the first hand (round), then after each played one


class ScoreChart:
    def __init__(self, game: Any):
        self.game = game
        curve = game.running_totals()
        self.series = [
            Series(seat, name, tuple([0] + [row[seat] for row in curve]))
            for seat, name in enumerate(game.players)
        ]
        self.played = len(curve)
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
        """Pixel positions of one player's curve in a width x height area (y down)."""
        low, high = self.y_range()
        span_x = max(self.steps, 1)
        return [
            (width * index / span_x, height - height * (value - low) / (high - low))
            for index, value in enumerate(self.series[seat].totals)
        ]

    def y_of(self, value: float, height: float) -> float:
        low, high = self.y_range()
        return height - height * (value - low) / (high - low)

    def describe(self) -> str:
        """The chart in words, for screen readers."""
        if self.empty:
            return f"Score chart: no {self.unit} played yet"
        parts = [f"{s.name} {card_text(s.totals[-1])}" for s in self.series]
        played = plural(self.played, self.unit) if self.total is None else f"{self.played} of {plural(self.total, self.unit)}"
        return f"Score chart after {played}: " + ", ".join(parts) + ("" if self.highest_wins else " (lowest wins)")

    def caption(self) -> str:
        wins = "" if self.highest_wins else " Lowest total wins."
        return f"One line per player: the total after each {self.unit}. The dashed line is 0.{wins}"
