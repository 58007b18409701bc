"""Each kind's part of its PDF score card: a grid of hands or rounds by players, as a paper card for the
game would have it, and its legend; one Card per kind, found through CARDS.

- Bid-and-tricks games: per hand the cards, dealer and trump, per player the bid, tricks, points and
  running total (a player not in the hand, rules.roster: 'sat out', 'left' or '—', muted); below the
  standings, Oh Pshaw's settlement.
- WHAT THE HECK?: per round the point card and the pot at stake (carried cards shown), per player the
  card played (the taker's cell shaded, tied cards struck through), the points taken and the total.
- HIT THE DECK: per hand who went out, per player the quick count when one was entered, the points and
  the total (totals at or over the target in red); below, the points left to the target.
- Score pad: per player the points and the total, the round's best score (of those who played it) shaded.

A player not in a hand or round (rules.roster) shows as such in every kind that takes the changes:
'sat out', 'left' or '—', muted, the total going on (away_cells).

Everything shown is read from the engine's game and its one verdict (rules.outcome: places, winners,
bonus); nothing is scored or decided here.
"""
from __future__ import annotations

import dataclasses

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from scorekeeper import i18n
from scorekeeper.i18n import _, _n, _p
from scorekeeper.rules import Outcome, hit_the_deck, oh_heck, score_pad, skull_king, spades, what_the_heck
from scorekeeper.rules.common import leaders, number_text
from scorekeeper.rules.hit_the_deck import SPECIAL_POINTS
from scorekeeper.rules.oh_heck import signed

from .common import table_changed
from .pdf_card import (BOLD, FOOT_ROW, HEAD, HEADER_ROWS, HEADING, INK, MADE, MADE_INK, MISSED_INK, MUTED, NEXT,
                       REGULAR, RULE, TEXT, WIDTH, WINNER, _style, clean, fit, markup, width_of)

CARRIED = colors.HexColor("#e3ecf7")  # a round whose cards all tied: its pot waits for the next round
STRIPE = colors.HexColor("#f7f7f9")


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else number_text(value)


@dataclass
class Card:
    """A kind's part of the card of one game, for pdf_format.score_card."""

    rows: int  # the grid's rows of hands or rounds
    fixed: float  # the grid's height less those rows: its header and foot
    legend: Flowable
    grid: Callable[[list[int], float], Flowable]  # (seats, row height) -> the grid for those players
    after_standings: list[Flowable] = field(default_factory=list)  # below the standings: Oh Pshaw's settlement


def grid_style(fixed_count: int, first_foot: int, rows: int, size: float) -> list[tuple]:
    """The table style every kind's grid starts from: `fixed_count` columns before the players', a
    two-row header, the foot from row `first_foot` of `rows`, type of `size` points."""
    return [
        ("FONT", (0, 0), (-1, -1), REGULAR, size),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        # the header
        ("BACKGROUND", (0, 0), (-1, 1), HEAD),
        ("FONT", (0, 0), (-1, 0), BOLD, size + 0.5),
        ("FONT", (fixed_count, 1), (-1, 1), REGULAR, size - 1.5),
        ("TEXTCOLOR", (fixed_count, 1), (-1, 1), MUTED),
        *[("SPAN", (column, 0), (column, 1)) for column in range(fixed_count)],
        # the foot
        ("BACKGROUND", (0, first_foot), (-1, -1), HEAD),
        ("FONT", (0, first_foot), (-1, first_foot), BOLD, size + 1),
        ("ALIGN", (0, first_foot), (fixed_count - 1, -1), "LEFT"),
        ("LINEABOVE", (0, first_foot), (-1, first_foot), 1.2, INK),
        *[("SPAN", (0, row), (fixed_count - 1, row)) for row in range(first_foot, rows)],
        # the lines: hair lines within, firm ones between players
        ("GRID", (0, 0), (-1, -1), 0.25, RULE),
        ("BOX", (0, 0), (-1, -1), 1.2, INK),
        ("LINEBELOW", (0, 1), (-1, 1), 1, INK),
        ("LINEAFTER", (fixed_count - 1, 0), (fixed_count - 1, -1), 1, INK),
    ]


