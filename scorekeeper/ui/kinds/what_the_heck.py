"""WHAT THE HECK? in the app: the point card turned up, the card each player played, who took the pot."""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.rules import InvalidEntry, what_the_heck
from scorekeeper.rules.common import plural

from ..viewmodels.kind_entry import AuctionEntry, card_text, collected_text
from .base import KindCell, KindRow, KindUI, Option

MOST_CARDS = 60  # a range a table could hold in its hands


class WhatTheHeckUI(KindUI):
    kind = what_the_heck.KIND
    title = "WHAT THE HECK?"
    presets = what_the_heck.PRESETS
    offered = ("what-the-heck",)
    # The deck's ranges are "virtual" options, turned into the card lists by with_changes.
    options = (
        Option("point_low", "Lowest point card (a minus card)", "int"),
        Option("point_high", "Highest point card", "int"),
        Option("player_high", "Player cards: 1 to", "int"),
    )
    head_word = "Point card"
    entry = AuctionEntry

    def draw_entry(self, screen, entry, drawn, *, title_in_bar):
        from .rounds_drawing import entry_part, auction_entry

        return entry_part(screen, entry, drawn, auction_entry(screen, entry, drawn), title_in_bar)
    rule_lines_with_options = (1, 2)  # the deck's two lines, beside the fields that set them

    def option_value(self, rules: Any, name: str) -> Any:
        if name == "point_low":
            return min(rules.point_cards)
        if name == "point_high":
            return max(rules.point_cards)
        if name == "player_high":
            return max(rules.player_cards)
        return getattr(rules, name)

    def with_changes(self, base: Any, changes: dict[str, Any]) -> Any:
        changes = dict(changes)
        if {"point_low", "point_high", "player_high"} & set(changes):
            low = changes.pop("point_low", min(base.point_cards))
            high = changes.pop("point_high", max(base.point_cards))
            top = changes.pop("player_high", max(base.player_cards))
            if low > -1:
                raise InvalidEntry(f"The lowest point card must be a minus card (−1 or lower), not {low}.")
            if high < 1:
                raise InvalidEntry(f"The highest point card must be 1 or more, not {high}.")
            if top < 1:
                raise InvalidEntry(f"Player cards go from 1 to at least 1, not {top}.")
            if high - low > MOST_CARDS or top > MOST_CARDS:
                raise InvalidEntry(f"That is more cards than a table can play: keep the ranges within {MOST_CARDS} cards.")
            changes["point_cards"] = tuple(range(low, 0)) + tuple(range(1, high + 1))
            changes["player_cards"] = tuple(range(1, top + 1))
        return super().with_changes(base, changes)

    def summary_line(self, rules: Any) -> str:
        return f"{rules.rounds} rounds, one per point card ({what_the_heck.cards_text(rules.point_cards)})"

    def describes_itself(self, rules: Any) -> bool:
        return True  # its words name no number a table changes

    def score_row(self, game: Any, played: Any, totals: list[int]) -> KindRow:
        cells = []
        for seat, name in enumerate(game.players):
            card = played.played[seat]
            took = played.taker == seat
            tied = seat in played.cancelled
            sub = f"+{played.value}" if took and played.value >= 0 else (card_text(played.value) if took else "")
            label = (f"Round {played.number}, {name}: played {card_text(card)}"
                     + (f", took {card_text(played.value)}" if took else ", tied" if tied else "")
                     + f", total {card_text(totals[seat])}")
            cells.append(KindCell(seat, card_text(card), sub, "good" if took else ("bad" if tied else None), label))
        pot = ", ".join(card_text(c) for c in played.pot)
        note = {"taken": "", "carried": "carried", "nobody": "nobody"}[played.outcome]
        if played.outcome == "taken" and len(played.pot) > 1:  # the carried cards went with it
            note = f"for {card_text(played.value)}"
        return KindRow(played.number, card_text(played.point_card),
                       f"Round {played.number}: point card {card_text(played.point_card)}"
                       + (f" (for {pot})" if len(played.pot) > 1 else ""), note, tuple(cells))

    def detail(self, game: Any, seat: int) -> str:
        return collected_text(game, seat)

    def progress_extra(self, game: Any) -> str:
        carried = game.carried_over()
        return f" · carried over: {', '.join(card_text(c) for c in carried)}" if carried else ""

    def legend(self, game: Any) -> str:
        return ("Each row: the point card turned up, then the card each player played; green took the point "
                "cards (their worth below), red tied and cancelled out.")

    def stats_detail(self, counters: Mapping[str, int]) -> str:
        if not counters.get("rounds_played"):
            return ""
        return (f"; took {counters.get('rounds_taken', 0)} of {plural(counters['rounds_played'], 'round')}, "
                f"{plural(counters.get('minus_cards_taken', 0), 'minus card')}")
