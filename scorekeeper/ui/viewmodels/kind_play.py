"""A game of the other kinds (score pad, HIT THE DECK, WHAT THE HECK?) in play on one device: the
round being entered and finishing an open-ended game, on top of what every game in play has
(PlayBase: undo and redo, ending early, what another device changed, drafts)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import outcome
from scorekeeper.storage import can_finish

from ..kinds import KindRow, kind_ui
from .kind_entry import played_rounds, rounds_word
from .play import END_CONFIRM, PlayBase
from .score_card import leader_line, ordinal, place_texts


FINISH_CONFIRM = "Tap “Finish the game” again to end it here; the standings become final."


class KindPlay(PlayBase):
    def __init__(self, session):
        self.confirm_finish = False  # "Finish the game" was tapped once: a second tap finishes it
        super().__init__(session)

    @property
    def open_ended(self) -> bool:
        """No set number of rounds and no target: only the table ends it (a score pad without a target)."""
        return self.game.open_ended

    @property
    def can_finish(self) -> bool:
        return can_finish(self.game)

    @property
    def correcting(self) -> bool:
        """An earlier round is open for a correction."""
        return self.entry is not None and self.entry.correcting

    def _fresh(self):
        current = self.game.current
        return None if current is None else kind_ui(self.game).entry(self.game, current)

    def _step(self) -> int | None:
        entry = self.paused if self.correcting else self.entry
        return entry.index if entry else None

    def _restored_text(self, entry) -> str:
        return f"What was entered of {entry.noun.lower()} {entry.index + 1} before is still here: carry on."

    def _tapped(self) -> None:
        super()._tapped()
        self.confirm_finish = False
        if self.info == FINISH_CONFIRM:
            self.info = None

    def tapped(self) -> None:
        """Any tap in the entry: a pending "end the game" question is dropped, a refusal too."""
        self._tapped()
        self.message = None

    def keep_taps(self, before: dict[str, Any]) -> bool:
        """Store the round's taps before the screen shows them. `before` is entry.snapshot() from
        before the tap: put back when storing fails."""
        return self._keep_taps(lambda: self.entry.put_back(before))

    def _keep_taps(self, take_back) -> bool:
        if self.correcting:
            return True  # a correction is saved or cancelled as a whole: no draft
        return super()._keep_taps(take_back)

    def submit(self, drawn: int | None = None) -> None:
        """`drawn`: the game's version the screen was drawn from (every step says it: see stale())."""
        self.tapped()
        if self.stale(drawn):
            return
        if self.correcting:
            self.save_correction()
            return
        problem = self.entry.problem()
        if problem:
            self.message = problem
            return
        number = self.entry.index + 1
        noun = self.entry.noun
        if self._after(self.session.record(self.entry.action())) and not self.over:
            self.info = f"{noun} {number} saved."

    def finish(self, drawn: int | None = None) -> None:
        """Finish an open-ended game here (storage's can_finish says when it may): two taps, the
        first one asks."""
        asked = self.confirm_finish
        self.tapped()
        if self.stale(drawn):
            return
        if not self.can_finish:
            self.message = "Enter at least one round before finishing the game."
            return
        if not asked:
            self.confirm_finish = True
            self.info = FINISH_CONFIRM
            return
        self._after(self.session.finish(), keep=True)

    # ----- corrections of earlier rounds -----

    def correct(self, index: int) -> None:
        """Open round `index`, already played, for a correction, pre-filled with what was stored (the
        current round keeps its taps meanwhile)."""
        self.tapped()
        self.info = None
        if not 0 <= index < len(played_rounds(self.game)):
            return
        if not self.correcting:
            self.paused = self.entry
        self.entry = kind_ui(self.game).entry.from_stored(self.game, index)
        self.to_top = True

    def correcting_text(self) -> str:
        """What the entry says while an earlier round is open for a correction."""
        entry = self.entry
        return f"Correcting {entry.noun.lower()} {entry.index + 1}: change what was wrong, then save."

    def _resume(self) -> None:
        """Back to the current round, with the taps made on it before the correction."""
        paused, self.paused = self.paused, None
        fresh = self._fresh()
        self.to_top = True
        if paused is not None and fresh is not None and paused.index == fresh.index:
            paused.game = self.game
            self.entry = paused
            if paused.draft() != fresh.draft():
                self._keep_again(paused.draft())  # kept again for the game's new version
        else:
            self.entry = fresh
            self._kept = (self.session.version, fresh.draft()) if fresh is not None else None

    def cancel_correction(self) -> None:
        self._tapped()
        self.info = self.message = None
        self._resume()

    def save_correction(self, drawn: int | None = None) -> None:
        """Record the round again through storage. The engine refuses a correction that breaks later
        rounds: the refusal shows and nothing changes. A finished game is reopened for it and finished
        again when it is still over."""
        self._tapped()
        self.message = None
        if self.stale(drawn):
            return
        entry = self.entry
        problem = entry.problem()
        if problem:
            self.message = problem
            return
        action = entry.action()
        if action == type(entry).from_stored(self.game, entry.index).action():
            self.cancel_correction()  # nothing was changed
            return
        outcome = self.session.correct([action])  # one transaction, whatever the game's status
        if self._after(outcome, keep=True):
            self._resume()
            self.info = f"{entry.noun} {entry.index + 1} corrected; the totals follow."
            return
        message = self.message
        if outcome.stale:
            self._resume()
            self.message = message
        elif entry.index < len(played_rounds(self.game)):  # the correction stays open, on the stored game
            entry.game = self.game

    # ----- other devices -----

    def reload(self) -> None:
        self.session.reload()
        if self.correcting:
            entry = self.entry
            fresh = self._fresh()
            if self.paused is not None and fresh is not None and self.paused.index == fresh.index:
                self.paused.game = self.game
            else:
                self.paused = fresh
            if entry.index < len(played_rounds(self.game)):
                entry.game = self.game  # the correction stays open on the stored game
            else:  # the round was undone elsewhere: nothing left to correct
                self._resume()
            return
        old, self.entry = self.entry, self._fresh()
        if old is not None and self.entry is not None and old.index == self.entry.index:
            self.entry = old  # the same round is still open: keep the taps made here
            old.game = self.game
            if old.draft() != self._fresh().draft():
                self._keep_again(old.draft())


