"""The score pad's PDF score card: per player the points and the total, the round's best score (of
those who played it) shaded."""
from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from scorekeeper.i18n import _, _p
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import leaders, number_text
from scorekeeper.rules.sheet import SheetRow, score_sheet

from ..pdf_card import MADE, MADE_INK, MISSED_INK, NEXT
from ..pdf_grid import (Grid, away_legend, away_rows, away_shade, left_to, legend_key, next_row_of, place_label,
                        places_of, rounds_card, to_target, totals_label)

def score_pad_grid(game, verdict: Outcome) -> Grid:
    over = verdict.decided
    sheet = score_sheet(game)  # (every row played: a score pad lists no round to come)
    target = game.rules.target
    high = game.highest_wins
    next_row = None if over else next_row_of(game, len(sheet) + 1)
    best = [_best_of(line, high) for line in sheet]

    rows = [[str(line.number)] for line in sheet]
    if next_row is not None:
        rows.append([str(len(sheet) + 1)])
    away = away_rows(game, sheet, len(rows))  # (the players not in a round)

    def cells(row: int, seat: int) -> list[Any]:
        if (row, seat) in away:
            return away[row, seat]
        if row >= len(sheet):
            return ["", ""]
        return [number_text(sheet[row].points[seat]), number_text(sheet[row].totals[seat])]

    def shade(row: int, seat: int) -> list[tuple]:
        if (row, seat) in away:
            return away_shade(2)
        if row >= len(sheet):
            return []
        commands: list[tuple] = []
        if seat in best[row]:
            commands += [(0, 0, "BACKGROUND", MADE), (0, 0, "TEXTCOLOR", MADE_INK)]
        elif sheet[row].points[seat] < 0:
            commands.append((0, 0, "TEXTCOLOR", MISSED_INK))
        if target is not None and sheet[row].totals[seat] >= target:
            commands.append((1, 1, "TEXTCOLOR", MISSED_INK if not high else MADE_INK))
        return commands

    totals = game.totals()
    foot = [(totals_label(game, verdict), lambda seat: number_text(totals[seat]))]
    if target is not None:
        foot.append((to_target(target), left_to(target, totals)))
    foot.append((place_label(verdict), places_of(verdict)))
    return Grid(
        fixed=[(_("Round"), 40)],
        parts=[(_p("a column: the points of the round", "pts"), 0.45), (_p("a column: the running total", "total"), 0.55)],
        rows=rows, cells=cells, shade=shade, foot=foot,
        row_fill=lambda row: NEXT if row == next_row else None,
        legend=[legend_key("#1f6b2a", _("the round's highest score") if high else _("the round's lowest score")),
                escape(_("total: the running total after the round")),
                escape(_("highest total wins") if high else _("lowest total wins"))]
        + ([escape(_("the game ends after the round in which someone reaches {target}", target=target))]
           if target is not None else [])
        + ([] if next_row is None else [legend_key("#e8c95a", _("the round to play next"))]) + away_legend(game),
    )

def _best_of(line: SheetRow, highest_wins: bool) -> set[int]:
    """The seats with the round's best score, among those who played it."""
    playing = [seat for seat, points in enumerate(line.points) if points is not None]
    return {playing[place] for place in leaders([line.points[seat] for seat in playing], highest_wins=highest_wins)}


card = rounds_card(score_pad_grid)
