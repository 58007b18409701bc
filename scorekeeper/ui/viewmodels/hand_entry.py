"""Entering one hand: the bids, then the tricks (or both, when correcting a hand already played).

`HandEntry` is the step's logic: the taps, what stops the step, what it stores, its drafts and its
corrections. What the step shows (the header, the rows of bids and tricks, the `StepView`) is its
other half, `hand_rows.HandRows`."""
from __future__ import annotations

from typing import Any

from scorekeeper.i18n import _, _n
from scorekeeper.rules import Game

from .drafts import draft_of, taps_of
from .entry import Entry
from .hand_rows import HandRows


class HandEntry(HandRows, Entry):
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
