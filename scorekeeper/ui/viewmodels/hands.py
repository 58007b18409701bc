"""The hands still to come, as the table changes them mid-game (rules: Game.change_hands): a hand
inserted, skipped or resized, the game stopped after a hand, another round after the last. Nothing
already entered changes; the engine checks the deck's limit when it is recorded."""
from __future__ import annotations

from typing import Any

from scorekeeper.i18n import _, _n


class HandsForm:
    def __init__(self, game: Any):
        self.game = game
        # The first hand with nothing entered (the current one once its bids are in: the next)
        self.start = game.first_unentered()
        self.sizes: list[int] = [hand.cards for hand in game.hands[self.start:]]
        self.playing = len(game.seated(self.start))  # the players at the table for those hands
        self.limit = game.most_cards(self.start)

    @property
    def changed(self) -> bool:
        return self.sizes != [hand.cards for hand in self.game.hands[self.start:]]

    def number(self, position: int) -> int:
        """The hand number the `position`-th hand to come will have."""
        return self.start + position + 1

    def resize(self, position: int, by: int) -> None:
        self.sizes[position] = min(self.limit, max(1, self.sizes[position] + by))

    def remove(self, position: int) -> None:
        del self.sizes[position]

    def insert(self, position: int) -> None:
        """A hand of the same size before the `position`-th (at the end when past it)."""
        size = self.sizes[position] if position < len(self.sizes) else (self.sizes[-1] if self.sizes else 1)
        self.sizes.insert(position, size)

    def stop(self) -> None:
        """No hand after the ones entered: the game ends after the hand under way."""
        self.sizes = []

    def another_round(self) -> None:
        """The rules' whole sequence again, after the last hand."""
        self.sizes += self.game.rules.hand_sizes(len(self.game.players))

    def action(self) -> dict[str, Any]:
        return {"type": "hands", "from": self.start, "sizes": list(self.sizes)}

    def stop_note(self) -> str:
        """What stopping after the hand under way gives, beside its button, against ending the game now:
        the two ways to end early give two results (issue 38)."""
        return _("Stop after hand {number}: the game is over after it, as after its last hand: a winner, the awards "
                 "and the statistics. “End the game now” (the game's menu) stops at once instead, with no winner.",
                 number=self.start)

    def summary(self) -> str:
        """What the game will be: 'Hands 3 to 15: 6, 5, 4, ...' or 'The game ends after hand 2'."""
        if not self.sizes:
            return (_("The game ends after hand {number}.", number=self.start) if self.start
                    else _("A game needs at least one hand."))
        last = self.start + len(self.sizes)
        sizes = ", ".join(map(str, self.sizes))
        if len(self.sizes) == 1:
            return _n("Hand {number}: {sizes} cards; {count} hand in all.",
                      "Hand {number}: {sizes} cards; {count} hands in all.", last, number=last, sizes=sizes)
        return _n("Hands {first} to {last}: {sizes} cards; {count} hand in all.",
                  "Hands {first} to {last}: {sizes} cards; {count} hands in all.", last, first=self.start + 1,
                  last=last, sizes=sizes)
