"""HIT THE DECK's PDF score card: per hand who went out, per player the quick count when one was
entered, the points and the total (totals at or over the target in red); below, the points left to the
target."""
from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from scorekeeper.i18n import _, _p
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import number_text
from scorekeeper.rules.sheet import score_sheet
from scorekeeper.rules.hit_the_deck import SPECIAL_POINTS

from ..pdf_card import MADE, MADE_INK, MISSED_INK, MUTED, NEXT, fit
from ..pdf_grid import (Grid, away_legend, away_rows, away_shade, left_to, legend_key, next_row_of, place_label,
                        places_of, rounds_card, to_target, totals_label)

def _count_texts(count) -> tuple[str, ...]:
    """The cards left as counted, '4+2+2×10', and shorter when that is too wide for the column:
    the number cards summed, '6+2×10'."""
    specials = [f"{count.specials}×{SPECIAL_POINTS}"] if count.specials else []
    full = "+".join([str(value) for value in count.numbers] + specials)
    summed = "+".join(([str(sum(count.numbers))] if count.numbers else []) + specials)
    return full, summed

def hit_the_deck_grid(game, verdict: Outcome) -> Grid:
    over = verdict.decided
    sheet = score_sheet(game)
    hands = [line.step for line in sheet]
    target = game.rules.target
    next_row = None if over else next_row_of(game, len(hands) + 1)
    counted = any(count is not None for hand in hands for count in hand.counts)

    rows = [[str(hand.number), fit(game.players[hand.out], 86, 8.5)] for hand in hands]
    if next_row is not None:
        rows.append([str(len(hands) + 1), ""])
    away = away_rows(game, sheet, len(rows))  # (the players not in a hand)

    def cells(row: int, seat: int) -> list[Any]:
        if (row, seat) in away:
            word, total = away[row, seat]
            return [word, "", total]
        if row >= len(hands):
            return ["", "", ""]
        hand = hands[row]
        count = hand.counts[seat]
        left = (_p("HIT THE DECK, a player's cell on the printed card: went out", "out") if seat == hand.out
                else "" if count is None else _count_texts(count))
        return [left, str(sheet[row].points[seat]), number_text(sheet[row].totals[seat])]

    def shade(row: int, seat: int) -> list[tuple]:
        if (row, seat) in away:
            return away_shade(3)
        if row >= len(hands):
            return []
        commands: list[tuple] = [(0, 0, "TEXTCOLOR", MUTED)]
        if seat == hands[row].out:
            commands += [(0, 1, "BACKGROUND", MADE), (0, 1, "TEXTCOLOR", MADE_INK), (0, 1, "FONT", True)]
        if sheet[row].totals[seat] >= target:
            commands.append((2, 2, "TEXTCOLOR", MISSED_INK))
        return commands

    totals = game.totals()
    gone_out = [sum(hand.out == seat for hand in hands) for seat in range(len(game.players))]
    return Grid(
        # Translators: HIT THE DECK's printed grid: the hand's number, who went out.
        fixed=[(_("Hand"), 34), (_("Went out"), 92)],
        # Translators: the small headers under each player's name: the cards counted, the points, the total.
        parts=[(_p("a column: the cards a player had left, counted", "cards left"), 0.42, 1.5),
               (_p("a column: the points of the hand", "pts"), 0.24), (_p("a column: the running total", "total"), 0.34)],
        rows=rows, cells=cells, shade=shade,
        row_fill=lambda row: NEXT if row == next_row else None,
        foot=[(totals_label(game, verdict), lambda seat: number_text(totals[seat])),
              (to_target(target), left_to(target, totals)),
              (_("Hands gone out"), lambda seat: str(gone_out[seat]) if hands else ""),
              (place_label(verdict), places_of(verdict))],
        legend=[legend_key("#1f6b2a", _("went out: 0 points")),
                *([escape(_("cards left: the count entered (number cards at face value, word and Hit the Deck "
                            "cards 10 each)"))] if counted else []),
                legend_key("#b3261e", _("total at or over the target of {target}: the game ends after that hand",
                                  target=target)), escape(_("lowest total wins"))]
        + ([] if next_row is None else [legend_key("#e8c95a", _("the hand to play next"))]) + away_legend(game),
    )


card = rounds_card(hit_the_deck_grid)