def header_room(label: str, size: float) -> float:
    """The width a fixed column needs for its header, bold at `size` + 0.5 as grid_style sets it, with
    the cells' padding: a language's longer words ("Donne", "Cartes") widen the column, not overrun it."""
    return width_of(label, size + 0.5, bold=True) + 6


# ----- bid-and-tricks games -----

def bid_tricks_card(game, verdict: Outcome) -> Card:
    """The grid a good paper card has: a row per hand (number, cards, dealer, trump) and per player the
    bid, tricks taken, points and running total, made bids shaded green and missed points in red; at the
    foot the totals, the winner's bonus, bids made and places. Oh Pshaw's settlement follows the standings."""
    foot = _bid_tricks_foot(game, verdict)
    return Card(rows=len(game.hands), fixed=sum(HEADER_ROWS) + FOOT_ROW * len(foot), legend=_bid_tricks_legend(game),
                grid=lambda seats, row_height: hand_grid(game, verdict, foot, seats, row_height),
                after_standings=settlement_lines(game) if verdict.decided and game.rules.settlement else [])


def _key(colour: str, words: str) -> str:
    """A legend's item: a square of `colour` (the cells' shade) before its words."""
    return f"<font color='{colour}'>■</font> {escape(words)}"


def legend(items: list[str]) -> Paragraph:
    """The legend below a grid: its items (markup) in a row."""
    return Paragraph(clean(" &nbsp; · &nbsp; ".join(items)), _style("legend", 7.5, colour=MUTED))


def _bid_tricks_legend(game) -> Paragraph:
    # Translators: the legend below the printed card's grid (items are separated by dots).
    items = [_key("#1f6b2a", _("bid made: shaded, points in green")),
             _key("#b3261e", _("bid missed: points in red")),
             escape(_("total: the running total after the hand"))]
    if any(hand.blind for hand in game.hands):
        items.append("◐ " + escape(_("the one-card hand, played blind")))
    if not game.is_over:
        items.append(_key("#e8c95a", _("the hand to play next")))
    return legend(items + away_legend(game))


def away_legend(game) -> list[str]:
    """The legend's words for the players not in a hand or round (rules.roster); none when everyone
    played every one."""
    if not table_changed(game):
        return []
    if game.unit == "hand":
        return [escape(_("out: sat the hand out · left: gone from this hand on, keeping their points · "
                         "—: not at the table (a late arrival's start is the total before their first hand)"))]
    return [escape(_("out: sat the round out · left: gone from this round on, keeping their points · "
                     "—: not at the table (a late arrival's start is the total before their first round)"))]


def away_cells(game, index: int, seat: int, played: bool, total: str) -> tuple[str, str]:
    """(the word, the total) in the cells of a player not in hand (round) `index` (rules.roster): 'sat out'
    for a hand sat out and 'left' for the first hand gone, with the total going on; '—' before a late
    arrival came (the hand before theirs shows the total they start from) and after the hand a player left."""
    joined = game.joins.get(seat)
    if joined is not None and joined[0] > index:
        return "—", total if played and index == joined[0] - 1 else ""
    gone = game.left.get(seat)
    if gone is not None and gone <= index:
        return ((_p("a player's cell on the printed card: gone from the game from this hand on", "left"),
                 total if played else "") if gone == index else ("—", ""))
    # (not "out": HIT THE DECK's word for who went out)
    return _p("a player's cell on the printed card: not in this hand", "sat out"), total if played else ""


