"""The one base of every entry view model: what the play view model (play.GamePlay) asks of the entry of
one step of any kind of game: the bids or tricks of a hand (hand_entry.HandEntry), a round of points
(pad_entry.PadEntry), ... Each kind's UI module names its entry class (KindUI.entry); the play view
model never asks which kind it is. A kind's entry overrides what it must (NotImplementedError here)
and keeps the defaults it needs no other way of."""
from __future__ import annotations

from typing import Any, ClassVar


class Entry:
    noun: str  # "Hand" or "Round": what one step of the game is called
    index: int  # the hand or round it enters
    correcting: bool  # an earlier hand or round opened again: saved or cancelled as a whole
    game: Any

    @classmethod
    def from_stored(cls, game: Any, index: int) -> "Entry":  # i18n: not shown
        """Hand or round `index`, already entered, opened for a correction, filled in as stored."""
        raise NotImplementedError

    @staticmethod
    def correctable(game: Any, index: int) -> bool:
        """Is hand or round `index` entered already (so it can be opened for a correction)?"""
        raise NotImplementedError

    @property
    def players(self) -> list[str]:
        """The names, in seat order."""
        raise NotImplementedError

    def title(self) -> str:
        """What the step is called on screen: "Hand 3 of 15", "Round 2"."""
        raise NotImplementedError

    def problem(self) -> str | None:
        """Why the step can't be entered as tapped (None: it can)."""
        raise NotImplementedError

    def action(self) -> dict[str, Any]:
        """The stored entry of the step as tapped."""
        raise NotImplementedError

    def correction_actions(self) -> list[dict[str, Any]]:
        """What a correction stores (nothing when nothing was changed)."""
        raise NotImplementedError

    def draft(self) -> dict[str, Any]:
        """The taps of the step, as kept until it is entered: {"step": ..., "taps": {part: value}}."""
        raise NotImplementedError

    def restore(self, draft: Any) -> bool:
        """Take the taps of a kept draft of this very step; True when some tap shows now."""
        raise NotImplementedError

    def refill(self, undone: Any) -> bool:
        """An entry of this step just undone comes back as its taps; True when it did."""
        raise NotImplementedError

    def snapshot(self) -> Any:
        """The taps as they are, to put back when storing a tap fails."""
        raise NotImplementedError

    def put_back(self, snapshot: Any) -> None:
        """The taps as `snapshot` had them."""
        raise NotImplementedError

    def take_taps(self, other: "Entry") -> None:  # i18n: not shown
        """The taps of `other`, the same step on an older game."""
        raise NotImplementedError

    def restored_text(self) -> str:
        """The news that taps kept earlier are on this step again."""
        raise NotImplementedError

    def enters_on(self, step: Any) -> str | None:
        """After the tap `step` (a method of this entry) was kept: when it completes the step so plainly
        that the step is entered at once, without its button (the last bid of a hand: nothing else is
        left to decide, and Undo brings the bids back to change), what to say then; else None."""
        raise NotImplementedError

    def saved_text(self) -> str | None:
        """The news once the step is entered (None: the next step says enough)."""
        raise NotImplementedError

    # What only some kinds have, with the answer for those that don't.
    part_names: ClassVar[dict[str, str]] = {}  # the step's parts beside the seats, named for the news of a tap overtaken

    def part_text(self, part: str) -> str | None:
        """A part's words in that news when `part_names` doesn't say (None: the part's seat or name)."""
        return None

    def likely_action(self) -> dict[str, Any] | None:
        """What the step will most likely record, for the next step to be drawn ahead (None: not guessed)."""
        return None

    def header(self) -> Any:
        """What the step shows above its taps (step.Header), or None."""
        return None

    def view(self) -> Any:
        """What the step holds, for ui/drawing/step.py to draw (step.StepView)."""
        raise NotImplementedError
