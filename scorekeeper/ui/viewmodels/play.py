"""What every game in play on one device shares, whatever its kind: undo and redo, ending early, what
another device changed, and the taps of the step under way kept as a draft. Every entry goes through
storage (GameSession); the screen draws `entry`, `message` and `info`, broadcasts when `wrote` is set,
and shows the final standings when `over` is true. Each kind (GamePlay, KindPlay) says what its entry
is (`_fresh`), how it reloads, and how it words a draft found again."""
from __future__ import annotations

from typing import Any, Callable

from scorekeeper.storage.errors import STALE_MESSAGE

from .session import GameSession, Outcome

END_CONFIRM = "Tap “End the game now” again to end it here; the standings so far become final."


class PlayBase:
    def __init__(self, session: GameSession):
        self.paused: Any = None  # the current step, waiting while an earlier one is corrected
        self.session = session
        self.entry: Any = self._fresh()
        self.message: str | None = None  # a refusal
        self.info: str | None = None  # news: undone, corrected, changed elsewhere
        self.confirm_end = False
        self.wrote = False  # something was stored since the screen last looked (it tells the other devices)
        self.to_top = False  # the next step starts: show the top of the entry
        self._kept: tuple | None = None  # (game version, draft) stored last
        self._restore_draft()

    @property
    def game(self):
        return self.session.game

    @property
    def over(self) -> bool:
        """Show the final standings: the game is finished, abandoned or every hand (round) is in."""
        return self.session.state.status != "playing" or self.game.is_over

    # ----- what each kind says -----

    def _fresh(self) -> Any:
        """The entry of the game's current step, nothing tapped (None when there is none)."""
        raise NotImplementedError

    def _step(self) -> Any:
        """Which step the entry is at: another device that moves it on is announced."""
        raise NotImplementedError

    def _restored_text(self, entry: Any) -> str:
        """The news that taps kept earlier are on `entry` again."""
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    # ----- after each write -----

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

    def stale(self, drawn: int | None) -> bool:
        """Is a tap from a screen drawn from version `drawn` of the game out of date? Another device's
        entry came in since, so the step it was meant for is gone: it is refused with storage's stale
        message (this screen already shows the latest), never applied to the step open now. None: the
        caller doesn't say (no check)."""
        if drawn is None or drawn == self.session.version:
            return False
        self.message = STALE_MESSAGE
        self.info = None
        return True

    # ----- the taps of the step under way, kept as a draft -----

    def _keep_taps(self, take_back: Callable[[], None]) -> bool:
        """Store the taps of the step under way before the screen shows them (a restarted server or a
        closed tab finds them again); a tap that can't be stored is taken back and the reason shown."""
        draft = self.entry.draft()
        if (self.session.version, draft) == self._kept:
            return True  # the tap changed nothing to keep
        outcome = self.session.save_draft(draft)
        if outcome.ok:
            self._kept = (self.session.version, draft)
            return True
        take_back()
        self.message = outcome.message
        if outcome.stale:  # another device changed the game: show it as it is now
            self.entry = self._fresh()
            self._restore_draft()
            self.to_top = True
        return False

    def _keep_again(self, draft: dict[str, Any]) -> None:
        """After a write that leaves the step open, keep its taps for the game's new version (a draft
        is kept for the version it was tapped on)."""
        if self.session.save_draft(draft).ok:
            self._kept = (self.session.version, draft)

    def _restore_draft(self) -> None:
        entry = self.entry
        if entry is not None and entry.restore(self.session.draft()):
            self.info = self._restored_text(entry)
        self._kept = (self.session.version, entry.draft()) if entry is not None else None

    # ----- undo, redo, ending -----

    def undo(self) -> None:
        self.paused = None  # a step paused behind a correction is dropped: the game changes under it
        self._tapped()
        what = self.session.undo_text
        if self._after(self.session.undo()):
            self.info = f"Undone: {what.removeprefix('Undo ')}." if what else "Undone."

    def redo(self) -> None:
        self.paused = None  # as for undo
        self._tapped()
        what = self.session.redo_text
        if self._after(self.session.redo()):
            self.info = f"Redone: {what.removeprefix('Redo ')}." if what else "Redone."

    def end_game(self) -> None:
        """End the game before it is over: two taps, the first one asks."""
        if not self.confirm_end:
            self.confirm_end = True
            self.info = END_CONFIRM
            return
        self.confirm_end = False
        self._after(self.session.abandon(), keep=True)

    # ----- other devices -----

    def remote_changed(self) -> None:
        before = self._step()
        self.reload()
        if self.session.state.status != "playing":
            self.info = "The game was ended on another device."
            return
        if before != self._step():
            self.info = "Updated: another device made an entry."
            self.to_top = True