def _bid_tricks_foot(game, verdict: Outcome) -> list[tuple[str, Callable[[int], str]]]:
    """The foot's rows: label, seat -> text."""
    made = game.made_counts()
    played = [row["hands_played"] for row in game.stats()]  # (a hand sat out, or before they came, is not one bid)
    foot = [(_totals_label(game, verdict), lambda seat: number_text(verdict.totals[seat]))]
    if any(verdict.bonus):
        foot += [(_("Winner's bonus"), lambda seat: f"+{verdict.bonus[seat]}" if verdict.bonus[seat] else ""),
                 (_("Final score"), lambda seat: number_text(verdict.final_scores[seat]))]
    # Translators: a row at the foot of the printed grid: per player, bids made of hands bid ('7 of 10').
    return foot + [(_("Bids made"), lambda seat: _("{made} of {played}", made=made[seat], played=played[seat])
                    if played[seat] else ""),
                   (_place_label(verdict), _places(verdict))]


def hand_grid(game, verdict: Outcome, foot: list[tuple[str, Callable[[int], str]]], seats: Sequence[int],
              row_height: float) -> Table:
    """Rows: the hands, then the foot; columns: hand, cards, dealer, trump, then per player
    bid, took, points and running total."""
    players = game.players
    hands = game.hands
    curve = game.running_totals()
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
    for index, hand in enumerate(hands):
        cards = f"{hand.cards}" + ("  ◐" if hand.blind else "")
        row = [str(hand.number), clean(cards), fit(players[hand.dealer], fixed[2] - 6, body),
               fit(hand.trump_text, fixed[3] - 6, body)]
        for seat in seats:
            total = "" if hand.points is None else clean(number_text(curve[index][seat]))
            if seat in hand.absent:  # not in this hand: why, across bid, took and pts; muted below
                word, total = away_cells(game, index, seat, hand.points is not None, total)
                row += [word, "", "", total]
                continue
            bid = "" if hand.bids is None else str(hand.bids[seat])
            took = "" if hand.tricks is None else str(hand.tricks[seat])
            points = "" if hand.points is None else clean(signed(hand.points[seat]))
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


def skull_king_card(game, verdict: Outcome) -> Card:
    """Skull King's card is the family's grid (its points include the bonuses), with every bonus
    earned listed below the standings, hand by hand, so each point on the card can be explained."""
    card = bid_tricks_card(game, verdict)
    # Translators: a Skull King bonus on the printed card: 'hand 3: Ann +30 (captured a mermaid)'.
    earned = [_("hand {number}: {name} {points} ({bonuses})", number=hand.number, name=game.players[seat],
                points=signed(game.bonus_of(hand, seat)), bonuses=skull_king.bonus_text(hand.bonuses[seat]))
              for hand in game.hands if hand.played and hand.bonuses
              for seat in range(len(game.players)) if game.bonus_of(hand, seat)]
    lines: list[Flowable] = [Spacer(0, 3 * mm), Paragraph(_heading(_("Bonuses"), _("(in the points of their hand)")),
                                                          HEADING),
                             Paragraph(markup(" · ".join(earned)) if earned else escape(_("None earned yet.")), TEXT)]
    return dataclasses.replace(card, after_standings=card.after_standings + lines)


def _heading(title: str, note: str) -> str:
    """A heading's markup: its title, then a note in small grey type."""
    return f"{escape(title)} <font size=8 color='#6b6b70'>{escape(note)}</font>"


def settlement_lines(game) -> list[Flowable]:
    """Oh Pshaw: each pair settles on the difference of their final scores, in points of the stake."""
    settlement = game.settlement(1)
    names = game.players
    heading = _heading(_("Settling up"), _("(in points: multiply by the table's stake per point)"))
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


# ----- the kinds played in rounds: one grid drawn the same way for each -----

@dataclass
class Grid:
    """What a kind puts in the grid; kind_grid draws it the same way for every kind."""

    fixed: list[tuple[str, float]]  # the columns before the players: label, width in points
    parts: list[tuple]  # each player's columns: label, share of the player's width[, type size less than the body's]
    rows: list[list[Any]]  # per row, the fixed cells
    cells: Callable[[int, int], list[Any]]  # (row, seat) -> that player's cells in the row
    foot: list[tuple[str, Callable[[int], str]]]  # label, seat -> text
    # (row, seat) -> style commands for that player's cells, as (first part, last part, command, *values)
    shade: Callable[[int, int], list[tuple]] = lambda row, seat: []
    row_fill: Callable[[int], Any] = lambda row: None  # a row's background, or None
    total_part: int = -1  # the part printed bold: the running total
    legend: list[str] = field(default_factory=list)


