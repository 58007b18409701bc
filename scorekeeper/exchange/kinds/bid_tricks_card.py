"""The bid-and-tricks family's PDF score card: per hand the cards, dealer and trump, per player the
bid, tricks, points and running total (a player not in the hand, rules.roster: 'sat out', 'left' or '—',
muted); below the standings, Oh Pshaw's settlement."""
from __future__ import annotations

from typing import Callable, Sequence
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from scorekeeper.i18n import _, _p
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import number_text
from scorekeeper.rules.oh_heck import signed
from scorekeeper.rules.sheet import score_sheet

from ..pdf_card import (BOLD, FOOT_ROW, HEADER_ROWS, HEADING, INK, MADE, MADE_INK, MISSED_INK, MUTED, NEXT, REGULAR,
                        TEXT, WIDTH, WINNER, clean, fit, markup, width_of)
from ..pdf_grid import (Card, STRIPE, away_cells, away_legend, grid_style, header_room, heading_with_note, legend,
                        legend_key, place_label, places_of, totals_label)

def card(game, verdict: Outcome) -> Card:
    """The grid a good paper card has: a row per hand (number, cards, dealer, trump) and per player the
    bid, tricks taken, points and running total, made bids shaded green and missed points in red; at the
    foot the totals, the winner's bonus, bids made and places. Oh Pshaw's settlement follows the standings."""
    foot = hand_foot(game, verdict)
    return Card(rows=len(game.hands), fixed=sum(HEADER_ROWS) + FOOT_ROW * len(foot), legend=_legend(game),
                grid=lambda seats, row_height: hand_grid(game, verdict, foot, seats, row_height),
                after_standings=settlement_lines(game) if verdict.decided and game.rules.settlement else [])

def _legend(game) -> Paragraph:
    # Translators: the legend below the printed card's grid (items are separated by dots).
    items = [legend_key("#1f6b2a", _("bid made: shaded, points in green")),
             legend_key("#b3261e", _("bid missed: points in red")),
             escape(_("total: the running total after the hand"))]
    if any(hand.blind for hand in game.hands):
        items.append("◐ " + escape(_("the one-card hand, played blind")))
    if not game.is_over:
        items.append(legend_key("#e8c95a", _("the hand to play next")))
    return legend(items + away_legend(game))

def hand_foot(game, verdict: Outcome) -> list[tuple[str, Callable[[int], str]]]:
    """The foot's rows: label, seat -> text."""
    made = game.made_counts()
    played = [row["hands_played"] for row in game.stats()]  # (a hand sat out, or before they came, is not one bid)
    foot = [(totals_label(game, verdict), lambda seat: number_text(verdict.totals[seat]))]
    if any(verdict.bonus):
        foot += [(_("Winner's bonus"), lambda seat: f"+{verdict.bonus[seat]}" if verdict.bonus[seat] else ""),
                 (_("Final score"), lambda seat: number_text(verdict.final_scores[seat]))]
    # Translators: a row at the foot of the printed grid: per player, bids made of hands bid ('7 of 10').
    return foot + [(_("Bids made"), lambda seat: _("{made} of {played}", made=made[seat], played=played[seat])
                    if played[seat] else ""),
                   (place_label(verdict), places_of(verdict))]

