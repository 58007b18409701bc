"""Skull King in the app: the family's hand entry (bids at once, then tricks) with the bonus cards each
player captured, counted on the tricks step where the bid lets them score."""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

import flet as ft

from scorekeeper.i18n import N_, _, _n
from scorekeeper.rules import signed, skull_king

from .. import theme as t
from ..viewmodels.drafts import draft_of, taps_of
from ..viewmodels.hand_entry import HandEntry
from ..widgets import ident, icon_button
from .base import Option
from .bid_tricks import BidTricksUI


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


class SkullKingUI(BidTricksUI):
    kind = skull_king.KIND
    title = "Skull King"  # i18n: not shown (a game's proper name, the same in every language)
    presets = skull_king.PRESETS
    offered = ("skull-king",)
    options = (Option("scoring", N_("Scoring"), "choice", tuple(skull_king.SCORINGS.items())),)
    entry = SkullKingEntry

    def offered_as(self, preset_id: str) -> tuple[str, dict[str, Any]]:
        rules = self.presets[preset_id]
        return "skull-king", {"scoring": rules.scoring}

    def with_changes(self, base: Any, changes: dict[str, Any]) -> Any:
        """The table's changes, named as the preset they make when they make one (Rascal's scoring)."""
        rules = super().with_changes(base, changes)
        for preset in self.presets.values():
            if dataclasses.replace(rules, id=preset.id, name=preset.name, description=preset.description) == preset:
                return preset
        return rules

    def draw_entry(self, screen, entry, drawn, *, title_in_bar):
        controls = super().draw_entry(screen, entry, drawn, title_in_bar=title_in_bar)
        if entry.phase != "bids" and entry.bonus_rows():
            controls.append(screen.for_version(drawn, "bonuses", _bonuses(screen, entry, drawn)))
        return controls

    def stats_headline(self, counters: Mapping[str, int]) -> list[str]:
        lines = super().stats_headline(counters)
        if counters.get("bonus_points"):
            lines.append(_("Bonus points: {points}", points=counters["bonus_points"]))
        return lines


def _bonuses(screen, entry: SkullKingEntry, drawn: int) -> ft.Control:
    """One line: a button per player whose bonuses can score (their bonus so far on it); a tap opens
    that player's counters below, so a phone keeps the rows and Hand done in view until a bonus is counted."""
    # Translators: the heading of a line of buttons, one per player, each opening that player's bonus counters
    pills: list[ft.Control] = [ft.Text(_("Bonus"), size=t.BODY, weight=ft.FontWeight.BOLD)]
    opened = None
    for seat, name, points, counts in entry.bonus_rows():
        shown = entry.bonus_open == seat
        if shown:
            opened = (seat, name, counts)
        said = (_("{name}'s bonus: {points}", name=name, points=signed(points)) if points
                else _("{name}: no bonus yet", name=name))
        pills.append(ident(f"bonus-{name}", ft.Container(
            content=ft.Row([
                ft.Text(f"{name} {signed(points)}" if points else name, size=t.BODY, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if shown else None, semantics_label=said),
                ft.Icon(ft.Icons.EXPAND_LESS if shown else ft.Icons.ADD, size=18,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if shown else ft.Colors.ON_SURFACE_VARIANT,
                        semantics_label=(_("hide {name}'s bonuses", name=name) if shown
                                         else _("count {name}'s bonuses", name=name))),
            ], spacing=4, tight=True),
            height=t.TOUCH - 4, padding=ft.Padding.symmetric(horizontal=12), border_radius=12, ink=True,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if shown else ft.Colors.SURFACE_CONTAINER_HIGH,
            border=ft.Border.all(1, ft.Colors.TERTIARY if points else ft.Colors.OUTLINE_VARIANT),
            on_click=screen.app.act(lambda _e=None, s=seat: screen.tap(drawn, screen.entry.open_bonus, s)))))
    items: list[ft.Control] = [ft.Row(pills, wrap=True, spacing=6, run_spacing=6,
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if opened is not None:
        seat, name, counts = opened
        items += [_counter(screen, drawn, seat, name, bonus, count, more) for bonus, count, more in counts]
    return ft.Column(items, spacing=4)


def _counter(screen, drawn: int, seat: int, name: str, bonus, count: int, more: bool) -> ft.Control:
    def change(by: int):
        return screen.app.act(lambda _e=None: screen.tap(drawn, screen.entry.tap_bonus, seat, bonus.key, by))

    return ft.Container(content=ft.Row([
        ft.Text(f"{bonus.name} (+{bonus.points})", size=t.BODY, expand=True),
        icon_button(ft.Icons.REMOVE, bonus.one_fewer(name), change(-1),
                    disabled=count == 0),
        ft.Text(str(count), size=t.BODY + 3, weight=ft.FontWeight.BOLD, width=28, text_align=ft.TextAlign.CENTER,
                semantics_label=_("{name}: {count} × {bonus}", name=name, count=count, bonus=bonus.said)),
        icon_button(ft.Icons.ADD, bonus.one_more(name), change(1),
                    disabled=not more),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=2), padding=ft.Padding.only(left=16))
