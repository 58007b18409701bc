"""Spades' PDF score card: per hand who dealt; per player the bid/tricks, the partnership's points and its
running total (green where the hand went well for that player: Hand.made)."""
from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from scorekeeper.i18n import _, _p
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import number_text, signed
from scorekeeper.rules.sheet import score_sheet

from ..pdf_card import MADE, MADE_INK, MISSED_INK, NEXT, fit
from ..pdf_grid import Grid, left_to, legend_key, next_row_of, place_label, places_of, rounds_card, to_target, totals_label


def spades_grid(game, verdict: Outcome) -> Grid:
    sheet, target = score_sheet(game), game.rules.target
    hands = [line.step for line in sheet]
    next_row = None if verdict.decided else next_row_of(game, len(hands) + 1)
    rows = [[str(hand.number), fit(game.players[hand.dealer], 60, 8.5)] for hand in hands]
    if next_row is not None:
        rows.append([str(len(hands) + 1), fit(game.players[game.dealer(len(hands))], 60, 8.5)])

    def cells(row: int, seat: int) -> list[Any]:
        if row >= len(hands):
            return ["", "", ""]
        hand = hands[row]
        return [f"{hand.bid_text(seat)}/{hand.tricks[seat]}", signed(sheet[row].points[seat]),
                number_text(sheet[row].totals[seat])]

    def shade(row: int, seat: int) -> list[tuple]:
        if row >= len(hands):
            return []
        if hands[row].made(seat):
            return [(0, 1, "BACKGROUND", MADE), (0, 1, "TEXTCOLOR", MADE_INK)]
        return [(0, 1, "TEXTCOLOR", MISSED_INK)]

    totals = game.totals()
    return Grid(
        # Translators: Spades' printed grid: the hand's number, who dealt it.
        fixed=[(_("Hand"), 34), (_("Dealer"), 66)],
        parts=[(_p("a column: a player's bid and tricks", "bid/took"), 0.4, 1.5),
               (_p("a column: the points of the hand", "pts"), 0.28), (_p("a column: the running total", "total"), 0.32)],
        rows=rows, cells=cells, shade=shade, row_fill=lambda row: NEXT if row == next_row else None,
        foot=[(totals_label(game, verdict), lambda seat: number_text(totals[seat])),
              (to_target(target), left_to(target, totals)), (place_label(verdict), places_of(verdict))],
        legend=[legend_key("#1f6b2a", _("the partnership made its bid (a nil bidder: took no trick)")),
                escape(_("pts and total: the partnership's, on both partners' columns"))]
        + ([] if next_row is None else [legend_key("#e8c95a", _("the hand to play next"))]),
    )


card = rounds_card(spades_grid)
