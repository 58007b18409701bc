"""What every benchmark reports: a figure beside its target and a baseline measured in the same run."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    target: float | None  # the figure must stay at or under this
    baseline: float | None = None  # the same work done the simplest way, in the same run
    baseline_what: str = ""
    note: str = ""

    @property
    def ratio(self) -> float | None:
        return None if not self.baseline else self.value / self.baseline

    @property
    def meets_target(self) -> bool | None:
        return None if self.target is None else self.value <= self.target


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