def rounds_card(grid_of: Callable[[Any, Outcome], Grid]) -> Callable[[Any, Outcome], Card]:
    """The Card of a kind whose grid `grid_of(game, verdict)` gives."""
    def card(game, verdict: Outcome) -> Card:
        grid = grid_of(game, verdict)
        return Card(rows=len(grid.rows), fixed=sum(HEADER_ROWS) + FOOT_ROW * len(grid.foot),
                    legend=legend(grid.legend),
                    grid=lambda seats, row_height: kind_grid(game, verdict, grid, seats, row_height))
    return card


def kind_grid(game, verdict: Outcome, grid: Grid, seats: Sequence[int], row_height: float) -> Table:
    players = game.players
    size = 8.5 if len(seats) <= 6 else 8
    fixed_count = len(grid.fixed)
    fixed_widths = [max(width, header_room(label, size)) for label, width in grid.fixed]
    # The labels at the foot span the fixed columns: widen the last one when a label needs the room.
    label_room = max(width_of(label, size + 1, bold=True) for label, _ in grid.foot) + 8
    fixed_widths[-1] += max(0.0, label_room - sum(fixed_widths))
    per_player = (WIDTH - sum(fixed_widths)) / len(seats)
    widths = fixed_widths + [per_player * part[1] for _ in seats for part in grid.parts]
    span = len(grid.parts)
    smaller = [part[2] if len(part) > 2 else 0 for part in grid.parts]  # per part: points less than `size`
    sizes = [size] * fixed_count + [size - smaller[part] for _ in seats for part in range(span)]

    header = [[label for label, _ in grid.fixed], [""] * fixed_count]
    for seat in seats:
        header[0] += [fit(players[seat], per_player - 6, size + 0.5, bold=True)] + [""] * (span - 1)
        header[1] += [part[0] for part in grid.parts]
    body = []
    for row, fixed_cells in enumerate(grid.rows):
        line = list(fixed_cells)
        for seat in seats:
            line += grid.cells(row, seat)
        body.append([_fitted(cell, width - 4, cell_size) for cell, width, cell_size in zip(line, widths, sizes)])
    foot = [[label] + [""] * (fixed_count - 1) + [cell for seat in seats for cell in [value(seat)] + [""] * (span - 1)]
            for label, value in grid.foot]
    data = header + body + foot
    first_foot = len(header) + len(body)
    heights = list(HEADER_ROWS) + [row_height] * len(body) + [FOOT_ROW] * len(foot)

    style = grid_style(fixed_count, first_foot, len(data), size)
    for row in range(len(body)):
        fill = grid.row_fill(row)
        if fill is None and row % 2:
            fill = STRIPE
        if fill is not None:
            style.append(("BACKGROUND", (0, len(header) + row), (-1, len(header) + row), fill))
    for position, seat in enumerate(seats):
        start = fixed_count + position * span
        total = start + (grid.total_part % span)
        style += [
            ("SPAN", (start, 0), (start + span - 1, 0)),
            ("LINEAFTER", (start + span - 1, 0), (start + span - 1, -1), 1, INK),
            ("FONT", (total, 2), (total, first_foot - 1), BOLD, size),
            *[("SPAN", (start, row), (start + span - 1, row)) for row in range(first_foot, len(data))],
            *[("FONTSIZE", (start + part, 2), (start + part, first_foot - 1), size - smaller[part])
              for part in range(span) if smaller[part]],
        ]
        if seat in verdict.winners:
            style.append(("BACKGROUND", (start, 0), (start + span - 1, 0), WINNER))
            style.append(("BACKGROUND", (start, len(data) - 1), (start + span - 1, len(data) - 1), WINNER))
        for row in range(len(body)):
            at = len(header) + row
            for first, last, command, *values in grid.shade(row, seat):
                if command == "FONT":  # bold or not, each part in its own size
                    style += [("FONT", (start + part, at), (start + part, at), BOLD if values[0] else REGULAR,
                               size - smaller[part]) for part in range(first, last + 1)]
                else:
                    style.append((command, (start + first, at), (start + last, at), *values))
    return Table(data, colWidths=widths, rowHeights=heights, style=TableStyle(style), repeatRows=2, hAlign="LEFT")


