"""A hand of Skull King as the score keeper enters it: the family's hand entry (bids at once, then the
tricks) with the bonus cards each player captured, counted on the tricks step where the bid lets them
score (rules.skull_king decides which count, and what they are worth)."""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from scorekeeper.i18n import _, _n
from scorekeeper.rules import signed, skull_king

from .drafts import draft_of, taps_of
from .hand_entry import HandEntry
from .step import Button, Chips, Choice, Counter, Icon, Section, StepView, Tap


class SkullKingEntry(HandEntry):
    """A hand of Skull King: the bids, then the tricks with each player's captures (bonus cards)."""

    def __init__(self, game, index: int, *, correcting: bool = False):
        super().__init__(game, index, correcting=correcting)
        stored = self.hand.bonuses
        self.captures: list[dict[str, int]] = [dict(c) for c in stored] if stored else [{} for _seat in game.players]
        self.bonus_open: int | None = None  # the seat whose counters are shown

    def trump_line(self) -> str:
        return _("Trump: black (Jolly Roger)")

    # ----- the captures -----

    def counts(self, seat: int) -> bool:
        """Do this seat's captures score now (tricks entered, bid made or, Rascal's, one trick off)?"""
        bid, took = self.bids[seat], self.entered_tricks()[seat]
        return bid is not None and took is not None and self.game.rules.bonus_counts(bid, took)

    def took(self, seat: int) -> int:
        return self.entered_tricks()[seat] or 0

    def bonus_of(self, seat: int) -> int:
        if not self.counts(seat):
            return 0
        return self.game.rules.bonus_score(self.bids[seat], self.took(seat), self.captures[seat])

    def open_bonus(self, seat: int) -> None:
        self.bonus_open = None if self.bonus_open == seat else seat

    def tap_bonus(self, seat: int, key: str, change: int) -> str | None:
        """One more (change=1) or one fewer (-1) of a capture. Returns why it is refused, or None."""
        bonus = skull_king.BONUS_BY_KEY[key]
        if not self.counts(seat):  # (the rules' bonus_rule() in whole sentences)
            if self.game.rules.scoring == "rascal":
                return _("{name}'s bonuses count only on a direct hit or a glancing blow.", name=self.players[seat])
            return _("{name}'s bonuses count only on a made bid.", name=self.players[seat])
        count = self.captures[seat].get(key, 0) + change
        if count < 0:
            return None
        if bonus.capture and change > 0 and not self.took(seat):
            return _("{name} took no trick, so captured no card.", name=self.players[seat])
        if count > bonus.most:
            return _n("The deck has one: {bonus} can't be more.", "The deck has {count}: {bonus} can't be more.",
                      bonus.most, bonus=bonus.said)
        if count:
            self.captures[seat][key] = count
        else:
            self.captures[seat].pop(key, None)
        return None

    def bonus_rows(self) -> list[tuple[int, str, int, list[tuple[skull_king.Bonus, int, bool]]]]:
        """(seat, name, bonus points, [(bonus, count, can add one)]) of each player whose bonuses can score."""
        return [(seat, self.players[seat], self.bonus_of(seat),
                 [(bonus, self.captures[seat].get(bonus.key, 0),
                   self.captures[seat].get(bonus.key, 0) < bonus.most and (self.took(seat) > 0 or not bonus.capture))
                  for bonus in skull_king.BONUSES])
                for seat in self.order if self.counts(seat)]

    def _stored_captures(self) -> list[dict[str, int]]:
        return [dict(self.captures[seat]) if self.counts(seat) else {} for seat in range(len(self.players))]

    # ----- what the family's entry does, with the captures -----

    def hand_points(self, seat: int, bid: int, took: int) -> int:
        return self.game.rules.points(bid, took, self.hand.cards, self.captures[seat])

    def tricks_action(self) -> dict[str, Any]:
        action = super().tricks_action()
        captures = self._stored_captures()
        if any(captures):
            action["bonuses"] = captures
        return action

    def correction_actions(self) -> list[dict[str, Any]]:
        actions = super().correction_actions()
        stored = [dict(c) for c in self.hand.bonuses] if self.hand.bonuses else [{} for _seat in self.players]
        if self.hand.tricks is not None and not any(a["type"] == "tricks" for a in actions) \
                and self._stored_captures() != stored:
            actions.append(self.tricks_action())
        return actions

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "captures": [dict(c) for c in self.captures], "bonus_open": self.bonus_open}

    def put_back(self, snapshot: dict[str, Any]) -> None:
        super().put_back(snapshot)
        self.captures = [dict(c) for c in snapshot["captures"]]
        self.bonus_open = snapshot["bonus_open"]

    def take_taps(self, other: HandEntry) -> None:
        super().take_taps(other)
        self.captures = [dict(c) for c in getattr(other, "captures", self.captures)]

    def _capture_parts(self) -> tuple[str, ...]:
        return tuple(f"bonus-{seat}" for seat in range(len(self.players)))

    def draft(self) -> dict[str, Any]:
        if self.phase != "tricks":
            return super().draft()
        # Every seat's bonus part, none too: a bonus taken back to none is a tap to keep (and to undo)
        return draft_of([self.index, self.phase], self.tricks,
                        **{f"bonus-{seat}": dict(c) for seat, c in enumerate(self.captures)})

    def part_text(self, part: str) -> str | None:
        """A draft part in words, for GamePlay's news ("Ann's bonus"); None for a seat's tricks."""
        seat = part.removeprefix("bonus-")
        if part.startswith("bonus-") and seat.isdecimal() and int(seat) < len(self.players):
            # Translators: a player's bonus cards of the hand (Skull King), in news such as "Tap taken back: Ann's bonus."
            return _("{name}'s bonus", name=self.players[int(seat)])
        return None

    def restore(self, draft: Any) -> bool:
        if self.correcting or self.phase != "tricks":
            return super().restore(draft)
        taps = taps_of(draft, [self.index, self.phase], len(self.players), self._capture_parts())
        if taps is None:
            return False
        seats, named = taps
        if not super().restore({"step": draft["step"], "taps": {str(s): v for s, v in seats.items()}}) and not named:
            return False
        for part, captured in named.items():
            if isinstance(captured, Mapping) and all(
                    key in skull_king.BONUS_BY_KEY and type(n) is int and 0 <= n <= skull_king.BONUS_BY_KEY[key].most
                    for key, n in captured.items()):
                self.captures[int(part.removeprefix("bonus-"))] = dict(captured)
        return True

    def refill(self, undone: Any) -> bool:
        refilled = super().refill(undone)
        if refilled and isinstance(undone.get("bonuses"), list) and len(undone["bonuses"]) == len(self.players):
            self.captures = [dict(c) if isinstance(c, Mapping) else {} for c in undone["bonuses"]]
        return refilled

    # ----- what the step shows: the family's, and the captures' counters -----

    def view(self) -> StepView:
        shown = super().view()
        if self.phase == "bids" or not self.bonus_rows():
            return shown
        return dataclasses.replace(shown, sections=(*shown.sections, self._bonus_view()))

    def _bonus_view(self) -> Section:
        """One line: a pill per player whose bonuses can score (their bonus so far on it); a tap opens that
        player's counters under it, so a phone keeps the rows and Hand done in view until a bonus is counted."""
        pills, counters = [], []
        for seat, name, points, counts in self.bonus_rows():
            opened = self.bonus_open == seat
            said = (_("{name}'s bonus: {points}", name=name, points=signed(points)) if points
                    else _("{name}: no bonus yet", name=name))
            pills.append(Choice(seat, f"{name} {signed(points)}" if points else name, said, Tap("open_bonus", (seat,)),
                                selected=opened, marked=bool(points), identifier=f"bonus-{name}",
                                icon=Icon.HIDE if opened else Icon.ADD,
                                icon_label=(_("hide {name}'s bonuses", name=name) if opened
                                            else _("count {name}'s bonuses", name=name))))
            if not opened:
                continue
            for bonus, count, more in counts:
                counters.append(Counter(
                    f"{bonus.name} (+{bonus.points})", count,
                    _("{name}: {count} × {bonus}", name=name, count=count, bonus=bonus.said),
                    fewer=Button("", bonus.one_fewer(name), Tap("tap_bonus", (seat, bonus.key, -1)), icon=Icon.REMOVE,
                                 disabled=count == 0),
                    more=Button("", bonus.one_more(name), Tap("tap_bonus", (seat, bonus.key, 1)), icon=Icon.ADD,
                                disabled=not more)))
        # Translators: the heading of a line of buttons, one per player, each opening that player's bonus counters
        return Section("bonuses", above=(Chips(tuple(pills), style="bonus", label=_("Bonus")),), below=tuple(counters))
