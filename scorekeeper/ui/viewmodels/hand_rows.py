"""What a hand's step shows: its header (what is dealt, who deals, bids and leads, the trump), the rows of
bids and of tricks with their chips, notes and badges, and the `StepView` the one step drawer draws
(viewmodels/step.py, ui/drawing/step.py).

`HandRows` is the showing half of `hand_entry.HandEntry`, which holds the step's logic: the taps, what
stops the step, what it stores, its drafts and corrections. The rows only read the entry: its taps
(`bids`, `tricks`, `opened`, `bend`), where it stands (`phase`, `order`, `correcting`) and what the
engine says of the taps through it (`forbidden`, `breaks_hook`, `filled`, `entered_tricks`,
`tricks_left`, `tricks_line`, `hand_points`, `_folded`, `_bid_refusal`); each tap they offer names an
entry method (`Tap("tap_bid", ...)`). A subclass (Skull King's entry) adds its own sections to `view()`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _, _n
from scorekeeper.rules import balance_text, balance_word, signed
from scorekeeper.rules.oh_heck import shown_trump
from scorekeeper.rules.outcome import standings_before

from .step import Badge, Chips, Choice, Header, Line, Offer, PlayerRow, Section, StepView, Tap, Value
from .texts import card_text, place_texts

# The trump colours' swatches (OH, MY HECK!'s coloured deck)
COLOUR_SWATCH = {"Red": "#E53935", "Green": "#43A047", "Blue": "#1E88E5", "Black": "#212121"}


@dataclass(frozen=True)
class Chip:
    """One tappable number: a bid or a count of tricks."""

    value: int
    selected: bool
    disabled: bool
    struck: bool  # drawn struck out (the dealer's forbidden bid)
    label: str  # what a screen reader says: "Ann bids 2"
    reason: str | None = None  # why it is disabled
    hint: bool = False  # the number that makes the tricks add up (the last player's)
    bid: bool = False  # a count of tricks equal to the player's bid


@dataclass(frozen=True)
class Row:
    seat: int
    name: str
    roles: str  # "deals", "leads", "deals · bids last"
    chosen: int | None
    chips: tuple[Chip, ...]
    note: str | None  # "may not bid 1: the bids would add up to 5 (dealer's hook)"; points when known
    turn: bool  # this player is the next to bid / to be entered
    made: bool | None = None  # tricks entered: the bid made?
    points: str | None = None  # tricks entered: points for this hand, from the rules
    folded: bool = False  # entered and put away (a phone shows one line); tapping it opens it again
    filled: bool = False  # the app filled this in (the one number that completes the hand); a tap changes it
    standing: str = ""  # the running total and place before this hand: "41 · 1st" (none before the first)
    waiting: bool = False  # not entered, not the next, not opened: a phone may draw it in one line until tapped
    bend_offer: bool = False  # the dealer's row, hooked: its forbidden bid may be recorded against the hook
    hooked: bool = False  # the dealer's row of a hand under the dealer's hook (where a bid may be barred)

class HandRows:
    """What hand `index` of `game` shows as the score keeper taps it in: a mixin of `HandEntry`, read
    from the entry's taps and the engine, never changing them."""

    game: Any  # the bid-and-tricks family's Game
    hand: Any  # the hand being entered (game.hands[index])
    index: int
    correcting: bool
    bids: list[int | None]
    tricks: list[int | None]
    opened: set[int]
    bend: bool

    # ----- the header: what is dealt, who deals and leads, the trump -----

    def title(self) -> str:
        return _("Hand {number} of {hands}", number=self.hand.number, hands=len(self.game.hands))

    def deal_line(self) -> str:
        return _n("{count} card each · {dealer} deals", "{count} cards each · {dealer} deals", self.hand.cards,
                  dealer=self.players[self.hand.dealer])

    def dealer_line(self) -> str:
        return _("{dealer} deals", dealer=self.players[self.hand.dealer])

    def lead_line(self) -> str:
        leader = self.players[self.hand.leader]
        if self.hand.bidding_order:
            return _("{leader} bids first and leads", leader=leader)
        return _("Bids shown all at once · {leader} leads", leader=leader)

    def trump_line(self) -> str:
        if self.hand.no_trump:
            if self.game.rules.trump_turn_up:
                return _("No trump: this deal uses the whole deck")
            return _("No trump")
        return _("Trump: {trump}", trump=self.hand.trump_text) if self.hand.trump else _("Trump: not noted")

    def trump_word(self) -> str:
        """The trump in a word or two, where the hand's header is folded: 'Hearts', 'No trump', 'not noted'."""
        if self.hand.no_trump or self.hand.trump:
            return self.hand.trump_text
        # Translators: the trump where the hand's header is folded, when none was noted.
        return _("not noted")

    @property
    def trump_choices(self) -> list[str]:
        return [] if self.hand.no_trump else list(self.game.rules.trump_names)

    def blind_reminder(self) -> str | None:
        if not self.hand.blind:
            return None
        return _("Blind hand: don't look at your card! Hold it to your forehead, facing out: "
                 "you see everyone's card but your own.")

    # ----- the rows of bids and of tricks -----

    def bid_rows(self) -> list[Row]:
        standings = self.standings()
        cards = self.hand.cards
        forbidden = self.forbidden()
        dealer = self.hand.dealer
        next_seat = self.next_bidder()
        rows = []
        for seat in self.order:
            name = self.players[seat]
            chips = []
            note = None
            for value in range(cards + 1):
                barred = seat == dealer and forbidden == value and not self.bend
                reason = None
                if barred:
                    reason = self._bid_refusal(value)
                    note = _("May not bid {bid}: the bids would add up to {cards}", bid=value, cards=cards)
                chips.append(Chip(
                    value=value, selected=self.bids[seat] == value, disabled=barred, struck=barred,
                    label=(_("{name} may not bid {bid}", name=name, bid=value) if barred
                           else _("{name} bids {bid}", name=name, bid=value)), reason=reason))
            if seat == dealer and self.bend and self.breaks_hook():
                note = _("Bid {bid} recorded against the dealer's hook: the hand was played so", bid=forbidden)
            if note is None and seat == dealer and self.hand.hook:
                note = _("Dealer's hook: may not make the bids add up to {cards}", cards=cards)
            rows.append(Row(seat=seat, name=name, roles=self._roles(seat), chosen=self.bids[seat],
                            chips=tuple(chips), note=note, turn=seat == next_seat,
                            folded=self._folded(seat, "bid"), standing=standings.get(seat, ""),
                            waiting=self._waiting(seat, self.bids[seat], seat == next_seat),
                            bend_offer=seat == dealer and forbidden is not None and not self.bend,
                            hooked=seat == dealer and self.hand.hook))
        return rows

    def trick_rows(self) -> list[Row]:
        standings = self.standings()
        cards = self.hand.cards
        filled = self.filled()
        entered = self.entered_tricks()
        unset = [seat for seat in self.order if entered[seat] is None]
        rows = []
        for seat in self.order:
            name = self.players[seat]
            chips = tuple(
                Chip(value=value, selected=entered[seat] == value, disabled=False, struck=False,
                     label=_("{name} took {took}", name=name, took=value), hint=seat in filled and value == filled[seat],
                     bid=self.bids[seat] == value)
                for value in range(cards + 1)
            )
            made = points = None
            bid = self.bids[seat]
            took = entered[seat]
            if bid is not None and took is not None:
                made = bid == took
                points = signed(self.hand_points(seat, bid, took))
            # Translators: beside a player's tricks, the bid they made
            note = _("bid {bid}", bid=bid) if bid is not None else None  # (filled in: marked by the screen)
            turn = seat == (unset[0] if unset else None)
            rows.append(Row(seat=seat, name=name, roles=self._roles(seat, leads=False), chosen=took, chips=chips,
                            note=note, turn=turn, made=made, points=points,
                            folded=self._folded(seat, "tricks"), filled=seat in filled,
                            standing=standings.get(seat, ""), waiting=self._waiting(seat, took, turn)))
        return rows

    def standings(self) -> dict[int, str]:
        """Each seat's running total and place before this hand, as the engine has them: "41 · 1st" (the
        totals now for the hand under way, the totals then for a hand opened for a correction; nothing
        before the first hand)."""
        ranked = standings_before(self.game, self.index)
        return {s.seat: f"{card_text(s.score)} · {place}" for s, place in zip(ranked, place_texts(ranked))}

    def _waiting(self, seat: int, value: int | None, turn: bool) -> bool:
        return not self.correcting and value is None and not turn and seat not in self.opened

    def _roles(self, seat: int, leads: bool = True) -> str:
        """'deals', 'leads': said beside the name. Not who led once the hand is played (the tricks step):
        it no longer matters, and on a phone it cut short where the player stands."""
        parts = []
        if seat == self.hand.dealer:
            # Translators: a player's role in the hand, beside their name
            parts.append(_("deals"))
        if leads and seat == self.hand.leader:
            # Translators: a player's role in the hand (plays the first card), beside their name
            parts.append(_("leads"))
        return " · ".join(parts)

    def balance(self) -> str:
        """'Bids total 3 for 5 tricks: under by 2' (the engine's words)."""
        return balance_text(self.bids, self.hand.cards)

    def balance_word(self) -> str:
        """'under by 2' (the engine's words)."""
        return balance_word(self.bids, self.hand.cards)

    # ----- the step as the one drawer draws it (viewmodels/step.py, ui/drawing/step.py) -----

    def header(self) -> Header:
        """The hand's header: what is dealt, who deals, bids and leads, the sequence, the trump."""
        game, hand = self.game, self.hand
        picker = None
        if self.trump_choices:
            picker = Chips(tuple(
                Choice(name, shown_trump(name), _("Trump {suit}", suit=shown_trump(name)),
                       Tap("trump_action", (None if name == hand.trump else name,), aside=True),
                       selected=name == hand.trump, swatch=COLOUR_SWATCH.get(name, ""),
                       red=name in ("Hearts", "Diamonds"))
                for name in self.trump_choices),
                style="trump", label=_("Trump (optional):"), label_said=self.trump_line())
        return Header(
            title=self.title(), cards=hand.cards, deal_line=self.deal_line(), dealer_line=self.dealer_line(),
            lead_line=self.lead_line(), trump_word=self.trump_word(), trump_line=self.trump_line(), trump=picker,
            trump_noted=hand.trump is not None or not self.trump_choices,
            sequence=tuple(h.cards for h in game.hands), index=self.index,
            played=sum(h.played for h in game.hands), blind=self.blind_reminder())

    def view(self) -> StepView:
        if self.phase == "correct":
            sections = (self._bids_view(), self._tricks_view(correcting=True))
        elif self.phase == "bids":
            sections = (self._bids_view(),)
        else:
            sections = (self._summary_view(), self._tricks_view())
        return StepView(self.title(), sections, header=self.header())

    def _bids_view(self) -> Section:
        rows = []
        for row in self.bid_rows():
            barred = any(chip.struck for chip in row.chips)
            parts: list[Any] = [Chips(tuple(
                Choice(chip.value, str(chip.value), chip.label, None if chip.struck else Tap("tap_bid", (row.seat, chip.value)),
                       selected=chip.selected, struck=chip.struck, disabled=chip.disabled)
                for chip in row.chips))]
            if row.note:
                parts.append(Line(row.note, "note-barred" if barred else "note"))
            if row.hooked:  # a hand the table already played with the forbidden bid: recorded so, asked first
                parts.append(Offer(_("Record against the hook"), "against-hook", Tap("bend_hook", on_screen=True),
                                   row.bend_offer))
            rows.append(self._player_row(row, "bid", parts, _("{name}'s bid: none yet", name=row.name),
                                         _("{name}'s bid: {bid}", name=row.name, bid=row.chosen),
                                         _("change bid"), _("enter {name}'s bid now", name=row.name),
                                         bring_into_view=row.turn and row.hooked and bool(row.note)))
        return Section("bid", tuple(rows), above=(Line(self.balance(), "balance", identifier="balance"),),
                       foldable=True, chips_per_row=self.hand.cards + 1)

    def _summary_view(self) -> Section:
        """The bids, once in, over the tricks: a phone's short (each row says its bid), a tablet's two lines."""
        parts = [f"{self.players[s]} {self.bids[s]}" for s in self.order]
        return Section("bids-summary", above=(
            Line(_("Bids: {bids} — {balance}", bids=" · ".join(parts), balance=self.balance_word()), "strong",
                 identifier="bids-summary", only="phone"),
            Line(_("Bids: {bids}", bids=" · ".join(parts)), "strong", identifier="bids-summary", only="tablet"),
            Line(self.balance(), "muted", only="tablet")))

    def _tricks_view(self, correcting: bool = False) -> Section:
        left = self.tricks_left()
        rows = []
        for row in self.trick_rows():
            chips = Chips(tuple(
                Choice(chip.value, str(chip.value), chip.label, Tap("tap_tricks", (row.seat, chip.value)),
                       selected=chip.selected, hint=chip.hint, marked=chip.bid)
                for chip in row.chips))
            badge = None
            if row.points is not None:
                badge = Badge(row.points, bool(row.made),
                              _("{name}: made, {points}", name=row.name, points=row.points) if row.made
                              else _("{name}: missed, {points}", name=row.name, points=row.points))
            rows.append(self._player_row(row, "tricks", [chips], _("{name}'s tricks: none yet", name=row.name),
                                         _("{name}'s tricks: {tricks}", name=row.name, tricks=row.chosen),
                                         _("change tricks"), _("enter {name}'s tricks now", name=row.name),
                                         badge=badge, turn=row.turn and not correcting))
        tone = "primary" if left > 0 else ("error" if left < 0 else "good")
        return Section("tricks", tuple(rows), above=(Line(_("Tricks taken"), "heading"),),
                       countdown=Line(self.tricks_line(), tone, identifier="tricks-left"),
                       foldable=not correcting, chips_per_row=self.hand.cards + 1)

    def _player_row(self, row: Row, what: str, parts: list[Any], none_yet: str, said: str, change: str, enter: str,
                    *, badge: Badge | None = None, turn: bool | None = None, bring_into_view: bool = False) -> PlayerRow:
        entered = row.chosen is not None
        return PlayerRow(
            seat=row.seat, name=row.name, roles=row.roles, standing=row.standing,
            value=Value("–" if not entered else str(row.chosen), said if entered else none_yet,
                        "primary" if entered else "muted"),
            parts=tuple(parts), note=(row.note or "") if what == "tricks" else "", badge=badge, filled=row.filled,
            turn=row.turn if turn is None else turn, folded=row.folded, waiting=row.waiting,
            open_tap=Tap("open_row", (row.seat, what), checked=False), open_said=change if entered else enter, identifier=f"row-{what}-{row.name}", bring_into_view=bring_into_view)