def _fitted(cell: Any, room: float, size: float) -> Any:
    """A cell that fits its column: of alternatives (a tuple, the fullest first) the first that fits,
    text cut with an ellipsis as the last resort."""
    if isinstance(cell, tuple):
        cell = next((text for text in cell if width_of(text, size) <= room), cell[-1])
    if isinstance(cell, str) and width_of(cell, size) > room:
        return fit(cell, room, size)
    return cell


def away_rows(game, rounds: Sequence[Any], curve: list[list[int]], count: int) -> dict[tuple[int, int], list[str]]:
    """(row, seat) -> the cells (the word, the total: away_cells) of each player not in a played round
    or the round to play next, among the grid's first `count` rows; empty for a game where everyone
    played every round."""
    if not table_changed(game):
        return {}
    away = {}
    for row in range(count):
        played = row < len(rounds)
        out = rounds[row].absent if played else set(range(len(game.players))).difference(game.seated(row))
        for seat in out:
            away[row, seat] = list(away_cells(game, row, seat, played, number_text(curve[row][seat]) if played else ""))
    return away


def away_shade(span: int) -> list[tuple]:
    """The shade of a player's cells in a round they are not in: the word across all but the total, muted,
    nothing bold."""
    return [*([(0, span - 2, "SPAN")] if span > 2 else []), (0, span - 1, "TEXTCOLOR", MUTED),
            (0, span - 1, "FONT", False)]


def _places(verdict: Outcome) -> Callable[[int], str]:
    """Seat -> the place row's text: 'Winner', '2nd', or nothing before the first hand."""
    return lambda seat: ("" if not verdict.started
                         else _p("the place row of the printed card: the winner's place", "Winner")
                         if seat in verdict.winners else i18n.ordinal(verdict.place(seat)))


def _place_label(verdict: Outcome) -> str:
    # Translators: the label of the last row of the printed grid: each player's place.
    return _("Place") if verdict.decided else _("Place so far")


def _totals_label(game, verdict: Outcome) -> str:
    if verdict.decided:
        # Translators: the label of the totals row at the foot of the printed grid.
        return _p("the totals row of the printed grid", "Total")
    if game.unit == "hand":
        return _n("Total after {count} hand", "Total after {count} hands", verdict.played)
    return _n("Total after {count} round", "Total after {count} rounds", verdict.played)


def _next_row(game, rows: int) -> int | None:
    """The row of the round to play next on the card of a game in play, or None."""
    played = game.progress()[0]
    return played if not game.is_over and played < rows else None


# ----- WHAT THE HECK? -----

def what_the_heck_grid(game, verdict: Outcome) -> Grid:
    over = verdict.decided
    rounds = game.rounds
    total_rounds = game.rules.rounds
    curve = game.running_totals()
    struck = _style("struck", 8.5, colour=MUTED, alignment=TA_CENTER, leading=10)
    next_row = None if over else _next_row(game, total_rounds)

    def card(value: int) -> str:
        return number_text(value)

    rows = []
    for index in range(total_rounds):
        if index >= len(rounds):
            rows.append([str(index + 1), "", ""])
            continue
        played = rounds[index]
        carried = played.pot[:-1]
        pot = f"{' + '.join(card(value) for value in played.pot)} = {_signed(played.value)}" if carried else ""
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
        points = _signed(played.points[seat]) if played.taker == seat else ""
        return [shown, points, number_text(curve[row][seat])]

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
        foot=[(_totals_label(game, verdict), lambda seat: number_text(totals[seat])),
              (_("Point cards taken"), lambda seat: str(taken[seat]) if rounds else ""),
              (_place_label(verdict), _places(verdict))],
        legend=[_key("#1f6b2a", _("took the pot: card shaded, points beside it")),
                "<strike>12</strike> " + escape(_("tied cards cancel each other")),
                _key("#9fb7d9", _("every card tied: the pot is carried to the next round")),
                escape(_("total: the running total after the round"))]
        + ([] if next_row is None else [_key("#e8c95a", _("the round to play next"))]),
    )


