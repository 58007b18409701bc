"""WHAT THE HECK?'s PDF score card: per round the point card and the pot at stake (carried cards
shown), per player the card played (the taker's cell shaded, tied cards struck through), the points
taken and the total."""
from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.platypus import Paragraph

from scorekeeper.i18n import _, _p
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import number_text
from scorekeeper.rules.sheet import score_sheet

from ..pdf_card import MADE, MADE_INK, MISSED_INK, MUTED, NEXT, _style, width_of
from ..pdf_grid import (CARRIED, Grid, legend_key, next_row_of, place_label, places_of, rounds_card, signed_points,
                        totals_label)

def what_the_heck_grid(game, verdict: Outcome) -> Grid:
    over = verdict.decided
    sheet = score_sheet(game)  # the rounds played (the rounds to come: empty rows below)
    rounds = [line.step for line in sheet]
    total_rounds = game.rules.rounds
    struck = _style("struck", 8.5, colour=MUTED, alignment=TA_CENTER, leading=10)
    next_row = None if over else next_row_of(game, total_rounds)

    def card(value: int) -> str:
        return number_text(value)

    rows = []
    for index in range(total_rounds):
        if index >= len(rounds):
            rows.append([str(index + 1), "", ""])
            continue
        played = rounds[index]
        carried = played.pot[:-1]
        pot = f"{' + '.join(card(value) for value in played.pot)} = {signed_points(played.value)}" if carried else ""
        # Translators: WHAT THE HECK?'s pot on the printed card: '{pot}' is a sum such as '−2 + 3 = +1'.
        if played.outcome == "carried":
            pot = _("{pot} → carried", pot=pot) if pot else _("→ carried")
        elif played.outcome == "nobody":
            pot = _("{pot} nobody takes it", pot=pot) if pot else _("nobody takes it")
        rows.append([str(index + 1), card(played.point_card), pot])

    def cells(row: int, seat: int) -> list[Any]:
        if row >= len(rounds):
            return ["", "", ""]
        played = rounds[row]
        value = played.played[seat]
        shown: Any = str(value)
        if seat in played.cancelled:
            shown = Paragraph(f"<strike>{value}</strike>", struck)
        points = signed_points(sheet[row].points[seat]) if played.taker == seat else ""
        return [shown, points, number_text(sheet[row].totals[seat])]

    def shade(row: int, seat: int) -> list[tuple]:
        if row >= len(rounds) or rounds[row].taker != seat:
            return []
        ink = MADE_INK if rounds[row].value >= 0 else MISSED_INK
        return [(0, 1, "BACKGROUND", MADE), (1, 1, "TEXTCOLOR", ink), (0, 1, "FONT", True)]

    def fill(row: int) -> Any:
        if row == next_row:
            return NEXT
        if row < len(rounds) and rounds[row].outcome in ("carried", "nobody"):
            return CARRIED
        return None

    taken = [len(game.collected(seat)) for seat in range(len(game.players))]
    totals = game.totals()
    return Grid(
        # The pot column grows to its longest text ("−2 + 3 + 5 = +6 nobody takes it"), within reason.
        # Translators: WHAT THE HECK?'s printed grid: the columns before the players'.
        fixed=[(_("Round"), 38), (_("Point card"), 60),
               (_("Pot"), min(190, max([84] + [width_of(row[2], 8.5) + 10 for row in rows])))],
        # Translators: the small headers under each player's name: the card played, the points, the total.
        parts=[(_p("a column: the card the player played", "card"), 0.3),
               (_p("a column: the points of the round", "pts"), 0.3), (_p("a column: the running total", "total"), 0.4)],
        rows=rows, cells=cells, shade=shade, row_fill=fill,
        foot=[(totals_label(game, verdict), lambda seat: number_text(totals[seat])),
              (_("Point cards taken"), lambda seat: str(taken[seat]) if rounds else ""),
              (place_label(verdict), places_of(verdict))],
        legend=[legend_key("#1f6b2a", _("took the pot: card shaded, points beside it")),
                "<strike>12</strike> " + escape(_("tied cards cancel each other")),
                legend_key("#9fb7d9", _("every card tied: the pot is carried to the next round")),
                escape(_("total: the running total after the round"))]
        + ([] if next_row is None else [legend_key("#e8c95a", _("the round to play next"))]),
    )

# ----- HIT THE DECK -----


card = rounds_card(what_the_heck_grid)
