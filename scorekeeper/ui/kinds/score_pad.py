"""The free score pad in the app: points per round, highest or lowest wins, an optional target."""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.rules import score_pad
from scorekeeper.rules.common import plural

from ..viewmodels.kind_entry import PadEntry, card_text, rounds_word, signed_text
from .base import KindCell, KindRow, KindUI, Option, away_cell


class ScorePadUI(KindUI):
    kind = score_pad.KIND
    title = "Score pad"
    presets = score_pad.PRESETS
    offered = ("score-pad",)
    options = (
        Option("highest_wins", "Who wins", "choice", (("high", "Highest total wins"), ("low", "Lowest total wins"))),
        Option("target", "Target score (blank: no target)", "optional-int", blank="no target"),
    )
    entry = PadEntry
    typed_points = True

    def draw_entry(self, screen, entry, drawn, *, title_in_bar):
        from .rounds_drawing import entry_part, pad_entry

        return entry_part(screen, entry, drawn, pad_entry(screen, entry, drawn), title_in_bar)

    def offered_as(self, preset_id: str) -> tuple[str, dict[str, Any]]:
        # The lowest-wins score pad is a preset of its own, offered as the score pad with that option.
        if self.presets.get(preset_id) is self.presets["score-pad-low"]:
            return "score-pad", {"highest_wins": "low"}
        return preset_id, {}

    def option_value(self, rules: Any, name: str) -> Any:
        if name == "highest_wins":
            return "high" if rules.highest_wins else "low"
        return getattr(rules, name)

    def with_changes(self, base: Any, changes: dict[str, Any]) -> Any:
        changes = dict(changes)
        if "highest_wins" in changes:
            low = changes.pop("highest_wins") == "low"
            base = self.presets["score-pad-low"] if low else self.presets["score-pad"]
        return super().with_changes(base, changes)

    def summary_line(self, rules: Any) -> str:
        wins = "highest" if rules.highest_wins else "lowest"
        target = f"the game ends when someone reaches {rules.target}" if rules.target else "no target: finish when you like"
        return f"Rounds of points, {wins} total wins; {target}"

    def score_row(self, game: Any, played: Any, totals: list[int]) -> KindRow:
        scored = [points for seat, points in enumerate(played.points) if seat not in played.absent]
        best = max(scored) if game.highest_wins else min(scored)
        cells = []
        for seat, name in enumerate(game.players):
            if seat in played.absent:
                cells.append(away_cell(game, played, seat, name, totals))
                continue
            points = played.points[seat]
            main = signed_text(points)
            mark = "good" if points == best and len(set(played.points)) > 1 else None
            label = f"Round {played.number}, {name}: {main}, total {card_text(totals[seat])}"
            cells.append(KindCell(seat, main, card_text(totals[seat]), mark, label))
        return KindRow(played.number, str(played.number), f"Round {played.number}", "", tuple(cells))

    def detail(self, game: Any, seat: int) -> str:
        stats = game.stats()[seat]
        return f"best in {stats['rounds_best']} of {rounds_word(game, stats['rounds_played'])}"

    def legend(self, game: Any) -> str:
        wins = "Highest" if game.highest_wins else "Lowest"
        return f"Each cell: the points of the round, and the running total below. Green: best of the round. {wins} total wins."

    def stats_detail(self, counters: Mapping[str, int]) -> str:
        if not counters.get("rounds_played"):
            return ""
        return f"; best in {counters.get('rounds_best', 0)} of {plural(counters['rounds_played'], 'round')}"