# ----- HIT THE DECK -----

def _count_texts(count) -> tuple[str, ...]:
    """The cards left as counted, '4+2+2×10', and shorter when that is too wide for the column:
    the number cards summed, '6+2×10'."""
    specials = [f"{count.specials}×{SPECIAL_POINTS}"] if count.specials else []
    full = "+".join([str(value) for value in count.numbers] + specials)
    summed = "+".join(([str(sum(count.numbers))] if count.numbers else []) + specials)
    return full, summed


def hit_the_deck_grid(game, verdict: Outcome) -> Grid:
    over = verdict.decided
    hands = game.hands
    target = game.rules.target
    curve = game.running_totals()
    next_row = None if over else _next_row(game, len(hands) + 1)
    counted = any(count is not None for hand in hands for count in hand.counts)

    rows = [[str(hand.number), fit(game.players[hand.out], 86, 8.5)] for hand in hands]
    if next_row is not None:
        rows.append([str(len(hands) + 1), ""])
    away = away_rows(game, hands, curve, len(rows))  # (the players not in a hand)

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
        return [left, str(hand.points[seat]), number_text(curve[row][seat])]

    def shade(row: int, seat: int) -> list[tuple]:
        if (row, seat) in away:
            return away_shade(3)
        if row >= len(hands):
            return []
        commands: list[tuple] = [(0, 0, "TEXTCOLOR", MUTED)]
        if seat == hands[row].out:
            commands += [(0, 1, "BACKGROUND", MADE), (0, 1, "TEXTCOLOR", MADE_INK), (0, 1, "FONT", True)]
        if curve[row][seat] >= target:
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
        foot=[(_totals_label(game, verdict), lambda seat: number_text(totals[seat])),
              (_to_target(target), _left_to(target, totals)),
              (_("Hands gone out"), lambda seat: str(gone_out[seat]) if hands else ""),
              (_place_label(verdict), _places(verdict))],
        legend=[_key("#1f6b2a", _("went out: 0 points")),
                *([escape(_("cards left: the count entered (number cards at face value, word and Hit the Deck "
                            "cards 10 each)"))] if counted else []),
                _key("#b3261e", _("total at or over the target of {target}: the game ends after that hand",
                                  target=target)), escape(_("lowest total wins"))]
        + ([] if next_row is None else [_key("#e8c95a", _("the hand to play next"))]) + away_legend(game),
    )


def _to_target(target: int) -> str:
    # Translators: a row at the foot of the printed grid: the points each player has left to the target.
    return _("To {target}", target=target)


def _left_to(target: int, totals: list[int]) -> Callable[[int], str]:
    """Seat -> the points left to the target, or that the player reached it."""
    return lambda seat: (str(target - totals[seat]) if totals[seat] < target
                         else _p("the row of points left to the target: the player is there", "reached"))


# ----- the score pad -----

