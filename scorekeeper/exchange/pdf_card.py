"""PDF: the printable score card, one or more landscape pages per game.

A bid-and-tricks game gets the grid a good paper card has: a row per hand (number, cards, dealer,
trump) and per player the bid, tricks taken, points and running total, made bids shaded green and
missed points in red; then the totals, the winner, the final standings (with the winner's bonus and
Oh Pshaw's settlement where the rules have them) and the rules the table played. Other game kinds get
their standings and rules.
"""
from __future__ import annotations

import io
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Sequence
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, KeepTogether, PageBreak,
                                PageTemplate, Paragraph, Spacer, Table, TableStyle)

from scorekeeper.rules.common import plural
from scorekeeper.rules.oh_heck import signed
from scorekeeper.storage.records import GameRecord

from .common import BID_TRICKS, GameBuilder

PAGE = landscape(A4)
MARGIN = 12 * mm
WIDTH = PAGE[0] - 2 * MARGIN
FRAME_HEIGHT = PAGE[1] - 2 * MARGIN - 4 * mm  # the footer sits below the frame
MIN_ROW, MAX_ROW = 12, 19  # hand rows: never cramped, never sprawling
HEADER_ROWS = (16, 12)  # player names; bid, took, pts, total
FOOT_ROW = 15
GAP_AFTER_GRID, GAP_AFTER_LEGEND, GROUP_CAPTION = 2 * mm, 5 * mm, 16
PLAYERS_PER_GRID = 8  # more players: the grid repeats with the next players beside the same hands

INK = colors.HexColor("#1d1d1f")
MUTED = colors.HexColor("#6b6b70")
RULE = colors.HexColor("#b9b9bf")
HEAD = colors.HexColor("#ececf0")
MADE = colors.HexColor("#d8eed3")  # a made bid: prints as a light grey on a black-and-white printer
MADE_INK = colors.HexColor("#1f6b2a")
MISSED_INK = colors.HexColor("#b3261e")
NEXT = colors.HexColor("#fff6d6")  # the hand to play next, on the card of a game in progress
WINNER = colors.HexColor("#f3dc8b")

# DejaVu Sans (Debian's fonts-dejavu-core, which the test script installs) covers most names' letters;
# reportlab's own Vera, its ancestor with the same shapes, is the fallback that is always there.
FONT_CANDIDATES = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf"),
)
REGULAR, BOLD = "ScorecardSans", "ScorecardSans-Bold"


@lru_cache(maxsize=1)
def _fonts() -> frozenset[int]:
    """Register the card's font once; returns the characters it can draw."""
    import reportlab

    bundled = Path(reportlab.__file__).parent / "fonts"
    pairs = [*FONT_CANDIDATES, (str(bundled / "Vera.ttf"), str(bundled / "VeraBd.ttf"))]
    regular, bold = next((pair for pair in pairs if all(Path(path).is_file() for path in pair)))
    pdfmetrics.registerFont(TTFont(REGULAR, regular))
    pdfmetrics.registerFont(TTFont(BOLD, bold))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    return frozenset(pdfmetrics.getFont(REGULAR).face.charToGlyph)


def clean(text: object) -> str:
    """Text the font can draw: a letter it lacks becomes '?' rather than an empty box."""
    drawable = _fonts()
    return "".join(ch if ord(ch) in drawable or ch in "\n\t" else "?" for ch in str(text))


def width_of(text: str, size: float, bold: bool = False) -> float:
    return pdfmetrics.stringWidth(text, BOLD if bold else REGULAR, size)


def fit(text: str, room: float, size: float, bold: bool = False) -> str:
    """Cut a long name to the room it has, with an ellipsis."""
    text = clean(text)
    if width_of(text, size, bold) <= room:
        return text
    while text and width_of(text + "…", size, bold) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _style(name: str, size: float, bold: bool = False, colour=INK, leading: float | None = None, **more) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=BOLD if bold else REGULAR, fontSize=size,
                          leading=leading or size * 1.25, textColor=colour, **more)


