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

from scorekeeper.i18n import _

from .common import InvalidEntry, excerpt, shown_name

RULES = "rules"


def option_text(value: Any) -> str:
    """A rule's value as said: 5, 'none' (None), 'yes', 'no' (in the reader's language)."""
    if value is None:
        # Translators: a rule's value when it has none, in a line such as "a bid of zero made 5 (was none)".
        return _("none")
    if isinstance(value, bool):
        # Translators: a yes-or-no rule's value, in a line such as "the winner's bonus yes (was no)".
        return _("yes") if value else _("no")
    return str(value)


class ScoringChange:
    # The options a table may change mid-game, with their words ("a bid of zero made", marked N_: translated
    # where shown); none: it can't.
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
            raise InvalidEntry(_("{game}'s scoring can't change mid-game.", game=shown_name(self.rules.name)))
        if not isinstance(changes, Mapping) or not changes:
            raise InvalidEntry(_("Say which scoring rules change, for example {example}.",
                                 example=f'{{"{self.SCORING[0]}": 5}}'))
        unknown = sorted(str(name) for name in changes if name not in self.SCORING)
        if unknown:
            raise InvalidEntry(_("Only the scoring can change mid-game ({options}), not {names}.",
                                 options=", ".join(self.SCORING), names=excerpt(", ".join(unknown), as_text=True)))
        was = {name: getattr(self.rules, name) for name in changes}
        if all(was[name] == value for name, value in changes.items()):
            raise InvalidEntry(_("These are the rules already: nothing to change."))
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
        """'After hand 4: a bid of zero made 5 (was none); every hand rescored' (in the reader's language)."""
        lines = []
        hands = self.unit == "hand"
        for played, was, now in self.rule_changes:
            # Translators: one rule changed mid-game: {option} is its words ("a bid of zero made"), then its new
            # and its old value: "a bid of zero made 5 (was none)".
            changes = "; ".join(_("{option} {value} (was {old})", option=_(self.SCORING_WORDS[name]),
                                  value=self._value_text(now[name]), old=self._value_text(was[name]))
                                for name in now if was[name] != now[name])  # (SCORING_WORDS: N_ constants)
            if played and self.rescores:
                line = (_("After hand {number}: {changes}; every hand rescored", number=played, changes=changes) if hands
                        else _("After round {number}: {changes}; every round rescored", number=played, changes=changes))
            elif played:
                line = (_("After hand {number}: {changes}", number=played, changes=changes) if hands
                        else _("After round {number}: {changes}", number=played, changes=changes))
            elif self.rescores:
                line = (_("Before the first hand: {changes}; every hand rescored", changes=changes) if hands
                        else _("Before the first round: {changes}; every round rescored", changes=changes))
            else:
                line = (_("Before the first hand: {changes}", changes=changes) if hands
                        else _("Before the first round: {changes}", changes=changes))
            lines.append(line)
        return lines
