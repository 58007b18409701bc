"""A game in play on one device, whatever its kind: the step being entered (its `entry`, of the kind's
entry class: viewmodels/entry.py), corrections of earlier hands or rounds, undo and redo, finishing
or ending early, what another device changed; the taps of the step under way are kept as a draft
and shared with the other devices by its part drafts.DraftSharing.
Every entry goes through storage (GameSession); the screen draws `entry`, `message` and `info`,
broadcasts when `wrote` is set, and shows the final standings when `over` is true."""
from __future__ import annotations

import copy
from typing import Any, Callable, NamedTuple

from scorekeeper.i18n import N_, _
from scorekeeper.rules import InvalidEntry
from scorekeeper.storage import DraftSeen, can_finish
from scorekeeper.storage.errors import STALE_MESSAGE
from scorekeeper.storage.results import undo_label

from ..kinds import kind_ui
from .drafts import DraftSharing, step_taps
from .entry import Entry
from .session import GameSession, Outcome

# Marked here, said in the language of the device that tapped: _(END_CONFIRM).
# (Unlike "Stop after hand N", which the hands to come say: a finished game, with a winner and awards.)
END_CONFIRM = N_("Tap “End the game now” again to end it here, with no winner and no awards.")
FINISH_CONFIRM = N_("Tap “Finish the game” again to end it here; the standings become final.")


# Undo offered to take back a tap made here, and what it entered changed since (typed over, another device)
TAP_CHANGED = N_("What that tap entered has changed since: nothing was taken back.")


class TapMade(NamedTuple):
    """A tap made on this device, for Undo: the game's version and the step it was made on, and the draft
    parts it changed, {part: (before, after)}."""
    version: int
    step: Any
    changed: dict[str, tuple[Any, Any]]


class UndoOffer(NamedTuple):
    """What the Undo button offers (GamePlay.undo_offer)."""
    text: str | None  # "Undo the last tap", "Undo tricks of hand 3"; None: nothing to undo
    possible: bool
    tap: bool  # a tap made here on the step open now, not the last entry stored


def _is_round(entry: Entry) -> bool:
    """Is one step of `entry` a round (else a hand)? It picks the messages (entry.noun is "Hand" or "Round")."""
    return entry.noun != "Hand"


def carried(old: Entry | None, new: Entry | None) -> Entry | None:
    """`new` with the taps of `old` when both are the same step (`old` on an older game)."""
    if old is not None and new is not None and old.draft()["step"] == new.draft()["step"]:
        new.take_taps(old)
    return new


def _frozen(value: Any) -> Any:
    """`value` (an entry: dicts, lists) as something to compare and keep in a set."""
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


def _merged_changes(was: dict[str, Any], mine: dict[str, Any], now: dict[str, Any],
                    seats: int) -> tuple[dict[str, Any], bool]:
    """Snapshots of an entry (Entry.snapshot) merged part by part: `was` as stored when this device took
    it in, `mine` as changed here, `now` as stored since. A part changed here keeps its value, unless it
    was stored changed otherwise since (that one wins, as saved). A seat's values (in every list of one
    value per seat: a bid and its tricks, the cards of a count) are one part, never mixed from both.
    Returns the merge and whether a change made here was overtaken."""
    overtaken = False

    def one(before: Any, here: Any, stored: Any) -> Any:
        nonlocal overtaken
        if here == before or stored == here:
            return stored
        if stored == before:
            return here
        overtaken = True
        return stored

    def by_seat(key: str) -> bool:
        return all(isinstance(side.get(key), list) and len(side[key]) == seats for side in (was, mine, now))

    per_seat = [key for key in now if by_seat(key)]  # (a list of another length, a seat come since: whole)
    merged = {key: list(value) if key in per_seat else one(was.get(key), mine.get(key), value)
              for key, value in now.items()}
    for seat in range(seats):
        values = one(*(tuple(side[key][seat] for key in per_seat) for side in (was, mine, now)))
        for key, value in zip(per_seat, values):
            merged[key][seat] = value
    return merged, overtaken


class Guess(NamedTuple):
    """What the step under way will most likely record (GamePlay.likely_step)."""
    token: Any  # (the game's version, the entry as something to compare): what is drawn ahead for it
    action: dict[str, Any]  # the entry itself


