"""Entering a round of the free score pad: each player's points, tapped in steps or typed."""
from __future__ import annotations

from typing import Any

from scorekeeper.i18n import _
from scorekeeper.rules.common import signed

from .drafts import draft_of, taps_of
from .round_entry import RoundEntry
from .step import TYPED_LENGTH, Button, Buttons, Field, Line, PlayerRow, Section, StepView, Tap, Value
from .texts import card_text


PAD_STEPS = (-10, -5, -1, 1, 5, 10)
MAX_DRAFT_POINTS = 10**TYPED_LENGTH  # a kept draft is checked like a tap: anything that can be typed passes


class PadEntry(RoundEntry):
    """One round on the score pad: every player's points, changed with steppers or typed."""

    noun = "Round"  # i18n: not shown

    def __init__(self, game: Any, index: int):
        self.game = game
        self.index = index
        count = len(game.players)
        self.points = [0] * count
        self.errors: list[str | None] = [None] * count  # why typed points can't be used
        self.stepped = [0] * count  # bumped by the steppers and ±: the screen draws a fresh field with the value

    @property
    def players(self) -> list[str]:
        return self.game.players

    def title(self) -> str:
        return _("Round {number}", number=self.index + 1)

    def _fill(self, played: Any) -> None:
        for seat, value in enumerate(played.points):
            self.points[seat] = value
            self._stepping(seat)  # fresh fields that show the points

    def _stepping(self, seat: int) -> None:
        self.errors[seat] = None
        self.stepped[seat] += 1

    def step(self, seat: int, delta: int) -> None:
        self._stepping(seat)
        self.points[seat] += delta

    def flip_sign(self, seat: int) -> None:
        self._stepping(seat)
        self.points[seat] = -self.points[seat]

    def type_points(self, seat: int, value: str) -> str | None:
        """Typed points ("-12", "−12", "12"); returns why they can't be used, or None (an empty
        field, or a lone minus still being typed, counts as 0)."""
        text = value.strip().replace("−", "-").replace(" ", "")
        self.errors[seat] = None
        if not text or text in ("-", "+"):
            self.points[seat] = 0
            return None
        try:
            self.points[seat] = int(text)
        except ValueError:
            self.errors[seat] = _("{name}'s points: type a whole number (below zero: start with a minus).",
                                  name=self.players[seat])
        return self.errors[seat]

    def field_text(self, seat: int) -> str:
        """What a fresh points field shows: the points (empty for 0, so typing needs no deleting)."""
        value = self.points[seat]
        return str(value) if value else ""

    def field_label(self, seat: int) -> str:
        return _("Type {name}'s points", name=self.players[seat])

    def step_label(self, seat: int, delta: int) -> str:
        if delta > 0:
            return _("{name} plus {points}", name=self.players[seat], points=abs(delta))
        return _("{name} minus {points}", name=self.players[seat], points=abs(delta))

    def new_total(self, seat: int) -> int:
        return self._totals_before()[seat] + self.points[seat]

    def total_line(self, seat: int) -> str:
        before, after = card_text(self._totals_before()[seat]), card_text(self.new_total(seat))
        if self.correcting:
            return _("before this round {before} · after it {after}", before=before, after=after)
        return _("total {before} · after this round {after}", before=before, after=after)

    def target_line(self) -> str | None:
        target = self.game.rules.target
        if target is None:
            return None
        best = max(self.game.totals()) if self.players else 0
        return _("Target {target}: the game ends after the round in which someone reaches it (best so far {best}).",
                 target=target, best=best)

    def problem(self) -> str | None:
        return next((error for error in self.errors if error), None)

    def action(self) -> dict[str, Any]:
        playing = self.playing
        return {"type": "round", "round": self.index,
                "points": [points if seat in playing else None for seat, points in enumerate(self.points)]}

    def draft(self) -> dict[str, Any]:
        return draft_of(["round", self.index], self.points)

    def restore(self, draft: Any) -> bool:
        taps = taps_of(draft, ["round", self.index], len(self.players))
        if taps is None or taps[1] or any(type(p) is not int or abs(p) > MAX_DRAFT_POINTS for p in taps[0].values()):
            return False
        for seat, value in taps[0].items():
            self.points[seat] = value
            self._stepping(seat)  # fresh fields that show the points
        return any(self.points)

    def view(self) -> StepView:
        line = self.target_line()
        rows = []
        for seat, name in enumerate(self.players):
            if seat not in self.playing:  # sitting out, gone, or not come yet
                continue
            value = self.points[seat]
            steps = Buttons(tuple(Button(signed(delta), self.step_label(seat, delta), Tap("step", (seat, delta)))
                                  for delta in PAD_STEPS))
            sign = Button("±", _("{name} change sign", name=name), Tap("flip_sign", (seat,)), narrow=True)
            field = Field(seat, self.field_label(seat), self.field_text(seat), "type_points", self.stepped[seat],
                          self.errors[seat], beside=sign)
            rows.append(PlayerRow(seat, name, Value(signed(value), _("{name}'s points: {points}", name=name,
                                                                      points=card_text(value)),
                                                    "error" if value < 0 else ("good" if value > 0 else "muted"), "points"),
                                  (steps, field), detail=self.total_line(seat)))
        return StepView(self.title(), (Section("points", tuple(rows), above=(Line(line, "muted"),) if line else ()),))
