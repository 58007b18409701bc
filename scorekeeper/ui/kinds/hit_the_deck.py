"""HIT THE DECK in the app: who went out, the cards left counted or typed, the lowest total wins."""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.rules import hit_the_deck
from scorekeeper.rules.common import plural

from ..viewmodels.kind_entry import DeckEntry, card_text, rounds_word
from .base import KindCell, KindRow, KindUI, Option, away_cell


class HitTheDeckUI(KindUI):
    kind = hit_the_deck.KIND
    title = "HIT THE DECK"
    presets = hit_the_deck.PRESETS
    offered = ("hit-the-deck",)
    options = (Option("target", "The game ends at (points)", "int"),)
    head_word = "Hand"
    entry = DeckEntry
    typed_points = True

    def draw_entry(self, screen, entry, drawn, *, title_in_bar):
        from .rounds_drawing import entry_part, deck_entry

        return entry_part(screen, entry, drawn, deck_entry(screen, entry, drawn), title_in_bar)

    def summary_line(self, rules: Any) -> str:
        return f"Hands until someone reaches {rules.target}; lowest total wins"

    def score_row(self, game: Any, played: Any, totals: list[int]) -> KindRow:
        cells = []
        for seat, name in enumerate(game.players):
            if seat in played.absent:
                cells.append(away_cell(game, played, seat, name, totals))
                continue
            points = played.points[seat]
            out = played.out == seat
            count = played.counts[seat]
            label = (f"Hand {played.number}, {name}: " + ("went out, 0" if out else (count.text if count else f"{points}"))
                     + f", total {card_text(totals[seat])}")
            cells.append(KindCell(seat, "out" if out else str(points), card_text(totals[seat]), "good" if out else None,
                                  label))
        return KindRow(played.number, str(played.number), f"Hand {played.number}", f"{game.players[played.out]} out",
                       tuple(cells))

    def detail(self, game: Any, seat: int) -> str:
        stats = game.stats()[seat]
        return f"went out in {stats['hands_gone_out']} of {rounds_word(game, stats['hands_played'])}"

    def legend(self, game: Any) -> str:
        return "Each cell: the points left in hand, and the running total below. Green: went out. Lowest total wins."

    def stats_detail(self, counters: Mapping[str, int]) -> str:
        if not counters.get("hands_played"):
            return ""
        return (f"; went out in {counters.get('hands_gone_out', 0)} of {plural(counters['hands_played'], 'hand')}, "
                f"{counters.get('penalty_points', 0) / counters['hands_played']:.1f} points a hand")
