"""A game in play on one device: the hand being entered, corrections of earlier hands, undo and redo,
ending early, and what another device changed. Every entry goes through storage (GameSession); the
screen draws `entry`, `message` and `info`, broadcasts when `wrote` is set, and shows the final
standings when `over` is true."""
from __future__ import annotations

from .hand_entry import HandEntry
from .session import GameSession, Outcome

END_CONFIRM = "Tap “End the game now” again to end it here; the standings so far become final."


class GamePlay:
    def __init__(self, session: GameSession):
        self.session = session
        self.entry: HandEntry | None = self._fresh()
        self.paused: HandEntry | None = None  # the current hand, waiting while an earlier one is corrected
        self.message: str | None = None  # a refusal
        self.info: str | None = None  # news: undone, corrected, changed elsewhere
        self.confirm_end = False
        self.wrote = False  # something was stored since the screen last looked (it tells the other devices)
        self.to_top = False  # the next step starts: show the top of the hand
        self._kept: tuple | None = None  # (game version, draft) stored last
        self._restore_draft()

    @property
    def game(self):
        return self.session.game

    @property
    def over(self) -> bool:
        """Show the final standings: the game is finished, abandoned or every hand is in."""
        return self.session.state.status != "playing" or self.game.is_over

    def _fresh(self) -> HandEntry | None:
        current = self.game.current
        return None if current is None else HandEntry(self.game, current)

    def _after(self, outcome: Outcome, *, keep: bool = False) -> bool:
        if outcome.ok:
            self.message = None
            self.info = None
            self.wrote = True
        else:
            self.message = outcome.message
        if (outcome.ok or outcome.stale) and not keep:
            self.entry = self._fresh()
            self.to_top = True
        return outcome.ok

    def _tapped(self) -> None:
        self.confirm_end = False

    # ----- the hand being entered -----

    def tap_bid(self, seat: int, value: int) -> None:
        self._tapped()
        before = list(self.entry.bids)
        self.message = self.entry.tap_bid(seat, value)
        self._keep_taps(lambda: setattr(self.entry, "bids", before))

    def tap_tricks(self, seat: int, value: int) -> None:
        self._tapped()
        self.message = None
        before = list(self.entry.tricks)
        self.entry.tap_tricks(seat, value)
        self._keep_taps(lambda: setattr(self.entry, "tricks", before))

    def _keep_taps(self, take_back) -> None:
        """Store the taps of the step under way before the screen shows them (a restarted server or a
        closed tab finds them again); a tap that can't be stored is taken back and the reason shown."""
        entry = self.entry
        if entry.correcting or (self.session.version, entry.draft()) == self._kept:
            return  # a correction is saved or cancelled as a whole; a refused tap changed nothing
        outcome = self.session.save_draft(entry.draft())
        if outcome.ok:
            self._kept = (self.session.version, entry.draft())
            return
        take_back()
        self.message = outcome.message
        if outcome.stale:  # another device changed the game: show it as it is now
            self.entry = self._fresh()
            self._restore_draft()
            self.to_top = True

    def _keep_current_taps(self) -> None:
        """After a write that leaves the step open (the trump, a correction, another device's entry),
        keep its taps again for the game's new version."""
        entry = self.entry
        if entry is None or entry.correcting:
            return
        draft = entry.draft()
        if any(v is not None for v in draft["bids"] + draft["tricks"]) and self.session.save_draft(draft).ok:
            self._kept = (self.session.version, draft)

    def _restore_draft(self) -> None:
        if self.entry is not None and self.entry.restore(self.session.draft()):
            what = "bids" if self.entry.phase == "bids" else "tricks"
            self.info = f"The {what} tapped before are still here: carry on."
        self._kept = (self.session.version, self.entry.draft()) if self.entry is not None else None

    def submit_bids(self) -> None:
        self._tapped()
        problem = self.entry.bids_problem()
        if problem:
            self.message = problem
            return
        self._after(self.session.record(self.entry.bids_action()))

    def submit_tricks(self) -> None:
        """Store the tricks (the rest took none when they already add up); the last hand ends the game."""
        self._tapped()
        self.entry.fill_rest_with_zero()
        problem = self.entry.tricks_problem()
        if problem:
            self.message = problem
            return
        self._after(self.session.record_and_finish(self.entry.tricks_action()))

    def set_trump(self, trump: str | None) -> None:
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

    def save_correction(self) -> None:
        entry = self.entry
        problem = entry.correction_problem()
        if problem:
            self.message = problem
            return
        actions = entry.correction_actions()
        if not actions:
            self.cancel_correction()
            return
        if self.session.state.status != "playing":  # a finished game is reopened for the correction
            if not self._after(self.session.reopen(), keep=True):
                return
        outcome = self.session.record_all(actions)
        if self._after(outcome, keep=True):
            self._resume()
            self.info = f"Hand {entry.hand.number} corrected; the totals follow."
            if self.game.is_over and self.session.state.status == "playing":
                self._after(self.session.finish(), keep=True)
        elif outcome.stale:
            self._resume()
        else:  # a later entry was refused: the stored game now, the correction still open
            self.session.reload()
            self.entry = self._carry(entry, HandEntry(self.game, entry.index, correcting=True))

    # ----- undo, redo, ending -----

    def undo(self) -> None:
        self._tapped()
        what = self.session.undo_text
        self.paused = None
        if self._after(self.session.undo()):
            self.info = f"Undone: {what.removeprefix('Undo ')}." if what else "Undone."

    def redo(self) -> None:
        self._tapped()
        what = self.session.redo_text
        self.paused = None
        if self._after(self.session.redo()):
            self.info = f"Redone: {what.removeprefix('Redo ')}." if what else "Redone."

    def end_game(self) -> None:
        """End the game before its last hand: two taps, the first one asks."""
        if not self.confirm_end:
            self.confirm_end = True
            self.info = END_CONFIRM
            return
        self.confirm_end = False
        self._after(self.session.abandon(), keep=True)

    # ----- other devices -----

    def reload(self) -> None:
        """Show what is stored now, keeping the taps made here when the same step is still open."""
        self.session.reload()
        if self.entry is not None and self.entry.correcting:
            self.paused = self._carry(self.paused, self._fresh())
            return
        self.entry = self._carry(self.entry, self._fresh())
        self._keep_current_taps()

    def remote_changed(self) -> None:
        before = (self.entry.index, self.entry.phase) if self.entry else None
        self.reload()
        if self.session.state.status != "playing":
            self.info = "The game was ended on another device."
            return
        after = (self.entry.index, self.entry.phase) if self.entry else None
        if before != after:
            self.info = "Updated: another device made an entry."
            self.to_top = True
