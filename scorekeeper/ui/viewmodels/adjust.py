"""An adjustment as the score keeper fills it in (rules.adjustments): who, a bonus or a penalty, how
many points, at which hand (round), and why. The engine checks it when it is recorded; this only
gathers the choices and says them in words."""
from __future__ import annotations

from typing import Any

from scorekeeper.i18n import _
from scorekeeper.rules import InvalidEntry
from scorekeeper.rules.adjustments import ADJUST, NOTE_LENGTH
from scorekeeper.rules.common import signed

from .typed import typed_number

QUICK_POINTS = (5, 10, 20, 50)  # one tap for the usual amounts; any other is typed


class AdjustForm:
    note_length = NOTE_LENGTH

    def __init__(self, game: Any):
        self.game = game
        self.seat: int | None = None
        self.penalty = False
        self.points_text = ""
        self.note = ""
        self.at = max(0, self.played - 1)  # the hand just played, unless another is chosen

    @property
    def played(self) -> int:
        return self.game.progress()[0]

    @property
    def unit(self) -> str:
        return self.game.unit

    def hands(self) -> list[tuple[int, str]]:
        """(index, "Hand 3") of every played hand (round), in order."""
        if self.unit == "hand":
            return [(index, _("Hand {number}", number=index + 1)) for index in range(self.played)]
        return [(index, _("Round {number}", number=index + 1)) for index in range(self.played)]

    def points(self) -> int:
        """The points typed, signed (a penalty takes them off); InvalidEntry when they aren't a number."""
        text = self.points_text.strip()
        if not text:
            raise InvalidEntry(_("How many points? Type them or tap one of the amounts."))
        value = typed_number(text, _("The points must be a whole number, like 10, not {typed}.",
                                     typed=repr(text.lstrip("+")[:12])))
        return -abs(value) if self.penalty else value

    def action(self) -> dict[str, Any]:
        """The entry to record; InvalidEntry says what is still missing."""
        if self.seat is None:
            raise InvalidEntry(_("Choose the player the points are for."))
        return {"type": ADJUST, "at": self.at, "seat": self.seat, "points": self.points(), "note": self.note}

    def preview(self) -> str:
        """'Bob +10 at hand 3' as it will be recorded, or what is still missing."""
        try:
            action = self.action()
        except InvalidEntry as missing:
            return str(missing)
        said = {"name": self.game.players[action["seat"]], "points": signed(action["points"]), "number": action["at"] + 1}
        if self.unit == "hand":
            # Translators: an adjustment as it will be recorded: "Bob +10 at hand 3"
            return _("{name} {points} at hand {number}", **said)
        return _("{name} {points} at round {number}", **said)
