"""The table changes its scoring mid-game: {"type": "rules", "changes": {...}} replaces some of the
game's rules (only those its kind lists in SCORING: what was dealt, bid and played stays as it was) and
everything is worked out again by the new ones. The rules a game started with stay its rules
(`rules_at_start`): the change is one of its entries, undone and replayed like any other.

A kind's Game mixes in `ScoringChange`, calls `_init_scoring_change(rules)` when built, routes RULES
entries to `change_scoring`, and says what follows a change in `_scoring_changed` (the Oh Heck family
scores every hand again; a game played to a target checks it doesn't end before rounds recorded).
"""
from __future__ import annotations

import copy
from typing import Any, ClassVar, Mapping

from .common import InvalidEntry, excerpt

RULES = "rules"


def option_text(value: Any) -> str:
    """A rule's value as said: 5, 'none' (None), 'yes', 'no'."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


class ScoringChange:
    # The options a table may change mid-game, with their words ("a bid of zero made"); none: it can't.
    SCORING: ClassVar[tuple[str, ...]] = ()
    SCORING_WORDS: ClassVar[dict[str, str]] = {}
    rescores: ClassVar[bool] = True  # the points of what was played change ("every hand rescored")

    rules: Any
    unit: str

    def _init_scoring_change(self, rules: Any) -> None:
        self.rules_at_start = rules  # (a change replaces self.rules: the entries keep it)
        self.rule_changes: list[tuple[int, dict[str, Any], dict[str, Any]]] = []  # (played, was, now)

    def _scoring_changed(self) -> None:
        """What follows the new rules; raise InvalidEntry to refuse them (the old ones come back)."""

    def change_scoring(self, changes: Any) -> None:
        """Replace the SCORING options named in `changes` and work the game out again by them."""
        if not self.SCORING:
            raise InvalidEntry(f"{self.rules.name}'s scoring can't change mid-game.")
        if not isinstance(changes, Mapping) or not changes:
            raise InvalidEntry(f"Say which scoring rules change, for example {{\"{self.SCORING[0]}\": 5}}.")
        unknown = sorted(str(name) for name in changes if name not in self.SCORING)
        if unknown:
            raise InvalidEntry(f"Only the scoring can change mid-game ({', '.join(self.SCORING)}), not "
                               f"{excerpt(', '.join(unknown), as_text=True)}.")
        was = {name: getattr(self.rules, name) for name in changes}
        if all(was[name] == value for name, value in changes.items()):
            raise InvalidEntry("These are the rules already: nothing to change.")
        before = self.rules
        self.rules = type(before).from_dict({**before.to_dict(), **changes})  # every option checked as on setup
        try:
            self._scoring_changed()
        except InvalidEntry:
            self.rules = before
            self._scoring_changed()
            raise
        self.rule_changes.append((self.progress()[0], was, dict(changes)))  # type: ignore[attr-defined]

    def rescored(self, changes: Mapping[str, Any]) -> tuple[list[int], list[int], str]:
        """(the totals now, the totals by the changed rules, what changes in words), the game itself
        unchanged: what the table sees before it confirms. InvalidEntry when the change can't be made."""
        trial = copy.deepcopy(self)
        trial.change_scoring(changes)
        return self.totals(), trial.totals(), trial.rule_change_lines()[-1]  # type: ignore[attr-defined]

    def _value_text(self, value: Any) -> str:
        return option_text(value)

    def rule_change_lines(self) -> list[str]:
        """'After hand 4: a bid of zero made 5 (was none); every hand rescored'."""
        lines = []
        for played, was, now in self.rule_changes:
            parts = [f"{self.SCORING_WORDS[name]} {self._value_text(now[name])} (was {self._value_text(was[name])})"
                     for name in now if was[name] != now[name]]
            when = f"After {self.unit} {played}" if played else f"Before the first {self.unit}"
            rescored = f"; every {self.unit} rescored" if self.rescores else ""
            lines.append(f"{when}: {'; '.join(parts)}{rescored}")
        return lines
