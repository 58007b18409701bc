"""The score sheet: the one row model every view of a game reads (the score card, CSV, PDF, JSON and the
chart), whatever its kind.

A row is one hand or round as the kind's game keeps it (`step`: what was dealt and entered, the kind's own
fields), with what the sheet itself adds: each seat's points in it (None for a seat not in it) and the
running totals after it (adjustments and late arrivals' starts counted). A kind dealt in a sequence of
hands lists the hands to come too, unplayed: no points, no totals.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Sequence


class SheetRow(NamedTuple):
    """One hand or round of the score sheet (a NamedTuple: ten thousand games are 150,000 rows)."""

    index: int  # 0-based; the card shows `number`
    step: Any  # the kind's own hand or round (its bids, tricks, counts, partnerships ...)
    points: Sequence[int | None] | None  # per seat, what the step gave; None in a seat not in it; None unplayed
    totals: Sequence[int] | None  # the running totals after it; None for a step not played yet

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def played(self) -> bool:
        return self.totals is not None

    @property
    def absent(self) -> frozenset[int]:
        """The seats not in this step (rules.roster: not arrived yet, gone, sitting it out)."""
        return self.step.absent


def score_sheet(game: Any) -> list[SheetRow]:
    """Every row of `game`'s sheet in order: the played steps with their points and running totals, then
    (a kind dealt in a sequence of hands) the hands to come."""
    curve = game.running_totals()
    played = len(curve)
    rows = []
    for index, step in enumerate(game.steps):
        if index >= played:
            rows.append(SheetRow(index, step, None, None))
            continue
        absent = step.absent
        points = step.points if not absent else tuple(
            None if seat in absent else gained for seat, gained in enumerate(step.points))
        rows.append(SheetRow(index, step, points, curve[index]))
    return rows


def played_rows(game: Any) -> list[SheetRow]:
    """The sheet's played rows only (the score curve's)."""
    return [row for row in score_sheet(game) if row.played]