# ----------------------------------------------------------------------------------------------
# The score card of these kinds
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KindStanding:
    place_text: str
    seat: int
    name: str
    score: int
    detail: str  # kind-specific: cards collected, hands gone out, rounds best
    leader: bool


class KindCard:
    """Rounds as rows, players as columns: the points and running totals (and, for WHAT THE HECK?, the
    card each played and who took the point cards)."""

    def __init__(self, game: Any):
        self.game = game

    @property
    def players(self) -> list[str]:
        return self.game.players

    @property
    def head_word(self) -> str:
        return kind_ui(self.game).head_word

    def _played(self) -> list[Any]:
        return played_rounds(self.game)

    def rows(self) -> list[KindRow]:
        """One row per round (hand) played, as the kind's UI module draws it."""
        ui, game = kind_ui(self.game), self.game
        return [ui.score_row(game, played, totals) for played, totals in zip(self._played(), game.running_totals())]

    def totals(self) -> list[int]:
        return self.game.totals()

    def detail(self, seat: int) -> str:
        return kind_ui(self.game).detail(self.game, seat)

    def standings(self) -> list[KindStanding]:
        verdict = outcome(self.game)
        return [KindStanding(place_text, s.seat, s.name, s.score, self.detail(s.seat), s.seat in verdict.leaders)
                for s, place_text in zip(verdict.standings, place_texts(verdict.standings))]

    def leader_line(self) -> str:
        return leader_line(outcome(self.game), f"No {rounds_word(self.game, 1)[2:]} played yet")

    def progress_line(self) -> str:
        game = self.game
        line = f"{outcome(game).progress_text} played"
        target = getattr(game.rules, "target", None)
        if target:
            line += f" · the game ends at {target}"
        return line + kind_ui(game).progress_extra(game)

    def legend(self) -> str:
        return kind_ui(self.game).legend(self.game)


__all__ = ["END_CONFIRM", "FINISH_CONFIRM", "KindCard", "KindPlay", "ordinal"]