def hand_grid(game, verdict: Outcome, foot: list[tuple[str, Callable[[int], str]]], seats: Sequence[int],
              row_height: float) -> Table:
    """Rows: the hands, then the foot; columns: hand, cards, dealer, trump, then per player
    bid, took, points and running total."""
    players = game.players
    hands = game.hands
    sheet = score_sheet(game)
    next_hand = game.current

    # Sizes: per-player room decides the type size; few players don't stretch across the page.
    size = 8.5 if len(seats) <= 6 else 8
    dealer_room = min(max(width_of(name, size) for name in players) + 10, 80)
    # Translators: the printed grid's column headers: the hand's number, its cards, who deals, the trump suit.
    labels = [_("Hand"), _("Cards"), _("Dealer"), _("Trump")]
    trump_room = max([width_of(hand.trump_text, size) for hand in hands] + [width_of(labels[3], size, True)]) + 10
    fixed = [max(30, header_room(labels[0], size)), max(34, header_room(labels[1], size)),
             max(dealer_room, 44, header_room(labels[2], size)), max(trump_room, 44, header_room(labels[3], size))]
    per_player = (WIDTH - sum(fixed)) / len(seats)
    parts = [0.21, 0.21, 0.27, 0.31]
    widths = fixed + [per_player * part for _ in seats for part in parts]

    body = size
    header = [labels, ["", "", "", ""]]
    # Translators: the four small headers under each player's name on the printed grid (pts: points).
    parts = [_p("a column: the player's bid", "bid"), _p("a column: the tricks the player took", "took"),
             _p("a column: the points of the hand", "pts"), _p("a column: the running total", "total")]
    for seat in seats:
        header[0] += [fit(players[seat], per_player - 6, size + 0.5, bold=True), "", "", ""]
        header[1] += parts
    rows = []
    for line in sheet:
        hand = line.step
        cards = f"{hand.cards}" + ("  ◐" if hand.blind else "")
        row = [str(hand.number), clean(cards), fit(players[hand.dealer], fixed[2] - 6, body),
               fit(hand.trump_text, fixed[3] - 6, body)]
        for seat in seats:
            total = clean(number_text(line.totals[seat])) if line.played else ""
            if seat in hand.absent:  # not in this hand: why, across bid, took and pts; muted below
                word, total = away_cells(game, line.index, seat, line.played, total)
                row += [word, "", "", total]
                continue
            bid = "" if hand.bids is None else str(hand.bids[seat])
            took = "" if hand.tricks is None else str(hand.tricks[seat])
            points = clean(signed(line.points[seat])) if line.played else ""
            row += [bid, took, points, total]
        rows.append(row)

    # The foot: one value per player, spanning that player's four columns.
    foot_rows = [[label, "", "", ""] + [cell for seat in seats for cell in (value(seat), "", "", "")]
                 for label, value in foot]
    data = header + rows + foot_rows
    first_foot = len(header) + len(rows)

    heights = list(HEADER_ROWS) + [row_height] * len(rows) + [FOOT_ROW] * len(foot_rows)

    style = grid_style(4, first_foot, len(data), body) + [("ALIGN", (2, 2), (3, first_foot - 1), "LEFT")]  # names
    if any(verdict.bonus):
        final_row = first_foot + 2
        style += [("FONT", (0, final_row), (-1, final_row), BOLD, body + 1),
                  ("LINEABOVE", (0, final_row), (-1, final_row), 0.8, INK)]
    for position, seat in enumerate(seats):
        start = 4 + position * 4
        style += [
            ("SPAN", (start, 0), (start + 3, 0)),
            ("LINEAFTER", (start + 3, 0), (start + 3, -1), 1, INK),
            ("FONT", (start + 3, 2), (start + 3, first_foot - 1), BOLD, body),
            *[("SPAN", (start, row), (start + 3, row)) for row in range(first_foot, len(data))],
        ]
        if seat in verdict.winners:
            style.append(("BACKGROUND", (start, 0), (start + 3, 0), WINNER))
            style.append(("BACKGROUND", (start, len(data) - 1), (start + 3, len(data) - 1), WINNER))
        for index, hand in enumerate(hands):
            row = len(header) + index
            if seat in hand.absent:
                style += [("SPAN", (start, row), (start + 2, row)),
                          ("TEXTCOLOR", (start, row), (start + 3, row), MUTED),
                          ("FONT", (start, row), (start + 3, row), REGULAR, body - 0.5)]
                continue
            if hand.made is None:
                continue
            if hand.made[seat]:
                style += [("BACKGROUND", (start, row), (start + 2, row), MADE),
                          ("TEXTCOLOR", (start + 2, row), (start + 2, row), MADE_INK),
                          ("FONT", (start + 2, row), (start + 2, row), BOLD, body)]
            else:
                style.append(("TEXTCOLOR", (start + 2, row), (start + 2, row), MISSED_INK))
    if next_hand is not None:
        row = len(header) + next_hand
        style.append(("BACKGROUND", (0, row), (-1, row), NEXT))
    for index, hand in enumerate(hands):
        if index % 2 and hand.made is None and index != next_hand:
            style.append(("BACKGROUND", (0, len(header) + index), (-1, len(header) + index), STRIPE))
    return Table(data, colWidths=widths, rowHeights=heights, style=TableStyle(style), repeatRows=2, hAlign="LEFT")

def settlement_lines(game) -> list[Flowable]:
    """Oh Pshaw: each pair settles on the difference of their final scores, in points of the stake."""
    settlement = game.settlement(1)
    names = game.players
    heading = heading_with_note(_("Settling up"), _("(in points: multiply by the table's stake per point)"))
    lines: list[Flowable] = [Spacer(0, 3 * mm), Paragraph(heading, HEADING)]
    if not settlement.payments:
        lines.append(Paragraph(escape(_("All scores are equal: nobody pays.")), TEXT))
        return lines
    # Translators: Oh Pshaw's settlement on the printed card: 'Ann pays Bob 12' (in points).
    payments = [_("{payer} pays {payee} {amount}", payer=names[p.payer], payee=names[p.payee], amount=int(p.amount))
                for p in settlement.payments]
    net = [f"{names[seat]} {'+' if amount > 0 else ''}{number_text(int(amount))}"
           for seat, amount in enumerate(settlement.net)]
    lines.append(Paragraph(markup(" · ".join(payments)), TEXT))
    lines.append(Spacer(0, 1.5 * mm))
    # Translators: before each player's net result of the settlement ('In all: Ann +12 · Bob −12').
    lines.append(Paragraph("<b>" + escape(_("In all:")) + "</b> " + markup(" · ".join(net)), TEXT))
    return lines