class GamePlay(DraftSharing):
    def __init__(self, session: GameSession):
        self.confirm_finish = False  # "Finish the game" was tapped once: a second tap finishes it
        self.paused: Any = None  # the current step, waiting while an earlier one is corrected
        self.session = session
        self.entry: Any = self._fresh()
        self.message: str | None = None  # a refusal
        self.info: str | None = None  # news: undone, corrected, changed elsewhere
        self.confirm_end = False
        self.confirm_bend = False  # "Record against the hook" was tapped once: a second tap records it
        self.wrote = False  # something was stored since the screen last looked (it tells the other devices)
        self.to_top = False  # the next step starts: show the top of the entry
        self._kept: tuple | None = None  # (game version, draft): the taps as stored last, others' merged in
        self._mine: tuple[Any, dict[str, Any]] = (None, {})  # (step, {part: value}) tapped on this device
        self._seen: Any = None  # the step's draft as stored when this device last took it in (submit)
        self._correcting_from: Any = None  # the hand (round) being corrected as stored when last taken in (snapshot)
        self._likely: tuple[Any, Any] | None = None  # (Guess.token, the entry after it): entry_after
        self._taps_made: list[TapMade] = []  # the taps made here on the step open now, for Undo
        self._restore_draft()

    @property
    def game(self):
        return self.session.game

    @property
    def over(self) -> bool:
        """Show the final standings: the game is finished, abandoned or every hand (round) is in."""
        return self.session.state.status != "playing" or self.game.is_over

    @property
    def open_ended(self) -> bool:
        """No set number of hands or rounds and no target: only the table ends it (a score pad)."""
        return self.game.open_ended

    @property
    def can_finish(self) -> bool:
        return can_finish(self.game)

    @property
    def correcting(self) -> bool:
        """An earlier hand or round is open for a correction."""
        return self.entry is not None and self.entry.correcting

    def _entry_class(self) -> type:
        return kind_ui(self.game).entry

    def _fresh(self) -> Entry | None:
        """The entry of the game's current step, nothing tapped (None when there is none)."""
        current = self.game.current
        return None if current is None else self._entry_class()(self.game, current)

    def likely_step(self) -> "Guess | None":
        """What the step under way will most likely record (entry.likely_action), for the screen to draw
        the step after it ahead, hidden (Screen.draw_ahead), so entering this one only shows it. None
        when the entry has no guess."""
        if self.entry is None:  # the game is over
            return None
        action = self.entry.likely_action()  # (None for the kinds whose next step is not drawn ahead)
        return None if action is None else Guess((self.session.version, _frozen(action)), action)

    def entry_after(self, guess: "Guess") -> Entry | None:
        """The entry of the step after the one under way, as the game would be once that records
        `guess.action` (nothing is stored). None when the game would be over (or the rules refuse it)."""
        if self._likely is None or self._likely[0] != guess.token:
            game = copy.deepcopy(self.game)
            try:
                game.apply(guess.action)
                after = None if game.is_over or game.current is None else self._entry_class()(game, game.current)
            except InvalidEntry:
                after = None
            self._likely = (guess.token, after)
        return self._likely[1]

    def undo_text_after(self, guess: "Guess") -> str:
        """What Undo would say once the step under way records `guess.action`."""
        after = self.entry_after(guess)
        return undo_label(after.game if after is not None else self.game, guess.action)

    def _step(self) -> Any:
        """Which step the game is at: another device that moves it on is announced."""
        entry = self.paused if self.correcting else self.entry
        return entry.draft()["step"] if entry is not None else None

    def correcting_text(self) -> str:
        """What the entry says while an earlier hand or round is open for a correction."""
        entry = self.entry
        if _is_round(entry):
            return _("Correcting round {number}: change what was wrong, then save.", number=entry.index + 1)
        return _("Correcting hand {number}: change what was wrong, then save.", number=entry.index + 1)

    # ----- after each write -----

    def _after(self, outcome: Outcome, *, keep: bool = False) -> bool:
        if outcome.ok:
            self.message = None
            self.info = None
            self.wrote = True
            self._seen = None  # a new version of the game: no taps kept of it yet
        else:
            self.message = outcome.message
            if outcome.stale:  # (reloaded: the taps kept now are those shown next)
                self._seen = self.session.draft()
        if (outcome.ok or outcome.stale) and not keep:
            self.entry = self._fresh()
            self.to_top = True
        return outcome.ok

    def _tapped(self) -> None:
        if self.confirm_finish:  # its question goes with it (by the flag: the words are a language's)
            self.info = None
        self.confirm_end = False
        self.confirm_finish = False
        self.confirm_bend = False

    def tapped(self) -> None:
        """Any tap: a pending "end the game" question is dropped, and what was said before (a refusal,
        "Hand 2 corrected") with it."""
        self._tapped()
        self.message = self.info = None

    def stale(self, drawn: int | None) -> bool:
        """Is a tap from a screen drawn from version `drawn` of the game out of date? Another device's
        entry came in since, so the step it was meant for is gone: it is refused with storage's stale
        message (this screen already shows the latest), never applied to the step open now. None: the
        caller doesn't say (no check)."""
        if drawn is None or drawn == self.session.version:
            return False
        self.message = _(STALE_MESSAGE)
        self.info = None
        return True

    # ----- undo, redo, ending -----

    def _last_tap(self) -> TapMade | None:
        """The last tap made here on the step open now, while the parts it changed still show what it left
        (once another device or an entry changed them, the taps made here are Undo's no more)."""
        if not self._taps_made or self.correcting or self.entry is None:
            return None
        last = self._taps_made[-1]
        now = self.entry.draft()
        if (last.version != self.session.version or now["step"] != last.step
                or any(now["taps"].get(part) != after for part, (_before, after) in last.changed.items())):
            self._taps_made.clear()
            return None
        return last

    def undo_offer(self) -> UndoOffer:
        """What Undo takes back: a tap made here on the step open now (a chip tapped by mistake), else the
        last entry stored."""
        if self._last_tap() is not None:
            return UndoOffer(_("Undo the last tap"), True, True)
        return UndoOffer(self.session.state.undo_text, self.session.state.can_undo, False)

    def _undo_tap(self) -> None:
        """Put the parts the last tap changed back as they were, kept as a draft like any tap (the other
        devices' parts stay as they are)."""
        last = self._taps_made.pop()
        kept = step_taps(self.session.draft(), last.step)  # (a device's tap of those parts not shown here yet)
        if kept is not None and any(part in kept and kept[part] != after for part, (_was, after) in last.changed.items()):
            self._taps_made.clear()
            self.take_in_stored()
            self.message = _(TAP_CHANGED)
            return
        tapped = self.entry.snapshot()
        before = {part: was for part, (was, _after) in last.changed.items()}
        self.entry.restore({"step": last.step, "taps": before})
        if any(self.entry.draft()["taps"].get(part) != was for part, was in before.items()):
            self.entry.put_back(tapped)  # (a value the step takes no more)
            self._taps_made.clear()
            self.message = _(TAP_CHANGED)
            return
        if self._keep_taps(lambda: self.entry.put_back(tapped)):
            self.info = _("Tap taken back: {names}.", names=self._parts_text(list(last.changed)))

    @staticmethod
    def _changed_by(was: dict[str, Any], after: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
        """The parts a tap changed, {part: (before, after)}: nothing when it moved to another step."""
        if was["step"] != after["step"]:
            return {}
        parts = set(was["taps"]) | set(after["taps"])
        return {part: (was["taps"].get(part), after["taps"].get(part)) for part in sorted(parts)
                if was["taps"].get(part) != after["taps"].get(part)}

    def undo(self, drawn: int | None = None, tap: bool | None = None) -> None:
        """`drawn`: the game's version the screen was drawn from (it said what would be undone); `tap`:
        whether it offered to take back a tap (undo_offer), None when it doesn't say (a keyboard)."""
        if self.stale(drawn):
            return
        tapped_last = self._last_tap() is not None
        if tap is not None and tap != tapped_last:  # the screen offered the other: nothing is undone
            self.tapped()
            self.message = _(TAP_CHANGED) if tap else _("A tap came in before Undo: nothing was undone. Tap Undo "
                                                         "again to take back that tap.")
            return
        if tapped_last:
            self.tapped()
            self._undo_tap()
            return
        self.paused = None  # a step paused behind a correction is dropped: the game changes under it
        self._tapped()
        entries = self.session.state.record.actions
        undone = entries[-1] if entries else None
        what = self.session.last_entry_text()  # (storage's "Undo ..." says the same)
        if self._after(self.session.undo()):
            self.info = _("Undone: {entry}.", entry=what) if what else _("Undone.")
            if self.entry is not None and undone is not None and self.entry.refill(undone):
                self.info = (_("Undone: {entry}. Change it and enter it again.", entry=what) if what
                             else _("Undone: the last entry. Change it and enter it again."))
                self._keep_again(self.entry.draft())  # the other devices show it back too

    def redo(self, drawn: int | None = None) -> None:
        if self.stale(drawn):
            return
        self.paused = None  # as for undo
        self._tapped()
        if self._after(self.session.redo()):
            what = self.session.last_entry_text()  # the entry redone is the last one now
            self.info = _("Redone: {entry}.", entry=what) if what else _("Redone.")

    def end_game(self) -> None:
        """End the game before it is over: two taps, the first one asks."""
        if not self.confirm_end:
            self.confirm_end = True
            self.info = _(END_CONFIRM)
            return
        self.confirm_end = False
        self._after(self.session.abandon(), keep=True)

    # ----- the step being entered -----

    def tap(self, drawn: int | None, step: Callable[..., Any], *args: Any) -> bool:
        """A tap inside the entry (`step(*args)`, a method of the entry), on a screen drawn from version
        `drawn` of the game: kept as a draft (the step is stored when it is done); refused when another
        device's entry came in since. A step that refuses the tap returns why (the dealer's hook).
        True when the tap is kept."""
        self.tapped()
        if self.stale(drawn):
            return False
        before, was = self.entry.snapshot(), self.entry.draft()
        refusal = step(*args)
        if isinstance(refusal, str):
            self.message = refusal
        tapped = self.entry.snapshot()
        changed = self._changed_by(was, self.entry.draft())
        kept = self._keep_taps(lambda: self.entry.put_back(before))
        if kept and changed and not self.correcting:
            self._taps_made.append(TapMade(self.session.version, was["step"], changed))
        # Entered at once only as this screen showed it: when keeping the tap brought in another device's
        # taps, the step shows them and waits for its button.
        news = self.entry.enters_on(step) if kept and refusal is None and self.entry.snapshot() == tapped else None
        if news:  # the tap completed the step: entered at once, as its button would
            self.submit(drawn)
            if self.message is None and not self.over:
                self.info = news
        return kept

    def keep_taps(self, before: Any) -> bool:
        """Store the step's taps made outside tap() (typed points) before the screen shows them.
        `before` is entry.snapshot() from before: put back when storing fails. (Undo takes back taps made
        before it no more: typing over a tapped value would undo what was typed.)"""
        self._taps_made.clear()
        return self._keep_taps(lambda: self.entry.put_back(before))

    def submit(self, drawn: int | None = None) -> None:
        """Enter the step as tapped (or save the correction under way); the last one ends the game.
        `drawn`: the game's version the screen was drawn from (every step says it: see stale())."""
        self.tapped()
        if self.stale(drawn):
            return
        if self.correcting:
            self.save_correction()
            return
        entry = self.entry
        if self._says_what_stops(entry):
            return
        # As the taps showed here: a tap another device made a moment ago, not shown yet, refuses it
        version = self.session.version
        outcome = self.session.record(entry.action(), DraftSeen(self._seen))
        if outcome.stale and self.session.version == version:  # that tap (not an entry): the step shows it, as it is
            self.message = outcome.message
            self.take_in_stored()
        elif self._after(outcome) and not self.over:
            self.info = entry.saved_text()
        elif outcome.stale:
            self._restore_draft()  # the step again, with the taps kept of it

    def _says_what_stops(self, entry: Entry) -> bool:
        """Show what stops `entry` from being stored as tapped; True when something does."""
        problem = entry.problem()
        if problem:
            self.message = problem
        return problem is not None

    def record_aside(self, action: dict[str, Any], drawn: int | None = None) -> None:
        """Store an entry that leaves the step open (the trump of the hand): the taps stay."""
        if self.stale(drawn):
            return
        entry = self.entry
        if self._after(self.session.record(action), keep=True):
            again = self._entry_class().from_stored(self.game, entry.index) if entry.correcting else self._fresh()
            self.entry = carried(entry, again)
            self._keep_current_taps()

    def bend_hook(self, drawn: int | None = None) -> None:
        """Record the dealer's bid the hook forbids, for a hand the table already played so: two taps,
        the first one asks (any other tap drops the question)."""
        asked = self.confirm_bend
        self.tapped()
        if self.stale(drawn):
            return
        if not asked:
            self.confirm_bend = True
            self.info = self.entry.bend_question()
            return
        self.tap(drawn, self.entry.bend_hook)

    def finish(self, drawn: int | None = None) -> None:
        """Finish an open-ended game here (storage's can_finish says when it may): two taps, the
        first one asks."""
        asked = self.confirm_finish
        self.tapped()
        if self.stale(drawn):
            return
        if not self.can_finish:
            self.message = _("Enter at least one round before finishing the game.")
            return
        if not asked:
            self.confirm_finish = True
            self.info = _(FINISH_CONFIRM)
            return
        self._after(self.session.finish(), keep=True)

    def _keep_taps(self, take_back) -> bool:
        if self.correcting:
            return True  # a correction is saved or cancelled as a whole: no draft
        return self._keep_draft(take_back)

    def _keep_current_taps(self) -> None:
        """After a write that leaves the step open (the trump, a correction, another device's entry),
        keep its taps again for the game's new version."""
        entry = self.entry
        if entry is None or entry.correcting:
            return
        self._keep_again(entry.draft())

    # ----- corrections of earlier hands or rounds -----

    def correct(self, index: int) -> None:
        """Open hand or round `index`, already entered, for a correction, filled in as stored (the
        current step keeps its taps meanwhile)."""
        self.tapped()
        self.info = None
        if not self._entry_class().correctable(self.game, index):
            if self.correcting:
                self._resume()
            return
        if not self.correcting:
            self.paused = self.entry
        self.entry = self._entry_class().from_stored(self.game, index)
        self._correcting_from = self.entry.snapshot()
        self.to_top = True

    def _resume(self) -> None:
        """Back to the current step, with the taps made on it before the correction."""
        paused, self.paused = self.paused, None
        self.entry = carried(paused, self._fresh())
        self.to_top = True
        if self.entry is not None:
            self._keep_current_taps()

    def cancel_correction(self) -> None:
        self._tapped()
        self.info = self.message = None
        self._resume()

    def save_correction(self, drawn: int | None = None) -> None:
        """Store the hand or round again. The engine refuses a correction that breaks later ones: the
        refusal shows and nothing changes. A finished game stays finished while it is still over."""
        self._tapped()
        self.message = None
        if self.stale(drawn):
            return
        entry = self.entry
        if self._says_what_stops(entry):
            return
        actions = entry.correction_actions()
        if not actions:
            self.cancel_correction()  # nothing was changed
            return
        outcome = self.session.correct(actions)  # one transaction, whatever the game's status
        if self._after(outcome, keep=True):
            self._resume()
            self.info = (_("Round {number} corrected; the totals follow.", number=entry.index + 1) if _is_round(entry)
                         else _("Hand {number} corrected; the totals follow.", number=entry.index + 1))
            return
        # Refused (another device's entry first, or the rules): the correction stays open on the game as
        # stored now, another device's correction of the same hand merged in (reload)
        message = self.message
        self.reload()
        self.message = message

    def _merged_correction(self, entry: Entry) -> Entry:
        """The correction under way (`entry`) on the hand or round as stored now. When another device has
        saved a correction of it meanwhile, what that device changed shows, and what was changed here
        stays; where both changed the same part, the saved one shows and this device is told. Else the
        changes made here go on, on the game as it is now."""
        stored = self._entry_class().from_stored(self.game, entry.index)
        was, mine, now = self._correcting_from, entry.snapshot(), stored.snapshot()
        self._correcting_from = now
        if was is None or now == was:
            return carried(entry, stored)
        if mine == was:  # nothing changed here yet: the hand as saved
            self.info = _("Updated: another device made an entry.")
            return stored
        merged, overtaken = _merged_changes(was, mine, now, len(self.game.players))
        stored.put_back(merged)
        number = entry.index + 1
        if overtaken and _is_round(entry):
            self.info = _("Another device corrected round {number} meanwhile, some of what you changed too: "
                          "what it saved shows there. Check before saving.", number=number)
        elif overtaken:
            self.info = _("Another device corrected hand {number} meanwhile, some of what you changed too: "
                          "what it saved shows there. Check before saving.", number=number)
        elif _is_round(entry):
            self.info = _("Another device corrected round {number} meanwhile: its changes show beside yours.",
                          number=number)
        else:
            self.info = _("Another device corrected hand {number} meanwhile: its changes show beside yours.",
                          number=number)
        return stored

    # ----- other devices -----

    def reload(self) -> None:
        """Show what is stored now, keeping the taps made here when the same step is still open."""
        self.session.reload()
        if self.correcting:
            entry = self.entry
            self.paused = carried(self.paused, self._fresh())
            if self._entry_class().correctable(self.game, entry.index):
                self.entry = self._merged_correction(entry)
            else:  # undone elsewhere: nothing left to correct
                self._resume()
            return
        self.entry = carried(self.entry, self._fresh())
        self._keep_current_taps()

    def remote_changed(self) -> None:
        before, was = self._step(), self.session.state.status
        self.reload()
        if was == "playing" and self.session.state.status != "playing":
            self.info = _("The game was ended on another device.")
            return
        if before != self._step():
            self.info = _("Updated: another device made an entry.")
            self.to_top = True
        self.take_in_stored()
