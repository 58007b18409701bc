"""One-off bonuses and penalties: "give him 10 for that", recorded as an entry of the game, with the
hand (round) it goes with and a short note, so the score card stays explainable.

Every kind's Game mixes in `Adjustable`: an {"type": "adjust", "at": i, "seat": s, "points": n,
"note": "..."} entry adds n to seat s's total from hand (round) i on. The kind adds `extra(i)` to a
hand's points wherever it adds up totals, and nothing else changes: totals, the score curve, the
standings and the winners all count them. Undo, redo and corrections go through the game's log as for
any entry.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.i18n import _, _n, number

from .common import InvalidEntry, check_whole_number, clean_text, signed

ADJUST = "adjust"
MOST_POINTS = 10_000  # far more than any hand scores: a larger number is a slip of the finger
NOTE_LENGTH = 60  # a short note fits beside the number on the score card


@dataclass(frozen=True)
class Adjustment:
    at: int  # index of the played hand (round) it goes with
    seat: int
    points: int  # added to the seat's total; negative for a penalty
    note: str  # why, in the table's words ("" when none was given)


class Adjustable:
    """The adjustments of a kind's Game. The kind calls `_init_adjustments()` when built, adds `extra(i)`
    to hand (round) i's points in its totals, routes ADJUST entries to `_adjust` and their words to
    `_describe_adjustment`, and says how many hands (rounds) are played in `progress()`."""

    players: list[str]
    unit: str

    def _init_adjustments(self) -> None:
        self.adjustments: list[Adjustment] = []
        self._extra: dict[int, list[int]] = {}  # hand index -> points added per seat

    def extra(self, index: int) -> list[int] | None:
        """Points added per seat at hand (round) `index`, or None when none were."""
        return self._extra.get(index)

    def adjusted(self, points: Sequence[int], index: int) -> Sequence[int]:
        """A hand's (round's) points with its adjustments added."""
        extra = self._extra.get(index)
        return points if extra is None else [a + b for a, b in zip(points, extra)]

    def adjustments_at(self, index: int) -> list[Adjustment]:
        return [adjustment for adjustment in self.adjustments if adjustment.at == index]

    def _adjust(self, action: Mapping[str, Any]) -> None:
        adjustment = self.checked_adjustment(action)
        self.adjustments.append(adjustment)
        extra = self._extra.setdefault(adjustment.at, [0] * len(self.players))
        extra[adjustment.seat] += adjustment.points
        try:
            self._check_adjusted()
        except InvalidEntry:
            self.adjustments.pop()
            extra[adjustment.seat] -= adjustment.points
            if not any(extra):
                del self._extra[adjustment.at]
            raise

    def _check_adjusted(self) -> None:
        """What the kind refuses of its totals once adjusted (a target reached before later rounds)."""

    def checked_adjustment(self, action: Mapping[str, Any]) -> Adjustment:
        """The adjustment an ADJUST entry records, checked: a played hand, a seat, a whole number of
        points that is not 0 and not absurd, a short note."""
        hands = self.unit == "hand"
        at = action.get("at")
        if type(at) is not int:
            at = check_whole_number(at, _("The hand of an adjustment") if hands else _("The round of an adjustment"))
        played = self.progress()[0]  # type: ignore[attr-defined]
        if not 0 <= at < played:
            if played == 0:
                raise InvalidEntry(_("An adjustment goes with a played hand: play hand 1 first.") if hands else
                                   _("An adjustment goes with a played round: play round 1 first."))
            if hands:
                raise InvalidEntry(_n("An adjustment goes with a played hand: hand 1, not {number}.",
                                      "An adjustment goes with a played hand: hands 1 to {count}, not {number}.",
                                      played, number=at + 1))
            raise InvalidEntry(_n("An adjustment goes with a played round: round 1, not {number}.",
                                  "An adjustment goes with a played round: rounds 1 to {count}, not {number}.",
                                  played, number=at + 1))
        seat = action.get("seat")
        if type(seat) is not int:
            seat = check_whole_number(seat, _("The player of an adjustment"))
        if not 0 <= seat < len(self.players):
            raise InvalidEntry(_("An adjustment is for one of the {count} players, not seat {seat}.",
                                 count=len(self.players), seat=seat + 1))
        points = action.get("points")
        if type(points) is not int:
            points = check_whole_number(points, _("An adjustment"))
        if points == 0:
            raise InvalidEntry(_("An adjustment of 0 changes nothing: give the points to add, or a minus for a penalty."))
        if abs(points) > MOST_POINTS:
            raise InvalidEntry(_("An adjustment can be at most {most} points either way, not {points}.",
                                 most=number(MOST_POINTS), points=number(points)))
        note = clean_text(action.get("note", ""), _("An adjustment's note"), NOTE_LENGTH)
        return Adjustment(at, seat, points, note)

    def _describe_adjustment(self, action: Mapping[str, Any]) -> str:
        """'+10 for Ann at hand 3' (for undo and redo)."""
        seat, points, at = action.get("seat"), action.get("points"), action.get("at")
        if type(seat) is not int or not 0 <= seat < len(self.players) or type(points) is not int or type(at) is not int:
            return _("adjustment")
        if self.unit == "hand":
            return _("{points} for {name} at hand {number}", points=signed(points), name=self.players[seat], number=at + 1)
        return _("{points} for {name} at round {number}", points=signed(points), name=self.players[seat], number=at + 1)


def adjustment_lines(game: Any) -> list[str]:
    """Every adjustment of `game` in the order given, as score cards list them: 'Hand 3: Bob +10 (misdeal)'."""
    lines = []
    hands = game.unit == "hand"
    for adjustment in game.adjustments:
        values = {"number": adjustment.at + 1, "name": game.players[adjustment.seat],
                  "points": signed(adjustment.points), "note": adjustment.note}
        if adjustment.note:
            lines.append(_("Hand {number}: {name} {points} ({note})", **values) if hands else
                         _("Round {number}: {name} {points} ({note})", **values))
        else:
            lines.append(_("Hand {number}: {name} {points}", **values) if hands else
                         _("Round {number}: {name} {points}", **values))
    return lines
