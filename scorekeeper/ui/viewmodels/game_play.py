"""A game of the Oh Heck family in play on one device: the hand being entered, corrections of earlier
hands and the trump, on top of what every game in play has (PlayBase: undo and redo, ending early,
what another device changed, drafts)."""
from __future__ import annotations

from .hand_entry import HandEntry
from .play import END_CONFIRM, PlayBase

__all__ = ["END_CONFIRM", "GamePlay"]


class GamePlay(PlayBase):
    entry: HandEntry | None

    def _fresh(self) -> HandEntry | None:
        current = self.game.current
        return None if current is None else HandEntry(self.game, current)

    def _step(self) -> tuple | None:
        return (self.entry.index, self.entry.phase) if self.entry else None

    def _restored_text(self, entry: HandEntry) -> str:
        what = "bids" if entry.phase == "bids" else "tricks"
        return f"The {what} tapped before are still here: carry on."

    # ----- the hand being entered -----

    def tap_bid(self, seat: int, value: int, drawn: int | None = None) -> None:
        self._tapped()
        if self.stale(drawn):
            return
        before = list(self.entry.bids)
        self.message = self.entry.tap_bid(seat, value)
        self._keep_taps(lambda: setattr(self.entry, "bids", before))

    def tap_tricks(self, seat: int, value: int, drawn: int | None = None) -> None:
        self._tapped()
        if self.stale(drawn):
            return
        self.message = None
        before = list(self.entry.tricks)
        self.entry.tap_tricks(seat, value)
        self._keep_taps(lambda: setattr(self.entry, "tricks", before))

    def _keep_taps(self, take_back) -> bool:
        if self.entry.correcting:
            return True  # a correction is saved or cancelled as a whole
        return super()._keep_taps(take_back)

    def _keep_current_taps(self) -> None:
        """After a write that leaves the step open (the trump, a correction, another device's entry),
        keep its taps again for the game's new version."""
        entry = self.entry
        if entry is None or entry.correcting:
            return
        self._keep_again(entry.draft())

    def submit_bids(self, drawn: int | None = None) -> None:
        """`drawn`: the game's version the screen was drawn from (every step says it: see stale())."""
        self._tapped()
        if self.stale(drawn):
            return
        problem = self.entry.bids_problem()
        if problem:
            self.message = problem
            return
        self._after(self.session.record(self.entry.bids_action()))

    def submit_tricks(self, drawn: int | None = None) -> None:
        """Store the tricks (with what the app filled in); the last hand ends the game."""
        self._tapped()
        if self.stale(drawn):
            return
        problem = self.entry.tricks_problem()
        if problem:
            self.message = problem
            return
        self._after(self.session.record(self.entry.tricks_action()))

    def set_trump(self, trump: str | None, drawn: int | None = None) -> None:
        if self.stale(drawn):
            return
        entry = self.entry
        if self._after(self.session.record({"type": "trump", "hand": entry.index, "trump": trump}), keep=True):
            self.entry = self._carry(entry, HandEntry(self.game, entry.index, correcting=entry.correcting))
            self._keep_current_taps()

    @staticmethod
    def _carry(old: HandEntry | None, new: HandEntry | None) -> HandEntry | None:
        """The taps of `old` on `new` (the same hand and step, on a newer game)."""
        if old is not None and new is not None and (old.index, old.phase) == (new.index, new.phase):
            new.bids, new.tricks = list(old.bids), list(old.tricks)
        return new

    # ----- corrections -----

    def correct(self, index: int) -> None:
        """Open a hand already entered for a correction (the current hand keeps its taps meanwhile)."""
        self._tapped()
        if self.entry is not None and not self.entry.correcting:
            self.paused = self.entry
        if self.game.hands[index].bids is None:
            self.entry = self._carry(self.paused, self._fresh())
            self.paused = None
            return
        self.entry = HandEntry(self.game, index, correcting=True)
        self.info = f"Correcting hand {index + 1}: change what was wrong, then save."
        self.to_top = True

    def _resume(self) -> None:
        paused, self.paused = self.paused, None
        self.entry = self._carry(paused, self._fresh())
        self.to_top = True
        self._keep_current_taps()

    def cancel_correction(self) -> None:
        self.info = self.message = None
        self._resume()

    def save_correction(self, drawn: int | None = None) -> None:
        if self.stale(drawn):
            return
        entry = self.entry
        problem = entry.correction_problem()
        if problem:
            self.message = problem
            return
        actions = entry.correction_actions()
        if not actions:
            self.cancel_correction()
            return
        outcome = self.session.correct(actions)  # one transaction, whatever the game's status
        if self._after(outcome, keep=True):
            self._resume()
            self.info = f"Hand {entry.hand.number} corrected; the totals follow."
        elif outcome.stale:
            self._resume()
        else:  # a later entry was refused: the stored game now, the correction still open
            self.session.reload()
            self.entry = self._carry(entry, HandEntry(self.game, entry.index, correcting=True))

    # ----- other devices -----

    def reload(self) -> None:
        """Show what is stored now, keeping the taps made here when the same step is still open."""
        self.session.reload()
        if self.entry is not None and self.entry.correcting:
            self.paused = self._carry(self.paused, self._fresh())
            return
        self.entry = self._carry(self.entry, self._fresh())
        self._keep_current_taps()