def score_pad_grid(game, verdict: Outcome) -> Grid:
    over = verdict.decided
    rounds = game.rounds
    curve = game.running_totals()
    target = game.rules.target
    high = game.highest_wins
    next_row = None if over else _next_row(game, len(rounds) + 1)
    best = [_best_of(played, high) for played in rounds]

    rows = [[str(played.number)] for played in rounds]
    if next_row is not None:
        rows.append([str(len(rounds) + 1)])
    away = away_rows(game, rounds, curve, len(rows))  # (the players not in a round)

    def cells(row: int, seat: int) -> list[Any]:
        if (row, seat) in away:
            return away[row, seat]
        if row >= len(rounds):
            return ["", ""]
        return [number_text(rounds[row].points[seat]), number_text(curve[row][seat])]

    def shade(row: int, seat: int) -> list[tuple]:
        if (row, seat) in away:
            return away_shade(2)
        if row >= len(rounds):
            return []
        commands: list[tuple] = []
        if seat in best[row]:
            commands += [(0, 0, "BACKGROUND", MADE), (0, 0, "TEXTCOLOR", MADE_INK)]
        elif rounds[row].points[seat] < 0:
            commands.append((0, 0, "TEXTCOLOR", MISSED_INK))
        if target is not None and curve[row][seat] >= target:
            commands.append((1, 1, "TEXTCOLOR", MISSED_INK if not high else MADE_INK))
        return commands

    totals = game.totals()
    foot = [(_totals_label(game, verdict), lambda seat: number_text(totals[seat]))]
    if target is not None:
        foot.append((_to_target(target), _left_to(target, totals)))
    foot.append((_place_label(verdict), _places(verdict)))
    return Grid(
        fixed=[(_("Round"), 40)],
        parts=[(_p("a column: the points of the round", "pts"), 0.45), (_p("a column: the running total", "total"), 0.55)],
        rows=rows, cells=cells, shade=shade, foot=foot,
        row_fill=lambda row: NEXT if row == next_row else None,
        legend=[_key("#1f6b2a", _("the round's highest score") if high else _("the round's lowest score")),
                escape(_("total: the running total after the round")),
                escape(_("highest total wins") if high else _("lowest total wins"))]
        + ([escape(_("the game ends after the round in which someone reaches {target}", target=target))]
           if target is not None else [])
        + ([] if next_row is None else [_key("#e8c95a", _("the round to play next"))]) + away_legend(game),
    )


def _best_of(played, highest_wins: bool) -> set[int]:
    """The seats with the round's best score, among those who played it."""
    playing = [seat for seat in range(len(played.points)) if seat not in played.absent]
    return {playing[place] for place in leaders([played.points[seat] for seat in playing], highest_wins=highest_wins)}


def spades_grid(game, verdict: Outcome) -> Grid:
    """Spades: per hand who dealt; per player the bid/tricks, the partnership's points and its total."""
    hands, curve, target = list(game.played_rounds), game.running_totals(), game.rules.target
    next_row = None if verdict.decided else _next_row(game, len(hands) + 1)
    rows = [[str(hand.number), fit(game.players[hand.dealer], 60, 8.5)] for hand in hands]
    if next_row is not None:
        rows.append([str(len(hands) + 1), fit(game.players[game.dealer(len(hands))], 60, 8.5)])

    def cells(row: int, seat: int) -> list[Any]:
        if row >= len(hands):
            return ["", "", ""]
        hand = hands[row]
        return [f"{hand.bid_text(seat)}/{hand.tricks[seat]}", signed(hand.points[seat]), number_text(curve[row][seat])]

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
        foot=[(_totals_label(game, verdict), lambda seat: number_text(totals[seat])),
              (_to_target(target), _left_to(target, totals)), (_place_label(verdict), _places(verdict))],
        legend=[_key("#1f6b2a", _("the partnership made its bid (a nil bidder: took no trick)")),
                escape(_("pts and total: the partnership's, on both partners' columns"))]
        + ([] if next_row is None else [_key("#e8c95a", _("the hand to play next"))]),
    )


# Every kind's card, by kind.
CARDS: dict[str, Callable[[Any, Outcome], Card]] = {
    oh_heck.KIND: bid_tricks_card,
    skull_king.KIND: skull_king_card,
    what_the_heck.KIND: rounds_card(what_the_heck_grid),
    hit_the_deck.KIND: rounds_card(hit_the_deck_grid),
    score_pad.KIND: rounds_card(score_pad_grid),
    spades.KIND: rounds_card(spades_grid),
}
