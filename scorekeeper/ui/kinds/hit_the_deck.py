"""HIT THE DECK in the app: who went out, the cards left counted or typed, the lowest total wins."""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper import i18n
from scorekeeper.i18n import N_, _, _n, _p
from scorekeeper.rules import hit_the_deck
from scorekeeper.rules.sheet import SheetRow

from ..viewmodels.deck_entry import DeckEntry
from ..viewmodels.texts import card_text
from .base import CardCell, CardRow, KindUI, Option, Shown, away_cell


class HitTheDeckUI(KindUI):
    kind = hit_the_deck.KIND
    ends_at_target = True
    title = "HIT THE DECK"  # i18n: not shown (a game's proper name, the same in every language)
    presets = hit_the_deck.PRESETS
    offered = ("hit-the-deck",)
    options = (Option("target", N_("The game ends at (points)"), "int"),)
    # Translators: the heading of a score card's first column (the hand's number)
    head_word = Shown(N_("Hand"))
    entry = DeckEntry
    typed_points = True

    def summary_line(self, rules: Any) -> str:
        return _("Hands until someone reaches {target}; lowest total wins", target=rules.target)

    def score_row(self, game: Any, row: SheetRow) -> CardRow:
        played, totals = row.step, row.totals
        cells = []
        for seat, name in enumerate(game.players):
            if seat in played.absent:
                cells.append(away_cell(game, played.number - 1, seat, name, totals[seat]))
                continue
            points = played.points[seat]
            out = played.out == seat
            count = played.counts[seat]
            total = card_text(totals[seat])
            if out:
                label = _("Hand {number}, {name}: went out, 0, total {total}", number=played.number, name=name,
                          total=total)
            else:
                label = _("Hand {number}, {name}: {points}, total {total}", number=played.number, name=name,
                          points=count.text if count else f"{points}", total=total)
            # Translators: a score card cell: the player went out (ended the hand with no card left)
            main = _p("a score card cell", "out") if out else str(points)
            cells.append(CardCell(seat, main, total, "good" if out else None, label))
        return CardRow(played.number - 1, str(played.number), _("{name} out", name=game.players[played.out]),
                       _("Hand {number}", number=played.number), tuple(cells))

    def detail(self, game: Any, seat: int) -> str:
        stats = game.stats()[seat]
        return _n("went out in {gone} of {count} hand", "went out in {gone} of {count} hands", stats["hands_played"],
                  gone=stats["hands_gone_out"])

    def legend(self, game: Any) -> str:
        return _("Each cell: the points left in hand, and the running total below. Green: went out. Lowest total wins.")

    def stats_detail(self, counters: Mapping[str, int]) -> str:
        if not counters.get("hands_played"):
            return ""
        played = counters["hands_played"]
        return "; " + _n("went out in {gone} of {count} hand, {points} points a hand",
                         "went out in {gone} of {count} hands, {points} points a hand", played,
                         gone=counters.get("hands_gone_out", 0),
                         points=i18n.number(counters.get("penalty_points", 0) / played, decimals=1))