def render_pdf(records: Iterable[GameRecord], builder: GameBuilder | None = None, compress: bool = True,
               printed_at: datetime | None = None) -> bytes:
    """The score cards of these games, each starting on a new page."""
    _fonts()
    builder = builder or GameBuilder()
    printed_at = printed_at or datetime.now(timezone.utc)
    out = io.BytesIO()
    footer = {"label": ""}
    doc = BaseDocTemplate(
        out, pagesize=PAGE, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN,
        title="Scorekeeper score cards", author="Scorekeeper", creator="Scorekeeper", pageCompression=compress,
    )

    def draw_footer(canvas, document) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 7.5)
        canvas.setFillColor(MUTED)
        canvas.drawString(MARGIN, MARGIN - 2 * mm, clean(footer["label"]))
        canvas.drawRightString(PAGE[0] - MARGIN, MARGIN - 2 * mm,
                               f"Scorekeeper · printed {_date(_local(printed_at), long=False)} · page {document.page}")
        canvas.restoreState()

    frame = Frame(MARGIN, MARGIN + 4 * mm, WIDTH, FRAME_HEIGHT, id="card",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="card", frames=[frame], onPageEnd=draw_footer)])

    story: list[Flowable] = []
    for record, game in builder.games(records):
        if story:
            story.append(PageBreak())
        label = f"{game.rules.display_name} · {_date(_local(record.started_at), long=False)} · game {record.id}"
        story.append(_FooterLabel(footer, label))
        story.extend(score_card(record, game))
    if not story:
        story.append(Paragraph("No games to print.", _style("empty", 14)))
    doc.build(story)
    return out.getvalue()


class _FooterLabel(Flowable):
    """Zero-size marker: pages from here on are footed with this game's name and id."""

    def __init__(self, footer: dict, label: str) -> None:
        super().__init__()
        self.footer, self.label = footer, label

    def wrap(self, *_):
        return 0, 0

    def draw(self) -> None:
        self.footer["label"] = self.label


def _date(moment: datetime, long: bool = True) -> str:
    """'Saturday 4 May 2024' (long) or '4 May 2024'."""
    return f"{moment:%A} {moment.day} {moment:%B %Y}" if long else f"{moment.day} {moment:%b %Y}"


def _local(moment: datetime) -> datetime:
    """Times print in the printing machine's zone: what the table saw on its clock."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone()


# ----- one game -----

def score_card(record: GameRecord, game) -> list[Flowable]:
    if game.kind != BID_TRICKS:
        from .pdf_kinds import kind_card  # the other kinds' grids build on this module's parts

        return kind_card(record, game)
    story = title_block(record, game)
    summary = summary_block(record, game)
    groups = player_groups(len(game.players))
    legend = legend_line(game)
    return grids_and_summary(story, game, groups, legend, summary, len(game.hands), grid_fixed_height(game),
                             lambda seats, row_height: hand_grid(game, seats, row_height))


def grids_and_summary(story: list[Flowable], game, groups: list[list[int]], legend: Flowable, summary: Flowable,
                      rows: int, fixed: float, grid: Callable[[list[int], float], Flowable]) -> list[Flowable]:
    """The grid of `rows` rows (one per group of players: `grid(seats, row_height)`), each followed by
    the legend, then the summary, after `story`. The rows share the page with the standings and rules
    when rows of a readable height allow it; otherwise the grid takes the page and the standings follow
    on the next."""
    above = sum(flowable.wrap(WIDTH, FRAME_HEIGHT)[1] for flowable in story)
    below = legend.wrap(WIDTH, FRAME_HEIGHT)[1] + GAP_AFTER_GRID + GAP_AFTER_LEGEND
    summary_height = summary.wrap(WIDTH, FRAME_HEIGHT)[1]
    together = (FRAME_HEIGHT - above - below - fixed - summary_height - 2) / rows
    if len(groups) == 1 and together >= MIN_ROW:
        row_height = min(MAX_ROW, together)
    else:
        row_height = max(MIN_ROW, min(MAX_ROW, (FRAME_HEIGHT - above - below - fixed - 2 - GROUP_CAPTION) / rows))
    for number, seats in enumerate(groups):
        if len(groups) > 1:
            if number:
                story.append(PageBreak())
            continued = f"{escape(clean(game.rules.display_name))}, continued: " if number else ""
            story.append(Paragraph(f"{continued}players {seats[0] + 1}–{seats[-1] + 1} of {len(game.players)}",
                                   _style("group", 9, True, MUTED)))
            story.append(Spacer(0, 1.5 * mm))
        story.append(grid(seats, row_height))
        story.append(Spacer(0, GAP_AFTER_GRID))
        story.append(legend)
    story.append(Spacer(0, GAP_AFTER_LEGEND))
    story.append(KeepTogether([summary]))
    return story


def legend_line(game) -> Paragraph:
    items = ["<font color='#1f6b2a'>■</font> bid made: shaded, points in green",
             "<font color='#b3261e'>■</font> bid missed: points in red",
             "total: the running total after the hand"]
    if any(hand.blind for hand in game.hands):
        items.append("◐ the one-card hand, played blind")
    if not game.is_over:
        items.append("<font color='#e8c95a'>■</font> the hand to play next")
    return Paragraph(clean(" &nbsp; · &nbsp; ".join(items)), _style("legend", 7.5, colour=MUTED))


def unit_of(game) -> str:
    """What the kind's rounds are called on the card."""
    return "hand" if game.kind in (BID_TRICKS, "hit-the-deck") else "round"


