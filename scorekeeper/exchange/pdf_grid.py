"""What every kind's part of its PDF score card is drawn with (a kind's own is its card module in
exchange.kinds, found through that registry): the Card a kind gives pdf_format.py, the grid of rounds
by players that kind_grid draws the same way for each kind played in rounds, the legend, and the
players not in a hand or round (rules.roster), shown as such in every kind that takes the changes:
'sat out', 'left' or '—', muted, the total going on (away_cells).

Everything shown is read from the engine's game and its one verdict (rules.outcome: places, winners,
bonus); nothing is scored or decided here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper import i18n
from scorekeeper.i18n import _, _n, _p
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import number_text
from scorekeeper.rules.sheet import SheetRow

from .common import table_changed
from .pdf_card import (BOLD, FOOT_ROW, HEAD, HEADER_ROWS, INK, MUTED, REGULAR, RULE, WIDTH, WINNER, _style, clean, fit,
                       width_of)

CARRIED = colors.HexColor("#e3ecf7")  # a round whose cards all tied: its pot waits for the next round
STRIPE = colors.HexColor("#f7f7f9")

def signed_points(value: int) -> str:
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

def legend_key(colour: str, words: str) -> str:
    """A legend's item: a square of `colour` (the cells' shade) before its words."""
    return f"<font color='{colour}'>■</font> {escape(words)}"

def legend(items: list[str]) -> Paragraph:
    """The legend below a grid: its items (markup) in a row."""
    return Paragraph(clean(" &nbsp; · &nbsp; ".join(items)), _style("legend", 7.5, colour=MUTED))

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

def heading_with_note(title: str, note: str) -> str:
    """A heading's markup: its title, then a note in small grey type."""
    return f"{escape(title)} <font size=8 color='#6b6b70'>{escape(note)}</font>"

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

def away_rows(game, sheet: Sequence[SheetRow], count: int) -> dict[tuple[int, int], list[str]]:
    """(row, seat) -> the cells (the word, the total: away_cells) of each player not in a played round
    of the score sheet or the round to play next, among the grid's first `count` rows; empty for a game
    where everyone played every round."""
    if not table_changed(game):
        return {}
    away = {}
    for row in range(count):
        played = row < len(sheet)
        out = sheet[row].absent if played else set(range(len(game.players))).difference(game.seated(row))
        for seat in out:
            away[row, seat] = list(away_cells(game, row, seat, played,
                                              number_text(sheet[row].totals[seat]) if played else ""))
    return away

def away_shade(span: int) -> list[tuple]:
    """The shade of a player's cells in a round they are not in: the word across all but the total, muted,
    nothing bold."""
    return [*([(0, span - 2, "SPAN")] if span > 2 else []), (0, span - 1, "TEXTCOLOR", MUTED),
            (0, span - 1, "FONT", False)]

def places_of(verdict: Outcome) -> Callable[[int], str]:
    """Seat -> the place row's text: 'Winner', '2nd', or nothing before the first hand."""
    return lambda seat: ("" if not verdict.started
                         else _p("the place row of the printed card: the winner's place", "Winner")
                         if seat in verdict.winners else i18n.ordinal(verdict.place(seat)))

def place_label(verdict: Outcome) -> str:
    # Translators: the label of the last row of the printed grid: each player's place.
    return _("Place") if verdict.decided else _("Place so far")

def totals_label(game, verdict: Outcome) -> str:
    if verdict.decided:
        # Translators: the label of the totals row at the foot of the printed grid.
        return _p("the totals row of the printed grid", "Total")
    if game.unit == "hand":
        return _n("Total after {count} hand", "Total after {count} hands", verdict.played)
    return _n("Total after {count} round", "Total after {count} rounds", verdict.played)

def next_row_of(game, rows: int) -> int | None:
    """The row of the round to play next on the card of a game in play, or None."""
    played = game.progress()[0]
    return played if not game.is_over and played < rows else None

# ----- WHAT THE HECK? -----

def to_target(target: int) -> str:
    # Translators: a row at the foot of the printed grid: the points each player has left to the target.
    return _("To {target}", target=target)

def left_to(target: int, totals: list[int]) -> Callable[[int], str]:
    """Seat -> the points left to the target, or that the player reached it."""
    return lambda seat: (str(target - totals[seat]) if totals[seat] < target
                         else _p("the row of points left to the target: the player is there", "reached"))

# ----- the score pad -----
