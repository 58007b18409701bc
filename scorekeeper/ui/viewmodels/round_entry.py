"""What the entry of one round shares across the kinds scored round by round (the score pad,
HIT THE DECK, WHAT THE HECK?): its taps kept and put back, the totals it starts from, a stored
round opened again for a correction. Every number shown comes from the engine."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _, _n
from scorekeeper.rules import InvalidEntry
from scorekeeper.rules.sheet import played_rows

from .entry import Entry


@dataclass(frozen=True)
class Choice:
    """A one-tap chip: its value, what it shows, and its label (naming the player and the value)."""

    value: int
    shown: str
    label: str
    selected: bool = False


class RoundEntry(Entry):
    """What every kind's entry shares: a snapshot of its taps to put back when storing a tap fails,
    and the totals the round starts from (an earlier round opened again for a correction starts from
    the totals before it, not the game's totals now)."""

    correcting = False  # an earlier round opened again (from_stored): saved or cancelled as a whole
    noun = "Round"  # i18n: not shown ("Round" or "Hand": which messages to say)

    @property
    def _round(self) -> bool:
        """Is one step of this entry a round (else a hand)? It picks the messages."""
        return self.noun != "Hand"

    def enters_on(self, step: Any) -> str | None:
        return None  # a round is entered by its button: its numbers are often changed after the last one

    def _totals_before(self) -> list[int]:
        """The engine's running totals before this round (the game's totals for the next round)."""
        if self.index == 0:
            return [0] * len(self.game.players)
        return list(played_rows(self.game)[self.index - 1].totals)

    @classmethod
    def from_stored(cls, game: Any, index: int):
        """Round `index`, already played, opened for a correction: pre-filled with what was stored."""
        entry = cls(game, index)
        entry.correcting = True
        entry._fill(played_rounds(game)[index])
        return entry

    @staticmethod
    def correctable(game: Any, index: int) -> bool:
        return 0 <= index < len(played_rounds(game))

    def correction_actions(self) -> list[dict[str, Any]]:
        """What a correction submits: the round again, or nothing when nothing was changed."""
        action = self.action()
        return [] if action == type(self).from_stored(self.game, self.index).action() else [action]

    problem_shown = False  # the entry itself says what is missing: the screen needn't

    def done_label(self) -> tuple[str, str]:
        """The step's main button: its text and its identifier."""
        if self._round:
            # Translators: the button that enters a round
            return _("Round done"), "round-done"
        # Translators: the button that enters a hand
        return _("Hand done"), "round-done"

    def take_taps(self, other: Any) -> None:
        if len(other.game.players) != len(self.game.players):  # someone joined: the taps don't fit
            return
        self.put_back(other.snapshot())

    @property
    def playing(self) -> set[int]:
        """The seats in this round (rules.roster): a player sitting out, gone or not come yet has no row."""
        return self.game.in_round(self.index)

    def restored_text(self) -> str:
        if self._round:
            return _("What was entered of round {number} before is still here: carry on.", number=self.index + 1)
        return _("What was entered of hand {number} before is still here: carry on.", number=self.index + 1)

    def saved_text(self) -> str | None:
        if self._round:
            return _("Round {number} saved.", number=self.index + 1)
        return _("Hand {number} saved.", number=self.index + 1)

    def _fill(self, played: Any) -> None:
        raise NotImplementedError

    def refill(self, undone: Any) -> bool:
        """This round's entry just undone comes back filled in, to change and enter again (undo takes a
        step back; it doesn't throw the round's values away). True when it did."""
        game = copy.deepcopy(self.game)
        try:
            game.apply(undone)
        except (InvalidEntry, TypeError, ValueError, AttributeError):
            return False
        rounds = played_rounds(game)
        if len(rounds) <= self.index:
            return False
        self._fill(rounds[self.index])
        return True

    def snapshot(self) -> dict[str, Any]:
        return copy.deepcopy({name: value for name, value in vars(self).items() if name != "game"})

    def put_back(self, snapshot: dict[str, Any]) -> None:
        vars(self).update(copy.deepcopy(snapshot))


def played_rounds(game: Any) -> list[Any]:
    """The game's played rounds (HIT THE DECK's hands), as the engine keeps them."""
    return list(game.played_rounds)


def rounds_word(game: Any, count: int) -> str:
    """'3 rounds', '1 hand': a count of the game's steps, in the language in force."""
    if game.unit == "hand":
        return _n("{count} hand", "{count} hands", count)
    return _n("{count} round", "{count} rounds", count)