def progress_text(game) -> str:
    """'6 of 15 hands', or '4 rounds' for a game without a set end."""
    played, total = game.progress()
    unit = unit_of(game)
    return plural(played, unit) if total is None else f"{played} of {plural(total, unit)}"


def title_block(record: GameRecord, game) -> list[Flowable]:
    rules = game.rules
    started = _local(record.started_at)
    if record.status == "finished":
        state = "finished"
        if record.finished_at is not None:
            ended = _local(record.finished_at)
            state += f" {ended:%H:%M}" if ended.date() == started.date() else f" {_date(ended)}, {ended:%H:%M}"
    elif record.status == "abandoned":
        state = f"abandoned after {progress_text(game)}"
    elif game.is_over:
        state = "every hand played" if game.kind == BID_TRICKS else "over"
    else:
        state = f"in play: {progress_text(game)} played"
    names = ", ".join(escape(clean(name)) for name in game.players)
    title = Table(
        [[Paragraph(escape(clean(rules.display_name)), _style("title", 20, True, leading=24)),
          Paragraph("SCORE CARD", _style("kicker", 9, True, MUTED, alignment=TA_RIGHT))]],
        colWidths=[WIDTH * 0.75, WIDTH * 0.25],
        style=[("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)],
    )
    line = (f"{_date(started)}, {started:%H:%M} · {state} · {plural(len(game.players), 'player')}: {names}")
    return [title, Spacer(0, 1.5 * mm), Paragraph(line, _style("subtitle", 9.5, colour=INK)),
            _Rule(), Spacer(0, 3 * mm)]


class _Rule(Flowable):
    def wrap(self, available_width, _):
        self.width = available_width
        return available_width, 2 * mm

    def draw(self) -> None:
        self.canv.setStrokeColor(INK)
        self.canv.setLineWidth(1.2)
        self.canv.line(0, 0.5 * mm, self.width, 0.5 * mm)


def player_groups(count: int) -> list[list[int]]:
    """Seats per grid: all of them up to 8, else split evenly (12 players: 6 and 6)."""
    grids = -(-count // PLAYERS_PER_GRID)
    size = -(-count // grids)
    return [list(range(start, min(start + size, count))) for start in range(0, count, size)]


def grid_fixed_height(game) -> float:
    """The grid's height less its hand rows: the header and the totals at the foot."""
    return sum(HEADER_ROWS) + FOOT_ROW * len(foot_labels(game))


def foot_labels(game) -> list[str]:
    over, played = game.is_over, game.progress()[0]
    labels = ["Total" if over else f"Total after {plural(played, 'hand')}"]
    if game.rules.winner_bonus and over:
        labels += ["Winner's bonus", "Final score"]
    return labels + ["Bids made", "Place" if over else "Place so far"]


def hand_grid(game, seats: Sequence[int], row_height: float) -> Table:
    """Rows: the hands, then totals; columns: hand, cards, dealer, trump, then per player
    bid, took, points and running total."""
    players = game.players
    hands = game.hands
    rules = game.rules
    over = game.is_over
    winners = set(game.winners()) if over else set()
    bonus_row = bool(rules.winner_bonus) and over
    curve = game.running_totals()
    totals, final = game.totals(), game.final_scores()
    made = game.made_counts()
    played = sum(hand.played for hand in hands)
    next_hand = game.current

    # Sizes: per-player room decides the type size; few players don't stretch across the page.
    size = 8.5 if len(seats) <= 6 else 8
    dealer_room = min(max(width_of(clean(name), size) for name in players) + 10, 80)
    trump_room = max([width_of(hand.trump_label, size) for hand in hands] + [width_of("Trump", size, True)]) + 10
    fixed = [30, 34, max(dealer_room, 44), max(trump_room, 44)]
    per_player = (WIDTH - sum(fixed)) / len(seats)
    parts = [0.21, 0.21, 0.27, 0.31]
    widths = fixed + [per_player * part for _ in seats for part in parts]

    body = size
    header = [["Hand", "Cards", "Dealer", "Trump"], ["", "", "", ""]]
    for seat in seats:
        header[0] += [fit(players[seat], per_player - 6, size + 0.5, bold=True), "", "", ""]
        header[1] += ["bid", "took", "pts", "total"]
    rows = []
    for index, hand in enumerate(hands):
        cards = f"{hand.cards}" + ("  ◐" if hand.blind else "")
        row = [str(hand.number), clean(cards), fit(players[hand.dealer], fixed[2] - 6, body),
               fit(hand.trump_label, fixed[3] - 6, body)]
        for seat in seats:
            bid = "" if hand.bids is None else str(hand.bids[seat])
            took = "" if hand.tricks is None else str(hand.tricks[seat])
            points = "" if hand.points is None else clean(signed(hand.points[seat]))
            total = "" if hand.points is None else clean(str(curve[index][seat]).replace("-", "−"))
            row += [bid, took, points, total]
        rows.append(row)

    # The foot: one value per player, spanning that player's four columns.
    standings = {standing.seat: standing.place for standing in game.standings()}
    per_seat = {
        "Winner's bonus": lambda seat: f"+{rules.winner_bonus}" if seat in winners else "",
        "Final score": lambda seat: _number(final[seat]),
        "Bids made": lambda seat: f"{made[seat]} of {played}" if played else "",
    }
    place = lambda seat: ("Winner" if seat in winners else _ordinal(standings[seat])) if played else ""  # noqa: E731
    foot = []
    for label in foot_labels(game):
        value = per_seat.get(label, place if label.startswith("Place") else lambda seat: _number(totals[seat]))
        foot.append([label, "", "", ""] + [cell for seat in seats for cell in (value(seat), "", "", "")])
    data = header + rows + foot
    first_foot = len(header) + len(rows)

    heights = list(HEADER_ROWS) + [row_height] * len(rows) + [FOOT_ROW] * len(foot)

    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, body),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        # the header
        ("BACKGROUND", (0, 0), (-1, 1), HEAD),
        ("FONT", (0, 0), (-1, 0), BOLD, body + 0.5),
        ("FONT", (4, 1), (-1, 1), REGULAR, body - 1.5),
        ("TEXTCOLOR", (4, 1), (-1, 1), MUTED),
        *[("SPAN", (column, 0), (column, 1)) for column in range(4)],
        ("ALIGN", (2, 2), (3, first_foot - 1), "LEFT"),
        # the totals
        ("BACKGROUND", (0, first_foot), (-1, -1), HEAD),
        ("FONT", (0, first_foot), (-1, first_foot), BOLD, body + 1),
        ("ALIGN", (0, first_foot), (3, -1), "LEFT"),
        ("LINEABOVE", (0, first_foot), (-1, first_foot), 1.2, INK),
        *[("SPAN", (0, row), (3, row)) for row in range(first_foot, len(data))],
        # the lines: hair lines within, firm ones between players
        ("GRID", (0, 0), (-1, -1), 0.25, RULE),
        ("BOX", (0, 0), (-1, -1), 1.2, INK),
        ("LINEBELOW", (0, 1), (-1, 1), 1, INK),
        ("LINEAFTER", (3, 0), (3, -1), 1, INK),
    ]
    if bonus_row:
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
        if seat in winners:
            style.append(("BACKGROUND", (start, 0), (start + 3, 0), WINNER))
            style.append(("BACKGROUND", (start, len(data) - 1), (start + 3, len(data) - 1), WINNER))
        for index, hand in enumerate(hands):
            row = len(header) + index
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
            style.append(("BACKGROUND", (0, len(header) + index), (-1, len(header) + index), colors.HexColor("#f7f7f9")))
    return Table(data, colWidths=widths, rowHeights=heights, style=TableStyle(style), repeatRows=2, hAlign="LEFT")


def _number(value: int) -> str:
    return str(value).replace("-", "−")


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def summary_block(record: GameRecord, game) -> Table:
    """Standings, winner and settlement on the left; the rules the table played on the right."""
    rules = game.rules
    over = game.is_over or record.status == "finished"  # a game without a set end is over when the table says
    played = game.progress()[0]
    heading = _style("heading", 11, True, leading=13, spaceAfter=3)
    text = _style("text", 8.5, leading=11)
    left: list[Flowable] = []
    if over:
        left.append(Paragraph("Final standings", heading))
    elif played:
        left.append(Paragraph(f"Standings after {progress_text(game)}", heading))
    else:
        left.append(Paragraph("Standings", heading))
        left.append(Paragraph(f"No {unit_of(game)} has been played yet.", text))
    winners = game.winners() if played else []
    scores = game.final_scores() if over else game.totals()
    winner_bonus = getattr(rules, "winner_bonus", 0)  # bid-and-tricks rules only
    if played:
        bonus = winner_bonus if over else 0
        rows = [["", "Player", "Total"] + (["Bonus", "Final"] if bonus else [])]
        totals = game.totals()
        for standing in game.standings():
            row = [_ordinal(standing.place), fit(standing.name, 120, 9, standing.seat in winners),
                   _number(totals[standing.seat])]
            if bonus:
                row += [f"+{bonus}" if standing.seat in winners else "", _number(scores[standing.seat])]
            rows.append(row)
        table_style = [
            ("FONT", (0, 0), (-1, -1), REGULAR, 9), ("FONT", (0, 0), (-1, 0), REGULAR, 7.5),
            ("TEXTCOLOR", (0, 0), (-1, 0), MUTED), ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, INK), ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ]
        for position, standing in enumerate(game.standings(), 1):
            if standing.seat in winners:
                table_style.append(("FONT", (0, position), (-1, position), BOLD, 9))
                if over:
                    table_style.append(("BACKGROUND", (0, position), (-1, position), WINNER))
        left.append(Table(rows, colWidths=[28, 128, 44] + ([40, 44] if bonus else []), style=table_style,
                          hAlign="LEFT"))
        left.append(Spacer(0, 3 * mm))
        names = " and ".join(escape(clean(game.players[seat])) for seat in winners)
        best = scores[winners[0]]
        if over:
            tie = " (tied)" if len(winners) > 1 else ""
            extra = f", with the winner's bonus of {winner_bonus}" if winner_bonus else ""
            left.append(Paragraph(f"<b>Winner{'s' if len(winners) > 1 else ''}: {names}</b>{tie}: "
                                  f"{_number(best)} points{extra}.", _style("winner", 10, leading=13)))
        else:
            left.append(Paragraph(f"Leading: <b>{names}</b> with {_number(best)} points.", text))
    if over and getattr(rules, "settlement", False) and hasattr(game, "settlement"):
        left.extend(settlement_lines(game, heading, text))

    right: list[Flowable] = [Paragraph(f"Rules: {escape(clean(rules.display_name))}", heading)]
    for line in rules.rule_lines():
        right.append(Paragraph(escape(clean(line)), _style("rule", 8, leading=10.5, leftIndent=8, bulletIndent=0),
                               bulletText="•"))
    note = rules.cap_note(len(game.players)) if hasattr(rules, "cap_note") else None
    if note:
        right.append(Paragraph(escape(clean(note)), _style("note", 8, colour=MUTED, leading=10.5, leftIndent=8)))
    return Table([[left, right]], colWidths=[WIDTH * 0.48, WIDTH * 0.52], hAlign="LEFT",
                 style=[("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (0, -1), 8 * mm), ("LINEBEFORE", (1, 0), (1, -1), 0.6, RULE),
                        ("LEFTPADDING", (1, 0), (1, -1), 6 * mm)])


def settlement_lines(game, heading: ParagraphStyle, text: ParagraphStyle) -> list[Flowable]:
    """Oh Pshaw: each pair settles on the difference of their final scores, in points of the stake."""
    settlement = game.settlement(1)
    names = game.players
    lines: list[Flowable] = [Spacer(0, 3 * mm), Paragraph(
        "Settling up <font size=8 color='#6b6b70'>(in points: multiply by the table's stake per point)</font>",
        heading)]
    if not settlement.payments:
        lines.append(Paragraph("All scores are equal: nobody pays.", text))
        return lines
    payments = [f"{escape(clean(names[p.payer]))} pays {escape(clean(names[p.payee]))} {int(p.amount)}"
                for p in settlement.payments]
    net = [f"{escape(clean(names[seat]))} {'+' if amount > 0 else ''}{_number(int(amount))}"
           for seat, amount in enumerate(settlement.net)]
    lines.append(Paragraph(" · ".join(payments), text))
    lines.append(Spacer(0, 1.5 * mm))
    lines.append(Paragraph("<b>In all:</b> " + " · ".join(net), text))
    return lines
