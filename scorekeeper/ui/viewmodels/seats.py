"""Who is playing (rules.roster), as the score keeper changes it: someone joins at the hand about to be
played, someone sits out a hand, someone leaves. The engine checks and words everything; this only
gathers the choices and says what will be recorded."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _
from scorekeeper.rules import InvalidEntry
from scorekeeper.rules.common import signed
from scorekeeper.rules.roster import JOIN, LEAVE, SIT_OUT

from ..kinds import kind_ui
from .texts import away_key
from .typed import typed_number


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    status: str  # "plays hand 5", "sits out hand 5", "left after hand 3"
    playing: bool  # in the hand the changes are for: may sit it out or leave


class SeatsForm:
    def __init__(self, game: Any):
        self.game = game
        self.index = game.first_unentered()  # the hand the changes are for: nothing is entered in it yet
        self.name = ""
        self.after: int | None = None  # the seat the newcomer sits after (to their right)
        self.start: Any = "zero"  # one of START_RULES, or "number" with `points_text`
        self.points_text = ""

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def dealt(self) -> bool:
        """The deal and the bidding go round the table (the Oh Heck family): where a newcomer sits matters."""
        return kind_ui(self.game).deals_hands

    @property
    def unit(self) -> str:
        return self.game.unit  # "hand", or "round" (the score pad)

    @property
    def over(self) -> bool:
        """Every hand is played (or under way, for a game with a set number): nothing left to change."""
        total = self.game.progress()[1]
        return self.game.is_over or (total is not None and self.index >= total)

    def lines(self) -> list[SeatLine]:
        """Everyone who sits in the game, in the order they sit, and how they stand for the hand."""
        game, index = self.game, self.index
        if self.over:
            return []
        lines = []
        for seat in game.order:
            away = game.absence(index, seat)  # (the rules' words: "left after hand 3")
            if away is None:
                status = (_("plays hand {number}", number=self.number) if self.unit == "hand"
                          else _("plays round {number}", number=self.number))
            elif away_key(game, index, seat, False) == "sat out":
                status = (_("sits out hand {number}", number=self.number) if self.unit == "hand"
                          else _("sits out round {number}", number=self.number))
            else:
                status = away
            lines.append(SeatLine(seat, game.players[seat], status, away is None))
        return lines

    def leave(self, seat: int) -> dict[str, Any]:
        return {"type": LEAVE, self.unit: self.index, "seat": seat}

    def sit_out(self, seat: int) -> dict[str, Any]:
        return {"type": SIT_OUT, self.unit: self.index, "seat": seat}

    # ----- someone joins -----

    @property
    def can_join(self) -> bool:
        """A late arrival joins at the hand about to be played, before anything of it is entered."""
        return not self.over and self.index == self.game.current

    def join_wait(self) -> str:
        """Why no one can join now."""
        hands = self.unit == "hand"
        if self.over:
            return _("Every hand is played: nobody can join now.") if hands else _(
                "Every round is played: nobody can join now.")
        if hands:
            return _("Someone new can join from hand {number}, once hand {current} is played (or undo its entries to "
                     "seat them now).", number=self.number, current=self.game.current + 1)
        return _("Someone new can join from round {number}, once round {current} is played (or undo its entries to "
                 "seat them now).", number=self.number, current=self.game.current + 1)

    def start_choices(self) -> list[tuple[str, str, str]]:
        """(rule, words, what a screen reader says) of each start the table can choose, with the points the
        engine gives now: 0, the last place's total (the lowest, or the highest where the lowest total
        wins), the average, a number. Each said whole ("starts from the average total (+9)"): a language
        puts its own preposition and article together ("part du total moyen")."""
        last = "lowest" if self.game.highest_wins else "highest"  # the last place's total
        choices = [("zero", "0", _("starts from 0"))]
        for rule in (last, "average"):
            points = signed(self.game.starting_points(rule))
            if rule == "lowest":
                said = (_("the lowest total ({points})", points=points),
                        _("starts from the lowest total ({points})", points=points))
            elif rule == "highest":
                said = (_("the highest total ({points})", points=points),
                        _("starts from the highest total ({points})", points=points))
            else:
                said = (_("the average total ({points})", points=points),
                        _("starts from the average total ({points})", points=points))
            choices.append((rule, *said))
        # Translators: a late arrival's start: a number of points the table types
        return choices + [("number", _("a number"), _("starts from a number"))]

    def neighbours(self) -> list[int]:
        """The seats a newcomer can sit after, in the order they sit: everyone who hasn't left."""
        return [seat for seat in self.game.order if seat not in self.game.left]

    def seat_after(self) -> int:
        """Where the newcomer sits: after the chosen player, or after the last one at the table."""
        return self.neighbours()[-1] if self.after is None else self.after

    def join(self) -> dict[str, Any]:
        """The entry to record; InvalidEntry says what is still missing."""
        if not self.name.strip():
            raise InvalidEntry(_("Type the new player's name."))
        start: Any = self.start
        if start == "number":
            start = typed_number(self.points_text, _("Type the points the new player starts with, like 20 or -10."))
        return {"type": JOIN, self.unit: self.index, "name": self.name, "after": self.seat_after(), "start": start}

    def join_preview(self) -> str:
        """'Eve joins at hand 5, after Bob, starting from -5' as it will be recorded, or what is missing."""
        try:
            action = self.join()
        except InvalidEntry as missing:
            return str(missing)
        try:
            points = self.game.starting_points(action["start"])
        except InvalidEntry as refused:
            return str(refused)
        said = {"name": action["name"].strip(), "number": self.number, "after": self.game.players[action["after"]],
                "points": signed(points)}
        if self.unit == "hand":
            if self.dealt:
                return _("{name} joins at hand {number}, sitting after {after}, starting from {points}", **said)
            return _("{name} joins at hand {number}, starting from {points}", **said)
        if self.dealt:
            return _("{name} joins at round {number}, sitting after {after}, starting from {points}", **said)
        return _("{name} joins at round {number}, starting from {points}", **said)
