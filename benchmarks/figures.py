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
    what: str = ""  # what the figure measures, in a few words (the README's table)
    target_what: str = ""  # how a target that follows a baseline was set ("2.5x the plain page's p95")
    # The browser figures' second baseline: a plain HTML page with no framework (the browser's floor),
    # beside the minimal Flet page that `baseline` holds.
    plain_baseline: float | None = None
    plain_baseline_what: str = ""

    @property
    def ratio(self) -> float | None:
        return None if not self.baseline else self.value / self.baseline

    @property
    def plain_ratio(self) -> float | None:
        return None if not self.plain_baseline else self.value / self.plain_baseline

    @property
    def meets_target(self) -> bool | None:
        return None if self.target is None else self.value <= self.target


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
