"""Entering a hand of HIT THE DECK: who went out, and the cards each other player was left with
(the engine's hand_points counts them)."""
from __future__ import annotations

from typing import Any

from scorekeeper.i18n import N_, _, _n
from scorekeeper.rules import InvalidEntry
from scorekeeper.rules.common import names_text
from scorekeeper.rules.hit_the_deck import NUMBER_VALUES, SPECIAL_POINTS, hand_points

from .drafts import draft_of, taps_of
from .round_entry import Choice, RoundEntry
from .step import TYPED_LENGTH, Button, Icon, Buttons, Chips, Choice as Pick, Field, Line, Meter, PlayerRow, Section, StepView, Tap, Value
from .texts import card_text


NUMBER_BUTTONS = tuple(NUMBER_VALUES)
MAX_DRAFT_CARDS = 1000  # a kept draft is checked like a tap


class DeckEntry(RoundEntry):
    """One hand of HIT THE DECK: who went out, then everyone else's cards left, typed as points or
    counted with quick counters (number cards by value, word and Hit the Deck cards)."""

    noun = "Hand"  # i18n: not shown

    @property
    def problem_shown(self) -> bool:
        return self.out is None  # "tap who went out" is said above the players

    def __init__(self, game: Any, index: int):
        self.game = game
        self.index = index
        count = len(game.players)
        self.out: int | None = None
        self.numbers: list[list[int]] = [[] for _unused in range(count)]
        self.specials = [0] * count
        self.typed: list[str] = [""] * count  # points typed instead of counted
        self.cleared = [0] * count  # bumped when typed points are dropped (the screen draws a fresh field)

    @property
    def players(self) -> list[str]:
        return self.game.players

    def title(self) -> str:
        return _("Hand {number}", number=self.index + 1)

    def _fill(self, played: Any) -> None:
        """As it was entered: a quick count as counted, points as typed."""
        self.out = played.out
        for seat in range(len(self.players)):
            if seat == played.out or seat in played.absent:
                continue
            count = played.counts[seat]
            if count is not None:
                self.numbers[seat], self.specials[seat] = list(count.numbers), count.specials
            else:
                self.typed[seat] = str(played.points[seat])
            self.cleared[seat] += 1  # a fresh field showing what was typed

    # ----- taps -----

    def tap_out(self, seat: int) -> None:
        self.out = None if self.out == seat else seat

    def out_choices(self) -> list[Choice]:
        playing = self.playing
        return [Choice(seat, name, _("{name} went out", name=name), self.out == seat) for seat, name in enumerate(self.players)
                if seat in playing]

    def _counting(self, seat: int) -> None:
        if self.typed[seat]:
            self.typed[seat] = ""
            self.cleared[seat] += 1

    def add_number(self, seat: int, value: int) -> None:
        self._counting(seat)
        self.numbers[seat].append(value)

    def add_special(self, seat: int) -> None:
        self._counting(seat)
        self.specials[seat] += 1

    def take_back(self, seat: int) -> None:
        """Take back the last card counted (a word card when no number card is left)."""
        if self.numbers[seat]:
            self.numbers[seat].pop()
        elif self.specials[seat]:
            self.specials[seat] -= 1

    def clear(self, seat: int) -> None:
        self.numbers[seat] = []
        self.specials[seat] = 0
        self._counting(seat)

    def type_points(self, seat: int, value: str) -> None:
        self.typed[seat] = value.strip()
        if self.typed[seat]:
            self.numbers[seat] = []
            self.specials[seat] = 0

    def number_label(self, seat: int, value: int) -> str:
        return _("{name} number card {value}", name=self.players[seat], value=value)

    def special_label(self, seat: int) -> str:
        return _("{name} word or Hit the Deck card", name=self.players[seat])

    # ----- what it comes to -----

    def counted(self, seat: int) -> bool:
        return bool(self.numbers[seat] or self.specials[seat])

    def points(self, seat: int) -> int | None:
        """The seat's points so far (the engine's hand_points), None when nothing is entered yet."""
        if seat == self.out:
            return 0
        if self.typed[seat]:
            try:
                return int(self.typed[seat])
            except ValueError:
                return None
        if self.counted(seat):
            try:
                return hand_points(self.numbers[seat], self.specials[seat])
            except InvalidEntry:
                return None
        return None

    def count_line(self, seat: int) -> str:
        """'4 + 2 + 2 × 10 = 26', or what is missing."""
        name = self.players[seat]
        if seat == self.out:
            return _("{name} went out: 0", name=name)
        if self.typed[seat]:
            value = self.points(seat)
            if value is None:
                return _("{name}: type a whole number", name=name)
            return _n("{name}: {count} point typed", "{name}: {count} points typed", value, name=name)
        if not self.counted(seat):
            return _("{name}: count the cards left, or type the points", name=name)
        parts = [str(v) for v in self.numbers[seat]]
        if self.specials[seat]:
            parts.append(f"{self.specials[seat]} × {SPECIAL_POINTS}")
        if len(parts) == 1 and not self.specials[seat]:
            return parts[0]  # one number card: "4", not "4 = 4"
        return f"{' + '.join(parts)} = {self.points(seat)}"

    def new_total(self, seat: int) -> int:
        return self._totals_before()[seat] + (self.points(seat) or 0)

    def target_line(self, seat: int) -> str:
        # Translators: a player's total with this hand, of the total that ends the game: "49 of 100"
        return _("{total} of {target}", total=self.new_total(seat), target=self.game.rules.target)

    def total_line(self, seat: int) -> str:
        """'total 33 · after this hand 49' (the total before the hand, then with it, once entered)."""
        before, after = card_text(self._totals_before()[seat]), card_text(self.new_total(seat))
        if self.correcting:
            if self.points(seat) is None:
                return _("before this hand {before}", before=before)
            return _("before this hand {before} · after it {after}", before=before, after=after)
        if self.points(seat) is None:
            return _("total {before}", before=before)
        return _("total {before} · after this hand {after}", before=before, after=after)

    def ends_game(self) -> list[str]:
        """Who would reach the target with this hand as entered."""
        if self.problem() is not None:
            return []
        return [name for seat, name in enumerate(self.players) if self.new_total(seat) >= self.game.rules.target]

    def summary(self) -> str:
        if self.out is None:
            return _("Tap who went out: the hand ends when someone plays their last card.")
        reach = self.ends_game()
        if reach:
            return _n("{names} reaches {target}: this hand ends the game.",
                      "{names} reach {target}: this hand ends the game.", len(reach),
                      names=names_text(reach), target=self.game.rules.target)
        return _("{name} went out and scores 0.", name=self.players[self.out])

    def problem(self) -> str | None:
        if self.out is None:
            return _("Tap who went out first.")
        playing = self.playing
        for seat, name in enumerate(self.players):
            if seat == self.out or seat not in playing:
                continue
            if self.typed[seat] and self.points(seat) is None:
                return _("{name}'s points: type a whole number.", name=name)
            if self.points(seat) is None:
                return _("Enter the cards {name} has left (count them or type the points).", name=name)
        return None

    def action(self) -> dict[str, Any]:
        left: list[Any] = []
        playing = self.playing
        for seat in range(len(self.players)):
            if seat == self.out or seat not in playing:
                left.append(None)
            elif self.typed[seat]:
                left.append(int(self.typed[seat]))
            else:
                left.append({"numbers": list(self.numbers[seat]), "specials": self.specials[seat]})
        return {"type": "hand", "hand": self.index, "out": self.out, "left": left}

    part_names = {"out": N_("who went out")}  # GamePlay's news of a tap overtaken by another device

    def draft(self) -> dict[str, Any]:
        seats = [{"numbers": list(self.numbers[seat]), "specials": self.specials[seat], "typed": self.typed[seat]}
                 for seat in range(len(self.players))]
        return draft_of(["hand", self.index], seats, out=self.out)

    def restore(self, draft: Any) -> bool:
        count = len(self.players)
        taps = taps_of(draft, ["hand", self.index], count, ("out",))
        if taps is None:
            return False
        seats, named = taps
        out = named.get("out", self.out)
        if not (out is None or _seat(out, count)):
            return False
        for kept in seats.values():
            if not isinstance(kept, dict):
                return False
            cards, specials, typed = kept.get("numbers"), kept.get("specials"), kept.get("typed")
            if (not isinstance(cards, list) or len(cards) > MAX_DRAFT_CARDS
                    or any(type(v) is not int or v not in NUMBER_VALUES for v in cards)):
                return False
            if type(specials) is not int or not 0 <= specials <= MAX_DRAFT_CARDS:
                return False
            if not isinstance(typed, str) or len(typed) > TYPED_LENGTH:
                return False
        self.out = out
        for seat, kept in seats.items():
            self.numbers[seat], self.specials[seat], self.typed[seat] = list(kept["numbers"]), kept["specials"], ""
            self.type_points(seat, kept["typed"])  # typed points replace a count, as typing does
            self.cleared[seat] += 1  # a fresh field showing what was typed
        return self.out is not None or any(self.numbers) or any(self.specials) or any(self.typed)

    def view(self) -> StepView:
        out = Section("out", above=(
            Line(_("Who went out?"), "heading"),
            Chips(tuple(Pick(c.value, c.shown, c.label, Tap("tap_out", (c.value,)), selected=c.selected)
                        for c in self.out_choices()), style="pill"),
            Line(self.summary(), "callout", identifier="hand-summary")))
        if self.out is None:
            return StepView(self.title(), (out,))
        target = self.game.rules.target
        rows = []
        for seat, name in enumerate(self.players):
            if seat == self.out or seat not in self.playing:
                continue
            points, total = self.points(seat), self.new_total(seat)
            value = Value("–" if points is None else str(points),
                          _("{name}'s points: none yet", name=name) if points is None
                          else _("{name}'s points: {points}", name=name, points=card_text(points)),
                          "muted" if points is None else "primary", "points")
            rows.append(PlayerRow(seat, name, value, (
                Meter(min(1.0, total / target), total >= target),
                Line(self.count_line(seat), "strong", identifier=f"count-{seat}"),
                Buttons(tuple(Button(f"+{number}", self.number_label(seat, number), Tap("add_number", (seat, number)))
                              for number in NUMBER_BUTTONS)),
                # Translators: a button adding 10 points: a word card or a Hit card left in a player's hand
                Buttons((Button(_("Word or Hit card +10"), self.special_label(seat), Tap("add_special", (seat,))),
                         Button("", _("{name} take back a card", name=name), Tap("take_back", (seat,)),
                                icon=Icon.TAKE_BACK),
                         Button("", _("{name} clear", name=name), Tap("clear", (seat,)), icon=Icon.CLEAR))),
                Field(seat, _("Or type {name}'s points", name=name), self.typed[seat], "type_points", self.cleared[seat]),
            ), detail=self.total_line(seat), detail_error=total >= target))
        cards = Section("cards", tuple(rows), above=(
            Line(_("Cards left in hand"), "heading"),
            Line(_("Lowest total wins; the game ends when someone reaches {target}.", target=target), "muted")))
        return StepView(self.title(), (out, cards))


def _seat(value: Any, count: int) -> bool:
    return type(value) is int and 0 <= value < count
