"""Entering one hand: the bids, then the tricks (or both, when correcting a hand already played)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _, _n
from scorekeeper.rules import Game, balance_text, balance_word, signed
from scorekeeper.rules.oh_heck import shown_trump
from scorekeeper.rules.outcome import standings_before

from .drafts import draft_of, taps_of
from .entry import Entry
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


class HandEntry(Entry):
    """The bids and tricks of hand `index` of `game` as the score keeper taps them in.

    Nothing here is stored: `bids_action()` / `tricks_action()` are what the screen submits to storage.
    `correcting=True` edits a hand already (partly) entered: bids and tricks both show, filled in.
    """

    noun = "Hand"  # i18n: not shown (which messages to say: "Hand 3 corrected...")

    def __init__(self, game: Game, index: int, *, correcting: bool = False):
        self.game = game
        self.index = index
        self.hand = game.hands[index]
        self.correcting = correcting
        self.refilled = False  # brought back by Undo, to change: entered by its button, not by a bid
        count = len(game.players)
        self.bids: list[int | None] = list(self.hand.bids) if self.hand.bids is not None else [None] * count
        self.tricks: list[int | None] = list(self.hand.tricks) if self.hand.tricks is not None else [None] * count
        self.opened: set[int] = set()  # entered rows opened again to change them (a correction: its bids)
        self.opened_tricks: set[int] = set()  # a correction's rows of tricks opened again (it shows both)
        # The table played the hand with the dealer's forbidden bid: recorded so, marked (after a question)
        self.bend = self.hand.against_hook

    # ----- what every entry tells the play view model (viewmodels/entry.py) -----

    @classmethod
    def from_stored(cls, game: Game, index: int) -> "HandEntry":
        """Hand `index`, (partly) entered, opened again for a correction: bids and tricks both show."""
        return cls(game, index, correcting=True)

    @staticmethod
    def correctable(game: Game, index: int) -> bool:
        return 0 <= index < len(game.hands) and game.hands[index].bids is not None

    def problem(self) -> str | None:
        if self.correcting:
            return self.correction_problem()
        return self.bids_problem() if self.phase == "bids" else self.tricks_problem()

    def action(self) -> dict[str, Any]:
        return self.bids_action() if self.phase == "bids" else self.tricks_action()

    def snapshot(self) -> dict[str, Any]:
        return {"bids": list(self.bids), "tricks": list(self.tricks), "opened": set(self.opened),
                "opened_tricks": set(self.opened_tricks), "bend": self.bend}

    def put_back(self, snapshot: dict[str, Any]) -> None:
        self.bids, self.tricks, self.opened = list(snapshot["bids"]), list(snapshot["tricks"]), set(snapshot["opened"])
        self.opened_tricks = set(snapshot["opened_tricks"])
        self.bend = snapshot["bend"]

    def take_taps(self, other: "HandEntry") -> None:
        if len(other.bids) != len(self.bids):  # someone joined (or an arrival was undone): the taps don't fit
            return
        absent = self.hand.absent  # (someone sat out or left since: their taps go)
        self.bids = [None if seat in absent else value for seat, value in enumerate(other.bids)]
        self.tricks = [None if seat in absent else value for seat, value in enumerate(other.tricks)]
        # and the rows opened (another device's tap redraws: a row opened here stays under the finger)
        self.opened, self.opened_tricks = set(other.opened) - absent, set(other.opened_tricks) - absent

    def done_label(self) -> tuple[str, str]:
        """The step's main button: its text and its identifier."""
        if self.phase == "bids":
            # Translators: the button that enters the bids of a hand
            return _("Bids done"), "bids-done"
        # Translators: the button that enters the tricks of a hand
        return _("Hand done"), "hand-done"

    @property
    def problem_shown(self) -> bool:
        """Does the entry itself say what stops the step? The tricks' countdown does, when that is it."""
        return self.phase == "tricks" and self.problem() == self.tricks_line()

    def trump_action(self, trump: str | None) -> dict[str, Any]:
        """The stored entry noting the hand's trump (None: not noted)."""
        return {"type": "trump", "hand": self.index, "trump": trump}

    def restored_text(self) -> str:
        if self.phase == "bids":
            return _("The bids tapped before are still here: carry on.")
        return _("The tricks tapped before are still here: carry on.")

    def saved_text(self) -> str | None:
        return None  # the next step shows at once: nothing to say

    def enters_on(self, step: Any) -> str | None:
        """The bid that completes the bids enters them (one tap fewer a hand): the dealer's hook was
        checked at the chip (a barred bid can't be tapped), and Undo brings the bids back to change
        (those are entered by Bids done: the score keeper may change several)."""
        if (step == self.tap_bid and self.phase == "bids" and not self.correcting and not self.refilled
                and all(self.bids[seat] is not None for seat in self.order) and self.problem() is None):
            return _("Bids entered with the last one: Undo brings them back to change.")
        return None

    def likely_action(self) -> dict[str, Any] | None:
        """What this step will most likely record, to draw the next step ahead (GamePlay.likely_step):
        the tricks once they add up; the bids once at most one is missing, that one guessed as the
        lowest bid the dealer's hook allows. None when there is no good guess yet, or in a correction."""
        if self.correcting:
            return None
        if self.phase == "tricks":
            return self.tricks_action() if self.tricks_problem() is None else None
        missing = [seat for seat in self.order if self.bids[seat] is None]
        if not missing:
            return self.bids_action() if self.bids_problem() is None else None
        if len(missing) > 1:
            return None
        bids = list(self.bids)
        for guess in range(self.hand.cards + 1):
            bids[missing[0]] = guess
            if bids[self.hand.dealer] != self.game.forbidden_bid(self.index, bids):
                return {"type": "bids", "hand": self.index, "values": _values(bids)}
        return None

    # ----- the taps kept in storage until the step is submitted -----

    def draft(self) -> dict[str, Any]:
        """The taps of this step: one part per seat, its bid (or its tricks, once the bids are in)."""
        return draft_of([self.index, self.phase], self.bids if self.phase == "bids" else self.tricks)

    def refill(self, undone: Any) -> bool:
        """An entry of this very step just undone comes back as its taps, to change and enter again
        (undo takes a step back; it doesn't throw the step's values away). True when it did."""
        if not isinstance(undone, dict) or undone.get("type") != self.phase or undone.get("hand") != self.index:
            return False
        self.refilled = self.restore(draft_of([self.index, self.phase], list(undone.get("values") or [])))
        self.bend = self.refilled and undone.get("against_hook") is True  # (as it was recorded)
        return self.refilled

    def restore(self, draft: Any) -> bool:
        """Take the taps of a kept draft of this very step (another hand's, or one that doesn't fit this
        game, is left alone), all of them or some (another device's). Values are checked as taps would
        be: the draft is only a convenience. True when some tap of the step shows now."""
        taps = None if self.correcting else taps_of(draft, [self.index, self.phase], len(self.players))
        if taps is None or taps[1]:
            return False
        seats, cards = taps[0], self.hand.cards
        if any(v is not None and (type(v) is not int or not 0 <= v <= cards) for v in seats.values()):
            return False
        values = self.bids if self.phase == "bids" else self.tricks
        for seat, value in seats.items():
            if seat not in self.hand.absent:  # (a tap kept from before the player sat out)
                values[seat] = value
        self._bend_lapses()
        return any(v is not None for v in values)

    def _bend_lapses(self) -> None:
        """"Record against the hook" holds while the dealer's bid is the forbidden one: once it isn't (Undo,
        another bid), the hook bars that bid again and asks again."""
        if self.bend and not self.breaks_hook():
            self.bend = False

    # ----- what the screen is entering -----

    @property
    def phase(self) -> str:
        """"bids" or "tricks" (a correction shows both; its phase is "correct")."""
        if self.correcting:
            return "correct"
        return "tricks" if self.hand.bids is not None else "bids"

    @property
    def players(self) -> list[str]:
        return self.game.players

    @property
    def order(self) -> list[int]:
        """The seats in the hand, in the order their bids are entered: the bidding order, or seat order
        when all at once (a player sitting out, gone or not come yet has no row)."""
        return list(self.hand.bidding_order) or [seat for seat in range(len(self.players))
                                                  if seat not in self.hand.absent]

    # ----- the header -----

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

    # ----- bids -----

    def forbidden(self) -> int | None:
        """The dealer's forbidden bid now (from the engine), or None."""
        return self.game.forbidden_bid(self.index, self.bids)

    def next_bidder(self) -> int | None:
        if not self.hand.bidding_order:
            return None
        return next((seat for seat in self.order if self.bids[seat] is None), None)

    def keyed(self, value: int) -> tuple[Any, int, int] | None:
        """A number typed on a keyboard: the tap it stands for, (step, seat, value) on the chip `value` of
        the first player in the step's order with nothing entered yet. None when no chip is meant: every
        player has a number, the number is not on the chips, or a correction (bids and tricks both open)."""
        if self.correcting or not 0 <= value <= self.hand.cards:
            return None
        bids = self.phase == "bids"
        values = self.bids if bids else self.tricks
        seat = next((seat for seat in self.order if values[seat] is None), None)
        if seat is None:
            return None
        return (self.tap_bid if bids else self.tap_tricks), seat, value

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

    def standings(self) -> dict[int, str]:
        """Each seat's running total and place before this hand, as the engine has them: "41 · 1st" (the
        totals now for the hand under way, the totals then for a hand opened for a correction; nothing
        before the first hand)."""
        ranked = standings_before(self.game, self.index)
        return {s.seat: f"{card_text(s.score)} · {place}" for s, place in zip(ranked, place_texts(ranked))}

    def _waiting(self, seat: int, value: int | None, turn: bool) -> bool:
        return not self.correcting and value is None and not turn and seat not in self.opened

    def _opened(self, what: str) -> set[int]:
        """The rows of `what` ("bid" or "tricks") opened again: a correction shows both steps, each its own."""
        return self.opened_tricks if self.correcting and what == "tricks" else self.opened

    def _folded(self, seat: int, what: str) -> bool:
        """An entered row folds away into one line until tapped open again. A correction too: the whole
        hand on one screen, the row to change a tap away (all open, a phone scrolled three screens)."""
        values = self.bids if what == "bid" else self.tricks
        return values[seat] is not None and seat not in self._opened(what)

    def open_row(self, seat: int, what: str = "bid") -> None:
        """Open an entered row of `what` ("bid" or "tricks") again to change it (or one waiting its turn, to
        enter it now)."""
        self._opened(what).add(seat)

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

    def tap_bid(self, seat: int, value: int) -> str | None:
        """Choose (or, tapped again, clear) a bid. Returns why it is refused, or None."""
        if self.bids[seat] == value:
            if not self._folded(seat, "bid"):  # (folded: a second tap sent before the row folded keeps it)
                self.bids[seat] = None
                self._bend_lapses()
            return None
        self._opened("bid").discard(seat)
        if seat == self.hand.dealer and value == self.forbidden() and not self.bend:
            return self._bid_refusal(value)
        if not 0 <= value <= self.hand.cards:
            return _("A bid is from 0 to {cards} in this hand.", cards=self.hand.cards)
        self.bids[seat] = value
        self._bend_lapses()
        return None

    def _bid_refusal(self, value: int) -> str:
        cards = self.hand.cards
        return _n("{dealer} deals and may not bid {bid}: the bids would add up to {count} trick, the tricks in "
                  "this hand (dealer's hook).",
                  "{dealer} deals and may not bid {bid}: the bids would add up to {count} tricks, the tricks in "
                  "this hand (dealer's hook).", cards, dealer=self.players[self.hand.dealer], bid=value)

    def balance(self) -> str:
        """'Bids total 3 for 5 tricks: under by 2' (the engine's words)."""
        return balance_text(self.bids, self.hand.cards)

    def balance_word(self) -> str:
        """'under by 2' (the engine's words)."""
        return balance_word(self.bids, self.hand.cards)

    def bids_missing(self) -> list[str]:
        return [self.players[seat] for seat in self.order if self.bids[seat] is None]

    def bids_problem(self) -> str | None:
        """Why the bids can't be submitted yet, or None."""
        missing = self.bids_missing()
        if missing:
            return _("Still to bid: {names}", names=", ".join(missing))
        if self.breaks_hook() and not self.bend:
            return _("{dealer} deals and may not bid {bid} (dealer's hook).", dealer=self.players[self.hand.dealer],
                     bid=self.forbidden())
        return None

    def breaks_hook(self) -> bool:
        """Is the dealer's bid the one the hook forbids, given the others' (the engine's hook)?"""
        forbidden = self.forbidden()
        return forbidden is not None and self.bids[self.hand.dealer] == forbidden

    def bend_hook(self) -> str | None:
        """The hand was played with the dealer's forbidden bid: record it so, marked (asked first:
        GamePlay.bend_hook). Returns why not, or None."""
        forbidden = self.forbidden()
        if forbidden is None:
            return _("The dealer's hook forbids no bid now: nothing to record against it.")
        self.bend = True
        self.bids[self.hand.dealer] = forbidden
        self.opened.discard(self.hand.dealer)
        return None

    def bend_question(self) -> str:
        dealer, forbidden = self.players[self.hand.dealer], self.forbidden()
        return _("Tap “Record against the hook” again to record {dealer}'s bid of {bid}, which the dealer's "
                 "hook forbids, marked on the score card: only for a hand the table already played so.",
                 dealer=dealer, bid=forbidden)

    @property
    def can_submit_bids(self) -> bool:
        return self.bids_problem() is None

    def bids_action(self) -> dict[str, Any]:
        bent = {"against_hook": True} if self.bend and self.breaks_hook() else {}
        return {"type": "bids", "hand": self.index, "values": _values(self.bids), **bent}

    # ----- tricks -----

    def tricks_left(self) -> int:
        """Tricks still to assign by the taps (negative: too many)."""
        return self.hand.cards - sum(t for t in self.tricks if t is not None)

    def filled(self) -> dict[int, int]:
        """Tricks the app fills in, each changeable by a tap: the one number that completes the hand for
        the last player not entered, or 0 for everyone not entered once the tricks add up."""
        if self.correcting or self.phase != "tricks":
            return {}
        unset = [seat for seat in self.order if self.tricks[seat] is None]
        left = self.tricks_left()
        if not unset or left < 0:
            return {}
        if left == 0:
            return dict.fromkeys(unset, 0)
        return {unset[0]: left} if len(unset) == 1 else {}

    def entered_tricks(self) -> list[int | None]:
        """The tricks as they will be stored: the taps, and what the app filled in."""
        filled = self.filled()
        return [filled.get(seat, took) for seat, took in enumerate(self.tricks)]

    def tricks_line(self) -> str:
        left = self.tricks_left()
        if left > 0 and not self.filled():
            return _n("{count} trick still to assign", "{count} tricks still to assign", left)
        if left < 0:
            had = _n("{count} trick", "{count} tricks", self.hand.cards)
            return _n("{count} trick too many: the hand had {tricks}", "{count} tricks too many: the hand had {tricks}",
                      -left, tricks=had)
        filled = self.filled()
        if len(filled) == 1 and left > 0:
            seat, took = next(iter(filled.items()))
            return _("All {cards} tricks assigned: {name} took {took} (filled in)", cards=self.hand.cards,
                     name=self.players[seat], took=took)
        if filled:
            return _("All tricks assigned: the rest took 0")
        if self.hand.cards == 1:
            return _("The one trick is assigned")  # not "All 1 trick"
        return _n("All {count} trick assigned", "All {count} tricks assigned", self.hand.cards)

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

    def hand_points(self, seat: int, bid: int, took: int) -> int:
        """The rules' points of `seat` for this hand as tapped (Skull King's entry adds the bonuses)."""
        return self.game.rules.score(bid, took, self.hand.cards)

    def tap_tricks(self, seat: int, value: int) -> None:
        """Choose (or, tapped again, clear) a player's tricks. A folded row's chips are not on screen: a
        tap on one was sent before the row folded, a quick second tap, which keeps the value."""
        if self.tricks[seat] == value and self._folded(seat, "tricks"):
            return
        self.tricks[seat] = None if self.tricks[seat] == value else value
        self._opened("tricks").discard(seat)

    def tricks_problem(self) -> str | None:
        entered = self.entered_tricks()
        left = self.hand.cards - sum(t for t in entered if t is not None)
        missing = [self.players[seat] for seat in self.order if entered[seat] is None]
        if left != 0:
            return self.tricks_line()
        if missing:
            return _("Still to enter: {names} (tap 0 for none)", names=", ".join(missing))
        return None

    @property
    def can_finish(self) -> bool:
        return self.phase != "bids" and self.tricks_problem() is None

    def tricks_action(self) -> dict[str, Any]:
        return {"type": "tricks", "hand": self.index, "values": _values(self.entered_tricks())}

    # ----- what the step shows (viewmodels/step.py, drawn by ui/drawing/step.py) -----

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

    # ----- correcting a hand -----

    def correction_actions(self) -> list[dict[str, Any]]:
        """What a correction submits: only the parts that changed (bids, then tricks)."""
        actions = []
        if self.hand.bids is None or list(self.hand.bids) != self.bids:
            actions.append(self.bids_action())
        if self.hand.tricks is not None and list(self.hand.tricks) != self.tricks:
            actions.append(self.tricks_action())
        elif self.hand.tricks is None and all(self.tricks[seat] is not None for seat in self.order):
            actions.append(self.tricks_action())
        return actions

    def correction_problem(self) -> str | None:
        problem = self.bids_problem()
        if problem:
            return problem
        if self.hand.tricks is not None or all(self.tricks[seat] is not None for seat in self.order):
            return self.tricks_problem()
        return None


def _values(taps: list[int | None]) -> list[int | None]:
    """The taps as an entry stores them: whole numbers, None for a seat not in the hand."""
    return [None if value is None else int(value) for value in taps]
