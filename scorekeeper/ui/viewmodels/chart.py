"""The score curve: each player's running total after each hand, scaled to a drawing area."""
from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules import Game
from .kind_entry import card_text


@dataclass(frozen=True)
class Series:
    seat: int
    name: str
    totals: tuple[int, ...]  # 0 before the first hand, then after each played hand


class ScoreChart:
    def __init__(self, game: Game):
        self.game = game
        curve = game.running_totals()
        self.series = [
            Series(seat, name, tuple([0] + [row[seat] for row in curve]))
            for seat, name in enumerate(game.players)
        ]
        self.hands = len(game.hands)
        self.played = len(curve)

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
        span_x = max(self.hands, 1)
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
            return "Score chart: no hand played yet"
        parts = [f"{s.name} {card_text(s.totals[-1])}" for s in self.series]
        return f"Score chart after {self.played} of {self.hands} hands: " + ", ".join(parts)
