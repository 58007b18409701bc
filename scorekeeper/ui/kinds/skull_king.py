"""Skull King in the app: the family's hand entry (bids at once, then tricks) with the bonus cards each
player captured, counted on the tricks step where the bid lets them score."""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from scorekeeper.i18n import N_, _
from scorekeeper.rules import skull_king

from ..viewmodels.skull_king_entry import SkullKingEntry
from .base import Option
from .bid_tricks import BidTricksUI


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

    def stats_headline(self, counters: Mapping[str, int]) -> list[str]:
        lines = super().stats_headline(counters)
        if counters.get("bonus_points"):
            lines.append(_("Bonus points: {points}", points=counters["bonus_points"]))
        return lines
