"""PDF score cards of the kinds played in rounds: a grid of rounds (Hit the Deck: hands) by players,
as a paper card for the game would have it.

- WHAT THE HECK?: per round the point card and the pot at stake (carried cards shown), per player the
  card played (the taker's cell shaded, tied cards struck through), the points taken and the total.
- HIT THE DECK: per hand who went out, per player the quick count when one was entered, the points and
  the total (totals at or over the target in red); below, the points left to the target.
- Score pad: per player the points and the total, the round's best score shaded.

Everything shown is read from the engine's game; nothing is scored here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper.rules.common import leaders, plural
from scorekeeper.rules.hit_the_deck import SPECIAL_POINTS
from scorekeeper.storage.records import GameRecord

from .pdf_card import (BOLD, FOOT_ROW, HEAD, HEADER_ROWS, INK, MADE, MADE_INK, MISSED_INK, MUTED, NEXT,
                       REGULAR, RULE, WIDTH, WINNER, _number, _ordinal, _style, clean, fit,
                       grids_and_summary, player_groups, summary_block, title_block, unit_of, width_of)

CARRIED = colors.HexColor("#e3ecf7")  # a round whose cards all tied: its pot waits for the next round
STRIPE = colors.HexColor("#f7f7f9")


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else _number(value)


@dataclass
class Grid:
    """What a kind puts in the grid; kind_grid draws it the same way for every kind."""

    fixed: list[tuple[str, float]]  # the columns before the players: label, width in points
    parts: list[tuple]  # each player's columns: label, share of the player's width[, type size less than the body's]
    rows: list[list[Any]]  # per row, the fixed cells
    cells: Callable[[int, int], list[Any]]  # (row, seat) -> that player's cells in the row
    foot: list[tuple[str, Callable[[int], str]]]  # label, seat -> text
    over: bool  # finished: the place row says Winner
    # (row, seat) -> style commands for that player's cells, as (first part, last part, command, *values)
    shade: Callable[[int, int], list[tuple]] = lambda row, seat: []
    row_fill: Callable[[int], Any] = lambda row: None  # a row's background, or None
    total_part: int = -1  # the part printed bold: the running total
    legend: list[str] = field(default_factory=list)


def kind_card(record: GameRecord, game) -> list[Flowable]:
    """The whole card of one game: title, grid (split over pages for many players), legend, summary."""
    story = title_block(record, game)
    summary = summary_block(record, game)
    over = game.is_over or record.status == "finished"
    grid = GRIDS[game.kind](game, over)
    groups = player_groups(len(game.players))
    legend = Paragraph(clean(" &nbsp; · &nbsp; ".join(grid.legend)), _style("legend", 7.5, colour=MUTED))
    fixed = sum(HEADER_ROWS) + FOOT_ROW * len(grid.foot)
    return grids_and_summary(story, game, groups, legend, summary, max(1, len(grid.rows)), fixed,
                             lambda seats, row_height: kind_grid(game, grid, seats, row_height))


def kind_grid(game, grid: Grid, seats: Sequence[int], row_height: float) -> Table:
    players = game.players
    size = 8.5 if len(seats) <= 6 else 8
    fixed_count = len(grid.fixed)
    fixed_widths = [width for _, width in grid.fixed]
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
    winners = set(game.winners()) if grid.over and game.progress()[0] else set()
    foot = [[label] + [""] * (fixed_count - 1) + [cell for seat in seats for cell in [value(seat)] + [""] * (span - 1)]
            for label, value in grid.foot]
    data = header + body + foot
    first_foot = len(header) + len(body)
    heights = list(HEADER_ROWS) + [row_height] * len(body) + [FOOT_ROW] * len(foot)

    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, size),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("BACKGROUND", (0, 0), (-1, 1), HEAD),
        ("FONT", (0, 0), (-1, 0), BOLD, size + 0.5),
        ("FONT", (fixed_count, 1), (-1, 1), REGULAR, size - 1.5),
        ("TEXTCOLOR", (fixed_count, 1), (-1, 1), MUTED),
        *[("SPAN", (column, 0), (column, 1)) for column in range(fixed_count)],
        ("BACKGROUND", (0, first_foot), (-1, -1), HEAD),
        ("FONT", (0, first_foot), (-1, first_foot), BOLD, size + 1),
        ("ALIGN", (0, first_foot), (fixed_count - 1, -1), "LEFT"),
        ("LINEABOVE", (0, first_foot), (-1, first_foot), 1.2, INK),
        *[("SPAN", (0, row), (fixed_count - 1, row)) for row in range(first_foot, len(data))],
        ("GRID", (0, 0), (-1, -1), 0.25, RULE),
        ("BOX", (0, 0), (-1, -1), 1.2, INK),
        ("LINEBELOW", (0, 1), (-1, 1), 1, INK),
        ("LINEAFTER", (fixed_count - 1, 0), (fixed_count - 1, -1), 1, INK),
    ]
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
        if seat in winners:
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
        cell = next((text for text in cell if width_of(clean(text), size) <= room), cell[-1])
    if isinstance(cell, str) and width_of(clean(cell), size) > room:
        return fit(cell, room, size)
    return cell


def _places(game, over: bool) -> Callable[[int], str]:
    played = game.progress()[0]
    places = {standing.seat: standing.place for standing in game.standings()}
    winners = set(game.winners())
    return lambda seat: ("" if not played else "Winner" if over and seat in winners else _ordinal(places[seat]))


def _totals_label(game, over: bool) -> str:
    played = game.progress()[0]
    return "Total" if over else f"Total after {plural(played, unit_of(game))}"


def _next_row(game, rows: int) -> int | None:
    """The row of the round to play next on the card of a game in play, or None."""
    played = game.progress()[0]
    return played if not game.is_over and played < rows else None


# ----- WHAT THE HECK? -----

def what_the_heck_grid(game, over: bool) -> Grid:
    rounds = game.rounds
    total_rounds = game.rules.rounds
    curve = game.running_totals()
    struck = _style("struck", 8.5, colour=MUTED, alignment=TA_CENTER, leading=10)
    next_row = None if over else _next_row(game, total_rounds)

    def card(value: int) -> str:
        return _number(value)

    rows = []
    for index in range(total_rounds):
        if index >= len(rounds):
            rows.append([str(index + 1), "", ""])
            continue
        played = rounds[index]
        carried = played.pot[:-1]
        pot = f"{' + '.join(card(value) for value in played.pot)} = {_signed(played.value)}" if carried else ""
        if played.outcome == "carried":
            pot = (pot + " " if pot else "") + "→ carried"
        elif played.outcome == "nobody":
            pot = (pot + " " if pot else "") + "nobody takes it"
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
        return [shown, points, _number(curve[row][seat])]

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
        fixed=[("Round", 38), ("Point card", 60),
               ("Pot", min(190, max([84] + [width_of(row[2], 8.5) + 10 for row in rows])))],
        parts=[("card", 0.3), ("pts", 0.3), ("total", 0.4)],
        rows=rows, cells=cells, shade=shade, row_fill=fill, over=over,
        foot=[(_totals_label(game, over), lambda seat: _number(totals[seat])),
              ("Point cards taken", lambda seat: str(taken[seat]) if rounds else ""),
              ("Place" if over else "Place so far", _places(game, over))],
        legend=["<font color='#1f6b2a'>■</font> took the pot: card shaded, points beside it",
                "<strike>12</strike> tied cards cancel each other",
                "<font color='#9fb7d9'>■</font> every card tied: the pot is carried to the next round",
                "total: the running total after the round"]
        + ([] if over else ["<font color='#e8c95a'>■</font> the round to play next"]),
    )


# ----- HIT THE DECK -----

def _count_texts(count) -> tuple[str, ...]:
    """The cards left as counted, '4+2+2×10', and shorter when that is too wide for the column:
    the number cards summed, '6+2×10'."""
    specials = [f"{count.specials}×{SPECIAL_POINTS}"] if count.specials else []
    full = "+".join([str(value) for value in count.numbers] + specials)
    summed = "+".join(([str(sum(count.numbers))] if count.numbers else []) + specials)
    return full, summed


def hit_the_deck_grid(game, over: bool) -> Grid:
    hands = game.hands
    target = game.rules.target
    curve = game.running_totals()
    next_row = None if over else _next_row(game, len(hands) + 1)
    counted = any(count is not None for hand in hands for count in hand.counts)

    rows = [[str(hand.number), fit(game.players[hand.out], 86, 8.5)] for hand in hands]
    if next_row is not None:
        rows.append([str(len(hands) + 1), ""])

    def cells(row: int, seat: int) -> list[Any]:
        if row >= len(hands):
            return ["", "", ""]
        hand = hands[row]
        count = hand.counts[seat]
        left = "out" if seat == hand.out else ("" if count is None else _count_texts(count))
        return [left, str(hand.points[seat]), _number(curve[row][seat])]

    def shade(row: int, seat: int) -> list[tuple]:
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
        fixed=[("Hand", 34), ("Went out", 92)],
        parts=[("cards left", 0.42, 1.5), ("pts", 0.24), ("total", 0.34)],
        rows=rows, cells=cells, shade=shade, over=over,
        row_fill=lambda row: NEXT if row == next_row else None,
        foot=[(_totals_label(game, over), lambda seat: _number(totals[seat])),
              (f"To {target}", lambda seat: str(target - totals[seat]) if totals[seat] < target else "reached"),
              ("Hands gone out", lambda seat: str(gone_out[seat]) if hands else ""),
              ("Place" if over else "Place so far", _places(game, over))],
        legend=["<font color='#1f6b2a'>■</font> went out: 0 points",
                *(["cards left: the count entered (number cards at face value, word and Hit the Deck cards 10 each)"]
                  if counted else []),
                f"<font color='#b3261e'>■</font> total at or over the target of {target}: the game ends after "
                "that hand", "lowest total wins"]
        + ([] if over else ["<font color='#e8c95a'>■</font> the hand to play next"]),
    )


# ----- the score pad -----

def score_pad_grid(game, over: bool) -> Grid:
    rounds = game.rounds
    curve = game.running_totals()
    target = game.rules.target
    high = game.highest_wins
    next_row = None if over else _next_row(game, len(rounds) + 1)
    best = [set(leaders(played.points, highest_wins=high)) for played in rounds]

    rows = [[str(played.number)] for played in rounds]
    if next_row is not None:
        rows.append([str(len(rounds) + 1)])

    def cells(row: int, seat: int) -> list[Any]:
        if row >= len(rounds):
            return ["", ""]
        return [_number(rounds[row].points[seat]), _number(curve[row][seat])]

    def shade(row: int, seat: int) -> list[tuple]:
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
    foot = [(_totals_label(game, over), lambda seat: _number(totals[seat]))]
    if target is not None:
        foot.append((f"To {target}", lambda seat: str(target - totals[seat]) if totals[seat] < target else "reached"))
    foot.append(("Place" if over else "Place so far", _places(game, over)))
    return Grid(
        fixed=[("Round", 40)], parts=[("pts", 0.45), ("total", 0.55)],
        rows=rows, cells=cells, shade=shade, over=over, foot=foot,
        row_fill=lambda row: NEXT if row == next_row else None,
        legend=[f"<font color='#1f6b2a'>■</font> the round's {'highest' if high else 'lowest'} score",
                "total: the running total after the round",
                "highest total wins" if high else "lowest total wins"]
        + ([f"the game ends after the round in which someone reaches {target}"] if target is not None else [])
        + ([] if over else ["<font color='#e8c95a'>■</font> the round to play next"]),
    )


GRIDS: dict[str, Callable[[Any, bool], Grid]] = {
    "what-the-heck": what_the_heck_grid,
    "hit-the-deck": hit_the_deck_grid,
    "score-pad": score_pad_grid,
}
