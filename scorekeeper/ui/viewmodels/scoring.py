"""The table changes its scoring mid-game (the zero bid's value, the points per trick...): the form shows
every player's total now and once every hand is rescored, and nothing changes until the score keeper
confirms. The engine checks and rescores (oh_heck.Game.change_scoring, rescored); the entries already
made stay as they were."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _
from scorekeeper.rules import InvalidEntry
from scorekeeper.rules.common import signed

from ..kinds import kind_ui
from .texts import card_text
from .typed import typed_number


@dataclass(frozen=True)
class Rescored:
    name: str
    now: str  # the total now: "41"
    then: str  # once rescored: "56"
    change: str  # "+15", "0"


class ScoringForm:
    def __init__(self, game: Any):
        self.game = game
        # The options the kind lets a table change mid-game, as New game names them.
        self.options = tuple(option for option in kind_ui(game.kind).options if option.name in game.SCORING)
        self.texts: dict[str, str] = {}  # what was typed in each number field, by option
        self.flags: dict[str, bool] = {}  # the yes/no options switched
        self.problem: str | None = None
        self.said = ""  # what the change comes to, in the engine's words (with the preview)

    @property
    def rescores(self) -> bool:
        """The points of what was played change (the Oh Heck family), or only the game's end (a target)."""
        return self.game.rescores

    def value_text(self, name: str) -> str:
        """The field's text: as typed, or the rule as it stands ('' for a zero bid scored as any made bid)."""
        if name in self.texts:
            return self.texts[name]
        value = getattr(self.game.rules, name)
        return "" if value is None else str(value)

    def flag(self, name: str) -> bool:
        return self.flags.get(name, bool(getattr(self.game.rules, name)))

    def changes(self) -> dict[str, Any]:
        """The options that differ from the rules now; InvalidEntry for a field that is not a number."""
        changes: dict[str, Any] = {}
        for option in self.options:
            name, rules_value = option.name, getattr(self.game.rules, option.name)
            if option.kind == "bool":
                value: Any = self.flag(name)
            elif option.kind == "optional-int" and not self.value_text(name).strip():
                value = None
            else:
                refusal = (_("{option}: type a whole number (or leave it blank: {blank})", option=option.label,
                             blank=option.blank) if option.kind == "optional-int"
                           else _("{option}: type a whole number", option=option.label))
                value = typed_number(self.value_text(name), refusal)
            if value != rules_value:
                changes[name] = value
        return changes

    def preview(self) -> list[Rescored]:
        """Each player's total now and once rescored (the engine's figures); [] when nothing changes or
        the change can't be made (`problem` says why)."""
        self.problem, self.said = None, ""
        try:
            changes = self.changes()
            if not changes:
                return []
            now, then, self.said = self.game.rescored(changes)
        except InvalidEntry as refused:
            self.problem = str(refused)
            return []
        return [Rescored(name, card_text(before), card_text(after), signed(after - before))
                for name, before, after in zip(self.game.players, now, then)]

    def action(self) -> dict[str, Any]:
        return {"type": "rules", "changes": self.changes()}
