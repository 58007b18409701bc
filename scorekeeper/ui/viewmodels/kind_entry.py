"""Entering a round of the other game kinds: the free score pad, HIT THE DECK and WHAT THE HECK?.

Each entry holds the taps of one round (or hand) before it is stored, says what is still missing
(`problem()`), previews what the engine will make of it, and gives the action storage records.
Every number shown comes from the engine (hand_points, who_takes, totals)."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import N_, _, _n
from scorekeeper.rules import InvalidEntry
from scorekeeper.rules.common import names_text, number_text, signed
from scorekeeper.rules.hit_the_deck import NUMBER_VALUES, SPECIAL_POINTS, hand_points
from scorekeeper.rules.what_the_heck import cards_text, who_takes

from .drafts import draft_of, taps_of
from .step import TYPED_LENGTH, Button, Icon, Buttons, Chips, Choice as Pick, Field, Line, Meter, PlayerRow, Section, StepView, Tap, Value

PAD_STEPS = (-10, -5, -1, 1, 5, 10)


card_text = number_text  # a card's value as printed: minus cards with a real minus sign (rules.common)


@dataclass(frozen=True)
class Choice:
    """A one-tap chip: its value, what it shows, and its label (naming the player and the value)."""

    value: int
    shown: str
    label: str
    selected: bool = False


# ----------------------------------------------------------------------------------------------
# Free score pad
# ----------------------------------------------------------------------------------------------


class _Taps:
    """What every kind's entry shares: a snapshot of its taps to put back when storing a tap fails,
    and the totals the round starts from (an earlier round opened again for a correction starts from
    the totals before it, not the game's totals now)."""

    correcting = False  # an earlier round opened again (from_stored): saved or cancelled as a whole
    noun = "Round"  # i18n: not shown ("Round" or "Hand": which messages to say)

    @property
    def _round(self) -> bool:
        """Is one step of this entry a round (else a hand)? It picks the messages."""
        return self.noun != "Hand"

    def enters_on(self, step: Any) -> str | None:
        return None  # a round is entered by its button: its numbers are often changed after the last one

    def header(self) -> None:
        return None  # (a dealt hand's header: the bid-and-tricks family's)

    def _totals_before(self) -> list[int]:
        """The engine's running totals before this round (the game's totals for the next round)."""
        if self.index == 0:
            return [0] * len(self.game.players)
        return self.game.running_totals()[self.index - 1]

    @classmethod
    def from_stored(cls, game: Any, index: int):
        """Round `index`, already played, opened for a correction: pre-filled with what was stored."""
        entry = cls(game, index)
        entry.correcting = True
        entry._fill(played_rounds(game)[index])
        return entry

    @staticmethod
    def correctable(game: Any, index: int) -> bool:
        return 0 <= index < len(played_rounds(game))

    def correction_actions(self) -> list[dict[str, Any]]:
        """What a correction submits: the round again, or nothing when nothing was changed."""
        action = self.action()
        return [] if action == type(self).from_stored(self.game, self.index).action() else [action]

    problem_shown = False  # the entry itself says what is missing: the screen needn't

    def done_label(self) -> tuple[str, str]:
        """The step's main button: its text and its identifier."""
        if self._round:
            # Translators: the button that enters a round
            return _("Round done"), "round-done"
        # Translators: the button that enters a hand
        return _("Hand done"), "round-done"

    def take_taps(self, other: Any) -> None:
        if len(other.game.players) != len(self.game.players):  # someone joined: the taps don't fit
            return
        self.put_back(other.snapshot())

    @property
    def playing(self) -> set[int]:
        """The seats in this round (rules.roster): a player sitting out, gone or not come yet has no row."""
        in_round = getattr(self.game, "in_round", None)
        return in_round(self.index) if in_round else set(range(len(self.game.players)))

    def restored_text(self) -> str:
        if self._round:
            return _("What was entered of round {number} before is still here: carry on.", number=self.index + 1)
        return _("What was entered of hand {number} before is still here: carry on.", number=self.index + 1)

    def saved_text(self) -> str | None:
        if self._round:
            return _("Round {number} saved.", number=self.index + 1)
        return _("Hand {number} saved.", number=self.index + 1)

    def _fill(self, played: Any) -> None:
        raise NotImplementedError

    def refill(self, undone: Any) -> bool:
        """This round's entry just undone comes back filled in, to change and enter again (undo takes a
        step back; it doesn't throw the round's values away). True when it did."""
        game = copy.deepcopy(self.game)
        try:
            game.apply(undone)
        except (InvalidEntry, TypeError, ValueError, AttributeError):
            return False
        rounds = played_rounds(game)
        if len(rounds) <= self.index:
            return False
        self._fill(rounds[self.index])
        return True

    def snapshot(self) -> dict[str, Any]:
        return copy.deepcopy({name: value for name, value in vars(self).items() if name != "game"})

    def put_back(self, snapshot: dict[str, Any]) -> None:
        vars(self).update(copy.deepcopy(snapshot))


class PadEntry(_Taps):
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


# ----------------------------------------------------------------------------------------------
# HIT THE DECK
# ----------------------------------------------------------------------------------------------


class DeckEntry(_Taps):
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


NUMBER_BUTTONS = tuple(NUMBER_VALUES)


# ----------------------------------------------------------------------------------------------
# WHAT THE HECK?
# ----------------------------------------------------------------------------------------------


class AuctionEntry(_Taps):
    """One round of WHAT THE HECK?: the point card turned up, then each player's card; who takes it
    is the engine's who_takes, shown before the round is stored."""

    noun = "Round"  # i18n: not shown
    problem_shown = True  # its outcome line says what is still missing

    def __init__(self, game: Any, index: int):
        self.game = game
        self.index = index
        self.point_card: int | None = None
        self.played: list[int | None] = [None] * len(game.players)
        self.opened: int | None = None  # a picked row opened again to change its card

    @property
    def players(self) -> list[str]:
        return self.game.players

    def title(self) -> str:
        return _("Round {number} of {rounds}", number=self.index + 1, rounds=self.game.rules.rounds)

    @property
    def last_round(self) -> bool:
        return self.index == self.game.rules.rounds - 1

    def _fill(self, played: Any) -> None:
        self.point_card, self.played = played.point_card, list(played.played)

    # ----- taps -----

    def pick_point_card(self, card: int) -> None:
        self.point_card = None if self.point_card == card else card

    def pick(self, seat: int, card: int) -> None:
        self.played[seat] = None if self.played[seat] == card else card
        self.opened = None

    def open_row(self, seat: int) -> None:
        self.opened = seat

    def folded(self, seat: int) -> bool:
        """A picked card folds its row to one line, so the next player's chips stay in view."""
        return self.played[seat] is not None and self.opened != seat

    def turn(self) -> int | None:
        """The first player whose card is still to enter."""
        return next((seat for seat, card in enumerate(self.played) if card is None), None)

    @staticmethod
    def choice_text(card: int) -> str:
        return card_text(card)

    def point_choices(self) -> list[Choice]:
        return [Choice(card, card_text(card), _("Point card {card}", card=card_text(card)), card == self.point_card)
                for card in self.game.available_point_cards(self.index)]

    def card_choices(self, seat: int) -> list[Choice]:
        name = self.players[seat]
        return [Choice(card, card_text(card), _("{name} plays {card}", name=name, card=card_text(card)),
                       card == self.played[seat])
                for card in self.game.available_cards(seat, self.index)]

    # ----- what it comes to -----

    def carried(self) -> tuple[int, ...]:
        """The point cards the round before left for this one (as the engine's rounds say)."""
        rounds = self.game.rounds
        before = rounds[self.index - 1] if 0 < self.index <= len(rounds) else None
        return before.pot if before is not None and before.carried else ()

    def carry_line(self) -> str | None:
        carried = self.carried()
        if not carried:
            return None
        return _("Carried over: {cards} (worth {worth}). This round is for the carried cards plus the new one.",
                 cards=", ".join(card_text(c) for c in carried), worth=card_text(sum(carried)))

    def pot(self) -> tuple[int, ...]:
        return self.carried() + ((self.point_card,) if self.point_card is not None else ())

    def value(self) -> int:
        return sum(self.pot())

    def taker(self) -> int | None:
        if self.problem() is not None:
            return None
        return who_takes(self.value(), [card for card in self.played if card is not None])

    def cancelled(self) -> list[int]:
        cards = [card for card in self.played if card is not None]
        return [seat for seat, card in enumerate(self.played) if card is not None and cards.count(card) > 1]

    def outcome_line(self) -> str:
        """Who takes it, as the engine decides, or what is still missing."""
        if self.point_card is None:
            return _("Tap the point card turned up.")
        missing = [self.players[seat] for seat, card in enumerate(self.played) if card is None]
        if missing:
            return _("Waiting for the card of {names}.", names=names_text(missing))
        pot = self.pot()
        one = len(pot) == 1
        said = {"card": card_text(pot[0]), "cards": ", ".join(card_text(c) for c in pot),
                "worth": card_text(self.value())}
        tied = self.cancelled()
        tied_text = (" " + _("{names} tied and cancel out.", names=names_text([self.players[s] for s in tied]))
                     if tied else "")
        taker = self.taker()
        if taker is not None:
            said.update(name=self.players[taker], played=card_text(self.played[taker]))
            if self.value() >= 0:
                took = (_("{name} takes the point card {card} with the highest card ({played}).", **said) if one else
                        _("{name} takes the point cards {cards} (worth {worth}) with the highest card ({played}).",
                          **said))
            else:
                took = (_("{name} takes the point card {card} with the lowest card ({played}).", **said) if one else
                        _("{name} takes the point cards {cards} (worth {worth}) with the lowest card ({played}).",
                          **said))
            return took + tied_text
        if self.last_round:
            return (_("Every card is tied in the last round: nobody takes the point card {card}.", **said) if one else
                    _("Every card is tied in the last round: nobody takes the point cards {cards} (worth {worth}).",
                      **said))
        return (_("Every card is tied: the point card {card} stays and carries over to the next round.", **said)
                if one else
                _("Every card is tied: the point cards {cards} (worth {worth}) stay and carry over to the next "
                  "round.", **said))

    def problem(self) -> str | None:
        if self.point_card is None:
            return _("Tap the point card turned up first.")
        for seat, card in enumerate(self.played):
            if card is None:
                return _("Tap the card {name} played.", name=self.players[seat])
        return None

    def action(self) -> dict[str, Any]:
        return {"type": "round", "round": self.index, "point_card": self.point_card, "played": list(self.played)}

    part_names = {"point_card": N_("the point card")}  # GamePlay's news of a tap overtaken by another device

    def draft(self) -> dict[str, Any]:
        return draft_of(["round", self.index], self.played, point_card=self.point_card)

    def restore(self, draft: Any) -> bool:
        """Only cards still on offer come back (the rules decide which: see point_choices/card_choices)."""
        taps = taps_of(draft, ["round", self.index], len(self.players), ("point_card",))
        if taps is None:
            return False
        seats, named = taps
        point_card = named.get("point_card", self.point_card)
        if point_card is not None and (type(point_card) is not int
                                       or point_card not in {c.value for c in self.point_choices()}):
            return False
        for seat, card in seats.items():
            if card is not None and (type(card) is not int or card not in {c.value for c in self.card_choices(seat)}):
                return False
        self.point_card = point_card
        for seat, card in seats.items():
            self.played[seat] = card
        return self.point_card is not None or any(card is not None for card in self.played)

    def view(self) -> StepView:
        above: list[Any] = []
        carry = self.carry_line()
        if carry:
            above.append(Line(carry, "callout-strong", identifier="carried"))
        chosen = self.point_card
        above += [
            Line(_("Point card turned up"), "heading", value=Value(
                "–" if chosen is None else card_text(chosen),
                _("Point card: none yet") if chosen is None else _("Point card: {card}", card=chosen),
                "muted" if chosen is None else "primary", "card")),
            Chips(tuple(Pick(c.value, c.shown, c.label, Tap("pick_point_card", (c.value,)), selected=c.selected)
                        for c in self.point_choices())),
            Line(_("Cards played"), "heading"),
        ]
        cancelled, turn = set(self.cancelled()), self.turn()
        rows = []
        for seat, name in enumerate(self.players):
            card = self.played[seat]
            tied = seat in cancelled
            value = Value("–" if card is None else card_text(card),
                          _("{name}'s card: none yet", name=name) if card is None
                          else _("{name}'s card: {card}", name=name, card=card),
                          "error" if tied else ("muted" if card is None else "primary"), "card")
            chips = Chips(tuple(Pick(c.value, c.shown, c.label, Tap("pick", (seat, c.value)), selected=c.selected)
                                for c in self.card_choices(seat)))
            rows.append(PlayerRow(seat, name, value, (chips,), note=_("tied: cancelled") if tied else "",
                                  turn=turn == seat, folded=self.folded(seat), open_tap=Tap("open_row", (seat,)),
                                  open_said=_("change {name}'s card", name=name), identifier=f"change-card-{name}"))
        strong = self.taker() is not None or self.problem() is None
        outcome = Line(self.outcome_line(), "callout-strong" if strong else "callout", identifier="outcome")
        return StepView(self.title(), (Section("cards", tuple(rows), above=tuple(above), below=(outcome,)),))


MAX_DRAFT_POINTS = 10**TYPED_LENGTH  # a kept draft is checked like a tap: anything that can be typed passes
MAX_DRAFT_CARDS = 1000


def _seat(value: Any, count: int) -> bool:
    return type(value) is int and 0 <= value < count


def collected_text(game: Any, seat: int) -> str:
    """The point cards a WHAT THE HECK? player collected: '10, 7, −3 = 14'."""
    cards = game.collected(seat)
    if not cards:
        return _("no point cards yet")
    if len(cards) == 1:
        return _("collected {card}", card=card_text(cards[0]))
    return _("collected {cards} = {total}", cards=", ".join(card_text(c) for c in cards), total=card_text(sum(cards)))


def played_rounds(game: Any) -> list[Any]:
    """The game's played rounds (HIT THE DECK's hands), as the engine keeps them."""
    return list(game.played_rounds)


def rounds_word(game: Any, count: int) -> str:
    """'3 rounds', '1 hand': a count of the game's steps, in the language in force."""
    if game.unit == "hand":
        return _n("{count} hand", "{count} hands", count)
    return _n("{count} round", "{count} rounds", count)


__all__ = ["AuctionEntry", "Choice", "DeckEntry", "PadEntry", "PAD_STEPS", "NUMBER_BUTTONS",
           "TYPED_LENGTH", "card_text", "cards_text", "collected_text", "played_rounds", "rounds_word"]
