"""Entering a round of WHAT THE HECK?: the point card turned up, then each player's card (the
engine's who_takes says who takes it, before the round is stored)."""
from __future__ import annotations

from typing import Any

from scorekeeper.i18n import N_, _
from scorekeeper.rules.common import names_text
from scorekeeper.rules.what_the_heck import who_takes

from .drafts import draft_of, taps_of
from .round_entry import Choice, RoundEntry
from .step import Chips, Choice as Pick, Line, PlayerRow, Section, StepView, Tap, Value
from .texts import card_text


class AuctionEntry(RoundEntry):
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


def collected_text(game: Any, seat: int) -> str:
    """The point cards a WHAT THE HECK? player collected: '10, 7, −3 = 14'."""
    cards = game.collected(seat)
    if not cards:
        return _("no point cards yet")
    if len(cards) == 1:
        return _("collected {card}", card=card_text(cards[0]))
    return _("collected {cards} = {total}", cards=", ".join(card_text(c) for c in cards), total=card_text(sum(cards)))
