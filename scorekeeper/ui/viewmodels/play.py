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
        self._kept: tuple | None = None  # (game version, draft): the taps as stored last, others' merged in
        self._mine: tuple[Any, dict[str, Any]] = (None, {})  # (step, {part: value}) tapped on this device
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
    # A draft is {"step": which step, "taps": {part: value}}, a part being a seat ("0", "1", ...) or
    # another choice of the step (who went out, say). Each device sends the parts it changed; storage
    # merges them with the other devices' (each part's latest tap wins) and every device shows the merge.

    def _keep_taps(self, take_back: Callable[[], None]) -> bool:
        """Store the taps of the step under way before the screen shows them (a restarted server, a
        closed tab or another device finds them again); a tap that can't be stored is taken back and
        the reason shown."""
        draft = self.entry.draft()
        changed = self._changed_parts(draft)
        if not changed:
            return True  # the tap changed nothing to keep
        outcome = self.session.save_draft({"step": draft["step"], "taps": changed})
        if outcome.ok:
            step, mine = self._mine
            self._mine = (draft["step"], {**(mine if step == draft["step"] else {}), **changed})
            self._tell_overtaken(self._take_in(outcome.kept))
            self.wrote = True  # the other devices show the taps too
            return True
        take_back()
        self.message = outcome.message
        if outcome.stale:  # another device changed the game: show it as it is now
            self.entry = self._fresh()
            self._restore_draft()
            self.to_top = True
        return False

    def _changed_parts(self, draft: dict[str, Any]) -> dict[str, Any]:
        """The parts of `draft` that differ from the draft kept last (for another version or step: the
        parts tapped at all, so that untapped parts don't overwrite another device's taps)."""
        if self._kept is None or self._kept[0] != self.session.version or self._kept[1]["step"] != draft["step"]:
            return self._tapped_parts(draft)
        kept = self._kept[1]["taps"]
        return {part: value for part, value in draft["taps"].items() if part not in kept or kept[part] != value}

    def _tapped_parts(self, draft: dict[str, Any]) -> dict[str, Any]:
        """The parts of `draft` that differ from the step's as nothing is tapped."""
        fresh = self._fresh()
        untapped = fresh.draft() if fresh is not None else None
        untapped = untapped["taps"] if untapped is not None and untapped["step"] == draft["step"] else {}
        return {part: value for part, value in draft["taps"].items() if part not in untapped or untapped[part] != value}

    def _take_in(self, stored: Any) -> list[str]:
        """Show the taps other devices made of this step (`stored`, the merged draft). Returns the parts
        tapped here that another device has changed since."""
        entry = self.entry
        if entry is None or entry.correcting:
            return []
        now = entry.draft()
        if isinstance(stored, dict) and stored.get("step") == now["step"] and isinstance(stored.get("taps"), dict):
            taps = stored["taps"]
            changes = {part: value for part, value in taps.items() if part not in now["taps"] or now["taps"][part] != value}
            if changes:
                entry.restore({"step": now["step"], "taps": changes})
        else:
            taps = {}
        self._kept = (self.session.version, entry.draft())
        step, mine = self._mine
        if step != now["step"]:
            return []
        return [part for part, value in mine.items() if part in taps and taps[part] != value]

    def _tell_overtaken(self, parts: list[str]) -> None:
        """Say which taps made here another device changed since (each is told once)."""
        if not parts:
            return
        for part in parts:
            self._mine[1].pop(part, None)
        self.info = self._overtaken_text(parts)

    def _overtaken_text(self, parts: list[str]) -> str:
        names = getattr(self.entry, "part_names", {})
        players = self.entry.players
        said = [players[int(part)] if part.isdecimal() and int(part) < len(players) else names.get(part, part)
                for part in parts]
        return f"Another device changed what was tapped here for {' and '.join(said)}: the latest is shown."

    def _keep_again(self, draft: dict[str, Any]) -> None:
        """After an entry that leaves the step open (here or on another device), keep its taps for the
        game's new version (a draft is kept for the version it was tapped on). Only the parts tapped
        (not as a fresh step has them): another device keeps its own, and they merge."""
        if self._kept is not None and self._kept[0] == self.session.version:
            self._take_in(self.session.draft())  # kept for this version already: show the other devices' taps
            return
        tapped = self._tapped_parts(draft)
        if not tapped:
            self._take_in(self.session.draft())
            return
        outcome = self.session.save_draft({"step": draft["step"], "taps": tapped})
        if outcome.ok:
            self._take_in(outcome.kept)

    def _restore_draft(self) -> None:
        entry = self.entry
        self._mine = (None, {})
        if entry is not None and entry.restore(self.session.draft()):
            self.info = self._restored_text(entry)
        self._kept = (self.session.version, entry.draft()) if entry is not None else None

    def take_in_stored(self) -> None:
        """Show the taps other devices kept of this step; say so when one overtook a tap made here."""
        self._tell_overtaken(self._take_in(self.session.draft()))

    # ----- undo, redo, ending -----

    def undo(self, drawn: int | None = None) -> None:
        """`drawn`: the game's version the screen was drawn from (it said what would be undone)."""
        if self.stale(drawn):
            return
        self.paused = None  # a step paused behind a correction is dropped: the game changes under it
        self._tapped()
        what = self.session.undo_text
        entries = self.session.state.record.actions
        undone = entries[-1] if entries else None
        if self._after(self.session.undo()):
            self.info = f"Undone: {what.removeprefix('Undo ')}." if what else "Undone."
            if self.entry is not None and undone is not None and self.entry.refill(undone):
                self.info = f"Undone: {what.removeprefix('Undo ') if what else 'the last entry'}. Change it and enter it again."
                self._keep_again(self.entry.draft())  # the other devices show it back too

    def redo(self, drawn: int | None = None) -> None:
        if self.stale(drawn):
            return
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
        self.take_in_stored()
