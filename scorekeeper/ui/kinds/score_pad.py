"""The free score pad in the app: points per round, highest or lowest wins, an optional target."""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.i18n import N_, _, _n
from scorekeeper.rules import score_pad
from scorekeeper.rules.common import signed
from scorekeeper.rules.sheet import SheetRow

from ..viewmodels.pad_entry import PadEntry
from ..viewmodels.texts import card_text
from .base import CardCell, CardRow, KindUI, Option, Shown, away_cell


class ScorePadUI(KindUI):
    kind = score_pad.KIND
    ends_at_target = True
    title = Shown(N_("Score pad"))
    presets = score_pad.PRESETS
    offered = ("score-pad",)
    options = (
        Option("highest_wins", N_("Who wins"), "choice",
               (("high", N_("Highest total wins")), ("low", N_("Lowest total wins")))),
        Option("target", N_("Target score"), "optional-int", blank=N_("no target")),
    )
    entry = PadEntry
    typed_points = True

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
        if rules.highest_wins:
            if rules.target:
                return _("Rounds of points, highest total wins; the game ends when someone reaches {target}",
                         target=rules.target)
            return _("Rounds of points, highest total wins; no target: finish when you like")
        if rules.target:
            return _("Rounds of points, lowest total wins; the game ends when someone reaches {target}",
                     target=rules.target)
        return _("Rounds of points, lowest total wins; no target: finish when you like")

    def score_row(self, game: Any, row: SheetRow) -> CardRow:
        played, totals = row.step, row.totals
        scored = [points for seat, points in enumerate(played.points) if seat not in played.absent]
        best = max(scored) if game.highest_wins else min(scored)
        cells = []
        for seat, name in enumerate(game.players):
            if seat in played.absent:
                cells.append(away_cell(game, played.number - 1, seat, name, totals[seat]))
                continue
            points = played.points[seat]
            main = signed(points)
            mark = "good" if points == best and len(set(played.points)) > 1 else None
            label = _("Round {number}, {name}: {points}, total {total}", number=played.number, name=name, points=main,
                      total=card_text(totals[seat]))
            cells.append(CardCell(seat, main, card_text(totals[seat]), mark, label))
        return CardRow(played.number - 1, str(played.number), "", _("Round {number}", number=played.number), tuple(cells))

    def detail(self, game: Any, seat: int) -> str:
        stats = game.stats()[seat]
        return _n("best in {best} of {count} round", "best in {best} of {count} rounds", stats["rounds_played"],
                  best=stats["rounds_best"])

    def legend(self, game: Any) -> str:
        if game.highest_wins:
            return _("Each cell: the points of the round, and the running total below. Green: best of the round. "
                     "Highest total wins.")
        return _("Each cell: the points of the round, and the running total below. Green: best of the round. "
                 "Lowest total wins.")

    def stats_detail(self, counters: Mapping[str, int]) -> str:
        if not counters.get("rounds_played"):
            return ""
        return "; " + _n("best in {best} of {count} round", "best in {best} of {count} rounds",
                         counters["rounds_played"], best=counters.get("rounds_best", 0))
