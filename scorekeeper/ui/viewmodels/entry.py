"""What the play view model (play.GamePlay) asks of the entry of one step of any kind of game: the
bids or tricks of a hand (hand_entry.HandEntry), a round of points (kind_entry.PadEntry), ... Each kind's
UI module names its entry class (KindUI.entry); the play view model never asks which kind it is."""
from __future__ import annotations

from typing import Any, Protocol


class Entry(Protocol):
    noun: str  # "Hand" or "Round": what one step of the game is called
    index: int  # the hand or round it enters
    correcting: bool  # an earlier hand or round opened again: saved or cancelled as a whole
    game: Any

    @classmethod
    def from_stored(cls, game: Any, index: int) -> "Entry":  # i18n: not shown
        """Hand or round `index`, already entered, opened for a correction, filled in as stored."""

    @staticmethod
    def correctable(game: Any, index: int) -> bool:
        """Is hand or round `index` entered already (so it can be opened for a correction)?"""

    @property
    def players(self) -> list[str]:
        """The names, in seat order."""

    def title(self) -> str:
        """What the step is called on screen: "Hand 3 of 15", "Round 2"."""

    def problem(self) -> str | None:
        """Why the step can't be entered as tapped (None: it can)."""

    def action(self) -> dict[str, Any]:
        """The stored entry of the step as tapped."""

    def correction_actions(self) -> list[dict[str, Any]]:
        """What a correction stores (nothing when nothing was changed)."""

    def draft(self) -> dict[str, Any]:
        """The taps of the step, as kept until it is entered: {"step": ..., "taps": {part: value}}."""

    def restore(self, draft: Any) -> bool:
        """Take the taps of a kept draft of this very step; True when some tap shows now."""

    def refill(self, undone: Any) -> bool:
        """An entry of this step just undone comes back as its taps; True when it did."""

    def snapshot(self) -> Any:
        """The taps as they are, to put back when storing a tap fails."""

    def put_back(self, snapshot: Any) -> None:
        """The taps as `snapshot` had them."""

    def take_taps(self, other: "Entry") -> None:  # i18n: not shown
        """The taps of `other`, the same step on an older game."""

    def restored_text(self) -> str:
        """The news that taps kept earlier are on this step again."""

    def enters_on(self, step: Any) -> str | None:
        """After the tap `step` (a method of this entry) was kept: when it completes the step so plainly
        that the step is entered at once, without its button (the last bid of a hand: nothing else is
        left to decide, and Undo brings the bids back to change), what to say then; else None."""

    def saved_text(self) -> str | None:
        """The news once the step is entered (None: the next step says enough)."""
